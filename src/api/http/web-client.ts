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

/**
 * Client paths that answer with the page, each with the page module it shows (web/src/main.tsx;
 * keep in step with web/src/router.ts).
 */
export const CLIENT_PAGES: Record<string, string> = {
  '/': 'src/pages/Lobby.tsx',
  '/login': 'src/pages/Login.tsx',
  '/settings': 'src/pages/Settings.tsx',
  '/games/:id': 'src/pages/Game.tsx',
};

type Manifest = Record<string, { file: string; imports?: string[]; css?: string[]; isEntry?: boolean }>;

/**
 * The `<link>`s that fetch a page's chunk, the chunks it imports and their styles beside the entry
 * script, from Vite's build manifest: otherwise a page opened cold asks for its code only once the
 * entry has arrived and run. The entry's own files are in the page already.
 */
export function pagePreloads(manifest: Manifest, page: string): string {
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const f of chunk.css ?? []) css.add(f);
    for (const k of chunk.imports ?? []) visit(k);
  };
  visit(page);
  return [
    ...[...js].map((f) => `<link rel="modulepreload" href="/${f}" />`),
    ...[...css].map((f) => `<link rel="stylesheet" href="/${f}" />`),
  ].join('');
}

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
  const manifestPath = join(dir, '.vite/manifest.json');
  // Read per request (a few kilobytes): a rebuild while the server runs is picked up.
  const loadPage = (page: string) => {
    if (!existsSync(indexPath)) return undefined;
    const html = readFileSync(indexPath, 'utf8');
    if (!existsSync(manifestPath)) return html;
    const links = pagePreloads(JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest, page);
    return html.replace('</head>', `${links}</head>`);
  };

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

  for (const [url, page] of Object.entries(CLIENT_PAGES)) {
    app.get(url, { schema: { hide: true } }, async (_req, reply) => {
      const html = loadPage(page);
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
