/**
 * Rate limits per credential and per client address, shared by two API instances through
 * Redis; 429 with Retry-After and the documented error body on REST and GraphQL. The in-memory
 * store (no Redis) is checked on a bare server.
 */
import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerRateLimits } from '#api/http/rate-limit.js';
import { installErrorHandling } from '#api/http/error-handler.js';
import { gql } from '../helpers/gql.js';
import { register } from '../helpers/play.js';
import { expectApiError, OpenApiResponses, rest } from '../helpers/rest.js';
import { startStack, type Stack } from '../helpers/stack.js';

/** Two API instances on the same Redis and key prefix (and the same JWT key, as in production). */
async function pair(limits: Record<string, string>): Promise<[Stack, Stack]> {
  const id = randomBytes(4).toString('hex');
  const env = {
    API_REDIS_PREFIX: `rltest${id}:`,
    JWT_SECRET: `rl-secret-${id}`,
    RATE_LIMIT_WINDOW_SECONDS: '60',
    ...limits,
  };
  return [await startStack('services', env), await startStack('services', env)];
}

describe('per credential, across two instances', () => {
  let a: Stack;
  let b: Stack;
  beforeAll(async () => ([a, b] = await pair({ RATE_LIMIT_PER_TOKEN: '5', RATE_LIMIT_PER_IP: '1000' })));
  afterAll(async () => Promise.all([a?.close(), b?.close()]));

  it('the budget is shared, then 429 with Retry-After and the documented body', async () => {
    const carol = await register(a.base, `rl_carol_${randomBytes(3).toString('hex')}`);
    const remaining: string[] = [];
    for (const [i, s] of [a, b, a, b, a].entries()) {
      const r = await rest(s.base, 'GET', '/me', { token: carol.token });
      expect(r.status, `request ${i + 1}`).toBe(200);
      expect(r.headers.get('x-ratelimit-limit')).toBe('5');
      remaining.push(r.headers.get('x-ratelimit-remaining')!);
    }
    expect(remaining).toEqual(['4', '3', '2', '1', '0']);

    const refused = await rest(b.base, 'GET', '/me', { token: carol.token });
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expectApiError(refused.body.error, 'RATE_LIMITED');
    expect(refused.body.error).toMatchObject({ retryAfter, limit: 5, limitedBy: 'token' });
    new OpenApiResponses(await (await fetch(`${b.base}/docs/json`)).json()).check('GET', '/api/v1/me', refused);

    // GraphQL on the other instance: same budget, GraphQL's error shape.
    const viaGraphql = await gql(a.base, '{ me { id } }', {}, carol.token);
    expect(viaGraphql.status).toBe(429);
    expect(viaGraphql.errors?.[0]).toMatchObject({
      extensions: { code: 'RATE_LIMITED', details: [], limitedBy: 'token' },
    });

    // Another credential has its own budget; health probes are never limited.
    const dave = await register(b.base, `rl_dave_${randomBytes(3).toString('hex')}`);
    expect((await rest(a.base, 'GET', '/me', { token: dave.token })).status).toBe(200);
    expect((await fetch(`${a.base}/healthz`, { headers: { authorization: `Bearer ${carol.token}` } })).status).toBe(
      200,
    );
  });
});

describe('per address, across two instances', () => {
  let a: Stack;
  let b: Stack;
  beforeAll(async () => ([a, b] = await pair({ RATE_LIMIT_PER_IP: '6', RATE_LIMIT_PER_TOKEN: '1000' })));
  afterAll(async () => Promise.all([a?.close(), b?.close()]));

  it('anonymous requests count against the address on both instances', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await rest(i % 2 ? b.base : a.base, 'GET', '/modules')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
    const refused = await rest(a.base, 'GET', '/modules', { token: 'wpt_anything' });
    expect(refused.status).toBe(429); // a credential does not lift the address limit
    expect(refused.body.error).toMatchObject({ code: 'RATE_LIMITED', limitedBy: 'ip' });
  });
});

describe('in memory, without Redis', () => {
  it('counts per address in the process', async () => {
    const app = Fastify({ logger: false });
    installErrorHandling(app, '/graphql');
    await registerRateLimits(app, { windowMs: 60_000, perIp: 2, perToken: 0 });
    app.get('/api/v1/ping', async () => ({ ok: true }));
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await app.inject({ method: 'GET', url: '/api/v1/ping' })).statusCode);
    expect(codes).toEqual([200, 200, 429]);
    const last = await app.inject({ method: 'GET', url: '/api/v1/ping' });
    expect(last.headers['retry-after']).toBeDefined();
    expect(last.json().error).toMatchObject({ code: 'RATE_LIMITED', details: [], limitedBy: 'ip' });
    await app.close();
  });
});
