/**
 * Minimum Garrison (14.4, digest §5.12) and victory points and levels (14.5, §5.13, §1.4).
 */
import type { GameEvent } from '#engine/contract.js';
import { continentOf, isResourceHex } from './map.js';
import { ruleOptions, type RuleOptions } from './options-rules.js';
import { SPACE_DATA } from './space-data.js';
import {
  SIDES,
  enemyOf,
  type CerberusState,
  type GameResult,
  type HexId,
  type Side,
  type Unit,
  type VictoryLevel,
} from './state.js';

const D = SPACE_DATA;

/** What victory needs from the map (supplied by map.ts). */
export interface VictoryMap {
  /** Named continent of a land hex ('ALPHA', 'BETA', 'NORTH_POLAR', 'GAMMA', 'DELTA', 'EPSILON'), else null. */
  continentOf(hex: HexId): string | null;
  isResource(hex: HexId): boolean;
}

/** The victory view of the Cerberus map (map.ts). */
export const cerberusVictoryMap: VictoryMap = { continentOf: (hex) => continentOf(hex), isResource: isResourceHex };

// ---------------------------------------------------------------- Minimum Garrison (14.4)

export interface GarrisonCount {
  spaceports: number;
  bases: number;
  battalions: number;
}

/** G7 a "battalion" is any Infantry- or Mobile-class unit (incl. Para, Guards, Storm, Assault, Provisional). */
export function isBattalion(u: Unit): boolean {
  return u.cls === 'INFANTRY' || u.cls === 'MOBILE';
}

/** 14.4 units of `side` on the planet surface; a reduced Spaceport counts as a Base (G7). */
export function garrisonCount(state: CerberusState, side: Side): GarrisonCount {
  const c: GarrisonCount = { spaceports: 0, bases: 0, battalions: 0 };
  for (const u of state.units) {
    if (u.side !== side || u.box !== 'MAP') continue;
    if (u.cls === 'SPACEPORT' && !u.reduced) c.spaceports++;
    else if (u.cls === 'BASE' || u.cls === 'SPACEPORT') c.bases++;
    else if (isBattalion(u)) c.battalions++;
  }
  return c;
}

/** 14.4 the first combination (A–E) the count satisfies, or null. */
export function garrisonCombination(count: GarrisonCount, spaceportAsBase = false): string | null {
  for (const combo of D.garrison.combinations) {
    const spareSpaceports = count.spaceports - combo.spaceports;
    if (spareSpaceports < 0 || count.battalions < combo.battalions) continue;
    const bases = count.bases + (spaceportAsBase ? spareSpaceports : 0);
    if (bases >= combo.bases) return combo.id;
  }
  return null;
}

export function meetsMinimumGarrison(state: CerberusState, side: Side): boolean {
  return (
    garrisonCombination(garrisonCount(state, side), ruleOptions(state.options).garrisonSpaceportCountsAsBase) !== null
  );
}

/**
 * 14.4 the Minimum Garrison check. Call with 'continuous' after every change of the map (each
 * combat, supply eliminations, evacuation…) and with 'end-of-turn' at the end of each turn. It is
 * first enforced at the end of turn 4; one player below loses at once; both below at the same
 * instant (or at the first enforcement, or when a suspension ends) suspends the rule until the
 * end of the second following turn.
 */
export function minimumGarrisonCheck(state: CerberusState, at: 'continuous' | 'end-of-turn'): GameEvent[] {
  if (state.result) return [];
  const after = D.garrison.enforcedAfterTurn;
  if (state.turn < after || (state.turn === after && at !== 'end-of-turn')) return [];
  const g = state.garrison;
  if (g.suspendedUntil !== null) {
    if (state.turn < g.suspendedUntil || (state.turn === g.suspendedUntil && at !== 'end-of-turn')) return [];
    g.suspendedUntil = null;
  }
  const below = SIDES.filter((s) => !meetsMinimumGarrison(state, s));
  if (below.length === 2) {
    g.suspendedUntil = state.turn + D.garrison.suspensionTurns;
    return [{ type: 'garrison.suspended', visibleTo: 'all', data: { until: g.suspendedUntil, rule: '14.4' } }];
  }
  if (below.length === 1) {
    const loser = below[0];
    state.result = {
      winner: enemyOf(loser),
      level: 'MINIMUM_GARRISON',
      reason: 'GARRISON',
      vp: null,
      turn: state.turn,
    };
    return [{ type: 'garrison.failed', visibleTo: 'all', data: { loser, turn: state.turn, rule: '14.4' } }];
  }
  return [];
}

// ---------------------------------------------------------------- victory points (14.5)

export interface VpBreakdown {
  destroyed: number;
  remaining: number;
  continents: number;
  resources: number;
  total: number;
  continentsHeld: string[];
}

