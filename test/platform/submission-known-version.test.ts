/**
 * The submission context skips what the API already holds (issue 22): submitOrders passes the row
 * version of the state the read model remembers (read-model.ts, one cache with the hot read), and
 * warpost_submission_context sends the state and stored prompts only when the row is at another
 * version. Checked on real PostgreSQL, on the pg pool (group commit: the batch function) and
 * through Prisma (the single function): with a warm cache nothing of the state comes back and the
 * remembered copy is what the checks use; after any other write of the row, even one that waited
 * for the submission's lock, the new state comes back and the submission is judged on it.
 * Sealed Bid's bids are checked against the side's budget, so a state differing only in the
 * budget tells which copy judged a bid. The bytes saved on a large state:
 * test/games/cerberus-submission-context.test.ts.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { Principal } from '#platform/auth/service.js';
import type { Platform } from '#platform/context.js';
import { prismaSql } from '#platform/db/sql.js';
import { submitOrders } from '#platform/play/orders.js';
import { clearReadCache, knownState, readGame, rememberState } from '#platform/play/read-model.js';
import { resolveStep } from '#platform/play/resolution.js';
import { readSubmissionContexts } from '#platform/play/submission-sql.js';
import { metrics } from '#platform/metrics.js';
import { sealedBidGame, useBootedPlatform } from '../helpers/stack.js';
import { context } from '../helpers/submission-context.js';

const platform = useBootedPlatform('submission-known-version');
const resolveCtx = { attempt: 1, final: false };

const newGame = (p: Platform) => sealedBidGame(platform.booted, 'kv', { platform: p });

/** The game row's current version and state, as PostgreSQL has them. */
async function row(p: Platform, gameId: string) {
  const [r] = await p.prisma.$queryRawUnsafe<{ version: string; state: { budgets: Record<string, number> } }[]>(
    `SELECT xmin::text || ':' || ctid::text AS version, state FROM "Game" WHERE id = $1`,
    gameId,
  );
  return r;
}

const submit = (p: Platform, user: Principal, gameId: string, step: number, orders: unknown) =>
  submitOrders(p, user, { gameId, step, orders, idempotencyKey: randomUUID() });

/** This process's count of submission checks by the source of their state (metrics.ts). */
async function states() {
  const { values } = await metrics.submissionStates.get();
  const of = (source: string) => values.find((v) => v.labels.source === source)?.value ?? 0;
  return { remembered: of('remembered'), read: of('read') };
}

/** The stored orders of `gameId`'s step 1, by side. */
async function stored(p: Platform, gameId: string) {
  const subs = await p.prisma.submission.findMany({ where: { gameId, step: 1 }, orderBy: { side: 'asc' } });
  return Object.fromEntries(subs.map((s) => [s.side, s.orders]));
}

describe('warpost_submission_context with a known version', () => {
  it('at the current version it returns the version but no state, size or prompts; at any other, all of them', async () => {
    const p = platform.booted.platform;
    const { gameId, north } = await newGame(p);
    const r = await row(p, gameId);
    const known = await context(p, gameId, north.userId, r.version);
    expect(known.game).toMatchObject({ id: gameId, version: r.version, state: null, stateBytes: null, prompts: null });
    for (const other of [null, `${r.version}x`]) {
      const full = await context(p, gameId, north.userId, other);
      expect(full.game.version).toBe(r.version);
      expect(full.game.state).toEqual(r.state);
      expect(full.game.stateBytes).toBeGreaterThan(0);
      expect(full.game.prompts).toMatchObject({ prompts: [{ side: 'north' }, { side: 'south' }] });
      expect(known.bytes).toBeLessThan(full.bytes - JSON.stringify(r.state).length);
    }
  });

  it('the batch function passes each item its own known version (NULL array: none known)', async () => {
    const p = platform.booted.platform;
    const a = await newGame(p);
    const b = await newGame(p);
    const [va, vb] = [(await row(p, a.gameId)).version, (await row(p, b.gameId)).version];
    const q = (g: { gameId: string; north: Principal }, known?: string) => ({
      gameId: g.gameId,
      userId: g.north.userId,
      key: randomUUID(),
      known,
    });
    const read = (qs: ReturnType<typeof q>[]) =>
      p.prisma.$transaction((tx) => readSubmissionContexts(prismaSql(tx), qs));
    const [ca, cb] = (await read([q(a, va), q(b, `${vb}x`)])) as Exclude<
      Awaited<ReturnType<typeof read>>[number],
      'busy'
    >[];
    expect(ca.game).toMatchObject({ version: va, state: null, prompts: null });
    expect(cb.game).toMatchObject({ version: vb, state: (await row(p, b.gameId)).state });
    expect(cb.game?.prompts).not.toBeNull();
    const none = await p.prisma.$transaction((tx) =>
      prismaSql(tx).query<{ ctxs: { game: { state: unknown } }[] }>(
        `SELECT warpost_submission_contexts($1::text[], $2::text[], $3::text[]) AS ctxs`,
        [[a.gameId], [a.north.userId], [randomUUID()]],
      ),
    );
    expect(none[0].ctxs[0].game.state).toEqual((await row(p, a.gameId)).state);
  });
});

