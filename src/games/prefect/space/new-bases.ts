/**
 * New and transported orbital bases (L2085-2109, digest §5.B.23). No ground base is built in the
 * Space Game (L2087). An orbital base in the Functional box (L2093) is loaded as components,
 * 20 SP per class level (L2097), spread over two or more transports of one off-system TF
 * (L2099). If one carrier is disrupted all are; if one is destroyed the base is destroyed
 * (L2101). Only a Supply-mission TF may carry it (L2103); once that TF has entered the chosen
 * segment this turn, the base is unloaded in the Supply Phase (L2103) — never into a segment
 * holding an enemy base (L2089), and following the even-fill rule for new bases (L1437, L1441)
 * — disrupted, reorganised no sooner than the next Supply Phase (L2107), and announced (L2109).
 */
import { spaceData } from './data/index.js';
import { baseComponentsSP } from './logistics.js';
import { canPlaceOrbitalBase } from './ofat.js';
import { sectorById, sectorOf } from './state.js';
import { capacityOf, holderOf, supplyOf } from './supply.js';
import type { Mission, NavalBase, NavalUnit, RuleError, Side, SpaceState } from './types.js';

const e = (code: string, rule: string, message: string): RuleError => ({ code, rule, message });

export interface LoadBase {
  base: string;
  tf: string;
  loads: { unit: string; sp: number }[];
}

export const carriersOf = (state: SpaceState, baseId: string): NavalUnit[] =>
  Object.values(state.units).filter((u) => u.baseLoad?.base === baseId);

export function loadBaseErrors(state: SpaceState, side: Side, o: LoadBase): RuleError[] {
  const b = state.bases[o.base];
  if (!b || b.side !== side || b.offSystemBox !== 'FUNCTIONAL' || b.carriedBy)
    return [e('NOT_FUNCTIONAL', 'L2093', `${o.base} is not one of your bases in the Functional box`)];
  if (!spaceData.baseTypes[b.type].orbital)
    return [e('GROUND_BASE', 'L2087', 'ground bases cannot be built or moved in the Space Game')];
  const tf = state.tfs[o.tf];
  if (!tf || tf.side !== side || tf.place.kind !== 'OFFSYSTEM')
    return [e('NOT_OFFSYSTEM', 'L2089', `${o.tf} is not one of your off-system TFs`)];
  if (new Set(o.loads.map((l) => l.unit)).size < 2)
    return [e('ONE_TRANSPORT', 'L2099', 'a single transport cannot carry all of a base: spread it over two or more')];
  if (new Set(o.loads.map((l) => l.unit)).size !== o.loads.length)
    return [e('DUPLICATE_UNIT', 'L2099', 'a transport is listed twice')];
  for (const { unit, sp } of o.loads) {
    const u = state.units[unit];
    const h = holderOf(state, unit);
    if (!u || u.tf !== o.tf || !h || h.kind !== 'TRANSPORT' || u.status !== 'ACTIVE')
      return [e('NOT_A_TRANSPORT', 'L2095, L2099', `${unit} is not an organised transport of ${o.tf}`)];
    if (u.baseLoad) return [e('ALREADY_LOADED', 'L2099', `${unit} already carries base components`)];
    if (!Number.isInteger(sp) || sp <= 0 || supplyOf(h) + sp > capacityOf(h))
      return [e('OVER_CAPACITY', 'L1907, L2097', `${unit} has ${capacityOf(h) - supplyOf(h)} SP of room`)];
  }
  const total = o.loads.reduce((a, l) => a + l.sp, 0);
  const need = baseComponentsSP(b.type);
  if (total !== need) return [e('WRONG_LOAD', 'L2097', `a ${b.type} moves as ${need} SP, not ${total}`)];
  return [];
}

export function loadBase(state: SpaceState, side: Side, o: LoadBase): RuleError[] {
  const errors = loadBaseErrors(state, side, o);
  if (errors.length) return errors;
  const b = state.bases[o.base];
  delete b.offSystemBox;
  b.carriedBy = o.tf;
  for (const { unit, sp } of o.loads) state.units[unit].baseLoad = { base: o.base, sp };
  return [];
}

