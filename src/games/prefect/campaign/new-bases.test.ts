/**
 * New ground bases (D-51, L952-956, L2412-2424): availability from the scenario, assignment in TF
 * Adjustment and the one-turn lag before the build; dismantled bases carried by transport
 * (L2418, L2091-2101): loaded off-system, lost or disrupted with their carriers, handed through a
 * friendly ground base to a TF with Construction Engineers, or dropped from orbit (L2408, L2422).
 */
import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '#engine/dice.js';
import {
  assignBase,
  assignmentOf,
  basesAvailable,
  buildAssignmentError,
  consumeAssignment,
} from './base-availability.js';
import { placeDroppedBases } from './build-bases.js';
import { carriersOfBase, loadBaseComponents, placeCarriedBase } from './carried-bases.js';
import { campaignData } from './data/index.js';
import { dropAttack, enterOdBox } from './drops.js';
import { segmentOfZone, zoneOfHex } from './map-link.js';
import { inGsBox, makeCampaign, ok, PLANET } from './testing.js';
import { destroyLostCargo, roomUsed } from './transport.js';
import type { CampaignState, RuleError } from './types.js';

const T1 = 'tr-tog-TRM-1';
const T2 = 'tr-tog-TRM-2';
const setup = (turn = 5): CampaignState => {
  const cs = makeCampaign({
    ground: {
      tfs: [
        {
          id: 'ce',
          side: 'TOG',
          hex: '0615',
          units: [
            { id: 'hq', type: 'legion-hq' },
            { id: 'eng', type: 'construction-engineer-century' },
          ],
        },
        { id: 'lone', side: 'TOG', hex: '0204', units: ['tog-medium-cohort'] },
        { id: 'cw-far', side: 'CW', hex: '0610', units: ['cw-medium-cohort'] },
      ],
      bases: [{ id: 'tb', side: 'TOG', type: 'GL2', hex: '0616' }],
    },
    naval: [
      { id: 'tr', side: 'TOG', place: { kind: 'OFFSYSTEM' }, units: [['tog-TRM', 2]], mission: 'SUPPLY' },
      { id: 'cgs', side: 'CW', place: PLANET, units: [['cw-FL1', 2]], mission: 'GROUND_SUPPORT' },
    ],
  });
  cs.scenario = 'invasion'; // its designed extraBases: TOG GL1 turn 2, GL2 turn 5; CW GL1 turn 3
  cs.turn = turn;
  cs.space.turn = turn;
  return cs;
};
const err = (r: unknown): RuleError => r as RuleError;

