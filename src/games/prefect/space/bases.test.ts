import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '#engine/dice.js';
import { sectorId } from './data/build-space.js';
import { marineAssaultErrors, resolveMarineAssault, MARINE_COHORT_ATTACK } from './marines.js';
import { missionOrderErrors } from './missions.js';
import { moveErrors } from './movement.js';
import {
  applyCarrierDamage,
  carrierMissionError,
  loadBase,
  loadBaseErrors,
  unloadBase,
  unloadBaseErrors,
} from './new-bases.js';
import { buildState, sector } from './testing.js';
import type { NavalBase, SpaceState } from './types.js';

const KU = sectorId(3, 4);
const NM = sectorId(4, 9);
const codes = (r: unknown) => (r as { code: string; rule: string }[]).map((x) => `${x.code} ${x.rule}`);

/** A disrupted CW ON2 with one Marine cohort in segment 3 of Ku Crassus; a TOG Attack TF with a TRL carrying one cohort. */
function assault(): SpaceState {
  const on2: NavalBase = {
    id: 'on2',
    side: 'CW',
    type: 'ON2',
    status: 'DISRUPTED',
    sector: KU,
    segment: 3,
    supply: 25,
    marines: 1,
  };
  const s = buildState(
    [
      {
        id: 'atk',
        side: 'TOG',
        place: sector(KU),
        mission: 'ATTACK',
        units: [
          ['tog-D', 1],
          ['tog-TRL', 1, { marines: 1 }],
        ],
      },
      { id: 'csd', side: 'CW', place: sector(KU), mission: 'SECTOR_DEFENCE', units: [['cw-FL1', 1]] },
    ],
    [on2],
  );
  s.tfs.csd.sdAllocation = { 5: ['csd-cw-FL1-1'] };
  return s;
}
const ORDER = { tf: 'atk', transport: 'atk-tog-TRL-1', base: 'on2' };

describe('Marines capture bases (L2033-2083, D-74)', () => {
  it('T-S16 in an assault: ON2 + 1 cohort defends at 3; Marines 3 vs 3 = 1:1, roll 5 = 0/0; the base fails 7 > 3 and is captured with its SP', () => {
    const s = assault();
    const dice = new ScriptedDice([5, 7]);
    const r = resolveMarineAssault(s, dice, 'TOG', ORDER);
    expect(r).toEqual({
      attack: MARINE_COHORT_ATTACK,
      defence: 3,
      column: '1:1',
      roll: 5,
      cell: { a: 0, d: 0 },
      saveTarget: 3,
      saveRoll: 7,
      captured: true,
    });
    expect(s.bases.on2).toMatchObject({ side: 'TOG', status: 'DISRUPTED', supply: 25, marines: 1 });
    expect([
      s.units['atk-tog-TRL-1'].marines,
      s.units['atk-tog-TRL-1'].status,
      s.record?.basesCaptured.TOG,
      dice.remaining,
    ]).toEqual([0, 'ACTIVE', 1, 0]);
  });

  it('L2083: a base that saves keeps its owner; the attacking Marines die and their transport is disrupted', () => {
    const s = assault();
    const r = resolveMarineAssault(s, new ScriptedDice([5, 2]), 'TOG', ORDER);
    expect(r).toMatchObject({ captured: false, saveTarget: 3 });
    expect(s.bases.on2.side).toBe('CW');
    expect([s.units['atk-tog-TRL-1'].marines, s.units['atk-tog-TRL-1'].status]).toEqual([0, 'DISORGANISED']);
    expect(s.record).toBeUndefined();
  });

  it('refusals (each names its rule, nothing changes)', () => {
    const s = assault();
    const before = JSON.stringify(s);
    s.tfs.atk.mission = 'HS_ATTACK';
    expect(codes(marineAssaultErrors(s, 'TOG', ORDER))).toEqual(['HS_NO_MARINES L2063']);
    s.tfs.atk.mission = 'ATTACK';
    s.bases.on2.status = 'ACTIVE';
    expect(codes(marineAssaultErrors(s, 'TOG', ORDER))).toEqual(['BASE_ORGANISED L2035, L2067']);
    s.bases.on2.status = 'DISRUPTED';
    s.tfs.csd.sdAllocation = { 3: ['csd-cw-FL1-1'] };
    expect(codes(marineAssaultErrors(s, 'TOG', ORDER))).toEqual(['SEGMENT_HELD L2037']);
    s.units['csd-cw-FL1-1'].status = 'DISORGANISED'; // "of any type": a disorganised squadron still holds it
    expect(codes(marineAssaultErrors(s, 'TOG', ORDER))).toEqual(['SEGMENT_HELD L2037']);
    s.tfs.csd.sdAllocation = { 5: ['csd-cw-FL1-1'] };
    s.bases.gn = { id: 'gn', side: 'CW', type: 'GN1', status: 'DISRUPTED', sector: KU, segment: 3, supply: 0 };
    expect(codes(marineAssaultErrors(s, 'TOG', ORDER))).toEqual(['SEGMENT_HELD L2037']);
    delete s.bases.gn;
    s.units['csd-cw-FL1-1'].status = 'ACTIVE';
    s.units['atk-tog-TRL-1'].status = 'DISORGANISED';
    expect(codes(resolveMarineAssault(s, new ScriptedDice([]), 'TOG', ORDER))).toEqual([
      'TRANSPORT_DISORGANISED L2065',
    ]);
    s.units['atk-tog-TRL-1'].status = 'ACTIVE';
    expect(JSON.stringify(s)).toBe(before);
    s.units['atk-tog-TRL-1'].marines = 0;
    expect(codes(marineAssaultErrors(s, 'TOG', ORDER))).toEqual(['NO_MARINES L2057']);
  });
});