/** L2103: the mission a base-carrying TF may take (for the mission validator). */
export function carrierMissionError(state: SpaceState, tfId: string, mission: Mission): RuleError | null {
  const carrying = Object.values(state.bases).some((b) => b.carriedBy === tfId);
  return carrying && mission !== 'SUPPLY'
    ? e('BASE_NEEDS_SUPPLY', 'L2103', 'a TF carrying a base must be on a Supply mission')
    : null;
}

/** L2101, after any combat: a disrupted carrier disrupts them all; a destroyed one destroys the base. Returns affected bases. */
export function applyCarrierDamage(state: SpaceState): { base: string; outcome: 'DISRUPTED' | 'DESTROYED' }[] {
  const out: { base: string; outcome: 'DISRUPTED' | 'DESTROYED' }[] = [];
  for (const b of Object.values(state.bases)) {
    if (!b.carriedBy) continue;
    const carriers = carriersOf(state, b.id);
    if (carriers.some((u) => u.status === 'DESTROYED')) {
      for (const u of carriers) delete u.baseLoad;
      delete b.carriedBy;
      Object.assign(b, { status: 'DESTROYED', offSystemBox: 'DESTROYED' });
      out.push({ base: b.id, outcome: 'DESTROYED' });
    } else if (carriers.some((u) => u.status === 'DISORGANISED') && carriers.some((u) => u.status === 'ACTIVE')) {
      for (const u of carriers) u.status = 'DISORGANISED';
      out.push({ base: b.id, outcome: 'DISRUPTED' });
    }
  }
  return out;
}

export function unloadBaseErrors(state: SpaceState, side: Side, baseId: string, segment: number): RuleError[] {
  const b = state.bases[baseId];
  if (!b || b.side !== side || !b.carriedBy)
    return [e('NOT_CARRIED', 'L2095', `${baseId} is not one of your bases in transit`)];
  const tf = state.tfs[b.carriedBy];
  const sector = tf && sectorOf(tf);
  if (!tf || tf.mission !== 'SUPPLY')
    return [e('BASE_NEEDS_SUPPLY', 'L2103', 'only a TF on a Supply mission unloads a base')];
  if (!sector) return [e('NOT_ARRIVED', 'L2103', 'the TF has not arrived in a system sector')];
  if (tf.suppliedSegment?.turn !== state.turn || tf.suppliedSegment.segment !== segment) {
    return [e('NOT_ARRIVED', 'L2103', `the TF did not safely reach segment ${segment} this turn`)];
  }
  if (carriersOf(state, baseId).some((u) => u.status !== 'ACTIVE'))
    return [e('CARRIERS_DISRUPTED', 'L2101', 'the carrying transports are disrupted')];
  const enemy = Object.values(state.bases).some(
    (x) =>
      x.side !== side &&
      x.sector === sector &&
      x.segment === segment &&
      x.status !== 'DESTROYED' &&
      !x.offSystemBox &&
      !x.carriedBy,
  );
  if (enemy) return [e('ENEMY_BASE', 'L2089', `segment ${segment} holds an enemy base`)];
  const own = Object.values(state.bases)
    .filter(
      (x) =>
        x.side === side &&
        x.sector === sector &&
        x.status !== 'DESTROYED' &&
        !x.offSystemBox &&
        !x.carriedBy &&
        spaceData.baseTypes[x.type].orbital,
    )
    .map((x) => x.segment);
  const bad = canPlaceOrbitalBase(sectorById(sector)!, own, segment);
  return bad ? [bad] : [];
}

/** Unloads (L2103-2109); returns the announcement for the opponent, or the errors. */
export function unloadBase(
  state: SpaceState,
  side: Side,
  baseId: string,
  segment: number,
): { side: Side; base: string; type: NavalBase['type']; sector: string; segment: number } | RuleError[] {
  const errors = unloadBaseErrors(state, side, baseId, segment);
  if (errors.length) return errors;
  const b = state.bases[baseId];
  const sector = sectorOf(state.tfs[b.carriedBy!])!;
  for (const u of carriersOf(state, baseId)) delete u.baseLoad;
  delete b.carriedBy;
  // reconstructed: components carry no SP of their own, so the new base starts empty (supply comes by transfer, L1919)
  Object.assign(b, { sector, segment, status: 'DISRUPTED', placedTurn: state.turn, supply: 0 });
  return { side, base: baseId, type: b.type, sector, segment };
}
