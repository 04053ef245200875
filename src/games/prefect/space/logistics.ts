/**
 * Small supply and base arithmetic used by the worked examples; the procedures that use it are
 * in rearm.ts, supply.ts, marines.ts and new-bases.ts.
 */
import { spaceData } from './data/index.js';
import type { NavalBaseClass } from './types.js';

/** L1941-1943: rearming costs 1 SP per unit (ship, squadron or fighter squadron) per level. */
export const rearmCost = (unitCount: number, levels: number): number => unitCount * levels;

/** L2071-2073: Marine-assault defence = the base's class + 1 per defending Marine cohort. */
export const marineAssaultDefence = (cls: NavalBaseClass, marines: number): number =>
  spaceData.baseTypes[cls].classLevel + marines;

/** L2097: an orbital base moves as 20 SP per class level; L2099: never on one transport. */
export const baseComponentsSP = (cls: NavalBaseClass): number => 20 * spaceData.baseTypes[cls].classLevel;
export const transportsNeededForBase = (cls: NavalBaseClass, capacities: number[]): boolean =>
  capacities.length >= 2 && capacities.reduce((a, c) => a + c, 0) >= baseComponentsSP(cls);
