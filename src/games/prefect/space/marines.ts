/**
 * Marines capturing bases (L2033-2083, digest §5.B.22, D-74). Conditions: the attacking
 * transport is in a TF on an Attack mission (not HS, L2063), organised and carrying Marines
 * (it survived DSI, L2065); the target is an enemy base that is disorganised at the time
 * (L2035, L2067) with no other enemy naval force or base of any kind in its segment (L2037).
 * The assault (D-74): total Marine attack against class + 1 per defending cohort (L2071-2073)
 * on the space CRT, no shift; the base saves against that defence + its side's CRT number.
 * Failed: captured with all its SP, disrupted, its Marines destroyed (L2077-2081). Passed: the
 * attacking Marines are destroyed and their transport disrupted (L2083). Marines make no save.
 * Loading off-system (L2049-2057): in the Supply Phase, a transport in the off-system zone takes
 * cohorts from its side's off-system Marines (how many there are is scenario data,
 * `offSystemMarines`), as it would SP (L2055), within L2053's limit and 10 SP of room each (L2051).
 */
import type { Dice } from '#engine/dice.js';
import type { CrtCell } from '../common/types.js';
import { resolveSpaceCombat } from './combat.js';
import { spaceData } from './data/index.js';
import { marineAssaultDefence } from './logistics.js';
import { rollUnder, sdTfIn, sectorOf, stats } from './state.js';
import type { RuleError, Side, SpaceState } from './types.js';
import { recordCapture } from './victory.js';
import { captureDeployedBase, deployedBaseAssaultDefence, isDeployedBase } from './deployed-bases.js';
import { capacityOf, holderOf, MARINE_LIMIT, SP_PER_MARINE, supplyOf } from './supply.js';

/** D-74: a Marine cohort's space attack value, reconstructed in the data pack (build-units.ts). */
export const MARINE_COHORT_ATTACK: number = spaceData.marines.cohortAttack;

export interface MarineAssault {
  tf: string;
  transport: string;
  base: string;
}

const e = (code: string, rule: string, message: string): RuleError => ({ code, rule, message });

/** L2037: the defender's other naval forces or bases, of any type, in the base's segment. */
export function segmentHeldBy(
  state: SpaceState,
  owner: Side,
  sector: string,
  segment: number,
  exceptBase: string,
): boolean {
  const bases = Object.values(state.bases).some(
    (b) =>
      b.id !== exceptBase &&
      b.side === owner &&
      b.sector === sector &&
      b.segment === segment &&
      b.status !== 'DESTROYED' &&
      !b.offSystemBox &&
      !b.carriedBy,
  );
  const sd = sdTfIn(state, owner, sector);
  const units = (sd?.sdAllocation?.[segment] ?? []).some(
    (id) => state.units[id]?.status !== 'DESTROYED' && state.units[id]?.tf === sd!.id,
  );
  const deployed = Object.values(state.units).some(
    (u) =>
      u.id !== exceptBase &&
      u.side === owner &&
      u.status !== 'DESTROYED' &&
      u.deployedAsBase?.sector === sector &&
      u.deployedAsBase.segment === segment,
  );
  return bases || units || deployed;
}

export function marineAssaultErrors(state: SpaceState, side: Side, o: MarineAssault): RuleError[] {
  const tf = state.tfs[o.tf];
  if (!tf || tf.side !== side) return [e('UNKNOWN_TF', 'L1068', `you have no TF ${o.tf}`)];
  if (tf.mission === 'HS_ATTACK') return [e('HS_NO_MARINES', 'L2063', 'Marines may not land from a high-speed attack')];
  if (tf.mission !== 'ATTACK') return [e('NOT_ATTACK', 'L2063', 'Marines land only from a TF on an Attack mission')];
  const t = state.units[o.transport];
  if (!t || t.tf !== o.tf || stats(t).kind !== 'TRANSPORT')
    return [e('NOT_A_TRANSPORT', 'L2049, L2063', `${o.transport} is not a transport of ${o.tf}`)];
  if (t.status !== 'ACTIVE')
    return [e('TRANSPORT_DISORGANISED', 'L2065', `${o.transport} did not come through intact`)];
  if (!t.marines) return [e('NO_MARINES', 'L2057', `${o.transport} carries no Marine cohort`)];
  if (!state.bases[o.base] && isDeployedBase(state, o.base)) return deployedTargetErrors(state, side, tf, o.base);
  const b = state.bases[o.base];
  if (!b || b.side === side || b.status === 'DESTROYED' || b.offSystemBox || b.carriedBy)
    return [e('UNKNOWN_BASE', 'L2035', `${o.base} is not an enemy base on the map`)];
  if (sectorOf(tf) !== b.sector) return [e('OTHER_SECTOR', 'L2063', `${o.tf} is not in the base's sector`)];
  if (b.status !== 'DISRUPTED')
    return [e('BASE_ORGANISED', 'L2035, L2067', 'the base must be disorganised at the time of the attack')];
  if (segmentHeldBy(state, b.side, b.sector, b.segment, b.id))
    return [e('SEGMENT_HELD', 'L2037', "enemy naval forces or bases remain in the base's segment")];
  return [];
}

