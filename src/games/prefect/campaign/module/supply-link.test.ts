/**
 * The campaign Supply order's links between the maps, through the module (validate / resolve):
 * SP carried down to Legion bases with the GL4 option (L2280-2282, L2352-2362, T-C05), troops
 * unloaded at and loaded from bases (L2307, L2323-2332, D-85), base limits (L2293-2299,
 * L2334-2350), bases built by Construction Engineers and carried bases placed (L2412-2426, H15),
 * and the bot's use of them. Each error names its rule and leaves the state as it was.
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent, Json } from '#engine/contract.js';
import { seededDice } from '#engine/dice.js';
import { segmentOfZone, zoneOfHex } from '../map-link.js';
import prefectCampaign from './index.js';
import { botSupplyLink, clampOffSystemSp, noteOffSystemLoads, withSupplyLink } from './supply-link.js';
import { firstAtStage } from './testing.js';
import type { CampaignGameState } from './types.js';

const plain = firstAtStage('h13', 'SUPPLY');
const gl4 = firstAtStage('h13', 'SUPPLY', { gl4Manufacturing: true });

const T = 'cw-TRM-1';
const CE_TF = 'tf-cw-legion-4-7';
const segOf = (hex: string): number => segmentOfZone(zoneOfHex(hex));

/** CW's Supply TF (cw-tf2) has reached the segment above `hex` this turn with `sp` SP aboard. */
function supplyTfOver(base: CampaignGameState, hex: string, sp = 20): CampaignGameState {
  const s = structuredClone(base);
  Object.assign(s.space.tfs['cw-tf2'], {
    place: { kind: 'SECTOR', sector: 's3-4' },
    suppliedSegment: { segment: segOf(hex), turn: s.space.turn },
  });
  s.space.units[T].supply = sp;
  return s;
}

const cwDefault = (s: CampaignGameState): Record<string, Json> =>
  prefectCampaign.prompts(s).find((p) => p.side === 'CW')!.defaultOrders as Record<string, Json>;
const order = (s: CampaignGameState, extra: Record<string, unknown>): Json => ({ ...cwDefault(s), ...extra }) as Json;
function resolveCw(s: CampaignGameState, cw: Json): { state: CampaignGameState; events: GameEvent[] } {
  const tog = prefectCampaign.bot(s, 'TOG', seededDice('tog', 1));
  return prefectCampaign.resolve(s, { TOG: tog, CW: cw }, seededDice('x', 1)) as {
    state: CampaignGameState;
    events: GameEvent[];
  };
}
/** The base's SP after the default order (urban production may add some, L2284). */
const baseAfterDefault = (s: CampaignGameState, id: string): number =>
  resolveCw(s, cwDefault(s) as Json).state.planetary.bases[id].supply;
/** The CE TF moved to a hex of another CW TF that holds no base. */
function ceOffBase(base: CampaignGameState): CampaignGameState {
  const s = structuredClone(base);
  const baseHexes = new Set(Object.values(s.planetary.bases).map((b) => b.hex));
  const to = Object.values(s.planetary.tfs).find(
    (t) => t.side === 'CW' && t.id !== CE_TF && !baseHexes.has(t.hex),
  )!.hex;
  s.planetary.tfs[CE_TF].hex = to;
  return s;
}
/** A refused order: the rule named, the state untouched, resolution as the default. */
function expectRefused(s: CampaignGameState, o: Json, code: string, rule: string): void {
  const snap = JSON.stringify(s);
  const e = prefectCampaign.validate(s, 'CW', o);
  expect(e[0]).toMatchObject({ code, rule });
  expect(resolveCw(s, o).state).toEqual(resolveCw(s, cwDefault(s) as Json).state);
  expect(JSON.stringify(s)).toBe(snap);
}

