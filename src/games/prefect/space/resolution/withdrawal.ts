/**
 * Interception of withdrawing TFs (L1773-1787, D-62, D-68). Once the phasing player's missions
 * in a sector are resolved, the opponent may try, per his standing policy (NONE = no attempt) or
 * asked at the time (D-91), to detect each of the phasing side's withdrawing TFs there: target = ESM of his organised SD units
 * that made no DSI this turn and his organised bases + the TF's Sig (L1781). On a success his SD
 * units not placed on the table (nor retreated), with thrust ≥ the TF's lowest, attack (L1783),
 * +2 to their saves (L1785, via `engage`). A withdrawal off-system then leaves the map at the end
 * of the phase (D-68: it stays in its origin sector until then).
 */
import { rollDetection } from '../nspace.js';
import { applyMove, withdrawalDetectionTarget, withdrawalInterceptors } from '../movement.js';
import { isActive, liveUnitsOf, sdTfIn, sectorOf } from '../state.js';
import { emit, markOpponentEngaged, pickUnits, sectorPolicy, type PhaseContext, type SectorTable } from './context.js';
import { fight } from './fight.js';
import { decide } from './decisions.js';

/** The phasing side's withdrawing TFs in `sector` (grouped disorganised TFs withdraw too, L1875). */
export const withdrawingTfs = (ctx: PhaseContext, sector: string): string[] =>
  Object.values(ctx.state.tfs)
    .filter(
      (t) =>
        t.side === ctx.phasing &&
        t.mission === 'WITHDRAWAL' &&
        sectorOf(t) === sector &&
        isActive(ctx.state, t) &&
        t.missionStatus !== 'DONE',
    )
    .map((t) => t.id)
    .sort();

/** Does the opponent have a TF counter in `sector` (public: the map shows every TF counter, H16)? */
const opponentPresent = (ctx: PhaseContext, sector: string): boolean =>
  Object.values(ctx.state.tfs).some((t) => t.side === ctx.opponent && sectorOf(t) === sector && t.units.length > 0);

export function interceptWithdrawals(ctx: PhaseContext, table: SectorTable): void {
  const policy = sectorPolicy(ctx.reactions.withdrawalIntercept, table.sector);
  for (const tfId of withdrawingTfs(ctx, table.sector)) {
    const sd = sdTfIn(ctx.state, ctx.opponent, table.sector);
    // D-91: "the opposing player may attempt" (L1777): asked wherever he has a TF counter, SD or not,
    // so that the prompt tells the phasing side nothing of his missions (H17); without an SD TF the
    // only answer is no attempt (L1423: the withdrawal is unopposed).
    if (!opponentPresent(ctx, table.sector)) continue;
    const attempt = decide(ctx.decisions, {
      kind: 'withdrawal-attempt',
      side: ctx.opponent,
      tf: tfId,
      sector: table.sector,
      possible: !!sd,
      standing: { attempt: !!sd && policy !== 'NONE' },
      rule: 'L1777, D-91',
    }).attempt;
    if (!sd || !attempt) continue;
    const target = withdrawalDetectionTarget(ctx.state, ctx.opponent, table.sector, tfId)!;
    const since = ctx.dice.log.length;
    const det = rollDetection(ctx.dice, target, `withdrawal detection of ${tfId}`);
    emit(
      ctx,
      'WITHDRAWAL_DETECTION',
      'all',
      { tf: tfId, sector: table.sector, target, roll: det.roll, detected: det.detected, rule: 'L1781, D-62' },
      since,
    );
    if (!det.detected) continue;
    const blocked = new Set([...table.placed, ...table.retreated]);
    const eligible = withdrawalInterceptors(ctx.state, ctx.opponent, table.sector, tfId, blocked);
    // D-91: asked after every detection, even with no eligible unit (a skipped point would tell the thrusts, H16).
    const chosen = decide(ctx.decisions, {
      kind: 'withdrawal-intercept',
      side: ctx.opponent,
      tf: tfId,
      sector: table.sector,
      eligible,
      standing: { units: pickUnits(ctx, policy, eligible) },
      rule: 'L1783, D-91',
    }).units;
    if (chosen.length === 0) {
      emit(ctx, 'NO_INTERCEPTION', 'all', { tf: tfId, sector: table.sector, rule: 'L1783' });
      continue;
    }
    markOpponentEngaged(ctx, table.sector, chosen);
    fight(
      ctx,
      {
        kind: 'WITHDRAWAL_INTERCEPT',
        phasing: ctx.phasing,
        phasingMission: 'WITHDRAWAL',
        phasingUnits: liveUnitsOf(ctx.state, tfId).map((u) => u.id),
        opponentUnits: chosen,
        attackerUndetected: false,
        shiftRight: false,
      },
      { sector: table.sector, tf: tfId },
      [tfId, sd.id],
    );
  }
}

/** D-68, L1421: survivors of an off-system withdrawal leave at the end of the phase (Functional box). */
export function completeOffSystemWithdrawals(ctx: PhaseContext): void {
  for (const tf of Object.values(ctx.state.tfs)
    .filter((t) => t.side === ctx.phasing && t.mission === 'WITHDRAWAL' && t.place.kind === 'SECTOR')
    .sort((a, b) => (a.id < b.id ? -1 : 1))) {
    if (tf.missionParams?.destination !== 'OFFSYSTEM') {
      // A withdrawal to a friendly base ended with the intra-system move (L1419, D-68).
      if (sectorOf(tf) === tf.missionParams?.destination) tf.missionStatus = 'DONE';
      continue;
    }
    const from = sectorOf(tf);
    tf.missionStatus = 'DONE';
    applyMove(ctx.state, tf.id, 'OFFSYSTEM');
    emit(ctx, 'WITHDRAWN_OFFSYSTEM', 'all', { tf: tf.id, from: from ?? null, rule: 'L1421, D-68' });
  }
}