describe('D-51, L952-956: new bases available, assigned, built a turn later', () => {
  it('the scenario makes bases available from their turn, per side (L952)', () => {
    expect(basesAvailable(setup(1), 'TOG')).toEqual([]);
    expect(basesAvailable(setup(2), 'TOG').map((b) => b.type)).toEqual(['GL1']);
    expect(basesAvailable(setup(5), 'TOG').map((b) => b.type)).toEqual(['GL1', 'GL2']);
    expect(basesAvailable(setup(5), 'CW').map((b) => b.type)).toEqual(['GL1']);
  });

  it('assigned in TF Adjustment to a TF tracing a LOC to a friendly base or HQ (L954); refusals change nothing', () => {
    const cs = setup(2);
    const before = JSON.stringify(cs);
    expect(err(assignBase(cs, 'TOG', 'ce', 'GL2')).rule).toBe('L952, D-51'); // not yet available
    expect(err(assignBase(cs, 'TOG', 'cw-far', 'GL1')).code).toBe('BAD_TF');
    expect(JSON.stringify(cs)).toBe(before);
    const far = setup(2);
    delete far.planetary.bases.tb;
    delete far.planetary.units.hq;
    expect(err(assignBase(far, 'TOG', 'lone', 'GL1'))).toMatchObject({ code: 'NO_LOC', rule: 'L954' });
    const ev = ok(assignBase(cs, 'TOG', 'ce', 'GL1'));
    expect(ev[0].visibleTo).toEqual(['TOG']);
    expect(basesAvailable(cs, 'TOG')).toEqual([]);
    expect(err(assignBase(cs, 'TOG', 'ce', 'GL1')).code).toBe('NO_BASE_AVAILABLE');
  });

  it('built only in the Supply Phase of a following turn (L956), of the assigned type; then spent', () => {
    const cs = setup(2);
    expect(buildAssignmentError(cs, 'ce', 'GL1')?.code).toBe('NOT_ASSIGNED');
    ok(assignBase(cs, 'TOG', 'ce', 'GL1'));
    expect(buildAssignmentError(cs, 'ce', 'GL1')).toMatchObject({ code: 'TOO_EARLY', rule: 'L956, D-51' });
    cs.turn = 3;
    expect(buildAssignmentError(cs, 'ce', 'GN1')?.code).toBe('NOT_ASSIGNED');
    expect(buildAssignmentError(cs, 'ce', 'GL1')).toBeNull();
    consumeAssignment(cs, 'ce');
    expect(assignmentOf(cs, 'ce')).toBeUndefined();
    expect(basesAvailable(cs, 'TOG')).toEqual([]); // the slot is used for good
  });

  it('an assignment whose TF left the map lapses: the base is available again', () => {
    const cs = setup(2);
    ok(assignBase(cs, 'TOG', 'ce', 'GL1'));
    delete cs.planetary.tfs.ce;
    expect(basesAvailable(cs, 'TOG').map((b) => b.type)).toEqual(['GL1']);
    ok(assignBase(cs, 'TOG', 'lone', 'GL1'));
    expect(Object.keys(cs.basePool!.assigned)).toEqual(['lone']);
  });
});

