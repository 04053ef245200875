/**
 * The first two of the three steps of a mission (L1461): commitment to the DSI box (L1473-1483),
 * the opponent's N-space detection (L1485-1495; none and undetected without an enemy SD TF,
 * D-59), and deep-space interception (L1509-1531): eligible interceptors picked by the opponent's
 * standing policy (H23), the phasing player's detection of them (L1523, H24), the fight (the
 * interceptors attack, L1555), survivors on to the segment, interceptors back to their TF box.
 */
import {
  defenderEsm,
  eligibleInterceptors,
  interceptorDetectionTarget,
  markInterceptors,
  nSpaceTarget,
  rollDetection,
} from '../nspace.js';
import { sdTfIn, stats } from '../state.js';
import type { Mission, NavalTF } from '../types.js';
import { emit, markOpponentEngaged, pickUnits, sectorPolicy, type PhaseContext, type SectorTable } from './context.js';
import { fight } from './fight.js';
import { decide } from './decisions.js';
import type { TfPlan } from './types.js';

export interface Approach {
  committed: string[];
  /** Detected in N-space (false when there was no detection attempt, D-59). */
  detected: boolean;
  intercepted: boolean;
  /** Committed units still organised and not retreated: they carry out the mission (L1529, L1585, L1647). */
  survivors: string[];
}

const PARTIAL: readonly Mission[] = ['ATTACK', 'HS_ATTACK', 'RECON'];

/** L1475-1483: the plan's units (still organised) for Attack/HS/Recon, else every organised unit. */
export function committedUnits(ctx: PhaseContext, tf: NavalTF, p: TfPlan): string[] {
  const organised = tf.units.filter((id) => ctx.state.units[id]?.status === 'ACTIVE');
  if (!PARTIAL.includes(tf.mission!) || !p.commit) return organised;
  return p.commit.filter((id) => organised.includes(id));
}

export function approach(ctx: PhaseContext, table: SectorTable, tf: NavalTF, p: TfPlan): Approach {
  const { state } = ctx;
  const mission = tf.mission!;
  const committed = committedUnits(ctx, tf, p);
  const cStats = committed.map((id) => stats(state.units[id]));
  const sig = cStats.reduce((a, s) => a + s.sig, 0);
  // H21-H22: the committed units are placed in the DSI box and their Sig is announced (L1487);
  // which units they are stays the owner's until combat shows them (an undetected force's never do).
  emit(ctx, 'COMMITTED', 'all', { tf: tf.id, sector: table.sector, sig, rule: 'L1473-1487' });
  emit(ctx, 'COMMITTED_DETAIL', [ctx.phasing], {
    tf: tf.id,
    sector: table.sector,
    units: committed,
    rule: 'L1475-1481',
  });

  const esm = defenderEsm(state, ctx.opponent, table.sector);
  if (esm === null) {
    emit(ctx, 'NSPACE_NO_DETECTION', 'all', { tf: tf.id, sector: table.sector, rule: 'L1469, D-59' });
    return { committed, detected: false, intercepted: false, survivors: committed };
  }
  const since = ctx.dice.log.length;
  const target = nSpaceTarget(esm, cStats, mission);
  const det = rollDetection(ctx.dice, target, `N-space detection of ${tf.id}`);
  emit(
    ctx,
    'NSPACE_DETECTION',
    'all',
    { tf: tf.id, sector: table.sector, esm, sig, target, roll: det.roll, detected: det.detected, rule: 'L1485-1495' },
    since,
  );
  if (!det.detected) return { committed, detected: false, intercepted: false, survivors: committed };

  const eligible = eligibleInterceptors(state, ctx.opponent, table.sector, cStats, table.placed);
  // D-91: the opponent decides once he knows of the detection (L1511); standing play uses his policy.
  // Asked even with no eligible unit: a point skipped would tell the phasing side so (thrusts, H16).
  const standing = pickUnits(ctx, sectorPolicy(ctx.reactions.intercept, table.sector), eligible);
  const chosen = decide(ctx.decisions, {
    kind: 'intercept',
    side: ctx.opponent,
    tf: tf.id,
    sector: table.sector,
    sig,
    eligible,
    standing: { units: standing },
    rule: 'L1509-1521, D-91',
  }).units;
  if (chosen.length === 0) {
    emit(ctx, 'NO_INTERCEPTION', 'all', { tf: tf.id, sector: table.sector, rule: 'L1511' });
    return { committed, detected: true, intercepted: false, survivors: committed };
  }
  markInterceptors(state, chosen); // L1515: no other detection or combat this turn
  const iStats = chosen.map((id) => stats(state.units[id]));
  const since2 = ctx.dice.log.length;
  const iTarget = interceptorDetectionTarget(cStats, iStats);
  const iDet = rollDetection(ctx.dice, iTarget, `interceptor detection by ${tf.id}`);
  emit(
    ctx,
    'DSI_INTERCEPTORS',
    'all',
    {
      tf: tf.id,
      sector: table.sector,
      interceptors: chosen,
      target: iTarget,
      roll: iDet.roll,
      detected: iDet.detected,
      rule: 'L1511-1527',
    },
    since2,
  );

  const undetected = !iDet.detected;
  // Detection Shifts (L1543-1547, H12, D-60): the undetected interceptors' player may take the column to
  // the right, announced before the roll; D-91 asks him then (only when undetected, which is public).
  const shift =
    undetected &&
    decide(ctx.decisions, {
      kind: 'shift',
      side: ctx.opponent,
      tf: tf.id,
      sector: table.sector,
      standing: { shift: ctx.reactions.shiftIfUndetected ?? true },
      rule: 'L1543-1547, D-91',
    }).shift;
  const sd = sdTfIn(state, ctx.opponent, table.sector)!;
  markOpponentEngaged(ctx, table.sector, chosen);
  const r = fight(
    ctx,
    {
      kind: 'DSI',
      phasing: ctx.phasing,
      phasingMission: mission,
      phasingUnits: committed,
      opponentUnits: chosen,
      attackerUndetected: undetected,
      shiftRight: shift,
    },
    { sector: table.sector, tf: tf.id },
    [tf.id, sd.id],
  );
  // L1519, L1531: the interceptors go back to their TF box, off the OFAT (as a retreat or leaving a
  // segment does, L1589, L1861), so no segment counts them again this turn (L1515: no other combat,
  // e.g. the opposing-SD round of this phase; L1731: the recon Sig disclosure).
  for (const [seg, ids] of Object.entries(sd.sdAllocation ?? {}))
    sd.sdAllocation![Number(seg)] = ids.filter((id) => !chosen.includes(id));
  // L1585: a retreat (DR/BT against the phasing force) takes the force out of the mission.
  const retreated = r?.retreats.includes(ctx.phasing) ?? false;
  const survivors = retreated ? [] : committed.filter((id) => state.units[id]?.status === 'ACTIVE');
  if (retreated)
    emit(ctx, 'RETREAT', 'all', {
      tf: tf.id,
      sector: table.sector,
      side: ctx.phasing,
      units: committed.filter((id) => state.units[id]?.status !== 'DESTROYED'),
      rule: 'L1581-1585',
    });
  return { committed, detected: true, intercepted: true, survivors };
}
