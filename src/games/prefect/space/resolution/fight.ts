/**
 * One fight of the phase through `engage` (L1533-1669), with what follows every fight: the public
 * combat event (D-19: totals, column, roll, result and each save), carrier damage to bases in
 * transit (L2101, `applyCarrierDamage`) and who engaged (fatigue, L1835).
 */
import { applyCarrierDamage } from '../new-bases.js';
import { engage, type EngagementResult, type EngagementSpec } from '../engagement.js';
import { emit, type PhaseContext } from './context.js';
import type { FightOutcome, FightWhere } from './external-hook.js';

/** D-19, H13: both totals, the column, the roll, the result and every save are public. */
export function combatEvent(
  ctx: PhaseContext,
  kind: string,
  where: Record<string, unknown>,
  r: EngagementResult,
  since: number,
): void {
  emit(
    ctx,
    'COMBAT',
    'all',
    {
      kind,
      ...where,
      attacker: r.attacker,
      attack: r.attack,
      defence: r.defence,
      column: r.column,
      roll: r.roll,
      cell: r.cell,
      saves: r.saves,
      retreats: r.retreats,
      tempo: r.tempo,
    },
    since,
  );
}

export function fight(
  ctx: PhaseContext,
  spec: EngagementSpec,
  where: FightWhere,
  engagedTfs: string[],
): FightOutcome | null {
  const since = ctx.dice.log.length;
  for (const id of engagedTfs) ctx.engaged.add(id);
  const external = ctx.external?.fight(ctx, spec, where); // D-87: a battle played with Leviathan (may pause the phase)
  if (external) return external;
  const r = engage(ctx.state, ctx.dice, spec);
  if ('code' in r) {
    // L1551: nothing to fight with on either side (all strength 0): no combat takes place.
    emit(ctx, 'NO_COMBAT', 'all', { kind: spec.kind, ...where, code: r.code, rule: r.rule });
    return null;
  }
  combatEvent(ctx, spec.kind, where, r, since);
  for (const c of applyCarrierDamage(ctx.state)) {
    // Bases in transit are on the record sheet (H16): only their owner learns what became of them.
    const owner = ctx.state.bases[c.base].side;
    emit(ctx, 'CARRIED_BASE_DAMAGED', [owner], { base: c.base, outcome: c.outcome, rule: 'L2101' });
  }
  return r;
}
