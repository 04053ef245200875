import { describe, expect, it } from 'vitest';
import { ScriptedDice, seededDice } from '#engine/dice.js';
import {
  canCallMajorEffort,
  canLandSuppliesOnUnits,
  clampState,
  deteriorate,
  deteriorationSegment,
  earnedMajorEfforts,
  effects,
  fleetFireSupport,
  isLowSpaceState,
  majorEffortEligibility,
  majorEffortMode,
  majorEffortResolutionSegment,
  majorEffortShift,
  maxMagnitude,
  ownState,
  recordMajorEffortCalls,
  resolutionShift,
  sfCap,
  spaceResolutionSegment,
  spaceSupply,
  transportPoints,
} from './space.js';
import { SIDES, type CerberusState, type Side } from './state.js';
import { stateAt } from './testing.js';

const call = (c: boolean, cancel = false) => ({
  kind: 'major-effort' as const,
  call: c,
  cancelRollIfSoleCaller: cancel,
});

/** Plays one whole Space Superiority Phase with the given calls (undefined = not asked). */
function playSpacePhase(state: CerberusState, calls: Partial<Record<Side, boolean>>, dice = seededDice('space')): void {
  deteriorationSegment(state);
  const mode = state.space.current!.mode;
  if (mode !== 'none') {
    const orders: Partial<Record<Side, ReturnType<typeof call>>> = {};
    for (const s of SIDES) if (state.space.current!.eligible[s]) orders[s] = call(calls[s] ?? false);
    recordMajorEffortCalls(state, orders);
  }
  majorEffortResolutionSegment(state);
  spaceResolutionSegment(state, dice);
}

describe('13.1 the Space State track', () => {
  it('13.1: the Cetian state is the exact opposite of the Human state (Human +3 = Cetian -3)', () => {
    expect(ownState(3, 'HUMAN')).toBe(3);
    expect(ownState(3, 'CETIAN')).toBe(-3);
  });
  it('13.1, 16.2: the marker clamps at 6, or at 3 after turn 15 in the extended game', () => {
    expect(clampState(9, 5, false)).toBe(6);
    expect(clampState(-8, 20, false)).toBe(-6);
    expect(clampState(5, 15, true)).toBe(5);
    expect(clampState(5, 16, true)).toBe(3);
    expect(clampState(-5, 16, true)).toBe(-3);
    expect(maxMagnitude(16, false)).toBe(6);
  });
});

describe('13.3 deterioration (T27)', () => {
  it('T27 13.3: 6, 5, 4, 3, 2, 1 become 3, 3, 2, 1, 1, 0 on the same side', () => {
    expect([6, 5, 4, 3, 2, 1, 0].map(deteriorate)).toEqual([3, 3, 2, 1, 1, 0, 0]);
    expect([-6, -5, -4, -3, -2, -1].map(deteriorate)).toEqual([-3, -3, -2, -1, -1, -0]);
  });
  it('13.3: deterioration never crosses parity and never moves away from it', () => {
    for (let s = -6; s <= 6; s++) {
      const d = deteriorate(s);
      expect(Math.abs(d)).toBeLessThanOrEqual(Math.abs(s));
      expect(Math.sign(d) === Math.sign(s) || d === 0).toBe(true);
    }
  });
});

describe('13.6 Space Superiority Resolution Chart (T29)', () => {
  it('T29 13.6: 2d6 = 2, 4, 7, 10, 12 shift +2 Human, +1 Human, none, +1 Cetian, +2 Cetian', () => {
    expect([2, 4, 7, 10, 12].map(resolutionShift)).toEqual([2, 1, 0, -1, -2]);
  });
  it('13.6: every 2d6 total is on the chart; nothing else is', () => {
    for (let t = 2; t <= 12; t++) expect(Math.abs(resolutionShift(t))).toBeLessThanOrEqual(2);
    expect(() => resolutionShift(1)).toThrow(RangeError);
    expect(() => resolutionShift(13)).toThrow(RangeError);
  });
  it('3.2 A.5: the Human rolls two dice; the marker moves by the chart and is recorded', () => {
    const s = stateAt({ turn: 2, space: 1 });
    deteriorationSegment(s); // 1 -> 0
    const ev = spaceResolutionSegment(s, new ScriptedDice([6, 6]));
    expect(s.space.state).toBe(-2);
    expect(ev[0]).toMatchObject({
      type: 'space.resolution',
      visibleTo: 'all',
      data: { roll: 12, shift: -2, from: 0, to: -2 },
    });
    expect(ev[0].rolls).toHaveLength(2);
    expect(s.space.current).toMatchObject({ before: 1, afterDeterioration: 0, roll: 12, after: -2 });
  });
  it('13.6 with 14.11: from Human +6 on turn 2, a roll of 2 gives +5 (deteriorated to +3, then +2)', () => {
    const s = stateAt({ turn: 2, space: 6 });
    deteriorationSegment(s);
    spaceResolutionSegment(s, new ScriptedDice([1, 1]));
    expect(s.space.state).toBe(5);
  });
});

