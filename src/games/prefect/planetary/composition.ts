/**
 * Task Force composition (L138-169, L171-187): which units a TF holds, combat vs support units
 * (L145), HQs (D-13), totals with fatigue (L571, L699, floor D-34), TF limits (D-07), and the
 * small state edits every rule shares: disorganise, destroy, create / remove / merge a TF.
 */
import type { GameEvent } from '#engine/contract.js';
import {
  otherSide,
  type GroundUnit,
  type GroundUnitType,
  type PrefectState,
  type Side,
  type TaskForce,
} from './types.js';
import { unitTypeOf } from './rules-data.js';

export const unitType = (unit: GroundUnit): GroundUnitType => unitTypeOf(unit);

/** ACTIVE units recorded in the TF's box (L173). */
export function unitsIn(state: PrefectState, tfId: string): GroundUnit[] {
  return Object.values(state.units).filter((u) => u.status === 'ACTIVE' && u.tf === tfId);
}
/** Cohort-size units (L145). Artillery is a combat unit (D-30). */
export const combatUnits = (state: PrefectState, tfId: string): GroundUnit[] =>
  unitsIn(state, tfId).filter((u) => unitType(u).category === 'COMBAT');
/** Century-size units: "always support units" (L145). */
export const supportUnits = (state: PrefectState, tfId: string): GroundUnit[] =>
  unitsIn(state, tfId).filter((u) => unitType(u).category === 'SUPPORT');
/** Any Legion, Auxilia or Manus HQ ("command unit", D-13). */
export const hasHq = (state: PrefectState, tfId: string): boolean => unitsIn(state, tfId).some((u) => !!unitType(u).hq);
/** L924-928: one non-gravitic unit makes the whole TF non-gravitic. */
export const isAllGravitic = (state: PrefectState, tfId: string): boolean =>
  unitsIn(state, tfId).every((u) => unitType(u).gravitic);

/** Attack value after fatigue, floored at 0 (L571, D-34). */
export const unitAttack = (u: GroundUnit, fatigue: number): number => Math.max(0, unitType(u).attack - fatigue);
/** Defence value after fatigue, floored at 0 (L571, D-34). */
export const unitDefence = (u: GroundUnit, fatigue: number): number => Math.max(0, unitType(u).defence - fatigue);

/** L567-569: sum of the attack values of the combat units of the attacking TFs, after fatigue. */
export function attackTotal(state: PrefectState, tfIds: string[]): number {
  let total = 0;
  for (const id of tfIds) {
    const tf = state.tfs[id];
    if (!tf) continue;
    for (const u of combatUnits(state, id)) total += unitAttack(u, tf.fatigue);
  }
  return total;
}

/**
 * L567-571: defence values of the TF's combat units after fatigue, without terrain. Support
 * units add nothing (L569); units that retreated into this TF this turn add nothing (L675).
 */
export function defenceTotal(state: PrefectState, tfId: string): number {
  const tf = state.tfs[tfId];
  if (!tf) return 0;
  return combatUnits(state, tfId)
    .filter((u) => u.retreatedInTurn !== state.turn)
    .reduce((sum, u) => sum + unitDefence(u, tf.fatigue), 0);
}

export const tfsAt = (state: PrefectState, hex: string): TaskForce[] =>
  Object.values(state.tfs).filter((t) => t.hex === hex);
export const enemyTfAt = (state: PrefectState, side: Side, hex: string): boolean =>
  Object.values(state.tfs).some((t) => t.hex === hex && t.side !== side);
/** Disorganised units on the map in `hex` (L655), optionally of one side. */
export const disorganisedAt = (state: PrefectState, hex: string, side?: Side): GroundUnit[] =>
  Object.values(state.units).filter((u) => u.status === 'DISORGANISED' && u.hex === hex && (!side || u.side === side));
export const basesAt = (state: PrefectState, hex: string) => Object.values(state.bases).filter((b) => b.hex === hex);

/** D-07: a Legion may have 18 (default) or 20 TFs; an Auxilia 6 (L109, L183). */
export function tfLimit(state: PrefectState, orgId: string): number {
  const org = state.orgs[orgId];
  if (!org) return 0;
  return org.kind === 'LEGION' ? state.options.legionTfLimit : 6;
}
/** Lowest counter number free in the organisation, or null at its limit (D-07). */
export function freeCounter(state: PrefectState, orgId: string): number | null {
  const org = state.orgs[orgId];
  if (!org) return null;
  const limit = tfLimit(state, orgId);
  const used = new Set(
    Object.values(state.tfs)
      .filter((t) => t.org === orgId && !t.independent)
      .map((t) => t.counter),
  );
  if (used.size >= limit) return null;
  for (let n = 1; n <= limit; n++) if (!used.has(n)) return n;
  return null;
}

