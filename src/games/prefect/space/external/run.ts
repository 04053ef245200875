/**
 * D-91, option spaceCombatPlay 'interactive': the phase pauses the same way at each decision point
 * (../resolution/decisions.ts) until its owner answers with a `combat-decision`; the answers are
 * kept in the run and the phase is replayed with them, as for a decided battle.
 *
 * D-87, option externalCombat 'LEVIATHAN': the Space Combat Phase with pauses. The procedure
 * (../resolution/) runs from the sealed plan and reactions as usual; at each Leviathan battle
 * (battle.ts) it stops, and both players owe a sealed `external-result`. The pause keeps the
 * state as it stood before the phase, the rolls made so far and the decided battles; once the
 * entries agree (or the battle falls back to Prefect) the phase is replayed from that snapshot —
 * same rolls, same decisions, so the same events up to the battle — and goes on with the new step's
 * dice until the next battle or the end. Only the events not sent before are returned.
 */
import type { GameEvent } from '#engine/contract.js';
import { RecordingDice, type Dice } from '#engine/dice.js';
import { settleEntries } from '../../common/external-protocol.js';
import { otherSide } from '../../common/types.js';
import { Decisions, type CombatPhasePlan, type CombatReactions, type SpaceEvent } from '../resolution/index.js';
import { interactiveCombat, runCombat } from '../module/combat-link.js';
import type { Side, SpaceGameState } from '../module/types.js';
import { LeviathanBattles } from './battle.js';
import { deadlineDefault, entryKey } from './entry.js';
import type { BattleDecision, CombatDecisionOrder, CombatRun, SpaceExternalResultOrder } from './types.js';

export const leviathanOn = (s: SpaceGameState): boolean => s.options.externalCombat === 'LEVIATHAN';

/** Dice that give back the recorded rolls first (checking their labels), then roll `inner`. */
export class ReplayDice extends RecordingDice {
  constructor(
    private readonly recorded: readonly { label: string; value: number }[],
    private readonly inner: Dice,
  ) {
    super();
  }
  protected next(sides: number, label: string): number {
    const i = this.log.length;
    if (i >= this.recorded.length) return this.inner.roll(sides, label);
    if (this.recorded[i].label !== label)
      throw new Error(`replay diverged at roll ${i}: '${label}' instead of '${this.recorded[i].label}'`);
    return this.recorded[i].value;
  }
}

export interface CombatStep {
  /** Protocol events (agreed / differ / fallback / open). */
  before: GameEvent[];
  /** Every phase event of this run (replayed ones included, for the module's bookkeeping); `fresh` = index of the first new one. */
  phase: SpaceEvent[];
  fresh: number;
  after: GameEvent[];
  /** The phase is over. */
  done: boolean;
}

const openEvent = (run: CombatRun): GameEvent => ({
  type: 'external.open',
  visibleTo: 'all',
  // L2478-2526: both players lay out the battle's forces on the Leviathan map, so they are known to both.
  data: JSON.parse(
    JSON.stringify({
      ...run.pending!.battle,
      round: run.pending!.round,
      system: 'LEVIATHAN',
      rule: 'L2432-2526, D-87',
    }),
  ),
});

function restore(s: SpaceGameState, snapshot: Record<string, unknown>): void {
  for (const k of Object.keys(s)) delete (s as unknown as Record<string, unknown>)[k];
  Object.assign(s, structuredClone(snapshot));
}

