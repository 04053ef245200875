/**
 * Pages behind the links of account mails: a password-reset form and an address-change
 * confirmation. The GET only shows a form (link scanners fetch GET links); the POST acts. The
 * token in the link is the only credential. Clients may instead post the token to the API
 * (resetPassword, confirmEmailChange).
 */
import type { FastifyInstance } from 'fastify';
import {
  confirmEmailChange,
  CONFIRM_ADDRESS_PATH,
  resetPassword,
  RESET_PASSWORD_PATH,
} from '#platform/accounts/credentials.js';
import type { AuthService } from '#platform/auth/service.js';
import type { Platform } from '#platform/context.js';
import { isAppError } from '#platform/errors.js';
import { esc, page } from './http/pages.js';

type Req = { query: { token?: string }; body?: Record<string, string> | null };

export async function registerAccountRoutes(app: FastifyInstance, platform: Platform, authService: AuthService) {
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const failed = (reply: Parameters<typeof page>[0], e: unknown) => {
      if (!isAppError(e)) throw e;
      return page(reply, e.status, 'That did not work', `<p>${esc(e.message)}</p>`);
    };

    scope.get<{ Querystring: { token?: string } }>(RESET_PASSWORD_PATH, async (req, reply) =>
      page(
        reply,
        200,
        'Choose a new Warpost password',
        `<form method="post" action="${RESET_PASSWORD_PATH}"><input type="hidden" name="token" value="${esc(String(req.query.token ?? ''))}">` +
          '<p><label>New password (8 to 200 characters) <input type="password" name="newPassword" minlength="8" maxlength="200" required autocomplete="new-password"></label></p>' +
          '<p><button>Set the new password</button></p></form>',
      ),
    );

    scope.post(RESET_PASSWORD_PATH, async (req, reply) => {
      const { body } = req as unknown as Req;
      try {
        await resetPassword(platform, authService, String(body?.token ?? ''), String(body?.newPassword ?? ''));
        return page(
          reply,
          200,
          'Password changed',
          '<p>Your new password is set; every login was signed out. Log in again with it.</p>',
        );
      } catch (e) {
        return failed(reply, e);
      }
    });

    scope.get<{ Querystring: { token?: string } }>(CONFIRM_ADDRESS_PATH, async (req, reply) =>
      page(
        reply,
        200,
        'Confirm your new address',
        `<form method="post" action="${CONFIRM_ADDRESS_PATH}"><input type="hidden" name="token" value="${esc(String(req.query.token ?? ''))}"><button>Make this my Warpost address</button></form>`,
      ),
    );

    scope.post(CONFIRM_ADDRESS_PATH, async (req, reply) => {
      const { body } = req as unknown as Req;
      try {
        await confirmEmailChange(platform, String(body?.token ?? ''));
        return page(reply, 200, 'Address changed', '<p>Warpost mail now goes to this address.</p>');
      } catch (e) {
        return failed(reply, e);
      }
    });
  });
}
