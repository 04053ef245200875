import { describe, expect, it } from 'vitest';
import { sectorId } from './data/build-space.js';
import {
  applyBaseReorganise,
  applyRearm,
  applyReorganise,
  baseReorganiseCost,
  rearmErrors,
  reorganiseCost,
  reorganiseErrors,
} from './rearm.js';
import { applyTransfer, loadOffSystem, supplyLedger, transferErrors } from './supply.js';
import { buildState, sector } from './testing.js';
import type { NavalBase, SpaceState } from './types.js';

const KU = sectorId(3, 4);
const NM = sectorId(4, 9);
const base = (
  id: string,
  type: NavalBase['type'],
  segment: number,
  supply: number,
  extra: Partial<NavalBase> = {},
): NavalBase => ({ id, side: 'CW', type, status: 'ACTIVE', sector: KU, segment, supply, ...extra });

/** T-S15's TF (BB, destroyer, 2 D Sqn, 7 fighter squadrons = 11 units) at Ku Crassus with two bases and a Supply TF. */
function ku(): SpaceState {
  const s = buildState(
    [
      {
        id: 'fleet',
        side: 'CW',
        place: sector(KU),
        fatigue: 2,
        units: [
          ['cw-BB', 1],
          ['cw-FG', 1],
          ['cw-D', 2],
          ['cw-FL1', 7],
          ['cw-TRL', 1, { supply: 10 }],
        ],
      },
      { id: 'sup', side: 'CW', place: sector(KU), mission: 'SUPPLY', units: [['cw-TRM', 1, { supply: 50 }]] },
      { id: 'far', side: 'CW', place: sector(NM), fatigue: 1, units: [['cw-FL1', 1]] },
    ],
    [base('on3', 'ON3', 1, 20), base('gn2', 'GN2', 4, 30), base('on1', 'ON1', 2, 10, { status: 'DISRUPTED' })],
  );
  s.units['fleet-cw-TRL-1'].supply = 10;
  return s;
}

describe('rearming fatigued TFs (L1937-1947, D-66)', () => {
  it('T-S15: 11 units pay 11 SP a level; two levels (22 SP) drawn from two bases of the sector', () => {
    const s = ku();
    // the TRL is a 12th unit of the TF: 12 per level
    expect(
      rearmErrors(s, 'CW', { tf: 'fleet', levels: 1, sources: [{ from: 'on3', sp: 11 }] }).map((e) => e.code),
    ).toEqual(['COST_MISMATCH']);
    s.tfs.fleet.units = s.tfs.fleet.units.filter((id) => id !== 'fleet-cw-TRL-1');
    expect(
      applyRearm(s, 'CW', {
        tf: 'fleet',
        levels: 2,
        sources: [
          { from: 'on3', sp: 20 },
          { from: 'gn2', sp: 2 },
        ],
      }),
    ).toEqual([]);
    expect([s.tfs.fleet.fatigue, s.bases.on3.supply, s.bases.gn2.supply]).toEqual([0, 0, 28]);
  });

  it("L1929: a TF's own transport may not pay; L1915 D-66: another TF's Supply transport may", () => {
    const s = ku();
    expect(
      rearmErrors(s, 'CW', {
        tf: 'fleet',
        levels: 1,
        sources: [
          { from: 'fleet-cw-TRL-1', sp: 10 },
          { from: 'on3', sp: 2 },
        ],
      }).map((e) => [e.code, e.rule]),
    ).toEqual([['OWN_TRANSPORT', 'L1929']]);
    expect(applyRearm(s, 'CW', { tf: 'fleet', levels: 1, sources: [{ from: 'sup-cw-TRM-1', sp: 12 }] })).toEqual([]);
    expect([s.tfs.fleet.fatigue, s.units['sup-cw-TRM-1'].supply]).toEqual([1, 38]);
  });

  it('refusals name their rule and change nothing', () => {
    const s = ku();
    const before = JSON.stringify(s);
    const codes = (o: Parameters<typeof rearmErrors>[2]) => rearmErrors(s, 'CW', o).map((e) => `${e.code} ${e.rule}`);
    expect(codes({ tf: 'fleet', levels: 1, sources: [{ from: 'on1', sp: 12 }] })).toEqual([
      'SOURCE_DISORGANISED L1927, L1933',
    ]);
    expect(codes({ tf: 'far', levels: 1, sources: [{ from: 'on3', sp: 1 }] })).toEqual(['SOURCE_ELSEWHERE L1947']);
    expect(codes({ tf: 'fleet', levels: 3, sources: [{ from: 'on3', sp: 20 }] })).toEqual(['BAD_LEVELS L1941, L1945']);
    expect(codes({ tf: 'fleet', levels: 1, sources: [{ from: 'on3', sp: 21 }] })).toEqual(['NOT_ENOUGH_SUPPLY L1957']);
    expect(rearmErrors(s, 'TOG', { tf: 'fleet', levels: 1, sources: [] }).map((e) => e.code)).toEqual(['UNKNOWN_TF']);
    expect(
      applyRearm(s, 'CW', { tf: 'fleet', levels: 1, sources: [{ from: 'on3', sp: 5 }] }).map((e) => e.code),
    ).toEqual(['COST_MISMATCH']);
    expect(JSON.stringify(s)).toBe(before);
  });
});

