/**
 * Channels and who reads them. A message's audience is stored with it, and every path (the
 * message list, the channel list, the subscription, notifications) filters by the same rule:
 * - "public": every player; spectators too while they watch live (a delayed spectator would
 *   read today's talk about a board shown steps ago, so they read it once the game has ended);
 * - "spectators": spectators only, kept apart from the players' press (players read it once the
 *   game has ended);
 * - "sides:A,B": the listed sides (the sender's side is always one of them).
 */
import { hasEnded, spectatorHorizon } from '../trust/spectators.js';

export const PUBLIC = 'public';
export const SPECTATORS = 'spectators';
export const EVERY_PLAYER = '*';
export const SPECTATOR_AUDIENCE = '#spectators';

export type ChannelKind = 'PUBLIC' | 'SPECTATORS' | 'SIDES';

export const sidesKey = (sides: readonly string[]) => `sides:${[...sides].sort().join(',')}`;

export function kindOf(key: string): ChannelKind {
  return key === PUBLIC ? 'PUBLIC' : key === SPECTATORS ? 'SPECTATORS' : 'SIDES';
}

/** The sides of a "sides:" channel key (none for the others). */
export function sidesOfKey(key: string): string[] {
  return key.startsWith('sides:') ? key.slice(6).split(',').filter(Boolean) : [];
}

/** The audience stored with a message of channel `key`. */
export function audienceOf(key: string): string[] {
  if (key === PUBLIC) return [EVERY_PLAYER];
  if (key === SPECTATORS) return [SPECTATOR_AUDIENCE];
  return sidesOfKey(key);
}

interface GameLike {
  id: string;
  status: string;
  step: number;
  spectatorDelaySteps: number;
}

/** The audience entries a viewer (a side, or null for a spectator) reads, given the game now. */
export function readableBy(game: GameLike, viewer: string | null): string[] {
  if (viewer !== null)
    return hasEnded(game.status) ? [EVERY_PLAYER, viewer, SPECTATOR_AUDIENCE] : [EVERY_PLAYER, viewer];
  return spectatorHorizon(game) === null ? [EVERY_PLAYER, SPECTATOR_AUDIENCE] : [SPECTATOR_AUDIENCE];
}

export const canRead = (audience: readonly string[], readable: readonly string[]) =>
  audience.some((a) => readable.includes(a));
