/**
 * Mission Assignment (L1210-1296, digest §5.B.2, H17-H18): both players give every active TF in
 * the system or off-system exactly one mission at the start of the turn (L1212, L1218-1220), at
 * once and in secret. TFs on the T-space track get none (L1222). Orders are sealed per side and
 * revealed together only when both are in (sealMissions / revealMissions); until then a view
 * shows a player his own missions only (missionView). Errors name the rule and never mention an
 * enemy TF's mission or allocation.
 */
import { carrierMissionError } from './new-bases.js';
import { isSegment } from './ofat.js';
import { basesIn, isActive, liveUnitsOf, sectorById, sectorOf, stats } from './state.js';
import type { Mission, MissionOrder, NavalTF, RuleError, Side, SpaceState } from './types.js';
import { MISSIONS } from './types.js';

/** TFs of `side` that must receive a mission this turn (L1212, L1222, L1887). */
export function tfsNeedingMission(state: SpaceState, side: Side): NavalTF[] {
  return Object.values(state.tfs).filter((t) => t.side === side && t.place.kind !== 'TSPACE' && isActive(state, t));
}

function sdErrors(state: SpaceState, tf: NavalTF, o: MissionOrder): RuleError[] {
  const e = (code: string, rule: string, message: string): RuleError => ({ code, rule, message, tf: tf.id });
  const sector = sectorOf(tf);
  if (!sector) return [e('SD_NOT_IN_SYSTEM', 'L1250, L1759', 'only a TF on the system map may defend a sector')];
  if (liveUnitsOf(state, tf.id).some((u) => stats(u).kind === 'TRANSPORT')) {
    return [e('SD_TRANSPORT', 'L1258', 'a TF with transport squadrons may not take sector defence')];
  }
  const alloc = o.sdAllocation;
  if (!alloc) return [e('SD_ALLOCATION', 'L1252', 'allocate every unit of the TF to an orbital segment')];
  const sec = sectorById(sector)!;
  const out: RuleError[] = [];
  const placed: string[] = [];
  for (const [seg, ids] of Object.entries(alloc)) {
    if (!isSegment(sec, Number(seg)))
      out.push(e('NO_SUCH_SEGMENT', 'L1002, L1050-1062', `${sector} has no orbital segment ${seg}`));
    placed.push(...ids);
  }
  const live = liveUnitsOf(state, tf.id)
    .map((u) => u.id)
    .sort();
  if (JSON.stringify([...placed].sort()) !== JSON.stringify(live)) {
    out.push(e('SD_ALLOCATION', 'L1252, L1176', 'each unit of the TF goes to exactly one orbital segment'));
  }
  return out;
}

function withdrawalErrors(state: SpaceState, tf: NavalTF, o: MissionOrder): RuleError[] {
  const e = (code: string, rule: string, message: string): RuleError => ({ code, rule, message, tf: tf.id });
  if (tf.place.kind === 'OFFSYSTEM')
    return [e('WITHDRAW_OFFSYSTEM', 'L1787', 'an off-system TF may not take a withdrawal mission')];
  const dest = o.params?.destination;
  if (dest === 'OFFSYSTEM') return [];
  if (!dest || !sectorById(dest) || basesIn(state, tf.side, dest).length === 0) {
    return [e('WITHDRAW_DESTINATION', 'L1272', 'withdraw off-system or to a sector holding a friendly base')];
  }
  return [];
}