/** An ON3 in TOG's Functional box and an off-system convoy (TRM 100 SP, TRL 10 SP); CW holds an ON1 in Ku segment 2, TOG an ON1 in segment 1. */
function convoy(): SpaceState {
  const s = buildState(
    [
      {
        id: 'conv',
        side: 'TOG',
        place: { kind: 'OFFSYSTEM' },
        units: [
          ['tog-TRM', 1],
          ['tog-TRL', 1],
        ],
      },
    ],
    [
      {
        id: 'nb',
        side: 'TOG',
        type: 'ON3',
        status: 'ACTIVE',
        sector: KU,
        segment: 1,
        supply: 0,
        offSystemBox: 'FUNCTIONAL',
      },
      {
        id: 'gb',
        side: 'TOG',
        type: 'GN2',
        status: 'ACTIVE',
        sector: KU,
        segment: 1,
        supply: 0,
        offSystemBox: 'FUNCTIONAL',
      },
      { id: 'cw1', side: 'CW', type: 'ON1', status: 'ACTIVE', sector: KU, segment: 2, supply: 0 },
      { id: 'tog1', side: 'TOG', type: 'ON1', status: 'ACTIVE', sector: KU, segment: 1, supply: 0 },
    ],
  );
  return s;
}
const M = 'conv-tog-TRM-1';
const L = 'conv-tog-TRL-1';

describe('transporting and establishing orbital bases (L2085-2109)', () => {
  it('T-S17 loading: an ON3 moves as 60 SP spread over two or more transports of one off-system TF', () => {
    const s = convoy();
    const before = JSON.stringify(s);
    expect(codes(loadBaseErrors(s, 'TOG', { base: 'nb', tf: 'conv', loads: [{ unit: M, sp: 60 }] }))).toEqual([
      'ONE_TRANSPORT L2099',
    ]);
    expect(
      codes(
        loadBaseErrors(s, 'TOG', {
          base: 'nb',
          tf: 'conv',
          loads: [
            { unit: M, sp: 45 },
            { unit: L, sp: 15 },
          ],
        }),
      ),
    ).toEqual(['OVER_CAPACITY L1907, L2097']);
    expect(
      codes(
        loadBaseErrors(s, 'TOG', {
          base: 'nb',
          tf: 'conv',
          loads: [
            { unit: M, sp: 40 },
            { unit: L, sp: 10 },
          ],
        }),
      ),
    ).toEqual(['WRONG_LOAD L2097']);
    expect(
      codes(
        loadBaseErrors(s, 'TOG', {
          base: 'gb',
          tf: 'conv',
          loads: [
            { unit: M, sp: 30 },
            { unit: L, sp: 10 },
          ],
        }),
      ),
    ).toEqual(['GROUND_BASE L2087']);
    expect(JSON.stringify(s)).toBe(before);
    expect(
      loadBase(s, 'TOG', {
        base: 'nb',
        tf: 'conv',
        loads: [
          { unit: M, sp: 50 },
          { unit: L, sp: 10 },
        ],
      }),
    ).toEqual([]);
    expect([s.bases.nb.carriedBy, s.bases.nb.offSystemBox, s.units[M].baseLoad]).toEqual([
      'conv',
      undefined,
      { base: 'nb', sp: 50 },
    ]);
    expect(carrierMissionError(s, 'conv', 'ATTACK')).toMatchObject({ code: 'BASE_NEEDS_SUPPLY', rule: 'L2103' });
    expect(carrierMissionError(s, 'conv', 'SUPPLY')).toBeNull();
    expect(codes(missionOrderErrors(s, 'TOG', [{ tf: 'conv', mission: 'ATTACK' }]))).toEqual([
      'BASE_NEEDS_SUPPLY L2103',
    ]);
    expect(missionOrderErrors(s, 'TOG', [{ tf: 'conv', mission: 'SUPPLY' }])).toEqual([]);
  });

  it('unloaded from a Supply TF in the segment it reached: not beside an enemy base (L2089), even fill (L1437); disrupted and announced', () => {
    const s = convoy();
    loadBase(s, 'TOG', {
      base: 'nb',
      tf: 'conv',
      loads: [
        { unit: M, sp: 50 },
        { unit: L, sp: 10 },
      ],
    });
    Object.assign(s.tfs.conv, {
      place: { kind: 'SECTOR', sector: KU },
      mission: 'SUPPLY',
      suppliedSegment: { segment: 2, turn: 1 },
    });
    expect(codes(unloadBaseErrors(s, 'TOG', 'nb', 3))).toEqual(['NOT_ARRIVED L2103']);
    expect(codes(unloadBaseErrors(s, 'TOG', 'nb', 2))).toEqual(['ENEMY_BASE L2089']);
    s.tfs.conv.suppliedSegment = { segment: 1, turn: 1 };
    expect(codes(unloadBaseErrors(s, 'TOG', 'nb', 1))).toEqual(['EVEN_FILL L1164, L1437']);
    s.tfs.conv.suppliedSegment = { segment: 4, turn: 1 };
    expect(unloadBase(s, 'TOG', 'nb', 4)).toEqual({ side: 'TOG', base: 'nb', type: 'ON3', sector: KU, segment: 4 });
    expect(s.bases.nb).toMatchObject({ sector: KU, segment: 4, status: 'DISRUPTED', placedTurn: 1 });
    expect([s.bases.nb.carriedBy, s.units[M].baseLoad, s.units[L].baseLoad]).toEqual([undefined, undefined, undefined]);
  });

  it('L2101: one carrier disrupted disrupts all; one destroyed destroys the base', () => {
    const s = convoy();
    loadBase(s, 'TOG', {
      base: 'nb',
      tf: 'conv',
      loads: [
        { unit: M, sp: 50 },
        { unit: L, sp: 10 },
      ],
    });
    s.units[L].status = 'DISORGANISED';
    expect(applyCarrierDamage(s)).toEqual([{ base: 'nb', outcome: 'DISRUPTED' }]);
    expect(s.units[M].status).toBe('DISORGANISED');
    Object.assign(s.tfs.conv, {
      place: { kind: 'SECTOR', sector: NM },
      mission: 'SUPPLY',
      suppliedSegment: { segment: 1, turn: 1 },
    });
    expect(codes(unloadBaseErrors(s, 'TOG', 'nb', 1))).toEqual(['CARRIERS_DISRUPTED L2101']);
    s.units[M].status = 'DESTROYED';
    expect(applyCarrierDamage(s)).toEqual([{ base: 'nb', outcome: 'DESTROYED' }]);
    expect(s.bases.nb).toMatchObject({ status: 'DESTROYED', offSystemBox: 'DESTROYED' });
    expect(applyCarrierDamage(s)).toEqual([]);
  });
});

