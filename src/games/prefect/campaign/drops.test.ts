import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '#engine/dice.js';
import { packData } from '../planetary/index.js';
import { dropAttack, enterOdBox, groupDrops, landDrops, landingError } from './drops.js';
import { aboard, inGsBox, makeCampaign, ok, PLANET } from './testing.js';
import type { RuleError } from './types.js';

const T1 = 'od-tog-TRM-1';
const setup = () => {
  const cs = makeCampaign({
    ground: {
      tfs: [
        { id: 'cw-far', side: 'CW', hex: '0610', units: ['cw-medium-cohort'] },
        { id: 'tog-hq', side: 'TOG', hex: '0608', units: [{ id: 'lhq', type: 'legion-hq' }] },
      ],
      bases: [{ id: 'cwb', side: 'CW', type: 'GL1', hex: '0716' }],
      hqSupply: { lhq: 5 },
    },
    naval: [
      { id: 'od', side: 'TOG', place: PLANET, units: [['tog-TRM', 2]], mission: 'ORBITAL_DROP' },
      { id: 'cgs', side: 'CW', place: PLANET, units: [['cw-FL1', 2]], mission: 'GROUND_SUPPORT' },
    ],
  });
  aboard(cs, 'l1', 'tog-light-cohort', 'TOG', [T1]);
  aboard(cs, 'l2', 'tog-light-cohort', 'TOG', [T1]);
  aboard(cs, 'hq2', 'legion-hq', 'TOG', [T1]);
  aboard(cs, 'mar', 'marine-cohort', 'TOG', [T1]);
  aboard(cs, 'gar', 'garrison-legion', 'TOG', [T1]);
  aboard(cs, 'mil', 'militia-regiment', 'TOG', [T1]);
  inGsBox(cs, 3, ['cgs-cw-FL1-1', 'cgs-cw-FL1-2']);
  return cs;
};

describe('5.C.9 dropping troops (L2368-2378)', () => {
  it('only gravitic units or Marines drop; garrison legions and militia are refused (L2372)', () => {
    const cs = setup();
    for (const u of ['gar', 'mil'])
      expect((enterOdBox(cs, 'TOG', T1, 3, { units: [u] }) as RuleError).rule).toBe('L2372');
    ok(enterOdBox(cs, 'TOG', T1, 3, { units: ['l1', 'mar'] }));
    expect(cs.zones[3].od[0].units).toEqual(['l1', 'mar']);
    expect(cs.cargo.l1).toBeUndefined();
  });

  it('a disrupted transport returns without landing anything (L2374)', () => {
    const cs = setup();
    cs.space.units[T1].status = 'DISORGANISED';
    const before = JSON.stringify(cs);
    const ev = ok(enterOdBox(cs, 'TOG', T1, 3, { units: ['l1'] }));
    expect(ev[0].type).toBe('od.aborted');
    expect(JSON.stringify(cs)).toBe(before);
  });

  it('the transport must be on an orbital drop mission at the planet (L2368)', () => {
    const cs = setup();
    cs.space.tfs.od.mission = 'SUPPLY';
    expect((enterOdBox(cs, 'TOG', T1, 3, { units: ['l1'] }) as RuleError).code).toBe('NOT_OD');
  });

  it('H39 option OWNER: the enemy learns only that something dropped in the zone', () => {
    const cs = setup();
    cs.options.boxVisibility = 'OWNER';
    const ev = ok(enterOdBox(cs, 'TOG', T1, 3, { units: ['l1'] }));
    expect(JSON.stringify(ev.filter((e) => e.visibleTo === 'all'))).not.toMatch(/light|l1|TRM/);
  });
});