describe('13.4 Major Efforts', () => {
  const fresh = () => ({ used: 0, lastTurn: null });
  it('T26 13.41: after a Cetian Major Effort on turn 3 the next is allowed on turn 6', () => {
    const rec = { used: 1, lastTurn: 3 };
    expect([4, 5, 6, 7].map((t) => canCallMajorEffort(rec, 'CETIAN', t, false))).toEqual([false, false, true, true]);
  });
  it('T26 13.41: the Cetian may call from turn 3, the Human from turn 4', () => {
    expect(canCallMajorEffort(fresh(), 'CETIAN', 2, false)).toBe(false);
    expect(canCallMajorEffort(fresh(), 'CETIAN', 3, false)).toBe(true);
    expect(canCallMajorEffort(fresh(), 'HUMAN', 3, false)).toBe(false);
    expect(canCallMajorEffort(fresh(), 'HUMAN', 4, false)).toBe(true);
  });
  it('13.41: three Major Efforts in all; the turn-1 Massive effort does not count', () => {
    const s = stateAt({ turn: 1 });
    expect(s.players.HUMAN.majorEfforts.used).toBe(0);
    expect(canCallMajorEffort({ used: 3, lastTurn: 9 }, 'HUMAN', 12, false)).toBe(false);
    expect(canCallMajorEffort({ used: 2, lastTurn: 7 }, 'HUMAN', 10, false)).toBe(true);
  });
  it('3.2 A.2: one eligible player announces openly; both eligible declare in secret; none: no decision', () => {
    expect(majorEffortMode(stateAt({ turn: 2 }))).toEqual({ mode: 'none' });
    expect(majorEffortMode(stateAt({ turn: 3 }))).toEqual({ mode: 'open', side: 'CETIAN' });
    expect(majorEffortMode(stateAt({ turn: 4 }))).toEqual({ mode: 'sealed' });
    const s = stateAt({ turn: 5 });
    s.players.CETIAN.majorEfforts = { used: 1, lastTurn: 3 };
    expect(majorEffortMode(s)).toEqual({ mode: 'open', side: 'HUMAN' });
  });
  it('13.42: the sole caller moves the marker three boxes his way (Cetian call at Human +3 gives parity)', () => {
    const s = stateAt({ turn: 3, space: 6 });
    deteriorationSegment(s); // +6 -> +3
    recordMajorEffortCalls(s, { CETIAN: call(true) });
    const ev = majorEffortResolutionSegment(s);
    expect(s.space.state).toBe(0);
    expect(ev[0].data).toMatchObject({ side: 'CETIAN', shift: 3, from: 3, to: 0 });
    expect(s.players.CETIAN.majorEfforts).toEqual({ used: 1, lastTurn: 3 });
  });
  it('13.42: the shift is clamped at the end of the track', () => {
    const s = stateAt({ turn: 4, space: 6 });
    s.players.CETIAN.majorEfforts = { used: 1, lastTurn: 3 };
    deteriorationSegment(s); // +3
    recordMajorEffortCalls(s, { HUMAN: call(true) });
    majorEffortResolutionSegment(s);
    expect(s.space.state).toBe(6);
  });
  it('3.2 A.3: both call, the efforts cancel; by default both are spent (option majorEffortBothCall)', () => {
    const s = stateAt({ turn: 4, space: 6 });
    deteriorationSegment(s);
    const ev = recordMajorEffortCalls(s, { HUMAN: call(true, true), CETIAN: call(true, true) });
    expect(ev.map((e) => e.type)).toEqual(['space.major-effort.revealed', 'space.major-effort.cancelled']);
    expect(s.space.current).toMatchObject({ mutualCancel: true, caller: null, rollCancelled: false });
    expect(majorEffortResolutionSegment(s)).toEqual([]);
    expect(s.space.state).toBe(3);
    expect(s.players.HUMAN.majorEfforts).toEqual({ used: 1, lastTurn: 4 });
    expect(s.players.CETIAN.majorEfforts).toEqual({ used: 1, lastTurn: 4 });
    const t = stateAt({ turn: 4, options: { majorEffortBothCall: 'none-spent' } });
    deteriorationSegment(t);
    recordMajorEffortCalls(t, { HUMAN: call(true), CETIAN: call(true) });
    expect(t.players.HUMAN.majorEfforts.used).toBe(0);
  });
  it('13.43: the sole caller may cancel the resolution roll; no dice are rolled', () => {
    const s = stateAt({ turn: 3, space: 6 });
    deteriorationSegment(s);
    recordMajorEffortCalls(s, { CETIAN: call(true, true) });
    majorEffortResolutionSegment(s);
    const ev = spaceResolutionSegment(s, new ScriptedDice([]));
    expect(ev[0].type).toBe('space.resolution.cancelled');
    expect(s.space.state).toBe(0);
  });
  it('13.43: the cancel choice only applies to a sole caller', () => {
    const s = stateAt({ turn: 4, space: 6 });
    deteriorationSegment(s);
    recordMajorEffortCalls(s, { HUMAN: call(false), CETIAN: call(false, true) });
    expect(s.space.current!.rollCancelled).toBe(false);
  });
  it('3.2 A.2: orders of a player who is not eligible are ignored', () => {
    const s = stateAt({ turn: 3 });
    deteriorationSegment(s);
    recordMajorEffortCalls(s, { HUMAN: call(true), CETIAN: call(false) });
    expect(s.space.current!.calls).toEqual({ HUMAN: null, CETIAN: false });
    expect(s.players.HUMAN.majorEfforts.used).toBe(0);
  });
});

