/**
 * Login and refresh throttling (http/login-throttle.ts): failures per (account, address) are
 * refused strictly, failures per account loosely (only addresses that failed are refused), and
 * the owner from a clean address still logs in. Behind TRUST_PROXY the address is X-Forwarded-For.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginThrottle } from '#api/http/login-throttle.js';
import { AppError } from '#platform/errors.js';
import { register } from '../helpers/play.js';
import { expectApiError, rest } from '../helpers/rest.js';
import { startStack, type Stack } from '../helpers/stack.js';

const PASSWORD = 'correct horse battery'; // test/helpers/play.ts
const LOGIN = 'mutation($u:String!,$p:String!){login(username:$u,password:$p){accessToken}}';

async function gqlFrom(base: string, address: string, query: string, variables: Record<string, unknown>) {
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ query, variables }),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as any };
}
const restLogin = (base: string, address: string, username: string, password: string) =>
  rest(base, 'POST', '/auth/login', { body: { username, password }, headers: { 'x-forwarded-for': address } });

describe('login throttling', () => {
  let s: Stack;
  beforeAll(async () => {
    s = await startStack('services', {
      TRUST_PROXY: 'true',
      LOGIN_THROTTLE_WINDOW_SECONDS: '600',
      LOGIN_FAILURES_PER_ACCOUNT_ADDRESS: '4',
      LOGIN_FAILURES_PER_ACCOUNT: '10',
      LOGIN_FAILURES_PER_ADDRESS: '20',
    });
  });
  afterAll(async () => s?.close());

  it('many wrong passwords from one address: RATE_LIMITED with Retry-After (REST and GraphQL)', async () => {
    const name = `lt_a_${randomBytes(3).toString('hex')}`;
    await register(s.base, name);
    for (let i = 0; i < 4; i++) {
      const r = await restLogin(s.base, '203.0.113.7', name, `wrong-${i}-password`);
      expect(r.status, `attempt ${i + 1}`).toBe(401);
      expectApiError(r.body.error, 'INVALID_CREDENTIALS');
    }
    const refused = await restLogin(s.base, '203.0.113.7', name, PASSWORD); // even the right one, from here
    expect(refused.status).toBe(429);
    expectApiError(refused.body.error, 'RATE_LIMITED');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(refused.body.error).toMatchObject({ retryAfter, limitedBy: 'account-address' });

    const viaGraphql = await gqlFrom(s.base, '203.0.113.7', LOGIN, { u: name, p: 'another-wrong-one' });
    expect(viaGraphql.body.errors?.[0]?.extensions).toMatchObject({
      code: 'RATE_LIMITED',
      limitedBy: 'account-address',
    });
    expect(Number(viaGraphql.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);

    // The owner from another, clean address is not locked out.
    const owner = await restLogin(s.base, '198.51.100.1', name, PASSWORD);
    expect(owner.status).toBe(200);
    expect(owner.body.accessToken).toEqual(expect.any(String));
  });

  it('guesses spread over many addresses against one account are throttled; the owner still logs in', async () => {
    const name = `lt_b_${randomBytes(3).toString('hex')}`;
    await register(s.base, name);
    const codes: string[] = [];
    // 10 addresses, 3 guesses each: never the per-(account, address) limit of 4.
    for (let round = 0; round < 3; round++) {
      for (let a = 1; a <= 10; a++) {
        const r = await gqlFrom(s.base, `192.0.2.${a}`, LOGIN, { u: name, p: `guess-${round}-${a}-pw` });
        codes.push(r.body.errors?.[0]?.extensions?.code);
      }
    }
    expect(codes.slice(0, 10).every((c) => c === 'INVALID_CREDENTIALS')).toBe(true);
    // Past 10 failures for the account, every address that failed is refused.
    expect(codes.slice(10)).toEqual(Array(20).fill('RATE_LIMITED'));

    const owner = await gqlFrom(s.base, '198.51.100.2', LOGIN, { u: name, p: PASSWORD });
    expect(owner.body.errors).toBeUndefined();
    expect(owner.body.data.login.accessToken).toEqual(expect.any(String));
  });

  it('failed refreshes from one address are throttled; another address still refreshes', async () => {
    const name = `lt_c_${randomBytes(3).toString('hex')}`;
    const p = await register(s.base, name);
    let last = 0;
    for (let i = 0; i < 21; i++) {
      const r = await rest(s.base, 'POST', '/auth/refresh', {
        body: { refreshToken: `bogus-${i}` },
        headers: { 'x-forwarded-for': '203.0.113.99' },
      });
      last = r.status;
      if (i < 20) expect(r.status, `attempt ${i + 1}`).toBe(401);
    }
    expect(last).toBe(429);
    const ok = await rest(s.base, 'POST', '/auth/refresh', {
      body: { refreshToken: p.refreshToken },
      headers: { 'x-forwarded-for': '198.51.100.3' },
    });
    expect(ok.status).toBe(200);
  });
});

describe('in memory (embedded defaults, no Redis)', () => {
  it('counts failures per (account, address) and clears them on success', async () => {
    const t = new LoginThrottle({
      windowSeconds: 60,
      failuresPerAccountAddress: 2,
      failuresPerAccount: 0,
      failuresPerAddress: 0,
    });
    const wrong = () => Promise.reject(new AppError('INVALID_CREDENTIALS', 'Wrong user name or password.'));
    await expect(t.login('Ann', '10.0.0.1', wrong)).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect(await t.login('ann', '10.0.0.1', async () => 'ok')).toBe('ok'); // success clears the count
    for (let i = 0; i < 2; i++)
      await expect(t.login('ann', '10.0.0.1', wrong)).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    await expect(t.login('ANN', '10.0.0.1', async () => 'ok')).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      extra: { limitedBy: 'account-address' },
    });
    expect(await t.login('ann', '10.0.0.2', async () => 'ok')).toBe('ok');
  });

  it("calls onAccountLimit once, when the account's failures reach its limit", async () => {
    const told: [string, number][] = [];
    const t = new LoginThrottle(
      { windowSeconds: 60, failuresPerAccountAddress: 3, failuresPerAccount: 4, failuresPerAddress: 0 },
      undefined,
      '',
      (u, n) => told.push([u, n]),
    );
    const wrong = () => Promise.reject(new AppError('INVALID_CREDENTIALS', 'Wrong user name or password.'));
    for (let i = 0; i < 3; i++)
      await expect(t.login('Bo', `10.0.1.${i}`, wrong)).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect(told).toEqual([]);
    await expect(t.login('bo', '10.0.1.9', wrong)).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect(told).toEqual([['bo', 4]]);
    await expect(t.login('bo', '10.0.1.8', wrong)).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' }); // a clean address still tries
    expect(told).toHaveLength(1);
  });
});