describe('fighter attack on dropped forces (L2380-2386, D-80)', () => {
  it("comes after both sides' independent attacks (D-80)", () => {
    const cs = setup();
    ok(enterOdBox(cs, 'TOG', T1, 3, { units: ['l1', 'l2'] }));
    expect((dropAttack(cs, new ScriptedDice([]), 'CW', 3, ['cgs-cw-FL1-1']) as RuleError).rule).toBe('D-80');
  });

  it('planetary CRT, no shift, fighters never save, the cohorts save with the number; flags ignored', () => {
    const cs = setup();
    ok(enterOdBox(cs, 'TOG', T1, 3, { units: ['l1', 'l2'] }));
    cs.endOfCombat.independentDone = ['TOG', 'CW'];
    const ev = ok(dropAttack(cs, new ScriptedDice([1, 10, 1]), 'CW', 3, ['cgs-cw-FL1-1', 'cgs-cw-FL1-2']));
    const d = ev[0].data as {
      attack: number;
      defence: number;
      column: string;
      saves: { target: number; outcome: string }[];
    };
    // A 2 + 2 = 4 vs D 4 + 4 = 8 → 1:2; roll 1 on the pack CRT.
    const cell = packData().crt.rows[0][0];
    expect([d.attack, d.defence, d.column]).toEqual([4, 8, '1:2']);
    expect(d.saves.map((s) => s.target)).toEqual([4 + cell.d, 4 + cell.d]);
    expect(d.saves.map((s) => s.outcome)).toEqual(['DISORGANISED', 'UNHARMED']);
    // Disorganised units continue the drop (L2388); the fighters are used and never rolled.
    expect(cs.zones[3].od[0].units).toEqual(['l1', 'l2']);
    expect(cs.planetary.units.l1.status).toBe('DISORGANISED');
    expect(cs.space.units['cgs-cw-FL1-1'].status).toBe('ACTIVE');
    expect(cs.gsUsed).toContain('cgs-cw-FL1-1');
  });

  it('H39 OWNER: the attacking side learns only the outcome counts, the owner the details', () => {
    const cs = setup();
    cs.options.boxVisibility = 'OWNER';
    ok(enterOdBox(cs, 'TOG', T1, 3, { units: ['l1', 'l2'] }));
    cs.endOfCombat.independentDone = ['TOG', 'CW'];
    const ev = ok(dropAttack(cs, new ScriptedDice([1, 10, 1]), 'CW', 3, ['cgs-cw-FL1-1']));
    const pub = ev.filter((e) => e.visibleTo === 'all');
    expect(pub[0].data).toMatchObject({ disorganised: 1, destroyed: 0 });
    expect(JSON.stringify(pub)).not.toMatch(/light|defence/);
    expect(ev.find((e) => e.type === 'od.attacked.detail')?.visibleTo).toEqual(['TOG']);
  });

  it("only fighters of the zone's GS box may attack (L2380)", () => {
    const cs = setup();
    ok(enterOdBox(cs, 'TOG', T1, 3, { units: ['l1'] }));
    cs.endOfCombat.independentDone = ['TOG', 'CW'];
    expect((dropAttack(cs, new ScriptedDice([]), 'CW', 4, ['cgs-cw-FL1-1']) as RuleError).code).toBe('NO_TARGET');
    cs.zones[4].od.push({ ...cs.zones[3].od[0] });
    expect((dropAttack(cs, new ScriptedDice([]), 'CW', 4, ['cgs-cw-FL1-1']) as RuleError).code).toBe('NOT_IN_GS_BOX');
  });
});