describe('campaign supply: SP down to Legion bases (L2280-2282) and GL4 manufacturing (L2352-2362)', () => {
  const gl4Hex = plain.planetary.bases['cw-gl4'].hex;

  it('a Supply TF over a base delivers SP to it, seen by the owner only', () => {
    const s = supplyTfOver(plain, gl4Hex);
    const o = order(s, { deliver: [{ transport: T, base: 'cw-gl4', sp: 20 }] });
    expect(prefectCampaign.validate(s, 'CW', o)).toEqual([]);
    const r = resolveCw(s, o);
    expect(r.state.planetary.bases['cw-gl4'].supply).toBe(baseAfterDefault(s, 'cw-gl4') + 20);
    expect(r.state.space.units[T].supply).toBe(0);
    const ev = r.events.find((e) => e.type === 'supply.delivered-down')!;
    expect(ev.visibleTo).toEqual(['CW']);
    expect(ev.data).toMatchObject({ sp: 20, received: 20, bonus: 0 });
  });

  it("L774: SP beyond the base's storage are lost, as in planetary transfers", () => {
    const s = supplyTfOver(plain, gl4Hex, 60);
    const r = resolveCw(s, order(s, { deliver: [{ transport: T, base: 'cw-gl4', sp: 60 }] }));
    expect(r.state.planetary.bases['cw-gl4'].supply).toBe(100);
    expect(r.events.find((e) => e.type === 'supply.delivered-down')!.data).toMatchObject({
      sp: 60,
      lost: 60 - (100 - baseAfterDefault(s, 'cw-gl4')),
    });
  });

  it('T-C05: with the option, SP loaded off-system reach a GL4 +25 % rounded down (13 → 16); SP passed through a base do not', () => {
    const s = supplyTfOver(gl4, gl4Hex, 13);
    s.offSystemSp = { [T]: 13 };
    const r = resolveCw(s, order(s, { deliver: [{ transport: T, base: 'cw-gl4', sp: 13 }] }));
    const before = baseAfterDefault(s, 'cw-gl4');
    expect(r.state.planetary.bases['cw-gl4'].supply).toBe(before + 16);
    const noDirect = supplyTfOver(gl4, gl4Hex, 13);
    const r2 = resolveCw(noDirect, order(noDirect, { deliver: [{ transport: T, base: 'cw-gl4', sp: 13 }] }));
    expect(r2.state.planetary.bases['cw-gl4'].supply).toBe(before + 13);
    const off = supplyTfOver(plain, gl4Hex, 13);
    off.offSystemSp = { [T]: 13 };
    const r3 = resolveCw(off, order(off, { deliver: [{ transport: T, base: 'cw-gl4', sp: 13 }] }));
    expect(r3.state.planetary.bases['cw-gl4'].supply).toBe(before + 13); // option off
  });

  it('GL4 option: SP loaded off-system count as direct while aboard, never more than the transport holds (L2362)', () => {
    const s = structuredClone(gl4);
    s.space.units[T].supply = 30;
    noteOffSystemLoads(s, {
      kind: 'supply',
      rearm: [],
      reorganise: [],
      baseReorganise: [],
      transfers: [],
      load: [{ unit: T, sp: 30 }],
      unload: [],
    });
    expect(s.offSystemSp).toEqual({ [T]: 30 });
    s.space.units[T].supply = 12; // 18 SP passed to a naval base: those are no longer direct
    clampOffSystemSp(s);
    expect(s.offSystemSp).toEqual({ [T]: 12 });
    s.space.units[T].status = 'DESTROYED';
    clampOffSystemSp(s);
    expect(s.offSystemSp).toEqual({});
  });

  it("refused: the transport did not reach the base's segment, too many SP, a full base, a disrupted transport", () => {
    const away = supplyTfOver(plain, plain.planetary.bases['cw-gl1'].hex);
    if (segOf(plain.planetary.bases['cw-gl1'].hex) !== segOf(gl4Hex))
      expectRefused(
        away,
        order(away, { deliver: [{ transport: T, base: 'cw-gl4', sp: 5 }] }),
        'NOT_AT_BASE',
        'L1921, L2280-2282',
      );
    const s = supplyTfOver(plain, gl4Hex, 20);
    expectRefused(s, order(s, { deliver: [{ transport: T, base: 'cw-gl4', sp: 21 }] }), 'NOT_ENOUGH_SP', 'L1919');
    const dis = supplyTfOver(plain, gl4Hex);
    dis.space.units[T].status = 'DISORGANISED';
    expectRefused(
      dis,
      order(dis, { deliver: [{ transport: T, base: 'cw-gl4', sp: 5 }] }),
      'DISRUPTED_TRANSPORT',
      'L1925-1927',
    );
    expectRefused(
      s,
      order(s, { deliver: [{ transport: 'tog-TRM-4', base: 'cw-gl4', sp: 5 }] }),
      'NOT_TRANSPORT',
      'L1919',
    );
    expectRefused(s, order(s, { deliver: [{ transport: T, base: 'cw-gl4', sp: 'x' }] }), 'MALFORMED', 'L2290');
  });
});

