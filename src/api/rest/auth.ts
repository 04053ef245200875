/** REST: accounts (register, login, refresh, logout, me) and personal API tokens. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '#platform/errors.js';
import { withRetryAfter } from '../http/login-throttle.js';
import type { RestDeps } from './index.js';
import { body, errorResponses, s, listResponse } from './schemas.js';

/** Reading is open to spectators; with a credential it needs the read scope. */
export function reader(req: FastifyRequest) {
  const user = req.auth.optional();
  if (user) req.auth.require('read');
  return user;
}

export const security: Record<string, Record<string, string[]>[]> = {
  none: [],
  bearer: [{ bearerAuth: [] }],
  /** Works anonymously; with a credential the answer includes what the caller may see. */
  optional: [{}, { bearerAuth: [] }],
};

const credentials = body(
  'User name and password.',
  {
    username: s.str('3 to 32 letters, digits, "_" or "-" (case-insensitively unique).', { maxLength: 64 }),
    password: s.str('8 to 200 characters.', { maxLength: 200 }),
  },
  ['username', 'password'],
);
const refreshBody = body(
  'A refresh token.',
  { refreshToken: s.str('The refresh token last issued.', { maxLength: 200 }) },
  ['refreshToken'],
);
const authPayload = { 200: s.ref('AuthPayload'), ...errorResponses };

export async function authRoutes(app: FastifyInstance, { authService, loginThrottle }: RestDeps) {
  const tags = ['auth'];

  app.post<{ Body: { username: string; password: string } }>(
    '/auth/register',
    {
      schema: {
        tags,
        operationId: 'register',
        summary: 'Create an account',
        security: security.none,
        description: 'Creates an account and logs in: returns an access token and a refresh token.',
        body: credentials,
        response: { 201: s.ref('AuthPayload'), ...errorResponses },
      },
    },
    async (req, reply) => reply.code(201).send(await authService.register(req.body.username, req.body.password)),
  );

  app.post<{ Body: { username: string; password: string } }>(
    '/auth/login',
    {
      schema: {
        tags,
        operationId: 'login',
        summary: 'Log in',
        security: security.none,
        description: 'Exchanges a user name and password for tokens.',
        body: credentials,
        response: authPayload,
      },
    },
    async (req, reply) =>
      withRetryAfter(reply, () =>
        loginThrottle.login(req.body.username, req.ip, () => authService.login(req.body.username, req.body.password)),
      ),
  );

  app.post<{ Body: { refreshToken: string } }>(
    '/auth/refresh',
    {
      schema: {
        tags,
        operationId: 'refresh',
        summary: 'Refresh the tokens',
        security: security.none,
        description: 'Exchanges a refresh token for a new pair; reusing a spent refresh token revokes the whole login.',
        body: refreshBody,
        response: authPayload,
      },
    },
    async (req, reply) =>
      withRetryAfter(reply, () => loginThrottle.refresh(req.ip, () => authService.refresh(req.body.refreshToken))),
  );

  app.post<{ Body: { refreshToken: string } }>(
    '/auth/logout',
    {
      schema: {
        tags,
        operationId: 'logout',
        summary: 'Log out',
        security: security.none,
        description: 'Revokes the refresh token and every token of the same login.',
        body: refreshBody,
        response: {
          200: {
            type: 'object',
            description: 'Whether a login was revoked.',
            properties: { revoked: s.bool('A login was found and revoked.') },
            required: ['revoked'],
          },
          ...errorResponses,
        },
      },
    },
    async (req) => ({ revoked: await authService.logout(req.body.refreshToken) }),
  );

  app.get(
    '/me',
    {
      schema: {
        tags,
        operationId: 'me',
        summary: 'The caller',
        security: security.bearer,
        description: 'The user the credential belongs to.',
        response: { 200: s.ref('User'), ...errorResponses },
      },
    },
    async (req) => {
      const p = req.auth.optional();
      if (!p) throw new AppError('UNAUTHENTICATED', 'Log in or send an API token (Authorization: Bearer ...).');
      return { id: p.userId, username: p.username };
    },
  );

  const tokenTags = ['tokens'];
  app.get(
    '/tokens',
    {
      schema: {
        tags: tokenTags,
        operationId: 'listApiTokens',
        summary: 'List API tokens',
        security: security.bearer,
        description: 'Your personal API tokens, never their secrets. Needs the admin scope.',
        response: listResponse('Your tokens.', 'tokens', s.ref('ApiToken'), 'Tokens, oldest first.'),
      },
    },
    async (req) => ({ tokens: await authService.listApiTokens(req.auth.require('admin').userId) }),
  );

  app.post<{ Body: { name: string; scopes: string[] } }>(
    '/tokens',
    {
      schema: {
        tags: tokenTags,
        operationId: 'createApiToken',
        summary: 'Create an API token',
        security: security.bearer,
        description:
          'Creates a personal API token for a bot or a third-party client; the secret is shown once. Needs the admin scope.',
        body: body(
          'Name and scopes of the token.',
          {
            name: s.str('1 to 100 characters.', { maxLength: 100 }),
            scopes: {
              type: 'array',
              description: 'What the token may do: read (queries), play (lobby and orders), admin (tokens).',
              items: { type: 'string', enum: ['read', 'play', 'admin'] },
              maxItems: 3,
            },
          },
          ['name', 'scopes'],
        ),
        response: { 201: s.ref('NewApiToken'), ...errorResponses },
      },
    },
    async (req, reply) => {
      const { token, info } = await authService.createApiToken(
        req.auth.require('admin').userId,
        req.body.name,
        req.body.scopes,
      );
      return reply.code(201).send({ token, apiToken: info });
    },
  );

  app.delete<{ Params: { tokenId: string } }>(
    '/tokens/:tokenId',
    {
      schema: {
        tags: tokenTags,
        operationId: 'revokeApiToken',
        summary: 'Revoke an API token',
        security: security.bearer,
        description: 'Revokes one of your API tokens. Needs the admin scope.',
        params: {
          type: 'object',
          properties: { tokenId: s.str('Token id.', { maxLength: 100 }) },
          required: ['tokenId'],
        },
        response: {
          200: {
            type: 'object',
            description: 'Whether a token was revoked.',
            properties: { revoked: s.bool('A live token was found and revoked.') },
            required: ['revoked'],
          },
          ...errorResponses,
        },
      },
    },
    async (req) => ({
      revoked: await authService.revokeApiToken(req.auth.require('admin').userId, req.params.tokenId),
    }),
  );
}
