import { describe, expect, it } from 'vitest';
import {
  asdCenturies,
  boxesView,
  clearGsBoxes,
  enterGsBox,
  groundBasesOfSegment,
  segmentOfZone,
  zoneOfSegment,
} from './map-link.js';
import { newCampaignState } from './state.js';
import { makeCampaign, ok, PLANET } from './testing.js';
import type { RuleError } from './types.js';

const gs = (visibility: 'PUBLIC' | 'OWNER' = 'PUBLIC') =>
  makeCampaign({
    options: { boxVisibility: visibility },
    ground: { tfs: [{ id: 'c', side: 'CW', hex: '0616', units: ['cw-medium-cohort', 'asd-century', 'asd-century'] }] },
    naval: [
      {
        id: 'g',
        side: 'TOG',
        place: PLANET,
        units: [
          ['tog-FL1', 2],
          ['tog-P', 1],
        ],
        mission: 'GROUND_SUPPORT',
      },
      { id: 'a', side: 'TOG', place: PLANET, units: [['tog-CA', 1]], mission: 'ATTACK' },
    ],
  });

describe('5.C.1 map link (L2131-2157)', () => {
  it('segment n of the Ku Crassus OFAT is planetary zone n (L2145)', () => {
    for (let z = 1; z <= 10; z++) expect(zoneOfSegment(segmentOfZone(z))).toBe(z);
    expect(() => segmentOfZone(11)).toThrow(/L2139/);
  });

  it("a zone's ground bases belong to its segment: Legion bases by hex, naval ground bases by segment (L2141)", () => {
    const cs = newCampaignState('invasion');
    expect(groundBasesOfSegment(cs, 'CW', 3)).toEqual({ legion: ['cw-gl4'], naval: ['cw-gn2'] });
    expect(groundBasesOfSegment(cs, 'CW', 5)).toEqual({ legion: [], naval: [] });
  });

  it('ASD Centuries of a TF (L2133-2137)', () => {
    expect(asdCenturies(gs(), 'c')).toBe(2);
  });
});

describe('GS boxes (L2198-2202, H39)', () => {
  it('only a TF with a GS mission at the planet enters; only its organised units', () => {
    const cs = gs();
    expect((enterGsBox(cs, 'a', 3) as RuleError).code).toBe('NOT_GS');
    cs.space.units['g-tog-FL1-2'].status = 'DISORGANISED';
    ok(enterGsBox(cs, 'g', 3));
    expect(cs.zones[3].gs.map((e) => e.unit)).toEqual(['g-tog-FL1-1', 'g-tog-P-1']);
    cs.space.tfs.g.place = { kind: 'OFFSYSTEM' };
    expect((enterGsBox(cs, 'g', 4) as RuleError).code).toBe('NOT_AT_PLANET');
  });

  it("PUBLIC (default): the enemy sees the counters' types, never their TF", () => {
    const cs = gs();
    const ev = ok(enterGsBox(cs, 'g', 3));
    expect(ev[0].visibleTo).toBe('all');
    const view = boxesView(cs, 'CW')[3] as { enemy: { gs: { type: string }[] } };
    expect(view.enemy.gs.map((x) => x.type)).toEqual(['tog-FL1', 'tog-FL1', 'tog-P']);
    expect(JSON.stringify(view.enemy)).not.toContain('"g"');
  });

  it('OWNER option: the enemy sees only counts; the owner sees everything', () => {
    const cs = gs('OWNER');
    const ev = ok(enterGsBox(cs, 'g', 3));
    expect(ev[0].visibleTo).toEqual(['TOG']);
    expect(JSON.stringify(boxesView(cs, 'CW')[3])).not.toMatch(/FL1|tog-P/);
    expect((boxesView(cs, 'CW')[3] as { enemy: { gsCount: number } }).enemy.gsCount).toBe(3);
    expect(JSON.stringify(boxesView(cs, 'TOG')[3])).toContain('g-tog-FL1-1');
  });

  it("OD box view never shows the enemy's supply, HQ target or TF", () => {
    const cs = gs();
    cs.zones[3].od.push({ side: 'TOG', transport: 'g-tog-P-1', tf: 'g', units: [], supply: 25, toHq: 'secret-hq' });
    const enemy = JSON.stringify((boxesView(cs, 'CW')[3] as { enemy: unknown }).enemy);
    expect(enemy).not.toMatch(/25|secret-hq|"g"/);
  });

  it('end of turn: boxes emptied and D-83 reset', () => {
    const cs = gs();
    ok(enterGsBox(cs, 'g', 3));
    cs.gsUsed.push('g-tog-P-1');
    clearGsBoxes(cs);
    expect([cs.zones[3].gs, cs.gsUsed]).toEqual([[], []]);
  });
});