describe.each([
  ['on the pg pool (group commit)', () => platform.booted.platform],
  ['through Prisma (embedded route)', () => ({ ...platform.booted.platform, pgPool: undefined }) as Platform],
])('submitOrders with the read model remembering the state, %s', (_name, platformOf) => {
  it('a warm cache is used: the context sends no state, and the submission is accepted, stored and resolved', async () => {
    const p = platformOf();
    const { gameId, north, south } = await newGame(p);
    clearReadCache();
    await readGame(p, gameId, null); // the hot read remembers the state
    const r = await row(p, gameId);
    expect(knownState(gameId)?.version).toBe(r.version);
    expect((await context(p, gameId, north.userId, knownState(gameId)!.version)).game.state).toBeNull();
    const before = await states();
    const a = await submit(p, north, gameId, 1, { bid: 10, note: 'all in' });
    expect(a).toMatchObject({ gameId, step: 1, side: 'north', ready: true, stepComplete: false, replayed: false });
    const b = await submit(p, south, gameId, 1, { bid: 2, note: '' });
    expect(b.stepComplete).toBe(true);
    expect(await states()).toEqual({ remembered: before.remembered + 2, read: before.read });
    expect(await stored(p, gameId)).toEqual({ north: { bid: 10, note: 'all in' }, south: { bid: 2, note: '' } });
    expect(await resolveStep(p, { gameId, step: 1 }, resolveCtx)).toBe('resolved');
    const after = await p.prisma.game.findUniqueOrThrow({ where: { id: gameId } });
    expect(after.step).toBe(2);
    expect((after.state as { budgets: Record<string, number> }).budgets).toEqual({ north: 0, south: 10 });
  });

  it('while the version is current the remembered copy is what judges (a budget only it has refuses a bid)', async () => {
    const p = platformOf();
    const { gameId, north } = await newGame(p);
    const r = await row(p, gameId);
    // The same version with a budget of 2 for north: only the remembered copy says so.
    rememberState(gameId, {
      version: r.version,
      module: 'sealed-bid',
      state: { ...r.state, budgets: { ...r.state.budgets, north: 2 } },
      stateBytes: 1,
      prompts: null,
    });
    await expect(submit(p, north, gameId, 1, { bid: 5 })).rejects.toMatchObject({ code: 'INVALID_ORDERS' });
    expect(await stored(p, gameId)).toEqual({});
  });

  it('after another write of the row the cached copy is not used: the new state comes back and judges', async () => {
    const p = platformOf();
    const { gameId, north, south } = await newGame(p);
    clearReadCache();
    await readGame(p, gameId, null);
    const old = knownState(gameId)!;
    expect((old.state as { budgets: Record<string, number> }).budgets.north).toBe(10);
    // Another path writes the row: north's budget is now 4.
    await p.prisma.$executeRawUnsafe(
      `UPDATE "Game" SET state = jsonb_set(state, '{budgets,north}', '4') WHERE id = $1`,
      gameId,
    );
    const r = await row(p, gameId);
    expect(r.version).not.toBe(old.version);
    const ctx = await context(p, gameId, north.userId, old.version);
    expect(ctx.game.version).toBe(r.version);
    expect(ctx.game.state).toEqual(r.state);
    // Legal under the remembered budget of 10, not under the row's 4.
    const before = await states();
    await expect(submit(p, north, gameId, 1, { bid: 7 })).rejects.toMatchObject({
      code: 'INVALID_ORDERS',
      details: [expect.objectContaining({ code: 'OVER_BUDGET' })],
    });
    // The submission remembered what it read: the next one sends the version it has now.
    expect(knownState(gameId)?.version).toBe(r.version);
    expect(await states()).toEqual({ remembered: before.remembered, read: before.read + 1 });
    expect(await submit(p, north, gameId, 1, { bid: 4 })).toMatchObject({ replayed: false, stepComplete: false });
    expect(await submit(p, south, gameId, 1, { bid: 9 })).toMatchObject({ stepComplete: true });
    expect(await stored(p, gameId)).toEqual({ north: { bid: 4 }, south: { bid: 9 } });
  });
});

describe('the version is checked by the statement that takes the lock', () => {
  it('a write of the row that holds the lock while the submission waits is what the submission sees', async () => {
    const p = platform.booted.platform;
    const { gameId, north } = await newGame(p);
    clearReadCache();
    await readGame(p, gameId, null);
    const known = knownState(gameId)!.version;
    const other = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query(`UPDATE "Game" SET state = jsonb_set(state, '{budgets,north}', '3') WHERE id = $1`, [gameId]);
      const pending = submit(p, north, gameId, 1, { bid: 6 });
      const outcome = pending.then(
        () => 'accepted',
        (e: { code?: string }) => e.code,
      );
      // The submission waits for the row lock (its context statement), then reads the committed write.
      // (Polled from outside the writer's transaction, whose view of pg_stat_activity is a snapshot.)
      const waiting = async () =>
        (
          await p.prisma.$queryRawUnsafe<{ n: number }[]>(
            `SELECT count(*)::int AS n FROM pg_stat_activity
              WHERE wait_event_type = 'Lock' AND query LIKE '%warpost_submission_context%' AND datname = current_database()`,
          )
        )[0].n;
      for (let i = 0; i < 200 && (await waiting()) === 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(await waiting()).toBe(1);
      await other.query('COMMIT');
      expect(await outcome).toBe('INVALID_ORDERS');
    } finally {
      await other.end();
    }
    const r = await row(p, gameId);
    expect(r.version).not.toBe(known);
    expect(knownState(gameId)?.version).toBe(r.version);
    expect(await stored(p, gameId)).toEqual({});
  });
});
