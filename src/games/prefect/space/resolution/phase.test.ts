import { describe, expect, it } from 'vitest';
import { ScriptedDice, SeededDice } from '#engine/dice.js';
import { buildState, sector } from '../testing.js';
import type { NavalBase, SpaceState } from '../types.js';
import { NM, newMandella, ofType, reactions } from './fixtures.js';
import { defaultCombatPlan, defaultReactions, resolveCombatPhase } from './index.js';

/** CW SD TF at New Mandella: 2 FL in segment 5 with the ONI, the CA in segment 1. TOG: a recon FG, two attack TFs. */
function reconState(): SpaceState {
  const oni: NavalBase = { id: 'oni', side: 'CW', type: 'ON1', status: 'ACTIVE', sector: NM, segment: 5, supply: 0 };
  const s = buildState(
    [
      { id: 'rec', side: 'TOG', place: sector(NM), mission: 'RECON', units: [['tog-FG', 1]] },
      { id: 'atk1', side: 'TOG', place: sector(NM), mission: 'ATTACK', units: [['tog-FL1', 2]] },
      { id: 'atk2', side: 'TOG', place: sector(NM), mission: 'ATTACK', units: [['tog-FM1', 1]] },
      {
        id: 'cw',
        side: 'CW',
        place: sector(NM),
        mission: 'SECTOR_DEFENCE',
        units: [
          ['cw-CA', 1],
          ['cw-FL1', 2],
        ],
      },
    ],
    [oni],
  );
  s.tfs.cw.sdAllocation = { 1: ['cw-cw-CA-1'], 5: ['cw-cw-FL1-1', 'cw-cw-FL1-2'] };
  return s;
}
const FLS = ['cw-cw-FL1-1', 'cw-cw-FL1-2'];

describe('reconnaissance and the Sector Combat Table', () => {
  it('L1731, D-58: the Sig of every segment is disclosed, one detection; success places (freezes) the segment (L1691)', () => {
    const s = reconState();
    // recon: N-space 8 (target 9+1−3 = 7, undetected); recon detection 2 (target ESM 2 + Sig 1 = 3)
    // atk1: N-space 3 (detected) → nobody may intercept; segment 5 at 1:2, roll 5, four saves of 1
    // atk2: N-space 3 (detected) → again no interceptor; segment 5 again, roll 5, three saves
    const dice = new ScriptedDice([8, 2, 3, 5, 1, 1, 1, 1, 3, 5, 1, 1, 1]);
    const plan = {
      tfs: [
        { tf: 'rec', reconSegment: { segment: 5 } },
        { tf: 'atk1', segment: 5 },
        { tf: 'atk2', segment: 5 },
      ],
    };
    const ev = resolveCombatPhase(s, 'TOG', plan, reactions(), dice);
    expect(dice.remaining).toBe(0);
    const sig = [3, 0, 0, 0, 1, 0, 0, 0, 0, 0];
    expect(ofType(ev, 'RECON_DISCLOSURE')[0]).toMatchObject({ segmentSig: sig });
    expect(ofType(ev, 'RECON_DETECTION')[0]).toMatchObject({ segment: 5, target: 3, roll: 2, detected: true });
    const placed = ofType(ev, 'SEGMENT_PLACED');
    expect(placed[0]).toMatchObject({ reason: 'RECON', units: FLS, bases: ['oni'], newlyPlaced: [...FLS, 'oni'] });
    // placed-set reuse: the frozen fighters intercept nobody (L1691) but fight in their segment twice (L1687)
    expect(ofType(ev, 'NO_INTERCEPTION')).toHaveLength(2);
    expect(placed.slice(1).map((p) => p.newlyPlaced)).toEqual([[], []]);
    const fights = ofType(ev, 'COMBAT') as { saves: { id: string }[] }[];
    expect(fights.map((f) => f.saves.map((x) => x.id).filter((id) => id.startsWith('cw-')))).toEqual([FLS, FLS]);
    expect([s.tfs.rec.missionStatus, s.tfs.rec.fatigue, s.tfs.cw.fatigue]).toEqual(['DONE', 1, 1]);
  });

  it('without the recon, the same fighters intercept the first attack (L1511), then fight nothing else this turn (L1515)', () => {
    const s = reconState();
    // atk1: N-space 3 (detected), DSI by both FL, TOG fails to see them (9 > ESM 2), 1:1 after the shift, roll 5, four saves;
    // segment 5 holds only the ONI now (the interceptors are spent): roll 5, two TOG saves and the unshielded ONI's save;
    // atk2: N-space 3, no interceptor left, segment 5 again: roll 5, FM save, ONI save.
    const dice = new ScriptedDice([3, 9, 5, 1, 1, 1, 1, 5, 1, 1, 1, 3, 5, 1, 1]);
    const ev = resolveCombatPhase(
      s,
      'TOG',
      {
        tfs: [
          { tf: 'rec', interrupt: true },
          { tf: 'atk1', segment: 5 },
          { tf: 'atk2', segment: 5 },
        ],
      },
      reactions(),
      dice,
    );
    expect(dice.remaining).toBe(0);
    expect(ofType(ev, 'DSI_INTERCEPTORS')[0]).toMatchObject({
      tf: 'atk1',
      interceptors: FLS,
      target: 2,
      detected: false,
    });
    expect(ofType(ev, 'COMBAT')[0]).toMatchObject({
      kind: 'DSI',
      attacker: 'CW',
      attack: 4,
      defence: 6,
      column: '1:1',
    });
    expect(ofType(ev, 'SEGMENT_PLACED').map((p) => p.units)).toEqual([[], []]);
    expect(ofType(ev, 'NO_INTERCEPTION').map((x) => x.tf)).toEqual(['atk2']);
  });

  it('recon picks the highest Sig segment by default (D-58); a failed detection places nothing', () => {
    const s = reconState();
    const dice = new ScriptedDice([8, 9]);
    const ev = resolveCombatPhase(
      s,
      'TOG',
      { tfs: [{ tf: 'rec' }, { tf: 'atk1', interrupt: true }, { tf: 'atk2', interrupt: true }] },
      reactions(),
      dice,
    );
    expect(ofType(ev, 'RECON_DETECTION')[0]).toMatchObject({ segment: 1, target: 2 + 3, detected: false });
    expect(ofType(ev, 'SEGMENT_PLACED')).toEqual([]);
  });
});

