/**
 * Exactly-once resolution: two submissions racing for the last owed slot, two workers competing,
 * and a worker killed in the middle of a resolution and restarted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withPg } from '../helpers/db.js';
import { waitFor } from '../helpers/gql.js';
import { createGame, join, register, submit, view, type Player } from '../helpers/play.js';
import { startStack, type Stack } from '../helpers/stack.js';

async function newGame(base: string, a: Player, b: Player) {
  const g = await createGame(base, a, { module: 'sealed-bid', scenario: 'standard', side: 'north' });
  await join(base, b, g.id, 'south');
  return g.id;
}

async function resolutionsOf(gameId: string, step: number) {
  return withPg(async (c) => {
    const steps = (
      await c.query(`SELECT count(*)::int AS n FROM "StepRecord" WHERE "gameId" = $1 AND step = $2`, [gameId, step])
    ).rows[0].n;
    const revealed = (
      await c.query(
        `SELECT count(*)::int AS n FROM "GameEvent" WHERE "gameId" = $1 AND step = $2 AND type = 'bids-revealed'`,
        [gameId, step],
      )
    ).rows[0].n;
    const seqs = (await c.query(`SELECT seq FROM "GameEvent" WHERE "gameId" = $1 ORDER BY seq`, [gameId])).rows.map(
      (r) => r.seq,
    );
    return { steps, revealed, contiguous: seqs.every((s, i) => s === i + 1) };
  });
}

describe('racing submissions', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack('services');
    await Promise.all([stack.spawnWorker(), stack.spawnWorker()]); // two workers compete for jobs
  });
  afterAll(async () => stack?.close());

  it('two submissions racing for the last owed slot resolve the step exactly once', async () => {
    const s = Math.random().toString(36).slice(2, 8);
    const a = await register(stack.base, `ra_${s}`);
    const b = await register(stack.base, `rb_${s}`);
    const games = await Promise.all(Array.from({ length: 8 }, () => newGame(stack.base, a, b)));
    await Promise.all(
      games.flatMap((g) => [
        submit(stack.base, a, g, 1, { bid: 2, note: 'n' }),
        submit(stack.base, b, g, 1, { bid: 1, note: 's' }),
      ]),
    );
    for (const g of games) {
      await waitFor(async () => (await view(stack.base, a, g)).game.step === 2);
      // Re-enqueue pressure: submitting again to the resolved step is refused as stale.
      const late = await submit(stack.base, b, g, 1, { bid: 1, note: 'late' });
      expect(late.errors?.[0]?.extensions?.code).toBe('STALE_STEP');
    }
    await new Promise((r) => setTimeout(r, 500));
    for (const g of games) expect(await resolutionsOf(g, 1)).toEqual({ steps: 1, revealed: 1, contiguous: true });
  });
});

describe('worker killed mid-resolution', () => {
  let stack: Stack;
  beforeAll(async () => (stack = await startStack('services')));
  afterAll(async () => stack?.close());

  it('the restarted worker resolves the step exactly once', async () => {
    const s = Math.random().toString(36).slice(2, 8);
    const a = await register(stack.base, `ka_${s}`);
    const b = await register(stack.base, `kb_${s}`);
    const g = await newGame(stack.base, a, b);

    // This worker pauses 20 s inside the resolution transaction; it is killed while paused.
    const slow = await stack.spawnWorker({ WARPOST_FAULT_RESOLVE_DELAY_MS: '20000' });
    let log = '';
    slow.stdout!.on('data', (d) => (log += d.toString()));
    await submit(stack.base, a, g, 1, { bid: 2, note: 'n' });
    await submit(stack.base, b, g, 1, { bid: 1, note: 's' });
    await waitFor(async () => log.includes('fault injection'), 20_000);
    slow.kill('SIGKILL');
    await new Promise((r) => slow.once('exit', r));

    // Nothing was written by the dead worker.
    expect((await view(stack.base, a, g)).game.step).toBe(1);
    expect(await resolutionsOf(g, 1)).toEqual({ steps: 0, revealed: 0, contiguous: true });

    await stack.spawnWorker();
    await waitFor(async () => (await view(stack.base, a, g)).game.step === 2, 30_000);
    await new Promise((r) => setTimeout(r, 1500)); // give any duplicate run time to show itself
    expect(await resolutionsOf(g, 1)).toEqual({ steps: 1, revealed: 1, contiguous: true });
  });
});
