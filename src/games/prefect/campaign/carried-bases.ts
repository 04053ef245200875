/**
 * Dismantled ground bases carried by transport (L2418-2424, by the Space Game's base transport
 * rules L2091-2107). An available base (base-availability.ts) is loaded as components in the
 * off-system zone (L2093), 20 SP of room per rank (L2097), spread over two or more transports of
 * one TF (L2099). Model: a Legion base (GL1-3) aboard is `cs.carriedBases[id]`, each carrier's
 * share sits in its `baseLoad` (the field the Space module already counts as used room, L1907);
 * a naval ground base (GN1-3) is a space base with `carriedBy`, as the Space module carries orbital
 * bases. It leaves the transports
 * - in the Supply Phase, onto a friendly undisrupted ground base of the segment its Supply TF
 *   reached, and on to a friendly TF with Construction Engineers tracing a LOC to it (L2420, L954),
 * - or by orbital drop to a TF with Construction Engineers in the zone (L2408, L2422; drops.ts),
 * and is placed disrupted in the TF's hex (L2424, build-bases.ts). Losses: transport.ts (L2101).
 */
import type { GameEvent } from '#engine/contract.js';
import { unitType, unitsIn } from '../planetary/index.js';
import { hasLoc } from '../planetary/index.js';
import type { Side } from '../common/types.js';
import type { NavalBaseClass, NavalUnit } from '../space/index.js';
import { stats } from '../space/index.js';
import { takeSlot } from './base-availability.js';
import { placeGroundBase, type GroundBaseClass } from './build-bases.js';
import { campaignData } from './data/index.js';
import { segmentOfZone, zoneOfHex } from './map-link.js';
import { ruleError } from './state.js';
import { capacityOf, roomUsed } from './transport.js';
import type { CampaignState, RuleError } from './types.js';

/** L2097: components move as 20 SP per rank. */
export const componentsSp = (type: string): number => 20 * Number(type.slice(2));

/** Transports carrying components of base `id`. */
export const carriersOfBase = (cs: CampaignState, id: string): NavalUnit[] =>
  Object.values(cs.space.units)
    .filter((u) => u.baseLoad?.base === id)
    .sort((a, b) => a.id.localeCompare(b.id));

/** A dismantled base of `side` aboard (Legion, or naval ground base in transit). */
export function carriedBase(cs: CampaignState, side: Side, id: string): { type: string; legion: boolean } | null {
  const gl = cs.carriedBases?.[id];
  if (gl) return gl.side === side ? { type: gl.type, legion: true } : null;
  const gn = cs.space.bases[id];
  return gn && gn.side === side && gn.carriedBy && /^GN[123]$/.test(gn.type) ? { type: gn.type, legion: false } : null;
}

/**
 * Supply Phase, off-system zone (L2418, L2091-2099, L952): the components of an available base of
 * `type` (rank 1-3) are loaded onto transports of one off-system TF.
 */
export function loadBaseComponents(
  cs: CampaignState,
  side: Side,
  type: string,
  loads: { transport: string; sp: number }[],
): GameEvent[] | RuleError {
  if (!/^G[LN][123]$/.test(type))
    return ruleError('RANK', 'L2414, L2418', 'only ground bases of rank 1, 2 or 3 are carried');
  if (new Set(loads.map((l) => l.transport)).size !== loads.length)
    return ruleError('TWICE', 'L2099', 'a transport is listed twice');
  if (loads.length < 2)
    return ruleError(
      'ONE_TRANSPORT',
      'L2099',
      'a single transport cannot carry all of a base: spread it over two or more',
    );
  const tfs = new Set<string | undefined>();
  for (const { transport, sp } of loads) {
    const t = cs.space.units[transport];
    if (!t || t.side !== side || stats(t).kind !== 'TRANSPORT' || t.status !== 'ACTIVE')
      return ruleError('NOT_TRANSPORT', 'L2099', `${transport} is not one of your organised transports`);
    if (t.baseLoad) return ruleError('ALREADY_LOADED', 'L2099', `${transport} already carries base components`);
    if (!Number.isInteger(sp) || sp <= 0)
      return ruleError('BAD_LOAD', 'L2097', 'each share is a whole positive number of SP');
    if (roomUsed(cs, transport) + sp > capacityOf(cs, transport))
      return ruleError(
        'NO_ROOM',
        'L2097, L2305',
        `${transport} has ${capacityOf(cs, transport) - roomUsed(cs, transport)} SP of room`,
      );
    tfs.add(t.tf);
  }
  const tfId = [...tfs][0];
  if (tfs.size !== 1 || !tfId) return ruleError('SPLIT_TRANSPORTS', 'L2099', 'the transports must be in one TF');
  if (cs.space.tfs[tfId]?.place.kind !== 'OFFSYSTEM')
    return ruleError('NOT_OFFSYSTEM', 'L2089, L2093', 'base components are loaded in the off-system zone');
  const total = loads.reduce((a, l) => a + l.sp, 0);
  if (total !== componentsSp(type))
    return ruleError('WRONG_LOAD', 'L2097', `a ${type} moves as ${componentsSp(type)} SP, not ${total}`);
  const slot = takeSlot(cs, side, type);
  if (slot) return slot;
  const id = `base-${side.toLowerCase()}-${type.toLowerCase()}-${cs.seq++}`;
  if (type.startsWith('GL')) (cs.carriedBases ??= {})[id] = { side, type: type as 'GL1' | 'GL2' | 'GL3' };
  else {
    cs.space.bases[id] = {
      id,
      side,
      type: type as NavalBaseClass,
      status: 'DISRUPTED',
      sector: campaignData.rules.planetSector,
      segment: 1,
      supply: 0,
      carriedBy: tfId,
    };
  }
  for (const { transport, sp } of loads) cs.space.units[transport].baseLoad = { base: id, sp };
  return [
    { type: 'base.loaded', visibleTo: [side], data: { base: id, type, tf: tfId, loads, rule: 'L2418, L2091-2099' } },
  ];
}