describe('interruption (L1695)', () => {
  it('declared before the DSI box: no die, no detection, status INTERRUPTED, the TF still tires; the mission is not named publicly', () => {
    const s = newMandella();
    const dice = new ScriptedDice([]);
    const ev = resolveCombatPhase(s, 'TOG', { tfs: [{ tf: 'tog', interrupt: true }] }, reactions(), dice);
    expect(dice.log).toEqual([]);
    expect(ofType(ev, 'MISSION_INTERRUPTED')).toEqual([{ tf: 'tog', sector: NM, rule: 'L1695' }]);
    expect(
      ev
        .filter((e) => e.visibleTo === 'all' || e.visibleTo.includes('CW'))
        .map((e) => JSON.stringify(e.data))
        .join(),
    ).not.toContain('HS_ATTACK');
    expect([s.tfs.tog.missionStatus, s.tfs.tog.fatigue, s.tfs.cw.fatigue]).toEqual(['INTERRUPTED', 1, 0]);
  });
});

describe('withdrawal interception (L1773-1787, D-62, D-68)', () => {
  function withdrawing(): SpaceState {
    const s = buildState([
      { id: 'wd', side: 'TOG', place: sector(NM), mission: 'WITHDRAWAL', units: [['tog-FG', 1]] },
      { id: 'cw', side: 'CW', place: sector(NM), mission: 'SECTOR_DEFENCE', units: [['cw-FL1', 1]] },
    ]);
    s.tfs.wd.missionParams = { destination: 'OFFSYSTEM' };
    s.tfs.cw.sdAllocation = { 1: ['cw-cw-FL1-1'] };
    return s;
  }

  it('detected (target ESM 1 + Sig 1), the SD fighter attacks with +2 to its save; the survivors then leave off-system', () => {
    const s = withdrawing();
    const dice = new ScriptedDice([1, 5, 1, 1]);
    const ev = resolveCombatPhase(s, 'TOG', { tfs: [] }, reactions(), dice);
    expect(dice.remaining).toBe(0);
    expect(ofType(ev, 'WITHDRAWAL_DETECTION')[0]).toMatchObject({ tf: 'wd', target: 2, detected: true });
    const c = ofType(ev, 'COMBAT')[0] as {
      kind: string;
      attacker: string;
      cell: { a: number };
      saves: { id: string; target: number }[];
    };
    expect([c.kind, c.attacker]).toEqual(['WITHDRAWAL_INTERCEPT', 'CW']);
    expect(c.saves[0]).toMatchObject({ id: 'cw-cw-FL1-1', target: 3 + c.cell.a + 2 });
    expect(s.tfs.wd).toBeUndefined();
    expect(s.units['wd-tog-FG-1'].offSystemBox).toBe('FUNCTIONAL');
    expect(s.tfs.cw.fatigue).toBe(1);
  });

  it('NONE: no attempt, no die; the TF leaves and the SD TF does not tire', () => {
    const s = withdrawing();
    const dice = new ScriptedDice([]);
    const ev = resolveCombatPhase(s, 'TOG', { tfs: [] }, reactions({ withdrawalIntercept: { default: 'NONE' } }), dice);
    expect(ofType(ev, 'WITHDRAWN_OFFSYSTEM')).toHaveLength(1);
    expect([s.tfs.wd, s.tfs.cw.fatigue]).toEqual([undefined, 0]);
  });

  it('L1783: units placed on the Sector Combat Table this sector may not attack the withdrawal', () => {
    const s = withdrawing();
    s.tfs.atk = {
      id: 'atk',
      side: 'TOG',
      counterNo: 9,
      place: sector(NM),
      units: ['atk-FL'],
      fatigue: 0,
      mission: 'ATTACK',
    };
    s.units['atk-FL'] = { id: 'atk-FL', type: 'tog-FL1', side: 'TOG', status: 'ACTIVE', tf: 'atk' };
    // atk: N-space 10 (undetected), segment 1 attack roll 5, saves 1, 1; withdrawal detection 1 → nobody left to attack
    const ev = resolveCombatPhase(
      s,
      'TOG',
      { tfs: [{ tf: 'atk', segment: 1, shiftIfUndetected: false }] },
      reactions(),
      new ScriptedDice([10, 5, 1, 1, 1]),
    );
    expect(ofType(ev, 'NO_INTERCEPTION')).toEqual([{ tf: 'wd', sector: NM, rule: 'L1783' }]);
  });
});