/** 14.5 points the enemy scores for destroying `u` (0 if it does not count, G27). */
export function destroyedValue(u: Unit, opts: RuleOptions): number {
  const t = D.victoryPoints.destroyed;
  if (u.destroyed?.cause === 'supply' && !opts.supplyEliminationScoresVp) return 0;
  switch (u.cls) {
    case 'INFANTRY':
    case 'MOBILE':
      return u.sub === 'GUARDS' || u.sub === 'PARATROOP' ? t.eliteBattalion : t.combatUnit;
    case 'HEAVY_WEAPONS':
      return u.sub === 'GUARDS' ? opts.guardsHeavyWeaponsVp : t.combatUnit;
    case 'TRANSPORT':
      return t.TRANSPORT;
    case 'BASE':
      return t.BASE;
    case 'SPACEPORT':
      return t.SPACEPORT;
    case 'EFIELD':
      return t.EFIELD;
    default:
      return t.SF;
  }
}

/** 14.5 points the owner scores for `u` remaining on the map (a reduced Spaceport scores as a Base, G9). */
export function remainingValue(u: Unit): number {
  const t = D.victoryPoints.remaining;
  if (u.cls === 'SPACEPORT') return u.reduced ? t.BASE : t.SPACEPORT;
  if (u.cls === 'BASE') return t.BASE;
  if (u.cls === 'INFANTRY' || u.cls === 'MOBILE' || u.cls === 'HEAVY_WEAPONS') return t.combatUnit;
  return 0;
}

/** 14.5 both players' victory points as the map stands. */
export function victoryPoints(state: CerberusState, map: VictoryMap): Record<Side, VpBreakdown> {
  const opts = ruleOptions(state.options);
  const out = {} as Record<Side, VpBreakdown>;
  const onMap = state.units.filter((u) => u.box === 'MAP' && u.hex !== null);
  const sidesIn = (pred: (u: Unit) => boolean) => new Set(onMap.filter(pred).map((u) => u.side));
  for (const side of SIDES) {
    const enemy = enemyOf(side);
    let destroyed = 0;
    for (const u of state.units) {
      if (u.side !== enemy) continue;
      if (u.box === 'DESTROYED') destroyed += destroyedValue(u, opts);
      // 14.5 scores a Spaceport when destroyed; option 'split' (G9) gives half of it at the reduction.
      else if (u.cls === 'SPACEPORT' && u.reduced && opts.reducedSpaceportVp === 'split')
        destroyed += D.victoryPoints.destroyed.SPACEPORT / 2;
    }
    const remaining = onMap.filter((u) => u.side === side).reduce((n, u) => n + remainingValue(u), 0);
    const continentsHeld = Object.keys(D.victoryPoints.continents).filter((c) => {
      const present = sidesIn((u) => map.continentOf(u.hex!) === c);
      return present.size === 1 && present.has(side);
    });
    const continents = continentsHeld.reduce((n, c) => n + D.victoryPoints.continents[c], 0);
    let resources = 0;
    for (const hex of new Set(onMap.map((u) => u.hex!))) {
      if (!map.isResource(hex)) continue;
      const here = onMap.filter((u) => u.hex === hex);
      if (here.some((u) => u.side === enemy) || !here.some((u) => u.side === side)) continue;
      const installed = here.some((u) => u.side === side && (u.cls === 'BASE' || u.cls === 'SPACEPORT'));
      resources += installed ? D.victoryPoints.resourceHex.withInstallation : D.victoryPoints.resourceHex.occupied;
    }
    out[side] = {
      destroyed,
      remaining,
      continents,
      resources,
      continentsHeld,
      total: destroyed + remaining + continents + resources,
    };
  }
  return out;
}

/** 14.5 victory level from the two totals (bands closed as in digest §1.4; Cetian 0 VP: Human decisive, or a draw at 0–0). */
export function victoryLevel(humanVp: number, cetianVp: number): { level: VictoryLevel; winner: Side | null } {
  if (cetianVp <= 0)
    return humanVp > 0 ? { level: 'HUMAN_DECISIVE', winner: 'HUMAN' } : { level: 'DRAW', winner: null };
  const ratio = humanVp / cetianVp;
  const row = D.victoryLevels.rows.find((r) => ratio >= r.minRatio)!;
  return { level: row.level as VictoryLevel, winner: row.winner };
}

/** 14.3, 14.5 at the end of the last turn of the basic game: points decide (unless the garrison already did). */
export function endOfGameVictory(state: CerberusState, map: VictoryMap): GameEvent[] {
  if (state.result || state.lastTurn === null || state.turn < state.lastTurn) return [];
  const vp = victoryPoints(state, map);
  const { level, winner } = victoryLevel(vp.HUMAN.total, vp.CETIAN.total);
  const result: GameResult = {
    winner,
    level,
    reason: 'POINTS',
    vp: { HUMAN: vp.HUMAN.total, CETIAN: vp.CETIAN.total },
    turn: state.turn,
  };
  state.result = result;
  return [
    {
      type: 'game.victory',
      visibleTo: 'all',
      data: { level, winner, vp: { HUMAN: { ...vp.HUMAN }, CETIAN: { ...vp.CETIAN } }, rule: '14.5' },
    },
  ];
}
