/**
 * The invader bot's supply drops to a low HQ (bot-supply-drop.ts; L2364, L2398, L2406): the
 * mission, the plan's `odLoads` and segment, nothing when no HQ is low or its segment is guarded,
 * and the SP reaching the HQ at the end of Supply when no group lands with them.
 */
import { describe, expect, it } from 'vitest';
import type { Json } from '#engine/contract.js';
import { seededDice } from '#engine/dice.js';
import { unitType } from '../../planetary/index.js';
import { resolveAliases, stats } from '../../space/index.js';
import { segmentOfZone, zoneOfHex } from '../map-link.js';
import { lowHqs, supplyDropLoads, supplyDropMissions } from './bot-supply-drop.js';
import { applyLandings } from './drops-link.js';
import prefectCampaign from './index.js';
import { firstInBotPlay, type StepInfo } from './testing.js';
import type { CampaignGameState } from './types.js';

const HQ = 'tog-legion-hq-1';
const onMap = (s: CampaignGameState): boolean => !!s.planetary.tfs[s.planetary.units[HQ]?.tf ?? '']?.hex;
/** A TOG TF at the planet whose transports carry SP and no troops. */
const spTf = (s: CampaignGameState) =>
  Object.values(s.space.tfs).find(
    (t) =>
      t.side === 'TOG' &&
      t.place.kind === 'SECTOR' &&
      t.place.sector === 's3-4' &&
      t.units.some((u) => stats(s.space.units[u]).kind === 'TRANSPORT' && (s.space.units[u].supply ?? 0) > 0) &&
      !Object.values(s.cargo).some((c) => c.transports.some((x) => t.units.includes(x))),
  );
/** The first TOG order of `kind` in bot play with the Legion HQ landed and an SP-carrying TF of transports at the planet. */
const firstTogOrder = (kind: string) =>
  firstInBotPlay(`a TOG ${kind} order with its HQ landed and SP aboard at the planet`, ({ prev, orders }: StepInfo) =>
    prev.stage === 'SPACE' && (orders.TOG as { kind?: string } | null)?.kind === kind && onMap(prev) && spTf(prev)
      ? structuredClone(prev)
      : null,
  );
const setLow = (s: CampaignGameState, sp: number): void => {
  s.planetary.hqSupply[HQ] = sp;
};
const hqMax = (s: CampaignGameState): number => unitType(s.planetary.units[HQ]).supplyMax ?? 0;

describe('lowHqs (L2398)', () => {
  it('lists an active Legion HQ on the map at three quarters of its maximum or less, with its zone and room', () => {
    const s = firstTogOrder('combat-plan');
    const max = hqMax(s);
    setLow(s, max);
    expect(lowHqs(s, 'TOG').map((h) => h.hq)).not.toContain(HQ);
    setLow(s, Math.floor(0.75 * max));
    const zone = zoneOfHex(s.planetary.tfs[s.planetary.units[HQ].tf!].hex);
    expect(lowHqs(s, 'TOG')).toContainEqual({ hq: HQ, zone, room: max - Math.floor(0.75 * max) });
    s.planetary.units[HQ].status = 'DISORGANISED';
    expect(lowHqs(s, 'TOG').map((h) => h.hq)).not.toContain(HQ);
  });
});

describe('supplyDropMissions (L2364, L2398)', () => {
  it('an SP-carrying TF of transports without troops takes Orbital Drop while an HQ is low, not otherwise', () => {
    const s = firstTogOrder('missions');
    const tf = spTf(s)!;
    setLow(s, hqMax(s));
    const full = prefectCampaign.bot(s, 'TOG', seededDice('m', 1));
    const missionOf = (o: Json) =>
      (o as { missions: { tf: string; mission: string }[] }).missions.find(
        (m) => resolveAliases(s.space, m.tf) === tf.id,
      )?.mission;
    expect(missionOf(full)).not.toBe('ORBITAL_DROP');
    expect(supplyDropMissions(s, 'TOG', full)).toBe(full);
    setLow(s, 2);
    const low = supplyDropMissions(s, 'TOG', full);
    expect(missionOf(low)).toBe('ORBITAL_DROP');
    expect(prefectCampaign.validate(s, 'TOG', low)).toEqual([]);
    expect(supplyDropMissions(s, 'CW', full)).toBe(full); // the defender keeps its Supply TF (L2280-2282)
    const zone = zoneOfHex(s.planetary.tfs[s.planetary.units[HQ].tf!].hex);
    s.space.bases['cw-gn2'].segment = segmentOfZone(zone); // the only low HQ's segment guarded: no drop to make
    expect(supplyDropMissions(s, 'TOG', full)).toBe(full);
  });
});

