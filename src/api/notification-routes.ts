/**
 * Links from notification mails: one-click unsubscribe (RFC 8058: mail clients POST
 * "List-Unsubscribe=One-Click"; a person following the link gets a page with a button, since
 * link scanners fetch GET links) and email confirmation. The signed token in the link is the only
 * credential; pages say nothing about the account beyond what the link already names.
 */
import type { FastifyInstance } from 'fastify';
import type { Platform } from '#platform/context.js';
import { isAppError } from '#platform/errors.js';
import { confirmEmail, unsubscribe } from '#platform/notifications/email-address.js';
import { esc, page } from './http/pages.js';

export const UNSUBSCRIBE_PATH = '/notifications/unsubscribe';
export const CONFIRM_EMAIL_PATH = '/notifications/confirm-email';

type Req = { query: { token?: string }; body?: Record<string, string> | null };

export async function registerNotificationRoutes(app: FastifyInstance, platform: Platform) {
  await app.register(async (scope) => {
    // Forms and one-click unsubscribes post url-encoded bodies (only here).
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    scope.get<{ Querystring: { token?: string } }>(UNSUBSCRIBE_PATH, async (req, reply) => {
      const token = esc(String(req.query.token ?? ''));
      return page(
        reply,
        200,
        'Unsubscribe from Warpost mail',
        `<form method="post" action="${UNSUBSCRIBE_PATH}?token=${token}"><p><button name="scope" value="kind">Stop this kind of mail</button></p>` +
          `<p><button name="scope" value="all">Stop all Warpost mail</button></p></form>`,
      );
    });

    scope.post(UNSUBSCRIBE_PATH, async (req, reply) => {
      const { query, body } = req as unknown as Req;
      try {
        const r = await unsubscribe(platform, String(query.token ?? body?.token ?? ''), body?.scope === 'all');
        return page(
          reply,
          200,
          'Unsubscribed',
          `<p>You will no longer receive these mails: ${esc(r.kinds.join(', '))}. Change this any time in your notification settings.</p>`,
        );
      } catch (e) {
        if (!isAppError(e)) throw e;
        return page(reply, 400, 'Link not valid', `<p>${esc(e.message)}</p>`);
      }
    });

    scope.get<{ Querystring: { token?: string } }>(CONFIRM_EMAIL_PATH, async (req, reply) => {
      const token = esc(String(req.query.token ?? ''));
      return page(
        reply,
        200,
        'Confirm your address',
        `<form method="post" action="${CONFIRM_EMAIL_PATH}?token=${token}"><button>Confirm this address for Warpost notifications</button></form>`,
      );
    });

    scope.post(CONFIRM_EMAIL_PATH, async (req, reply) => {
      const { query, body } = req as unknown as Req;
      try {
        await confirmEmail(platform, String(query.token ?? body?.token ?? ''));
        return page(reply, 200, 'Address confirmed', '<p>Warpost notifications will be sent to this address.</p>');
      } catch (e) {
        if (!isAppError(e)) throw e;
        return page(reply, 400, 'Link not valid', `<p>${esc(e.message)}</p>`);
      }
    });
  });
}
