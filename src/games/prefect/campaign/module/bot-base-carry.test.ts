/**
 * The invader bot's dismantled base (bot-base-carry.ts, L2418-2424, L2091-2099): on positions
 * from bot play, changed where a test needs it, the bot withdraws, loads, clears its engineers and
 * drops the GL2 when it should, leaves them alone when it should not, and every order validates.
 */
import { describe, expect, it } from 'vitest';
import type { Json } from '#engine/contract.js';
import { seededDice } from '#engine/dice.js';
import { resolveAliases, stats } from '../../space/index.js';
import { neighboursOf, prefectData, resolveOrderIds } from '../../planetary/index.js';
import { baseInHex } from '../build-bases.js';
import { campaignData } from '../data/index.js';
import { segmentOfZone, zoneOfHex } from '../map-link.js';
import { baseToCarry, carriedOf, engineerTfs } from './bot-base-carry.js';
import prefectCampaign from './index.js';
import { firstInBotPlay } from './testing.js';
import type { CampaignGameState } from './types.js';

const bot = (s: CampaignGameState, side = 'TOG') => prefectCampaign.bot(s, side, seededDice('carry', 1));
const valid = (s: CampaignGameState, o: Json, side = 'TOG') => expect(prefectCampaign.validate(s, side, o)).toEqual([]);
const at = (what: string, pick: (s: CampaignGameState) => boolean) =>
  firstInBotPlay(what, ({ prev }) => pick(prev) && structuredClone(prev));
/** Marks the GL2 slot spent, as if it had been loaded or built (base-availability.ts). */
const spendSlots = (s: CampaignGameState) => {
  s.basePool = { used: (campaignData.scenarios.invasion.extraBases ?? []).map((_, i) => i), assigned: {} };
};
const ce = (s: CampaignGameState) =>
  Object.values(s.planetary.units).find((u) => u.side === 'TOG' && u.type.includes('construction') && u.tf)!;

describe('bot-base-carry: which base it carries (L952, L958-962, L2418)', () => {
  const s = at('TOG missions on turn 5', (x) => x.turn === 5 && x.stage === 'SPACE' && x.space.step === 'MISSIONS');

  it("L958-962: the GL2 that TOG's one Construction Engineer Century cannot build, for the invader only", () => {
    expect(engineerTfs(s, 'TOG')).toHaveLength(1);
    expect(baseToCarry(s, 'TOG')).toBe('GL2');
    expect(baseToCarry(s, 'CW')).toBeNull();
  });

  it('L958: not when a TF has the two engineers to build it, nor with no turns left to use it (L2424)', () => {
    const two = structuredClone(s);
    const u = ce(two);
    const other = Object.values(two.planetary.units).find(
      (x) => x.side === 'TOG' && x.tf && x.tf !== u.tf && x.status === 'ACTIVE',
    )!;
    other.type = u.type;
    other.tf = u.tf;
    expect(baseToCarry(two, 'TOG')).toBeNull();
    const late = structuredClone(s);
    late.turn = campaignData.scenarios.invasion.turns - 2;
    expect(baseToCarry(late, 'TOG')).toBeNull();
    const none = structuredClone(s);
    ce(none).status = 'DESTROYED';
    delete ce(none)?.tf;
    expect(baseToCarry(none, 'TOG')).toBeNull();
  });
});

describe('bot-base-carry: missions (L1421, D-68, L2364, L2408)', () => {
  const s = at('TOG missions on turn 5', (x) => x.turn === 5 && x.stage === 'SPACE' && x.space.step === 'MISSIONS');
  const missions = (o: Json) =>
    (o as { missions: { tf: string; mission: string; params?: { destination?: string } }[] }).missions.map((m) => ({
      ...m,
      tf: resolveAliases(s.space, m.tf) as string,
    }));
  const emptyTransportTf = (x: CampaignGameState) =>
    Object.values(x.space.tfs).find(
      (t) =>
        t.side === 'TOG' &&
        t.place.kind === 'SECTOR' &&
        t.units.length > 0 &&
        t.units.every((u) => stats(x.space.units[u]).kind === 'TRANSPORT'),
    )!;

  it('L1421: with the GL2 to carry, the empty transport TF at the planet withdraws off-system; the order validates', () => {
    const o = bot(s);
    valid(s, o);
    expect(missions(o).find((m) => m.tf === emptyTransportTf(s).id)).toMatchObject({
      mission: 'WITHDRAWAL',
      params: { destination: 'OFFSYSTEM' },
    });
  });

  it("not with no base to carry: the same TF keeps the Space bot's mission", () => {
    const x = structuredClone(s);
    spendSlots(x);
    const o = bot(x);
    valid(x, o);
    expect(missions(o).find((m) => m.tf === emptyTransportTf(x).id)?.mission).not.toBe('WITHDRAWAL');
  });
});

