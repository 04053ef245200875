/**
 * Opposing Sector Defences in the Attacker's Combat Phase (L1847-1867, opposing-sd.ts). The
 * Attacker must declare his SD TFs of contested sectors (L1851: "must", so all of them, publicly,
 * H17); where the Defender also has one, each segment holding both sides' forces fights one
 * standard round (L1853-1859). Then each player may take his surviving units out to the TF box
 * (L1861; a standing yes/no per side); bases stay (L1863). Reconstructed timing: after all
 * missions and withdrawal interceptions of the phase, so that this round does not freeze or
 * weaken the Defender's interceptors before the Attacker's own missions (the text gives no order).
 */
import { otherSide } from '../../common/types.js';
import { isContested, leaveSegment, opposingSegments, resolveOpposingSegment } from '../opposing-sd.js';
import { sdTfIn, sectorOf } from '../state.js';
import { emit, type PhaseContext } from './context.js';
import { combatEvent } from './fight.js';

export function opposingSectorDefences(ctx: PhaseContext): void {
  const { state } = ctx;
  const attacker = state.attacker;
  const declared = Object.values(state.tfs)
    .filter((t) => t.side === attacker && t.mission === 'SECTOR_DEFENCE' && sectorOf(t) && isContested(state, sectorOf(t)!))
    .sort((a, b) => (a.id < b.id ? -1 : 1));
  if (declared.length === 0) return;
  emit(ctx, 'OPPOSING_SD_DECLARED', 'all', { side: attacker, tfs: declared.map((t) => t.id), sectors: declared.map((t) => sectorOf(t)!), rule: 'L1851' });
  for (const tf of declared) {
    const sector = sectorOf(tf)!;
    for (const f of opposingSegments(state, sector)) {
      // L1853, H18: both sides place their forces of the segment on the table (public).
      emit(ctx, 'OPPOSING_SD_PLACED', 'all', { sector, segment: f.segment, units: f.units, bases: f.bases, rule: 'L1853' });
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
      for (const side of [attacker, otherSide(attacker)]) {
        const leave = side === ctx.phasing ? ctx.plan.leaveOpposingSegments : ctx.reactions.leaveOpposingSegments;
        const still = (sdTfIn(state, side, sector)?.sdAllocation?.[f.segment] ?? []).filter((id) => f.units[side].includes(id) && state.units[id]?.status === 'ACTIVE');
        if (!leave || still.length === 0) continue;
        leaveSegment(state, side, sector, f.segment, still);
        emit(ctx, 'OPPOSING_SD_LEFT', 'all', { side, sector, segment: f.segment, units: still, rule: 'L1861' });
      }
    }
  }
}
