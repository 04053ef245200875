/**
 * The Campaign bot's Marines (bot-marines.ts, L2033-2083): on constructed positions from bot play,
 * a disorganised enemy Legion base alone in its segment (L2035-2037) draws an Attack from the TF
 * carrying Marines (L2063) and the assault in its combat plan; with no such base the bot plays as
 * before. Every order it writes validates.
 */
import { describe, expect, it } from 'vitest';
import type { Json } from '#engine/contract.js';
import { seededDice } from '#engine/dice.js';
import { resolveAliases } from '../../space/index.js';
import { loadUnit } from '../transport.js';
import prefectCampaign from './index.js';
import { marineTargets } from './bot-marines.js';
import { cargoMarines } from './marines-link.js';
import { firstInBotPlay } from './testing.js';
import type { CampaignGameState } from './types.js';

const MARINES = ['tog-marine-cohort-1', 'tog-marine-cohort-2'];
const GL2 = 'legion-base:cw-gl2';

type Plan = {
  kind: string;
  plan: { tfs: { tf: string; segment?: number; marines?: { transport: string; base: string }[] }[] };
  odLoads?: { transport: string; units?: string[] }[];
};
type Missions = { kind: string; missions: { tf: string; mission: string }[] };

/** Turn 2, TOG's Combat Phase plan: the Legion aboard its transport TF (tog-tf2, Orbital Drop at the planet). */
const combatPosition = (): CampaignGameState =>
  firstInBotPlay(
    'a Combat Phase plan with TOG cargo aboard',
    ({ prev: x, prompts }) =>
      x.stage === 'SPACE' &&
      x.space.step === 'COMBAT' &&
      prompts.some((p) => p.side === 'TOG' && ((p.choices as { odCargo?: unknown[] }).odCargo ?? []).length > 0) &&
      structuredClone(x),
  );

/** A later Missions step with tog-tf2 at the planet, the two Marine cohorts put back aboard tog-TRM-3 (L2307). */
const missionsPosition = (): CampaignGameState => {
  const s = firstInBotPlay(
    'a Missions step with the TOG transport TF at the planet',
    ({ prev: x }) =>
      x.stage === 'SPACE' &&
      x.space.step === 'MISSIONS' &&
      x.space.tfs['tog-tf2']?.place.kind === 'SECTOR' &&
      x.space.units['tog-TRM-3']?.status === 'ACTIVE' &&
      !Object.keys(x.cargo).length &&
      MARINES.every((u) => x.planetary.units[u].status === 'ACTIVE') &&
      structuredClone(x),
  );
  for (const u of MARINES) expect(Array.isArray(loadUnit(s, 'TOG', u, ['tog-TRM-3']))).toBe(true);
  return s;
};

const tf2Entry = (s: CampaignGameState, order: Json) =>
  (order as Plan).plan.tfs.find((t) => resolveAliases(s.space, t.tf) === 'tog-tf2');

