/**
 * User.reliability is batched (a Mercurius loader over missed-turns.ts `reliabilities`): listing
 * 5 or 30 games with every seat's `user { reliability }` costs the same number of SQL queries,
 * and the figures equal the ones counted user by user (six counts each, as the single-user
 * figures were computed before batching).
 */
import { randomUUID } from 'node:crypto';
import { countingSql } from '../helpers/sql-count.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createGame, join, register, type Player } from '../helpers/play.js';
import { startStack, type Stack } from '../helpers/stack.js';

const LIST = `query($n:Int!){games(first:$n){id seats{side user{id reliability{turnsPlayed turnsMissed excusesUsed civilDisorders forfeits resignations ratio}}}}}`;
const ACTIONS = ['default', 'bot', 'forfeit', 'excused', 'resigned'];

describe('User.reliability batched', () => {
  let stack: Stack;
  const players: Player[] = [];
  const games: string[] = [];

  beforeAll(async () => {
    stack = await startStack('services');
    for (let i = 0; i < 6; i++) players.push(await register(stack.base, `rel${i}_${randomUUID().slice(0, 6)}`));
    for (let g = 0; g < 30; g++) {
      const [a, b] = [players[g % 6], players[(g + 1 + (g % 5)) % 6]];
      const game = await createGame(stack.base, a, { module: 'sealed-bid', scenario: 'standard', side: 'north' });
      await join(stack.base, b, game.id);
      games.push(game.id);
    }
    // Different records per user: turns played (and some not by the player), and misses of every kind.
    const prisma = stack.booted.platform.prisma;
    for (const [g, gameId] of games.entries()) {
      const user = players[g % 6];
      for (let step = 1; step <= g % 4; step++) {
        await prisma.submission.create({
          data: {
            gameId,
            step,
            side: 'north',
            userId: user.id,
            orders: {},
            ordersHash: `h${step}`,
            idempotencyKey: randomUUID(),
            origin: step === 3 ? 'default' : 'player',
          },
        });
      }
      for (const [i, action] of ACTIONS.entries()) {
        if ((g + i) % 3 === 0)
          await prisma.missedTurn.create({
            data: { gameId, step: 10 + i, side: 'south', userId: players[(g + i) % 6].id, action },
          });
      }
    }
  }, 240_000);
  afterAll(async () => {
    await stack?.close();
  });

  /** The unbatched figures: six counts per user. */
  async function unbatched(userId: string) {
    const prisma = stack.booted.platform.prisma;
    const [played, missed, excused, bot, forfeit, resigned] = await Promise.all([
      prisma.submission.count({ where: { userId, origin: 'player' } }),
      prisma.missedTurn.count({ where: { userId, action: { in: ['default', 'bot', 'forfeit'] } } }),
      prisma.missedTurn.count({ where: { userId, action: 'excused' } }),
      prisma.missedTurn.count({ where: { userId, action: 'bot' } }),
      prisma.missedTurn.count({ where: { userId, action: 'forfeit' } }),
      prisma.missedTurn.count({ where: { userId, action: 'resigned' } }),
    ]);
    const total = played + missed;
    return {
      turnsPlayed: played,
      turnsMissed: missed,
      excusesUsed: excused,
      civilDisorders: bot,
      forfeits: forfeit,
      resignations: resigned,
      ratio: total === 0 ? 1 : played / total,
    };
  }

  /** The request's SQL: the fewest statements over three runs, as the stack's background pollers
   * (outbox, timers) share the process and only ever add statements to a run. */
  async function list(n: number) {
    let best: Awaited<ReturnType<typeof listOnce>> | undefined;
    for (let i = 0; i < 3; i++) {
      const run = await listOnce(n);
      if (!best || run.total < best.total) best = run;
    }
    return best!;
  }

  async function listOnce(n: number) {
    const { result, sql } = await countingSql(() => as(stack.base, players[0], LIST, { n }));
    expect(result.errors).toBeUndefined();
    const listed = result.data.games as {
      id: string;
      seats: { side: string; user: { id: string; reliability: unknown } }[];
    }[];
    expect(listed).toHaveLength(n);
    const reliabilitySql = sql.filter((s) => /"(MissedTurn|Submission)"/.test(s));
    return { listed, total: sql.length, reliabilitySql: reliabilitySql.length };
  }

  it('costs the same SQL for 5 games as for 30, with the figures of the per-user counts', async () => {
    const five = await list(5);
    const thirty = await list(30);
    console.log(
      `reliability SQL statements: 5 games ${five.reliabilitySql}, 30 games ${thirty.reliabilitySql}; all SQL: ${five.total} and ${thirty.total}`,
    );
    expect(thirty.listed.flatMap((g) => g.seats)).toHaveLength(60);
    // One grouped statement per table (submissions, missed turns), whatever the number of games.
    expect(five.reliabilitySql).toBe(2);
    expect(thirty.reliabilitySql).toBe(2);
    expect(thirty.total).toBe(five.total);

    const seen = new Map<string, unknown>();
    for (const seat of thirty.listed.flatMap((g) => g.seats)) seen.set(seat.user.id, seat.user.reliability);
    expect(seen.size).toBe(6);
    for (const [userId, figures] of seen) expect(figures).toEqual(await unbatched(userId));
    // The seeded records are not all alike, so equal figures are not an accident of zeros.
    expect(new Set([...seen.values()].map((f) => JSON.stringify(f))).size).toBeGreaterThan(2);
  }, 60_000);

  it('me { reliability } still answers for one user', async () => {
    const r = await as(
      stack.base,
      players[1],
      `query{me{reliability{turnsPlayed turnsMissed excusesUsed civilDisorders forfeits resignations ratio}}}`,
    );
    expect(r.errors).toBeUndefined();
    expect(r.data.me.reliability).toEqual(await unbatched(players[1].id));
  });
});
