/**
 * D-87 (L2432-2600): the Leviathan hook of the Space Combat Phase. Before each fight the procedure
 * asks it (resolution/external-hook.ts): a Leviathan battle (a deep-space interception or the
 * interception of a withdrawal, L2482-2498, L2542; a combat in an orbital segment, L2500-2570)
 * either takes its decided result, falls back to the Prefect CRT, or pauses the phase. The agreed
 * result is applied as L2572-2600 says: named ships, fighters and bases destroyed or disorganised,
 * all others unaffected; fatigue follows the Prefect rules (the fight still marks its TFs as
 * engaged, L1835, L2580); a phasing TF that broke off leaves as a retreat does and cannot carry out
 * its mission (L2530-2534, L2570). No CRT cell, so no BT/CA is scored on the Tempo track.
 */
import { destroy, type EngagementSpec } from '../engagement.js';
import { carriersOf } from '../new-bases.js';
import { emit, type PhaseContext } from '../resolution/context.js';
import { BattlePause, type ExternalBattles, type FightOutcome, type FightWhere } from '../resolution/index.js';
import type { Side } from '../types.js';
import { applyLosses, lossesOf } from './transport-losses.js';
import type { BattleDecision, BattleInfo, BattleKind, SpaceExternalResultOrder } from './types.js';

const KINDS: readonly string[] = ['DSI', 'SEGMENT', 'WITHDRAWAL_INTERCEPT'] satisfies BattleKind[];
export const RULE = 'L2572-2600, D-87';

/** Is this fight a Leviathan battle? Both sides have something on the map (L2478-2526). */
export const isBattle = (spec: EngagementSpec, where: FightWhere): boolean =>
  KINDS.includes(spec.kind) &&
  !!where.tf &&
  spec.phasingUnits.length > 0 &&
  spec.opponentUnits.length + (spec.opponentBases?.length ?? 0) > 0;

export function battleInfo(ctx: PhaseContext, spec: EngagementSpec, where: FightWhere, n: number): BattleInfo {
  const per = (mine: string[], theirs: string[]) =>
    ({ [ctx.phasing]: [...mine], [ctx.opponent]: [...theirs] }) as Record<Side, string[]>;
  return {
    id: `${ctx.phasing}-t${ctx.state.turn}-b${n + 1}`,
    kind: spec.kind as BattleKind,
    sector: where.sector,
    segment: where.segment ?? null,
    tf: where.tf!,
    phasing: ctx.phasing,
    units: per(spec.phasingUnits, spec.opponentUnits),
    bases: per(spec.phasingBases ?? [], spec.opponentBases ?? []),
  };
}

/** L2600: a base carried by a transport is destroyed if the transport is destroyed or disrupted (stricter than L2101). */
function carriedBases(ctx: PhaseContext, hit: Set<string>): void {
  for (const b of Object.values(ctx.state.bases)
    .filter((x) => x.carriedBy)
    .sort((x, y) => (x.id < y.id ? -1 : 1))) {
    const carriers = carriersOf(ctx.state, b.id);
    if (!carriers.some((u) => hit.has(u.id))) continue;
    for (const u of carriers) delete u.baseLoad;
    delete b.carriedBy;
    Object.assign(b, { status: 'DESTROYED', offSystemBox: 'DESTROYED' });
    // Bases in transit are on the record sheet (H16): only their owner learns it.
    emit(ctx, 'CARRIED_BASE_DAMAGED', [b.side], { base: b.id, outcome: 'DESTROYED', rule: 'L2600' });
  }
}

/** L2572-2600: the agreed entry applied; returns who must leave (the phasing force if it broke off). */
export function applyEntry(ctx: PhaseContext, battle: BattleInfo, e: SpaceExternalResultOrder): FightOutcome {
  const { state } = ctx;
  const destroyed = new Set(e.destroyed);
  for (const id of [...destroyed].sort()) {
    if (state.bases[id])
      state.bases[id].status = 'DESTROYED'; // L2588
    else if (state.units[id]?.status !== 'DESTROYED') destroy(state, id); // L2584: to the Destroyed Naval Units box
  }
  const disorganised = e.disorganised.filter((id) => !destroyed.has(id)).sort();
  for (const id of disorganised) {
    if (state.bases[id]) {
      if (state.bases[id].status === 'ACTIVE') state.bases[id].status = 'DISRUPTED';
    } // L2590
    else state.units[id].status = 'DISORGANISED'; // L2586, L2592
  }
  applyLosses(ctx, e); // L2596-2598: a disorganised transport squadron's lost ships
  carriedBases(ctx, new Set([...destroyed, ...disorganised]));
  emit(ctx, 'LEVIATHAN_RESULT', 'all', {
    battle: battle.id,
    kind: battle.kind,
    sector: battle.sector,
    segment: battle.segment,
    tf: battle.tf,
    destroyed: [...destroyed].sort(),
    disorganised,
    brokeOff: [...e.brokeOff].sort(),
    transportLosses: lossesOf(e), // both players entered the ship counts (Leviathan set-up): public
    rule: RULE,
  });
  return { retreats: e.brokeOff.length ? [battle.phasing] : [] };
}

/**
 * The hook: battles are numbered in the order the phase meets them; `decided[n]` is the n-th
 * battle's result (an agreed entry or the Prefect fallback). The first undecided battle pauses the
 * phase (`paused` holds it).
 */
export class LeviathanBattles implements ExternalBattles {
  paused: BattleInfo | null = null;
  private seen = 0;
  constructor(private readonly decided: readonly BattleDecision[]) {}

  fight(ctx: PhaseContext, spec: EngagementSpec, where: FightWhere): FightOutcome | undefined {
    if (!isBattle(spec, where)) return undefined; // opposing SD, GS strike: Prefect (see README)
    const n = this.seen++;
    const battle = battleInfo(ctx, spec, where, n);
    const d = this.decided[n];
    if (!d) {
      this.paused = battle;
      throw new BattlePause();
    }
    return 'entry' in d ? applyEntry(ctx, battle, d.entry) : undefined;
  }
}
