/**
 * OAuth 2.0 for third-party apps (docs/accounts.md, "Third-party apps"): node-oidc-provider does
 * the protocol (authorization code with PKCE, the device authorization grant of RFC 8628, token
 * rotation and revocation); Warpost supplies its storage (adapter.ts), the apps (clients.ts), the
 * pages (src/api/oauth-routes.ts) and the turn of an access token into a principal with exactly
 * the granted scopes.
 */
import { createPrivateKey, type JsonWebKey } from 'node:crypto';
import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { Db } from '../db/client.js';
import { SCOPES, type Principal, type Scope } from '../auth/service.js';
import { live, PrismaAdapter, sweepExpired } from './adapter.js';
import { apiResource, scopesOf } from './grants.js';

/** Where the OAuth server is mounted, under the API's public URL. */
export const OAUTH_PREFIX = '/oauth';
const DAY = 86_400;
/** How long a consent stays remembered when the app is not revoked. */
const GRANT_TTL_DAYS = 365;

/** What each scope lets an app do, as the consent page says it. */
export const SCOPE_WORDS: Record<Scope, string> = {
  read: 'see your games as your sides see them, your profile and your notifications',
  play: 'act for you in games: join and leave, submit orders, vote and send press',
  admin: 'manage your account: API tokens, authorised apps, address, export and deletion',
};

export interface OAuthOptions {
  db: Db;
  /** The API's public URL (PUBLIC_URL); the issuer is it plus OAUTH_PREFIX. */
  publicUrl: string;
  /** Keys derived from the JWT secret (AuthService.deriveKey), shared by every instance. */
  deriveKey(purpose: string): Buffer;
  accessTtlSeconds: number;
  refreshTtlDays: number;
  trustProxy: boolean;
  /** Renders the device flow's pages and the error page (the API's look). */
  pages: OAuthPages;
}

export interface OAuthPages {
  userCodeInput(form: string, error?: string): string;
  userCodeConfirm(form: string, appName: string, userCode: string): string;
  deviceSuccess(appName: string): string;
  error(message: string): string;
}

/**
 * An Ed25519 key from a 32-byte seed (its PKCS8 DER is a fixed prefix and the seed). The server
 * needs a signing key only for OpenID ID tokens, which Warpost's scopes never ask for.
 */
function signingJwk(seed: Buffer): JsonWebKey {
  const der = Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), seed]);
  return {
    ...createPrivateKey({ key: der, format: 'der', type: 'pkcs8' }).export({ format: 'jwk' }),
    use: 'sig',
    alg: 'EdDSA',
  };
}

/**
 * Whether a browser on `origin` may call the token and revocation endpoints for an app with these
 * redirect URIs: only from the origin of one of them (a browser app's own site). A private-use
 * scheme has the opaque origin 'null', which never matches; an app without a browser sends no
 * Origin and is not concerned.
 */
function corsAllowed(origin: string, redirectUris: readonly string[]): boolean {
  if (origin === 'null') return false;
  return redirectUris.some((uri) => URL.canParse(uri) && new URL(uri).origin === origin);
}

/** What the device page says after an error (the library renders the code form again). */
function deviceError(err: Error): string {
  if (err.name === 'NoCodeError' || 'userCode' in err) return 'That code is not known or has expired. Try again.';
  // A refusal on the consent page (or Cancel on the confirmation) ends the flow as AbortedError.
  if (err.name === 'AbortedError') return 'You did not allow the app; it has been told. You may close this page.';
  return 'That did not work; start again from the app.';
}

export class OAuthServer {
  readonly provider: Provider;
  /** The resource indicator (RFC 8707) of the Warpost API: the audience of every access token. */
  readonly resource: string;
  private sweeper?: NodeJS.Timeout;