/** L2035-2037 for a transport functioning as a base (L2115): enemy, disrupted, alone in its segment. */
function deployedTargetErrors(state: SpaceState, side: Side, tf: SpaceState['tfs'][string], id: string): RuleError[] {
  const u = state.units[id];
  const at = u.deployedAsBase!;
  if (u.side === side) return [e('UNKNOWN_BASE', 'L2035', `${id} is not an enemy base on the map`)];
  if (sectorOf(tf) !== at.sector) return [e('OTHER_SECTOR', 'L2063', `${tf.id} is not in the base's sector`)];
  if (u.status !== 'DISORGANISED')
    return [e('BASE_ORGANISED', 'L2035, L2067', 'the base must be disorganised at the time of the attack')];
  if (segmentHeldBy(state, u.side, at.sector, at.segment, id))
    return [e('SEGMENT_HELD', 'L2037', "enemy naval forces or bases remain in the base's segment")];
  return [];
}

export interface MarineAssaultResult {
  attack: number;
  defence: number;
  column: string;
  roll: number;
  cell: CrtCell;
  saveTarget: number;
  saveRoll: number;
  captured: boolean;
}

/** Validates, then resolves (D-74): combat roll, then the base's save. */
export function resolveMarineAssault(
  state: SpaceState,
  dice: Dice,
  side: Side,
  o: MarineAssault,
): MarineAssaultResult | RuleError[] {
  const errors = marineAssaultErrors(state, side, o);
  if (errors.length) return errors;
  const t = state.units[o.transport];
  const b = state.bases[o.base];
  const cohorts = t.marines!;
  const attack = MARINE_COHORT_ATTACK * cohorts;
  const defence = b ? marineAssaultDefence(b.type, b.marines ?? 0) : deployedBaseAssaultDefence(state, o.base); // L2071-2073; L2115 reconstructed
  const r = resolveSpaceCombat(dice, attack, defence, false, false);
  if ('code' in r) return [r];
  const saveTarget = defence + r.cell.d;
  const saveRoll = dice.roll(10, `marine assault save ${o.base}`);
  const captured = !rollUnder(saveRoll, saveTarget);
  t.marines = 0;
  if (captured && !b) {
    captureDeployedBase(state, o.base, side, cohorts); // L2077-2081 applied to a transport-as-base (L2115)
    recordCapture(state, side);
  } else if (captured) {
    b.side = side; // L2079: the captor's counter of the same class
    b.status = 'DISRUPTED'; // L2081
    b.marines = cohorts; // reconstructed: the landed cohorts garrison the base (the text does not say)
    recordCapture(state, side);
  } else {
    t.status = 'DISORGANISED'; // L2083
  }
  return { attack, defence, column: r.column, roll: r.roll, cell: r.cell, saveTarget, saveRoll, captured };
}

/** L2049-2057: loading `cohorts` Marine cohorts from the side's off-system zone onto transport `unitId`. */
export function loadMarinesOffSystemErrors(
  state: SpaceState,
  side: Side,
  unitId: string,
  cohorts: number,
): RuleError[] {
  const h = holderOf(state, unitId);
  if (!h || h.side !== side || h.kind !== 'TRANSPORT')
    return [e('NOT_A_TRANSPORT', 'L2049', `${unitId} is not one of your transports`)];
  const tf = h.unit.tf ? state.tfs[h.unit.tf] : undefined;
  const offSystem = tf ? tf.place.kind === 'OFFSYSTEM' : h.unit.offSystemBox === 'FUNCTIONAL';
  if (!offSystem) return [e('NOT_OFFSYSTEM', 'L2055, L1909', `${unitId} is not in the off-system zone`)];
  if (h.unit.status !== 'ACTIVE')
    return [e('DISRUPTED_TRANSPORT', 'L1925', `${unitId} is disrupted: no loading until reorganised`)];
  if (!Number.isInteger(cohorts) || cohorts <= 0)
    return [e('BAD_AMOUNT', 'L2055', 'load a whole positive number of cohorts')];
  const pool = state.offSystemMarines?.[side] ?? 0;
  if (cohorts > pool) return [e('NO_MARINES_OFFSYSTEM', 'L2055', `your off-system zone holds ${pool} Marine cohorts`)];
  const limit = MARINE_LIMIT[spaceData.unitTypes[h.unit.type].code] ?? 0;
  if ((h.unit.marines ?? 0) + cohorts > limit)
    return [e('MARINE_LIMIT', 'L2053', `${unitId} carries at most ${limit} Marine cohorts`)];
  if (supplyOf(h) + SP_PER_MARINE * cohorts > capacityOf(h))
    return [e('OVER_CAPACITY', 'L2051', `each cohort takes ${SP_PER_MARINE} SP of room on ${unitId}`)];
  return [];
}

export function loadMarinesOffSystem(state: SpaceState, side: Side, unitId: string, cohorts: number): RuleError[] {
  const errors = loadMarinesOffSystemErrors(state, side, unitId, cohorts);
  if (errors.length) return errors;
  const u = state.units[unitId];
  u.marines = (u.marines ?? 0) + cohorts; // L2057: under the transport counter
  state.offSystemMarines = { ...state.offSystemMarines, [side]: state.offSystemMarines![side]! - cohorts };
  return [];
}
