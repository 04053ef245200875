/** myTurn sends the owed state when a subscription starts, so a late subscriber never misses its turn. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { collect, wsClient } from '../helpers/gql.js';
import { as, createGame, join, register, submit } from '../helpers/play.js';
import { COMMIT } from '../helpers/trust.js';
import { startStack, type Stack } from '../helpers/stack.js';

const MY_TURN = `subscription{myTurn{gameId step sides deadline}}`;

let stack: Stack;
beforeAll(async () => {
  stack = await startStack('services');
});
afterAll(async () => stack?.close());

it('a player who subscribes after the step opened gets the notice first, naming only their own sides', async () => {
  const base = stack.base;
  const suffix = Math.random().toString(36).slice(2, 8);
  const [alice, bob, carol] = await Promise.all(['alice', 'bob', 'carol'].map((n) => register(base, `${n}_${suffix}`)));
  const g1 = await createGame(base, alice, { module: 'sealed-bid', scenario: 'standard', side: 'north' });
  await join(base, bob, g1.id);
  const g2 = await createGame(base, alice, { module: 'sealed-bid', scenario: 'standard', side: 'north' });
  await join(base, carol, g2.id);
  const open = await createGame(base, bob, { module: 'sealed-bid', scenario: 'standard', side: 'north' }); // not started: nothing owed
  const sent = await submit(base, alice, g1.id, 1, { bid: 1, note: 'n' });
  expect(sent.errors, JSON.stringify(sent.errors)).toBeUndefined();

  // Both subscribe only now, after step 1 opened (and after alice sent her orders in g1).
  const bobWs = wsClient(base, bob.token);
  const aliceWs = wsClient(base, alice.token);
  const bobTurns = collect(bobWs, MY_TURN);
  const aliceTurns = collect(aliceWs, MY_TURN);
  await bobTurns.until((items) => items.length >= 1);
  await aliceTurns.until((items) => items.length >= 1);
  await new Promise((r) => setTimeout(r, 300)); // any further (wrong) initial notice would arrive now

  expect(bobTurns.items).toEqual([{ myTurn: { gameId: g1.id, step: 1, sides: ['south'], deadline: null } }]);
  expect(bobTurns.raws.join('')).not.toContain(open.id);
  expect(bobTurns.raws.join('')).not.toContain('north'); // only the subscriber's own side
  // alice already sent her g1 orders: she owes only g2.
  expect(aliceTurns.items).toEqual([{ myTurn: { gameId: g2.id, step: 1, sides: ['north'], deadline: null } }]);
  expect(aliceTurns.raws.join('')).not.toContain('south');
  await Promise.all([bobWs.dispose(), aliceWs.dispose()]);
}, 60_000);

it('in the reveal phase the late notice asks only the committed side to reveal', async () => {
  const base = stack.base;
  const suffix = Math.random().toString(36).slice(2, 8);
  const [alice, bob] = await Promise.all(['alice', 'bob'].map((n) => register(base, `r${n}_${suffix}`)));
  const g = await createGame(base, alice, { module: 'sealed-bid', scenario: 'standard', side: 'north' });
  await join(base, bob, g.id);
  const committed = await as(base, bob, COMMIT, { g: g.id, s: 1, c: 'ab'.repeat(32), k: randomUUID() });
  expect(committed.errors, JSON.stringify(committed.errors)).toBeUndefined();
  const sent = await submit(base, alice, g.id, 1, { bid: 1, note: 'n' }); // every side bound: the reveal opens
  expect(sent.errors, JSON.stringify(sent.errors)).toBeUndefined();

  const bobWs = wsClient(base, bob.token);
  const aliceWs = wsClient(base, alice.token);
  const bobTurns = collect(bobWs, `subscription{myTurn{gameId step sides reveal}}`);
  const aliceTurns = collect(aliceWs, `subscription{myTurn{gameId step sides reveal}}`);
  await bobTurns.until((items) => items.length >= 1);
  await new Promise((r) => setTimeout(r, 300));
  expect(bobTurns.items).toEqual([{ myTurn: { gameId: g.id, step: 1, sides: ['south'], reveal: true } }]);
  expect(aliceTurns.items).toEqual([]); // her orders are in; she owes nothing
  await Promise.all([bobWs.dispose(), aliceWs.dispose()]);
}, 60_000);
