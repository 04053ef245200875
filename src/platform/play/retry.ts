/**
 * Retrying a game that was paused because its step could not be resolved (resolution.ts parks
 * it after the last attempt, pausedBy 'failure'). Retrying is an admin action (admin.ts: the
 * game's creator or a platform admin), written to the audit log. The deadline moves forward by
 * the time the game was paused, as for any pause; the step is queued again (forced if its
 * deadline, so moved, has passed, as when the failure happened at a deadline). The resumption is
 * a public event, so every player sees who did it.
 */
import type { Principal } from '../auth/service.js';
import type { Platform } from '../context.js';
import { AppError } from '../errors.js';
import { afterEffect, audit, checkReason, requireAdmin, resumeInTx } from './admin.js';
import { lockGame } from './lock.js';
import { TX_OPTIONS } from '../db/transactions.js';
import { enqueueAfterCommit } from './scheduling.js';
import { readTimeControl } from './time-control.js';

export async function retryGame(p: Platform, user: Principal, gameId: string, reason?: string | null) {
  const why = checkReason(reason);
  const r = await p.prisma.$transaction(async (tx) => {
    const game = await lockGame(tx, gameId);
    const role = await requireAdmin(tx, user, game, 'retry it');
    if (game.status !== 'PAUSED' || game.pausedBy !== 'failure') {
      throw new AppError('CONFLICT', 'Only a game paused after a failed resolution can be retried.', [], {
        status: game.status,
        pausedBy: game.pausedBy,
      });
    }
    const effect = await resumeInTx(p, tx, game, user.username, 'retry');
    await audit(p, tx, game, user, role, 'retry', why, { pausedReason: game.pausedReason });
    const graceMs = readTimeControl(game.timeControl).graceSeconds * 1000;
    const deadline = effect.rearm?.deadline ?? null;
    const force = deadline !== null && deadline.getTime() + graceMs <= p.clock.now().getTime();
    return { step: game.step, force, effect: { ...effect, kick: false } };
  }, TX_OPTIONS);
  await afterEffect(p, r.effect);
  await enqueueAfterCommit(
    p,
    { gameId, step: r.step, ...(r.force ? { force: true } : {}) },
    { variant: `retry-${Date.now()}` },
  );
  return { gameId, step: r.step, status: 'ACTIVE' as const };
}