describe('campaign supply: troops at bases (L2307, L2323-2332, D-85)', () => {
  const hex = plain.planetary.bases['cw-gl3'].hex;
  /** A CW unit of a TF elsewhere, put aboard the Supply TF's transport. */
  function withCargo(): { s: CampaignGameState; unit: string } {
    const s = supplyTfOver(plain, hex, 0);
    const u = Object.values(s.planetary.units).find(
      (x) => x.side === 'CW' && x.status === 'ACTIVE' && x.tf && x.type.includes('cohort'),
    )!;
    s.cargo[u.id] = { transports: [T] };
    delete u.tf;
    delete u.hex;
    delete u.under;
    return { s, unit: u.id };
  }

  it('units aboard are unloaded onto a base reached and join a TF there; the base is public, the units are not', () => {
    const { s, unit } = withCargo();
    const o = order(s, { unload: [{ units: [unit], base: 'cw-gl3' }] });
    expect(prefectCampaign.validate(s, 'CW', o)).toEqual([]);
    const r = resolveCw(s, o);
    const u = r.state.planetary.units[unit];
    expect(r.state.cargo[unit]).toBeUndefined();
    expect(r.state.planetary.tfs[u.tf!].hex).toBe(hex);
    const pub = r.events.filter((e) => e.visibleTo === 'all' && e.type.startsWith('transport.'));
    expect(pub.length).toBeGreaterThan(0);
    for (const e of pub) expect(JSON.stringify(e)).not.toContain(unit);
  });

  it('refused: a disrupted transport (D-85), a base not reached, a unit not aboard', () => {
    const { s, unit } = withCargo();
    const dis = structuredClone(s);
    dis.space.units[T].status = 'DISORGANISED';
    expectRefused(
      dis,
      order(dis, { unload: [{ units: [unit], base: 'cw-gl3' }] }),
      'DISRUPTED_TRANSPORT',
      'L2320, D-85',
    );
    if (segOf(plain.planetary.bases['cw-gl1'].hex) !== segOf(hex))
      expectRefused(s, order(s, { unload: [{ units: [unit], base: 'cw-gl1' }] }), 'NOT_AT_BASE', 'L2324, L2330');
    const other = Object.values(s.planetary.units).find((x) => x.side === 'CW' && x.tf)!.id;
    expectRefused(s, order(s, { unload: [{ units: [other], base: 'cw-gl3' }] }), 'NOT_ABOARD', 'L2307');
  });

  it('a unit at a base boards the Supply TF there; its cargo shows to its owner only', () => {
    const s = supplyTfOver(plain, hex, 0);
    const u = Object.values(s.planetary.units).find(
      (x) => x.side === 'CW' && x.status === 'ACTIVE' && x.type.includes('cohort'),
    )!;
    const tfId = u.tf!;
    const old = s.planetary.tfs[tfId].hex;
    s.planetary.tfs[tfId].hex = hex; // the TF stands on the base
    const o = order(s, { load: [{ unit: u.id, transports: [T] }] });
    expect(prefectCampaign.validate(s, 'CW', o)).toEqual([]);
    const r = resolveCw(s, o);
    expect(r.state.cargo[u.id]).toEqual({ transports: [T] });
    const cwView = prefectCampaign.view(r.state, 'CW') as { cargo: { unit: string }[] };
    expect(cwView.cargo.map((c) => c.unit)).toContain(u.id);
    expect(JSON.stringify(prefectCampaign.view(r.state, 'TOG'))).not.toContain(u.id);
    s.planetary.tfs[tfId].hex = old; // elsewhere (off this base): refused
    expect(prefectCampaign.validate(s, 'CW', o)[0]).toMatchObject({ code: 'NOT_AT_BASE', path: ['load', 0] });
  });
});

