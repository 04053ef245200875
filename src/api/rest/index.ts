/**
 * The REST mirror of the main flows under /api/v1: thin adapters over the same platform
 * services as the GraphQL resolvers, each route with JSON schemas for its request and its
 * responses (which also make the OpenAPI document served at /docs).
 */
import type { FastifyInstance } from 'fastify';
import type { AuthService } from '#platform/auth/service.js';
import type { Platform } from '#platform/context.js';
import { authenticate, type RequestAuth } from '../auth-context.js';
import { assertSafeJson } from '../http/input-guard.js';
import type { AccountThrottle } from '../http/account-throttle.js';
import type { LoginThrottle } from '../http/login-throttle.js';
import { accountRoutes, accountSchemas } from './accounts.js';
import { authRoutes } from './auth.js';
import { discoveryRoutes } from './discovery.js';
import { lobbyRoutes } from './lobby.js';
import { oauthRoutes, oauthSchemas } from './oauth.js';
import { playRoutes } from './play.js';
import { pressRoutes, pressSchemas } from './press.js';
import { schemas } from './schemas.js';
import { timeControlRoutes } from './timecontrol.js';
import { trustRoutes, trustSchemas } from './trust.js';
import { webhookRoutes, webhookSchemas } from './webhooks.js';

export const REST_PREFIX = '/api/v1';

export interface RestDeps {
  platform: Platform;
  authService: AuthService;
  loginThrottle: LoginThrottle;
  accountThrottle: AccountThrottle;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller of a REST request (resolved lazily: a bad credential fails where it is used). */
    auth: RequestAuth;
  }
}

/** Shared schemas go on the root instance, where the OpenAPI generator collects them. */
export function addRestSchemas(app: FastifyInstance) {
  for (const schema of [
    ...schemas,
    ...webhookSchemas,
    ...trustSchemas,
    ...accountSchemas,
    ...pressSchemas,
    ...oauthSchemas,
  ])
    app.addSchema(schema);
}

export async function restApi(app: FastifyInstance, opts: RestDeps) {
  const deps: RestDeps = {
    platform: opts.platform,
    authService: opts.authService,
    loginThrottle: opts.loginThrottle,
    accountThrottle: opts.accountThrottle,
  }; // not the prefix
  app.decorateRequest('auth', null as unknown as RequestAuth);
  app.addHook('onRequest', async (req) => {
    req.auth = await authenticate(deps.authService, req.headers.authorization);
  });
  // Before schema validation, so nothing unstorable or absurdly deep reaches a service.
  app.addHook('preValidation', async (req) => {
    // A body-less POST (e.g. join a random side) is an empty object; missing fields get named.
    if (req.body === undefined && req.method !== 'GET' && req.method !== 'HEAD') req.body = {};
    assertSafeJson(req.params, ['params']);
    assertSafeJson(req.query, ['query']);
    assertSafeJson(req.body, ['body']);
  });
  await app.register(authRoutes, deps);
  await app.register(accountRoutes, deps);
  await app.register(lobbyRoutes, deps);
  await app.register(discoveryRoutes, deps);
  await app.register(playRoutes, deps);
  await app.register(timeControlRoutes, deps);
  await app.register(trustRoutes, deps);
  await app.register(webhookRoutes, deps);
  await app.register(pressRoutes, deps);
  await app.register(oauthRoutes, deps);
}
