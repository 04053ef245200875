import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '#engine/dice.js';
import { sectorId } from './data/build-space.js';
import {
  commitErrors,
  defenderEsm,
  eligibleInterceptors,
  interceptErrors,
  interceptorDetectionTarget,
  markInterceptors,
  nSpaceTarget,
  reconTarget,
  rollDetection,
  segmentSigTotals,
} from './nspace.js';
import { stats } from './state.js';
import { buildState, sector, statsIn } from './testing.js';
import type { NavalBase } from './types.js';

const NM = sectorId(4, 9);
const oni: NavalBase = { id: 'oni', side: 'CW', type: 'ON1', status: 'ACTIVE', sector: NM, segment: 3, supply: 0 };
const gn: NavalBase = { id: 'gn', side: 'CW', type: 'GN2', status: 'ACTIVE', sector: NM, segment: 4, supply: 0 };

/** The New Mandella example (L1497-1525). */
function example() {
  return buildState(
    [
      {
        id: 'tog',
        side: 'TOG',
        place: sector(NM),
        mission: 'HS_ATTACK',
        units: [
          ['tog-P', 1],
          ['tog-D', 1],
          ['tog-FM1', 2],
          ['tog-FH1', 3],
          ['tog-FM1', 2, { independent: true }],
        ],
      },
      {
        id: 'cw',
        side: 'CW',
        place: sector(NM),
        mission: 'SECTOR_DEFENCE',
        units: [
          ['cw-CA', 1],
          ['cw-FL1', 3],
          ['cw-FM1', 2],
        ],
      },
    ],
    [oni],
  );
}
const fightersOf = (s: ReturnType<typeof example>) => s.tfs.tog.units.filter((id) => id.includes('-F'));

describe('N-space detection (L1467-1507)', () => {
  it('T-S06: fighters only (Sig 0) vs CA 5 + 3 FL + 2 FM + ONI 2 = ESM 12; HS −3 → target 9 (L1497-1505, D-79)', () => {
    const s = example();
    const esm = defenderEsm(s, 'CW', NM);
    expect(esm).toBe(12);
    const committed = fightersOf(s).map((id) => stats(s.units[id]));
    expect(nSpaceTarget(esm!, committed, 'HS_ATTACK')).toBe(9);
    expect(nSpaceTarget(esm!, committed, 'RECON')).toBe(9);
    expect(nSpaceTarget(esm!, committed, 'ATTACK')).toBe(12);
    // the ships' Sig counts when they are committed (L1487)
    expect(nSpaceTarget(esm!, statsIn(s, 'tog'), 'HS_ATTACK')).toBe(12);
    expect(rollDetection(new ScriptedDice([9]), 9, 'n').detected).toBe(true);
    expect(rollDetection(new ScriptedDice([10]), 40, 'n').detected).toBe(false);
    expect(rollDetection(new ScriptedDice([1]), -5, 'n').detected).toBe(true);
  });

  it('ground bases add no ESM; no SD TF in the sector → no detection at all (L1485, D-59)', () => {
    const s = example();
    s.bases.gn = gn;
    expect(defenderEsm(s, 'CW', NM)).toBe(12);
    delete s.tfs.cw.mission;
    expect(defenderEsm(s, 'CW', NM)).toBeNull();
  });

  it('commitment: Attack/HS/Recon may commit part, other missions all; disorganised never (L1475-1483, L1647)', () => {
    const s = example();
    expect(commitErrors(s, 'tog', fightersOf(s))).toEqual([]);
    s.tfs.tog.mission = 'SUPPLY';
    expect(commitErrors(s, 'tog', fightersOf(s)).map((e) => e.rule)).toEqual(['L1483']);
    s.units['tog-tog-FM1-1'].status = 'DISORGANISED';
    expect(commitErrors(s, 'tog', ['tog-tog-FM1-1']).map((e) => e.code)).toEqual(['COMMIT_UNIT']);
    expect(
      commitErrors(
        s,
        'tog',
        s.tfs.tog.units.filter((id) => id !== 'tog-tog-FM1-1'),
      ),
    ).toEqual([]);
  });
});

