/**
 * GraphiQL at /graphiql, served entirely by this server so it works without internet: the IDE is
 * Ruru's prebuilt GraphiQL bundle (React, GraphiQL, Monaco and its workers, fonts), which the
 * `ruru` package ships brotli-compressed and serves from memory through `ruru/static`. The page
 * has no inline script (its start-up script is a file of its own), so it runs under a strict
 * Content-Security-Policy that allows only this origin.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { getStaticFile } from 'ruru/static';
import { GRAPHQL_PATH } from '../edge.js';

export const GRAPHIQL_PATH = '/graphiql';
const STATIC_PATH = `${GRAPHIQL_PATH}/static/`;

/**
 * Scripts, workers, styles, fonts and requests: this origin only. Inline styles are allowed
 * because React and Monaco set element styles; scripts never run inline.
 */
export const GRAPHIQL_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "worker-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "font-src 'self' data:", // the bundle embeds its web fonts
  "img-src 'self' data:",
  "connect-src 'self'", // 'self' covers ws:/wss: to this host (CSP level 3)
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'none'",
].join('; ');

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Warpost GraphiQL</title>
<link rel="stylesheet" href="${STATIC_PATH}ruru.css">
<link rel="stylesheet" href="${GRAPHIQL_PATH}/page.css">
<link rel="modulepreload" href="${STATIC_PATH}ruru.js">
<script type="module" src="${GRAPHIQL_PATH}/start.js"></script>
</head>
<body>
<div id="ruru-root"><p>Loading GraphiQL…</p></div>
</body>
</html>
`;

const PAGE_CSS = 'body { margin: 0; } #ruru-root { height: 100vh; }\n';

/** Monaco's workers load from the same folder; subscriptions use graphql-ws on the same path. */
const START_JS = `const STATIC = new URL(${JSON.stringify(STATIC_PATH)}, location.href);
const WORKERS = { json: 'jsonWorker.js', graphql: 'graphqlWorker.js' };
globalThis.MonacoEnvironment = {
  getWorker: (_id, label) => new Worker(new URL(WORKERS[label] ?? 'editorWorker.js', STATIC), { type: 'module' }),
};
const { React, createRoot, Ruru } = await import(new URL('ruru.js', STATIC).href);
const ws = new URL(${JSON.stringify(GRAPHQL_PATH)}, location.href);
ws.protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
createRoot(document.getElementById('ruru-root')).render(
  React.createElement(Ruru, { endpoint: ${JSON.stringify(GRAPHQL_PATH)}, subscriptionEndpoint: ws.href, staticPath: STATIC.pathname }),
);
`;

function own(reply: FastifyReply, type: string, body: string) {
  return reply
    .headers({
      'cache-control': 'no-cache',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'same-origin',
      'content-security-policy': GRAPHIQL_CSP,
    })
    .type(type)
    .send(body);
}

export function registerGraphiql(app: FastifyInstance) {
  app.get(GRAPHIQL_PATH, { schema: { hide: true } }, (_req, reply) => own(reply, 'text/html; charset=utf-8', PAGE));
  app.get(`${GRAPHIQL_PATH}/page.css`, { schema: { hide: true } }, (_req, reply) =>
    own(reply, 'text/css; charset=utf-8', PAGE_CSS),
  );
  app.get(`${GRAPHIQL_PATH}/start.js`, { schema: { hide: true } }, (_req, reply) =>
    own(reply, 'text/javascript; charset=utf-8', START_JS),
  );
  app.get(`${STATIC_PATH}*`, { schema: { hide: true } }, async (req, reply) => {
    const file = await getStaticFile({
      staticPath: STATIC_PATH,
      urlPath: req.url,
      acceptEncoding: req.headers['accept-encoding'],
      disallowDevAssets: true,
    });
    if (!file) return reply.callNotFound();
    reply.headers({ etag: file.headers.etag, vary: 'accept-encoding', 'cache-control': 'public, max-age=3600' });
    if (req.headers['if-none-match'] === file.headers.etag) return reply.code(304).send();
    return reply.headers({ ...file.headers, 'x-content-type-options': 'nosniff' }).send(file.content);
  });
}
