/**
 * A passing deadline applies the missed-turn policy exactly once, with two worker processes
 * racing for it: both workers' reconcilers see the passed deadline (by the shared controllable
 * clock), and duplicate deadline jobs under other ids are thrown in on top. Whatever the policy
 * (default orders, the bot, forfeit, an excuse), each game gets one decision: one MissedTurn row,
 * one step resolution (or one extension), one event each. A duplicate job that arrives after an
 * excuse moved the deadline does nothing until the new deadline passes, and then acts once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../helpers/gql.js';
import { submit } from '../helpers/play.js';
import { type Stack } from '../helpers/stack.js';
import { clockStack, deadlineOf, pair, view } from './helpers.js';

let stack: Stack;
beforeAll(async () => {
  stack = await clockStack({ WARPOST_RECONCILE_INTERVAL_MS: '100' }, 2);
});
afterAll(async () => stack?.close());

/** Throws `n` extra deadline jobs for a game's step into the queue, each under its own id. */
async function duplicates(gameId: string, step: number, n: number, tag: string) {
  await Promise.all(
    Array.from({ length: n }, (_, i) =>
      stack.booted.platform.queue.enqueue({ gameId, step, force: true }, { variant: `dup-${tag}-${i}` }),
    ),
  );
}

const db = () => stack.booted.platform.prisma;
const settle = () => new Promise((r) => setTimeout(r, 1500));

describe('a passing deadline, two workers', () => {
  it("applies each game's missed-turn policy exactly once", async () => {
    expect(stack.workers.filter((w) => w.exitCode === null)).toHaveLength(2);
    const games = {
      default1: await pair(stack, 'x1', { preset: 'standard' }),
      default2: await pair(stack, 'x2', { preset: 'standard' }),
      bot: await pair(stack, 'xb', { preset: 'standard', onMissedTurn: 'bot' }),
      forfeit: await pair(stack, 'xf', { preset: 'standard', onMissedTurn: 'forfeit' }),
      excuse: await pair(stack, 'xe', { preset: 'standard', excuses: 1 }),
    };
    let latest = 0;
    for (const { a, g } of Object.values(games)) {
      await submit(stack.base, a, g.id, 1, { bid: 1, note: 'on time' });
      latest = Math.max(latest, (await deadlineOf(stack, a, g.id))!.getTime());
    }
    await stack.clock.set(new Date(latest + 1000));
    for (const { g } of Object.values(games)) await duplicates(g.id, 1, 8, 'first');

    // Each game moves on (or is extended) once.
    await waitFor(async () => {
      for (const [name, { a, g }] of Object.entries(games)) {
        const v = await view(stack.base, a, g.id);
        const done =
          name === 'excuse'
            ? v.events.some((e: any) => e.type === 'deadline-extended')
            : v.game.step >= 2 || v.game.status === 'FINISHED';
        if (!done) return null;
      }
      return true;
    }, 30_000);
    await duplicates(games.excuse.g.id, 1, 8, 'after-extension'); // before the new deadline: no effect
    await settle();

    const missed = async (gameId: string) =>
      await db().missedTurn.findMany({
        where: { gameId },
        select: { userId: true, step: true, side: true, action: true },
      });
    const count = async (gameId: string, type: string) => db().gameEvent.count({ where: { gameId, type } });
    for (const name of ['default1', 'default2', 'bot'] as const) {
      const { b, g } = games[name];
      expect(await count(g.id, 'step-resolved')).toBe(1);
      expect(await db().stepRecord.count({ where: { gameId: g.id, step: 1 } })).toBe(1);
      expect(await missed(g.id)).toEqual([
        { userId: b.id, step: 1, side: 'south', action: name === 'bot' ? 'bot' : 'default' },
      ]);
    }
    expect(
      (await db().stepRecord.findUniqueOrThrow({ where: { gameId_step: { gameId: games.bot.g.id, step: 1 } } }))
        .origins,
    ).toEqual({ north: 'player', south: 'bot' });
    const f = games.forfeit;
    expect(await count(f.g.id, 'game-finished')).toBe(1);
    expect(await missed(f.g.id)).toEqual([{ userId: f.b.id, step: 1, side: 'south', action: 'forfeit' }]);
    const e = games.excuse;
    expect((await view(stack.base, e.a, e.g.id)).game.step).toBe(1);
    expect(await count(e.g.id, 'deadline-extended')).toBe(1);
    expect(await missed(e.g.id)).toEqual([{ userId: e.b.id, step: 1, side: 'south', action: 'excused' }]);

    // The extended deadline passes: default orders, once, whatever number of jobs ask.
    const extended = (await deadlineOf(stack, e.a, e.g.id))!;
    await stack.clock.set(new Date(extended.getTime() + 1000));
    await duplicates(e.g.id, 1, 8, 'second');
    await waitFor(async () => (await view(stack.base, e.a, e.g.id)).game.step >= 2 || null, 30_000);
    await settle();
    expect(await count(e.g.id, 'step-resolved')).toBe(1);
    expect(await count(e.g.id, 'deadline-extended')).toBe(1);
    expect((await missed(e.g.id)).map((m) => m.action).sort()).toEqual(['default', 'excused']);
  });
});
