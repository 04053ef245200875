/**
 * 5.C.7 Troop transport (L2301-2332). Transports carry ground units instead of SP, each taking
 * the room of the L2309-2314 table (Legion HQ 15, Heavy Cohort 30, Militia 20, Garrison 40,
 * others 10). Several transports of one TF may share a unit (L2322); a destroyed transport
 * destroys its cargo (L2316); a disrupted one keeps it but cannot unload until the transport is
 * reorganised (L2318-2320, D-85). Supply may be thrown away for troops, never troops for supply
 * (L2328). Units are unloaded only onto an undisrupted friendly base in the segment reached, and
 * a Supply mission unloads only in a zone with a friendly base (L2324, L2330-2332).
 */
import type { GameEvent } from '#engine/contract.js';
import { destroy, freeCounter, newTaskForce, tfsAt, unitType } from '../planetary/index.js';
import type { Side } from '../common/types.js';
import { stats } from '../space/index.js';
import { SP_PER_MARINE } from '../space/index.js';
import { campaignData, transportRoom } from './data/index.js';
import { segmentOfZone, zoneOfHex } from './map-link.js';
import { ruleError } from './state.js';
import type { CampaignState, RuleError } from './types.js';

/** Room a ground unit takes (L2309-2314). */
export const roomOf = (cs: CampaignState, unitId: string): number =>
  transportRoom(campaignData.rules, cs.planetary.units[unitId].type);

/** Room used on one transport: its SP, Marines (10 each, L2055), base components, and its share of each carried unit. */
export function roomUsed(cs: CampaignState, transport: string): number {
  const t = cs.space.units[transport];
  let used = (t?.supply ?? 0) + (t?.marines ?? 0) * SP_PER_MARINE + (t?.baseLoad?.sp ?? 0);
  for (const [unit, c] of Object.entries(cs.cargo))
    if (c.transports.includes(transport)) used += roomOf(cs, unit) / c.transports.length;
  return used;
}

export const capacityOf = (cs: CampaignState, transport: string): number => stats(cs.space.units[transport]).carry;

/** Ground units aboard a transport. */
export const cargoOf = (cs: CampaignState, transport: string): string[] =>
  Object.entries(cs.cargo)
    .filter(([, c]) => c.transports.includes(transport))
    .map(([u]) => u);

function transportErrors(cs: CampaignState, side: Side, transports: string[]): RuleError | null {
  if (transports.length === 0) return ruleError('NO_TRANSPORT', 'L2303', 'name at least one transport');
  const tfs = new Set<string | undefined>();
  for (const id of transports) {
    const t = cs.space.units[id];
    if (!t || t.side !== side || stats(t).kind !== 'TRANSPORT')
      return ruleError('NOT_TRANSPORT', 'L2303', `${id} is not one of your transports`, { unit: id });
    if (t.status === 'DESTROYED') return ruleError('NOT_TRANSPORT', 'L2316', `${id} is destroyed`, { unit: id });
    tfs.add(t.tf);
  }
  if (tfs.size !== 1 || [...tfs][0] === undefined)
    return ruleError('SPLIT_TRANSPORTS', 'L2322', 'all transports of one unit must be in the same TF');
  return null;
}

/**
 * Loads a ground unit onto one or several transports (L2307, L2322). `dumpSupply`: SP each
 * transport throws away first to make room (L2328). The unit's place (a base hex reached by the
 * TF, or the off-system zone) is checked by the caller's phase.
 */
export function loadUnit(
  cs: CampaignState,
  side: Side,
  unitId: string,
  transports: string[],
  dumpSupply: Record<string, number> = {},
): GameEvent[] | RuleError {
  const u = cs.planetary.units[unitId];
  if (!u || u.side !== side || u.status === 'DESTROYED') return ruleError('BAD_UNIT', 'L2303', 'not one of your units');
  if (cs.cargo[unitId]) return ruleError('ALREADY_ABOARD', 'L2307', 'the unit is already aboard');
  const te = transportErrors(cs, side, transports);
  if (te) return te;
  if (transports.some((t) => cs.space.units[t].status !== 'ACTIVE'))
    return ruleError('DISRUPTED_TRANSPORT', 'L2318-2320', 'a disrupted transport cannot load');
  const share = roomOf(cs, unitId) / transports.length;
  for (const t of transports) {
    const dump = dumpSupply[t] ?? 0;
    if (dump < 0 || dump > (cs.space.units[t].supply ?? 0))
      return ruleError('BAD_DUMP', 'L2328', `${t} cannot throw away ${dump} SP`);
    if (roomUsed(cs, t) - dump + share > capacityOf(cs, t) + 1e-9)
      return ruleError('NO_ROOM', 'L2305-2314', `${t} has no room for ${unitType(u).name}`, { unit: t });
  }
  for (const t of transports)
    if (dumpSupply[t]) cs.space.units[t].supply = (cs.space.units[t].supply ?? 0) - dumpSupply[t];
  cs.cargo[unitId] = { transports: [...transports] };
  if (u.tf) delete u.tf;
  delete u.hex;
  delete u.under;
  return [{ type: 'transport.loaded', visibleTo: [side], data: { unit: unitId, transports, rule: 'L2307' } }];
}

/** L2328: loading supply never throws troops out; refused when the SP do not fit. */
export function loadSupplyErrors(cs: CampaignState, transport: string, sp: number): RuleError | null {
  if (roomUsed(cs, transport) + sp > capacityOf(cs, transport))
    return ruleError('NO_ROOM', 'L2328', 'troops may not be destroyed to make room for supply');
  return null;
}

