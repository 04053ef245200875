/** The HTTP server: GraphQL (with GraphiQL and graphql-ws subscriptions), health routes and the browser client. */
import { databaseReady } from '#platform/db/client.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import mercurius from 'mercurius';
import type { AuthService } from '#platform/auth/service.js';
import type { Platform } from '#platform/context.js';
import { authenticate } from './auth-context.js';
import { GRAPHQL_PATH, mercuriusEdgeOptions, registerApiRoutes, registerEdge } from './edge.js';
import { clientErrorHandler } from './http/client-error.js';
import { registerMetrics } from './http/metrics.js';
import { registerTracing } from './http/tracing.js';
import { registerTransport } from './http/transport.js';
import { registerWebClient } from './http/web-client.js';
import { registerGraphiql } from './http/graphiql.js';
import { frameworkErrors } from './http/error-handler.js';
import { buildLoaders, buildResolvers } from './graphql/resolvers.js';
import { registerTrustRoutes } from './trust-routes.js';
import { registerNotificationRoutes } from './notification-routes.js';
import { registerAccountRoutes } from './account-routes.js';
import { createOAuthServer, registerOAuthRoutes } from './oauth-routes.js';
import { shapeWsErrors } from './graphql/ws-errors.js';
import { installWsLimits } from './graphql/ws-limits.js';
import { installSubscriptionResync } from './graphql/subscriptions.js';

export const SCHEMA_PATH = join(import.meta.dirname, '../../schema.graphql');

export interface ServerDeps {
  platform: Platform;
  authService: AuthService;
  logger?: boolean | object;
}

export async function buildServer({ platform, authService, logger }: ServerDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: platform.config.logLevel },
    bodyLimit: platform.config.bodyLimit,
    logController: new LogController({ disableRequestLogging: !platform.config.logRequests }),
    // Behind a proxy the client address matters for rate limits (TRUST_PROXY).
    trustProxy: platform.config.api.trustProxy as boolean | string, // a hop count works too
    frameworkErrors,
    // Requests Node cannot parse get the API's error body too (http/client-error.ts).
    clientErrorHandler,
    // Unknown body fields are refused (additionalProperties: false), not silently dropped.
    ajv: { customOptions: { removeAdditional: false } },
  });
  registerMetrics(app, platform.config.metrics.token);
  registerTracing(app, platform.config.tracing);
  await registerTransport(app, platform.config.api.corsOrigins);
  const edge = await registerEdge(app, platform);
  await installWsLimits(app, GRAPHQL_PATH, platform.config.api);
  shapeWsErrors(app);
  installSubscriptionResync(platform); // subscribers catch up after a pub/sub outage

  await app.register(mercurius, {
    ...mercuriusEdgeOptions(platform, edge),
    path: GRAPHQL_PATH,
    schema: readFileSync(SCHEMA_PATH, 'utf8'),
    resolvers: buildResolvers() as never,
    loaders: buildLoaders() as never,
    graphiql: false, // served offline by http/graphiql.ts
    context: async (req) => ({
      platform,
      authService,
      loginThrottle: edge.loginThrottle,
      accountThrottle: edge.accountThrottle,
      auth: await authenticate(authService, req.headers.authorization),
    }),
    subscription: {
      emitter: platform.emitter as never,
      // graphql-transport-ws: credentials arrive in the connection_init payload.
      onConnect: async ({ payload }: { payload?: Record<string, unknown> }) => {
        const header =
          payload?.authorization ?? payload?.Authorization ?? (payload?.token ? `Bearer ${payload.token}` : undefined);
        const auth = await authenticate(authService, header);
        try {
          auth.optional();
        } catch {
          return false; // a bad credential closes the connection (4403)
        }
        return { auth };
      },
      context: () => ({ platform, authService }),
    },
  });

  await registerApiRoutes(app, {
    platform,
    authService,
    loginThrottle: edge.loginThrottle,
    accountThrottle: edge.accountThrottle,
  });

  await registerTrustRoutes(app, platform);
  await registerNotificationRoutes(app, platform);
  await registerAccountRoutes(app, platform, authService);
  await registerOAuthRoutes(app, platform, authService, createOAuthServer(platform, authService), edge.loginThrottle);
  registerGraphiql(app);
  await registerWebClient(app);
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_req, reply) => {
    const checks: Record<string, boolean> = {};
    checks.database = await databaseReady(platform.prisma);
    checks.queue = await platform.queue.ping().catch(() => false);
    const ok = Object.values(checks).every(Boolean);
    return reply.code(ok ? 200 : 503).send({ status: ok ? 'ready' : 'unavailable', checks });
  });
  return app;
}