describe('supplyDropLoads (L2368-2378, L2398)', () => {
  function planPosition(): { s: CampaignGameState; tf: string; transport: string; order: Json } {
    const s = firstTogOrder('combat-plan');
    const tf = spTf(s)!;
    tf.mission = 'ORBITAL_DROP';
    delete tf.missionStatus;
    setLow(s, hqMax(s));
    const order = prefectCampaign.bot(s, 'TOG', seededDice('p', 1));
    const transport = tf.units
      .filter((u) => stats(s.space.units[u]).kind === 'TRANSPORT' && (s.space.units[u].supply ?? 0) > 0)
      .sort()[0];
    return { s, tf: tf.id, transport, order };
  }
  const planned = (s: CampaignGameState, o: Json, tf: string) =>
    (o as { plan: { tfs: { tf: string; segment?: number }[] } }).plan.tfs.find(
      (t) => resolveAliases(s.space, t.tf) === tf,
    )?.segment;

  it("aims the SP TF at the low HQ's zone and drops up to its room", () => {
    const { s, tf, transport, order } = planPosition();
    expect((order as { odLoads?: unknown[] }).odLoads ?? []).toEqual([]); // the HQ is full
    setLow(s, 3);
    const o = supplyDropLoads(s, 'TOG', order);
    const zone = zoneOfHex(s.planetary.tfs[s.planetary.units[HQ].tf!].hex);
    const room = hqMax(s) - 3;
    expect((o as { odLoads: unknown[] }).odLoads).toEqual([
      { transport, supply: Math.min(room, s.space.units[transport].supply!), toHq: HQ },
    ]);
    expect(planned(s, o, tf)).toBe(segmentOfZone(zone));
    expect(prefectCampaign.validate(s, 'TOG', o)).toEqual([]);
  });

  it('no drop when the HQ is not low, its segment is guarded by an enemy base, or for the defender', () => {
    const { s, order } = planPosition();
    expect(supplyDropLoads(s, 'TOG', order)).toBe(order);
    setLow(s, 3);
    expect(supplyDropLoads(s, 'CW', order)).toBe(order);
    const zone = zoneOfHex(s.planetary.tfs[s.planetary.units[HQ].tf!].hex);
    s.space.bases['cw-gn2'].segment = segmentOfZone(zone);
    expect(supplyDropLoads(s, 'TOG', order)).toBe(order);
  });
});

describe('L2406: dropped SP reach the HQ at the end of Supply', () => {
  it('with no group landing, the SP of a supply-only drop reach the HQ up to its maximum; the rest goes back aboard', () => {
    const s = firstTogOrder('combat-plan');
    const zone = zoneOfHex(s.planetary.tfs[s.planetary.units[HQ].tf!].hex);
    const transport = spTf(s)!.units.find((u) => (s.space.units[u].supply ?? 0) > 0)!;
    const aboard = s.space.units[transport].supply!;
    const max = hqMax(s);
    setLow(s, max - 4);
    s.dropGroups = [];
    s.space.units[transport].supply = aboard - 6;
    s.zones[zone].od.push({ side: 'TOG', transport, tf: s.space.units[transport].tf!, units: [], supply: 6, toHq: HQ });
    const events = applyLandings(s, 'TOG', undefined) as { type: string; data: unknown; visibleTo: unknown }[];
    expect(s.planetary.hqSupply[HQ]).toBe(max);
    expect(s.space.units[transport].supply).toBe(aboard - 4);
    expect(events.filter((e) => e.type === 'od.supply')).toEqual([
      { type: 'od.supply', visibleTo: ['TOG'], data: { hq: HQ, sp: 4, rule: 'L2406' } },
    ]);
    expect(s.zones[zone].od.filter((e) => e.side === 'TOG')).toEqual([]);
  });
});
