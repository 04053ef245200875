/**
 * One space combat, start to finish (L1533-1669): totals → column (shift only where allowed) →
 * the combat attacker's d10 on the CRT → every ship and fighter of both sides saves (L1621), then
 * the bases per D-64 → results applied to the state → the BT/CA scored (L1603, L1615). Retreats
 * (AR/DR/BT/CA, L1581-1613) are returned for the mission procedure to carry out. Save order:
 * the combat attacker's units, the defender's units, then bases (each in the order given).
 * 'OPPOSING_SD' rounds (opposing-sd.ts): the higher attack attacks (L1857, D-70); ground bases
 * add attack but are no target and never save (L1867). A transport deployed as a base (L2115)
 * may be named among the bases: it adds its own values and saves on the base table
 * (deployed-bases.ts).
 */
import type { Dice } from '#engine/dice.js';
import type { CrtCell } from '../common/types.js';
import {
  combatAttacker,
  resolveSpaceCombat,
  shiftAllowed,
  totalAttack,
  totalDefence,
  type CombatKind,
  type Role,
} from './combat.js';
import { spaceData } from './data/index.js';
import { baseSaveRule, navalSaveOutcome, saveTarget, type BaseSituation, type SaveOutcome } from './saves.js';
import { rollUnder, stats } from './state.js';
import { deployedBaseValues, isDeployedBase } from './deployed-bases.js';
import type { Mission, NavalBase, RuleError, Side, SpaceState } from './types.js';
import { PROTECTED_MISSIONS } from './types.js';
import { recordTempo } from './tempo.js';
import { otherSide } from '../common/types.js';

export interface EngagementSpec {
  kind: CombatKind;
  phasing: Side;
  phasingMission: Mission;
  /** Units of each role taking part (committed, intercepting, or placed in the segment). */
  phasingUnits: string[];
  opponentUnits: string[];
  phasingBases?: string[];
  opponentBases?: string[];
  /** The combat attacker was not detected (N-space for the phasing force, DSI for interceptors). */
  attackerUndetected: boolean;
  /** The combat attacker's announced choice (L1545). */
  shiftRight: boolean;
}

export interface SaveLine {
  id: string;
  base: boolean;
  target: number;
  roll: number;
  outcome: SaveOutcome;
}

export interface EngagementResult {
  attacker: Side;
  attack: number;
  defence: number;
  column: string;
  roll: number;
  cell: CrtCell;
  saves: SaveLine[];
  /** Sides whose naval forces must leave the segment (AR/CA attacker, DR/BT defender). */
  retreats: Side[];
  tempo: Side | null;
}

const fatigueOf = (state: SpaceState, id: string): number => {
  const tf = state.units[id].tf;
  return tf ? state.tfs[tf].fatigue : 0;
};

function baseSituation(kind: CombatKind, mission: Mission, baseRole: Role): BaseSituation {
  if (kind === 'GS_VS_GROUND_BASE') return 'GS_STRIKES_GROUND_BASE';
  if (kind === 'SEGMENT' && baseRole === 'OPPONENT' && PROTECTED_MISSIONS.includes(mission))
    return 'BASE_SIDE_ATTACKS_PROTECTED';
  return 'SEGMENT_ATTACKED';
}

/** L1669: a destroyed ship or fighter goes to the Destroyed Naval Units box (also used by the Leviathan result, ./external/). */
export function destroy(state: SpaceState, id: string): void {
  const u = state.units[id];
  u.status = 'DESTROYED';
  u.offSystemBox = 'DESTROYED'; // L1669: to the Destroyed Naval Units box, cargo lost
  delete u.deployedAsBase; // L2115: a transport-as-base destroyed is no longer a base
  if (u.supply !== undefined) u.supply = 0;
  if (u.tf) state.tfs[u.tf].units = state.tfs[u.tf].units.filter((x) => x !== id);
  delete u.tf;
}

