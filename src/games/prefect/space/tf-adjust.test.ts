import { describe, expect, it } from 'vitest';
import { sectorId } from './data/build-space.js';
import { canMove } from './fighters.js';
import { applyReorganise, hasUndisruptedBase } from './rearm.js';
import { spaceData } from './data/index.js';
import { basesIn, stats } from './state.js';
import { victoryPoints } from './victory.js';
import { buildState, sector } from './testing.js';
import {
  closeAdjustment,
  deployTransport,
  destroySurplus,
  exchange,
  exchangeErrors,
  formTf,
  formTfErrors,
  voluntaryDisorganise,
} from './tf-adjust.js';
import { enterTSpace } from './tspace.js';
import type { NavalBase, SpaceState } from './types.js';

const KU = sectorId(3, 4);
const NM = sectorId(4, 9);
const on2: NavalBase = { id: 'on2', side: 'TOG', type: 'ON2', status: 'ACTIVE', sector: KU, segment: 1, supply: 40 };
const codes = (r: { code: string; rule: string }[]) => r.map((x) => `${x.code} ${x.rule}`);

function fleet(): SpaceState {
  const s = buildState(
    [
      {
        id: 'a',
        side: 'TOG',
        place: sector(KU),
        fatigue: 1,
        units: [
          ['tog-D', 1],
          ['tog-FM1', 2],
        ],
      },
      {
        id: 'b',
        side: 'TOG',
        place: sector(KU),
        fatigue: 2,
        units: [
          ['tog-CA', 1],
          ['tog-TRM', 1, { supply: 30 }],
        ],
      },
      {
        id: 'c',
        side: 'TOG',
        place: sector(NM),
        units: [
          ['tog-FG', 1],
          ['tog-FH1', 1],
        ],
      },
      { id: 't', side: 'TOG', place: { kind: 'TSPACE', turns: 1 }, units: [['tog-BB', 1]] },
    ],
    [{ ...on2 }],
  );
  s.units.spare = { id: 'spare', type: 'tog-P', side: 'TOG', status: 'ACTIVE', offSystemBox: 'FUNCTIONAL' };
  s.units.lost = { id: 'lost', type: 'tog-P', side: 'TOG', status: 'DESTROYED', offSystemBox: 'DESTROYED' };
  return s;
}

describe('new TFs (L1873, L1885-1887, L1068)', () => {
  it('off-system from the Functional box only; it must take a mission and then goes to T-space space 0', () => {
    const s = fleet();
    expect(codes(formTfErrors(s, 'TOG', { units: ['spare', 'lost'], at: 'OFFSYSTEM' }))).toEqual([
      'DESTROYED_BOX L1885',
    ]);
    expect(codes(formTfErrors(s, 'TOG', { units: ['a-tog-D-1'], at: 'OFFSYSTEM' }))).toEqual([
      'OTHER_ZONE L1877, L1885',
    ]);
    const id = formTf(s, 'TOG', { units: ['spare'], at: 'OFFSYSTEM' }) as string;
    expect(s.tfs[id]).toMatchObject({ place: { kind: 'OFFSYSTEM' }, formedOffSystemTurn: 1, counterNo: 5, fatigue: 0 });
    expect(s.units.spare).toMatchObject({ tf: id });
    expect(s.units.spare.offSystemBox).toBeUndefined();
    expect(codes(enterTSpace(s, 'TOG', [id]))).toEqual(['NO_MISSION L1212, L1887']);
    s.tfs[id].mission = 'ATTACK';
    expect(enterTSpace(s, 'TOG', [id])).toEqual([]);
    expect(s.tfs[id].place).toEqual({ kind: 'TSPACE', turns: 0 });
  });

  it("at a friendly base from the sector's units; the higher fatigue applies (L1879); emptied TFs are freed", () => {
    const s = fleet();
    expect(codes(formTfErrors(s, 'TOG', { units: ['c-tog-FG-1'], at: NM }))).toEqual(['NO_BASE L1873']);
    expect(codes(formTfErrors(s, 'TOG', { units: ['a-tog-D-1', 'c-tog-FH1-1'], at: KU }))).toEqual([
      'OTHER_SECTOR L1873',
    ]);
    const id = formTf(s, 'TOG', { units: ['a-tog-D-1', 'a-tog-FM1-1', 'a-tog-FM1-2', 'b-tog-CA-1'], at: KU }) as string;
    expect(s.tfs[id]).toMatchObject({
      counterNo: 5,
      fatigue: 2,
      units: ['a-tog-D-1', 'a-tog-FM1-1', 'a-tog-FM1-2', 'b-tog-CA-1'],
    });
    expect(s.tfs.a).toBeUndefined();
    expect(s.tfs.b.units).toEqual(['b-tog-TRM-1']);
  });

  it('twenty counters at most (L1068)', () => {
    const s = fleet();
    for (let n = 5; n <= 20; n++) s.tfs[`x${n}`] = { ...s.tfs.c, id: `x${n}`, counterNo: n, units: [] };
    expect(codes(formTfErrors(s, 'TOG', { units: ['spare'], at: 'OFFSYSTEM' }))).toEqual(['NO_FREE_COUNTER L1068']);
  });
});