describe('16.1-16.2 Major Efforts and the track in the extended game', () => {
  it('16.1: an effort is earned on turn 15 and every 5th turn after', () => {
    expect([14, 15, 19, 20, 25].map((t) => earnedMajorEfforts(t, true))).toEqual([0, 1, 1, 2, 3]);
    expect(earnedMajorEfforts(30, false)).toBe(0);
  });
  it('16.1: after the third effort the spacing is the fourth following turn and the shift is 2', () => {
    const rec = { used: 3, lastTurn: 15 };
    expect(canCallMajorEffort(rec, 'HUMAN', 18, true)).toBe(false);
    expect(canCallMajorEffort(rec, 'HUMAN', 19, true)).toBe(true);
    expect(majorEffortShift(rec)).toBe(2);
    expect(majorEffortShift({ used: 2, lastTurn: 8 })).toBe(3);
  });
  it('16.1: earned efforts may be saved', () => {
    expect(canCallMajorEffort({ used: 3, lastTurn: 10 }, 'CETIAN', 24, true)).toBe(true);
    // 3 + 2 earned by turn 24 (15, 20), all used: none left until turn 25 earns another.
    expect(canCallMajorEffort({ used: 5, lastTurn: 19 }, 'CETIAN', 24, true)).toBe(false);
    expect(canCallMajorEffort({ used: 5, lastTurn: 19 }, 'CETIAN', 25, true)).toBe(true);
  });
});