describe('deep-space interception (L1509-1531)', () => {
  it('T-S07: incoming FM thrust 7, FH 6 → all Renegade FL (10) and FM (6) may intercept, not the CA (3) (L1521)', () => {
    const s = example();
    const committed = ['tog-tog-FM1-1', 'tog-tog-FM1-2', 'tog-tog-FH1-1', 'tog-tog-FH1-2', 'tog-tog-FH1-3'].map((id) =>
      stats(s.units[id]),
    );
    const ok = eligibleInterceptors(s, 'CW', NM, committed);
    expect(ok.sort()).toEqual(['cw-cw-FL1-1', 'cw-cw-FL1-2', 'cw-cw-FL1-3', 'cw-cw-FM1-1', 'cw-cw-FM1-2']);
    expect(interceptErrors(s, 'CW', NM, committed, ['cw-cw-CA-1'], true).map((e) => e.rule)).toEqual(['L1513-1515']);
    expect(interceptErrors(s, 'CW', NM, committed, ['cw-cw-FL1-1'], false).map((e) => e.code)).toEqual([
      'NOT_DETECTED',
    ]);
    // a faster committed force shuts out the medium fighters
    expect(eligibleInterceptors(s, 'CW', NM, [stats(s.units['tog-tog-FM1-1'])]).every((id) => id.includes('FL1'))).toBe(
      true,
    );
  });

  it('T-S08: detecting interceptors = Σ ESM of the committed force + Σ Sig of the interceptors only (L1525-1527)', () => {
    const s = example();
    const incoming = ['tog-tog-FM1-1', 'tog-tog-FM1-2', 'tog-tog-FH1-1', 'tog-tog-FH1-2', 'tog-tog-FH1-3'].map((id) =>
      stats(s.units[id]),
    );
    const interceptors = ['cw-cw-FL1-1', 'cw-cw-FL1-2', 'cw-cw-FL1-3', 'cw-cw-FM1-1', 'cw-cw-FM1-2'].map((id) =>
      stats(s.units[id]),
    );
    expect(interceptorDetectionTarget(incoming, interceptors)).toBe(5); // the text's 4 counts 2 FH (D-79)
    expect(interceptorDetectionTarget(incoming.slice(0, 4), interceptors)).toBe(4);
    // the cruiser (Sig 3) would change the target if it intercepted; staying out, it adds nothing
    expect(interceptorDetectionTarget(incoming, [...interceptors, stats(s.units['cw-cw-CA-1'])])).toBe(8);
  });

  it('interceptors are spent for the turn: no second interception, no ESM for detection (L1515)', () => {
    const s = example();
    markInterceptors(s, ['cw-cw-FL1-1', 'cw-cw-FL1-2']);
    expect(defenderEsm(s, 'CW', NM)).toBe(10);
    const committed = [stats(s.units['tog-tog-FM1-1'])];
    expect(eligibleInterceptors(s, 'CW', NM, committed)).toEqual(['cw-cw-FL1-3']);
    // units already placed on the Sector Combat Table may not intercept (L1691)
    expect(eligibleInterceptors(s, 'CW', NM, committed, new Set(['cw-cw-FL1-3']))).toEqual([]);
    s.turn = 2;
    expect(eligibleInterceptors(s, 'CW', NM, committed)).toHaveLength(3);
  });
});

describe('reconnaissance disclosure (L1727-1735, D-58)', () => {
  it("the opponent states each segment's Sig; the recon target is surviving ESM + the chosen segment's Sig", () => {
    const s = example();
    s.tfs.cw.sdAllocation = {
      3: ['cw-cw-CA-1', 'cw-cw-FL1-1'],
      7: ['cw-cw-FL1-2', 'cw-cw-FL1-3', 'cw-cw-FM1-1', 'cw-cw-FM1-2'],
    };
    s.bases.gn = gn;
    // CA Sig 3 + ONI (ON1 Sig 1) in segment 3; GN2 Sig 0 in 4; fighters Sig 0 in 7
    expect(segmentSigTotals(s, 'CW', NM, 10)).toEqual([0, 0, 4, 0, 0, 0, 0, 0, 0, 0]);
    s.units['tog-tog-P-1'].status = 'DISORGANISED';
    // recon survivors: P (disorganised, no ESM), D ESM 2, 2 FM ESM 1 → 4, + segment 3's 4
    expect(reconTarget(s, ['tog-tog-P-1', 'tog-tog-D-1', 'tog-tog-FM1-1', 'tog-tog-FM1-2'], 4)).toBe(8);
  });
});