/**
 * L2101 for dismantled Legion bases aboard (carried-bases.ts): one carrier destroyed destroys the
 * base; one disrupted disrupts every carrier. (Naval ground bases in transit: the Space module's
 * own `applyCarrierDamage`.) Returns the bases destroyed.
 */
export function damageCarriedBases(cs: CampaignState): string[] {
  const lost: string[] = [];
  for (const id of Object.keys(cs.carriedBases ?? {})) {
    const carriers = Object.values(cs.space.units).filter((u) => u.baseLoad?.base === id);
    if (carriers.length === 0 || carriers.some((u) => u.status === 'DESTROYED')) {
      for (const u of carriers) delete u.baseLoad;
      delete cs.carriedBases![id];
      lost.push(id);
    } else if (carriers.some((u) => u.status !== 'ACTIVE')) for (const u of carriers) u.status = 'DISORGANISED';
  }
  return lost;
}

/** L2316: cargo of destroyed transports is destroyed (call after any space combat); carried bases too (L2101). */
export function destroyLostCargo(cs: CampaignState): string[] {
  damageCarriedBases(cs);
  const lost: string[] = [];
  for (const [unit, c] of Object.entries(cs.cargo)) {
    if (c.transports.some((t) => cs.space.units[t]?.status === 'DESTROYED')) {
      destroy(cs.planetary, cs.planetary.units[unit]);
      delete cs.cargo[unit];
      lost.push(unit);
    }
  }
  return lost;
}

/** D-85: a unit may be unloaded only if none of its transports is disrupted. */
export const mayUnload = (cs: CampaignState, unitId: string): boolean =>
  !!cs.cargo[unitId] && cs.cargo[unitId].transports.every((t) => cs.space.units[t]?.status === 'ACTIVE');

/**
 * Unloading onto a friendly ground base (L2324, L2330-2332): the transports' TF must have reached
 * the base's segment with a Supply mission this turn; the base must be undisrupted; the units
 * join a TF already at the base, or form a new TF there (non-gravitic units may stay on their own,
 * L2332: they go under the base, D-44).
 */
export function unloadAtBase(
  cs: CampaignState,
  side: Side,
  units: string[],
  baseId: string,
  into: string | 'NEW',
): GameEvent[] | RuleError {
  const ps = cs.planetary;
  const base = ps.bases[baseId];
  if (!base || base.side !== side) return ruleError('BAD_BASE', 'L2324', 'unload only onto a friendly base');
  if (base.status !== 'ACTIVE') return ruleError('DISRUPTED_BASE', 'L2330', 'the base must be undisrupted');
  const segment = segmentOfZone(zoneOfHex(base.hex));
  for (const id of units) {
    const c = cs.cargo[id];
    if (!c || ps.units[id]?.side !== side)
      return ruleError('NOT_ABOARD', 'L2307', `${id} is not aboard your transports`, { unit: id });
    if (!mayUnload(cs, id))
      return ruleError(
        'DISRUPTED_TRANSPORT',
        'L2320, D-85',
        'a disrupted transport may not unload until it is reorganised',
        { unit: id },
      );
    const tf = cs.space.tfs[cs.space.units[c.transports[0]].tf ?? ''];
    if (
      !tf ||
      tf.mission !== 'SUPPLY' ||
      tf.place.kind !== 'SECTOR' ||
      tf.place.sector !== campaignData.rules.planetSector ||
      tf.suppliedSegment?.segment !== segment ||
      tf.suppliedSegment.turn !== cs.space.turn
    ) {
      return ruleError(
        'NOT_AT_BASE',
        'L2324, L2330',
        "the transports must have entered the base's segment on a Supply mission this turn",
        { unit: id },
      );
    }
  }
  let target = into;
  if (into === 'NEW') {
    const org = ps.units[units[0]].org;
    const n = freeCounter(ps, org);
    if (n === null) return ruleError('TF_LIMIT', 'L2332, D-07', 'no free TF counter');
    if (tfsAt(ps, base.hex).some((t) => t.side === side && !t.independent))
      return ruleError('MERGE', 'L2332', 'a TF is already at the base: join it');
    target = newTaskForce(ps, side, org, base.hex, n).id;
  } else if (ps.tfs[into]?.hex !== base.hex || ps.tfs[into]?.side !== side) {
    return ruleError('BAD_TF', 'L2332', 'the receiving TF must be at the base');
  }
  for (const id of units) {
    const u = ps.units[id];
    u.tf = target;
    u.status = u.status === 'DISORGANISED' ? 'DISORGANISED' : 'ACTIVE';
    if (u.status === 'DISORGANISED') {
      delete u.tf;
      u.hex = base.hex;
      u.under = baseId;
    }
    delete cs.cargo[id];
  }
  return [
    { type: 'transport.unloaded', visibleTo: [side], data: { units, base: baseId, tf: target, rule: 'L2332' } },
    { type: 'transport.unloaded.public', visibleTo: 'all', data: { base: baseId, hex: base.hex, tf: target } },
  ];
}

/**
 * Storage a ground unit takes on a base it is transferred to (L2326-2328): on an orbital base it
 * displaces supply like on a transport, except a Marine cohort; on a ground base nothing.
 */
export function baseRoomFor(cs: CampaignState, unitId: string, orbitalBase: boolean): number {
  if (!orbitalBase) return 0;
  return unitType(cs.planetary.units[unitId]).flags.includes('MARINE') ? 0 : roomOf(cs, unitId);
}
