/**
 * The REST mirror end to end against the real services (worker in its own process): every flow
 * of the issue, each response checked against its schema in the served OpenAPI document, and
 * the same state seen through GraphQL (both call the same platform services).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, waitFor } from '../helpers/gql.js';
import { expectApiError, expectNoInternals, OpenApiResponses, rest, type RestResult } from '../helpers/rest.js';
import { startStack, type Stack } from '../helpers/stack.js';

let stack: Stack;
let api: OpenApiResponses;
const suffix = Math.random().toString(36).slice(2, 8);

/** Calls the API and checks the answer against the documented response schema. */
async function call(
  method: string,
  template: string,
  params: Record<string, string> = {},
  opts: Parameters<typeof rest>[3] & { query?: string } = {},
): Promise<RestResult> {
  const path =
    template.replace(/\{(\w+)\}/g, (_m, k) => encodeURIComponent(params[k])) + (opts.query ? `?${opts.query}` : '');
  const res = await rest(stack.base, method, path, opts);
  expectNoInternals(res.raw);
  api.check(method, `/api/v1${template}`, res);
  if (res.status >= 400) expectApiError(res.body.error);
  return res;
}

beforeAll(async () => {
  stack = await startStack('services');
  await stack.spawnWorker();
  api = new OpenApiResponses(await (await fetch(`${stack.base}/docs/json`)).json());
});
afterAll(async () => stack?.close());

describe('REST: accounts and tokens', () => {
  it('register, login, me, refresh rotation, logout', async () => {
    const username = `rest_a_${suffix}`;
    const reg = await call('POST', '/auth/register', {}, { body: { username, password: 'correct horse battery' } });
    expect(reg.status).toBe(201);
    expect(reg.body.user.username).toBe(username);
    const dup = await call(
      'POST',
      '/auth/register',
      {},
      { body: { username: username.toUpperCase(), password: 'another password' } },
    );
    expect([dup.status, dup.body.error.code]).toEqual([409, 'USERNAME_TAKEN']);
    const bad = await call('POST', '/auth/register', {}, { body: { username: 'x', password: 'short' } });
    expect([bad.status, bad.body.error.code]).toEqual([400, 'BAD_INPUT']);
    expect(bad.body.error.details[0].path).toEqual(['username']);

    const login = await call('POST', '/auth/login', {}, { body: { username, password: 'correct horse battery' } });
    expect(login.status).toBe(200);
    const wrong = await call('POST', '/auth/login', {}, { body: { username, password: 'wrong password' } });
    expect([wrong.status, wrong.body.error.code]).toEqual([401, 'INVALID_CREDENTIALS']);

    const me = await call('GET', '/me', {}, { token: login.body.accessToken });
    expect(me.body).toEqual({ id: reg.body.user.id, username });
    expect((await call('GET', '/me')).body.error.code).toBe('UNAUTHENTICATED');

    const r1 = await call('POST', '/auth/refresh', {}, { body: { refreshToken: login.body.refreshToken } });
    expect(r1.status).toBe(200);
    const reused = await call('POST', '/auth/refresh', {}, { body: { refreshToken: login.body.refreshToken } });
    expect([reused.status, reused.body.error.code]).toEqual([401, 'REFRESH_TOKEN_REUSED']);

    const out = await call('POST', '/auth/logout', {}, { body: { refreshToken: reg.body.refreshToken } });
    expect(out.body).toEqual({ revoked: true });
    expect(
      (await call('POST', '/auth/refresh', {}, { body: { refreshToken: reg.body.refreshToken } })).body.error.code,
    ).toBe('TOKEN_INVALID');
  });

  it('personal API tokens: create, use with scopes, list, revoke', async () => {
    const reg = await call(
      'POST',
      '/auth/register',
      {},
      { body: { username: `rest_t_${suffix}`, password: 'correct horse battery' } },
    );
    const session = reg.body.accessToken;
    const made = await call('POST', '/tokens', {}, { token: session, body: { name: 'bot', scopes: ['read', 'play'] } });
    expect(made.status).toBe(201);
    expect(made.body.token).toMatch(/^wpt_/);
    const bot = made.body.token;
    expect((await call('GET', '/me', {}, { token: bot })).body.username).toBe(`rest_t_${suffix}`);
    const denied = await call('GET', '/tokens', {}, { token: bot });
    expect([denied.status, denied.body.error.code, denied.body.error.scope]).toEqual([
      403,
      'INSUFFICIENT_SCOPE',
      'admin',
    ]);
    const listed = await call('GET', '/tokens', {}, { token: session });
    expect(listed.body.tokens.map((t: any) => t.name)).toEqual(['bot']);
    expect(listed.raw).not.toContain(bot);
    const badScope = await call('POST', '/tokens', {}, { token: session, body: { name: 'x', scopes: ['root'] } });
    expect([badScope.status, badScope.body.error.code]).toEqual([400, 'BAD_INPUT']);
    const revoked = await call('DELETE', '/tokens/{tokenId}', { tokenId: made.body.apiToken.id }, { token: session });
    expect(revoked.body).toEqual({ revoked: true });
    expect((await call('GET', '/me', {}, { token: bot })).body.error.code).toBe('TOKEN_INVALID');
  });
});

