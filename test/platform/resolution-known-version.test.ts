/**
 * The resolution context skips what the worker already holds (issue 22): after writing a step,
 * the worker remembers the state it wrote with the row version the write returned (read-model.ts,
 * one cache with the hot read and the submission check), and the next step's
 * warpost_resolution_context sends the state and stored prompts only when the row is at another
 * version. Checked on real PostgreSQL, on the pg pool and through Prisma (the embedded route):
 * with the cache warm the step resolves exactly as with a cold cache (same events, records,
 * state); after any other write of the row the new state comes back and is the one resolved.
 * The bytes saved on a large state: test/games/cerberus-resolution-context.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Principal } from '#platform/auth/service.js';
import type { Platform } from '#platform/context.js';
import { metrics } from '#platform/metrics.js';
import { submitOrders } from '#platform/play/orders.js';
import { clearReadCache, knownState, readGame } from '#platform/play/read-model.js';
import { resolveStep } from '#platform/play/resolution.js';
import { sealedBidGame, useBootedPlatform } from '../helpers/stack.js';
import { resolutionContext } from '../helpers/submission-context.js';

const platform = useBootedPlatform('resolution-known-version');
const resolveCtx = { attempt: 1, final: false };
const SEED = 'resolution-known-version-seed';

async function newGame(p: Platform) {
  const { gameId, north, south } = await sealedBidGame(platform.booted, 'rkv', { platform: p });
  // One seed for the games compared, so their dice roll alike.
  await p.prisma.game.update({ where: { id: gameId }, data: { seed: SEED } });
  return { gameId, players: { north, south } as Record<string, Principal> };
}

/** The game row's current version and state, as PostgreSQL sends it (jsonb's key order). */
async function row(p: Platform, gameId: string) {
  const [r] = await p.prisma.$queryRawUnsafe<{ version: string; state: { budgets: Record<string, number> } }[]>(
    `SELECT xmin::text || ':' || ctid::text AS version, state FROM "Game" WHERE id = $1`,
    gameId,
  );
  return r;
}

/** This process's count of ready steps by the source of their state (metrics.ts). */
async function states() {
  const { values } = await metrics.resolutionStates.get();
  const of = (source: string) => values.find((v) => v.labels.source === source)?.value ?? 0;
  return { remembered: of('remembered'), read: of('read') };
}

/** What the game's steps wrote, its own ids and times taken out. */
async function written(p: Platform, gameId: string) {
  const game = await p.prisma.game.findUniqueOrThrow({ where: { id: gameId } });
  const events = await p.prisma.gameEvent.findMany({ where: { gameId }, orderBy: { seq: 'asc' } });
  const records = await p.prisma.stepRecord.findMany({ where: { gameId }, orderBy: { step: 'asc' } });
  const plain = {
    game: { state: game.state, step: game.step, status: game.status, outcome: game.outcome },
    events: events.map((e) => ({ seq: e.seq, step: e.step, type: e.type, visibleTo: e.visibleTo, data: e.data })),
    records: records.map((r) => ({
      step: r.step,
      orders: r.orders,
      origins: r.origins,
      rolls: r.rolls,
      state: r.state,
    })),
  };
  return JSON.parse(JSON.stringify(plain).replaceAll(gameId, 'GAME'));
}

/**
 * Plays Sealed Bid's short scenario to its end (bids, a claim, the counter), calling `between`
 * before each step's resolution.
 */
async function play(p: Platform, gameId: string, players: Record<string, Principal>, between: () => Promise<void>) {
  const submit = (side: string, step: number, orders: unknown) =>
    submitOrders(p, players[side], { gameId, step, orders, idempotencyKey: randomUUID() });
  const resolve = async (step: number) => {
    await between();
    expect(await resolveStep(p, { gameId, step }, resolveCtx)).toBe('resolved');
  };
  await submit('north', 1, { bid: 3, note: 'n' });
  await submit('south', 1, { bid: 1, note: 's' });
  await resolve(1);
  const g = await row(p, gameId);
  const state = g.state as unknown as { winner: string; prizes: { id: string }[] };
  await submit(state.winner, 2, { prize: state.prizes[0].id });
  await resolve(2);
  await submit(state.winner === 'north' ? 'south' : 'north', 3, { accept: true });
  await resolve(3);
}

