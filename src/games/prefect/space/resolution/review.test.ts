/**
 * Review findings (2026-11-30) on the Space Combat Phase: the recon disclosure counts only what is still
 * in each segment (L1519, L1649, H18), and a mission that never reached the DSI box tells the
 * opponent nothing (H16-H17).
 */
import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '#engine/dice.js';
import { buildState, sector } from '../testing.js';
import type { SpaceState } from '../types.js';
import { NM, newMandella, ofType, reactions, visibleTo } from './fixtures.js';
import { resolveCombatPhase } from './index.js';

/** CW SD TF at New Mandella: the CA (Sig 3) in segment 1, a frigate (Sig 1, thrust 5) in segment 2. TOG: a recon frigate. */
function reconVsFrigate(): SpaceState {
  const s = buildState([
    { id: 'rec', side: 'TOG', place: sector(NM), mission: 'RECON', units: [['tog-FG', 1]] },
    {
      id: 'cw',
      side: 'CW',
      place: sector(NM),
      mission: 'SECTOR_DEFENCE',
      units: [
        ['cw-CA', 1],
        ['cw-FG', 1],
      ],
    },
  ]);
  s.tfs.cw.sdAllocation = { 1: ['cw-cw-CA-1'], 2: ['cw-cw-FG-1'] };
  return s;
}

describe('reconnaissance disclosure after an interception (L1519, L1531, L1731, H18)', () => {
  it('the interceptor is back in its TF box: its Sig is not counted in the segment it left', () => {
    const s = reconVsFrigate();
    // N-space 1 (target 7 + 1 − 3 = 5: detected); the CW frigate intercepts (the CA, thrust 3, may not);
    // TOG detects it (ESM 2 + Sig 1 = 3) on 1; 3 vs 4 → 2:3, roll 6 = +1/0; saves 1, 1; recon detection 1.
    const dice = new ScriptedDice([1, 1, 6, 1, 1, 1]);
    const ev = resolveCombatPhase(s, 'TOG', { tfs: [{ tf: 'rec', reconSegment: { segment: 1 } }] }, reactions(), dice);
    expect(dice.remaining).toBe(0);
    expect(ofType(ev, 'DSI_INTERCEPTORS')[0]).toMatchObject({ interceptors: ['cw-cw-FG-1'] });
    expect(ofType(ev, 'RECON_DISCLOSURE')[0]).toMatchObject({ segmentSig: [3, 0, 0, 0, 0, 0, 0, 0, 0, 0] });
  });

  it('a disorganised SD unit has gone back to its TF (L1649): it adds no Sig either', () => {
    const s = reconVsFrigate();
    s.units['cw-cw-FG-1'].status = 'DISORGANISED';
    // N-space 9 (target 5 + 2 + 1 − 3 = 5: undetected); recon detection 9 (failed).
    const dice = new ScriptedDice([9, 9]);
    const ev = resolveCombatPhase(s, 'TOG', { tfs: [{ tf: 'rec', reconSegment: { segment: 1 } }] }, reactions(), dice);
    expect(ofType(ev, 'RECON_DISCLOSURE')[0]).toMatchObject({ segmentSig: [3, 0, 0, 0, 0, 0, 0, 0, 0, 0] });
  });
});

describe('a TF with no organised unit fails privately (L1647, H16-H17)', () => {
  it('the opponent sees no event naming the TF', () => {
    const s = newMandella();
    for (const id of s.tfs.tog.units) s.units[id].status = 'DISORGANISED';
    const ev = resolveCombatPhase(s, 'TOG', { tfs: [] }, reactions(), new ScriptedDice([]));
    expect(ofType(visibleTo(ev, 'TOG'), 'MISSION_RESULT')).toHaveLength(1);
    expect(JSON.stringify(visibleTo(ev, 'CW'))).not.toContain('"tog"');
  });
});

describe('interceptors leave the OFAT for the rest of the turn (L1515, L1519)', () => {
  /** TOG attacks in New Mandella with a FL and holds segment 2 with an SD FL; the CW SD FL waits in segment 2 too. */
  function interceptThenOpposed(): SpaceState {
    const s = buildState([
      { id: 'atk', side: 'TOG', place: sector(NM), mission: 'ATTACK', units: [['tog-FL1', 1]] },
      { id: 'tsd', side: 'TOG', place: sector(NM), mission: 'SECTOR_DEFENCE', units: [['tog-FL1', 1]] },
      { id: 'cw', side: 'CW', place: sector(NM), mission: 'SECTOR_DEFENCE', units: [['cw-FL1', 1]] },
    ]);
    s.tfs.tsd.sdAllocation = { 2: ['tsd-tog-FL1-1'] };
    s.tfs.cw.sdAllocation = { 2: ['cw-cw-FL1-1'] };
    return s;
  }

  it('a CW fighter that intercepted the TOG attack does not fight the opposing-SD round of the same phase', () => {
    const s = interceptThenOpposed();
    // N-space 1 (detected); the CW FL intercepts; TOG detects it on 1; 2 vs 3 → 2:3, roll 6 = +1/0; saves 1, 1;
    // the survivor goes to empty segment 1. Opposing SD: the CW fighter is back in its TF box, segment 2 has no fight.
    const dice = new ScriptedDice([1, 1, 6, 1, 1]);
    const ev = resolveCombatPhase(s, 'TOG', { tfs: [{ tf: 'atk', segment: 1 }] }, reactions(), dice);
    expect(dice.remaining).toBe(0);
    expect(ofType(ev, 'COMBAT').map((c) => c.kind)).toEqual(['DSI']);
    expect(ofType(ev, 'OPPOSING_SD_PLACED')).toEqual([]);
    expect(s.tfs.cw.sdAllocation?.[2]).toEqual([]);
    expect(s.units['cw-cw-FL1-1'].status).toBe('ACTIVE');
  });
});
