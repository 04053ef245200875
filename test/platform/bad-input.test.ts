/** Bad input gets a clear, structured error and changes nothing (issue: turn server, "Bad input"). */
import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameFingerprint } from '../helpers/db.js';
import { errorCode, gql, waitFor } from '../helpers/gql.js';
import { as, createGame, join, register, submit, SUBMIT, view, type Player } from '../helpers/play.js';
import { startStack, type Stack } from '../helpers/stack.js';

let stack: Stack;
let alice: Player;
let bob: Player;
let gameId: string;

beforeAll(async () => {
  stack = await startStack('services');
  await stack.spawnWorker();
  const s = Math.random().toString(36).slice(2, 8);
  alice = await register(stack.base, `alice_${s}`);
  bob = await register(stack.base, `bob_${s}`);
  gameId = (await createGame(stack.base, alice, { module: 'sealed-bid', scenario: 'standard', side: 'north' })).id;
  await join(stack.base, bob, gameId, 'south');
});
afterAll(async () => stack?.close());

/** Runs `act`, expects error `code`, and checks the game is exactly as before. */
async function rejects(code: string, act: () => Promise<{ errors?: any[] }>) {
  const before = await gameFingerprint(gameId);
  const r = await act();
  expect(r.errors?.[0]?.extensions?.code, JSON.stringify(r.errors)).toBe(code);
  expect(r.errors?.[0]?.message).toBeTruthy();
  expect(JSON.stringify(r.errors)).not.toMatch(/at .*\.ts:\d+|prisma|stack/i);
  expect(await gameFingerprint(gameId)).toBe(before);
  return r.errors![0];
}