  constructor(private readonly opts: OAuthOptions) {
    const { db, pages } = opts;
    this.resource = apiResource(opts.publicUrl);
    const resource = this.resource;
    const appName = (ctx: KoaContextWithOIDC) => ctx.oidc.client?.clientName ?? 'an app';
    const config: Configuration = {
      adapter: (kind: string) => new PrismaAdapter(db, kind),
      clients: [],
      async findAccount(_ctx, sub) {
        const user = await db.user.findUnique({ where: { id: sub }, select: { deletedAt: true } });
        if (!user || user.deletedAt) return undefined;
        return { accountId: sub, claims: async () => ({ sub }) };
      },
      cookies: { keys: [opts.deriveKey('oauth-cookies').toString('base64url')] },
      jwks: { keys: [signingJwk(opts.deriveKey('oauth-id-token'))] },
      clientBasedCORS: (_ctx, origin, client) => corsAllowed(origin, client.redirectUris ?? []),
      clientDefaults: {
        id_token_signed_response_alg: 'EdDSA',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
      // Every app is public: the code flow only (no implicit tokens), PKCE always, and the library accepts only S256.
      responseTypes: ['code'],
      pkce: { required: () => true },
      features: {
        devInteractions: { enabled: false },
        revocation: { enabled: true },
        deviceFlow: {
          enabled: true,
          charset: 'base-20',
          mask: '****-****',
          async userCodeInputSource(ctx, form, _out, err) {
            ctx.type = 'html';
            ctx.body = pages.userCodeInput(form, err && deviceError(err));
          },
          async userCodeConfirmSource(ctx, form, _client, _info, userCode) {
            ctx.type = 'html';
            ctx.body = pages.userCodeConfirm(form, appName(ctx), userCode);
          },
          async successSource(ctx) {
            ctx.type = 'html';
            ctx.body = pages.deviceSuccess(appName(ctx));
          },
        },
        resourceIndicators: {
          enabled: true,
          // Tokens are for the Warpost API whether or not the app names it.
          defaultResource: async () => resource,
          useGrantedResource: async () => true,
          async getResourceServerInfo(_ctx, indicator) {
            if (indicator !== resource) throw new errors.InvalidTarget(`the only resource is ${resource}`);
            return {
              scope: SCOPES.join(' '),
              audience: resource,
              accessTokenTTL: opts.accessTtlSeconds,
              accessTokenFormat: 'opaque',
            };
          },
        },
      },
      interactions: { url: async (_ctx, interaction) => `${OAUTH_PREFIX}/interaction/${interaction.uid}` },
      // Apps keep working without the browser session that approved them, until revoked.
      expiresWithSession: async () => false,
      issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
      ttl: {
        AccessToken: opts.accessTtlSeconds,
        AuthorizationCode: 60,
        DeviceCode: 600,
        Interaction: 3600,
        Session: 14 * DAY,
        Grant: GRANT_TTL_DAYS * DAY,
        IdToken: 3600,
        RefreshToken: opts.refreshTtlDays * DAY,
      },
      async renderError(ctx, out) {
        ctx.type = 'html';
        ctx.body = pages.error(String(out.error_description ?? out.error ?? 'The request was refused.'));
      },
    };
    // Consent is remembered per user and app: a new request finds the app's grant for the same
    // user, and asks again only for scopes it does not hold yet.
    const findGrantId = (accountId: string, clientId: string) => this.findGrantId(accountId, clientId);
    config.loadExistingGrant = async (ctx) => {
      const accountId = ctx.oidc.session?.accountId;
      const grantId =
        ctx.oidc.result?.consent?.grantId ??
        ctx.oidc.session?.grantIdFor(ctx.oidc.client!.clientId) ??
        (accountId ? await findGrantId(accountId, ctx.oidc.client!.clientId) : undefined);
      return grantId ? ctx.oidc.provider.Grant.find(grantId) : undefined;
    };
    this.provider = new Provider(`${opts.publicUrl}${OAUTH_PREFIX}`, config);
    this.provider.proxy = opts.trustProxy;
  }

  /** The live grant of a user for an app, if any (the newest, should there be several). */
  private async findGrantId(accountId: string, clientId: string): Promise<string | undefined> {
    const row = await this.opts.db.oAuthArtifact.findFirst({
      where: { kind: 'Grant', accountId, clientId, ...live() },
      orderBy: { createdAt: 'desc' },
      select: { id: true },
    });
    return row?.id;
  }

  /**
   * The principal of an OAuth access token, with exactly the scopes granted to it, or null when
   * the text is not one this server issued. A revoked app's tokens are deleted with its grant, so
   * they are refused at once.
   */
  async principal(token: string): Promise<Principal | null> {
    const at = await this.provider.AccessToken.find(token);
    if (!at || !at.accountId) return null;
    if (at.aud !== this.resource && !(Array.isArray(at.aud) && at.aud.includes(this.resource))) return null;
    const user = await this.opts.db.user.findUnique({
      where: { id: at.accountId },
      select: { username: true, deletedAt: true },
    });
    if (!user || user.deletedAt) return null;
    return {
      userId: at.accountId,
      username: user.username,
      scopes: scopesOf(at.scope),
      via: 'oauth',
      clientId: at.clientId,
    };
  }

  /** Sweeps expired artefacts now and then (they are ignored meanwhile). */
  startSweeper(intervalMs = 10 * 60_000) {
    this.sweeper ??= setInterval(() => void sweepExpired(this.opts.db).catch(() => undefined), intervalMs).unref();
  }

  stop() {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = undefined;
  }
}
