/**
 * D-87: the Retreat/Breakthrough Conversion of a planetary combat played with Centurion
 * (L2749-2782) and the Saving Throw Conversion (L2784-2798), as pure functions.
 *
 * Readings (D-87, documented in external/README.md):
 * - Each side's total is the value of the ENEMY units it destroyed (the table is inverted
 *   otherwise); units that left the map without failing a morale test count as destroyed (L2767).
 * - The Centurion scenario points of the representatives are not in the source (the Prefect→
 *   Centurion table, M15, is missing): a Prefect unit's printed attack + defence stands in.
 * - Ratios between the rows are rounded toward the defender, as the Prefect ratio is (L573):
 *   2.5 → 2 to 1 (DR), 1 to 2.5 → 1 to 3 (CA). Totals 0/0 → no effect; x/0 → BT; 0/x → CA.
 * - A represented unit whose representatives were destroyed is only disorganised (L2794), also
 *   under a BT/CA; unrepresented support units (HQ, Signals, Construction Engineers, Artillery,
 *   L2786, L2664) make normal Prefect saving throws, rolled by the server.
 */
import type { CrtCell, GroundUnit, PrefectState, Side } from '../types.js';
import { unitType, unitsIn } from '../composition.js';

export type ConversionEffect = 'CA' | 'AR' | 'NONE' | 'DR' | 'BT';

/** L2777-2782: the table rows, attacker's total : defender's total. */
export const CONVERSION_TABLE: readonly { ratio: string; effect: ConversionEffect }[] = [
  { ratio: '1 to 3', effect: 'CA' },
  { ratio: '1 to 2', effect: 'AR' },
  { ratio: '1 to 1', effect: 'NONE' },
  { ratio: '2 to 1', effect: 'DR' },
  { ratio: '3 to 1', effect: 'BT' },
];

/** L2771-2782 (D-87 rounding toward the defender, L573): the row a pair of totals falls in. */
export function conversionRow(
  attackerTotal: number,
  defenderTotal: number,
): { ratio: string; effect: ConversionEffect } {
  if (!Number.isFinite(attackerTotal) || !Number.isFinite(defenderTotal) || attackerTotal < 0 || defenderTotal < 0) {
    throw new RangeError('conversion totals are non-negative numbers');
  }
  const row = (effect: ConversionEffect) => CONVERSION_TABLE.find((r) => r.effect === effect)!;
  if (attackerTotal === 0 && defenderTotal === 0) return row('NONE');
  if (defenderTotal === 0) return row('BT');
  if (attackerTotal === 0) return row('CA');
  if (attackerTotal >= 3 * defenderTotal) return row('BT');
  if (attackerTotal >= 2 * defenderTotal) return row('DR');
  if (attackerTotal >= defenderTotal) return row('NONE');
  // Below 1 to 1 the ratio is rounded toward the defender: anything worse than 1 to 2 is 1 to 3.
  if (2 * attackerTotal >= defenderTotal) return row('AR');
  return row('CA');
}

/** The effect as a CRT cell for the normal Prefect application (L605-617): no save modifiers. */
export function effectCell(effect: ConversionEffect): CrtCell {
  const cell: CrtCell = { a: 0, d: 0 };
  if (effect === 'CA' || effect === 'AR') cell.aFlag = effect;
  if (effect === 'DR' || effect === 'BT') cell.dFlag = effect;
  return cell;
}

/** L2786, L2664: HQ, Signals, Construction ("Civil") Engineers and Artillery have no Centurion representatives. */
export function isRepresented(u: GroundUnit): boolean {
  const t = unitType(u);
  return !t.hq && !t.flags.some((f) => f === 'SIGNALS' || f === 'CONSTRUCTION_ENGINEER' || f === 'ARTILLERY');
}

/** D-87 stand-in for the scenario points of a unit's representatives (M15 missing). */
export const unitPoints = (u: GroundUnit): number => unitType(u).attack + unitType(u).defence;

/** The units of an attack that are on the Centurion map, per side (L2616, L2628). */
export function combatForces(s: PrefectState, attackers: string[], defender: string): Record<Side, GroundUnit[]> {
  const out = { TOG: [] as GroundUnit[], CW: [] as GroundUnit[] };
  for (const tf of [...attackers, defender]) {
    if (!s.tfs[tf]) continue;
    out[s.tfs[tf].side].push(...unitsIn(s, tf).filter(isRepresented));
  }
  return out;
}

/** L2749, L2769 (D-87): each side's total is the points of the enemy units it destroyed or drove off without a morale failure. */
export function totals(s: PrefectState, attackerSide: Side, lost: string[]): { attacker: number; defender: number } {
  let attacker = 0;
  let defender = 0;
  for (const id of new Set(lost)) {
    const u = s.units[id];
    if (!u) continue;
    if (u.side === attackerSide) defender += unitPoints(u);
    else attacker += unitPoints(u);
  }
  return { attacker, defender };
}
