import { describe, expect, it } from 'vitest';
import { sectorId } from './data/build-space.js';
import { applySpaceFatigue, earnsSpaceFatigue, mergedFatigue } from './fatigue.js';
import { nextSpaceAttacker, recordTempo, spaceTempoPhase } from './tempo.js';
import { buildState, sector } from './testing.js';
import { spaceData } from './data/index.js';
import { newSpaceState } from './state.js';
import { recordCapture, recordMission, spaceWinner } from './victory.js';

const KU = sectorId(3, 4);
const one = (mission: 'ATTACK' | 'SUPPLY' | 'SECTOR_DEFENCE' | 'WITHDRAWAL' | 'RECON', fatigue: 0 | 1 | 2 | 3 = 0) =>
  buildState([
    {
      id: 't',
      side: 'TOG',
      place: sector(KU),
      mission,
      fatigue,
      units: [
        ['tog-D', 1],
        ['tog-FM1', 2],
      ],
    },
  ]);

describe('space fatigue (L1831-1845)', () => {
  it('missions other than Supply/Withdrawal/SD fatigue even without combat; any combat fatigues (L1833-1835)', () => {
    expect(earnsSpaceFatigue(one('ATTACK').tfs.t, false, true)).toBe(true); // e.g. an empty segment (L1717)
    expect(earnsSpaceFatigue(one('RECON').tfs.t, false, true)).toBe(true);
    expect(earnsSpaceFatigue(one('SUPPLY').tfs.t, false, true)).toBe(false);
    expect(earnsSpaceFatigue(one('SECTOR_DEFENCE').tfs.t, false, true)).toBe(false);
    expect(earnsSpaceFatigue(one('SECTOR_DEFENCE').tfs.t, true, false)).toBe(true);
    expect(earnsSpaceFatigue(one('WITHDRAWAL').tfs.t, true, true)).toBe(true);
  });

  it('one level per turn at most (L1835, D-72)', () => {
    const s = one('ATTACK');
    expect(applySpaceFatigue(s, 't')).toMatchObject({ before: 0, after: 1, alreadyThisTurn: false });
    expect(applySpaceFatigue(s, 't')).toMatchObject({ before: 1, after: 1, alreadyThisTurn: true });
    s.turn = 2;
    expect(applySpaceFatigue(s, 't').after).toBe(2);
  });

  it('T-S18: a TF at 3 that gains fatigue has its units disorganised and stays at 3 (L1841-1843)', () => {
    const s = one('ATTACK', 3);
    s.units['t-tog-FM1-2'].status = 'DISORGANISED';
    const r = applySpaceFatigue(s, 't');
    expect(r).toMatchObject({ before: 3, after: 3, disorganised: ['t-tog-D-1', 't-tog-FM1-1'] });
    expect(Object.values(s.units).every((u) => u.status === 'DISORGANISED')).toBe(true);
  });

  it('merged TFs take the higher level', () => expect(mergedFatigue(2, 0)).toBe(2));
});

describe('space tempo (L1983-1991, D-38)', () => {
  it('BT scores for the combat attacker, CA for the combat defender (L1603, L1615)', () => {
    const s = one('ATTACK');
    expect(recordTempo(s, { a: 3, d: -3, dFlag: 'BT' }, 'CW')).toBe('CW');
    expect(recordTempo(s, { a: -2, aFlag: 'CA', d: 3 }, 'CW')).toBe('TOG');
    expect(recordTempo(s, { a: 0, d: 0 }, 'CW')).toBeNull();
    expect(s.tempo).toEqual({ TOG: 1, CW: 1 });
  });

  it('the turn Attacker keeps the role only with a higher score; a tie swaps', () => {
    expect(nextSpaceAttacker('TOG', { TOG: 3, CW: 2 })).toBe('TOG');
    expect(nextSpaceAttacker('TOG', { TOG: 2, CW: 2 })).toBe('CW');
    expect(nextSpaceAttacker('TOG', { TOG: 0, CW: 0 })).toBe('CW');
    expect(nextSpaceAttacker('CW', { TOG: 1, CW: 0 })).toBe('TOG');
  });

  it('the phase resets the track and advances the turn (L1208)', () => {
    const s = one('ATTACK');
    s.tempo = { TOG: 2, CW: 1 };
    s.tfs.t.arrivedThisTurn = true;
    expect(spaceTempoPhase(s)).toEqual({ previous: 'TOG', next: 'TOG', score: { TOG: 2, CW: 1 } });
    expect([s.turn, s.tempo, s.tfs.t.arrivedThisTurn, s.tfs.t.beganTurnInSystem]).toEqual([
      2,
      { TOG: 0, CW: 0 },
      false,
      true,
    ]);
  });
});

describe('Hold the Line victory (D-01)', () => {
  const scen = spaceData.scenarios['hold-the-line'];
  it('2 per base destroyed or captured, 1 per unit destroyed, 1 per GS/OD at Ku Crassus; CW +2 when deciding (reconstructed for balance), the tie to CW', () => {
    const s = newSpaceState(scen);
    const bonus = { CW: 2 };
    expect(spaceWinner(s, scen)).toEqual({ winner: 'CW', vp: { TOG: 0, CW: 0 }, bonus }); // 0 < 0 + 2
    s.bases['cw-on2-ku'].status = 'DESTROYED';
    s.units['cw-FL1-1'].status = 'DESTROYED';
    recordMission(s, 'TOG', 'GROUND_SUPPORT', KU);
    recordMission(s, 'TOG', 'GROUND_SUPPORT', sectorId(4, 9)); // not Ku Crassus: no VP
    recordMission(s, 'TOG', 'ATTACK', KU); // not GS/OD: no VP
    expect(spaceWinner(s, scen)).toEqual({ winner: 'TOG', vp: { TOG: 4, CW: 0 }, bonus }); // 4 > 0 + 2
    s.units['tog-BB-1'].status = 'DESTROYED';
    s.units['tog-D-1'].status = 'DESTROYED';
    expect(spaceWinner(s, scen)).toEqual({ winner: 'CW', vp: { TOG: 4, CW: 2 }, bonus }); // 4 = 2 + 2: the tie goes to CW
    recordCapture(s, 'CW');
    expect(spaceWinner(s, scen)).toEqual({ winner: 'CW', vp: { TOG: 4, CW: 4 }, bonus }); // 4 < 4 + 2
  });
});
