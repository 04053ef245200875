/**
 * Delayed spectator feed. A game created with spectatorDelaySteps = N shows spectators, while
 * it runs, the game as it stood N steps ago: the view of the state at the opening of step
 * max(1, current − N) and only events of earlier steps. Players are not delayed; once the
 * game has ended the delay lifts.
 */
import type { Json } from '#engine/contract.js';
import type { Platform } from '../context.js';
import { AppError } from '../errors.js';

export const MAX_SPECTATOR_DELAY = 1000;

export function checkSpectatorDelay(v: number | null | undefined): number {
  if (v == null) return 0;
  if (!Number.isInteger(v) || v < 0 || v > MAX_SPECTATOR_DELAY) {
    throw new AppError('BAD_INPUT', `spectatorDelaySteps is a whole number from 0 to ${MAX_SPECTATOR_DELAY}.`, [
      {
        code: 'INVALID_SPECTATOR_DELAY',
        path: ['input', 'spectatorDelaySteps'],
        message: `Give 0 (live) to ${MAX_SPECTATOR_DELAY} steps.`,
      },
    ]);
  }
  return v;
}

export const hasEnded = (status: string) => status === 'FINISHED' || status === 'CANCELLED';

interface GameLike {
  id: string;
  status: string;
  step: number;
  spectatorDelaySteps: number;
}

/** The step a spectator sees the opening of, when delayed; null when the spectator is live. */
export function spectatorHorizon(game: GameLike, status = game.status, step = game.step): number | null {
  if (game.spectatorDelaySteps <= 0 || hasEnded(status) || status === 'OPEN') return null;
  return Math.max(1, step - game.spectatorDelaySteps);
}

/** The game state at the opening of `step` (kept with the record of the step before it). */
export async function stateAtOpening(p: Platform, gameId: string, step: number): Promise<Json | null> {
  if (step < 1) return null;
  const rec = await p.prisma.stepRecord.findUnique({
    where: { gameId_step: { gameId, step: step - 1 } },
    select: { state: true },
  });
  return (rec?.state as Json | undefined) ?? null;
}

/** Extra event filter for a viewer: delayed spectators see only steps before the horizon. */
export function eventBound(
  game: GameLike,
  viewer: string | null,
  status?: string,
  step?: number,
): { step?: { lt: number } } {
  const horizon = viewer === null ? spectatorHorizon(game, status, step) : null;
  return horizon === null ? {} : { step: { lt: horizon } };
}

/** The spectator view of a delayed game, or null when spectators are live. */
export async function delayedSpectatorView(
  p: Platform,
  game: GameLike & { module: string },
): Promise<{ view: Json | null } | null> {
  const horizon = spectatorHorizon(game);
  if (horizon === null) return null;
  const state = await stateAtOpening(p, game.id, horizon);
  return { view: state === null ? null : p.modules.get(game.module).view(state, null) };
}
