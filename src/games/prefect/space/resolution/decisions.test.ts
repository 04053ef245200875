/**
 * D-91's points added for issue 21, at the procedure: the withdrawal attempt and its interceptors
 * (Withdrawal, L1777-1783), the undetected interceptors' shift (Detection Shifts, L1543-1547) and
 * each player's move out of an opposing-SD segment (Opposing Sector Defences, L1861). Standing play
 * and interactive play answered with the standing choices give the same events and state; other
 * answers change the phase; the opposing-SD moves are told only once both sides have answered.
 */
import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '#engine/dice.js';
import { buildState, sector } from '../testing.js';
import { spaceData } from '../data/index.js';
import type { SpaceState } from '../types.js';
import { NM, newMandella, ofType, reactions } from './fixtures.js';
import {
  Decisions,
  resolveCombatPhase,
  type CombatAnswer,
  type CombatPhasePlan,
  type CombatPoint,
  type CombatReactions,
} from './index.js';

/** Runs the phase interactively, answering each point with `answer` (default: its standing answer); the points asked. */
function interactive(
  make: () => SpaceState,
  plan: CombatPhasePlan,
  r: CombatReactions,
  rolls: number[],
  answer: (p: CombatPoint) => CombatAnswer = (p) => p.standing,
) {
  const answers: CombatAnswer[] = [];
  const asked: CombatPoint[] = [];
  const partial: string[][] = [];
  for (let i = 0; i < 20; i++) {
    const s = make();
    const d = new Decisions(answers);
    const events = resolveCombatPhase(s, 'TOG', plan, r, new ScriptedDice([...rolls]), undefined, d);
    if (!d.asked) return { s, events, asked, partial };
    asked.push(d.asked);
    partial.push(events.map((e) => e.type));
    answers.push(answer(d.asked));
  }
  throw new Error('no end');
}

function standing(make: () => SpaceState, plan: CombatPhasePlan, r: CombatReactions, rolls: number[]) {
  const s = make();
  return { s, events: resolveCombatPhase(s, 'TOG', plan, r, new ScriptedDice([...rolls])) };
}

function withdrawing(sd = true): SpaceState {
  const s = buildState([
    { id: 'wd', side: 'TOG', place: sector(NM), mission: 'WITHDRAWAL', units: [['tog-FG', 1]] },
    { id: 'cw', side: 'CW', place: sector(NM), mission: sd ? 'SECTOR_DEFENCE' : 'SUPPLY', units: [['cw-FL1', 1]] },
  ]);
  s.tfs.wd.missionParams = { destination: 'OFFSYSTEM' };
  if (sd) s.tfs.cw.sdAllocation = { 1: ['cw-cw-FL1-1'] };
  return s;
}

function opposed(): SpaceState {
  const s = buildState([
    { id: 'tsd', side: 'TOG', place: sector(NM), mission: 'SECTOR_DEFENCE', units: [['tog-FL1', 1]] },
    { id: 'cw', side: 'CW', place: sector(NM), mission: 'SECTOR_DEFENCE', units: [['cw-FL1', 1]] },
  ]);
  s.tfs.tsd.sdAllocation = { 2: ['tsd-tog-FL1-1'] };
  s.tfs.cw.sdAllocation = { 2: ['cw-cw-FL1-1'] };
  return s;
}

describe('D-91 withdrawal interception (L1777-1783) asked at the time', () => {
  const rolls = [1, 5, 1, 1]; // detection 1 (target 2), combat roll 5, saves 1, 1

  it('answered with the standing choices: the same events and state; the attempt, then the interceptors, asked of CW', () => {
    for (const policy of ['ALL', 'NONE', 'STRONGEST'] as const) {
      const r = reactions({ withdrawalIntercept: { default: policy } });
      const a = standing(withdrawing, { tfs: [] }, r, policy === 'NONE' ? [] : rolls);
      const b = interactive(withdrawing, { tfs: [] }, r, policy === 'NONE' ? [] : rolls);
      expect(b.events).toEqual(a.events);
      expect(b.s).toEqual(a.s);
      expect(b.asked.map((p) => [p.kind, p.side])).toEqual(
        policy === 'NONE'
          ? [['withdrawal-attempt', 'CW']]
          : [
              ['withdrawal-attempt', 'CW'],
              ['withdrawal-intercept', 'CW'],
            ],
      );
      expect(b.asked[0]).toMatchObject({ tf: 'wd', possible: true, standing: { attempt: policy !== 'NONE' } });
    }
  });

  it('the answer decides: no attempt rolls no die; an attempt with no units fights nothing', () => {
    const r = reactions({ withdrawalIntercept: { default: 'ALL' } });
    const none = interactive(withdrawing, { tfs: [] }, r, [], () => ({ attempt: false }));
    expect(ofType(none.events, 'WITHDRAWAL_DETECTION')).toEqual([]);
    expect(ofType(none.events, 'WITHDRAWN_OFFSYSTEM')).toHaveLength(1);
    const hold = interactive(withdrawing, { tfs: [] }, r, [1], (p) =>
      p.kind === 'withdrawal-attempt' ? { attempt: true } : { units: [] },
    );
    expect(ofType(hold.events, 'WITHDRAWAL_DETECTION')[0]).toMatchObject({ detected: true });
    expect(ofType(hold.events, 'NO_INTERCEPTION')).toEqual([{ tf: 'wd', sector: NM, rule: 'L1783' }]);
    expect(ofType(hold.events, 'COMBAT')).toEqual([]);
  });

  it('asked wherever CW has a TF counter, even with no sector-defence TF (the prompt must not tell TOG his missions, H17): no attempt possible', () => {
    const b = interactive(
      () => withdrawing(false),
      { tfs: [] },
      reactions({ withdrawalIntercept: { default: 'ALL' } }),
      [],
      () => ({ attempt: true }),
    );
    expect(b.asked.map((p) => p.kind)).toEqual(['withdrawal-attempt']);
    expect(b.asked[0]).toMatchObject({ possible: false, standing: { attempt: false } });
    expect(ofType(b.events, 'WITHDRAWAL_DETECTION')).toEqual([]); // an impossible attempt is no attempt
  });
});

