/** REST: third-party apps over OAuth 2.0 (docs/accounts.md, "Third-party apps"): registration, the apps you authorised, revocation. */
import type { FastifyInstance } from 'fastify';
import { listClients, presentClient as app, registerClient } from '#platform/oauth/clients.js';
import { authorisedApps, revokeApp } from '#platform/oauth/grants.js';
import { security } from './auth.js';
import type { RestDeps } from './index.js';
import { body, errorResponses, object, s } from './schemas.js';

const dateTime = (d: string) => s.str(d, { format: 'date-time' });
const scopes = (d: string) => s.listOf({ type: 'string', enum: ['read', 'play', 'admin'] }, d);

export const oauthSchemas = [
  object(
    'OAuthApp',
    'A third-party app you registered for OAuth 2.0: a public client (no secret) that must use PKCE (S256).',
    {
      clientId: s.str("The app's OAuth `client_id`."),
      name: s.str('The name users see when the app asks for their consent.'),
      redirectUris: s.listOf(
        { type: 'string' },
        'Where authorization codes may be sent; empty for a device-flow-only app.',
      ),
      createdAt: dateTime('When it was registered.'),
    },
  ),
  object('AuthorisedApp', 'An app you allowed to use your account over OAuth 2.0.', {
    clientId: s.str("The app's OAuth `client_id`."),
    name: s.str("The app's name."),
    scopes: scopes('What you allowed it to do; its access tokens carry exactly these scopes.'),
    grantedAt: dateTime('When you last gave it consent.'),
  }),
];

export async function oauthRoutes(api: FastifyInstance, { platform }: RestDeps) {
  const tags = ['oauth'];

  api.get(
    '/oauth-apps',
    {
      schema: {
        tags,
        operationId: 'listOAuthApps',
        summary: 'Apps you registered',
        security: security.bearer,
        description: 'The OAuth 2.0 apps you registered, oldest first. Needs the admin scope.',
        response: {
          200: {
            type: 'object',
            description: 'Your apps.',
            properties: { apps: s.listOf(s.ref('OAuthApp'), 'Oldest first.') },
            required: ['apps'],
          },
          ...errorResponses,
        },
      },
    },
    async (req) => ({ apps: (await listClients(platform.prisma, req.auth.require('admin').userId)).map(app) }),
  );

  api.post<{ Body: { name: string; redirectUris: string[] } }>(
    '/oauth-apps',
    {
      schema: {
        tags,
        operationId: 'registerOAuthApp',
        summary: 'Register an app',
        security: security.bearer,
        description: 'Registers a third-party app for OAuth 2.0 (any user). Needs the admin scope.',
        body: body(
          'The app.',
          {
            name: s.str('1 to 100 characters on one line, shown on the consent page.', { maxLength: 100 }),
            redirectUris: {
              type: 'array',
              description:
                'At most 10: https, http to the loopback address, or a private-use scheme (`com.example.app:/cb`); none for a device-flow-only app.',
              items: { type: 'string', maxLength: 2000 },
              maxItems: 10,
            },
          },
          ['name', 'redirectUris'],
        ),
        response: { 201: s.ref('OAuthApp'), ...errorResponses },
      },
    },
    async (req, reply) =>
      reply.code(201).send(app(await registerClient(platform.prisma, req.auth.require('admin').userId, req.body))),
  );

  api.get(
    '/account/authorised-apps',
    {
      schema: {
        tags,
        operationId: 'listAuthorisedApps',
        summary: 'Apps you authorised',
        security: security.bearer,
        description: 'The apps you allowed to use your account, with the scopes granted. Needs the admin scope.',
        response: {
          200: {
            type: 'object',
            description: 'Authorised apps.',
            properties: { apps: s.listOf(s.ref('AuthorisedApp'), 'Least recently approved first.') },
            required: ['apps'],
          },
          ...errorResponses,
        },
      },
    },
    async (req) => ({
      apps: await authorisedApps(platform.prisma, platform.config.notify.publicUrl, req.auth.require('admin').userId),
    }),
  );

  api.delete<{ Params: { clientId: string } }>(
    '/account/authorised-apps/:clientId',
    {
      schema: {
        tags,
        operationId: 'revokeAuthorisedApp',
        summary: 'Revoke an app',
        security: security.bearer,
        description:
          'Withdraws your consent to an app: its grant and every token it holds are deleted at once. Needs the admin scope.',
        params: {
          type: 'object',
          properties: { clientId: s.str("The app's `client_id`.", { minLength: 1, maxLength: 100 }) },
          required: ['clientId'],
        },
        response: {
          200: {
            type: 'object',
            description: 'Whether the app held a grant.',
            properties: { revoked: s.bool('A grant was found and revoked.') },
            required: ['revoked'],
          },
          ...errorResponses,
        },
      },
    },
    async (req) => ({
      revoked: await revokeApp(platform.prisma, req.auth.require('admin').userId, req.params.clientId),
    }),
  );
}
