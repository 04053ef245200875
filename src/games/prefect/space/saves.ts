/**
 * Space saving throws (L1619-1669, digest §5.B.13). Target = defence after fatigue + the side's
 * CRT number (L1623) + 2 for any force in a combat with an HS mission (L1238, L1625) + 2 for the
 * side attacking a TF on Supply, GS, OD (L1627) or Withdrawal (L1274, L1785) + 2 for a side
 * attacking disorganised units (L1665). One d10 each, 1 passes and 10 fails (L222-224).
 * Ships and fighters: a failure disorganises, or destroys a unit already disorganised (L1631,
 * L1667); on a BT/CA against its side a unit is disorganised anyway and a failure destroys it
 * (L1633-1635, L1657). Bases: the consolidated table D-64 (baseSaveRule).
 */
import type { Dice } from '#engine/dice.js';
import { rollUnder } from './state.js';
import type { NavalStatus } from './types.js';

export interface SaveModifiers {
  /** This side's number in the CRT cell (L1623). */
  crt: number;
  /** Either force in this combat has an HS mission (L1238: both sides). */
  highSpeed: boolean;
  /** This side is the combat attacker against a TF on Supply/GS/OD/Withdrawal (L1627, L1785). */
  attackingProtectedMission: boolean;
  /** This side is attacking disorganised units or a disorganised base (L1665). */
  attackingDisorganised: boolean;
}

export function saveTarget(defenceAfterFatigue: number, m: SaveModifiers): number {
  return (
    defenceAfterFatigue +
    m.crt +
    (m.highSpeed ? 2 : 0) +
    (m.attackingProtectedMission ? 2 : 0) +
    (m.attackingDisorganised ? 2 : 0)
  );
}

export type SaveOutcome = 'UNHARMED' | 'DISORGANISED' | 'DESTROYED';

/** L1631-1635, L1657, L1667. `severe` = a BT or CA result against this unit's side. */
export function navalSaveOutcome(passed: boolean, status: NavalStatus, severe: boolean): SaveOutcome {
  if (severe) return passed ? 'DISORGANISED' : 'DESTROYED';
  if (passed) return 'UNHARMED';
  return status === 'DISORGANISED' ? 'DESTROYED' : 'DISORGANISED';
}

export function rollNavalSave(
  dice: Dice,
  unitId: string,
  target: number,
  status: NavalStatus,
  severe: boolean,
): { unit: string; target: number; roll: number; outcome: SaveOutcome } {
  const roll = dice.roll(10, `space save ${unitId}`);
  return { unit: unitId, target, roll, outcome: navalSaveOutcome(rollUnder(roll, target), status, severe) };
}

export type BaseSituation =
  /** The base's segment is the target of an Attack/HS mission, or of an opposing SD round (L1637-1643, L2007-2011). */
  | 'SEGMENT_ATTACKED'
  /** The base's side attacks a TF on Supply/GS/OD (L1747, L2009). */
  | 'BASE_SIDE_ATTACKS_PROTECTED'
  /** The surviving GS force strikes this ground base (L2013, L2021-2025). */
  | 'GS_STRIKES_GROUND_BASE';

export type BaseSaveRule =
  | { rolls: false; reason: string }
  | { rolls: true; autoDisorganised: boolean; onFail: 'DISORGANISED' | 'DESTROYED'; reason: string };

/**
 * D-64, consolidated from L1637-1659, L1747, L1769-1771, L2007-2025, L1867. `disorganised` = the
 * base is already disrupted; `severe` = a BT/CA against the base's side; `friendlyNaval` = own
 * ships or fighters took part in this combat in the segment.
 */
export function baseSaveRule(
  orbital: boolean,
  situation: BaseSituation,
  ctx: { friendlyNaval: boolean; severe: boolean; disorganised: boolean; opposingSd?: boolean },
): BaseSaveRule {
  const fail = (auto: boolean): 'DISORGANISED' | 'DESTROYED' =>
    auto || ctx.disorganised ? 'DESTROYED' : 'DISORGANISED';
  if (situation === 'BASE_SIDE_ATTACKS_PROTECTED')
    return { rolls: false, reason: 'L1747: bases firing on Supply/GS/OD forces make no save' };
  if (situation === 'GS_STRIKES_GROUND_BASE') {
    if (orbital) return { rolls: false, reason: 'L1805: a GS strike targets a ground base' };
    return {
      rolls: true,
      autoDisorganised: ctx.severe,
      onFail: fail(ctx.severe),
      reason: 'L2013, L2025: the struck ground base saves',
    };
  }
  if (!orbital) {
    return {
      rolls: false,
      reason: ctx.opposingSd
        ? 'L1867: SD forces cannot affect ground bases'
        : 'L1771: ground bases take no part against Attack/HS',
    };
  }
  if (ctx.friendlyNaval) {
    if (!ctx.severe) return { rolls: false, reason: 'L1639, L2009: friendly naval units shield the base' };
    return {
      rolls: true,
      autoDisorganised: false,
      onFail: fail(false),
      reason: 'L1659, L2009: a shielded base saves only on a BT/CA, against disruption',
    };
  }
  if (ctx.severe)
    return {
      rolls: true,
      autoDisorganised: true,
      onFail: 'DESTROYED',
      reason: 'L1641-1643, L1659: unshielded on a BT/CA, disorganised and saves against destruction',
    };
  return {
    rolls: true,
    autoDisorganised: false,
    onFail: fail(false),
    reason: 'L1637, L1641: an unshielded base saves after each combat',
  };
}
