/**
 * The OpenAPI 3.1 document of the REST API, generated from the route schemas, and a browsable
 * UI at /docs (the document itself at /docs/json and /docs/yaml). Only /api/v1 routes are
 * described; GraphQL is documented by its own schema (schema.graphql, introspection, GraphiQL).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { REST_PREFIX } from '../rest/index.js';

export const DOCS_PREFIX = '/docs';

const VERSION = (
  JSON.parse(readFileSync(join(import.meta.dirname, '../../../package.json'), 'utf8')) as { version: string }
).version;

const DESCRIPTION = `REST mirror of the main flows of the Warpost GraphQL API (POST /graphql, subscriptions over
graphql-ws at /graphql). Both call the same services and share one error shape: every error
response is \`{ "error": { "code", "message", "path"?, "details": [{ "code", "path", "message", "rule"? }] } }\`
with the HTTP status of the code.

Authentication: send \`Authorization: Bearer <token>\` with an access token from /auth/login or a
personal API token (scopes read, play, admin).

Limits: requests are counted per client address and per credential in fixed windows (600 and
300 per minute by default); beyond them the answer is 429 RATE_LIMITED with Retry-After.
Responses carry x-ratelimit-limit, x-ratelimit-remaining and x-ratelimit-reset.`;

export async function registerDocs(app: FastifyInstance, version = VERSION) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Warpost REST API',
        version,
        description: DESCRIPTION,
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      servers: [{ url: '/', description: 'This server' }],
      tags: [
        { name: 'auth', description: 'Accounts and sessions.' },
        { name: 'tokens', description: 'Personal API tokens for bots and third-party clients.' },
        { name: 'account', description: 'Your account: password, address, profile, blocks, data export and deletion.' },
        { name: 'users', description: 'Public profiles.' },
        { name: 'lobby', description: 'Game modules, game lists, creating and joining games.' },
        { name: 'play', description: 'Game views, events, orders and drafts.' },
        { name: 'trust', description: 'Commit–reveal orders, adjudicated orders, replays and game exports.' },
        {
          name: 'webhooks',
          description: 'Signed webhooks: registration, secret rotation, the delivery log, redelivery.',
        },
        {
          name: 'press',
          description: 'Messages between players: channels, paged messages, read marks, reports and moderation.',
        },
        {
          name: 'oauth',
          description:
            'Third-party apps over OAuth 2.0: registering an app, the apps you authorised, revocation (the protocol itself is under /oauth).',
        },
      ],
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description:
              'A JWT access token from login, a personal API token (wpt_...), or an OAuth 2.0 access token issued to a third-party app.',
          },
        },
      },
    },
    // Shared schemas keep their $id as their component name.
    refResolver: { buildLocalReference: (json, _base, _fragment, i) => String(json.$id ?? `def-${i}`) },
    transform: ({ schema, url }) => ({
      schema: url.startsWith(REST_PREFIX) ? schema : { ...(schema ?? {}), hide: true },
      url,
    }),
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX });
}
