/**
 * Serves the reference browser client (web/, built by `npm run build:web`): hashed assets under
 * /assets/ and the page itself at the client's own paths only, so the API's routes (/graphql,
 * /api, /graphiql, /docs, /healthz...) and its JSON 404s are never shadowed.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Where web/vite.config.ts writes the build (web/dist, ignored by git). The same relative path
 * holds in the compiled server: scripts/build.ts copies it to dist/web/dist.
 */
export const WEB_BUILD_DIR = resolve(import.meta.dirname, '../../../web/dist');

/** Client paths that answer with the page; keep in step with web/src/router.ts. */
export const CLIENT_PATHS = ['/', '/login', '/settings', '/games/:id'];

const PAGE_HEADERS = {
  'cache-control': 'no-cache',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  // The built page loads only its own script and style files and talks only to this server.
  'content-security-policy':
    "default-src 'self'; connect-src 'self' ws: wss:; img-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'",
};

export async function registerWebClient(app: FastifyInstance, dir = WEB_BUILD_DIR) {
  const indexPath = join(dir, 'index.html');
  // Read per request (a few hundred bytes): a rebuild while the server runs is picked up.
  const loadPage = () => (existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : undefined);

  await app.register(async (scope) => {
    await scope.register(fastifyStatic, {
      root: join(dir, 'assets'),
      prefix: '/assets/',
      decorateReply: false,
      index: false,
      // File names carry a content hash: a new build is a new name.
      immutable: true,
      maxAge: '365d',
    });
  });

  // The service worker (web/public/sw.js) lives at the root so that its scope is the whole client.
  app.get('/sw.js', { schema: { hide: true } }, async (_req, reply) => {
    const file = join(dir, 'sw.js');
    if (!existsSync(file)) return reply.code(404).send({ error: 'The browser client is not built.' });
    return reply
      .headers({ 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff' })
      .type('text/javascript; charset=utf-8')
      .send(readFileSync(file, 'utf8'));
  });

  for (const url of CLIENT_PATHS) {
    app.get(url, { schema: { hide: true } }, async (_req, reply) => {
      const html = loadPage();
      if (!html) {
        return reply
          .code(503)
          .type('text/plain; charset=utf-8')
          .send(
            'The browser client is not built: run `npm run build:web` (npm start does it first). The API is at /graphql.',
          );
      }
      return reply.headers(PAGE_HEADERS).type('text/html; charset=utf-8').send(html);
    });
  }
}