describe('bot-base-carry: loading off-system (L2418, L2093-2099)', () => {
  const s = at(
    'TOG Supply on turn 5 with a transport TF off-system',
    (x) =>
      x.turn === 5 &&
      x.stage === 'SUPPLY' &&
      Object.values(x.space.tfs).some((t) => t.side === 'TOG' && t.place.kind === 'OFFSYSTEM' && t.units.length > 1),
  );

  it('L2097-2099: the GL2 goes aboard two transports of one off-system TF as 20 + 20 SP; the order validates and only TOG hears of it', () => {
    const o = bot(s) as { loadBases?: { type: string; loads: { transport: string; sp: number }[] }[] };
    valid(s, o as Json);
    expect(o.loadBases).toHaveLength(1);
    const [l] = o.loadBases!;
    expect(l.type).toBe('GL2');
    expect(l.loads.map((x) => x.sp)).toEqual([20, 20]);
    const tfs = new Set(l.loads.map((x) => s.space.units[x.transport].tf));
    expect(tfs.size).toBe(1);
    expect(s.space.tfs[[...tfs][0]!].place.kind).toBe('OFFSYSTEM');
    const orders: Record<string, Json> = { TOG: o as Json };
    for (const p of prefectCampaign.prompts(s)) if (p.side !== 'TOG') orders[p.side] = bot(s, p.side);
    const r = prefectCampaign.resolve(s, orders, seededDice('carry', 2));
    const ids = carriedOf(r.state, 'TOG');
    expect(ids).toHaveLength(1);
    const loaded = r.events.find((e) => e.type === 'base.loaded');
    expect(loaded?.visibleTo).toEqual(['TOG']);
    // H1, L2307: what a transport carries is on TOG's record sheet only.
    expect(JSON.stringify(prefectCampaign.view(r.state, 'CW'))).not.toContain(ids[0]);
    expect(JSON.stringify(prefectCampaign.view(r.state, null))).not.toContain(ids[0]);
  });

  it('not without an engineer TF to receive it (L2422), nor once the slot is spent', () => {
    const x = structuredClone(s);
    const u = ce(x);
    u.status = 'DESTROYED';
    delete u.tf;
    const o = bot(x) as { loadBases?: unknown[] };
    valid(x, o as Json);
    expect(o.loadBases ?? []).toEqual([]);
    const y = structuredClone(s);
    spendSlots(y);
    expect((bot(y) as { loadBases?: unknown[] }).loadBases ?? []).toEqual([]);
  });
});

describe('bot-base-carry: the drop (L2416, L2408, L2422)', () => {
  const plan = at(
    'a TOG Combat Phase plan with the GL2 aboard an OD TF at the planet',
    (x) =>
      x.stage === 'SPACE' &&
      x.space.step === 'COMBAT' &&
      engineerTfs(x, 'TOG').some((t) => !baseInHex(x, x.planetary.tfs[t].hex as string)) &&
      carriedOf(x, 'TOG').some((b) => {
        const t = Object.values(x.space.units).find((u) => u.baseLoad?.base === b)?.tf;
        const tf = t ? x.space.tfs[t] : undefined;
        return tf?.mission === 'ORBITAL_DROP' && tf.place.kind === 'SECTOR';
      }),
  );

  it("L2408, L2422: the OD TF aims at the engineer TF's segment and its odLoads drop the base to that TF; the order validates", () => {
    const o = bot(plan) as {
      plan: { tfs: { tf: string; segment?: number }[] };
      odLoads?: { transport: string; base?: { base: string; toTf: string } }[];
    };
    valid(plan, o as unknown as Json);
    const base = carriedOf(plan, 'TOG')[0];
    const drop = (o.odLoads ?? []).find((l) => l.base?.base === base)!;
    expect(drop).toBeDefined();
    expect(plan.space.units[drop.transport].baseLoad?.base).toBe(base);
    const to = resolveOrderIds(plan.planetary, 'TOG', drop.base!.toTf) as string;
    expect(engineerTfs(plan, 'TOG')).toContain(to);
    const hex = plan.planetary.tfs[to].hex as string;
    expect(baseInHex(plan, hex)).toBe(false);
    const odTf = plan.space.units[drop.transport].tf;
    expect(o.plan.tfs.find((t) => resolveAliases(plan.space, t.tf) === odTf)?.segment).toBe(
      segmentOfZone(zoneOfHex(hex)),
    );
  });

  it('L2416: not when every engineer TF stands on a base hex (the base would be refused)', () => {
    const x = structuredClone(plan);
    const base = Object.values(x.planetary.bases).find((b) => b.side === 'TOG')!;
    for (const t of engineerTfs(x, 'TOG')) x.planetary.tfs[t].hex = base.hex;
    const o = bot(x) as { odLoads?: { base?: unknown }[] };
    valid(x, o as unknown as Json);
    expect((o.odLoads ?? []).some((l) => l.base)).toBe(false);
  });
});

