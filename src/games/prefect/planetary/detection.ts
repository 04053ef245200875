/**
 * Detection (L477-537). ESM and Sig totals with Signals Centuries counted once (L525); the
 * detector announces 1..max ESM (a bluff, L499, D-18); target = ESM + Sig + ONE terrain
 * modifier chosen by the detected player (L515, D-20) + the Value of each base in the hex
 * (L517; sign D-04); one d10, 1 always succeeds, 10 always fails (L222-224).
 */
import type { GameEvent } from '#engine/contract.js';
import type { Dice } from '#engine/dice.js';
import type { PrefectState, Side, TerrainType } from './types.js';
import { unitsIn, unitType } from './composition.js';
import { baseValue, rulesData } from './rules-data.js';

function signalsOnce(state: PrefectState, tfId: string, field: 'esm' | 'sig'): number {
  const types = unitsIn(state, tfId).map(unitType);
  const plain = types.filter((t) => !t.flags.includes('SIGNALS')).reduce((a, t) => a + t[field], 0);
  const sig = types.filter((t) => t.flags.includes('SIGNALS')).map((t) => t[field]);
  // L525: "not cumulative, regardless of the number of Signal Centuries": the best one counts.
  const once = sig.length === 0 ? 0 : field === 'esm' ? Math.max(...sig) : Math.min(...sig);
  return plain + once;
}
/** L495-497: sum of the ESM of the detecting TF, Signals once (L525). */
export const maxEsm = (state: PrefectState, tfId: string): number => signalsOnce(state, tfId, 'esm');
/** L501: sum of the Sig of the target TF, Signals once (L525). */
export const sigTotal = (state: PrefectState, tfId: string): number => signalsOnce(state, tfId, 'sig');

/** D-18: the announced ESM is an integer in [1, max] when max ≥ 1, else exactly max. */
export function esmAllowed(state: PrefectState, tfId: string, esm: number): boolean {
  const max = maxEsm(state, tfId);
  if (!Number.isInteger(esm)) return false;
  return max >= 1 ? esm >= 1 && esm <= max : esm === max;
}

/**
 * D-20: the terrain type that applies to a TF in `hex`: its owner's standing choice if valid,
 * else the highest DF (ties: the detection modifier hardest for the enemy). With the option
 * `terrainDecoupled` detection uses the hardest modifier and defence the highest DF.
 */
export function terrainFor(
  state: PrefectState,
  tfId: string,
  hex: string,
  purpose: 'detection' | 'defence',
): TerrainType | undefined {
  const d = rulesData();
  const types = d
    .hex(hex)
    .terrain.map((t) => d.terrain[t])
    .filter((t): t is TerrainType => !!t);
  if (types.length === 0) return undefined;
  const chosen = state.tfs[tfId]?.terrainChoice?.[hex];
  if (!state.options.terrainDecoupled && chosen) {
    const t = types.find((x) => x.id === chosen);
    if (t) return t;
  }
  const byDetection = (a: TerrainType, b: TerrainType) =>
    a.detectionModifier - b.detectionModifier || a.id.localeCompare(b.id);
  const byDefence = (a: TerrainType, b: TerrainType) => b.defenceFactor - a.defenceFactor || byDetection(a, b);
  const sorted = [...types].sort(state.options.terrainDecoupled && purpose === 'detection' ? byDetection : byDefence);
  return sorted[0];
}

/** L511-517, D-04: the modifiers added to ESM + Sig for a target TF in `hex`. */
export function detectionModifier(state: PrefectState, tfId: string, hex: string): { terrain: number; bases: number } {
  const terrain = terrainFor(state, tfId, hex, 'detection')?.detectionModifier ?? 0;
  const values = Object.values(state.bases)
    .filter((b) => b.hex === hex)
    .reduce((a, b) => a + baseValue(b.type), 0);
  return { terrain, bases: state.options.baseDetectionSign * values };
}

export function detectionTarget(state: PrefectState, esm: number, targetTf: string): number {
  const t = state.tfs[targetTf];
  const m = detectionModifier(state, targetTf, t.hex);
  return esm + sigTotal(state, targetTf) + m.terrain + m.bases;
}

/** L222-224: 1 always succeeds, 10 ("0") always fails; otherwise roll ≤ target. */
export const rollUnder = (roll: number, target: number): boolean => roll === 1 || (roll !== 10 && roll <= target);

/**
 * One detection attempt (callers validate): rolls, appends a DetectionRecord, flips the target
 * to "detected" on success (L505). D-19: TABLETOP shows ESM, target number and roll to all;
 * STRICT shows everyone the announced ESM and the outcome, and the roll/target only to the
 * target's owner (who knows his Sig anyway).
 */
export function attemptDetection(
  state: PrefectState,
  dice: Dice,
  a: { phase: 'MOVEMENT' | 'COMBAT'; detector: string; target: string; esm: number },
): GameEvent[] {
  const target = state.tfs[a.target];
  const detector = state.tfs[a.detector];
  const targetNumber = detectionTarget(state, a.esm, a.target);
  const label = `detection ${a.detector}>${a.target}`;
  const roll = dice.roll(10, label);
  const success = rollUnder(roll, targetNumber);
  state.detections.push({
    phase: a.phase,
    detector: a.detector,
    target: a.target,
    hex: target.hex,
    announcedEsm: a.esm,
    targetNumber,
    roll,
    success,
  });
  if (success) target.detected = true;
  if (a.phase === 'MOVEMENT' && detector) detector.detectedDuringMovement = true;
  const base = { phase: a.phase, detector: a.detector, target: a.target, hex: target.hex, esm: a.esm, success };
  const rolls = [{ label, sides: 10, value: roll }];
  if (state.options.revealMode === 'TABLETOP') {
    return [{ type: 'detection', visibleTo: 'all', data: { ...base, targetNumber, roll }, rolls }];
  }
  const owner: Side = target.side;
  return [
    { type: 'detection', visibleTo: 'all', data: base },
    {
      type: 'detection.detail',
      visibleTo: [owner],
      data: { detector: a.detector, target: a.target, targetNumber, roll },
      rolls,
    },
  ];
}

/**
 * L451: a Movement Phase detection stays effective only while neither TF moves. Called when
 * `tfId` moves (activation, each hex, counter-move): it is no longer detected, and a TF it
 * detected stays detected only through another detection still standing. The pairwise record
 * (hasDetected) is kept: L453 lets a defender strike a detected mover while it is in his ZOC.
 */
export function tfMoves(state: PrefectState, tfId: string): void {
  const moved = state.tfs[tfId];
  if (moved) moved.detected = false;
  const targets = new Set<string>();
  for (const d of state.detections) {
    if (d.phase !== 'MOVEMENT' || d.lapsed || (d.detector !== tfId && d.target !== tfId)) continue;
    d.lapsed = true;
    if (d.success && d.target !== tfId) targets.add(d.target);
  }
  for (const t of targets) {
    const tf = state.tfs[t];
    if (tf) tf.detected = state.detections.some((d) => d.target === t && d.success && !d.lapsed);
  }
}

/** Pairwise record (D-15/D-21): did `detector` detect `target` this turn (optionally in a phase)? */
export function hasDetected(
  state: PrefectState,
  detector: string,
  target: string,
  phase?: 'MOVEMENT' | 'COMBAT',
): boolean {
  return state.detections.some(
    (d) => d.detector === detector && d.target === target && d.success && (!phase || d.phase === phase),
  );
}
