/**
 * One TF's mission, start to finish (L1459-1465): interruption (L1695) or commit → N-space →
 * DSI (approach.ts) → reconnaissance (L1727-1735, D-58) or the segment mission (segment.ts) →
 * status and the victory record (`recordMission`, D-01, L1807, L1829).
 */
import { spaceData } from '../data/index.js';
import { reconTarget, rollDetection } from '../nspace.js';
import { segmentsOf } from '../ofat.js';
import { isActive, sectorById, stats } from '../state.js';
import type { NavalTF } from '../types.js';
import { recordMission } from '../victory.js';
import { approach, committedUnits, type Approach } from './approach.js';
import {
  emit,
  placeSegment,
  segmentBases,
  segmentDeployed,
  segmentUnits,
  type PhaseContext,
  type SectorTable,
} from './context.js';
import { segmentMission } from './segment.js';
import type { ReconSegmentRule, TfPlan } from './types.js';

/** D-58: which segment the recon force tries, from the disclosed Sig totals (index 0 = segment 1). */
export function reconChoice(rule: ReconSegmentRule | undefined, sigs: number[]): number {
  if (rule && typeof rule === 'object') return rule.segment;
  if (rule === 'LOWEST_NONZERO_SIG') {
    const nz = sigs
      .map((s, i) => [s, i] as const)
      .filter(([s]) => s > 0)
      .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    return nz.length ? nz[0][1] + 1 : 1;
  }
  return sigs.indexOf(Math.max(...sigs)) + 1; // HIGHEST_SIG, the lowest segment on a tie
}

/**
 * L1731, H26: the total Sig of each orbital segment as it stands when the recon force asks: the SD
 * units still on the OFAT there (organised, not back in the TF box after a DSI, L1519, L1531, nor
 * after a retreat or disorganisation, L1585, L1649) and the bases there (D-58). Counting units that
 * have left their segment would be wrong and would give away their hidden allocation (H18).
 */
export function disclosedSegmentSig(ctx: PhaseContext, table: SectorTable, segments: number): number[] {
  return Array.from(
    { length: segments },
    (_, i) =>
      segmentUnits(ctx, table, i + 1).reduce((a, id) => a + stats(ctx.state.units[id]).sig, 0) +
      segmentBases(ctx, table, i + 1).reduce((a, b) => a + spaceData.baseTypes[b.type].sig, 0) +
      segmentDeployed(ctx, table, i + 1).reduce((a, id) => a + stats(ctx.state.units[id]).sig, 0),
  ); // L2115: its own Sig (reconstructed)
}

/**
 * L1731, D-58 (read "or not all of its units are disorganised or destroyed"): with survivors, the
 * opponent discloses every segment's total Sig (public, H26) and the recon force makes one
 * detection attempt; a success places that segment on the table, revealing and freezing it (L1691).
 */
function reconnaissance(ctx: PhaseContext, table: SectorTable, tf: NavalTF, p: TfPlan, a: Approach): boolean {
  if (a.survivors.length === 0) return false;
  const sec = sectorById(table.sector)!;
  const sigs = disclosedSegmentSig(ctx, table, segmentsOf(sec));
  emit(ctx, 'RECON_DISCLOSURE', 'all', { tf: tf.id, sector: table.sector, segmentSig: sigs, rule: 'L1731, D-58' });
  const segment = reconChoice(p.reconSegment, sigs);
  const since = ctx.dice.log.length;
  const target = reconTarget(ctx.state, a.survivors, sigs[segment - 1] ?? 0);
  const det = rollDetection(ctx.dice, target, `recon detection ${tf.id} segment ${segment}`);
  emit(
    ctx,
    'RECON_DETECTION',
    'all',
    { tf: tf.id, sector: table.sector, segment, target, roll: det.roll, detected: det.detected, rule: 'L1731, D-58' },
    since,
  );
  if (det.detected) placeSegment(ctx, table, segment, 'RECON');
  return true;
}

export function resolveTfMission(ctx: PhaseContext, table: SectorTable, p: TfPlan): void {
  const tf = ctx.state.tfs[p.tf];
  if (!tf || !isActive(ctx.state, tf) || !tf.mission) {
    emit(ctx, 'MISSION_SKIPPED', [ctx.phasing], { tf: p.tf, reason: 'the TF has no active unit left' });
    return;
  }
  const mission = tf.mission;
  ctx.carriedOut.add(tf.id); // L1833, L1695: carried out or interrupted, it tires (unless S/W/SD)
  if (p.interrupt) {
    tf.missionStatus = 'INTERRUPTED';
    // L1695: the player "simply declares" the interruption; which mission it was stays his (H17).
    emit(ctx, 'MISSION_INTERRUPTED', 'all', { tf: tf.id, sector: table.sector, rule: 'L1695' });
    emit(ctx, 'MISSION_INTERRUPTED_DETAIL', [ctx.phasing], { tf: tf.id, mission });
    return;
  }
  if (committedUnits(ctx, tf, p).length === 0) {
    // L1647: disorganised units may not carry out the mission; nothing enters the DSI box, nothing tires.
    // Nothing was placed either, so the opponent learns nothing (H16, H17: the TF's mission and its
    // disorganised units stay on the record sheet): the result is the owner's only.
    ctx.carriedOut.delete(tf.id);
    tf.missionStatus = 'FAILED';
    emit(ctx, 'MISSION_RESULT', [ctx.phasing], {
      tf: tf.id,
      sector: table.sector,
      status: 'FAILED',
      reason: 'no organised unit',
      rule: 'L1647',
    });
    return;
  }
  const a = approach(ctx, table, tf, p);
  const done = mission === 'RECON' ? reconnaissance(ctx, table, tf, p, a) : segmentMission(ctx, table, tf, p, a);
  tf.missionStatus = done ? 'DONE' : 'FAILED';
  if (done) recordMission(ctx.state, ctx.phasing, mission, table.sector);
  // H17: a mission is "shown by what the TF does" once it has been resolved.
  emit(ctx, 'MISSION_RESULT', 'all', { tf: tf.id, sector: table.sector, mission, status: tf.missionStatus });
}
