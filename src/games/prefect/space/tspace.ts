/**
 * T-space movement and detection (L1340-1403, digest §5.B.3). At the start of his T-Space
 * Movement Phase the phasing player advances his TFs on the track (L1356), may put off-system
 * TFs on space 0 (L1358), and names the TFs that exit (L1360). For each exiting TF, one at a
 * time, the opponent rolls a d10 against its total Signal (L1364-1391): Sig of ships and
 * independent squadrons, not carried fighters (L1366-1370), plus the travel-time modifier
 * (L1374-1381); the server computes the exact value (D-55). Detected TFs are placed at once
 * (L1387); the opponent may then reassign units among his SD TFs (L1397-1399, D-57); undetected
 * TFs are placed last (L1401). Either way any sector may be chosen (L1409, D-06).
 */
import type { Dice } from '#engine/dice.js';
import { canMove, reactionMoveCarried } from './fighters.js';
import { isSegment } from './ofat.js';
import { isActive, liveUnitsOf, rollUnder, sectorById, sectorOf, stats } from './state.js';
import type { RuleError, Side, SpaceState } from './types.js';
import { otherSide } from '../common/types.js';
import type { NavalStats } from './units.js';

/** L1374-1381 (D-54: space 0 is the "0" row, +3). */
export function travelTimeModifier(turns: number): number {
  if (!Number.isInteger(turns) || turns < 0)
    throw new RangeError(`turns in T-space must be a whole number ≥ 0, got ${turns}`);
  if (turns >= 12) return -3;
  return 3 - Math.floor(turns / 2);
}

/** L1366-1370: Sig of spacecraft and independent squadrons (carried fighters excluded) + modifier. */
export function tSpaceSignal(
  units: readonly NavalStats[],
  turns: number,
): { sig: number; modifier: number; total: number } {
  const sig = units.filter((s) => s.kind !== 'FIGHTER' || s.independent).reduce((a, s) => a + s.sig, 0);
  const modifier = travelTimeModifier(turns);
  return { sig, modifier, total: sig + modifier };
}

/** L1356: every TF of the side on the track advances one space. */
export function advanceTrack(state: SpaceState, side: Side): void {
  for (const tf of Object.values(state.tfs))
    if (tf.side === side && tf.place.kind === 'TSPACE') tf.place = { kind: 'TSPACE', turns: tf.place.turns + 1 };
}

/** L1358, L1887: off-system TFs with a mission, whose fighters fit their ships (L1320), go to space 0. */
export function enterTSpace(state: SpaceState, side: Side, tfIds: string[]): RuleError[] {
  const errors: RuleError[] = [];
  for (const id of tfIds) {
    const tf = state.tfs[id];
    if (!tf || tf.side !== side)
      errors.push({ code: 'UNKNOWN_TF', rule: 'L1068', message: `you have no TF ${id}`, tf: id });
    else if (tf.place.kind !== 'OFFSYSTEM')
      errors.push({ code: 'NOT_OFFSYSTEM', rule: 'L1358', message: `${id} is not in the off-system zone`, tf: id });
    else if (!isActive(state, tf))
      errors.push({ code: 'INACTIVE', rule: 'L1068', message: `${id} has no naval unit`, tf: id });
    else if (!tf.mission)
      errors.push({
        code: 'NO_MISSION',
        rule: 'L1212, L1887',
        message: `${id} needs a mission before entering T-space`,
        tf: id,
      });
    else if (!canMove(liveUnitsOf(state, id).map(stats))) {
      errors.push({
        code: 'FIGHTERS_OVER_CAPACITY',
        rule: 'L1326',
        message: `${id} carries more fighters than its ships can transport; destroy the surplus first (L1328)`,
        tf: id,
      });
    }
  }
  if (errors.length === 0) for (const id of tfIds) state.tfs[id].place = { kind: 'TSPACE', turns: 0 };
  return errors;
}

export interface ArrivalRoll {
  tf: string;
  /** Announced to the detector (H19): total and modifier. */
  total: number;
  modifier: number;
  roll: number;
  detected: boolean;
}

/** L1360-1391: the opponent rolls for each exiting TF, one at a time. Callers validate tfIds first (exitErrors). */
export function rollArrivals(state: SpaceState, dice: Dice, tfIds: string[]): ArrivalRoll[] {
  return tfIds.map((id) => {
    const tf = state.tfs[id];
    if (tf.place.kind !== 'TSPACE') throw new Error(`${id} is not on the T-space track`);
    const { total, modifier } = tSpaceSignal(liveUnitsOf(state, id).map(stats), tf.place.turns);
    const roll = dice.roll(10, `T-space detection ${id}`);
    return { tf: id, total, modifier, roll, detected: rollUnder(roll, total) };
  });
}