describe('D-91 the undetected interceptors\u2019 shift (Detection Shifts, L1543-1547; D-60)', () => {
  // TOG HS at New Mandella: N-space 1 (detected); CW intercepts with every eligible unit; interceptor
  // detection 10 (undetected); then the DSI roll and saves, and the rest of the mission.
  const r = reactions({ intercept: { default: 'ALL' }, shiftIfUndetected: true });
  const plan: CombatPhasePlan = { tfs: [{ tf: 'tog', segment: 3, shiftIfUndetected: false }] };
  const rolls = [1, 10, 5, ...Array(40).fill(5)];

  it('asked of CW only when his interceptors went undetected; standing answers give the standing phase; no shift takes the ratio column', () => {
    const a = standing(newMandella, plan, r, rolls);
    const b = interactive(newMandella, plan, r, rolls);
    expect(b.events).toEqual(a.events);
    expect(b.s).toEqual(a.s);
    expect(b.asked.map((p) => p.kind)).toContain('shift');
    expect(b.asked.find((p) => p.kind === 'shift')).toMatchObject({ side: 'CW', tf: 'tog', standing: { shift: true } });
    const dsi = (ev: typeof a.events) =>
      ofType(ev, 'COMBAT').find((c) => c.kind === 'DSI') as { column: string; attack: number; defence: number };
    const c = interactive(newMandella, plan, r, rolls, (p) => (p.kind === 'shift' ? { shift: false } : p.standing));
    // the same totals, and the column to the right of the ratio column only when shifting (the CRT's columns in order)
    expect([dsi(c.events).attack, dsi(c.events).defence]).toEqual([dsi(a.events).attack, dsi(a.events).defence]);
    const columns = spaceData.crt.columns;
    expect(columns.indexOf(dsi(a.events).column)).toBe(columns.indexOf(dsi(c.events).column) + 1);
    // detected interceptors: no shift point
    const d = interactive(newMandella, plan, r, [1, 1, ...Array(40).fill(5)]);
    expect(d.asked.map((p) => p.kind)).not.toContain('shift');
  });
});

describe('D-91 moving out of an opposing-SD segment (L1861), both players at once', () => {
  const rolls = [5, 1, 1]; // the round: roll 5, saves 1, 1 — both fighters stay

  it('each side is asked for its own units, the Attacker first, and nothing is told until both have answered', () => {
    const b = interactive(
      opposed,
      { tfs: [], leaveOpposingSegments: true },
      reactions({ leaveOpposingSegments: true }),
      rolls,
    );
    expect(b.asked.map((p) => [p.kind, p.side, (p as { units: string[] }).units])).toEqual([
      ['leave-segment', 'TOG', ['tsd-tog-FL1-1']],
      ['leave-segment', 'CW', ['cw-cw-FL1-1']],
    ]);
    // paused at CW's point, TOG's answer is not yet in any event
    for (const types of b.partial) expect(types).not.toContain('OPPOSING_SD_LEFT');
    expect(ofType(b.events, 'OPPOSING_SD_LEFT').map((e) => e.side)).toEqual(['TOG', 'CW']);
  });

  it('standing answers give the standing phase for every yes/no pair; other answers change it', () => {
    for (const [t, c] of [
      [false, false],
      [true, false],
      [false, true],
      [true, true],
    ]) {
      const plan = { tfs: [], leaveOpposingSegments: t };
      const r = reactions({ leaveOpposingSegments: c });
      const a = standing(opposed, plan, r, rolls);
      const b = interactive(opposed, plan, r, rolls);
      expect(b.events).toEqual(a.events);
      expect(b.s).toEqual(a.s);
    }
    const stay = interactive(opposed, { tfs: [] }, reactions(), rolls, (p) =>
      p.side === 'CW' ? { units: (p as { units: string[] }).units } : { units: [] },
    );
    expect([stay.s.tfs.tsd.sdAllocation?.[2], stay.s.tfs.cw.sdAllocation?.[2]]).toEqual([['tsd-tog-FL1-1'], []]);
  });

  it('not asked when the other side has no forces left in the segment (L1861 "still have opposing forces")', () => {
    for (const saves of [
      [10, 1],
      [1, 10],
    ]) {
      const b = interactive(
        opposed,
        { tfs: [], leaveOpposingSegments: true },
        reactions({ leaveOpposingSegments: true }),
        [5, ...saves],
      );
      const disorganised = ['tsd-tog-FL1-1', 'cw-cw-FL1-1'].filter((id) => b.s.units[id].status !== 'ACTIVE');
      expect(disorganised).toHaveLength(1); // one fighter failed its save
      expect(b.asked).toEqual([]);
      expect(ofType(b.events, 'OPPOSING_SD_LEFT')).toEqual([]);
    }
  });
});