describe('L2418, L2091-2101: dismantled Legion bases aboard transports', () => {
  it('loaded off-system over two or more transports, 20 SP per rank, using an available base (L2093-2099, L952)', () => {
    const cs = setup(5);
    expect(err(loadBaseComponents(cs, 'TOG', 'GL2', [{ transport: T1, sp: 40 }])).rule).toBe('L2099');
    expect(
      err(
        loadBaseComponents(cs, 'TOG', 'GL2', [
          { transport: T1, sp: 20 },
          { transport: T2, sp: 10 },
        ]),
      ).code,
    ).toBe('WRONG_LOAD');
    expect(
      err(
        loadBaseComponents(cs, 'TOG', 'GL4', [
          { transport: T1, sp: 40 },
          { transport: T2, sp: 40 },
        ]),
      ).rule,
    ).toBe('L2414, L2418');
    cs.space.units[T1].supply = 90;
    expect(
      err(
        loadBaseComponents(cs, 'TOG', 'GL2', [
          { transport: T1, sp: 20 },
          { transport: T2, sp: 20 },
        ]),
      ).code,
    ).toBe('NO_ROOM');
    cs.space.units[T1].supply = 0;
    const atPlanet = structuredClone(cs);
    atPlanet.space.tfs.tr.place = PLANET;
    expect(
      err(
        loadBaseComponents(atPlanet, 'TOG', 'GL2', [
          { transport: T1, sp: 20 },
          { transport: T2, sp: 20 },
        ]),
      ).code,
    ).toBe('NOT_OFFSYSTEM');
    const ev = ok(
      loadBaseComponents(cs, 'TOG', 'GL2', [
        { transport: T1, sp: 25 },
        { transport: T2, sp: 15 },
      ]),
    );
    const id = (ev[0].data as { base: string }).base;
    expect(cs.carriedBases?.[id]).toEqual({ side: 'TOG', type: 'GL2' });
    expect([roomUsed(cs, T1), roomUsed(cs, T2)]).toEqual([25, 15]); // the components take room (L2097, L2305)
    expect(basesAvailable(cs, 'TOG').map((b) => b.type)).toEqual(['GL1']);
    expect(ev[0].visibleTo).toEqual(['TOG']);
  });

  it('a naval ground base (GN1-3) is carried as the Space Game carries bases: a space base with carriedBy (L2095, L2418)', () => {
    const cs = setup(1);
    // A scenario granting a GN1 (the invasion pack grants none); vitest isolates this module per file.
    campaignData.scenarios['gn-test'] = {
      ...campaignData.scenarios.invasion,
      id: 'gn-test',
      extraBases: [{ turn: 1, side: 'TOG', type: 'GN1' }],
    };
    cs.scenario = 'gn-test';
    const ev = ok(
      loadBaseComponents(cs, 'TOG', 'GN1', [
        { transport: T1, sp: 10 },
        { transport: T2, sp: 10 },
      ]),
    );
    const id = (ev[0].data as { base: string }).base;
    expect(cs.space.bases[id]).toMatchObject({ type: 'GN1', side: 'TOG', carriedBy: 'tr' });
    expect(cs.carriedBases ?? {}).toEqual({});
    expect(carriersOfBase(cs, id).map((u) => u.baseLoad)).toEqual([
      { base: id, sp: 10 },
      { base: id, sp: 10 },
    ]);
    expect(basesAvailable(cs, 'TOG')).toEqual([]);
  });

  it('one carrier disrupted disrupts all; one destroyed destroys the base (L2101)', () => {
    const cs = setup(5);
    ok(
      loadBaseComponents(cs, 'TOG', 'GL2', [
        { transport: T1, sp: 20 },
        { transport: T2, sp: 20 },
      ]),
    );
    cs.space.units[T1].status = 'DISORGANISED';
    destroyLostCargo(cs);
    expect(cs.space.units[T2].status).toBe('DISORGANISED');
    cs.space.units[T2].status = 'DESTROYED';
    destroyLostCargo(cs);
    expect(cs.carriedBases).toEqual({});
    expect(cs.space.units[T1].baseLoad).toBeUndefined();
  });

  /** The components aboard, then the Supply TF over the segment of TOG's GL2 'tb'. */
  const arrived = (): { cs: CampaignState; id: string } => {
    const cs = setup(5);
    const ev = ok(
      loadBaseComponents(cs, 'TOG', 'GL2', [
        { transport: T1, sp: 20 },
        { transport: T2, sp: 20 },
      ]),
    );
    Object.assign(cs.space.tfs.tr, {
      place: PLANET,
      suppliedSegment: { segment: segmentOfZone(zoneOfHex('0616')), turn: cs.space.turn },
    });
    return { cs, id: (ev[0].data as { base: string }).base };
  };

  it('unloaded onto a friendly ground base reached by Supply, then to a TF with a Construction Engineer: placed disrupted (L2420-2424)', () => {
    const { cs, id } = arrived();
    const ev = ok(placeCarriedBase(cs, 'TOG', id, 'ce', 'tb'));
    const placed = Object.values(cs.planetary.bases).find((b) => b.id !== 'tb')!;
    expect(placed).toMatchObject({ type: 'GL2', hex: '0615', status: 'DISRUPTED', side: 'TOG' });
    expect(ev.find((e) => e.type === 'base.deployed')?.visibleTo).toBe('all'); // L2426
    expect(cs.carriedBases).toEqual({});
    expect(carriersOfBase(cs, id)).toEqual([]);
  });

  it('refused: no engineers, a disrupted carrier, a segment not reached, a disrupted ground base, an enemy TF', () => {
    const cases: [(cs: CampaignState) => void, string, string][] = [
      [
        (cs) => {
          cs.planetary.units.eng.status = 'DISORGANISED';
        },
        'ENGINEERS',
        'L2420-2422',
      ],
      [
        (cs) => {
          cs.space.units[T2].status = 'DISORGANISED';
        },
        'CARRIERS_DISRUPTED',
        'L2101, D-85',
      ],
      [
        (cs) => {
          cs.space.tfs.tr.suppliedSegment = { segment: 9, turn: cs.space.turn };
        },
        'NOT_AT_BASE',
        'L2103, L2330',
      ],
      [
        (cs) => {
          cs.planetary.bases.tb.status = 'DISRUPTED';
        },
        'DISRUPTED_BASE',
        'L2330',
      ],
    ];
    for (const [spoil, code, rule] of cases) {
      const { cs, id } = arrived();
      spoil(cs);
      const before = JSON.stringify(cs);
      expect(err(placeCarriedBase(cs, 'TOG', id, 'ce', 'tb'))).toMatchObject({ code, rule });
      expect(JSON.stringify(cs)).toBe(before);
    }
    const { cs, id } = arrived();
    expect(err(placeCarriedBase(cs, 'TOG', id, 'cw-far', 'tb')).code).toBe('BAD_TF');
    expect(err(placeCarriedBase(cs, 'TOG', 'nothing', 'ce', 'tb')).code).toBe('NOT_CARRIED');
  });
});