describe('13.7 Space Superiority Effects Chart lookups', () => {
  it('T28 13.71: in Space State Human +2 the Humans get 30 supply factors and the Cetians 5', () => {
    const s = stateAt({ space: 2 });
    expect(spaceSupply(s, 'HUMAN')).toBe(30);
    expect(spaceSupply(s, 'CETIAN')).toBe(5);
  });
  it('11.35 example: at Human +3 the Human has 10 STP and the Cetian (at -3) has 1', () => {
    const s = stateAt({ space: 3 });
    expect(transportPoints(s, 'HUMAN')).toBe(10);
    expect(transportPoints(s, 'CETIAN')).toBe(1);
  });
  it('11.15: a player at -4..-6 has no Transport Points but may evacuate one unit', () => {
    for (const st of [4, 5, 6]) {
      const s = stateAt({ space: st });
      expect(transportPoints(s, 'CETIAN')).toBe(0);
      expect(isLowSpaceState(s, 'CETIAN')).toBe(true);
      expect(isLowSpaceState(s, 'HUMAN')).toBe(false);
    }
    expect(isLowSpaceState(stateAt({ space: 3 }), 'CETIAN')).toBe(false);
  });
  it('11.141 example: at Human +6 the Human can land a Spaceport and six battalions from the Fleet (18 STP)', () => {
    expect(transportPoints(stateAt({ space: 6 }), 'HUMAN')).toBeGreaterThanOrEqual(6 + 6 * 2);
  });
  it('12.8: supplies land directly on units only at parity or better', () => {
    expect(canLandSuppliesOnUnits(stateAt({ space: 0 }), 'CETIAN')).toBe(true);
    expect(canLandSuppliesOnUnits(stateAt({ space: 1 }), 'CETIAN')).toBe(false);
    expect(canLandSuppliesOnUnits(stateAt({ space: -1 }), 'CETIAN')).toBe(true);
  });
  it('13.7: every state on the track has a row; values never fall as a player’s own state rises', () => {
    for (const side of SIDES) {
      let prev = effects(side === 'HUMAN' ? -6 : 6, side);
      for (let own = -5; own <= 6; own++) {
        const cur = effects(side === 'HUMAN' ? own : -own, side);
        for (const k of ['stp', 'sf', 'supply', 'fleetFire'] as const) expect(cur[k]).toBeGreaterThanOrEqual(prev[k]);
        expect(cur.sf).toBeLessThanOrEqual(4); // 10.1 no player holds more than four SF
        prev = cur;
      }
    }
    expect(() => effects(7, 'HUMAN')).toThrow(RangeError);
  });
  it('8.6: Fleet Fire Support comes from the chart; 16.4: the extended game caps SF per turn', () => {
    expect(fleetFireSupport(stateAt({ space: 6 }), 'HUMAN')).toBe(effects(6, 'HUMAN').fleetFire);
    const ext = (turn: number) => sfCap(stateAt({ turn, space: 6, options: { extended: true } }), 'HUMAN');
    expect([15, 16, 21, 41].map(ext)).toEqual([4, 3, 2, 1]);
    expect(sfCap(stateAt({ turn: 16, space: 6 }), 'HUMAN')).toBe(4);
  });
});

describe('properties', () => {
  it('Major Effort eligibility over every turn: first turn, spacing and total always hold', () => {
    for (let seed = 0; seed < 200; seed++) {
      const dice = seededDice(`me-${seed}`);
      const extended = seed % 2 === 1;
      const s = stateAt({ turn: 1, options: { extended } });
      const calledOn: Record<Side, number[]> = { HUMAN: [], CETIAN: [] };
      for (let turn = 2; turn <= (extended ? 60 : 12); turn++) {
        s.turn = turn;
        const eligible = majorEffortEligibility(s);
        const wants = { HUMAN: dice.d6('h') <= 3, CETIAN: dice.d6('c') <= 3 };
        playSpacePhase(s, wants, dice);
        for (const side of SIDES) {
          if (eligible[side] && wants[side]) calledOn[side].push(turn);
          expect(s.space.current!.eligible[side]).toBe(eligible[side]);
        }
        expect(Math.abs(s.space.state)).toBeLessThanOrEqual(maxMagnitude(turn, extended));
      }
      for (const side of SIDES) {
        const turns = calledOn[side];
        if (turns.length) expect(turns[0]).toBeGreaterThanOrEqual(side === 'HUMAN' ? 4 : 3);
        turns.slice(1).forEach((t, i) => expect(t - turns[i]).toBeGreaterThanOrEqual(i + 1 >= 3 && extended ? 4 : 3));
        if (!extended) expect(turns.length).toBeLessThanOrEqual(3);
        expect(s.players[side].majorEfforts.used).toBe(turns.length);
      }
    }
  });
  it('a player calling at every chance calls on turns 3, 6, 9 (Cetian) and 4, 7, 10 (Human) when the other never does', () => {
    for (const side of SIDES) {
      const s = stateAt({ turn: 1 });
      const turns: number[] = [];
      for (let turn = 2; turn <= 12; turn++) {
        s.turn = turn;
        if (majorEffortEligibility(s)[side]) turns.push(turn);
        playSpacePhase(s, { [side]: true });
      }
      expect(turns).toEqual(side === 'CETIAN' ? [3, 6, 9] : [4, 7, 10]);
    }
  });
  it('the Space State never leaves the chart over many random games', () => {
    for (let seed = 0; seed < 300; seed++) {
      const dice = seededDice(`walk-${seed}`);
      const s = stateAt({ turn: 1, space: 6 });
      for (let turn = 2; turn <= 12; turn++) {
        s.turn = turn;
        playSpacePhase(s, { HUMAN: dice.d6('h') === 1, CETIAN: dice.d6('c') === 1 }, dice);
        expect(Number.isInteger(s.space.state)).toBe(true);
        for (const side of SIDES) expect(() => effects(s.space.state, side)).not.toThrow();
      }
    }
  });
});