/** L2099, L2101, L2322: all carriers together in one TF and organised; returns them or the error. */
export function carriersReady(cs: CampaignState, side: Side, id: string): NavalUnit[] | RuleError {
  if (!carriedBase(cs, side, id))
    return ruleError('NOT_CARRIED', 'L2095, L2418', `${id} is not one of your bases aboard transports`);
  const carriers = carriersOfBase(cs, id);
  if (!carriers.length || new Set(carriers.map((u) => u.tf)).size !== 1 || !carriers[0].tf)
    return ruleError('SPLIT_TRANSPORTS', 'L2099, L2322', "the base's transports are not in one TF");
  if (carriers.some((u) => u.status !== 'ACTIVE'))
    return ruleError('CARRIERS_DISRUPTED', 'L2101, D-85', 'a transport carrying the base is disrupted');
  return carriers;
}

/** The base leaves its transports (placed or dropped): loads cleared, the carried record removed. */
export function unloadComponents(cs: CampaignState, id: string): void {
  for (const u of carriersOfBase(cs, id)) delete u.baseLoad;
  if (cs.carriedBases?.[id]) delete cs.carriedBases[id];
  else if (cs.space.bases[id]) delete cs.space.bases[id].carriedBy;
}

/** L2404 read for bases (L2408 "in the same way"): a base whose drop failed goes back aboard the same shares. */
export function reloadComponents(
  cs: CampaignState,
  side: Side,
  id: string,
  type: string,
  loads: { transport: string; sp: number }[],
): void {
  if (type.startsWith('GL')) (cs.carriedBases ??= {})[id] = { side, type: type as 'GL1' | 'GL2' | 'GL3' };
  else if (cs.space.bases[id]) cs.space.bases[id].carriedBy = cs.space.units[loads[0].transport]?.tf;
  for (const l of loads)
    if (cs.space.units[l.transport]?.status !== 'DESTROYED')
      cs.space.units[l.transport].baseLoad = { base: id, sp: l.sp };
}

/**
 * Supply Phase (L2420-2424): the carriers' Supply TF reached the segment of one of `side`'s
 * undisrupted ground bases this turn (L2330); the base goes on to `tfId`, which holds a
 * Construction Engineer Century (L2422) and traces a LOC to that ground base (L954), and is placed
 * disrupted in the TF's hex. (Naval ground bases: module/supply-link.ts `placeBase`.)
 */
export function placeCarriedBase(
  cs: CampaignState,
  side: Side,
  id: string,
  tfId: string,
  viaBase?: string,
): GameEvent[] | RuleError {
  if (viaBase === undefined) {
    // No ground base named: the first of the side's ground bases (by id) that works.
    const own = [
      ...Object.values(cs.planetary.bases)
        .filter((b) => b.side === side)
        .map((b) => b.id),
      ...Object.keys(cs.navalBaseHexes).filter((b) => cs.space.bases[b]?.side === side),
    ].sort();
    let first: RuleError | null = null;
    for (const via of own) {
      const r = placeCarriedBase(cs, side, id, tfId, via);
      if (!('code' in r)) return r;
      first ??= r;
    }
    return first ?? ruleError('BAD_BASE', 'L2420', 'the base is unloaded onto one of your ground bases: you have none');
  }
  const carried = carriedBase(cs, side, id);
  if (carried && !carried.legion)
    return ruleError(
      'NAVAL_BASE',
      'L2418',
      `${id} is a naval ground base: hand it to a TF with \`placeBases\` without \`via\``,
    );
  const carriers = carriersReady(cs, side, id);
  if (!('length' in carriers)) return carriers;
  const ps = cs.planetary;
  const via = ps.bases[viaBase];
  const viaHex = via ? via.hex : cs.space.bases[viaBase]?.side === side ? cs.navalBaseHexes[viaBase] : undefined;
  const viaStatus = via ? via.status : cs.space.bases[viaBase]?.status;
  if (!viaHex || (via && via.side !== side))
    return ruleError('BAD_BASE', 'L2420', 'the base is unloaded onto one of your ground bases');
  if (viaStatus !== 'ACTIVE') return ruleError('DISRUPTED_BASE', 'L2330', 'the ground base must be undisrupted');
  const tf = cs.space.tfs[carriers[0].tf!];
  const segment = segmentOfZone(zoneOfHex(viaHex));
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
      'L2103, L2330',
      "the carrying Supply TF did not reach that ground base's segment this turn",
    );
  }
  const ground = ps.tfs[tfId];
  if (!ground || ground.side !== side) return ruleError('BAD_TF', 'L2420', `'${tfId}' is not one of your Task Forces`);
  if (!unitsIn(ps, tfId).some((u) => u.status === 'ACTIVE' && unitType(u).flags.includes('CONSTRUCTION_ENGINEER')))
    return ruleError('ENGINEERS', 'L2420-2422', 'the TF needs a Construction Engineer Century');
  if (!hasLoc(ps, side, viaHex, ground.hex))
    return ruleError('NO_LOC', 'L954, L2420', 'the TF must trace a line of communication to the ground base');
  const r = placeGroundBase(cs, side, tfId, carried!.type as GroundBaseClass, 'DELIVERED');
  if ('code' in r) return r;
  unloadComponents(cs, id);
  return r.map((e) =>
    e.type === 'base.deployed.detail' ? { ...e, data: { ...(e.data as object), carried: id, via: viaBase } } : e,
  );
}
