/**
 * Rate limits (README, "Limits"): every request counts against its client address, and a
 * request with a credential also against that credential, in fixed windows. Counters live in
 * Redis when it is configured, so every API instance shares them; otherwise in memory. A 429
 * carries Retry-After and the documented error body (code RATE_LIMITED). If Redis is down the
 * limits are skipped rather than failing requests.
 */
import { createHash } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { ApiConfig } from '#platform/config/api.js';
import { AppError } from '#platform/errors.js';

/** Probes are never limited (orchestrators poll them). */
const EXEMPT = new Set(['/healthz', '/readyz']);

/** The credential of a request, hashed: the secret itself never becomes a Redis key. */
function credentialKey(req: FastifyRequest): string | null {
  const m = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization?.trim() ?? '');
  return m ? createHash('sha256').update(m[1]).digest('hex').slice(0, 32) : null;
}

type Check = Awaited<ReturnType<ReturnType<FastifyInstance['createRateLimit']>>>;
type Counted = Extract<Check, { isAllowed: false }>;

export async function registerRateLimits(
  app: FastifyInstance,
  config: ApiConfig['rateLimit'],
  redis?: Redis,
  redisPrefix = '',
) {
  await app.register(rateLimit, { global: false, redis, nameSpace: `${redisPrefix}rl:`, skipOnError: true });
  const limiters: { by: 'ip' | 'token'; check: (req: FastifyRequest) => Promise<Check> }[] = [];
  if (config.perIp > 0) {
    limiters.push({
      by: 'ip',
      check: app.createRateLimit({
        max: config.perIp,
        timeWindow: config.windowMs,
        keyGenerator: (req) => `ip:${req.ip}`,
      }),
    });
  }
  if (config.perToken > 0) {
    limiters.push({
      by: 'token',
      check: app.createRateLimit({
        max: config.perToken,
        timeWindow: config.windowMs,
        keyGenerator: (req) => `token:${credentialKey(req) ?? ''}`,
        allowList: (req) => credentialKey(req) === null,
      }),
    });
  }
  if (limiters.length === 0) return;

  app.addHook('onRequest', async (req, reply) => {
    if (EXEMPT.has(req.url.split('?')[0])) return;
    const counted: (Counted & { by: string })[] = [];
    for (const l of limiters) {
      const r = await l.check(req);
      if (!r.isAllowed) counted.push({ ...r, by: l.by });
    }
    if (counted.length === 0) return; // no credential and no per-address limit
    // Report the tightest budget; refuse if any is spent.
    const tightest = counted.reduce((a, b) => (b.remaining < a.remaining ? b : a));
    const exceeded = counted.find((r) => r.isExceeded);
    const shown = exceeded ?? tightest;
    reply.header('x-ratelimit-limit', shown.max);
    reply.header('x-ratelimit-remaining', exceeded ? 0 : shown.remaining);
    reply.header('x-ratelimit-reset', shown.ttlInSeconds);
    if (!exceeded) return;
    const retryAfter = Math.max(1, exceeded.ttlInSeconds);
    reply.header('retry-after', retryAfter);
    throw new AppError(
      'RATE_LIMITED',
      `Too many requests for this ${exceeded.by === 'ip' ? 'address' : 'credential'}; retry in ${retryAfter} s.`,
      [],
      {
        retryAfter,
        limit: exceeded.max,
        limitedBy: exceeded.by,
      },
    );
  });
}