describe('exchanges (L1877-1883, L1330, L1889)', () => {
  it('a unit joining takes the higher fatigue; fighters may be reassigned across the map, ships may not', () => {
    const s = fleet();
    const before = JSON.stringify(s);
    expect(codes(exchangeErrors(s, 'TOG', ['c-tog-FG-1'], 'a'))).toEqual(['OTHER_SECTOR L1877, L1330']);
    expect(codes(exchangeErrors(s, 'TOG', ['a-tog-D-1'], 't'))).toEqual(['TSPACE_LOCKED L1889']);
    expect(codes(exchangeErrors(s, 'TOG', ['t-tog-BB-1'], 'a'))).toEqual(['TSPACE_LOCKED L1889']);
    expect(JSON.stringify(s)).toBe(before);
    expect(exchange(s, 'TOG', ['b-tog-CA-1'], 'a')).toEqual([]);
    expect(s.tfs.a.fatigue).toBe(2);
    expect(exchange(s, 'TOG', ['c-tog-FH1-1'], 'a')).toEqual([]); // L1330
    expect(s.tfs.c.units).toEqual(['c-tog-FG-1']);
    expect(s.units['c-tog-FH1-1'].tf).toBe('a');
  });

  it('L1875, L1881, L1963: disorganised units stay apart; a split of them keeps the fatigue and must withdraw, then one part is reorganised', () => {
    const s = fleet();
    s.units['a-tog-FM1-1'].status = 'DISORGANISED';
    s.units['a-tog-FM1-2'].status = 'DISORGANISED';
    expect(codes(exchangeErrors(s, 'TOG', ['a-tog-FM1-1'], 'b'))).toEqual(['MIXED_DISORGANISED L1875']);
    expect(closeAdjustment(s, 'TOG', [], 3)).toEqual([]);
    const group = s.units['a-tog-FM1-1'].tf!;
    expect(s.tfs[group]).toMatchObject({ disorganisedGroup: true, fatigue: 1 });
    const part = formTf(s, 'TOG', { units: ['a-tog-FM1-2'], at: KU }) as string;
    expect(s.tfs[part]).toMatchObject({ disorganisedGroup: true, fatigue: 1 });
    expect(applyReorganise(s, 'TOG', { tf: part, sources: [{ from: 'on2', sp: 2 }] })).toEqual([]);
    expect([s.units['a-tog-FM1-2'].status, s.units['a-tog-FM1-1'].status]).toEqual(['ACTIVE', 'DISORGANISED']);
  });
});

describe('transports as bases (L2111-2117)', () => {
  it('deployed on the OFAT, announced, works as a naval base, and rejoins a TF only in a later phase', () => {
    const s = fleet();
    expect(codes(deployTransport(s, 'TOG', 'b-tog-TRM-1', 11) as never)).toEqual(['NO_SUCH_SEGMENT L1002, L2111']);
    expect(hasUndisruptedBase(s, 'TOG', NM)).toBe(false);
    s.tfs.c.units.push('b-tog-TRM-1');
    s.tfs.b.units = ['b-tog-CA-1'];
    s.units['b-tog-TRM-1'].tf = 'c';
    expect(deployTransport(s, 'TOG', 'b-tog-TRM-1', 7)).toEqual({
      side: 'TOG',
      unit: 'b-tog-TRM-1',
      sector: NM,
      segment: 7,
    });
    expect(s.tfs.c.units).toEqual(['c-tog-FG-1', 'c-tog-FH1-1']);
    expect(hasUndisruptedBase(s, 'TOG', NM)).toBe(true);
    expect(codes(formTfErrors(s, 'TOG', { units: ['c-tog-FG-1'], at: NM }))).toEqual([]); // L1873 via L2115
    expect(codes(exchangeErrors(s, 'TOG', ['b-tog-TRM-1'], 'c'))).toEqual(['NOT_AVAILABLE L2117']);
    s.turn = 2;
    expect(exchange(s, 'TOG', ['b-tog-TRM-1'], 'c')).toEqual([]);
    expect(s.units['b-tog-TRM-1'].deployedAsBase).toBeUndefined();
  });
});