describe('REST: lobby and play', () => {
  let alice: string;
  let bob: string;
  let gameId: string;

  beforeAll(async () => {
    alice = (
      await call(
        'POST',
        '/auth/register',
        {},
        { body: { username: `rest_alice_${suffix}`, password: 'correct horse battery' } },
      )
    ).body.accessToken;
    bob = (
      await call(
        'POST',
        '/auth/register',
        {},
        { body: { username: `rest_bob_${suffix}`, password: 'correct horse battery' } },
      )
    ).body.accessToken;
  });

  it('modules, create, list, invite, leave, join', async () => {
    const modules = await call('GET', '/modules');
    expect(modules.body.modules.map((m: any) => m.id)).toContain('sealed-bid');

    const created = await call(
      'POST',
      '/games',
      {},
      { token: alice, body: { module: 'sealed-bid', scenario: 'standard', side: 'north', isPublic: false } },
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'OPEN', isPublic: false, seed: null, seats: [{ side: 'north' }] });
    gameId = created.body.id;
    expect(created.raw).not.toContain('"state"');

    const unknown = await call('POST', '/games', {}, { token: alice, body: { module: 'chess', scenario: 'x' } });
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'UNKNOWN_MODULE']);
    const extra = await call(
      'POST',
      '/games',
      {},
      { token: alice, body: { module: 'sealed-bid', scenario: 'short', colour: 'red' } },
    );
    expect(extra.body.error).toMatchObject({
      code: 'BAD_INPUT',
      details: [{ code: 'UNKNOWN_FIELD', path: ['body', 'colour'] }],
    });

    // Private: bob cannot see or join it until invited.
    expect((await call('GET', '/games', {}, { token: bob })).body.games.some((g: any) => g.id === gameId)).toBe(false);
    expect((await call('POST', '/games/{gameId}/join', { gameId }, { token: bob, body: {} })).body.error.code).toBe(
      'NOT_INVITED',
    );
    expect(
      (
        await call(
          'POST',
          '/games/{gameId}/invitations',
          { gameId },
          { token: bob, body: { username: `rest_alice_${suffix}` } },
        )
      ).body.error.code,
    ).toBe('FORBIDDEN');
    const inv = await call(
      'POST',
      '/games/{gameId}/invitations',
      { gameId },
      { token: alice, body: { username: `rest_bob_${suffix}` } },
    );
    expect(inv.body).toEqual({ ok: true });
    expect(
      (await call('GET', '/games', {}, { token: bob, query: 'status=OPEN&first=200' })).body.games.some(
        (g: any) => g.id === gameId,
      ),
    ).toBe(true);
    expect(
      (await call('GET', '/games', {}, { token: alice, query: 'mine=true' })).body.games.map((g: any) => g.id),
    ).toContain(gameId);

    // Alice frees her seat and takes it back.
    expect(
      (await call('POST', '/games/{gameId}/leave', { gameId }, { token: alice, body: { side: 'north' } })).body,
    ).toEqual({ ok: true });
    expect(
      (await call('POST', '/games/{gameId}/join', { gameId }, { token: alice, body: { side: 'north' } })).body.seats,
    ).toHaveLength(1);
    const joined = await call('POST', '/games/{gameId}/join', { gameId }, { token: bob });
    expect(joined.body).toMatchObject({ status: 'ACTIVE', step: 1 });
  });

  it('game view, validate, submit (with details on error), ready, drafts and events', async () => {
    const view = await call('GET', '/games/{gameId}', { gameId }, { token: alice });
    expect(view.body).toMatchObject({
      viewer: 'north',
      myPrompts: [{ side: 'north', kind: 'bid', secret: true }],
      mySubmission: null,
    });
    expect(view.body.owed).toEqual([
      { side: 'north', ready: false },
      { side: 'south', ready: false },
    ]);
    const spectator = await call('GET', '/games/{gameId}', { gameId });
    expect([spectator.status, spectator.body.error.code]).toEqual([404, 'NOT_FOUND']); // private games do not admit they exist

    const dry = await call(
      'POST',
      '/games/{gameId}/orders/validate',
      { gameId },
      { token: alice, body: { step: 1, orders: { bid: 99 } } },
    );
    expect(dry.body).toMatchObject({ valid: false, side: 'north', errors: [{ code: 'OVER_BUDGET', path: ['bid'] }] });
    const illegal = await call(
      'POST',
      '/games/{gameId}/orders',
      { gameId },
      { token: alice, body: { step: 1, orders: { bid: -1, note: 5 }, idempotencyKey: randomUUID() } },
    );
    expect(illegal.status).toBe(422);
    expect(illegal.body.error).toMatchObject({
      code: 'INVALID_ORDERS',
      details: [
        { code: 'BAD_BID', path: ['bid'] },
        { code: 'BAD_NOTE', path: ['note'] },
      ],
    });
    const stale = await call(
      'POST',
      '/games/{gameId}/orders',
      { gameId },
      { token: alice, body: { step: 7, orders: { bid: 1 }, idempotencyKey: randomUUID() } },
    );
    expect([stale.status, stale.body.error.code, stale.body.error.currentStep]).toEqual([409, 'STALE_STEP', 1]);

    const draft = await call(
      'PUT',
      '/games/{gameId}/draft',
      { gameId },
      { token: alice, body: { orders: { bid: 2, note: 'thinking' } } },
    );
    expect(draft.body).toEqual({ ok: true });
    expect((await call('GET', '/games/{gameId}/draft', { gameId }, { token: alice })).body).toEqual({
      orders: { bid: 2, note: 'thinking' },
    });
    expect((await call('GET', '/games/{gameId}/draft', { gameId }, { token: bob })).body).toEqual({ orders: null });

    const key = randomUUID();
    const sent = await call(
      'POST',
      '/games/{gameId}/orders',
      { gameId },
      { token: alice, body: { step: 1, orders: { bid: 3, note: 'alice secret' }, idempotencyKey: key, ready: false } },
    );
    expect(sent.body).toMatchObject({
      gameId,
      step: 1,
      side: 'north',
      ready: false,
      stepComplete: false,
      replayed: false,
    });
    expect(sent.body.receipt).toMatchObject({
      kind: 'orders',
      gameId,
      step: 1,
      side: 'north',
      hash: sent.body.ordersHash,
      signature: expect.any(String),
    });
    const replay = await call(
      'POST',
      '/games/{gameId}/orders',
      { gameId },
      { token: alice, body: { step: 1, orders: { bid: 3, note: 'alice secret' }, idempotencyKey: key, ready: false } },
    );
    expect(replay.body.replayed).toBe(true);
    expect(
      (await call('POST', '/games/{gameId}/ready', { gameId }, { token: alice, body: { step: 1, ready: true } })).body,
    ).toEqual({ ok: true });

    // The same state through GraphQL: both APIs call the same services.
    const viaGraphql = await gql(
      stack.base,
      `query($id:ID!){game(id:$id){owed{side ready} mySubmission{ordersHash ready}}}`,
      { id: gameId },
      alice,
    );
    expect(viaGraphql.data.game.mySubmission).toEqual({ ordersHash: sent.body.ordersHash, ready: true });
    expect((await call('GET', '/games/{gameId}', { gameId }, { token: bob })).raw).not.toContain('alice secret');

    const bobSent = await call(
      'POST',
      '/games/{gameId}/orders',
      { gameId },
      { token: bob, body: { step: 1, orders: { bid: 1, note: 'bob secret' }, idempotencyKey: randomUUID() } },
    );
    expect(bobSent.body.stepComplete).toBe(true);
    await waitFor(
      async () => (await rest(stack.base, 'GET', `/games/${gameId}`, { token: alice })).body.game.step === 2,
    );

    const events = await call('GET', '/games/{gameId}/events', { gameId }, { token: bob });
    const types = events.body.events.map((e: any) => e.type);
    expect(types).toEqual(expect.arrayContaining(['game-started', 'bids-revealed', 'step-resolved']));
    expect(events.raw).not.toContain('alice secret');
    const later = await call(
      'GET',
      '/games/{gameId}/events',
      { gameId },
      { token: bob, query: `afterSeq=${events.body.events[0].seq}&limit=1` },
    );
    expect(later.body.events.map((e: any) => e.seq)).toEqual([events.body.events[1].seq]);
    const claim = await call('GET', '/games/{gameId}', { gameId }, { token: alice });
    expect(claim.body.myPrompts[0]).toMatchObject({ kind: 'claim', choices: expect.arrayContaining(['crown']) });
    const notOwed = await call(
      'POST',
      '/games/{gameId}/orders',
      { gameId },
      { token: bob, body: { step: 2, orders: { prize: 'crown' }, idempotencyKey: randomUUID() } },
    );
    expect(notOwed.body.error.code).toBe('NOT_OWED');
  });
});

