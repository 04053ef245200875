/**
 * Opposing Sector Defences in the Attacker's Combat Phase (L1847-1867, opposing-sd.ts). The
 * Attacker must declare his SD TFs of contested sectors (L1851: "must", so all of them, publicly,
 * H17); where the Defender also has one, each segment holding both sides' forces fights one
 * standard round (L1853-1859). Then each player may take his surviving units out to the TF box
 * (L1861; a standing yes/no per side, or asked at the time, D-91); bases stay (L1863). Reconstructed timing: after all
 * missions and withdrawal interceptions of the phase, so that this round does not freeze or
 * weaken the Defender's interceptors before the Attacker's own missions (the text gives no order).
 */
import { otherSide } from '../../common/types.js';
import { isContested, leaveSegment, opposingSegments, resolveOpposingSegment, segmentForces } from '../opposing-sd.js';
import { sdTfIn, sectorOf } from '../state.js';
import { emit, type PhaseContext } from './context.js';
import { combatEvent } from './fight.js';
import { decide } from './decisions.js';
import type { Side } from '../types.js';

export function opposingSectorDefences(ctx: PhaseContext): void {
  const { state } = ctx;
  const attacker = state.attacker;
  const declared = Object.values(state.tfs)
    .filter(
      (t) => t.side === attacker && t.mission === 'SECTOR_DEFENCE' && sectorOf(t) && isContested(state, sectorOf(t)!),
    )
    .sort((a, b) => (a.id < b.id ? -1 : 1));
  if (declared.length === 0) return;
  emit(ctx, 'OPPOSING_SD_DECLARED', 'all', {
    side: attacker,
    tfs: declared.map((t) => t.id),
    sectors: declared.map((t) => sectorOf(t)!),
    rule: 'L1851',
  });
  for (const tf of declared) {
    const sector = sectorOf(tf)!;
    for (const f of opposingSegments(state, sector)) {
      // L1853, H18: both sides place their forces of the segment on the table (public).
      emit(ctx, 'OPPOSING_SD_PLACED', 'all', {
        sector,
        segment: f.segment,
        units: f.units,
        bases: f.bases,
        rule: 'L1853',
      });
      for (const side of [attacker, otherSide(attacker)]) {
        const sd = sdTfIn(state, side, sector);
        if (sd && f.units[side].length) ctx.engaged.add(sd.id);
      }
      const since = ctx.dice.log.length;
      const r = resolveOpposingSegment(state, ctx.dice, sector, f.segment);
      if ('code' in r) {
        emit(ctx, 'NO_COMBAT', 'all', { kind: 'OPPOSING_SD', sector, segment: f.segment, code: r.code, rule: r.rule });
        continue;
      }
      combatEvent(ctx, 'OPPOSING_SD', { sector, segment: f.segment }, r, since);
      leaveAfterRound(ctx, sector, f.segment, f.units);
    }
  }
}

/**
 * L1861: "if, at the end of a combat round, the players still have opposing forces in the orbital
 * segment, each player may move his forces out" — his units still there, when the other side still
 * has units or organised bases there (all public after the round). Both choose at once: D-91 asks
 * each in turn, sealed, and the moves are told together once both have answered; standing play
 * takes the plan's and the reactions' yes/no.
 */
function leaveAfterRound(ctx: PhaseContext, sector: string, segment: number, placed: Record<Side, string[]>): void {
  const { state } = ctx;
  const sides = [state.attacker, otherSide(state.attacker)];
  const still = (side: Side) =>
    (sdTfIn(state, side, sector)?.sdAllocation?.[segment] ?? []).filter(
      (id) => placed[side].includes(id) && state.units[id]?.status === 'ACTIVE',
    );
  const opposed = (side: Side) =>
    still(side).length > 0 || segmentForces(state, side, sector, segment).bases.length > 0;
  const leaving = sides.map((side) => {
    const units = still(side);
    if (units.length === 0 || !opposed(otherSide(side))) return [];
    const leave = side === ctx.phasing ? ctx.plan.leaveOpposingSegments : ctx.reactions.leaveOpposingSegments;
    return decide(ctx.decisions, {
      kind: 'leave-segment',
      side,
      sector,
      segment,
      units,
      standing: { units: leave ? units : [] },
      rule: 'L1861, D-91',
    }).units;
  });
  sides.forEach((side, i) => {
    if (leaving[i].length === 0) return;
    leaveSegment(state, side, sector, segment, leaving[i]);
    emit(ctx, 'OPPOSING_SD_LEFT', 'all', { side, sector, segment, units: leaving[i], rule: 'L1861' });
  });
}
