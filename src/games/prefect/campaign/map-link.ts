/**
 * 5.C.1 Map link (L2131-2157): the 10 orbital segments of the Ku Crassus OFAT are the 10
 * planetary zones; every ground base of a zone belongs to that segment; each zone has a Ground
 * Support box and an Orbital Drop box (L2147). GS survivors enter the box of their segment's zone
 * (L2198-2202). The ASD Century (L2133-2137) and "non-disorganised bases count as ASD Centuries
 * equal to their value" (L2228). H39: box visibility is the named option `boxVisibility`.
 */
import type { GameEvent, Json } from '#engine/contract.js';
import { unitsIn, unitType } from '../planetary/index.js';
import { baseValue, rulesData } from '../planetary/index.js';
import type { Side } from '../common/types.js';
import { otherSide } from '../common/types.js';
import { stats } from '../space/index.js';
import { campaignData } from './data/index.js';
import { ruleError } from './state.js';
import type { CampaignState, RuleError } from './types.js';

const rules = () => campaignData.rules;

/** L2145: zone n ↔ segment n of the planet's OFAT. */
export const segmentOfZone = (zone: number): number => {
  const seg = rules().zoneToSegment[String(zone)];
  if (seg === undefined) throw new RangeError(`no planetary zone ${zone} (L2139)`);
  return seg;
};
export const zoneOfSegment = (segment: number): number => {
  const hit = Object.entries(rules().zoneToSegment).find(([, s]) => s === segment);
  if (!hit) throw new RangeError(`no zone for segment ${segment} (L2145)`);
  return Number(hit[0]);
};
export const zoneOfHex = (hex: string): number => rulesData().hex(hex).zone;

/** L2141: the ground bases of `side` in the segment: Legion bases in the zone's hexes and naval ground bases there. */
export function groundBasesOfSegment(
  cs: CampaignState,
  side: Side,
  segment: number,
): { legion: string[]; naval: string[] } {
  const zone = zoneOfSegment(segment);
  const legion = Object.values(cs.planetary.bases)
    .filter((b) => b.side === side && zoneOfHex(b.hex) === zone)
    .map((b) => b.id);
  const naval = Object.values(cs.space.bases)
    .filter(
      (b) =>
        b.side === side &&
        b.status !== 'DESTROYED' &&
        b.sector === rules().planetSector &&
        b.segment === segment &&
        !b.offSystemBox &&
        !b.carriedBy,
    )
    .filter((b) => b.type.startsWith('GN'))
    .map((b) => b.id);
  return { legion, naval };
}

/** L2133-2137: ASD Centuries in a ground TF (organised ones: a disorganised unit has left the TF, L655). */
export const asdCenturies = (cs: CampaignState, tfId: string): number =>
  unitsIn(cs.planetary, tfId).filter((u) => u.status === 'ACTIVE' && unitType(u).flags.includes('ASD')).length;

/** L2228: ASD Centuries a non-disorganised base in `hex` counts as (its Value); disrupted bases count 0. */
export function baseAsdAt(cs: CampaignState, hex: string, side: Side): number {
  return Object.values(cs.planetary.bases)
    .filter((b) => b.hex === hex && b.side === side && b.status === 'ACTIVE')
    .reduce((a, b) => a + baseValue(b.type), 0);
}

/**
 * L2198-2202: the surviving units of a naval TF with a GS mission that reached `segment` of the
 * planet go into the GS box of that zone. Disorganised or destroyed units do not (they failed,
 * D-63). Returns the public event per H39.
 */
