/**
 * D-87, L2670-2688: what committed naval ground support gives a player on the Centurion map, at
 * full or half strength (half strength: his Task Force detected, the other side's not, L2622-2626;
 * "operating at half strength", L2674, L2678, L2686). Pure: counter classes in, numbers out.
 *
 * - Fighters: two per fighter squadron, one at half strength (L2674).
 * - BB / CA: two laser support missions each, one at half strength (L2676-2678).
 * - Pursuit / Defence squadrons and the FG-type ships (FG, FGV, DDV): one laser mission each
 *   (L2682; reading, D-87: the DD/FG ships of a squadron are not counted, the counter is the unit);
 *   at half strength "divide the number of ships by two" (L2686), rounding up as L2622.
 * - TOG: a Cingulum when one of his P/D squadrons is present (reading, D-87: the TOG P squadron is
 *   made of Fulgur, Serpens and Cingulum, L2451), removed at half strength (L2684-2686).
 * - Spacecraft (ships, not fighters: L1338, L2230) present: one more Spartius (CW) or Romulus
 *   (TOG), the naval fire-control officer (L2688); not halved.
 * - Missile barrages are not available (L2680). Transports give nothing.
 */
import type { Side } from '../types.js';

export interface SupportCounter {
  type: string;
  code: string;
  fighter: boolean;
}

export interface CenturionSupport {
  halfStrength: boolean;
  fighters: number;
  laserMissions: number;
  cingulum: number;
  fireControl: { vehicle: 'Romulus' | 'Spartius'; count: number } | null;
  missileBarrages: 0;
}

const half = (n: number) => Math.ceil(n / 2);
const CAPITAL = new Set(['BB', 'CA']);
const SQUADRON_OR_FG = new Set(['P', 'D', 'FG', 'FGV', 'DDV']);

/** L2670-2688: the numbers a side uses on the Centurion map. */
export function centurionSupportFor(
  side: Side,
  counters: readonly SupportCounter[],
  halfStrength: boolean,
): CenturionSupport {
  const squadrons = counters.filter((c) => c.fighter).length;
  const capital = counters.filter((c) => !c.fighter && CAPITAL.has(c.code)).length;
  const small = counters.filter((c) => !c.fighter && SQUADRON_OR_FG.has(c.code)).length;
  const ships = counters.some(
    (c) => !c.fighter && (CAPITAL.has(c.code) || SQUADRON_OR_FG.has(c.code) || c.code.startsWith('TR')),
  );
  const pd = counters.some((c) => c.code === 'P' || c.code === 'D');
  return {
    halfStrength,
    fighters: (halfStrength ? 1 : 2) * squadrons,
    laserMissions: (halfStrength ? 1 : 2) * capital + (halfStrength ? half(small) : small),
    cingulum: side === 'TOG' && pd && !halfStrength ? 1 : 0,
    fireControl: ships ? { vehicle: side === 'TOG' ? 'Romulus' : 'Spartius', count: 1 } : null,
    missileBarrages: 0,
  };
}
