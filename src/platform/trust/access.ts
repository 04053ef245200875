/**
 * Who may read which part of a game's record. While a game runs, a player reads only their own
 * side's record (a spectator only the public, possibly delayed, part); once it has ended,
 * everyone who may see the game may read every side's.
 */
import type { Principal } from '../auth/service.js';
import type { Platform } from '../context.js';
import { AppError } from '../errors.js';
import { loadGame, viewerSide } from '../play/views.js';
import { hasEnded } from './spectators.js';

export type LoadedGame = Awaited<ReturnType<typeof loadGame>>;

export interface RecordAccess {
  game: LoadedGame;
  ended: boolean;
  /** The side the record is read as; null for a spectator. */
  viewer: string | null;
  /** Sides of the game's scenario. */
  sides: string[];
}

export async function recordAccess(
  p: Platform,
  user: Principal | null,
  gameId: string,
  side?: string | null,
): Promise<RecordAccess> {
  const game = await loadGame(p, gameId);
  const ended = hasEnded(game.status);
  const module = p.modules.get(game.module);
  const sides = module.scenarios.find((s) => s.id === game.scenario)?.sides ?? module.sides;
  // Checks the caller may see the game at all (and, while it runs, holds the named side).
  const own = await viewerSide(p, game, user, ended ? null : side);
  if (!ended || !side) return { game, ended, viewer: own, sides };
  if (!sides.includes(side)) throw new AppError('UNKNOWN_SIDE', `No side "${side}"; sides are ${sides.join(', ')}.`);
  return { game, ended, viewer: side, sides };
}

/** Steps whose record is complete: those resolved so far (0 is the set-up). */
export const resolvedSteps = (game: { step: number }) => Math.max(0, game.step - 1);