describe('stranded fighters (L1326-1328, L1651, D-73)', () => {
  it('disorganising a carrier lets a grouped TF carry its disorganised fighters', () => {
    const s = buildState([
      {
        id: 'x',
        side: 'TOG',
        place: sector(NM),
        units: [
          ['tog-D', 1],
          ['tog-FG', 1],
          ['tog-FM1', 2],
        ],
      },
    ]);
    s.units['x-tog-FM1-1'].status = 'DISORGANISED';
    s.units['x-tog-FM1-2'].status = 'DISORGANISED';
    expect(closeAdjustment(s, 'TOG', [], 3)).toEqual([]);
    const g = s.units['x-tog-FM1-1'].tf!;
    expect(canMove(s.tfs[g].units.map((id) => stats(s.units[id])))).toBe(false);
    expect(codes(voluntaryDisorganise(s, 'TOG', NM, ['x-tog-FG-1']))).toEqual(['NOT_A_CARRIER L1651']); // carries 0
    expect(voluntaryDisorganise(s, 'TOG', NM, ['x-tog-D-1'])).toEqual([]);
    expect(s.units['x-tog-D-1'].tf).toBe(g);
    expect(canMove(s.tfs[g].units.map((id) => stats(s.units[id])))).toBe(true);
    expect(codes(voluntaryDisorganise(s, 'TOG', NM, ['x-tog-FG-1']))).toEqual(['NOTHING_STRANDED L1651']);
  });

  it('L1328: surplus squadrons may be destroyed, no more than the surplus', () => {
    const s = buildState([
      {
        id: 'x',
        side: 'TOG',
        place: sector(NM),
        units: [
          ['tog-D', 1],
          ['tog-FL1', 6],
        ],
      },
    ]); // carries 4
    expect(codes(destroySurplus(s, 'TOG', 'x', ['x-tog-FL1-1', 'x-tog-FL1-2', 'x-tog-FL1-3']))).toEqual([
      'NOT_SURPLUS L1328',
    ]);
    expect(destroySurplus(s, 'TOG', 'x', ['x-tog-FL1-1', 'x-tog-FL1-2'])).toEqual([]);
    expect(s.units['x-tog-FL1-1']).toMatchObject({ status: 'DESTROYED', offSystemBox: 'DESTROYED' });
    expect(canMove(s.tfs.x.units.map((id) => stats(s.units[id])))).toBe(true);
  });
});

describe('closing the phase (L1931, L1975-1981)', () => {
  it('rebuilds at most the limit; a refused rebuild changes nothing, grouping included', () => {
    const s = fleet();
    s.units['a-tog-FM1-1'].status = 'DISORGANISED';
    for (const id of ['l2', 'l3', 'l4']) s.units[id] = { ...s.units.lost, id };
    const before = JSON.stringify(s);
    expect(codes(closeAdjustment(s, 'TOG', ['lost', 'l2', 'l3', 'l4'], 3))).toEqual(['REBUILD_LIMIT L1975-1977, D-67']);
    expect(JSON.stringify(s)).toBe(before);
    expect(closeAdjustment(s, 'TOG', ['lost', 'l2', 'l3'], 3)).toEqual([]);
    expect([
      s.units.lost.offSystemBox,
      s.units.l4.offSystemBox,
      s.tfs[s.units['a-tog-FM1-1'].tf!].disorganisedGroup,
    ]).toEqual(['FUNCTIONAL', 'DESTROYED', true]);
  });
});

describe('rebuilding bases and the VP tally (L1975-1979, D-01)', () => {
  it('a destroyed orbital base is rebuilt into the Functional box (off the map); ground bases are refused; destructions still score', () => {
    const s = fleet();
    s.bases.on2.status = 'DESTROYED';
    s.bases.gn = { id: 'gn', side: 'TOG', type: 'GN1', status: 'DESTROYED', sector: KU, segment: 2, supply: 0 };
    const scen = spaceData.scenarios['hold-the-line'];
    const vp = () => victoryPoints(s, scen).CW;
    expect(vp()).toBe(2 * 2 + 1); // two destroyed bases and the destroyed P 'lost'
    expect(codes(closeAdjustment(s, 'TOG', ['gn'], 3))).toEqual(['GROUND_BASE L2087, L2093']);
    expect(closeAdjustment(s, 'TOG', ['on2', 'lost'], 3)).toEqual([]);
    expect(s.bases.on2).toMatchObject({ status: 'ACTIVE', offSystemBox: 'FUNCTIONAL', rebuilt: 1 });
    expect(basesIn(s, 'TOG', KU)).toEqual([]); // in the Functional box, not at Ku Crassus
    expect(vp()).toBe(5);
    expect(codes(formTfErrors(s, 'TOG', { units: ['a-tog-D-1'], at: KU }))).toEqual(['NO_BASE L1873']);
  });
});