describe('bot-base-carry: through an own base on Supply (L2420, L954)', () => {
  const sup = at('TOG Supply with the GL2 aboard', (x) => x.stage === 'SUPPLY' && carriedOf(x, 'TOG').length > 0);
  /** The carriers' TF reached the segment of TOG's GL1 on Supply this turn; the GL1 is organised (L2330). */
  const reached = (turn: number) => {
    const x = structuredClone(sup);
    const base = carriedOf(x, 'TOG')[0];
    const tf = x.space.tfs[Object.values(x.space.units).find((u) => u.baseLoad?.base === base)!.tf!];
    const gl1 = Object.values(x.planetary.bases).find((b) => b.side === 'TOG' && b.type === 'GL1')!;
    gl1.status = 'ACTIVE';
    tf.place = { kind: 'SECTOR', sector: campaignData.rules.planetSector };
    tf.mission = 'SUPPLY';
    tf.suppliedSegment = { segment: segmentOfZone(zoneOfHex(gl1.hex)), turn };
    // The engineer TF next to the GL1, on a land hex with no base or TF (L2416, L954).
    const taken = new Set(Object.values(x.planetary.tfs).map((t) => t.hex));
    const land = new Set(prefectData.map.hexes.filter((h) => h.water !== 'FULL').map((h) => h.id));
    x.planetary.tfs[ce(x).tf!].hex = neighboursOf(gl1.hex)
      .filter((h) => land.has(h) && !taken.has(h) && !baseInHex(x, h))
      .sort()[0];
    return { x, base };
  };

  it('L2420: the base goes to the engineer TF, off any base hex and with a LOC to the GL1; the order validates and places it', () => {
    const { x, base } = reached(sup.space.turn);
    const o = bot(x) as { placeBases?: { base: string; tf: string }[] };
    valid(x, o as Json);
    const p = (o.placeBases ?? []).find((b) => b.base === base)!;
    expect(p).toBeDefined();
    const to = resolveOrderIds(x.planetary, 'TOG', p.tf) as string;
    expect(engineerTfs(x, 'TOG')).toContain(to);
    const orders: Record<string, Json> = { TOG: o as Json };
    for (const q of prefectCampaign.prompts(x)) if (q.side !== 'TOG') orders[q.side] = bot(x, q.side);
    const r = prefectCampaign.resolve(x, orders, seededDice('carry', 3));
    const placed = r.events.find(
      (e) => e.type === 'base.deployed.detail' && (e.data as { carried?: string }).carried === base,
    );
    expect(placed?.data).toMatchObject({ how: 'DELIVERED' });
    expect(carriedOf(r.state, 'TOG')).toEqual([]);
  });

  it('L2103, L2330: not when the Supply TF reached that segment on another turn', () => {
    const { x } = reached(sup.space.turn - 1);
    const o = bot(x) as { placeBases?: unknown[] };
    valid(x, o as Json);
    expect(o.placeBases ?? []).toEqual([]);
  });
});

describe('bot-base-carry: secrets (H1, L2307)', () => {
  it("which transports carry the components, and whether any do, is not in CW's or a spectator's view", () => {
    const a = at('a TOG state with the GL2 aboard', (x) => x.stage === 'ADJUST' && carriedOf(x, 'TOG').length > 0);
    const base = carriedOf(a, 'TOG')[0];
    const carriers = Object.values(a.space.units).filter((u) => u.baseLoad?.base === base);
    const spare = a.space.tfs[carriers[0].tf!].units.find(
      (u) => stats(a.space.units[u]).kind === 'TRANSPORT' && !a.space.units[u].baseLoad,
    )!;
    expect(spare).toBeDefined();
    const moved = structuredClone(a); // the second share on another transport of the TF
    moved.space.units[spare].baseLoad = moved.space.units[carriers[1].id].baseLoad;
    delete moved.space.units[carriers[1].id].baseLoad;
    const none = structuredClone(a); // nothing aboard
    delete none.carriedBases;
    for (const c of carriers) delete none.space.units[c.id].baseLoad;
    for (const viewer of ['CW', null] as const) {
      const v = JSON.stringify(prefectCampaign.view(a, viewer));
      expect(JSON.stringify(prefectCampaign.view(moved, viewer))).toBe(v);
      expect(JSON.stringify(prefectCampaign.view(none, viewer))).toBe(v);
    }
    expect(JSON.stringify(prefectCampaign.view(a, 'TOG'))).not.toBe(JSON.stringify(prefectCampaign.view(none, 'TOG')));
  });
});
