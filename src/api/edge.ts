/**
 * The public edge of the HTTP server, wired around Mercurius in three steps (see server.ts):
 * 1. `registerEdge`: error handling, rate limits, the OpenAPI generator, the REST schemas;
 * 2. `mercuriusEdgeOptions`: GraphQL over HTTP conformance, error shaping, persisted queries
 *    and cost limits, as Mercurius options;
 * 3. `registerApiRoutes`: cost checks on execution and subscriptions, and the REST mirror.
 */
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Platform } from '#platform/context.js';
import { AppError } from '#platform/errors.js';
import { warnOfFailedLogins } from '#platform/notifications/sign-in-warning.js';
import { checkComplexity, checkSubscription, depthLimitRule, introspectionDepthRule } from './graphql/limits.js';
import { checkGraphQLRequest, executionErrorFormatter, setGraphQLMediaType } from './graphql/http.js';
import { memoryQueryStore, persistedQueries, redisQueryStore } from './graphql/persisted.js';
import { registerDocs } from './http/docs.js';
import { installErrorHandling } from './http/error-handler.js';
import { AccountThrottle } from './http/account-throttle.js';
import { LoginThrottle } from './http/login-throttle.js';
import { registerRateLimits } from './http/rate-limit.js';
import { addRestSchemas, REST_PREFIX, restApi, type RestDeps } from './rest/index.js';

export const GRAPHQL_PATH = '/graphql';

export interface Edge {
  /** Shared by rate limits and persisted queries when REDIS_URL is set. */
  redis?: Redis;
  loginThrottle: LoginThrottle;
  accountThrottle: AccountThrottle;
}

export async function registerEdge(app: FastifyInstance, platform: Platform): Promise<Edge> {
  installErrorHandling(app, GRAPHQL_PATH);
  let redis: Redis | undefined;
  if (platform.config.redisUrl) {
    // No offline queue: while Redis is unreachable a command fails at once (rate limits are then
    // skipped, persisted queries missed) instead of holding every request until it returns.
    const client = new Redis(platform.config.redisUrl, {
      maxRetriesPerRequest: 1,
      connectTimeout: 5_000,
      enableOfflineQueue: false,
    });
    client.on('error', (err) => platform.log.warn({ err: err.message }, 'API redis connection error'));
    app.addHook('onClose', async () => void (await client.quit().catch(() => client.disconnect())));
    // Without an offline queue, commands sent before the first connection would fail: wait for it
    // (briefly: a server started during an outage serves without rate limits until Redis returns).
    if (client.status !== 'ready') {
      await new Promise<void>((ok) => {
        const t = setTimeout(ok, 5_000);
        client.once('ready', () => (clearTimeout(t), ok()));
      });
    }
    redis = client;
  }
  await registerRateLimits(app, platform.config.api.rateLimit, redis, platform.config.api.redisPrefix);
  await registerDocs(app);
  addRestSchemas(app);
  const login = platform.config.api.login;
  const warn = (username: string, failures: number) =>
    void warnOfFailedLogins(platform, username, failures, login.windowSeconds).catch((err) =>
      platform.log.warn({ err }, 'the failed-login warning was not queued'),
    );
  return {
    redis,
    loginThrottle: new LoginThrottle(login, redis, platform.config.api.redisPrefix, warn),
    accountThrottle: new AccountThrottle(platform.config.api.accountLinks, redis, platform.config.api.redisPrefix),
  };
}

export function mercuriusEdgeOptions(platform: Platform, edge: Edge) {
  const limits = platform.config.api.graphql;
  return {
    errorHandler: false as const, // the central handler (http/error-handler.ts) answers instead
    errorFormatter: executionErrorFormatter(platform.log),
    persistedQueryProvider: persistedQueries(
      edge.redis ? redisQueryStore(edge.redis, `${platform.config.api.redisPrefix}apq:`) : memoryQueryStore(),
    ),
    validationRules: [depthLimitRule(limits.maxDepth), introspectionDepthRule],
    graphql: { parseOptions: { maxTokens: limits.maxTokens } },
    additionalRouteOptions: {
      // Our checks replace Mercurius's lenient (type-coercing) request schemas.
      schema: { hide: true },
      preValidation: [checkGraphQLRequest(limits.maxTokens)],
      onSend: [setGraphQLMediaType],
    },
  };
}

export async function registerApiRoutes(app: FastifyInstance, deps: RestDeps) {
  const limits = deps.platform.config.api.graphql;
  app.graphql.addHook('preExecution', async (schema, document, _ctx, variables) => {
    checkComplexity(schema, document, variables as Record<string, unknown> | undefined, limits.maxComplexity);
  });
  app.graphql.addHook('preSubscriptionExecution', async (schema, document) => {
    checkSubscription(schema, document, limits);
  });
  // Other methods on the GraphQL endpoint: 405 with Allow, in GraphQL's error shape.
  app.route({
    method: ['PUT', 'PATCH', 'DELETE'],
    url: GRAPHQL_PATH,
    schema: { hide: true },
    handler: async (_req, reply) => {
      reply.header('allow', 'GET, POST');
      throw new AppError('METHOD_NOT_ALLOWED', 'Send GraphQL requests with POST (or GET for queries).');
    },
  });
  await app.register(restApi, { ...deps, prefix: REST_PREFIX });
}
