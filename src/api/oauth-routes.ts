/**
 * The OAuth 2.0 server under /oauth (docs/accounts.md, "Third-party apps"): node-oidc-provider
 * answers the protocol endpoints through its raw Node handler, and Warpost serves the pages a
 * person sees: sign in (the account service's own check), consent, and the device-code form.
 */
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthService } from '#platform/auth/service.js';
import { SCOPES, type Scope } from '#platform/auth/service.js';
import type { Platform } from '#platform/context.js';
import { AppError, isAppError } from '#platform/errors.js';
import { OAUTH_PREFIX, OAuthServer, SCOPE_WORDS, type OAuthPages } from '#platform/oauth/server.js';
import { consentNames } from '#platform/oauth/clients.js';
import type { LoginThrottle } from './http/login-throttle.js';
import { esc, htmlDocument, page } from './http/pages.js';

const pages: OAuthPages = {
  userCodeInput: (form, error) =>
    htmlDocument(
      'Connect a device to Warpost',
      `${error ? `<p role="alert">${esc(error)}</p>` : '<p>Enter the code your device shows.</p>'}${form}<p><button type="submit" form="op.deviceInputForm">Continue</button></p>`,
    ),
  userCodeConfirm: (form, appName, userCode) =>
    htmlDocument(
      'Connect a device to Warpost',
      `<p><strong>${esc(appName)}</strong> asks to connect with the code <code>${esc(userCode)}</code>. Go on only if your device shows this code.</p>${form}` +
        '<p><button type="submit" form="op.deviceConfirmForm">Continue</button> <button type="submit" form="op.deviceConfirmForm" name="abort" value="yes">Cancel</button></p>',
    ),
  deviceSuccess: (appName) =>
    htmlDocument('Device connected', `<p>${esc(appName)} is connected; you may close this page.</p>`),
  error: (message) => htmlDocument('That did not work', `<p>${esc(message)}</p>`),
};

/** Builds the OAuth server for this API and makes the account service accept its tokens. */
export function createOAuthServer(platform: Platform, authService: AuthService): OAuthServer {
  const oauth = new OAuthServer({
    db: platform.prisma,
    publicUrl: platform.config.notify.publicUrl,
    deriveKey: (purpose) => authService.deriveKey(purpose),
    accessTtlSeconds: platform.config.accessTokenTtlSeconds,
    refreshTtlDays: platform.config.refreshTokenTtlDays,
    trustProxy: Boolean(platform.config.api.trustProxy),
    pages,
  });
  oauth.provider.on('server_error', (_ctx, err: Error) =>
    platform.log.error({ err: err.message }, 'OAuth server error'),
  );
  authService.oauth = oauth;
  return oauth;
}

type Form = Record<string, string | undefined>;
const interactionPath = (uid: string, action = '') => `${OAUTH_PREFIX}/interaction/${encodeURIComponent(uid)}${action}`;

function loginForm(uid: string, appName: string, error?: string) {
  return (
    `<p>Sign in to Warpost to let <strong>${esc(appName)}</strong> use your account. Your password goes to Warpost only, never to the app.</p>` +
    (error ? `<p role="alert">${esc(error)}</p>` : '') +
    `<form method="post" action="${interactionPath(uid, '/login')}">` +
    '<p><label>User name <input name="username" required autocomplete="username"></label></p>' +
    '<p><label>Password <input type="password" name="password" required autocomplete="current-password"></label></p>' +
    '<p><button>Sign in</button></p></form>' +
    `<form method="post" action="${interactionPath(uid, '/consent')}"><button name="decision" value="deny">Cancel</button></form>`
  );
}

function consentForm(uid: string, appName: string, username: string, scopes: Scope[]) {
  const items = scopes.map((s) => `<li><strong>${s}</strong>: ${esc(SCOPE_WORDS[s])}</li>`).join('');
  return (
    `<p>Signed in as <strong>${esc(username)}</strong>.</p><p><strong>${esc(appName)}</strong> asks to:</p><ul>${items}</ul>` +
    `<form method="post" action="${interactionPath(uid, '/consent')}"><p><button name="decision" value="approve">Allow</button> <button name="decision" value="deny">Deny</button></p></form>` +
    '<p>You can revoke it at any time (authorised apps, in your account).</p>'
  );
}

