import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '#engine/dice.js';
import { sectorId } from './data/build-space.js';
import type { EngagementResult } from './engagement.js';
import {
  declarationErrors,
  isContested,
  leaveSegment,
  opposingSegments,
  resolveOpposingSegment,
} from './opposing-sd.js';
import { buildState, sector } from './testing.js';
import type { NavalBase, RuleError } from './types.js';

const KU = sectorId(3, 4);
const NM = sectorId(4, 9);
const ok = (r: EngagementResult | RuleError): EngagementResult => {
  if ('code' in r) throw new Error(r.message);
  return r;
};

/** Ku Crassus, TOG the turn Attacker: SD TFs of both sides, a CW ON1 in segment 5 and a GN2 in segment 4. */
function ku() {
  const on1: NavalBase = { id: 'on1', side: 'CW', type: 'ON1', status: 'ACTIVE', sector: KU, segment: 5, supply: 0 };
  const gn2: NavalBase = { id: 'gn2', side: 'CW', type: 'GN2', status: 'ACTIVE', sector: KU, segment: 4, supply: 0 };
  const s = buildState(
    [
      {
        id: 'tsd',
        side: 'TOG',
        place: sector(KU),
        mission: 'SECTOR_DEFENCE',
        units: [
          ['tog-FH1', 3],
          ['tog-D', 1],
        ],
      },
      {
        id: 'csd',
        side: 'CW',
        place: sector(KU),
        mission: 'SECTOR_DEFENCE',
        units: [
          ['cw-FM1', 1],
          ['cw-FL1', 1],
        ],
      },
      { id: 'tatk', side: 'TOG', place: sector(NM), mission: 'ATTACK', units: [['tog-D', 1]] },
    ],
    [on1, gn2],
  );
  s.tfs.tsd.sdAllocation = { 2: ['tsd-tog-FH1-1', 'tsd-tog-FH1-2'], 4: ['tsd-tog-FH1-3'], 5: ['tsd-tog-D-1'] };
  s.tfs.csd.sdAllocation = { 2: ['csd-cw-FM1-1'], 7: ['csd-cw-FL1-1'] };
  return s;
}

describe('declaring opposing sector defences (L1849-1853)', () => {
  it('only the turn Attacker declares, only SD TFs, only in contested sectors; nothing changes', () => {
    const s = ku();
    const before = JSON.stringify(s);
    expect(isContested(s, KU)).toBe(true);
    expect(isContested(s, NM)).toBe(false);
    expect(declarationErrors(s, 'TOG', ['tsd'])).toEqual([]);
    expect(declarationErrors(s, 'CW', ['csd']).map((e) => [e.code, e.rule])).toEqual([['NOT_ATTACKER', 'L1851']]);
    expect(declarationErrors(s, 'TOG', ['tatk', 'csd']).map((e) => e.code)).toEqual(['NOT_SD', 'UNKNOWN_TF']);
    s.tfs.tatk.mission = 'SECTOR_DEFENCE';
    expect(declarationErrors(s, 'TOG', ['tatk']).map((e) => [e.code, e.rule])).toEqual([['NOT_CONTESTED', 'L1851']]);
    s.tfs.tatk.mission = 'ATTACK';
    expect(JSON.stringify(s)).toBe(before);
  });

  it('L1853-1855: fights only where both sides have forces; none when the Defender has no SD TF', () => {
    const s = ku();
    // 2: FH1s vs FM1; 4: FH1 vs the GN2 (ground bases still fight, L1867); 5: D vs ON1; 7: CW alone
    expect(opposingSegments(s, KU).map((f) => f.segment)).toEqual([2, 4, 5]);
    expect(opposingSegments(s, KU)[2]).toEqual({
      segment: 5,
      units: { TOG: ['tsd-tog-D-1'], CW: [] },
      bases: { TOG: [], CW: ['on1'] },
    });
    s.tfs.csd.mission = 'ATTACK';
    expect(opposingSegments(s, KU)).toEqual([]);
  });
});

