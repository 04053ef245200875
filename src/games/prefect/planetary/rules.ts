/**
 * The SEQUENCE engineer's port to the rules functions of the RULES engineer (composition, zoc,
 * loc, detection, combat, disorganised, capture, supply, withdrawal, adjustment, tempo, victory).
 * Every module of the sequence imports rules from here only, so they are wired in one place.
 * (Thin local shims stood here until those files landed; none is left.)
 */
export { unitsIn, combatUnits, supportUnits, hasHq, isAllGravitic, attackTotal, unitType } from './composition.js';
export { hasActiveZoc, zocAppliesAgainstMover, enemyActiveZocHexes } from './zoc.js';
export { hasLoc } from './loc.js';
export { maxEsm, sigTotal, attemptDetection, hasDetected } from './detection.js';
export { enterHex } from './capture.js';
export { resolveCombat } from './combat.js';
export { destroyOnEntry, attackDisorganisedHex, canDestroyDisorganised } from './disorganised.js';
export { validateSupply, applySupply, scheduledDeliveries } from './supply.js';
export { validateWithdrawal, applyWithdrawal } from './withdrawal.js';
export { validateAdjustment, applyAdjustment } from './adjustment.js';
export { tempoPhase } from './tempo.js';
export { checkVictory } from './victory.js';