describe('reorganising (L1953-1967, D-65, D-65b)', () => {
  it('all disorganised units of a TF at once, at the D-65b cost (BB 8 + 2 fighters 2 each = 12)', () => {
    const s = ku();
    for (const id of ['fleet-cw-BB-1', 'fleet-cw-FL1-1', 'fleet-cw-FL1-2']) s.units[id].status = 'DISORGANISED';
    s.tfs.fleet.disorganisedGroup = true;
    expect(reorganiseCost(s, 'fleet')).toBe(12);
    expect(reorganiseErrors(s, 'CW', { tf: 'fleet', sources: [{ from: 'on3', sp: 10 }] }).map((e) => e.code)).toEqual([
      'COST_MISMATCH',
    ]);
    expect(applyReorganise(s, 'CW', { tf: 'fleet', sources: [{ from: 'on3', sp: 12 }] })).toEqual([]);
    expect([s.units['fleet-cw-BB-1'].status, s.tfs.fleet.disorganisedGroup, s.bases.on3.supply]).toEqual([
      'ACTIVE',
      undefined,
      8,
    ]);
  });

  it('L1955: only with an undisrupted base in the sector (a Supply transport alone is not enough)', () => {
    const s = ku();
    s.units['far-cw-FL1-1'].status = 'DISORGANISED';
    expect(reorganiseErrors(s, 'CW', { tf: 'far', sources: [] }).map((e) => [e.code, e.rule])).toEqual([
      ['NO_BASE', 'L1955'],
    ]);
    expect(reorganiseErrors(s, 'CW', { tf: 'sup', sources: [] }).map((e) => e.code)).toEqual(['NOTHING_TO_REORGANISE']);
  });

  it('L1965: a disrupted base pays for itself (2 × class, D-65b); not in the turn it was assembled (L2107)', () => {
    const s = ku();
    expect(baseReorganiseCost('ON1')).toBe(2);
    s.bases.on1.placedTurn = s.turn;
    expect(applyBaseReorganise(s, 'CW', { base: 'on1', sources: [{ from: 'on1', sp: 2 }] }).map((e) => e.rule)).toEqual(
      ['L2107'],
    );
    s.turn += 1;
    expect(applyBaseReorganise(s, 'CW', { base: 'on1', sources: [{ from: 'on1', sp: 2 }] })).toEqual([]);
    expect([s.bases.on1.status, s.bases.on1.supply]).toEqual(['ACTIVE', 8]);
    expect(applyBaseReorganise(s, 'CW', { base: 'on1', sources: [] }).map((e) => e.code)).toEqual(['NOT_DISRUPTED']);
  });
});

