import { describe, expect, it } from 'vitest';
import {
  baseRoomFor,
  loadSupplyErrors,
  loadUnit,
  destroyLostCargo,
  mayUnload,
  roomUsed,
  unloadAtBase,
  cargoOf,
} from './transport.js';
import { makeCampaign, ok, PLANET, aboard } from './testing.js';
import type { RuleError } from './types.js';

const fleet = () =>
  makeCampaign({
    ground: {
      tfs: [
        {
          id: 'h',
          side: 'TOG',
          hex: '0615',
          units: [
            { id: 'heavy', type: 'tog-heavy-cohort' },
            { id: 'hq', type: 'legion-hq' },
            { id: 'm1', type: 'tog-medium-cohort' },
            { id: 'm2', type: 'tog-medium-cohort' },
          ],
        },
      ],
      bases: [{ id: 'tb', side: 'TOG', type: 'GL2', hex: '0616' }],
    },
    naval: [
      {
        id: 'tr',
        side: 'TOG',
        place: PLANET,
        units: [
          ['tog-TRM', 2],
          ['tog-TRL', 1],
        ],
        mission: 'SUPPLY',
      },
    ],
  });

describe('5.C.7 troop transport (L2301-2332)', () => {
  it('T-C04: a TRM with 1 Heavy Cohort + 1 Legion HQ + 2 Medium Cohorts uses 30 + 15 + 10 + 10 = 65 SP of room (L2309-2314)', () => {
    const cs = fleet();
    for (const u of ['heavy', 'hq', 'm1', 'm2']) ok(loadUnit(cs, 'TOG', u, ['tr-tog-TRM-1']));
    expect(roomUsed(cs, 'tr-tog-TRM-1')).toBe(65);
    expect(cargoOf(cs, 'tr-tog-TRM-1').sort()).toEqual(['heavy', 'hq', 'm1', 'm2']);
    expect(cs.planetary.units.heavy.tf).toBeUndefined();
  });

  it('a unit too big for one transport is shared by several of the same TF (L2322); room is checked', () => {
    const cs = fleet();
    cs.space.units['tr-tog-TRL-1'].supply = 0;
    // A TRL carries 10 SP: the Heavy Cohort (30) does not fit alone.
    expect((loadUnit(cs, 'TOG', 'heavy', ['tr-tog-TRL-1']) as RuleError).code).toBe('NO_ROOM');
    ok(loadUnit(cs, 'TOG', 'heavy', ['tr-tog-TRM-1', 'tr-tog-TRM-2']));
    expect([roomUsed(cs, 'tr-tog-TRM-1'), roomUsed(cs, 'tr-tog-TRM-2')]).toEqual([15, 15]);
  });

  it('transports of one unit must share a TF (L2322)', () => {
    const cs = fleet();
    cs.space.units['tr-tog-TRM-2'].tf = 'other';
    expect((loadUnit(cs, 'TOG', 'heavy', ['tr-tog-TRM-1', 'tr-tog-TRM-2']) as RuleError).rule).toBe('L2322');
  });

  it('supply may be thrown away to make room for troops, never troops for supply (L2328)', () => {
    const cs = fleet();
    cs.space.units['tr-tog-TRM-1'].supply = 90;
    expect((loadUnit(cs, 'TOG', 'heavy', ['tr-tog-TRM-1']) as RuleError).code).toBe('NO_ROOM');
    ok(loadUnit(cs, 'TOG', 'heavy', ['tr-tog-TRM-1'], { 'tr-tog-TRM-1': 20 }));
    expect(cs.space.units['tr-tog-TRM-1'].supply).toBe(70);
    expect(loadSupplyErrors(cs, 'tr-tog-TRM-1', 1)?.rule).toBe('L2328');
    expect(loadSupplyErrors(cs, 'tr-tog-TRM-2', 100)).toBeNull();
  });

  it('a destroyed transport destroys its cargo (L2316)', () => {
    const cs = fleet();
    ok(loadUnit(cs, 'TOG', 'm1', ['tr-tog-TRM-1']));
    cs.space.units['tr-tog-TRM-1'].status = 'DESTROYED';
    expect(destroyLostCargo(cs)).toEqual(['m1']);
    expect(cs.planetary.units.m1.status).toBe('DESTROYED');
    expect(cs.cargo.m1).toBeUndefined();
  });

  it('a disrupted transport keeps its cargo organised but cannot unload it until reorganised (L2318-2320, D-85)', () => {
    const cs = fleet();
    cs.space.tfs.tr.suppliedSegment = { segment: 3, turn: cs.space.turn };
    aboard(cs, 'x', 'tog-light-cohort', 'TOG', ['tr-tog-TRM-1']);
    cs.space.units['tr-tog-TRM-1'].status = 'DISORGANISED';
    expect(cs.planetary.units.x.status).toBe('ACTIVE');
    expect(mayUnload(cs, 'x')).toBe(false);
    expect((unloadAtBase(cs, 'TOG', ['x'], 'tb', 'NEW') as RuleError).rule).toBe('L2320, D-85');
    cs.space.units['tr-tog-TRM-1'].status = 'ACTIVE';
    ok(unloadAtBase(cs, 'TOG', ['x'], 'tb', 'NEW'));
    expect(cs.planetary.tfs[cs.planetary.units.x.tf!].hex).toBe('0616');
  });

  it('units unload only onto an undisrupted friendly base whose segment the Supply TF entered this turn (L2324, L2330)', () => {
    const cs = fleet();
    aboard(cs, 'x', 'tog-light-cohort', 'TOG', ['tr-tog-TRM-1']);
    expect((unloadAtBase(cs, 'TOG', ['x'], 'tb', 'NEW') as RuleError).code).toBe('NOT_AT_BASE');
    cs.space.tfs.tr.suppliedSegment = { segment: 3, turn: cs.space.turn };
    cs.planetary.bases.tb.status = 'DISRUPTED';
    const before = JSON.stringify(cs);
    expect((unloadAtBase(cs, 'TOG', ['x'], 'tb', 'NEW') as RuleError).code).toBe('DISRUPTED_BASE');
    expect(JSON.stringify(cs)).toBe(before);
  });

  it('on an orbital base troops take supply room, Marines do not; on a ground base nobody does (L2326-2328)', () => {
    const cs = fleet();
    aboard(cs, 'mar', 'marine-cohort', 'TOG', ['tr-tog-TRM-1']);
    expect([baseRoomFor(cs, 'heavy', true), baseRoomFor(cs, 'mar', true), baseRoomFor(cs, 'heavy', false)]).toEqual([
      30, 0, 0,
    ]);
  });
});