describe('L2408, L2422: a dismantled base dropped from orbit', () => {
  const onOd = (): { cs: CampaignState; id: string } => {
    const cs = setup(5);
    const ev = ok(
      loadBaseComponents(cs, 'TOG', 'GL2', [
        { transport: T1, sp: 20 },
        { transport: T2, sp: 20 },
      ]),
    );
    Object.assign(cs.space.tfs.tr, { place: PLANET, mission: 'ORBITAL_DROP' });
    return { cs, id: (ev[0].data as { base: string }).base };
  };

  it('refused from a transport that carries no base, or another base (a review gap, L2408, L2418)', () => {
    const cs = setup(5);
    Object.assign(cs.space.tfs.tr, { place: PLANET, mission: 'ORBITAL_DROP' });
    const before = JSON.stringify(cs);
    expect(err(enterOdBox(cs, 'TOG', T1, 3, { base: { base: 'made-up', toTf: 'ce' } }))).toMatchObject({
      code: 'NOT_CARRIED',
      rule: 'L2408, L2418',
    });
    expect(JSON.stringify(cs)).toBe(before);
  });

  it('dropped with its carriers into the OD box and placed disrupted with the TF at the end of Supply', () => {
    const { cs, id } = onOd();
    const zone = zoneOfHex('0615');
    expect(err(enterOdBox(cs, 'TOG', T1, zone, { base: { base: id, toTf: 'cw-far' } })).rule).toBe('L2408');
    const ev = ok(enterOdBox(cs, 'TOG', T1, zone, { base: { base: id, toTf: 'ce' } }));
    expect(ev.find((e) => e.visibleTo === 'all')?.data).toMatchObject({ baseDrop: true });
    expect(cs.carriedBases).toEqual({});
    expect(cs.space.units[T2].baseLoad).toBeUndefined();
    const placed = placeDroppedBases(cs, 'TOG');
    expect(placed.find((e) => e.type === 'base.deployed')?.data).toMatchObject({
      type: 'GL2',
      hex: '0615',
      status: 'DISRUPTED',
    });
  });

  it('a carrier disrupted by the fighters takes the base back aboard (L2402-2404 read for bases, L2408)', () => {
    const { cs, id } = onOd();
    const zone = zoneOfHex('0615');
    ok(enterOdBox(cs, 'TOG', T1, zone, { base: { base: id, toTf: 'ce' } }));
    inGsBox(cs, zone, ['cgs-cw-FL1-1']);
    cs.endOfCombat.independentDone = ['TOG', 'CW'];
    const ev = ok(dropAttack(cs, new ScriptedDice([1, 10]), 'CW', zone, ['cgs-cw-FL1-1']));
    const save = (ev[0].data as { saves?: { outcome: string }[] }).saves?.[0];
    expect(save?.outcome).toBe('DISORGANISED');
    expect(cs.zones[zone].od).toEqual([]);
    expect(cs.carriedBases?.[id]).toEqual({ side: 'TOG', type: 'GL2' });
    expect(carriersOfBase(cs, id).map((u) => u.id)).toEqual([T1, T2]);
  });
});