describe('transfers and the ledger (L1901-1927, L2051-2055)', () => {
  it('the ledger lists every holder with its maximum (L1907); Marines take 10 SP of room on a transport (L2051)', () => {
    const s = ku();
    s.units['sup-cw-TRM-1'].marines = 2;
    const l = supplyLedger(s, 'CW');
    expect(l.find((x) => x.id === 'on3')).toEqual({ id: 'on3', kind: 'BASE', supply: 20, max: 60, marines: 0 });
    expect(l.find((x) => x.id === 'sup-cw-TRM-1')).toEqual({
      id: 'sup-cw-TRM-1',
      kind: 'TRANSPORT',
      supply: 50,
      max: 80,
      marines: 2,
    });
    expect(supplyLedger(s, 'TOG')).toEqual([]);
  });

  it('L1921: a Supply transport transfers only in the segment it entered this turn; L1923: bases of different segments may not', () => {
    const s = ku();
    const t = { from: 'sup-cw-TRM-1', to: 'on3', amount: 30 };
    expect(transferErrors(s, 'CW', t).map((e) => e.rule)).toEqual(['L1921']);
    s.tfs.sup.suppliedSegment = { segment: 1, turn: s.turn };
    expect(applyTransfer(s, 'CW', t)).toEqual([]);
    expect([s.units['sup-cw-TRM-1'].supply, s.bases.on3.supply]).toEqual([20, 50]);
    expect(transferErrors(s, 'CW', { from: 'sup-cw-TRM-1', to: 'on3', amount: 11 }).map((e) => e.rule)).toEqual([
      'L1907',
    ]); // ON3 holds 60
    expect(transferErrors(s, 'CW', { from: 'on3', to: 'gn2', amount: 5 }).map((e) => e.code)).toEqual([
      'DIFFERENT_SEGMENT',
    ]);
    expect(
      transferErrors(s, 'CW', { from: 'sup-cw-TRM-1', to: 'fleet-cw-TRL-1', amount: 5 }).map((e) => e.rule),
    ).toEqual(['L1919']); // transport to transport
  });

  it('L1925-1927: a disorganised base receives but does not give; a disrupted transport does neither', () => {
    const s = ku();
    s.bases.on3.segment = 2; // beside the disrupted ON1
    expect(applyTransfer(s, 'CW', { from: 'on3', to: 'on1', amount: 5 })).toEqual([]);
    expect(transferErrors(s, 'CW', { from: 'on1', to: 'on3', amount: 5 }).map((e) => e.rule)).toEqual(['L1927']);
    s.tfs.sup.suppliedSegment = { segment: 2, turn: s.turn };
    s.units['sup-cw-TRM-1'].status = 'DISORGANISED';
    expect(transferErrors(s, 'CW', { from: 'sup-cw-TRM-1', to: 'on3', amount: 5 }).map((e) => e.rule)).toEqual([
      'L1925',
    ]);
  });

  it('L2053-2055: Marines load like SP; a TRM takes up to 10 cohorts, each filling 10 SP of room', () => {
    const s = ku();
    s.bases.on3.marines = 6;
    s.tfs.sup.suppliedSegment = { segment: 1, turn: s.turn };
    expect(
      transferErrors(s, 'CW', { from: 'on3', to: 'sup-cw-TRM-1', amount: 6, marines: true }).map((e) => e.rule),
    ).toEqual(['L2051']); // 50 SP + 60 > 100
    expect(applyTransfer(s, 'CW', { from: 'on3', to: 'sup-cw-TRM-1', amount: 5, marines: true })).toEqual([]);
    expect([s.bases.on3.marines, s.units['sup-cw-TRM-1'].marines]).toEqual([1, 5]);
  });

  it('L1909: off-system supply is unlimited: a transport there fills to its room, no further', () => {
    const s = buildState([
      { id: 'conv', side: 'TOG', place: { kind: 'OFFSYSTEM' }, units: [['tog-TRM', 1]] },
      { id: 'in', side: 'TOG', place: sector(KU), units: [['tog-TRL', 1]] },
    ]);
    expect(loadOffSystem(s, 'TOG', 'conv-tog-TRM-1', 100)).toEqual([]);
    expect(loadOffSystem(s, 'TOG', 'conv-tog-TRM-1', 1).map((e) => e.rule)).toEqual(['L1907']);
    expect(loadOffSystem(s, 'TOG', 'in-tog-TRL-1', 5).map((e) => e.code)).toEqual(['NOT_OFFSYSTEM']);
  });
});