/** A new, empty TF counter (caller adds units). */
export function newTaskForce(state: PrefectState, side: Side, org: string, hex: string, counter: number): TaskForce {
  const id = `tf-${org}-${counter}-${state.seq++}`;
  const tf: TaskForce = {
    id,
    side,
    org,
    counter,
    hex,
    mode: 'COMBAT',
    fatigue: 0,
    movedThisTurn: false,
    movedLafThisTurn: false,
    attackedThisTurn: false,
    detected: false,
  };
  state.tfs[id] = tf;
  const o = state.orgs[org];
  if (o && !o.countersInUse.includes(counter)) o.countersInUse.push(counter);
  return tf;
}

/**
 * A new TF's events: everyone sees a TF appear in its hex; its organisation and counter (which its
 * alias never tells) go to the owner only.
 */
export function tfCreatedEvents(tf: TaskForce, rule: string): GameEvent[] {
  return [
    { type: 'tf.created', visibleTo: 'all', data: { tf: tf.id, side: tf.side, hex: tf.hex, rule } },
    { type: 'tf.created.detail', visibleTo: [tf.side], data: { tf: tf.id, org: tf.org, counter: tf.counter } },
  ];
}

/** L876: a TF left with no units is removed and its counter freed. */
export function removeTfIfEmpty(state: PrefectState, tfId: string): boolean {
  const tf = state.tfs[tfId];
  if (!tf || unitsIn(state, tfId).length > 0) return false;
  delete state.tfs[tfId];
  const o = state.orgs[tf.org];
  if (o && !Object.values(state.tfs).some((t) => t.org === tf.org && t.counter === tf.counter)) {
    o.countersInUse = o.countersInUse.filter((n) => n !== tf.counter);
  }
  return true;
}

/** L655: out of the TF box, onto the map in `hex`, fatigue 0 (L717). */
export function disorganise(u: GroundUnit, hex: string): void {
  u.status = 'DISORGANISED';
  delete u.tf;
  delete u.under;
  u.hex = hex;
}

/**
 * To the destroyed pool (may be rebuilt, L828); counts for the enemy's victory tally. An HQ's
 * stored SP (L774, L776: "supplies carried by a Legion or Auxilia are considered to be stored at
 * the headquarters") are lost with it: DECISION by analogy with L1669 ("When a transport or base
 * is destroyed, any supply ... it carries is also destroyed ... simply lost"); a rebuilt HQ starts empty.
 * (A disorganised HQ keeps its SP but can neither spend, transfer nor receive them until it is
 * reorganised: supply-stores.ts storeOf takes ACTIVE HQs in a TF only; DECISION, cf. L820, L2297.)
 */
export function destroy(state: PrefectState, u: GroundUnit): void {
  if (u.status === 'DESTROYED') return;
  delete state.hqSupply[u.id];
  if (unitType(u).category === 'COMBAT' && u.status !== 'NOT_ARRIVED') state.destroyedCombat[otherSide(u.side)]++;
  u.status = 'DESTROYED';
  delete u.tf;
  delete u.hex;
  delete u.under;
  delete u.retreatedInTurn;
}

/**
 * Moves units into `into`; the TF adopts the higher fatigue (L613, L719) and a LAF status
 * (L878). `retreated` marks them for L675. Empty source TFs are removed.
 */
export function joinTf(
  state: PrefectState,
  units: GroundUnit[],
  into: string,
  opts: { from?: TaskForce; retreated?: boolean } = {},
): void {
  const to = state.tfs[into];
  if (opts.from) {
    to.fatigue = Math.max(to.fatigue, opts.from.fatigue) as TaskForce['fatigue'];
    if (opts.from.mode === 'LAF') to.mode = 'LAF';
    if (opts.from.movedLafThisTurn) to.movedLafThisTurn = true;
  }
  for (const u of units) {
    u.tf = into;
    u.status = 'ACTIVE';
    delete u.hex;
    delete u.under;
    if (opts.retreated) u.retreatedInTurn = state.turn;
  }
  if (opts.from) removeTfIfEmpty(state, opts.from.id);
}
