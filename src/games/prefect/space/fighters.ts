/**
 * Fighter transport (L1310-1338). Ships move through T-space; independent-wing fighters have
 * organic carriers (L1314); other fighters must ride ships, up to the TF's total fighter
 * transport value (L1320). Transports carry SP, not fighters (L1094). A TF over capacity may
 * not move (L1326) unless surplus squadrons are voluntarily destroyed (L1328).
 */
import type { NavalStats } from './units.js';

/** L1318-1324: total fighter transport value of the ships (transports excluded, L1094). */
export const carrierCapacity = (units: readonly NavalStats[]): number =>
  units.filter((s) => s.kind === 'SHIP').reduce((a, s) => a + s.carry, 0);

/** L1316: squadrons that need a ship to leave their sector (independent ones do not, L1314). */
export const fightersNeedingTransport = (units: readonly NavalStats[]): number =>
  units.filter((s) => s.kind === 'FIGHTER' && !s.independent).length;

/** How many squadrons must be destroyed before the TF may move (0 = it may move), L1326-1328. */
export const fighterSurplus = (units: readonly NavalStats[]): number =>
  Math.max(0, fightersNeedingTransport(units) - carrierCapacity(units));

/** L1326: may this TF move (T-space, intra-system)? */
export const canMove = (units: readonly NavalStats[]): boolean => fighterSurplus(units) === 0;

/**
 * L1336, L1399 (D-57): in a T-space reaction, reassigned non-independent fighters must travel
 * with moved ships of at least that total capacity.
 */
export const reactionMoveCarried = (moved: readonly NavalStats[]): boolean => canMove(moved);
