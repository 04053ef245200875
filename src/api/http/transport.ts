/**
 * How responses travel: CORS for the origins CORS_ORIGINS names (none by default), compression
 * (gzip or brotli, when the client accepts it and the body is over 1 KiB), and Cache-Control on
 * GET answers: public data the same for every caller may be cached a while; everything else
 * (per-user data, anything sent with a credential) is `private, no-store`.
 */
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import { REST_PREFIX } from '../rest/index.js';

/** Route patterns whose GET answer is public and the same for everyone, with their max-age. */
export const PUBLIC_CACHE: Record<string, number> = {
  [`${REST_PREFIX}/modules`]: 300, // the games this server runs: change only with a deployment
};

export async function registerTransport(app: FastifyInstance, corsOrigins: string[]) {
  if (corsOrigins.length) {
    await app.register(cors, {
      origin: corsOrigins.includes('*') ? '*' : corsOrigins,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      // Credentials travel in the Authorization header, never in cookies.
      credentials: false,
      exposedHeaders: ['retry-after', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'],
      maxAge: 600,
    });
  }
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  app.addHook('onSend', async (req, reply, payload) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || reply.hasHeader('cache-control')) return payload;
    const maxAge = PUBLIC_CACHE[req.routeOptions.url ?? ''];
    const shared = maxAge !== undefined && reply.statusCode === 200 && !req.headers.authorization;
    reply.header('cache-control', shared ? `public, max-age=${maxAge}` : 'private, no-store');
    return payload;
  });
}
