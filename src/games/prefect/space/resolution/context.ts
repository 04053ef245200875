/**
 * The running phase: the state, the dice, the events written so far, who fought (for fatigue,
 * L1831-1835) and the Sector Combat Table of the sector being resolved. The table's `placed` set
 * holds the opponent's units and bases put on it (L1677, L1731): they may no longer intercept
 * (L1691) or attack a withdrawal (L1783), they stay and may fight again until the sector is done
 * (L1687, L1711), then everything returns to the OFAT (a new table per sector).
 */
import type { Json } from '#engine/contract.js';
import type { Dice } from '#engine/dice.js';
import { otherSide } from '../../common/types.js';
import { basesIn, sdTfIn, stats } from '../state.js';
import type { NavalBase, Side, SpaceState } from '../types.js';
import { deployedBasesIn } from '../deployed-bases.js';
import type { ExternalBattles } from './external-hook.js';
import type { Decisions } from './decisions.js';
import type { CombatPhasePlan, CombatReactions, SpaceEvent, UnitPolicy } from './types.js';

export interface SectorTable {
  sector: string;
  /** Opponent units and bases placed on the Sector Combat Table (L1677, L1691). */
  placed: Set<string>;
  /** Opponent units that retreated from the table (L1585): out of this sector's fights. */
  retreated: Set<string>;
}

export interface PhaseContext {
  state: SpaceState;
  phasing: Side;
  opponent: Side;
  plan: CombatPhasePlan;
  reactions: CombatReactions;
  dice: Dice;
  events: SpaceEvent[];
  /** TFs that engaged in combat, in whole or in part (L1835). */
  engaged: Set<string>;
  /** TFs that carried out or interrupted their mission (L1833, L1695). */
  carriedOut: Set<string>;
  /** D-87: battles resolved outside the procedure (option externalCombat, ../external/). */
  external?: ExternalBattles;
  /** D-91: interactive play's answers at the phase's decision points (decisions.ts); absent = standing policies. */
  decisions?: Decisions;
}

export function newContext(
  state: SpaceState,
  phasing: Side,
  plan: CombatPhasePlan,
  reactions: CombatReactions,
  dice: Dice,
  external?: ExternalBattles,
  decisions?: Decisions,
): PhaseContext {
  return {
    state,
    phasing,
    opponent: otherSide(phasing),
    plan,
    reactions,
    dice,
    events: [],
    engaged: new Set(),
    carriedOut: new Set(),
    ...(external ? { external } : {}),
    ...(decisions ? { decisions } : {}),
  };
}

export const toJson = (x: unknown): Json => JSON.parse(JSON.stringify(x ?? null)) as Json;

/** Appends an event; `since` = dice.log length before the step, so its rolls travel with it (labelled). */
export function emit(
  ctx: PhaseContext,
  type: string,
  visibleTo: Side[] | 'all',
  data: Record<string, unknown>,
  since?: number,
): void {
  const rolls =
    since === undefined ? undefined : ctx.dice.log.slice(since).map((r) => ({ label: r.label, value: r.value }));
  ctx.events.push({ type, visibleTo, data: toJson(rolls && rolls.length ? { ...data, rolls } : data) });
}

/** Opponent's organised SD units allocated to `segment` and still able to fight in this sector. */
export function segmentUnits(ctx: PhaseContext, table: SectorTable, segment: number): string[] {
  const sd = sdTfIn(ctx.state, ctx.opponent, table.sector);
  return (sd?.sdAllocation?.[segment] ?? []).filter((id) => {
    const u = ctx.state.units[id];
    // L1515: interceptors fight nothing else this turn; L1689: disorganised units leave the table.
    return (
      u?.status === 'ACTIVE' && u.tf === sd!.id && u.interceptedTurn !== ctx.state.turn && !table.retreated.has(id)
    );
  });
}

export const segmentBases = (ctx: PhaseContext, table: SectorTable, segment: number): NavalBase[] =>
  basesIn(ctx.state, ctx.opponent, table.sector).filter((b) => b.segment === segment);

/** L2115: the opponent's transports functioning as bases in `segment` (placed and fought as orbital bases). */
export const segmentDeployed = (ctx: PhaseContext, table: SectorTable, segment: number): string[] =>
  deployedBasesIn(ctx.state, ctx.opponent, table.sector, segment);

/**
 * L1677, L1703: the opponent places the SD units and bases of `segment` on the table. Placement is
 * what reveals an allocation (H18, H25): the event is public.
 */
export function placeSegment(
  ctx: PhaseContext,
  table: SectorTable,
  segment: number,
  reason: string,
): { units: string[]; bases: string[] } {
  const units = segmentUnits(ctx, table, segment);
  const bases = [...segmentBases(ctx, table, segment).map((b) => b.id), ...segmentDeployed(ctx, table, segment)]; // L2115
  const fresh = [...units, ...bases].filter((id) => !table.placed.has(id));
  for (const id of fresh) table.placed.add(id);
  emit(ctx, 'SEGMENT_PLACED', 'all', { sector: table.sector, segment, units, bases, newlyPlaced: fresh, reason });
  return { units, bases };
}

/**
 * Units picked by a standing policy among `eligible` (in the SD TF's order). STRONGEST = the one
 * eligible unit with the highest attack (then defence, then id): a cautious default that still
 * contests the approach. Listed ids that are not eligible at the time are ignored.
 */
export function pickUnits(ctx: PhaseContext, policy: UnitPolicy, eligible: string[]): string[] {
  if (policy === 'NONE' || eligible.length === 0) return [];
  if (policy === 'ALL') return [...eligible];
  if (policy === 'STRONGEST') {
    const key = (id: string) => stats(ctx.state.units[id]);
    const best = [...eligible].sort(
      (a, b) => key(b).attack - key(a).attack || key(b).defence - key(a).defence || (a < b ? -1 : 1),
    )[0];
    return [best];
  }
  const wanted = new Set(policy.units);
  return eligible.filter((id) => wanted.has(id));
}

export const sectorPolicy = <T>(p: { default: T; bySector?: Record<string, T> }, sector: string): T =>
  p.bySector?.[sector] ?? p.default;

/** SD TF of the opponent in the sector, marked as engaged (L1835) when any of its units fought. */
export function markOpponentEngaged(ctx: PhaseContext, sector: string, unitIds: readonly string[]): void {
  const sd = sdTfIn(ctx.state, ctx.opponent, sector);
  if (sd && unitIds.some((id) => sd.units.includes(id) || ctx.state.units[id]?.tf === sd.id)) ctx.engaged.add(sd.id);
}
