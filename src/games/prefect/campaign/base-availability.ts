/**
 * New ground bases in the Campaign (D-51, L952-956, L2412-2418). The scenario makes bases
 * available on given turns (`extraBases`, L952). An available base is either
 * - assigned in TF Adjustment to a TF that traces a LOC to a friendly base or HQ (L954), and built
 *   by that TF's Construction Engineers in the Supply Phase of a following turn (L956, D-51;
 *   `build` in module/supply-link.ts checks the engineers and the SP, L958-964), or
 * - loaded as components onto transports off-system and carried (L2418, L2091-2099;
 *   carried-bases.ts).
 * Availability is derived from the scenario and `cs.basePool` (slots used, assignments): nothing
 * is pushed at the turn change. An assignment whose TF has left the map (merged, destroyed)
 * lapses and its base is available again (reading: L954 ties the base to the TF, not the TF to
 * the base; D-51 "if the TF still holds enough CE").
 */
import type { GameEvent } from '#engine/contract.js';
import { hasLocToAny } from '../planetary/index.js';
import { supplyAnchors } from '../planetary/index.js';
import type { Side } from '../common/types.js';
import { campaignData } from './data/index.js';
import { ruleError } from './state.js';
import type { CampaignScenario, CampaignState, RuleError } from './types.js';

export type NewBaseType = NonNullable<CampaignScenario['extraBases']>[number]['type'];

const extraBases = (cs: CampaignState): NonNullable<CampaignScenario['extraBases']> =>
  campaignData.scenarios[cs.scenario]?.extraBases ?? [];

const pool = (cs: CampaignState): NonNullable<CampaignState['basePool']> =>
  (cs.basePool ??= { used: [], assigned: {} });

/** Assignments whose TF is still on the map (a lapsed one frees its slot, see the header). */
function liveAssignments(cs: CampaignState): [string, { type: string; turn: number; slot: number }][] {
  return Object.entries(cs.basePool?.assigned ?? {}).filter(([tf]) => !!cs.planetary.tfs[tf]);
}

/** L952, D-51: the base slots `side` may still assign or load this turn (scenario index and type). */
export function basesAvailable(cs: CampaignState, side: Side): { slot: number; type: NewBaseType }[] {
  const taken = new Set([...(cs.basePool?.used ?? []), ...liveAssignments(cs).map(([, a]) => a.slot)]);
  return extraBases(cs)
    .map((b, slot) => ({ ...b, slot }))
    .filter((b) => b.side === side && b.turn <= cs.turn && !taken.has(b.slot))
    .map(({ slot, type }) => ({ slot, type }));
}

/** The base assigned to `tf` and still awaiting construction, if any. */
export function assignmentOf(cs: CampaignState, tf: string): { type: string; turn: number; slot: number } | undefined {
  return cs.planetary.tfs[tf] ? cs.basePool?.assigned[tf] : undefined;
}

/** TF Adjustment (L952-954, D-51): an available base of `type` is assigned to one of `side`'s TFs. */
export function assignBase(cs: CampaignState, side: Side, tfId: string, type: string): GameEvent[] | RuleError {
  const ps = cs.planetary;
  const tf = ps.tfs[tfId];
  if (!tf || tf.side !== side) return ruleError('BAD_TF', 'L954', `'${tfId}' is not one of your Task Forces`);
  const slot = basesAvailable(cs, side).find((b) => b.type === type);
  if (!slot) return ruleError('NO_BASE_AVAILABLE', 'L952, D-51', `no ${type} base is available to you this turn`);
  if (assignmentOf(cs, tfId))
    return ruleError('ALREADY_ASSIGNED', 'L954', 'this Task Force already has a base to build');
  if (!hasLocToAny(ps, side, tf.hex, supplyAnchors(ps, side, { anyHq: true })))
    return ruleError('NO_LOC', 'L954', 'the Task Force must trace a line of communication to a friendly base or HQ');
  const p = pool(cs);
  for (const [id] of Object.entries(p.assigned)) if (!ps.tfs[id]) delete p.assigned[id];
  p.assigned[tfId] = { type, turn: cs.turn, slot: slot.slot };
  return [{ type: 'base.assigned', visibleTo: [side], data: { tf: tfId, type, rule: 'L952-954, D-51' } }];
}

/**
 * Supply Phase (L956, D-51): `tf` may build a base of `type` only if that base was assigned to it
 * in the TF Adjustment of an earlier turn ("the Supply Phase of the following turn": under the
 * D-75 order TF Adjustment comes before the same turn's Supply, which is too early).
 */
export function buildAssignmentError(cs: CampaignState, tfId: string, type: string): RuleError | null {
  const a = assignmentOf(cs, tfId);
  if (!a || a.type !== type)
    return ruleError(
      'NOT_ASSIGNED',
      'L954, D-51',
      `no ${type} base is assigned to this Task Force (assign one in TF Adjustment)`,
    );
  if (a.turn >= cs.turn)
    return ruleError(
      'TOO_EARLY',
      'L956, D-51',
      'the base is built in the Supply Phase of the turn after its assignment',
    );
  return null;
}

/** The assignment of `tf` is spent (the base was built). */
export function consumeAssignment(cs: CampaignState, tfId: string): void {
  const a = cs.basePool?.assigned[tfId];
  if (!a) return;
  pool(cs).used.push(a.slot);
  delete cs.basePool!.assigned[tfId];
}

/** An available slot of `type` is spent another way (its components loaded off-system, L2418). */
export function takeSlot(cs: CampaignState, side: Side, type: string): RuleError | null {
  const slot = basesAvailable(cs, side).find((b) => b.type === type);
  if (!slot) return ruleError('NO_BASE_AVAILABLE', 'L952, D-51', `no ${type} base is available to you this turn`);
  pool(cs).used.push(slot.slot);
  return null;
}
