/**
 * Commit–reveal through the API, worker in its own process on PostgreSQL + Redis: a full game
 * with both sides committing, refused reveals that change nothing, and missed reveals at the
 * deadline.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SeededDice } from '#engine/dice.js';
import { commitmentOf } from '#platform/trust/canonical.js';
import { gameFingerprint, withPg } from '../helpers/db.js';
import { collect, errorCode, waitFor, wsClient } from '../helpers/gql.js';
import { as, createGame, join, register, submit, view, type Player } from '../helpers/play.js';
import { startStack, type Stack } from '../helpers/stack.js';
import { commit, COMMIT, LIVE, newSalt, play, reveal, UNLIMITED } from '../helpers/trust.js';

let stack: Stack;
let alice: Player;
let bob: Player;

beforeAll(async () => {
  stack = await startStack('services', UNLIMITED);
  await stack.spawnWorker();
  const s = Math.random().toString(36).slice(2, 8);
  alice = await register(stack.base, `cra_${s}`);
  bob = await register(stack.base, `crb_${s}`);
});
afterAll(async () => stack?.close());

async function newGame(extra: Record<string, unknown> = {}) {
  const g = await createGame(stack.base, alice, {
    module: 'sealed-bid',
    scenario: 'standard',
    side: 'north',
    ...extra,
  });
  await join(stack.base, bob, g.id, 'south');
  return g.id;
}

const stepRecords = (gameId: string) =>
  withPg(
    async (c) =>
      (
        await c.query(
          `SELECT step, salts, commitments, rolls, origins FROM "StepRecord" WHERE "gameId" = $1 ORDER BY step`,
          [gameId],
        )
      ).rows,
  );

describe('commit–reveal', () => {
  it('plays a full game with both sides committing to every secret prompt; revealed salts feed the dice', async () => {
    const ws = wsClient(stack.base, alice.token);
    const turns = collect(ws, `subscription{myTurn{gameId step sides reveal}}`);
    await new Promise((r) => setTimeout(r, 300));
    const gameId = await newGame();
    const played = await play(stack.base, { north: alice, south: bob }, gameId, { commitReveal: () => true });
    // Once both had committed, each was told to reveal.
    await turns.until((items) =>
      items.some((i: any) => i.myTurn.gameId === gameId && i.myTurn.reveal === true && i.myTurn.step === 1),
    );
    await ws.dispose();
    const final = await view(stack.base, alice, gameId);
    expect(final.game.status).toBe('FINISHED');
    expect(final.events.filter((e: any) => e.type === 'reveal-open')).toHaveLength(3);
    expect(played.receipts.filter((r) => r.kind === 'commitment')).toHaveLength(6);

    // Every bid step kept both commitments and salts, and its rolls are exactly the seeded
    // derivation with those salts: the server alone could not have chosen them.
    const records = await stepRecords(gameId);
    const bidSteps = records.filter((r) => Object.keys(r.commitments).length > 0);
    expect(bidSteps.map((r) => r.step)).toEqual([1, 4, 7]);
    for (const r of bidSteps) {
      expect(Object.keys(r.salts).sort()).toEqual(['north', 'south']);
      const dice = new SeededDice({ seed: final.game.seed, gameId, step: r.step, salts: Object.values(r.salts) });
      for (const roll of r.rolls) expect(dice.roll(roll.sides, roll.label)).toBe(roll.value);
      expect(r.rolls.length).toBeGreaterThan(0); // equal bids: tie-break dice
      // Without the salts the stream is another one (32 dice: no chance agreement).
      const stream = (salts?: string[]) => {
        const d = new SeededDice({ seed: final.game.seed, gameId, step: r.step, salts });
        return Array.from({ length: 32 }, () => d.d6('x')).join('');
      };
      expect(stream()).not.toBe(stream(Object.values(r.salts)));
    }
  });

  it('refuses reveals before every side is bound, mismatched reveals, and plain orders from a committed side, changing nothing', async () => {
    const gameId = await newGame();
    const orders = { bid: 2, note: 'the real plan' };
    const salt = newSalt();
    const c = await commit(stack.base, alice, gameId, 1, orders, salt);
    expect(c.data.commitOrders.revealOpen).toBe(false);

    // Everything the game owns, commitments and receipts included.
    const fingerprint = async () =>
      (await gameFingerprint(gameId)) +
      JSON.stringify(
        await withPg(async (c) => [
          (
            await c.query(
              `SELECT side, commitment, salt, "revealedAt" FROM "Commitment" WHERE "gameId" = $1 ORDER BY side`,
              [gameId],
            )
          ).rows,
          (await c.query(`SELECT count(*)::int AS n FROM "Receipt" WHERE "gameId" = $1`, [gameId])).rows,
        ]),
      );
    const rejects = async (code: string, act: () => Promise<{ errors?: any[] }>) => {
      const before = await fingerprint();
      const r = await act();
      expect(r.errors?.[0]?.extensions?.code, JSON.stringify(r.errors)).toBe(code);
      expect(await fingerprint()).toBe(before);
      return r.errors![0];
    };
    await rejects('REVEAL_NOT_OPEN', () => reveal(stack.base, alice, gameId, 1, orders, salt));
    await rejects('COMMITTED', () => submit(stack.base, alice, gameId, 1, orders));
    await rejects('BAD_INPUT', () =>
      as(stack.base, alice, COMMIT, { g: gameId, s: 1, c: 'not-a-hash', k: randomUUID() }),
    );

    await submit(stack.base, bob, gameId, 1, { bid: 1, note: 'plain sealed' }); // bob is bound by plain orders
    const live = (await as(stack.base, alice, LIVE, { id: gameId })).data.game;
    expect(live.revealOpen).toBe(true);
    expect(live.commitments).toEqual([{ side: 'north', committed: true, revealed: false }]);
    await rejects('ORDERS_LOCKED', () => submit(stack.base, bob, gameId, 1, { bid: 0, note: 'changed my mind' }));

    const e = await rejects('COMMITMENT_MISMATCH', () =>
      reveal(stack.base, alice, gameId, 1, { ...orders, bid: 3 }, salt),
    );
    expect(e.extensions.commitment).toBe(commitmentOf(orders, salt));
    expect(JSON.stringify(e)).not.toContain('plain sealed');
    await rejects('COMMITMENT_MISMATCH', () => reveal(stack.base, alice, gameId, 1, orders, newSalt()));
    await rejects('NO_COMMITMENT', () => reveal(stack.base, bob, gameId, 1, { bid: 1, note: 'plain sealed' }, salt));

    const ok = await reveal(stack.base, alice, gameId, 1, orders, salt);
    expect(ok.errors).toBeUndefined();
    expect(ok.data.revealOrders.stepComplete).toBe(true);
    await waitFor(async () => (await view(stack.base, alice, gameId)).game.step === 2);
    const v = await view(stack.base, alice, gameId);
    expect(v.events.find((x: any) => x.type === 'bids-revealed').data.bids).toEqual({ north: 2, south: 1 });
    // Open prompts take no commitment.
    const claim = await commit(stack.base, alice, gameId, 2, { prize: 'crown' }, salt);
    expect(errorCode(claim)).toBe('NOT_SECRET');
  });

  it('a side that does not reveal by the deadline misses the turn, recorded as unrevealed', async () => {
    const gameId = await newGame({ timeControl: { preset: 'custom', stepSeconds: 3 } });
    const saltA = newSalt();
    await commit(stack.base, alice, gameId, 1, { bid: 4, note: 'a' }, saltA);
    await commit(stack.base, bob, gameId, 1, { bid: 5, note: 'b' }, newSalt());
    expect((await reveal(stack.base, alice, gameId, 1, { bid: 4, note: 'a' }, saltA)).errors).toBeUndefined();
    await waitFor(async () => (await view(stack.base, alice, gameId)).game.step === 2, 20_000);
    const v = await view(stack.base, alice, gameId);
    const resolved = v.events.find((e: any) => e.type === 'step-resolved' && e.step === 1);
    expect(resolved.data).toMatchObject({ defaulted: ['south'], unrevealed: ['south'] });
    expect(v.events.find((e: any) => e.type === 'bids-revealed').data.bids).toEqual({ north: 4, south: 0 });
    const [, s1] = await stepRecords(gameId);
    expect(s1.origins).toEqual({ north: 'player', south: 'unrevealed' });
    expect(Object.keys(s1.salts)).toEqual(['north']);
  });

  it('a deadline that passes before every side is bound gives the committed side time to reveal', async () => {
    const gameId = await newGame({ timeControl: { preset: 'custom', stepSeconds: 3 } });
    const salt = newSalt();
    await commit(stack.base, alice, gameId, 1, { bid: 3, note: 'bound' }, salt);
    // Bob sends nothing: at the deadline he is bound to his defaults and Alice may reveal. The
    // view's fields are read one after another, so one read may show the window open before the
    // event that announces it: wait for both.
    const opened = await waitFor(async () => {
      const live = (await as(stack.base, alice, LIVE, { id: gameId })).data.game;
      return live.revealOpen && live.events.some((e: { type: string }) => e.type === 'reveal-open') ? live : null;
    }, 20_000);
    expect(opened.game.step).toBe(1);
    expect(opened.events.at(-1)).toMatchObject({ type: 'reveal-open', data: { committed: ['north'] } });
    expect((await reveal(stack.base, alice, gameId, 1, { bid: 3, note: 'bound' }, salt)).errors).toBeUndefined();
    await waitFor(async () => (await view(stack.base, alice, gameId)).game.step === 2, 20_000);
    const v = await view(stack.base, alice, gameId);
    expect(v.events.find((e: any) => e.type === 'bids-revealed').data.bids).toEqual({ north: 3, south: 0 });
    expect(v.events.find((e: any) => e.type === 'step-resolved' && e.step === 1).data).toMatchObject({
      defaulted: ['south'],
      unrevealed: [],
    });
  });
});