/**
 * L1857, D-70: the higher total attack is the combat attacker, a tie goes to the turn Attacker.
 * Reconstructed (L1867): a side with nothing the enemy can hit (only ground bases) attacks
 * "without opposition", so it is the combat attacker whatever the totals.
 */
function opposingSdRole(
  spec: EngagementSpec,
  phasingAttack: number,
  opponentAttack: number,
  turnAttacker: Side,
  targets: (r: Role) => { units: unknown[]; bases: unknown[] },
): Role {
  const untouchable = (r: Role) => targets(r).units.length === 0 && targets(r).bases.length === 0;
  if (untouchable('PHASING') && !untouchable('OPPONENT')) return 'PHASING';
  if (untouchable('OPPONENT') && !untouchable('PHASING')) return 'OPPONENT';
  return combatAttacker('OPPOSING_SD', 'SECTOR_DEFENCE', {
    phasingAttack,
    opponentAttack,
    phasingIsTurnAttacker: spec.phasing === turnAttacker,
  });
}

export function engage(state: SpaceState, dice: Dice, spec: EngagementSpec): EngagementResult | RuleError {
  const sdRound = spec.kind === 'OPPOSING_SD';
  const sideOf = (r: Role): Side => (r === 'PHASING' ? spec.phasing : otherSide(spec.phasing));
  const unitsOf = (r: Role): string[] => (r === 'PHASING' ? spec.phasingUnits : spec.opponentUnits);
  const baseIds = (r: Role): string[] => (r === 'PHASING' ? spec.phasingBases : spec.opponentBases) ?? [];
  const basesOf = (r: Role): NavalBase[] =>
    baseIds(r)
      .filter((id) => state.bases[id])
      .map((id) => state.bases[id]);
  // L2115: transports functioning as bases; reconstructed values (deployed-bases.ts), no fatigue (L1845)
  const deployedOf = (r: Role): string[] => baseIds(r).filter((id) => !state.bases[id] && isDeployedBase(state, id));
  const deployedForce = (r: Role) =>
    deployedOf(r).map((id) => ({ stats: { ...stats(state.units[id]), ...deployedBaseValues(state, id) }, fatigue: 0 }));
  const force = (r: Role) => ({
    units: [
      ...unitsOf(r).map((id) => ({ stats: stats(state.units[id]), fatigue: fatigueOf(state, id) })),
      ...deployedForce(r),
    ],
    bases: basesOf(r),
  });
  // L1867: in an opposing-SD round a ground base adds its attack but cannot be hit (no defence, no save).
  const targets = (r: Role) => {
    const f = force(r);
    return sdRound ? { ...f, bases: f.bases.filter((b) => spaceData.baseTypes[b.type].orbital) } : f;
  };
  const role: Role = sdRound
    ? opposingSdRole(spec, totalAttack(force('PHASING')), totalAttack(force('OPPONENT')), state.attacker, targets)
    : combatAttacker(spec.kind, spec.phasingMission);
  const defRole: Role = role === 'PHASING' ? 'OPPONENT' : 'PHASING';
  const attack = totalAttack(force(role));
  const defence = totalDefence(targets(defRole));
  const r = resolveSpaceCombat(
    dice,
    attack,
    defence,
    spec.shiftRight,
    shiftAllowed(spec.kind, spec.phasingMission, spec.attackerUndetected),
  );
  if ('code' in r) return r;
  const highSpeed = spec.phasingMission === 'HS_ATTACK';
  const defStates = [
    ...unitsOf(defRole).map((id) => state.units[id].status),
    ...deployedOf(defRole).map((id) => state.units[id].status),
    ...basesOf(defRole).map((b) => (b.status === 'ACTIVE' ? 'ACTIVE' : 'DISORGANISED')),
  ];
  const defendersDisorganised = defStates.length > 0 && defStates.every((s) => s === 'DISORGANISED'); // L1665
  const mods = (rr: Role) => ({
    crt: rr === role ? r.cell.a : r.cell.d,
    highSpeed,
    attackingProtectedMission: rr === 'OPPONENT' && PROTECTED_MISSIONS.includes(spec.phasingMission),
    attackingDisorganised: rr === role && defendersDisorganised,
  });
  const severe = (rr: Role): boolean => (rr === role ? r.cell.aFlag === 'CA' : r.cell.dFlag === 'BT');
  const saves: SaveLine[] = [];
  for (const rr of [role, defRole]) {
    for (const id of unitsOf(rr)) {
      const u = state.units[id];
      const target = saveTarget(Math.max(0, stats(u).defence - fatigueOf(state, id)), mods(rr));
      const roll = dice.roll(10, `space save ${id}`);
      const outcome = navalSaveOutcome(rollUnder(roll, target), u.status, severe(rr));
      saves.push({ id, base: false, target, roll, outcome });
    }
  }
  for (const rr of [role, defRole]) {
    for (const b of basesOf(rr)) {
      const t = spaceData.baseTypes[b.type];
      const rule = baseSaveRule(t.orbital, baseSituation(spec.kind, spec.phasingMission, rr), {
        friendlyNaval: unitsOf(rr).length > 0,
        severe: severe(rr),
        disorganised: b.status !== 'ACTIVE',
        opposingSd: sdRound,
      });
      if (!rule.rolls) continue;
      if (rule.autoDisorganised) b.status = 'DISRUPTED';
      const target = saveTarget(t.defence, {
        ...mods(rr),
        attackingProtectedMission: false,
        attackingDisorganised: false,
      });
      const roll = dice.roll(10, `base save ${b.id}`);
      const passed = rollUnder(roll, target);
      const outcome: SaveOutcome = passed ? (rule.autoDisorganised ? 'DISORGANISED' : 'UNHARMED') : rule.onFail;
      saves.push({ id: b.id, base: true, target, roll, outcome });
    }
    for (const id of deployedOf(rr)) {
      // L2115, D-64: a transport-as-base saves as an orbital base (it is on the OFAT, L2113)
      const u = state.units[id];
      const rule = baseSaveRule(true, baseSituation(spec.kind, spec.phasingMission, rr), {
        friendlyNaval: unitsOf(rr).length > 0,
        severe: severe(rr),
        disorganised: u.status !== 'ACTIVE',
        opposingSd: sdRound,
      });
      if (!rule.rolls) continue;
      if (rule.autoDisorganised) u.status = 'DISORGANISED';
      const target = saveTarget(deployedBaseValues(state, id).defence, {
        ...mods(rr),
        attackingProtectedMission: false,
        attackingDisorganised: false,
      });
      const roll = dice.roll(10, `base save ${id}`);
      const outcome: SaveOutcome = rollUnder(roll, target)
        ? rule.autoDisorganised
          ? 'DISORGANISED'
          : 'UNHARMED'
        : rule.onFail;
      saves.push({ id, base: true, target, roll, outcome });
    }
  }
  for (const s of saves) {
    if (s.base && !state.bases[s.id]) {
      if (s.outcome === 'DESTROYED')
        destroy(state, s.id); // L2115 + L1669: the transport-as-base to the Destroyed box
      else if (s.outcome === 'DISORGANISED') state.units[s.id].status = 'DISORGANISED';
    } else if (s.base) {
      if (s.outcome !== 'UNHARMED') state.bases[s.id].status = s.outcome === 'DESTROYED' ? 'DESTROYED' : 'DISRUPTED';
    } else if (s.outcome === 'DESTROYED') destroy(state, s.id);
    else if (s.outcome === 'DISORGANISED') state.units[s.id].status = 'DISORGANISED';
  }
  const retreats: Side[] = [];
  if (r.cell.aFlag) retreats.push(sideOf(role));
  if (r.cell.dFlag) retreats.push(sideOf(defRole));
  const tempo = recordTempo(state, r.cell, sideOf(role));
  return {
    attacker: sideOf(role),
    attack,
    defence,
    column: r.column,
    roll: r.roll,
    cell: r.cell,
    saves,
    retreats,
    tempo,
  };
}