describe('orbital placement (L1429-1439, D-71)', () => {
  const TR = sectorId(6, 7); // Traverse: no body, so one segment (D-71)
  const unloadAt = (s: SpaceState, sector: string, segment: number) => {
    loadBase(s, 'TOG', {
      base: 'nb',
      tf: 'conv',
      loads: [
        { unit: M, sp: 50 },
        { unit: L, sp: 10 },
      ],
    });
    Object.assign(s.tfs.conv, {
      place: { kind: 'SECTOR', sector },
      mission: 'SUPPLY',
      suppliedSegment: { segment, turn: 1 },
    });
    return unloadBaseErrors(s, 'TOG', 'nb', segment);
  };

  it('L1429: any number of friendly and enemy TFs share a sector', () => {
    const specs = ['TOG', 'CW', 'TOG', 'CW', 'TOG', 'CW'].map((side, i) => ({
      id: `t${i}`,
      side: side as 'TOG' | 'CW',
      place: sector(KU),
      mission: 'ATTACK' as const,
      units: [[side === 'TOG' ? 'tog-FG' : 'cw-FG', 1]] as [string, number][],
    }));
    const s = buildState([
      ...specs,
      { id: 'mover', side: 'TOG', place: sector(NM), mission: 'ATTACK', units: [['tog-FG', 1]] },
    ]);
    for (const t of Object.values(s.tfs)) t.beganTurnInSystem = true;
    expect(moveErrors(s, 'TOG', 'mover', KU)).toEqual([]);
  });

  it('L1435, L1437, L1433: a destroyed base frees its segment for the next one; the others stay in their segments', () => {
    const s = convoy();
    s.bases.tog1.status = 'DESTROYED';
    const before = Object.values(s.bases)
      .filter((b) => b.id !== 'nb')
      .map((b) => [b.id, b.sector, b.segment]);
    expect(unloadAt(s, KU, 1)).toEqual([]); // with tog1 alive this is EVEN_FILL (the test above)
    unloadBase(s, 'TOG', 'nb', 1);
    expect(
      Object.values(s.bases)
        .filter((b) => b.id !== 'nb')
        .map((b) => [b.id, b.sector, b.segment]),
    ).toEqual(before);
  });

  it('L1439: ground bases do not count towards the even fill of orbital bases', () => {
    const s = convoy();
    for (const i of [1, 2, 3])
      s.bases[`g${i}`] = { id: `g${i}`, side: 'TOG', type: 'GN1', status: 'ACTIVE', sector: KU, segment: 4, supply: 0 };
    expect(unloadAt(s, KU, 4)).toEqual([]);
  });

  it('D-71: an orbital base may go into a bodiless sector, which has one segment', () => {
    expect(unloadAt(convoy(), TR, 1)).toEqual([]);
    expect(codes(unloadAt(convoy(), TR, 2))).toEqual(['NO_SUCH_SEGMENT L1002']);
  });
});