describe('warpost_resolution_context with a known version', () => {
  it('at the current version it returns the version but no state, size or prompts; at any other, all of them', async () => {
    const p = platform.booted.platform;
    // Not reseeded: the start's stored prompts are current for the row as it wrote it.
    const { gameId } = await sealedBidGame(platform.booted, 'rkv', { platform: p });
    const r = await row(p, gameId);
    const known = await resolutionContext(p, gameId, r.version);
    expect(known.game).toMatchObject({ id: gameId, version: r.version, state: null, stateBytes: null, prompts: null });
    for (const other of [null, `${r.version}x`]) {
      const full = await resolutionContext(p, gameId, other);
      expect(full.game.version).toBe(r.version);
      expect(full.game.state).toEqual(r.state);
      expect(full.game.stateBytes).toBeGreaterThan(0);
      expect(full.game.prompts).toMatchObject({ prompts: [{ side: 'north' }, { side: 'south' }] });
      expect(known.bytes).toBeLessThan(full.bytes - JSON.stringify(r.state).length);
    }
  });
});

describe.each([
  ['on the pg pool', () => platform.booted.platform],
  ['through Prisma (embedded route)', () => ({ ...platform.booted.platform, pgPool: undefined }) as Platform],
])('resolveStep with the read model remembering the state, %s', (_name, platformOf) => {
  it('each step after the first resolves on the state the previous one wrote, exactly as with a cold cache', async () => {
    const p = platformOf();
    const cold = await newGame(p);
    const warm = await newGame(p);
    const coldBefore = await states();
    await play(p, cold.gameId, cold.players, async () => clearReadCache());
    const coldAfter = await states();
    expect(coldAfter).toEqual({ remembered: coldBefore.remembered, read: coldBefore.read + 3 });

    clearReadCache();
    const warmBefore = await states();
    let steps = 0;
    await play(p, warm.gameId, warm.players, async () => {
      const r = await row(p, warm.gameId);
      if (steps++ > 0) {
        // The previous step's write is remembered at the row's version, as a read would return it
        // (jsonb's key order included), and the context sends none of it.
        const held = knownState(warm.gameId)!;
        expect(held.version).toBe(r.version);
        expect(JSON.stringify(held.state)).toBe(JSON.stringify(r.state));
        expect((await resolutionContext(p, warm.gameId, held.version)).game.state).toBeNull();
      }
    });
    // The first step took the state its submissions' checks remembered, the next two the one written.
    expect(await states()).toEqual({ remembered: warmBefore.remembered + 3, read: warmBefore.read });
    const reference = await written(p, cold.gameId);
    expect(reference.game.status).toBe('FINISHED');
    expect(reference.records.map((r: { step: number }) => r.step)).toEqual([0, 1, 2, 3]);
    expect(await written(p, warm.gameId)).toEqual(reference);
    // The hot read in the same process hits what the last step remembered.
    const last = await row(p, warm.gameId);
    expect(knownState(warm.gameId)?.version).toBe(last.version);
    const read = await readGame(p, warm.gameId, null);
    expect(read.game.state).toBe(knownState(warm.gameId)!.state);
  });

  it('after another write of the row the remembered copy is not used: the new state comes back and is resolved', async () => {
    const p = platformOf();
    const { gameId, players } = await newGame(p);
    clearReadCache();
    const submit = (side: string, orders: unknown) =>
      submitOrders(p, players[side], { gameId, step: 1, orders, idempotencyKey: randomUUID() });
    await submit('north', { bid: 3, note: '' });
    await submit('south', { bid: 1, note: '' });
    const old = knownState(gameId)!; // the submissions remembered the state they were checked on
    expect(old.version).toBe((await row(p, gameId)).version);
    expect(old.state).toMatchObject({ budgets: { north: 10, south: 10 } });
    // Another path writes the row after the bids were checked: north's budget is now 5.
    await p.prisma.$executeRawUnsafe(
      `UPDATE "Game" SET state = jsonb_set(state, '{budgets,north}', '5') WHERE id = $1`,
      gameId,
    );
    const r = await row(p, gameId);
    expect(r.version).not.toBe(old.version);
    const ctx = await resolutionContext(p, gameId, old.version);
    expect(ctx.game).toMatchObject({ version: r.version, state: r.state });
    const before = await states();
    expect(await resolveStep(p, { gameId, step: 1 }, resolveCtx)).toBe('resolved');
    expect(await states()).toEqual({ remembered: before.remembered, read: before.read + 1 });
    // The winning bid of 3 is paid from the row's budget of 5, not the remembered 10.
    const after = await row(p, gameId);
    expect(after.state.budgets).toEqual({ north: 2, south: 10 });
    expect(knownState(gameId)).toMatchObject({ version: after.version, state: { budgets: { north: 2, south: 10 } } });
  });
});
