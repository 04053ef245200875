/**
 * What resolution needs from commit–reveal: the step's revealed salts and commitments, which
 * committed sides never revealed (a missed turn: default orders, recorded), and a fair deadline.
 * When a deadline passes before every side was bound, a side that committed never had the
 * chance to reveal: the missing sides are bound to their default orders and the committed
 * sides get one more step-length to reveal. At the next deadline the unrevealed miss the turn.
 */
import type { Json, Prompt } from '#engine/contract.js';
import type { Platform } from '../context.js';
import type { Tx } from '../db/transactions.js';
import { enqueueAfterCommit, scheduleStep } from '../play/scheduling.js';
import { deadlineFrom, promptKinds, type TimeControl } from '../play/time-control.js';
import { ordersHash } from './canonical.js';
import { prismaSql } from '../db/sql.js';
import { announceReveal, loadPhase } from './phase.js';

export interface StepTrust {
  /** Revealed salts by side: they feed this step's dice. */
  salts: Record<string, string>;
  /** Every commitment of the step by side. */
  commitments: Record<string, string>;
  /** Sides that committed and did not reveal. */
  unrevealed: string[];
}

export async function stepTrust(tx: Tx, gameId: string, step: number): Promise<StepTrust> {
  const rows = await tx.commitment.findMany({ where: { gameId, step }, orderBy: { side: 'asc' } });
  const out: StepTrust = { salts: {}, commitments: {}, unrevealed: [] };
  for (const c of rows) {
    out.commitments[c.side] = c.commitment;
    if (c.revealedAt && c.salt) out.salts[c.side] = c.salt;
    else out.unrevealed.push(c.side);
  }
  return out;
}

/**
 * On a passed deadline: if a committed side could not reveal yet, bind the missing sides to
 * their default orders, open the reveal phase and return its new deadline; otherwise null
 * (resolve now).
 */
export async function openRevealWindow(
  now: Date,
  tx: Tx,
  game: { id: string; step: number; status: string; timeControl: unknown; seats: { side: string; userId: string }[] },
  prompts: Prompt[],
  owed: string[],
  trust: StepTrust,
): Promise<Date | null> {
  if (trust.unrevealed.length === 0) return null;
  const phase = await loadPhase(tx, game.id, game.step, owed);
  if (phase.revealOpen) return null;
  const deadline = deadlineFrom(game.timeControl as TimeControl, now, promptKinds(prompts));
  if (!deadline) return null;
  for (const side of phase.waiting) {
    const orders = prompts.find((pr) => pr.side === side)!.defaultOrders as Json;
    const data = {
      orders: orders as object,
      ordersHash: ordersHash(orders),
      ready: true,
      origin: 'default',
      idempotencyKey: `deadline-${game.step}`,
    };
    const seat = game.seats.find((s) => s.side === side);
    await tx.submission.upsert({
      where: { gameId_step_side: { gameId: game.id, step: game.step, side } },
      create: { gameId: game.id, step: game.step, side, userId: seat?.userId ?? '', ...data },
      update: data,
    });
  }
  await tx.game.update({ where: { id: game.id }, data: { stepDeadline: deadline } });
  await announceReveal(prismaSql(tx), game, await loadPhase(tx, game.id, game.step, owed), deadline);
  return deadline;
}

/** After the commit that opened a reveal window: deliver the notices and arm its deadline. */
export async function scheduleRevealDeadline(p: Platform, gameId: string, step: number, deadline: Date) {
  await scheduleStep(p, { gameId, step, deadline: null });
  const delayMs = Math.max(0, deadline.getTime() - p.clock.now().getTime());
  await enqueueAfterCommit(p, { gameId, step, force: true }, { delayMs, variant: 'reveal-deadline' });
}