describe('campaign supply: base limits (L2293-2299, L2334-2350)', () => {
  it('a disorganised base transfers nothing (L2295-2297)', () => {
    const s = structuredClone(plain);
    s.planetary.bases['cw-gl2'].status = 'DISRUPTED';
    const g = { ...(cwDefault(s).ground as object), transfers: [{ from: 'cw-gl2', to: 'cw-gl4', amount: 5 }] };
    expectRefused(s, order(s, { ground: g }), 'DISRUPTED_BASE', 'L2295-2297');
  });

  it('a naval ground base does not rebuild ground units (L2348); a Legion base does', () => {
    const s = structuredClone(plain);
    s.navalBaseHexes['cw-gn2'] = s.planetary.bases['cw-gl1'].hex;
    const u = Object.values(s.planetary.units).find((x) => x.side === 'CW' && x.type.includes('cohort'))!;
    const g = { ...(cwDefault(s).ground as object), rebuild: [{ unit: u.id, base: 'cw-gn2' }] };
    const e = prefectCampaign.validate(s, 'CW', order(s, { ground: g }));
    expect(e.find((x) => x.code === 'BASE_LIMIT')).toMatchObject({
      rule: 'L2348',
      path: ['ground', 'rebuild', 0, 'base'],
    });
    const g2 = { ...(cwDefault(s).ground as object), rebuild: [{ unit: u.id, base: 'cw-gl4' }] };
    expect(prefectCampaign.validate(s, 'CW', order(s, { ground: g2 })).map((x) => x.code)).not.toContain('BASE_LIMIT');
  });
});

describe('campaign supply: base limits on the naval order (L2342-2346)', () => {
  it('a Legion base never removes the fatigue of ships (L2346)', () => {
    const s = structuredClone(plain);
    const naval = {
      ...(cwDefault(s).naval as object),
      rearm: [{ tf: 'cw-tf1', levels: 1, sources: [{ from: 'cw-gl4', sp: 1 }] }],
    };
    const e = prefectCampaign.validate(s, 'CW', order(s, { naval }));
    expect(e[0]).toMatchObject({
      code: 'BASE_LIMIT',
      rule: 'L2346',
      path: ['naval', 'rearm', 0, 'sources', 0, 'from'],
    });
  });
});