describe('an opposing-SD round (L1855-1867)', () => {
  it('L1857: the higher attack (TOG D 3 vs ON1 2) attacks; 3:3 = 1:1, roll 5 = 0/0; the unshielded ON1 fails (6 > 3) and is disrupted', () => {
    const s = ku();
    const dice = new ScriptedDice([5, 4, 6]); // combat 5; D saves on 5 (rolls 4); the ON1 saves on 3 (rolls 6)
    const r = ok(resolveOpposingSegment(s, dice, KU, 5));
    expect([r.attacker, r.attack, r.defence, r.column, r.cell]).toEqual(['TOG', 3, 3, '1:1', { a: 0, d: 0 }]);
    expect(r.saves.map((x) => [x.id, x.target, x.outcome])).toEqual([
      ['tsd-tog-D-1', 5, 'UNHARMED'],
      ['on1', 3, 'DISORGANISED'],
    ]);
    expect(s.bases.on1.status).toBe('DISRUPTED');
    expect(dice.remaining).toBe(0);
    // L1865: a disrupted base is no longer a target for SD forces: segment 5 no longer fights
    expect(opposingSegments(s, KU).map((f) => f.segment)).toEqual([2, 4]);
  });

  it('L1867: SD forces cannot touch a ground base, which attacks unopposed: GN2 1 vs FH1 7 = 1:2, roll 5 = 0/+2; the GN2 never rolls', () => {
    const s = ku();
    const dice = new ScriptedDice([5, 3]); // combat; the FH1 saves on 7 + 2 = 9
    const r = ok(resolveOpposingSegment(s, dice, KU, 4));
    expect([r.attacker, r.attack, r.defence, r.column, r.cell]).toEqual(['CW', 1, 7, '1:2', { a: 0, d: 2 }]);
    expect(r.saves.map((x) => [x.id, x.target])).toEqual([['tsd-tog-FH1-3', 9]]);
    expect([s.bases.gn2.status, dice.remaining]).toEqual(['ACTIVE', 0]);
  });

  it('L1857: the higher attack wins the role even for the Defender (CW P 7 vs TOG FH1 4)', () => {
    const s = ku();
    s.units['csd-cw-FM1-1'].type = 'cw-P';
    s.tfs.tsd.sdAllocation![2] = ['tsd-tog-FH1-1'];
    const r = ok(resolveOpposingSegment(s, new ScriptedDice([5, 1, 1]), KU, 2));
    expect([r.attacker, r.attack, r.defence, r.column]).toEqual(['CW', 7, 7, '1:1']);
  });

  it("L1859, L1861: an AR sends the attacker's units to the TF box; disorganised units leave the segment", () => {
    const s = ku();
    // 8 vs 7 = 1:1, roll 2 = −2/+2 AR; TOG FH1s save on 5 (roll 2, 7: one disorganised); the FM1 on 9 (roll 2)
    const r = ok(resolveOpposingSegment(s, new ScriptedDice([2, 2, 7, 2]), KU, 2));
    expect([r.column, r.cell, r.retreats]).toEqual(['1:1', { a: -2, d: 2, aFlag: 'AR' }, ['TOG']]);
    expect(s.units['tsd-tog-FH1-2'].status).toBe('DISORGANISED');
    expect(s.tfs.tsd.sdAllocation![2]).toEqual([]);
    expect(s.tfs.csd.sdAllocation![2]).toEqual(['csd-cw-FM1-1']);
    expect(resolveOpposingSegment(s, new ScriptedDice([]), KU, 2)).toMatchObject({
      code: 'NO_OPPOSING_FORCES',
      rule: 'L1855',
    });
  });

  it('L1861-1863: after a round units may leave for the TF box, bases may not', () => {
    const s = ku();
    const before = JSON.stringify(s);
    expect(leaveSegment(s, 'CW', KU, 5, ['on1']).map((e) => [e.code, e.rule])).toEqual([['BASE_CANNOT_MOVE', 'L1863']]);
    expect(leaveSegment(s, 'CW', KU, 2, ['tsd-tog-FH1-1']).map((e) => e.code)).toEqual(['NOT_IN_SEGMENT']);
    expect(JSON.stringify(s)).toBe(before);
    expect(leaveSegment(s, 'TOG', KU, 2, ['tsd-tog-FH1-1'])).toEqual([]);
    expect(s.tfs.tsd.sdAllocation![2]).toEqual(['tsd-tog-FH1-2']);
  });
});
