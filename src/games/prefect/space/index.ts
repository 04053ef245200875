/**
 * The Space Game's public surface: what the Campaign (which plays it as its naval half) uses of
 * its rules library, data pack, combat resolution, presentation and kernel module. Files outside
 * space/ import it, never a file inside (tests may also use its test helpers);
 * test/repo/prefect-rooms.test.ts holds this.
 */
export { resolveSpaceCombat } from './combat.js';
export { spaceData, spaceScenario, spaceScenarioProblems, spaceScenarios } from './data/index.js';
export type { SpaceData } from './data/index.js';
export { applyAdjust, applySupply } from './module/apply.js';
export { marineAssaults } from './module/bot-marines.js';
export { prefectSpace } from './module/index.js';
export { OPTION_SPECS, spaceOptions } from './module/options.js';
export { defaultFor } from './module/prompts.js';
export { phasingOf } from './module/sequence.js';
export type { AdjustOrder, SpaceGameState, SpaceStep, SupplyOrder } from './module/types.js';
export { checkOrder } from './module/validate.js';
export { aliasEvents, aliasTfIds, resolveAliases, tfAlias, viewOf } from './module/view.js';
export { opposingSegments, resolveOpposingSegment } from './opposing-sd.js';
export { OFFSYSTEM_BOX, SPACE_BOARD, spaceBoard } from './present/boards.js';
export { spaceSituation } from './present/situation.js';
export { SPACE_EVENTS } from './present/events.js';
export { spaceOrderSchema } from './present/orders-schema.js';
export { spacePieces } from './present/pieces.js';
export { hasUndisruptedBase } from './rearm.js';
export { combatPlanErrors, resolveCombatPhase } from './resolution/index.js';
export type { CombatPhasePlan } from './resolution/index.js';
export { baseSaveRule, navalSaveOutcome } from './saves.js';
export { newSpaceState, rollUnder, sectorOf, stats } from './state.js';
export { actsAsBase, capacityOf, holderOf, locationOf, SP_PER_MARINE, supplyOf } from './supply.js';
export { spaceTempoPhase } from './tempo.js';
export type { NavalBase, NavalBaseClass, NavalUnit, RuleError, SpaceScenario, SpaceState } from './types.js';
export { fatiguedAttack, fatiguedDefence } from './units.js';