describe('bad input changes nothing', () => {
  it('unknown game', async () => {
    const r = await gql(stack.base, `query($id:ID!){game(id:$id){viewer}}`, { id: randomUUID() }, alice.token);
    expect(errorCode(r)).toBe('NOT_FOUND');
    await rejects('NOT_FOUND', () => submit(stack.base, alice, randomUUID(), 1, { bid: 1 }));
  });

  it('stale or future step numbers, with the current step in the error', async () => {
    const e = await rejects('STALE_STEP', () => submit(stack.base, alice, gameId, 0, { bid: 1 }));
    expect(e.extensions.currentStep).toBe(1);
    await rejects('STALE_STEP', () => submit(stack.base, alice, gameId, 7, { bid: 1 }));
  });

  it('orders for a side you do not hold', async () => {
    await rejects('NOT_YOUR_SIDE', () => submit(stack.base, alice, gameId, 1, { bid: 1 }, { side: 'south' }));
    await rejects('NOT_YOUR_SIDE', () =>
      as(stack.base, alice, `query($id:ID!){game(id:$id,side:"south"){viewer}}`, { id: gameId }),
    );
  });

  it('illegal orders: every error has a code, a path and a sentence; nothing stored', async () => {
    const e = await rejects('INVALID_ORDERS', () => submit(stack.base, alice, gameId, 1, { bid: 99, note: 5 }));
    expect(e.extensions.details).toEqual([
      expect.objectContaining({ code: 'OVER_BUDGET', path: ['bid'] }),
      expect.objectContaining({ code: 'BAD_NOTE', path: ['note'] }),
    ]);
    expect((await view(stack.base, alice, gameId)).mySubmission).toBeNull();
    const dry = await as(
      stack.base,
      alice,
      `mutation($g:ID!){validateOrders(gameId:$g,step:1,orders:{bid:-1}){valid errors{code path message}}}`,
      { g: gameId },
    );
    expect(dry.data.validateOrders.valid).toBe(false);
    expect(dry.data.validateOrders.errors[0].code).toBe('BAD_BID');
  });

  it('idempotency: same key and content replays, different content is refused', async () => {
    const key = randomUUID();
    const first = await as(stack.base, alice, SUBMIT, {
      g: gameId,
      s: 1,
      o: { bid: 1, note: 'x' },
      k: key,
      ready: false,
    });
    expect(first.errors).toBeUndefined();
    const again = await as(stack.base, alice, SUBMIT, {
      g: gameId,
      s: 1,
      o: { bid: 1, note: 'x' },
      k: key,
      ready: false,
    });
    expect(again.data.submitOrders).toEqual({ ...first.data.submitOrders, replayed: true });
    await rejects('IDEMPOTENCY_KEY_REUSED', () =>
      as(stack.base, alice, SUBMIT, { g: gameId, s: 1, o: { bid: 2, note: 'x' }, k: key, ready: false }),
    );
  });

  it('expired, forged and malformed tokens', async () => {
    const expired = jwt.sign({ scopes: ['read', 'play'], username: alice.name }, stack.env.JWT_SECRET!, {
      subject: alice.id,
      issuer: 'warpost',
      expiresIn: -10,
    });
    const forged = jwt.sign({ scopes: ['read', 'play', 'admin'], username: alice.name }, 'not-the-secret', {
      subject: alice.id,
      issuer: 'warpost',
      expiresIn: 600,
    });
    const none = jwt.sign({ scopes: ['admin'] }, '', {
      algorithm: 'none',
      subject: alice.id,
      issuer: 'warpost',
    } as any);
    const q = `mutation($g:ID!){submitOrders(gameId:$g,step:1,orders:{bid:1},idempotencyKey:"t1"){step}}`;
    await rejects('TOKEN_EXPIRED', () => gql(stack.base, q, { g: gameId }, expired));
    await rejects('TOKEN_INVALID', () => gql(stack.base, q, { g: gameId }, forged));
    await rejects('TOKEN_INVALID', () => gql(stack.base, q, { g: gameId }, none));
    await rejects('TOKEN_INVALID', () => gql(stack.base, q, { g: gameId }, 'garbage'));
    await rejects('UNAUTHENTICATED', () => gql(stack.base, q, { g: gameId }));
  });

  it('malformed JSON and oversized bodies get 4xx, never 5xx', async () => {
    const before = await gameFingerprint(gameId);
    const bad = await fetch(`${stack.base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"query": ',
    });
    expect(bad.status).toBe(400);
    const big = await fetch(`${stack.base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${alice.token}` },
      body: JSON.stringify({
        query: SUBMIT,
        variables: { g: gameId, s: 1, o: { bid: 1, note: 'x'.repeat(400_000) }, k: 'big' },
      }),
    });
    expect(big.status).toBe(413);
    expect(await gameFingerprint(gameId)).toBe(before);
  });

  it('lobby misuse: taken side, started game, scopes', async () => {
    const carol = await register(stack.base, `carol_${Math.random().toString(36).slice(2, 8)}`);
    const r = await as(stack.base, carol, `mutation($g:ID!){joinGame(gameId:$g,side:"north"){id}}`, { g: gameId });
    expect(errorCode(r)).toBe('GAME_NOT_OPEN');
    const tok = await as(stack.base, carol, `mutation{createApiToken(name:"ro",scopes:[read]){token}}`);
    const ro = tok.data.createApiToken.token;
    const denied = await gql(
      stack.base,
      `mutation{createGame(input:{module:"sealed-bid",scenario:"short"}){id}}`,
      {},
      ro,
    );
    expect(errorCode(denied)).toBe('INSUFFICIENT_SCOPE');
    const unknown = await as(stack.base, carol, `mutation{createGame(input:{module:"chess",scenario:"x"}){id}}`);
    expect(errorCode(unknown)).toBe('UNKNOWN_MODULE');
    const badOpt = await as(
      stack.base,
      carol,
      `mutation{createGame(input:{module:"sealed-bid",scenario:"short",options:{budget:"lots",colour:1}}){id}}`,
    );
    expect(errorCode(badOpt)).toBe('INVALID_OPTION');
    expect(badOpt.errors![0].extensions!.details!.map((d: any) => d.path.join('.')).sort()).toEqual([
      'options.budget',
      'options.colour',
    ]);
    const g2 = await createGame(stack.base, carol, { module: 'sealed-bid', scenario: 'short', side: 'north' });
    const twice = await as(stack.base, carol, `mutation($g:ID!){joinGame(gameId:$g,side:"south"){id}}`, { g: g2.id });
    expect(errorCode(twice)).toBe('MULTI_SEAT_FORBIDDEN');
  });

  it('a side that owes nothing cannot submit', async () => {
    // Finish the bid step, then the loser owes nothing during the claim.
    await submit(stack.base, alice, gameId, 1, { bid: 3, note: 'a' });
    await submit(stack.base, bob, gameId, 1, { bid: 1, note: 'b' });
    await waitFor(async () => (await view(stack.base, alice, gameId)).game.step === 2);
    await rejects('NOT_OWED', () => submit(stack.base, bob, gameId, 2, { prize: 'crown' }));
  });
});