describe('campaign supply: bases built and placed (L2412-2426, H15, D-51)', () => {
  const off = ceOffBase(plain);
  const ceHex = off.planetary.tfs[CE_TF].hex;
  // D-51, L956: the base was assigned to the TF in an earlier turn's TF Adjustment (base-orders.test.ts covers the assignment).
  off.basePool = { used: [], assigned: { [CE_TF]: { type: 'GN1', turn: off.turn - 1, slot: 90 } } };
  const assign = (s: CampaignGameState, tf: string, type: string): void => {
    s.basePool!.assigned[tf] = { type, turn: s.turn - 1, slot: 91 };
  };

  it('a TF with a Construction Engineer builds a GN1 paid from a base; its place is announced to the enemy', () => {
    const s = structuredClone(off);
    const o = order(s, { build: [{ tf: CE_TF, type: 'GN1', sources: [{ id: 'cw-gl4', amount: 5 }] }] });
    const e = prefectCampaign.validate(s, 'CW', o);
    expect(e).toEqual([]);
    const r = resolveCw(s, o);
    const dep = r.events.find((x) => x.type === 'base.deployed')!;
    expect(dep.visibleTo).toBe('all');
    expect(dep.data).toMatchObject({ side: 'CW', type: 'GN1', hex: ceHex, status: 'DISRUPTED' });
    expect(JSON.stringify(dep)).not.toContain(CE_TF);
    expect(r.state.planetary.bases['cw-gl4'].supply).toBe(baseAfterDefault(s, 'cw-gl4') - 5);
    const id = (dep.data as { base: string }).base;
    expect(r.state.space.bases[id]).toMatchObject({ type: 'GN1', status: 'DISRUPTED', side: 'CW' });
    expect(r.state.navalBaseHexes[id]).toBe(ceHex);
    // H15: the enemy's view shows the new base where it is, not the TF that built it.
    const togView = prefectCampaign.view(r.state, 'TOG') as { navalGroundBases: { base: string; hex: string }[] };
    expect(togView.navalGroundBases).toContainEqual(
      expect.objectContaining({ base: id, hex: ceHex, type: 'GN1', side: 'CW' }),
    );
    expect((prefectCampaign.view(s, 'TOG') as { navalGroundBases: unknown[] }).navalGroundBases).toEqual([]);
  });

  it("a GL1 built by engineers stands on the planetary map, disrupted, in the enemy's view too (L2424-2426)", () => {
    const s = structuredClone(off);
    assign(s, CE_TF, 'GL1');
    const r = resolveCw(s, order(s, { build: [{ tf: CE_TF, type: 'GL1', sources: [{ id: 'cw-gl4', amount: 5 }] }] }));
    const id = (r.events.find((x) => x.type === 'base.deployed')!.data as { base: string }).base;
    expect(r.state.planetary.bases[id]).toMatchObject({ type: 'GL1', hex: ceHex, status: 'DISRUPTED', side: 'CW' });
    const tog = JSON.stringify(prefectCampaign.view(r.state, 'TOG'));
    expect(tog).toContain(id);
    expect(JSON.stringify(prefectCampaign.view(s, 'TOG'))).not.toContain(id);
  });

  it("judged after the side's own ground supply (L2286-2290): SP transferred away are not there to build with", () => {
    const s = structuredClone(off);
    s.planetary.bases['cw-gl4'].supply = 6;
    const build = [{ tf: CE_TF, type: 'GN1', sources: [{ id: 'cw-gl4', amount: 5 }] }];
    expect(prefectCampaign.validate(s, 'CW', order(s, { build }))).toEqual([]);
    const ground = { ...(cwDefault(s).ground as object), transfers: [{ from: 'cw-gl4', to: 'cw-gl3', amount: 3 }] };
    expect(prefectCampaign.validate(s, 'CW', order(s, { ground }))).toEqual([]);
    expect(prefectCampaign.validate(s, 'CW', order(s, { ground, build }))[0]).toMatchObject({
      code: 'NOT_ENOUGH_SP',
      rule: 'L776',
      path: ['build', 0],
    });
  });

  it('refused: wrong cost, rank 4, a TF without engineers, a second base in the hex', () => {
    const s = structuredClone(off);
    expectRefused(
      s,
      order(s, { build: [{ tf: CE_TF, type: 'GN1', sources: [{ id: 'cw-gl4', amount: 4 }] }] }),
      'WRONG_COST',
      'L960-964, D-51',
    );
    expectRefused(
      s,
      order(s, { build: [{ tf: CE_TF, type: 'GL4', sources: [{ id: 'cw-gl4', amount: 5 }] }] }),
      'RANK',
      'L2414',
    );
    const other = Object.values(s.planetary.tfs).find((t) => t.side === 'CW' && t.id !== CE_TF && !t.independent)!.id;
    assign(s, other, 'GN1');
    const e = prefectCampaign.validate(
      s,
      'CW',
      order(s, { build: [{ tf: other, type: 'GN1', sources: [{ id: 'cw-gl4', amount: 5 }] }] }),
    );
    expect(['ENGINEERS', 'NO_LOC', 'ONE_PER_HEX']).toContain(e[0].code);
    const onBase = structuredClone(s);
    onBase.planetary.tfs[CE_TF].hex = onBase.planetary.bases['cw-gl4'].hex;
    expectRefused(
      onBase,
      order(onBase, { build: [{ tf: CE_TF, type: 'GN1', sources: [{ id: 'cw-gl4', amount: 5 }] }] }),
      'ONE_PER_HEX',
      'L2416',
    );
  });

  it('a carried naval ground base is handed to a TF with engineers below the Supply TF and announced', () => {
    const s = supplyTfOver(off, ceHex, 0);
    Object.assign(s.space.bases['cw-gn2'], { carriedBy: 'cw-tf2', type: 'GN2' });
    s.space.units[T].baseLoad = { base: 'cw-gn2', sp: 10 };
    const o = order(s, { placeBases: [{ base: 'cw-gn2', tf: CE_TF }] });
    expect(prefectCampaign.validate(s, 'CW', o)).toEqual([]);
    const r = resolveCw(s, o);
    expect(r.events.find((x) => x.type === 'base.deployed')).toMatchObject({
      visibleTo: 'all',
      data: { base: 'cw-gn2', hex: ceHex, status: 'DISRUPTED' },
    });
    expect(r.state.navalBaseHexes['cw-gn2']).toBe(ceHex);
    expect(r.state.space.bases['cw-gn2'].carriedBy).toBeUndefined();
    expect(r.state.space.units[T].baseLoad).toBeUndefined();
    const noCe = structuredClone(s);
    for (const u of Object.values(noCe.planetary.units))
      if (u.tf === CE_TF && u.type.includes('construction')) u.status = 'DISORGANISED';
    expectRefused(noCe, o, 'ENGINEERS', 'L2420-2422');
  });
});

