/**
 * Saving throws (L637-661). Target = defence after fatigue (L571, floor D-34) + the side's CRT
 * modifier (L603) + LAF +2 for attacking units that moved in LAF this turn (L645, D-28 option
 * `lafSaveModifier`) + Combat Engineer +1 (D-29; the literal −1 as option `engineerLiteral`).
 * One d10: 1 succeeds, 10 fails (L222-224). Normal result: failure disorganises (L651), or
 * destroys a non-gravitic unit (L932). After a BT/CA: success disorganises, failure destroys (L649).
 */
import type { Dice } from '#engine/dice.js';
import type { GroundUnit, PrefectState, TaskForce } from './types.js';
import { combatUnits, supportUnits, unitDefence, unitType, unitsIn } from './composition.js';
import { rollUnder } from './detection.js';

export type SaveOutcome = 'UNHARMED' | 'DISORGANISED' | 'DESTROYED';
export interface SaveRecord {
  unit: string;
  type: string;
  side: TaskForce['side'];
  tf: string;
  target: number;
  roll: number;
  outcome: SaveOutcome;
}

/**
 * Who rolls in a TF (L639-641, L669): on a BT/CA every unit; otherwise the combat units, with
 * artillery exempt unless it is the TF's only combat unit (L669).
 */
export function unitsThatSave(state: PrefectState, tfId: string, severe: boolean): GroundUnit[] {
  if (severe) return unitsIn(state, tfId);
  const combat = combatUnits(state, tfId);
  const nonArtillery = combat.filter((u) => !unitType(u).flags.includes('ARTILLERY'));
  return nonArtillery.length > 0 ? nonArtillery : combat;
}

/**
 * D-29: each Combat Engineer Century may help one combat unit of its own TF, at most once per
 * unit. `chosen` are the owner's assignments (invalid ones ignored; callers validate); without
 * any for this TF, CEs go to the rolling combat units with the highest reorganisation cost,
 * unless the literal (harmful) reading is on.
 */
export function engineerBonus(
  state: PrefectState,
  tfId: string,
  rolling: GroundUnit[],
  chosen: { engineer: string; unit: string }[] | undefined,
): Map<string, number> {
  const step = state.options.engineerLiteral ? -1 : 1;
  const ces = supportUnits(state, tfId).filter((u) => unitType(u).flags.includes('COMBAT_ENGINEER'));
  const eligible = new Set(rolling.filter((u) => unitType(u).category === 'COMBAT').map((u) => u.id));
  const out = new Map<string, number>();
  const mine = (chosen ?? []).filter((c) => ces.some((e) => e.id === c.engineer));
  if (mine.length > 0) {
    const used = new Set<string>();
    for (const c of mine) {
      if (used.has(c.engineer) || !eligible.has(c.unit) || out.has(c.unit)) continue;
      used.add(c.engineer);
      out.set(c.unit, step);
    }
    return out;
  }
  if (state.options.engineerLiteral) return out;
  const ranked = rolling
    .filter((u) => eligible.has(u.id))
    .sort((a, b) => (unitType(b).reorgCost ?? 0) - (unitType(a).reorgCost ?? 0) || a.id.localeCompare(b.id));
  for (let i = 0; i < Math.min(ces.length, ranked.length); i++) out.set(ranked[i].id, step);
  return out;
}

/** Rolls one save; does not move the unit (see applySave). */
export function rollSave(dice: Dice, u: GroundUnit, tf: TaskForce, target: number, severe: boolean): SaveRecord {
  const roll = dice.roll(10, `save ${u.type}`); // label by type: unit ids inside TFs are hidden (H1)
  const ok = rollUnder(roll, target);
  let outcome: SaveOutcome;
  if (severe)
    outcome = ok ? 'DISORGANISED' : 'DESTROYED'; // L649
  else if (ok) outcome = 'UNHARMED';
  else outcome = unitType(u).gravitic ? 'DISORGANISED' : 'DESTROYED'; // L651, L932
  return { unit: u.id, type: u.type, side: u.side, tf: tf.id, target, roll, outcome };
}

/** Save target for a unit of `tf` (L643-645, D-28, D-29, D-34). */
export function saveTarget(
  state: PrefectState,
  u: GroundUnit,
  tf: TaskForce,
  crtMod: number,
  isCombatAttacker: boolean,
  engineer = 0,
): number {
  const laf = isCombatAttacker && tf.movedLafThisTurn ? state.options.lafSaveModifier : 0;
  return unitDefence(u, tf.fatigue) + crtMod + laf + engineer;
}