describe('REST: framework errors use the same shape', () => {
  const cases: [string, RequestInit & { path: string }, number, string][] = [
    ['unknown route', { path: '/api/v1/nowhere', method: 'GET' }, 404, 'NOT_FOUND'],
    [
      'malformed JSON',
      {
        path: '/api/v1/auth/login',
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"username": ',
      },
      400,
      'BAD_REQUEST',
    ],
    [
      'empty JSON body',
      { path: '/api/v1/auth/login', method: 'POST', headers: { 'content-type': 'application/json' }, body: '' },
      400,
      'BAD_REQUEST',
    ],
    [
      'prototype pollution',
      {
        path: '/api/v1/auth/login',
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"__proto__":{"x":1}}',
      },
      400,
      'BAD_REQUEST',
    ],
    [
      'unsupported media type',
      { path: '/api/v1/auth/login', method: 'POST', headers: { 'content-type': 'application/xml' }, body: '<login/>' },
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    ],
    [
      'text body',
      { path: '/api/v1/auth/login', method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hello' },
      400,
      'BAD_INPUT',
    ],
    [
      'oversized body',
      {
        path: '/api/v1/auth/login',
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'x'.repeat(300_000) }),
      },
      413,
      'PAYLOAD_TOO_LARGE',
    ],
    [
      'wrong type',
      {
        path: '/api/v1/auth/login',
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"username":["a"],"password":{}}',
      },
      400,
      'BAD_INPUT',
    ],
    ['undecodable URL', { path: '/api/v1/games/%E0%A4%A', method: 'GET' }, 400, 'BAD_REQUEST'],
    ['NUL character', { path: '/api/v1/games/%00', method: 'GET' }, 400, 'BAD_INPUT'],
    [
      'NUL in a body',
      {
        path: '/api/v1/auth/login',
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"username":"a\\u0000b","password":"xxxxxxxx"}',
      },
      400,
      'BAD_INPUT',
    ],
    [
      'lone surrogate in a body',
      {
        path: '/api/v1/games/x/orders/validate',
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer wpt_x' },
        body: '{"step":1,"orders":{"note":"a\\ud800"}}',
      },
      400,
      'BAD_INPUT',
    ],
    ['out-of-range integer', { path: '/api/v1/games/x/events?afterSeq=99999999999', method: 'GET' }, 400, 'BAD_INPUT'],
    ['unknown query parameter', { path: '/api/v1/games?colour=red', method: 'GET' }, 400, 'BAD_INPUT'],
  ];
  for (const [name, { path, ...init }, status, code] of cases) {
    it(`${name}: ${status} ${code}`, async () => {
      const res = await fetch(`${stack.base}${path}`, init);
      const raw = await res.text();
      expect(res.status, raw).toBe(status);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expectNoInternals(raw);
      const body = JSON.parse(raw);
      expectApiError(body.error, code);
    });
  }

  it('a validation error names the field', async () => {
    const res = await rest(stack.base, 'POST', '/auth/login', { body: { username: 'someone' } });
    expect(res.body.error).toMatchObject({
      code: 'BAD_INPUT',
      details: [{ code: 'MISSING_FIELD', path: ['body', 'password'] }],
    });
  });
});
