/**
 * Missed turns, by the game's policy (Game.timeControl: `excuses`, `onMissedTurn`). When a
 * deadline passes and a seated side owes orders it has not made ready:
 *   0. if its player is on vacation (vacations.ts) and the game allows vacations, the deadline
 *      moves to one full step after the (latest such) vacation ends; no miss is recorded;
 *   1. if its player has an excuse left (N per player per game) and has not been excused on
 *      this step, the deadline is extended once (one more step length) and the excuse is spent;
 *   2. otherwise the policy applies: the prompt's default orders ('default'), the module's bot
 *      takes the seat for the rest of the game ('bot': civil disorder, Seat.civilDisorder), or
 *      the side forfeits and the game ends ('forfeit').
 * Every missed turn is a MissedTurn row of the user who held the seat (a replacement player
 * does not inherit it), for reliability figures.
 */
import { randomUUID } from 'node:crypto';
import type { Json, Outcome, Prompt, Side } from '#engine/contract.js';
import { SeededDice } from '#engine/dice.js';
import type { Platform } from '../context.js';
import { prismaSql, type SqlTx } from '../db/sql.js';
import { appendPublicEvent } from '../events/event-log.js';
import type { Tx } from '../db/transactions.js';
import { deadlineFrom, promptKinds, readTimeControl } from './time-control.js';
import { onVacation } from './vacations.js';

type LockedGame = {
  id: string;
  step: number;
  seed: string;
  state: unknown;
  timeControl: unknown;
  seats: { id: string; side: string; userId: string; civilDisorder: boolean }[];
};

export type MissedTurnDecision =
  | { kind: 'extend'; deadline: Date; graceMs: number; sides: Side[] }
  | { kind: 'forfeit'; sides: Side[]; outcome: Outcome }
  | { kind: 'proceed'; botOrders: Record<Side, Json> };

/**
 * Decides what a passed deadline does to the sides that owe orders and have none ready.
 * `missing`: owed sides with no ready submission (and no commitment waiting to be revealed).
 */
export async function decideMissedTurns(
  p: Platform,
  tx: Tx,
  game: LockedGame,
  prompts: Prompt[],
  missing: Side[],
  allSides: Side[],
): Promise<MissedTurnDecision> {
  const tc = readTimeControl(game.timeControl);
  const module = p.modules.get((game as unknown as { module: string }).module);
  const botOrders: Record<Side, Json> = {};
  const botDice = () =>
    new SeededDice({ seed: game.seed, gameId: game.id, step: game.step, salts: ['civil-disorder'] });

  // Seats already in civil disorder: the bot plays them, no new miss is recorded.
  const players: Side[] = [];
  for (const side of missing) {
    const seat = game.seats.find((s) => s.side === side);
    if (seat?.civilDisorder) botOrders[side] = module.bot(game.state, side, botDice()) as Json;
    else players.push(side);
  }

  const now = p.clock.now();
  // 0. Vacations: the step waits for the players on vacation to come back.
  if (tc.allowVacations && players.length) {
    const holders = players
      .map((side) => ({ side, userId: game.seats.find((s) => s.side === side)?.userId }))
      .filter((h): h is { side: Side; userId: string } => !!h.userId);
    const away = await onVacation(tx, [...new Set(holders.map((h) => h.userId))], now);
    let until: Date | null = null;
    for (const end of away.values()) {
      const d = deadlineFrom(game.timeControl, end, promptKinds(prompts));
      if (d && (!until || d > until)) until = d;
    }
    if (until) {
      const sides = holders.filter((h) => away.has(h.userId)).map((h) => h.side);
      await tx.game.update({ where: { id: game.id }, data: { stepDeadline: until } });
      await appendPublicEvent(
        prismaSql(tx),
        game.id,
        game.step,
        'deadline-extended',
        { step: game.step, sides, deadline: until.toISOString(), reason: 'vacation' },
        'ACTIVE',
      );
      return { kind: 'extend', deadline: until, graceMs: tc.graceSeconds * 1000, sides };
    }
  }

  // 1. Excuses: extend the deadline once for each player who still has one.
  if (tc.excuses > 0) {
    const excused: { side: Side; userId: string }[] = [];
    for (const side of players) {
      const seat = game.seats.find((s) => s.side === side);
      if (!seat) continue;
      const thisStep = await tx.missedTurn.findUnique({
        where: { gameId_step_side_action: { gameId: game.id, step: game.step, side, action: 'excused' } },
      });
      if (thisStep) continue;
      const used = await tx.missedTurn.count({ where: { gameId: game.id, userId: seat.userId, action: 'excused' } });
      if (used < tc.excuses) excused.push({ side, userId: seat.userId });
    }
    const deadline = deadlineFrom(game.timeControl, now, promptKinds(prompts));
    if (excused.length && deadline) {
      await tx.missedTurn.createMany({
        data: excused.map((e) => ({
          userId: e.userId,
          gameId: game.id,
          step: game.step,
          side: e.side,
          action: 'excused',
        })),
        skipDuplicates: true,
      });
      await tx.game.update({ where: { id: game.id }, data: { stepDeadline: deadline } });
      const sides = excused.map((e) => e.side);
      await appendPublicEvent(
        prismaSql(tx),
        game.id,
        game.step,
        'deadline-extended',
        { step: game.step, sides, deadline: deadline.toISOString(), reason: 'excuse' },
        'ACTIVE',
      );
      return { kind: 'extend', deadline, graceMs: tc.graceSeconds * 1000, sides };
    }
  }

  // 2. The policy.
  if (tc.onMissedTurn === 'forfeit' && players.length > 0) {
    await record(prismaSql(tx), game, players, 'forfeit');
    const remaining = allSides.filter((s) => !players.includes(s));
    const outcome: Outcome = {
      winner: remaining.length === 1 ? remaining[0]! : null,
      level: 'forfeit',
      summary: `${players.join(', ')} forfeited by missing the deadline of step ${game.step}.`,
    };
    return { kind: 'forfeit', sides: players, outcome };
  }
  if (tc.onMissedTurn === 'bot') {
    for (const side of players) {
      botOrders[side] = module.bot(game.state, side, botDice()) as Json;
      const seat = game.seats.find((s) => s.side === side);
      if (seat) await tx.seat.update({ where: { id: seat.id }, data: { civilDisorder: true } });
    }
    await record(prismaSql(tx), game, players, 'bot');
  }
  // 'default': the resolution gives the prompt's default orders and records the miss.
  void prompts;
  return { kind: 'proceed', botOrders };
}

