/**
 * Space Combat Phase procedure (phases 4 and 7 of digest §4.4; L1443-1867). Public API used by
 * the Space Game module (../module/). Names here are stable; fields may be added.
 */
export type {
  CombatPhasePlan,
  CombatReactions,
  ProtectedAttackPolicy,
  ReconSegmentRule,
  SpaceEvent,
  TfPlan,
  UnitPolicy,
} from './types.js';
export { combatPlanErrors, reactionErrors } from './validate.js';
export { defaultCombatPlan, defaultReactions, resolvableTfs } from './defaults.js';
export { resolveCombatPhase } from './phase.js';
export { BattlePause, type ExternalBattles, type FightOutcome, type FightWhere } from './external-hook.js';
export {
  ANSWER_FIELDS,
  Decisions,
  DecisionPause,
  SEALED_POINTS,
  decide,
  type CombatAnswer,
  type CombatPoint,
} from './decisions.js';
