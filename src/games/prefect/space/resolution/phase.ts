/**
 * The Space Combat Phase (digest §4.4 phases 4 and 7, L1443-1867), run at once from the phasing
 * player's sealed plan and the opponent's sealed standing reactions: sector by sector in the
 * plan's order (L1455-1459), every mission (mission.ts), then the interception of the sector's
 * withdrawing TFs (L1777), each sector on a fresh Sector Combat Table (L1711); then opposing
 * sector defences in the Attacker's phase only (L1851), off-system withdrawals leave (D-68), and
 * space fatigue for every TF that fought or carried out / interrupted a mission (L1831-1845,
 * D-72). Mutates `state` (the caller clones); every roll is labelled and travels in its event.
 */
import type { Dice } from '#engine/dice.js';
import { applySpaceFatigue, earnsSpaceFatigue } from '../fatigue.js';
import { sectorOf } from '../state.js';
import type { Side, SpaceState } from '../types.js';
import { emit, newContext, type PhaseContext, type SectorTable } from './context.js';
import { BattlePause, type ExternalBattles } from './external-hook.js';
import { sectorRuns } from './defaults.js';
import type { Decisions } from './decisions.js';
import { resolveTfMission } from './mission.js';
import { opposingSectorDefences } from './opposing.js';
import type { CombatPhasePlan, CombatReactions, SpaceEvent } from './types.js';
import { combatPlanErrors, reactionErrors } from './validate.js';
import { completeOffSystemWithdrawals, interceptWithdrawals, withdrawingTfs } from './withdrawal.js';

const newTable = (sector: string): SectorTable => ({ sector, placed: new Set(), retreated: new Set() });

/** L1833-1841, D-72: once all missions are resolved, one level to each TF that earned it this turn. */
function spaceFatigue(ctx: PhaseContext): void {
  const ids = [...new Set([...ctx.engaged, ...ctx.carriedOut])].sort();
  for (const id of ids) {
    const tf = ctx.state.tfs[id];
    if (!tf || !earnsSpaceFatigue(tf, ctx.engaged.has(id), ctx.carriedOut.has(id))) continue;
    const r = applySpaceFatigue(ctx.state, id);
    if (r.alreadyThisTurn) continue;
    // H1, H16: fatigue is on the record sheet, seen by its owner only.
    emit(ctx, 'SPACE_FATIGUE', [tf.side], { ...r, rule: 'L1831-1841, D-72' });
  }
}

/**
 * `external` (D-87, optional): battles resolved outside the procedure; when its hook pauses at a
 * battle, the events written so far are returned and the state is left part-way (the caller
 * replays the phase from its own snapshot once the result is agreed, ../external/run.ts).
 * `decisions` (D-91, optional): interactive play; a decision point with no answer yet pauses the
 * phase the same way (decisions.ts).
 */
export function resolveCombatPhase(
  state: SpaceState,
  phasing: Side,
  plan: CombatPhasePlan,
  reactions: CombatReactions,
  dice: Dice,
  external?: ExternalBattles,
  decisions?: Decisions,
): SpaceEvent[] {
  const errors = [
    ...combatPlanErrors(state, phasing, plan),
    ...reactionErrors(state, phasing === 'TOG' ? 'CW' : 'TOG', reactions),
  ];
  if (errors.length)
    throw new Error(`resolveCombatPhase: invalid submissions (${errors.map((e) => `${e.code} ${e.rule}`).join('; ')})`);
  const ctx = newContext(state, phasing, plan, reactions, dice, external, decisions);
  try {
    runPhase(ctx, state, phasing, plan);
  } catch (e) {
    if (!(e instanceof BattlePause)) throw e;
  }
  return ctx.events;
}

function runPhase(ctx: PhaseContext, state: SpaceState, phasing: Side, plan: CombatPhasePlan): void {
  emit(ctx, 'COMBAT_PHASE_START', 'all', { phasing, turn: state.turn, rule: 'L1449' });
  const runs = sectorRuns(state, phasing, plan);
  for (const run of runs) {
    const table = newTable(run.sector);
    for (const p of run.tfs) resolveTfMission(ctx, table, p);
    interceptWithdrawals(ctx, table); // L1777: after all the phasing missions of the sector
  }
  const withdrawalOnly = [
    ...new Set(
      Object.values(state.tfs)
        .filter((t) => t.side === phasing && t.mission === 'WITHDRAWAL')
        .map((t) => sectorOf(t))
        .filter((s): s is string => !!s),
    ),
  ]
    .filter((s) => !runs.some((r) => r.sector === s) && withdrawingTfs(ctx, s).length > 0)
    .sort();
  for (const sector of withdrawalOnly) interceptWithdrawals(ctx, newTable(sector));
  if (phasing === state.attacker) opposingSectorDefences(ctx);
  completeOffSystemWithdrawals(ctx);
  spaceFatigue(ctx);
  emit(ctx, 'COMBAT_PHASE_END', 'all', { phasing, turn: state.turn });
}