describe('Campaign bot Marines (L2033-2083)', () => {
  const combat = combatPosition();

  it('L2035-2037, H25: a target is an enemy Legion base disorganised now with no other enemy base known in its segment', () => {
    expect(marineTargets(combat, 'TOG')).toEqual([]);
    const s = structuredClone(combat);
    s.planetary.bases['cw-gl2'].status = 'DISRUPTED';
    expect(marineTargets(s, 'TOG')).toEqual([{ base: GL2, segment: 4 }]);
    // the GL4 shares segment 3 with the GN2 (L2037): a target only while TOG has not sighted the GN2 there (H25)
    s.planetary.bases['cw-gl4'].status = 'DISRUPTED';
    const gn2 = {
      sector: 's3-4',
      segment: 3,
      turn: s.turn,
      bases: [{ id: 'cw-gn2', side: 'CW' as const, ground: true }],
    };
    s.space.sightings = [];
    expect(marineTargets(s, 'TOG')).toEqual([
      { base: 'legion-base:cw-gl4', segment: 3 },
      { base: GL2, segment: 4 },
    ]);
    s.space.sightings = [gn2];
    expect(marineTargets(s, 'TOG')).toEqual([{ base: GL2, segment: 4 }]);
    s.space.sightings = [gn2, { ...gn2, turn: s.turn + 1, bases: [] }]; // the latest sighting saw no base there
    expect(marineTargets(s, 'TOG')).toHaveLength(2);
    expect(marineTargets(s, 'CW')).toEqual([]);
    expect(marineTargets({ ...s, options: { ...s.options, legionBasesInSpace: false } }, 'TOG')).toEqual([]);
  });

  it('L2063: the Attack TF with Marines aboard goes into the base segment and names its transport; the plan validates and the assault is made', () => {
    const s = structuredClone(combat);
    s.space.tfs['tog-tf2'].mission = 'ATTACK';
    s.planetary.bases['cw-gl2'].status = 'DISRUPTED';
    const order = prefectCampaign.bot(s, 'TOG', seededDice('bm', 0));
    expect(tf2Entry(s, order)).toMatchObject({ segment: 4, marines: [{ transport: 'tog-TRM-3', base: GL2 }] });
    expect(prefectCampaign.validate(s, 'TOG', order)).toEqual([]);
    const cw = prefectCampaign.bot(s, 'CW', seededDice('bm', 1));
    const r = prefectCampaign.resolve(s, { TOG: order, CW: cw }, seededDice('bm', 2));
    const a = r.events.find((e) => e.type === 'MARINE_ASSAULT');
    expect(a?.data).toMatchObject({ transport: 'tog-TRM-3', base: GL2, rule: 'L2033-2083, D-74' });
  });

  it('no disorganised base: the Attack TF names no assault (the plan still validates)', () => {
    const s = structuredClone(combat);
    s.space.tfs['tog-tf2'].mission = 'ATTACK';
    const order = prefectCampaign.bot(s, 'TOG', seededDice('bm', 0));
    expect(tf2Entry(s, order)?.marines).toBeUndefined();
    expect(prefectCampaign.validate(s, 'TOG', order)).toEqual([]);
  });

  it('L2063: no ground target, an enemy orbital base sighted in the attacked segment: named as the Space bot names it (marineAssaults)', () => {
    const s = structuredClone(combat);
    s.space.tfs['tog-tf2'].mission = 'ATTACK';
    s.space.bases['cw-on1'] = {
      id: 'cw-on1',
      side: 'CW',
      type: 'ON1',
      sector: 's3-4',
      segment: 6,
      supply: 0,
      status: 'ACTIVE',
    };
    s.space.sightings = [
      { sector: 's3-4', segment: 6, turn: s.turn, bases: [{ id: 'cw-on1', side: 'CW', ground: false }] },
    ];
    expect(marineTargets(s, 'TOG')).toEqual([]);
    const order = prefectCampaign.bot(s, 'TOG', seededDice('bm', 0));
    expect(tf2Entry(s, order)).toMatchObject({ segment: 6, marines: [{ transport: 'tog-TRM-3', base: 'cw-on1' }] });
    expect(prefectCampaign.validate(s, 'TOG', order)).toEqual([]);
    s.space.sightings = [];
    expect(tf2Entry(s, prefectCampaign.bot(s, 'TOG', seededDice('bm', 0)))?.marines).toBeUndefined();
  });

  it('L2368-2378: an Orbital Drop keeps the Marines aboard while a target is there, else drops them with the rest', () => {
    const s = structuredClone(combat);
    s.planetary.bases['cw-gl2'].status = 'DISRUPTED';
    const kept = prefectCampaign.bot(s, 'TOG', seededDice('bm', 0)) as unknown as Plan;
    const load = kept.odLoads?.find((l) => l.transport === 'tog-TRM-3');
    expect(load?.units?.length).toBeGreaterThan(0);
    for (const u of MARINES) expect(load?.units).not.toContain(u);
    expect(prefectCampaign.validate(s, 'TOG', kept as unknown as Json)).toEqual([]);
    const r = prefectCampaign.resolve(
      s,
      { TOG: kept as unknown as Json, CW: prefectCampaign.bot(s, 'CW', seededDice('bm', 1)) },
      seededDice('bm', 2),
    );
    expect(cargoMarines(r.state, 'tog-TRM-3')).toEqual(MARINES);
    const plain = prefectCampaign.bot(combat, 'TOG', seededDice('bm', 0)) as unknown as Plan;
    expect(plain.odLoads).toBeUndefined();
  });

  it('L2063: at the Missions step the TF with Marines aboard flies an Attack when a target is there, else drops them', () => {
    const s = missionsPosition();
    const tf2 = (order: Json) =>
      (order as unknown as Missions).missions.find((m) => resolveAliases(s.space, m.tf) === 'tog-tf2')?.mission;
    const before = prefectCampaign.bot(s, 'TOG', seededDice('bm', 0));
    expect(tf2(before)).toBe('ORBITAL_DROP'); // no target: the Marines aboard drop (L2364-2372), as before
    s.planetary.bases['cw-gl2'].status = 'DISRUPTED';
    const order = prefectCampaign.bot(s, 'TOG', seededDice('bm', 0));
    expect(tf2(order)).toBe('ATTACK');
    expect(prefectCampaign.validate(s, 'TOG', order)).toEqual([]);
  });

  it('L2033-2083 in play: from the Missions step the bots alone bring the Marines to the assault, every order legal', () => {
    let s = missionsPosition();
    s.planetary.bases['cw-gl2'].status = 'DISRUPTED';
    const turn = s.turn;
    let assault: Json | undefined;
    for (let step = 0; step < 40 && s.turn === turn && !assault; step++) {
      const orders: Record<string, Json> = {};
      for (const p of prefectCampaign.prompts(s)) {
        orders[p.side] = prefectCampaign.bot(s, p.side, seededDice('bm-play', step));
        expect(prefectCampaign.validate(s, p.side, orders[p.side])).toEqual([]);
      }
      const r = prefectCampaign.resolve(s, orders, seededDice('bm-play-r', step));
      assault = r.events.find((e) => e.type === 'MARINE_ASSAULT')?.data;
      s = r.state;
    }
    expect(assault).toMatchObject({ transport: 'tog-TRM-3', base: GL2 });
  });
});