export function exitErrors(state: SpaceState, side: Side, tfIds: string[]): RuleError[] {
  return tfIds.flatMap((id): RuleError[] => {
    const tf = state.tfs[id];
    if (!tf || tf.side !== side)
      return [{ code: 'UNKNOWN_TF', rule: 'L1068', message: `you have no TF ${id}`, tf: id }];
    if (tf.place.kind !== 'TSPACE')
      return [{ code: 'NOT_IN_TSPACE', rule: 'L1360', message: `${id} is not on the T-space track`, tf: id }];
    return [];
  });
}

/** L1387, L1401: an arriving TF is placed in any sector; it does not move again this turn (§5.B.3). */
export function placeArrival(state: SpaceState, tfId: string, sector: string): RuleError | null {
  const tf = state.tfs[tfId];
  if (!tf || tf.place.kind !== 'TSPACE')
    return { code: 'NOT_IN_TSPACE', rule: 'L1360', message: `${tfId} is not arriving`, tf: tfId };
  if (!sectorById(sector)) return { code: 'NO_SUCH_SECTOR', rule: 'L984', message: `no sector ${sector}`, tf: tfId };
  tf.place = { kind: 'SECTOR', sector };
  tf.arrivedThisTurn = true;
  return null;
}

export interface ReactionMove {
  units: string[];
  from: string;
  to: string;
  segment: number;
}

/**
 * L1395-1399, D-57: the reacting player moves units between his own SD TFs (any sectors) into
 * any segment of the destination body; moved non-independent fighters need moved ships with
 * enough transport capacity (L1336).
 */
export function reactionErrors(state: SpaceState, reactor: Side, moves: ReactionMove[]): RuleError[] {
  const errors: RuleError[] = [];
  const used = new Set<string>();
  for (const m of moves) {
    const from = state.tfs[m.from];
    const to = state.tfs[m.to];
    const sd = (t: typeof from): boolean =>
      !!t && t.side === reactor && t.mission === 'SECTOR_DEFENCE' && t.place.kind === 'SECTOR';
    if (!sd(from) || !sd(to) || m.from === m.to) {
      errors.push({
        code: 'REACTION_NOT_SD',
        rule: 'L1397, D-57',
        message: 'units may only move between two of your sector-defence TFs',
      });
      continue;
    }
    const bad = m.units.find((id) => !from.units.includes(id) || used.has(id) || state.units[id]?.status !== 'ACTIVE');
    if (bad) {
      errors.push({
        code: 'REACTION_UNIT',
        rule: 'L1397',
        message: `${bad} is not an active unit of ${m.from} (or moves twice)`,
        unit: bad,
      });
      continue;
    }
    m.units.forEach((id) => used.add(id));
    if (!reactionMoveCarried(m.units.map((id) => stats(state.units[id])))) {
      errors.push({
        code: 'REACTION_FIGHTERS',
        rule: 'L1336, L1399',
        message: 'moved fighters need moved ships with enough transport capacity',
      });
    }
    const dest = sectorById(sectorOf(to)!);
    if (!dest || !isSegment(dest, m.segment))
      errors.push({
        code: 'NO_SUCH_SEGMENT',
        rule: 'L1002, D-57',
        message: `segment ${m.segment} does not exist there`,
      });
  }
  return errors;
}

/** Applies validated reaction moves: units change TF and SD segment. */
export function applyReaction(state: SpaceState, moves: ReactionMove[]): void {
  for (const m of moves) {
    const from = state.tfs[m.from];
    const to = state.tfs[m.to];
    from.units = from.units.filter((id) => !m.units.includes(id));
    to.units.push(...m.units);
    for (const seg of Object.keys(from.sdAllocation ?? {})) {
      from.sdAllocation![Number(seg)] = from.sdAllocation![Number(seg)].filter((id) => !m.units.includes(id));
    }
    to.sdAllocation = { ...(to.sdAllocation ?? {}) };
    to.sdAllocation[m.segment] = [...(to.sdAllocation[m.segment] ?? []), ...m.units];
    for (const id of m.units) state.units[id].tf = m.to;
  }
}

/** Who detects arrivals of `side` (L1364). */
export const detectorOf = (side: Side): Side => otherSide(side);