/** Runs (or replays) the phase with the decided battles; pauses at the next one. */
function play(s: SpaceGameState, run: CombatRun, dice: Dice, before: GameEvent[]): CombatStep {
  const hook = leviathanOn(s) ? new LeviathanBattles(run.decided) : undefined;
  const decisions = interactiveCombat(s) ? new Decisions(run.answers ?? []) : undefined;
  const rd = new ReplayDice(run.rolls, dice);
  const phase = runCombat(s, run.phasing, run.plan, run.reactions, rd, hook, decisions);
  const fresh = run.emitted;
  const rolls = rd.log.map((r) => ({ label: r.label, value: r.value }));
  if (hook?.paused) {
    s.external = { ...run, rolls, emitted: phase.length, pending: { battle: hook.paused, round: 1 } };
    return { before, phase, fresh, after: [openEvent(s.external)], done: false };
  }
  if (decisions?.asked) {
    // D-91: nothing is announced; the owner's prompt carries the point (prompts.ts).
    s.external = { ...run, rolls, emitted: phase.length, asking: decisions.asked };
    return { before, phase, fresh, after: [], done: false };
  }
  delete s.external;
  return { before, phase, fresh, after: [], done: true };
}

/** D-91: the owner's answer to the point the phase is paused at (none by the deadline: the standing answer). */
function answerPoint(
  s: SpaceGameState,
  run: CombatRun,
  order: CombatDecisionOrder | undefined,
  dice: Dice,
): CombatStep {
  const asked = run.asking!;
  const { kind: _kind, ...answer } = order ?? { kind: 'combat-decision', ...asked.standing };
  const next: CombatRun = { ...run, answers: [...(run.answers ?? []), answer] };
  delete next.asking;
  restore(s, run.snapshot);
  return play(s, next, dice, []);
}

/** The entries of the paused battle: agreed → applied; differ → asked again; else the Prefect fallback. */
function settle(
  s: SpaceGameState,
  run: CombatRun,
  orders: Partial<Record<Side, SpaceExternalResultOrder>>,
  dice: Dice,
): CombatStep {
  const p = run.pending!;
  const [t, c] = [orders.TOG ?? deadlineDefault(s), orders.CW ?? deadlineDefault(s)];
  const r = settleEntries(t, c, p.round, entryKey);
  const base = { battle: p.battle.id, round: p.round, rule: 'D-87' };
  if (r.outcome === 'differ') {
    // Neither entry is revealed or stored: only the fact that they differ.
    s.external = { ...run, pending: { ...p, round: p.round + 1 } };
    return {
      before: [{ type: 'external.differ', visibleTo: 'all', data: base }],
      phase: [],
      fresh: 0,
      after: [openEvent(s.external)],
      done: false,
    };
  }
  const decision: BattleDecision =
    r.outcome === 'agreed' ? { entry: { ...r.entry, brokeOff: [...r.entry.brokeOff] } } : { prefect: true };
  const event: GameEvent =
    r.outcome === 'agreed'
      ? { type: 'external.agreed', visibleTo: 'all', data: { ...base, system: 'LEVIATHAN' } }
      : { type: 'external.fallback', visibleTo: 'all', data: { ...base, reason: r.reason, resolution: 'PREFECT' } };
  const next: CombatRun = { ...run, decided: [...run.decided, decision] };
  delete next.pending;
  restore(s, run.snapshot);
  return play(s, next, dice, [event]);
}

/** The COMBAT step (phases 4/7): the whole phase at once, or with Leviathan pauses (D-87) or decision pauses (D-91) when an option is on. */
export function combatStep(
  s: SpaceGameState,
  phasing: Side,
  orders: Partial<Record<Side, unknown>>,
  dice: Dice,
): CombatStep {
  if (s.external?.pending)
    return settle(s, s.external, orders as Partial<Record<Side, SpaceExternalResultOrder>>, dice);
  if (s.external?.asking)
    return answerPoint(s, s.external, orders[s.external.asking.side] as CombatDecisionOrder | undefined, dice);
  const plan = (orders[phasing] as { plan: CombatPhasePlan }).plan;
  const reactions = (orders[otherSide(phasing)] as { reactions: CombatReactions }).reactions;
  if (!leviathanOn(s) && !interactiveCombat(s))
    return { before: [], phase: runCombat(s, phasing, plan, reactions, dice), fresh: 0, after: [], done: true };
  const snapshot = structuredClone(s) as unknown as Record<string, unknown>;
  return play(s, { phasing, plan, reactions, snapshot, rolls: [], decided: [], emitted: 0 }, dice, []);
}
