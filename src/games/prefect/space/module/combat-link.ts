/**
 * The Space Combat Phase (phases 4/7) is the procedure in ../resolution/ (one sealed plan from
 * the phasing side, standing reactions from the opponent, resolved with no round trip). This file
 * is the module's only contact with it: when the step is owed, its defaults, its validation.
 */
import type { Dice } from '#engine/dice.js';
import {
  combatPlanErrors,
  reactionErrors as combatReactionErrors,
  resolvableTfs,
  resolveCombatPhase,
  type CombatPhasePlan,
  type CombatReactions,
  type Decisions,
  type ExternalBattles,
  type SpaceEvent,
} from '../resolution/index.js';
import { isContested } from '../opposing-sd.js';
import { sectorOf } from '../state.js';
import type { RuleError } from '../types.js';
import type { Side, SpaceGameState } from './types.js';

/** A plan naming no TF: every resolvable TF is appended with default choices (resolution/types.ts). */
export const emptyPlan = (): CombatPhasePlan => ({ tfs: [] });

/**
 * Standing reactions that depend on nothing the opponent hides: intercept with the strongest
 * eligible units, let every segment force attack protected missions, intercept withdrawals.
 */
export const standingReactions = (): CombatReactions => ({
  intercept: { default: 'STRONGEST' },
  protectedAttack: { default: 'ALL' },
  withdrawalIntercept: { default: 'ALL' },
});

/**
 * Is there anything for the phase to do (L1453-1459)? Missions to resolve, an opposing-SD round
 * in the Attacker's phase (L1851), or a withdrawing TF the opponent may intercept (L1777).
 */
export function combatOwed(s: SpaceGameState, phasing: Side): boolean {
  if (resolvableTfs(s, phasing).length) return true;
  const mine = Object.values(s.tfs).filter((t) => t.side === phasing && sectorOf(t));
  if (phasing === s.attacker && mine.some((t) => t.mission === 'SECTOR_DEFENCE' && isContested(s, sectorOf(t)!)))
    return true;
  return mine.some((t) => t.mission === 'WITHDRAWAL');
}

export const planErrors = (s: SpaceGameState, side: Side, plan: unknown): RuleError[] =>
  combatPlanErrors(s, side, plan);
export const reactionsErrors = (s: SpaceGameState, side: Side, r: unknown): RuleError[] =>
  combatReactionErrors(s, side, r);

/** D-91: what each decision point takes as an answer, and which points are sealed (../resolution/decisions.ts). */
export { ANSWER_FIELDS, SEALED_POINTS } from '../resolution/index.js';

/** D-91: option spaceCombatPlay 'interactive' — the phase asks at its decision points. */
export const interactiveCombat = (s: SpaceGameState): boolean => s.options.spaceCombatPlay === 'interactive';

/**
 * `external` (D-87): the Leviathan battles of option externalCombat (../external/run.ts), which may pause the phase;
 * `decisions` (D-91): interactive play's answers, which may pause it at a decision point.
 */
export function runCombat(
  s: SpaceGameState,
  phasing: Side,
  plan: CombatPhasePlan,
  reactions: CombatReactions,
  dice: Dice,
  external?: ExternalBattles,
  decisions?: Decisions,
): SpaceEvent[] {
  return resolveCombatPhase(s, phasing, plan, reactions, dice, external, decisions);
}