export function enterGsBox(cs: CampaignState, tfId: string, segment: number): GameEvent[] | RuleError {
  const tf = cs.space.tfs[tfId];
  if (!tf) return ruleError('NO_TF', 'L2198', `no naval TF ${tfId}`);
  if (tf.mission !== 'GROUND_SUPPORT')
    return ruleError('NOT_GS', 'L2198', 'only a TF with a ground support mission enters a GS box');
  if (tf.place.kind !== 'SECTOR' || tf.place.sector !== rules().planetSector)
    return ruleError('NOT_AT_PLANET', 'L2139', 'the TF is not at the planet');
  // L2200 "surviving forces": a TF that retreated (FAILED, L1585) or interrupted (L1695) has none to offer.
  if (tf.missionStatus === 'FAILED' || tf.missionStatus === 'INTERRUPTED')
    return ruleError('NOT_THROUGH', 'L1585, L1695, L2200', 'the TF did not come through to the segment');
  const zone = zoneOfSegment(segment);
  const box = cs.zones[zone].gs;
  const entering = tf.units.filter((id) => cs.space.units[id]?.status === 'ACTIVE' && !box.some((e) => e.unit === id));
  for (const unit of entering) box.push({ unit, tf: tfId, side: tf.side });
  const events = [boxEvent(cs, 'gs.entered', tf.side, zone, entering)];
  // PUBLIC shows the counters, as `boxesView` does: their types; ids and TF go to the owner only (H16, H39).
  if (cs.options.boxVisibility === 'PUBLIC')
    events.push({
      type: 'gs.entered.detail',
      visibleTo: [tf.side],
      data: { zone, tf: tfId, units: entering, rule: 'H39' },
    });
  return events;
}

/** L2206, L2236: after its combat a unit leaves the box for its TF; D-83: and is used for the turn. */
export function returnFromGsBox(cs: CampaignState, units: string[]): void {
  for (const z of Object.values(cs.zones)) z.gs = z.gs.filter((e) => !units.includes(e.unit));
  for (const u of units) if (!cs.gsUsed.includes(u)) cs.gsUsed.push(u);
}

/** End of turn: unused GS units go back to their TFs (the mission ends with the turn); D-83 resets. */
export function clearGsBoxes(cs: CampaignState): void {
  for (const z of Object.values(cs.zones)) z.gs = [];
  cs.gsUsed = [];
  cs.endOfCombat = { independentDone: [], dropAttacksDone: false };
}

/** H39 as the option `boxVisibility`: PUBLIC shows counter types (default), OWNER only the count. */
function boxEvent(cs: CampaignState, type: string, side: Side, zone: number, units: string[]): GameEvent {
  const owner: Json = { zone, units };
  if (cs.options.boxVisibility === 'PUBLIC') {
    return {
      type,
      visibleTo: 'all',
      data: { side, zone, units: units.map((u) => ({ type: cs.space.units[u]?.type ?? '?' })), rule: 'H39' },
    };
  }
  return { type, visibleTo: [side], data: { ...owner, rule: 'H39' } };
}

/** A player's view of the boxes of every zone (H39): his own in full, the enemy's per the option. */
export function boxesView(cs: CampaignState, viewer: Side): Record<number, Json> {
  const enemy = otherSide(viewer);
  const out: Record<number, Json> = {};
  for (const [z, box] of Object.entries(cs.zones)) {
    const gsOwn = box.gs
      .filter((e) => e.side === viewer)
      .map((e) => ({ unit: e.unit, tf: e.tf, type: cs.space.units[e.unit]?.type ?? '?' }));
    const odOwn = box.od
      .filter((e) => e.side === viewer)
      .map((e) => ({ transport: e.transport, units: e.units, supply: e.supply ?? 0 }));
    const gsEnemy = box.gs.filter((e) => e.side === enemy);
    const odEnemy = box.od.filter((e) => e.side === enemy);
    const enemyView: Json =
      cs.options.boxVisibility === 'PUBLIC'
        ? {
            gs: gsEnemy.map((e) => ({
              type: cs.space.units[e.unit]?.type ?? '?',
              attack: cs.space.units[e.unit] ? stats(cs.space.units[e.unit]).attack : 0,
            })),
            // Counters on the map (H39 PUBLIC): transports and the dropped units' types, never their TF, supply or HQ stores.
            od: odEnemy.map((e) => ({
              transport: cs.space.units[e.transport]?.type ?? '?',
              units: e.units.map((u) => cs.planetary.units[u]?.type ?? '?'),
            })),
          }
        : { gsCount: gsEnemy.length, odCount: odEnemy.length };
    out[Number(z)] = { own: { gs: gsOwn, od: odOwn }, enemy: enemyView };
  }
  return out;
}