describe('grouping and landing (L2388-2396, D-81, D-82)', () => {
  const dropped = () => {
    const cs = setup();
    ok(enterOdBox(cs, 'TOG', T1, 3, { units: ['l1', 'l2', 'hq2'] }));
    return cs;
  };

  it('every dropped unit must be grouped, no HQ needed (L2388)', () => {
    const cs = dropped();
    expect((groupDrops(cs, 'TOG', [{ zone: 3, units: ['l1'] }]) as RuleError).code).toBe('UNGROUPED');
    expect((groupDrops(cs, 'TOG', [{ zone: 4, units: ['l1', 'l2', 'hq2'] }]) as RuleError).code).toBe('NOT_DROPPED');
    ok(
      groupDrops(cs, 'TOG', [
        { zone: 3, units: ['l1'] },
        { zone: 3, units: ['l2', 'hq2'] },
      ]),
    );
    expect(cs.dropGroups).toHaveLength(2);
  });

  it('landing hexes: in the zone, no active enemy base, no enemy TF, no enemy active ZOC (L2390)', () => {
    const cs = dropped();
    expect(landingError(cs, 'TOG', 3, '0716', false)?.code).toBe('ENEMY_BASE');
    expect(landingError(cs, 'TOG', 2, '0610', false)?.code).toBe('ENEMY_TF');
    expect(landingError(cs, 'TOG', 3, '0610', false)?.code).toBe('WRONG_ZONE');
    expect(landingError(cs, 'TOG', 2, '0611', false)?.code).toBe('ENEMY_ZOC');
    expect(landingError(cs, 'TOG', 3, '0214', false)).toBeNull();
    cs.planetary.bases.cwb.status = 'DISRUPTED';
    expect(landingError(cs, 'TOG', 3, '0716', false)).toBeNull();
  });

  it('lands only at the end of Supply; HQs get full supply (D-82); merging with a friendly TF (L2392); the landing is public (H32)', () => {
    const cs = dropped();
    ok(groupDrops(cs, 'TOG', [{ zone: 3, units: ['l1', 'l2', 'hq2'] }]));
    const g = cs.dropGroups[0].id;
    expect((landDrops(cs, 'TOG', [{ group: g, hex: '0615' }]) as RuleError).code).toBe('TOO_EARLY');
    cs.supplyStep = 4;
    // A friendly TF at 0615 to merge with.
    cs.planetary.tfs.host = { ...cs.planetary.tfs['tog-hq'], id: 'host', hex: '0615', counter: 9 };
    const ev = ok(landDrops(cs, 'TOG', [{ group: g, hex: '0615' }]));
    expect(cs.planetary.units.l1.tf).toBe('host');
    expect(cs.planetary.hqSupply.hq2).toBe(20);
    const pub = ev.find((e) => e.type === 'od.landed')!;
    expect(pub.visibleTo).toBe('all');
    expect(JSON.stringify(pub.data)).not.toMatch(/l1|l2|hq2/);
    expect(cs.zones[3].od).toEqual([]);
  });

  it('landing on a disrupted enemy base captures it, as entering does (L2390, D-49, D-50)', () => {
    const cs = dropped();
    cs.planetary.bases.cwb.status = 'DISRUPTED';
    ok(groupDrops(cs, 'TOG', [{ zone: 3, units: ['l1', 'l2', 'hq2'] }]));
    cs.supplyStep = 4;
    const ev = ok(landDrops(cs, 'TOG', [{ group: cs.dropGroups[0].id, hex: '0716' }]));
    expect(cs.planetary.bases.cwb.side).toBe('TOG');
    expect(ev.find((e) => e.type === 'base.captured')?.visibleTo).toBe('all');
  });

  it('disorganised dropped units land in the hex, under the TF if it has an HQ (L2396, D-81)', () => {
    const cs = dropped();
    cs.planetary.units.l2.status = 'DISORGANISED';
    ok(groupDrops(cs, 'TOG', [{ zone: 3, units: ['l1', 'l2', 'hq2'] }]));
    cs.supplyStep = 4;
    ok(landDrops(cs, 'TOG', [{ group: cs.dropGroups[0].id, hex: '0615' }]));
    const tf = cs.planetary.units.l1.tf!;
    expect(cs.planetary.units.l2).toMatchObject({ status: 'DISORGANISED', hex: '0615', under: tf });
  });

  it('supply drops reach a Legion HQ on the map in the zone at the end of Supply (L2398-2406)', () => {
    const cs = setup();
    cs.space.units[T1].supply = 30;
    expect((enterOdBox(cs, 'TOG', T1, 3, { supply: 10, toHq: 'lhq' }) as RuleError).code).toBe('NO_HQ'); // 0608 is zone 2
    cs.planetary.tfs['tog-hq'].hex = '0615';
    ok(enterOdBox(cs, 'TOG', T1, 3, { supply: 10, toHq: 'lhq' }));
    expect(cs.space.units[T1].supply).toBe(20);
    cs.supplyStep = 4;
    ok(landDrops(cs, 'TOG', []));
    expect(cs.planetary.hqSupply.lhq).toBe(15);
  });
});
