/**
 * Retrying a game that was paused because its step could not be resolved (resolution.ts parks
 * it after the last attempt). The creator resumes it; the step is queued again (forced if its
 * deadline has passed). The resumption is a public event, so every player sees who did it.
 */
import type { Principal } from '../auth/service.js';
import type { Platform } from '../context.js';
import { AppError } from '../errors.js';
import { lockGame, TX_OPTIONS } from './common.js';
import { appendPublicEvent } from './missed-turns.js';
import { enqueueAfterCommit, scheduleStep } from './scheduling.js';
import { readTimeControl } from './time-control.js';

export async function retryGame(p: Platform, user: Principal, gameId: string) {
  const r = await p.prisma.$transaction(async (tx) => {
    const game = await lockGame(tx, gameId);
    if (game.creatorId !== user.userId) throw new AppError('FORBIDDEN', "Only the game's creator can retry it.");
    // Only a failed resolution leaves a game-paused event at the current step.
    const paused = game.status === 'PAUSED'
      ? await tx.gameEvent.findFirst({ where: { gameId, step: game.step, type: 'game-paused' }, orderBy: { seq: 'desc' } })
      : null;
    if (!paused) throw new AppError('CONFLICT', 'Only a game paused after a failed resolution can be retried.', [], { status: game.status });
    await tx.game.update({ where: { id: gameId }, data: { status: 'ACTIVE', pausedReason: null } });
    await appendPublicEvent(tx, gameId, game.step, 'game-resumed', { step: game.step, by: user.username, reason: 'retry' }, 'ACTIVE');
    const graceMs = readTimeControl(game.timeControl).graceSeconds * 1000;
    const force = game.stepDeadline !== null && game.stepDeadline.getTime() + graceMs <= Date.now();
    return { step: game.step, force };
  }, TX_OPTIONS);
  await scheduleStep(p, { gameId, step: r.step, deadline: null });
  await enqueueAfterCommit(p, { gameId, step: r.step, ...(r.force ? { force: true } : {}) }, { variant: `retry-${Date.now()}` });
  return { gameId, step: r.step, status: 'ACTIVE' as const };
}
