/**
 * The Planetary Game's public surface: what the Campaign (which plays it as its ground half) and
 * the Space Game use of its rules library, its data pack, presentation and kernel module. Files
 * outside planetary/ import it, never a file inside (tests may also use its testing.ts);
 * test/repo/prefect-rooms.test.ts holds this.
 */
export { enterHex } from './capture.js';
export { mayAttack, runDefenderDetections } from './combat-phase.js';
export { crtCell, ratioColumn, resolveCombat } from './combat.js';
export type { CombatSpec } from './combat.js';
export {
  attackTotal,
  combatUnits,
  defenceTotal,
  destroy,
  disorganise,
  disorganisedAt,
  freeCounter,
  hasHq,
  newTaskForce,
  removeTfIfEmpty,
  tfLimit,
  tfsAt,
  unitsIn,
  unitType,
} from './composition.js';
export {
  allowanceLeft,
  counterAttackEligible,
  currentPoint,
  newMovement,
  withCounterCombat,
} from './counteractions.js';
export { prefectData } from './data/index.js';
export { detectionTarget, rollUnder, terrainFor } from './detection.js';
export { hexMatesOfSevereResult } from './disorganised.js';
export { openExternal, settleExternal, wantsExternal } from './external/agreement.js';
export type { ExternalDecision } from './external/agreement.js';
export { halfStrength, INSTALLATIONS } from './external/installations.js';
export type { ExternalBase } from './external/installations.js';
export { centurionSupportFor } from './external/naval-support.js';
export { hasLoc, hasLocToAny } from './loc.js';
export { distance } from './map.js';
export { objectiveHexes } from './module/bot.js';
export { prefect } from './module/index.js';
export { DEFAULT_OPTIONS, OPTION_SPECS, prefectOptions } from './module/options.js';
export { checkOrder } from './module/validate.js';
export { aliasEvents, aliasTfIds, hiddenIds, resolveOrderIds, tfAlias, viewOf } from './module/view.js';
export { attackerReach } from './movement.js';
export { PLANET_BOARD, planetBoard } from './present/boards.js';
export { PLANETARY_EVENTS } from './present/events.js';
export { GROUND_PHASES } from './present/situation.js';
export { planetaryOrderSchema } from './present/orders-schema.js';
export { planetaryPieces } from './present/pieces.js';
export { storeRetreatPrefs } from './retreat-prefs.js';
export { retreatGroup } from './retreat.js';
export { baseValue, isFullWater, neighboursOf, packData, planetaryScenarios, rulesData } from './rules-data.js';
export { applyAdjustment } from './rules.js';
export { rollSave, saveTarget, unitsThatSave } from './saves.js';
export { storeOf, supplyAnchors } from './supply-stores.js';
export { applySupply } from './supply.js';
export { tempoPhase } from './tempo.js';
export type {
  AdjustmentOrder,
  CombatDetectOrder,
  ExternalResultOrder,
  GroundUnit,
  LegionBaseClass,
  Organisation,
  PrefectData,
  PrefectState,
  ScenarioDef,
  SupplyOrder,
  TaskForce,
} from './types.js';
export { enemyActiveZocHexes, hasActiveZoc } from './zoc.js';