describe('campaign supply: the bot', () => {
  it('the Supply prompt offers the link: transports over a segment, own bases with room, engineer TFs (aliased)', () => {
    const s = supplyTfOver(plain, plain.planetary.bases['cw-gl4'].hex, 30);
    const p = prefectCampaign.prompts(s).find((q) => q.side === 'CW')!;
    const link = (
      p.choices as {
        link: {
          transports: { transport: string; sp: number }[];
          bases: { base: string }[];
          engineerTfs: { tf: string }[];
        };
      }
    ).link;
    expect(link.transports).toEqual([expect.objectContaining({ transport: T, sp: 30 })]);
    expect(link.bases.map((b) => b.base)).toContain('cw-gl4');
    expect(link.engineerTfs.length).toBe(1);
    expect(link.engineerTfs[0].tf).not.toBe(CE_TF); // TF ids travel aliased
    expect(p.description).toContain('L2290');
    const tog = prefectCampaign.prompts(s).find((q) => q.side === 'TOG')!;
    expect(JSON.stringify(tog.choices)).not.toContain(T);
  });

  it('delivers SP and unloads troops at bases its Supply TFs reached, in a valid order', () => {
    const s = supplyTfOver(plain, plain.planetary.bases['cw-gl4'].hex, 30);
    const link = botSupplyLink(s, 'CW');
    expect(link.deliver?.[0]).toMatchObject({ transport: T, base: 'cw-gl4', sp: 30 });
    const o = withSupplyLink(s, 'CW', cwDefault(s)) as Json;
    expect(prefectCampaign.validate(s, 'CW', o)).toEqual([]);
    expect(botSupplyLink(plain, 'CW')).toEqual({}); // nothing reached: nothing added
  });
});