/** Every rule a side's set of orders breaks; [] = legal. */
export function missionOrderErrors(state: SpaceState, side: Side, orders: MissionOrder[]): RuleError[] {
  const errors: RuleError[] = [];
  const seen = new Set<string>();
  const sdSectors = new Map<string, string>();
  for (const o of orders) {
    const tf = state.tfs[o.tf];
    // The same answer for an enemy TF and a missing one: nothing leaks (H16).
    if (!tf || tf.side !== side) {
      errors.push({ code: 'UNKNOWN_TF', rule: 'L1068', message: `you have no TF ${o.tf}`, tf: o.tf });
      continue;
    }
    const e = (code: string, rule: string, message: string): RuleError => ({ code, rule, message, tf: tf.id });
    if (seen.has(tf.id)) {
      errors.push(e('ONE_MISSION', 'L1218', `${tf.id} already has a mission this turn`));
      continue;
    }
    seen.add(tf.id);
    if (!MISSIONS.includes(o.mission)) {
      errors.push(e('UNKNOWN_MISSION', 'L1210', `no mission ${String(o.mission)}`));
      continue;
    }
    if (tf.place.kind === 'TSPACE') {
      errors.push(e('IN_TSPACE', 'L1222', `${tf.id} is in T-space and keeps its mission`));
      continue;
    }
    if (!isActive(state, tf)) {
      errors.push(e('INACTIVE', 'L1068', `${tf.id} has no naval unit`));
      continue;
    }
    if (tf.disorganisedGroup && o.mission !== 'WITHDRAWAL') {
      errors.push(
        e('MUST_WITHDRAW', 'L1875, D-73', 'a TF of grouped disorganised units must take a withdrawal mission'),
      );
      continue;
    }
    if (o.mission !== 'SECTOR_DEFENCE' && o.sdAllocation)
      errors.push(e('SD_ALLOCATION', 'L1252', 'only a sector-defence TF is allocated to segments'));
    if (o.mission === 'SECTOR_DEFENCE') {
      errors.push(...sdErrors(state, tf, o));
      const sector = sectorOf(tf);
      if (sector && sdSectors.has(sector))
        errors.push(e('ONE_SD_PER_SECTOR', 'L1250, L1176', `${sdSectors.get(sector)} already defends this sector`));
      if (sector) sdSectors.set(sector, tf.id);
    }
    if (o.mission === 'WITHDRAWAL') errors.push(...withdrawalErrors(state, tf, o));
    const carrying = carrierMissionError(state, tf.id, o.mission);
    if (carrying) errors.push({ ...carrying, tf: tf.id }); // L2103: a base moves only with a Supply TF
  }
  for (const tf of tfsNeedingMission(state, side)) {
    if (!seen.has(tf.id))
      errors.push({ code: 'MISSING_MISSION', rule: 'L1212', message: `${tf.id} needs a mission`, tf: tf.id });
  }
  return errors;
}

/** [SIMUL][HIDDEN] (H17): stores a side's orders if legal; a side may replace them until the reveal. */
export function sealMissions(state: SpaceState, side: Side, orders: MissionOrder[]): RuleError[] {
  const errors = missionOrderErrors(state, side, orders);
  if (errors.length === 0)
    state.sealedMissions[side] = orders.map((o) => JSON.parse(JSON.stringify(o)) as MissionOrder);
  return errors;
}

export const bothSealed = (state: SpaceState): boolean => !!state.sealedMissions.TOG && !!state.sealedMissions.CW;

/** When both sides have sealed, applies all orders at once and clears the seals; else returns false. */
export function revealMissions(state: SpaceState): boolean {
  if (!bothSealed(state)) return false;
  for (const side of ['TOG', 'CW'] as const) {
    for (const o of state.sealedMissions[side]!) {
      const tf = state.tfs[o.tf];
      tf.mission = o.mission;
      tf.missionStatus = 'ASSIGNED';
      if (o.params) tf.missionParams = o.params;
      else delete tf.missionParams;
      if (o.sdAllocation) tf.sdAllocation = o.sdAllocation;
      else delete tf.sdAllocation;
    }
  }
  state.sealedMissions = {};
  return true;
}

/** What `viewer` may know of missions and allocations: his own only (H16-H18). */
export function missionView(
  state: SpaceState,
  viewer: Side,
): Record<string, { mission?: Mission; sdAllocation?: Record<number, string[]>; sealed?: boolean }> {
  const out: Record<string, { mission?: Mission; sdAllocation?: Record<number, string[]>; sealed?: boolean }> = {};
  for (const tf of Object.values(state.tfs)) {
    if (tf.side !== viewer) continue;
    const sealed = state.sealedMissions[viewer]?.find((o) => o.tf === tf.id);
    out[tf.id] = sealed
      ? { mission: sealed.mission, sdAllocation: sealed.sdAllocation, sealed: true }
      : { mission: tf.mission, sdAllocation: tf.sdAllocation };
  }
  return out;
}
