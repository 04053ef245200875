/**
 * The OpenAPI document without a running server: the same generator and REST routes as the
 * server (http/docs.ts, rest/), registered on a bare Fastify instance whose services are never
 * called. Used by `npm run lint:openapi` (scripts/openapi.ts).
 */
import Fastify from 'fastify';
import type { AuthService } from '#platform/auth/service.js';
import type { Platform } from '#platform/context.js';
import { registerDocs } from './http/docs.js';
import type { AccountThrottle } from './http/account-throttle.js';
import type { LoginThrottle } from './http/login-throttle.js';
import { addRestSchemas, REST_PREFIX, restApi } from './rest/index.js';

export async function openApiDocument(): Promise<Record<string, unknown>> {
  const app = Fastify({ logger: false, ajv: { customOptions: { removeAdditional: false } } });
  await registerDocs(app);
  addRestSchemas(app);
  await app.register(restApi, {
    platform: {} as Platform,
    authService: {} as AuthService,
    loginThrottle: {} as LoginThrottle,
    accountThrottle: {} as AccountThrottle,
    prefix: REST_PREFIX,
  });
  await app.ready();
  const doc = app.swagger() as unknown as Record<string, unknown>;
  await app.close();
  return doc;
}
