/**
 * GET /metrics (Prometheus text format, platform/metrics.ts) and the per-request counters: every
 * answered request counts under its route pattern (`/games/:id`, never the raw URL, so labels stay
 * few and carry no ids), 'unmatched' for 404s outside any route. METRICS_TOKEN guards the route.
 */
import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { metrics, registry } from '#platform/metrics.js';

const digest = (s: string) => createHash('sha256').update(s).digest();

export function registerMetrics(app: FastifyInstance, token: string | undefined) {
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    metrics.httpRequests.inc({ method: req.method, route, status_code: String(reply.statusCode) });
    metrics.httpDuration.observe({ method: req.method, route }, reply.elapsedTime / 1000);
  });
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    if (token) {
      const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
      // Compared as digests: equal length, constant time, whatever was sent.
      if (!timingSafeEqual(digest(given), digest(token))) {
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer realm="metrics"')
          .send({ error: { code: 'UNAUTHENTICATED', message: 'The metrics need the bearer token (METRICS_TOKEN).' } });
      }
    }
    return reply
      .header('content-type', registry.contentType)
      .header('cache-control', 'no-store')
      .send(await registry.metrics());
  });
}