export async function registerOAuthRoutes(
  app: FastifyInstance,
  platform: Platform,
  authService: AuthService,
  oauth: OAuthServer,
  loginThrottle: LoginThrottle,
) {
  const { provider } = oauth;
  const callback = provider.callback();
  oauth.startSweeper();
  app.addHook('onClose', async () => oauth.stop());

  // The protocol endpoints: the library reads the body itself, so nothing here may parse it.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined));
    const toProvider = (req: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      const raw = req.raw as IncomingMessage & { originalUrl?: string };
      // Mounted under a prefix: the library finds it from originalUrl (as behind Express).
      raw.originalUrl = raw.url;
      raw.url = raw.url!.slice(OAUTH_PREFIX.length) || '/';
      void callback(raw, reply.raw);
    };
    scope.all(`${OAUTH_PREFIX}/*`, toProvider);
  });

  // The interaction pages, which the library sends the browser to (interactions.url).
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const details = async (req: FastifyRequest, reply: FastifyReply) => {
      try {
        return await provider.interactionDetails(req.raw, reply.raw);
      } catch {
        throw new AppError(
          'NOT_FOUND',
          'This sign-in has expired or was opened in another browser; start again from the app.',
        );
      }
    };
    const appName = async (clientId: unknown) => (await consentNames(platform.prisma, String(clientId))).app;
    const requested = (scope: unknown): Scope[] =>
      SCOPES.filter((s) =>
        String(scope ?? '')
          .split(' ')
          .includes(s),
      );
    const finish = async (
      req: FastifyRequest,
      reply: FastifyReply,
      result: Parameters<typeof provider.interactionResult>[2],
    ) =>
      reply.redirect(
        await provider.interactionResult(req.raw, reply.raw, result, { mergeWithLastSubmission: true }),
        303,
      );
    const failed = (reply: FastifyReply, e: unknown) => {
      if (!isAppError(e)) throw e;
      return page(reply, e.status, 'That did not work', `<p>${esc(e.message)}</p>`);
    };

    scope.get<{ Params: { uid: string } }>(`${OAUTH_PREFIX}/interaction/:uid`, async (req, reply) => {
      try {
        const d = await details(req, reply);
        const accountId = d.prompt.name === 'login' ? undefined : String(d.session?.accountId);
        const names = await consentNames(platform.prisma, String(d.params.client_id), accountId);
        if (d.prompt.name === 'login') return page(reply, 200, 'Sign in to Warpost', loginForm(d.uid, names.app));
        return page(
          reply,
          200,
          `Allow ${names.app}?`,
          consentForm(d.uid, names.app, names.user, requested(d.params.scope)),
        );
      } catch (e) {
        return failed(reply, e);
      }
    });

    scope.post<{ Params: { uid: string } }>(`${OAUTH_PREFIX}/interaction/:uid/login`, async (req, reply) => {
      const body = (req.body ?? {}) as Form;
      try {
        const d = await details(req, reply);
        if (d.prompt.name !== 'login')
          throw new AppError('CONFLICT', 'You are already signed in; go back to the app and start again.');
        const username = String(body.username ?? '');
        try {
          const user = await loginThrottle.login(username, req.ip, () =>
            authService.checkCredentials(username, String(body.password ?? '')),
          );
          return await finish(req, reply, { login: { accountId: user.id } });
        } catch (e) {
          if (isAppError(e) && e.code === 'INVALID_CREDENTIALS')
            return page(
              reply,
              401,
              'Sign in to Warpost',
              loginForm(d.uid, await appName(d.params.client_id), e.message),
            );
          throw e;
        }
      } catch (e) {
        return failed(reply, e);
      }
    });

    scope.post<{ Params: { uid: string } }>(`${OAUTH_PREFIX}/interaction/:uid/consent`, async (req, reply) => {
      const body = (req.body ?? {}) as Form;
      try {
        const d = await details(req, reply);
        if (body.decision !== 'approve')
          return await finish(req, reply, {
            error: 'access_denied',
            error_description: 'The user did not allow the app.',
          });
        if (d.prompt.name !== 'consent' || !d.session?.accountId) throw new AppError('CONFLICT', 'Sign in first.');
        const { Grant } = provider;
        const grant =
          (d.grantId ? await Grant.find(d.grantId) : undefined) ??
          new Grant({ accountId: d.session.accountId, clientId: String(d.params.client_id) });
        const missing = d.prompt.details as {
          missingOIDCScope?: string[];
          missingResourceScopes?: Record<string, string[]>;
        };
        if (missing.missingOIDCScope?.length) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
        for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {}))
          grant.addResourceScope(indicator, scopes.join(' '));
        return await finish(req, reply, { consent: { grantId: await grant.save() } });
      } catch (e) {
        return failed(reply, e);
      }
    });
  });
}
