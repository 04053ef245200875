/**
 * The commit–reveal phase of a step. While any owed side is still out, sides commit (or send
 * plain sealed orders). Once every owed side is in and at least one has committed, the step is
 * in its reveal phase: orders are locked, committed sides reveal, nothing else may change, so
 * nobody (server included) can react to a revealed order before every side was bound.
 */
import { AppError } from '../errors.js';
import type { SqlTx } from '../db/sql.js';
import { appendPublicEvent } from '../events/event-log.js';
import { turnSignals } from '../events/turn-signals.js';
import type { Tx } from '../db/transactions.js';

export interface Phase {
  commitments: { side: string; userId: string; commitment: string; salt: string | null; revealedAt: Date | null }[];
  /** Owed sides that have neither committed nor sent ready orders. */
  waiting: string[];
  /** Every owed side is in and somebody committed: reveal now. */
  revealOpen: boolean;
  /** Sides whose plain orders are stored and ready. */
  ready: string[];
  owed: string[];
}

export function phaseOf(commitments: Phase['commitments'], ready: string[], owed: string[]): Phase {
  const waiting = owed.filter((s) => !commitments.some((c) => c.side === s) && !ready.includes(s));
  return { commitments, waiting, revealOpen: commitments.length > 0 && waiting.length === 0, ready, owed };
}

export async function loadPhase(tx: Tx, gameId: string, step: number, owed: string[]): Promise<Phase> {
  const commitments = await tx.commitment.findMany({ where: { gameId, step } });
  const ready = await tx.submission.findMany({ where: { gameId, step, ready: true }, select: { side: true } });
  return phaseOf(
    commitments,
    ready.map((r) => r.side),
    owed,
  );
}

/**
 * The phase after `side` stored plain orders (ready or not) in this transaction, computed from
 * the phase read before it instead of read again: the game row lock keeps everything else still.
 */
export function phaseAfterPlainChange(before: Phase, side: string, ready: boolean): Phase {
  const others = before.ready.filter((s) => s !== side);
  return phaseOf(before.commitments, ready ? [...others, side] : others, before.owed);
}

/**
 * Plain orders (submit, replace, ready flag) are refused for a committed side and in the reveal
 * phase. Answers the phase it read, for phaseAfterPlainChange.
 */
export async function guardSealedChange(
  tx: Tx,
  gameId: string,
  step: number,
  side: string,
  owed: string[],
): Promise<Phase> {
  return checkPlainChange(await loadPhase(tx, gameId, step, owed), side, step);
}

/** The rule of guardSealedChange on a phase already read (the submission's one-statement read). */
export function checkPlainChange(phase: Phase, side: string, step: number): Phase {
  if (phase.commitments.some((c) => c.side === side)) {
    throw new AppError(
      'COMMITTED',
      `The side "${side}" committed to its orders for step ${step}; send them with revealOrders.`,
    );
  }
  if (phase.revealOpen) throw lockedError(step);
  return phase;
}

export const lockedError = (step: number) =>
  new AppError(
    'ORDERS_LOCKED',
    `Every owed side is bound for step ${step}; orders are locked until the committed sides reveal.`,
  );

/**
 * Tells everyone the reveal phase has begun (a public event) and each committed side's player
 * to reveal (a turn notice with reveal: true). Called on the change that opened it.
 */
export async function announceReveal(
  sql: SqlTx,
  game: { id: string; step: number; status: string; seats: { side: string; userId: string }[] },
  phase: Phase,
  deadline: Date | null,
) {
  const committed = phase.commitments.map((c) => c.side).sort();
  const unrevealed = phase.commitments.filter((c) => !c.revealedAt);
  const notices = turnSignals(
    unrevealed,
    game.id,
    game.step,
    unrevealed.map((c) => c.side),
    deadline,
    { reveal: true },
  );
  await appendPublicEvent(
    sql,
    game.id,
    game.step,
    'reveal-open',
    { step: game.step, committed, deadline: deadline?.toISOString() ?? null },
    game.status,
    notices,
  );
}