/**
 * Records missed turns (idempotent per game, step, side and action): the one writer of
 * MissedTurn rows, in plain SQL so the resolution's pg path and the Prisma paths share it.
 */
export async function record(
  sql: SqlTx,
  game: { id: string; step: number; seats: { side: string; userId: string }[] },
  sides: Side[],
  action: string,
) {
  const rows = sides.flatMap((side) => {
    const seat = game.seats.find((s) => s.side === side);
    return seat ? [{ id: randomUUID(), userId: seat.userId, side }] : [];
  });
  if (rows.length === 0) return;
  await sql.query(
    `INSERT INTO "MissedTurn" (id, "userId", "gameId", step, side, action, "createdAt")
     SELECT m.id, m."userId", $1, $2, m.side, $3, $4::timestamp(3) FROM jsonb_to_recordset($5::jsonb) AS m(id text, "userId" text, side text)
     ON CONFLICT ("gameId", step, side, action) DO NOTHING`,
    [game.id, game.step, action, new Date().toISOString(), JSON.stringify(rows)],
  );
}

export interface Reliability {
  turnsPlayed: number;
  turnsMissed: number;
  excusesUsed: number;
  civilDisorders: number;
  forfeits: number;
  resignations: number;
  ratio: number;
}

/** MissedTurn actions that count as a missed turn (an excused or resigned one does not). */
const MISSED = new Set(['default', 'bot', 'forfeit']);

/**
 * Reliability of users across games: turns played on time against turns missed. Two grouped
 * queries for any number of users (one per table), so a list of games with its players'
 * figures costs the same whatever its length.
 */
export async function reliabilities(p: Platform, userIds: readonly string[]): Promise<Map<string, Reliability>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  // Counted from MissedTurn rows only (kept per user): a seat passed to a replacement player
  // takes none of its previous holder's record along, and leaves none of it behind either.
  const [played, misses] = await Promise.all([
    p.prisma.submission.groupBy({
      by: ['userId'],
      where: { userId: { in: ids }, origin: 'player' },
      _count: { _all: true },
    }),
    p.prisma.missedTurn.groupBy({ by: ['userId', 'action'], where: { userId: { in: ids } }, _count: { _all: true } }),
  ]);
  const out = new Map(
    ids.map((id) => [
      id,
      { turnsPlayed: 0, turnsMissed: 0, excusesUsed: 0, civilDisorders: 0, forfeits: 0, resignations: 0, ratio: 1 },
    ]),
  );
  for (const row of played) out.get(row.userId)!.turnsPlayed = row._count._all;
  for (const {
    userId,
    action,
    _count: { _all: n },
  } of misses) {
    const r = out.get(userId)!;
    if (MISSED.has(action)) r.turnsMissed += n;
    if (action === 'excused') r.excusesUsed += n;
    if (action === 'bot') r.civilDisorders += n;
    if (action === 'forfeit') r.forfeits += n;
    if (action === 'resigned') r.resignations += n;
  }
  for (const r of out.values()) {
    const total = r.turnsPlayed + r.turnsMissed;
    r.ratio = total === 0 ? 1 : r.turnsPlayed / total;
  }
  return out;
}
