import { describe, expect, it } from 'vitest';
import { campaignData } from './data/index.js';
import {
  baseMaySupport,
  baseSupportError,
  deliveredSp,
  disorganisedBaseMay,
  enterSupplyStep,
  legionBaseCombatValues,
  offSystemSupply,
  urbanProduction,
} from './supply.js';
import { makeCampaign } from './testing.js';

describe('5.C.6 campaign supply order (L2286-2291)', () => {
  it('rearm/reorganise → rebuild → transfers → drops; an earlier step after a later one is refused', () => {
    const cs = makeCampaign();
    expect(enterSupplyStep(cs, 'REARM_REORGANISE')).toBeNull();
    expect(enterSupplyStep(cs, 'TRANSFER')).toBeNull();
    expect(cs.supplyStep).toBe(3);
    expect(enterSupplyStep(cs, 'REBUILD')?.rule).toBe('L2286-2291');
    expect(cs.supplyStep).toBe(3);
    expect(enterSupplyStep(cs, 'ORBITAL_DROP')).toBeNull();
  });
});

describe('disorganised bases (L2293-2299)', () => {
  it('attack 0, full defence', () => {
    expect(legionBaseCombatValues('GL3', 'DISRUPTED')).toMatchObject({
      attack: 0,
      defence: legionBaseCombatValues('GL3', 'ACTIVE').defence,
    });
    expect(legionBaseCombatValues('GL3', 'ACTIVE').attack).toBeGreaterThan(0);
  });
  it.each([
    ['RECEIVE', true],
    ['REORGANISE_SELF', true],
    ['TRANSFER_OUT', false],
    ['REARM', false],
    ['REORGANISE', false],
    ['REBUILD', false],
  ] as const)('a disorganised base: %s → %s', (action, ok) => {
    expect(disorganisedBaseMay('DISRUPTED', action)).toBe(ok);
  });
});

describe('5.C.8 base limitations (L2338-2350)', () => {
  it.each([
    ['GL1', 'FATIGUE', 'GROUND', true, 'L2340'],
    ['GL1', 'FATIGUE', 'FIGHTER', false, 'L2342'],
    ['GL2', 'FATIGUE', 'FIGHTER', true, 'L2342'],
    ['GL2', 'REORGANISE', 'FIGHTER', false, 'L2344'],
    ['GL3', 'REORGANISE', 'FIGHTER', true, 'L2344'],
    ['GL4', 'REORGANISE', 'FIGHTER', true, 'L2344'],
    ['GL4', 'FATIGUE', 'SHIP', false, 'L2346'],
    ['NAVAL', 'FATIGUE', 'SHIP', true, 'L2348'],
    ['NAVAL', 'REORGANISE', 'GROUND', false, 'L2348'],
    ['TRANSPORT_AS_BASE', 'REBUILD', 'SHIP', false, 'L2348'],
    ['NAVAL', 'REBUILD', 'MARINE', true, 'L2350'],
    ['GL1', 'REBUILD', 'MARINE', true, 'L2350'],
  ] as const)('%s may %s %s units: %s (%s)', (kind, use, who, ok, rule) => {
    expect(baseMaySupport(kind, use, who)).toEqual({ ok, rule });
  });
  it('a disrupted GL4 may not even serve ground units (L2295) — the error names the rule', () => {
    expect(baseSupportError('GL4', 'DISRUPTED', 'FATIGUE', 'GROUND')?.rule).toBe('L2295-2297');
    expect(baseSupportError('GL1', 'ACTIVE', 'FATIGUE', 'FIGHTER')?.rule).toBe('L2342');
    expect(baseSupportError('GL1', 'ACTIVE', 'FATIGUE', 'GROUND')).toBeNull();
  });
});

describe('Planetary Support Base manufacturing option (L2352-2362)', () => {
  it('T-C05: 13 SP straight from off-system to a GL4 → 16 with the option (13 × 1.25 = 16.25, rounded down)', () => {
    const cs = makeCampaign({ options: { gl4Manufacturing: true } });
    expect(deliveredSp(cs, 13, { kind: 'GL4' }, true)).toBe(16);
  });
  it('no bonus without the option, to another base class, or for SP not coming straight from off-system (L2360)', () => {
    expect(deliveredSp(makeCampaign(), 13, { kind: 'GL4' }, true)).toBe(13);
    const cs = makeCampaign({ options: { gl4Manufacturing: true } });
    expect(deliveredSp(cs, 13, { kind: 'GL3' }, true)).toBe(13);
    expect(deliveredSp(cs, 13, { kind: 'GL4' }, false)).toBe(13);
  });
});

describe('where supply comes from (L2282-2284)', () => {
  const s = campaignData.scenarios.invasion;
  it('the off-system schedule of the invasion scenario', () => {
    expect(offSystemSupply(s, 'TOG', 1)).toBe(40);
    expect(offSystemSupply(s, 'CW', 7)).toBe(15);
  });
  it('each urban area gives its controller 1 SP at his base in the same zone; none there → lost; private events', () => {
    const cs = makeCampaign({
      ground: {
        urban: { 'ku-crassus-prime': 'CW', tarsis: 'CW', 'new-verdun': 'TOG' },
        bases: [{ id: 'b', side: 'CW', type: 'GL4', hex: '0716', supply: 0 }],
      },
    });
    const ev = urbanProduction(cs, s);
    expect(cs.planetary.bases.b.supply).toBe(1);
    expect(ev.every((e) => Array.isArray(e.visibleTo))).toBe(true);
    const cw = ev.find((e) => (e.visibleTo as string[]).includes('CW'))!.data as {
      deliveries: { area: string; sp: number }[];
    };
    expect(cw.deliveries).toEqual([
      { area: 'ku-crassus-prime', base: 'b', sp: 1 },
      { area: 'tarsis', base: null, sp: 0 },
    ]);
  });
});