describe('opposing sector defences (L1847-1867) and the phase frame', () => {
  function opposed(): SpaceState {
    const s = buildState([
      { id: 'tsd', side: 'TOG', place: sector(NM), mission: 'SECTOR_DEFENCE', units: [['tog-FL1', 1]] },
      { id: 'cw', side: 'CW', place: sector(NM), mission: 'SECTOR_DEFENCE', units: [['cw-FL1', 1]] },
    ]);
    s.tfs.tsd.sdAllocation = { 2: ['tsd-tog-FL1-1'] };
    s.tfs.cw.sdAllocation = { 2: ['cw-cw-FL1-1'] };
    return s;
  }

  it("the Attacker's phase declares his SD TF, segment 2 fights one round (tie in attack → the turn Attacker, D-70); both tire", () => {
    const s = opposed();
    const ev = resolveCombatPhase(s, 'TOG', { tfs: [] }, reactions(), new ScriptedDice([5, 1, 1]));
    expect(ofType(ev, 'OPPOSING_SD_DECLARED')[0]).toMatchObject({ side: 'TOG', tfs: ['tsd'] });
    expect(ofType(ev, 'COMBAT')[0]).toMatchObject({
      kind: 'OPPOSING_SD',
      segment: 2,
      attacker: 'TOG',
      attack: 2,
      defence: 3,
    });
    expect([s.tfs.tsd.fatigue, s.tfs.cw.fatigue]).toEqual([1, 1]);
  });

  it('L1861: a side that chose to leave takes its surviving units to the TF box', () => {
    const s = opposed();
    resolveCombatPhase(s, 'TOG', { tfs: [], leaveOpposingSegments: true }, reactions(), new ScriptedDice([5, 1, 1]));
    expect([s.tfs.tsd.sdAllocation?.[2], s.tfs.cw.sdAllocation?.[2]]).toEqual([[], ['cw-cw-FL1-1']]);
  });

  it("the Defender's phase has no opposing-SD round (L1851: the Attacker's Combat Phase only)", () => {
    const s = opposed();
    const dice = new ScriptedDice([]);
    const ev = resolveCombatPhase(s, 'CW', { tfs: [] }, reactions(), dice);
    expect(ev.map((e) => e.type)).toEqual(['COMBAT_PHASE_START', 'COMBAT_PHASE_END']);
  });
});

describe('determinism and defaults', () => {
  const run = (seed: string) => {
    const s = newMandella();
    const dice = new SeededDice({ seed, gameId: 'g1', step: 4 });
    const ev = resolveCombatPhase(s, 'TOG', defaultCombatPlan(s, 'TOG'), defaultReactions(s, 'CW'), dice);
    return { ev: JSON.stringify(ev), state: JSON.stringify(s), rolls: dice.log.length };
  };

  it('the same seed gives the same events and the same state; every roll is labelled and travels in an event', () => {
    const a = run('seed-1');
    expect(run('seed-1')).toEqual(a);
    expect(a.rolls).toBeGreaterThan(0);
    const inEvents = (JSON.parse(a.ev) as { data: { rolls?: { label: string }[] } }[]).flatMap(
      (e) => e.data.rolls ?? [],
    );
    expect(inEvents).toHaveLength(a.rolls);
    expect(inEvents.every((r) => r.label.length > 0)).toBe(true);
  });

  it('the defaults resolve every mission, sector by sector (L1451-1459)', () => {
    const s = newMandella();
    resolveCombatPhase(
      s,
      'TOG',
      defaultCombatPlan(s, 'TOG'),
      defaultReactions(s, 'CW'),
      new SeededDice({ seed: 'z', gameId: 'g', step: 1 }),
    );
    expect(['DONE', 'FAILED']).toContain(s.tfs.tog.missionStatus);
    expect(defaultCombatPlan(s, 'TOG').tfs).toEqual([]); // resolved missions are not resolved twice
  });
});

describe('a TF with no organised unit (L1647)', () => {
  it('commits nothing, rolls nothing, fails without tiring', () => {
    const s = newMandella();
    for (const id of s.tfs.tog.units) s.units[id].status = 'DISORGANISED';
    const dice = new ScriptedDice([]);
    const ev = resolveCombatPhase(s, 'TOG', { tfs: [] }, reactions(), dice);
    expect(ofType(ev, 'MISSION_RESULT')).toEqual([
      { tf: 'tog', sector: NM, status: 'FAILED', reason: 'no organised unit', rule: 'L1647' },
    ]);
    expect([s.tfs.tog.fatigue, dice.log.length]).toEqual([0, 0]);
  });
});
