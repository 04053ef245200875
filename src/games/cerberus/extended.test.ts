import { describe, expect, it } from 'vitest';
import { extendedTurnRules } from './extended.js';
import { reinforcementSegment } from './reinforcements.js';
import { nextPosition } from './sequence.js';
import { clampState } from './space.js';
import { newState } from './state.js';
import { stateAt } from './testing.js';

const ext = (turn: number, space = 6) => stateAt({ turn, space, options: { extended: true } });

describe('16 Extended Game', () => {
  it('16.0: no turn limit: after turn 12 the game goes on to turn 13 (the basic game ends)', () => {
    const e = newState('campaign', { extended: true });
    e.turn = 12;
    e.segment = 'END_OF_TURN';
    expect(nextPosition(e)).toMatchObject({ turn: 13, segment: 'DETERIORATION' });
    const b = newState('campaign', {});
    b.turn = 12;
    b.segment = 'END_OF_TURN';
    expect(nextPosition(b).segment).toBe('GAME_OVER');
  });

  it('16.0, 14.4: the extended game ends only on a Minimum Garrison failure', () => {
    const e = newState('campaign', { extended: true });
    e.turn = 60;
    e.segment = 'END_OF_TURN';
    expect(nextPosition(e).segment).toBe('DETERIORATION');
    e.result = { winner: 'HUMAN', level: 'MINIMUM_GARRISON', reason: 'GARRISON', vp: null, turn: 60 } as never;
    expect(nextPosition(e).segment).toBe('GAME_OVER');
  });

  it('16.1: a Major Effort is earned on turn 15 and each 5th turn after, and may be saved', () => {
    const s = ext(14);
    s.players.HUMAN.majorEfforts = { used: 3, lastTurn: 10 };
    expect(extendedTurnRules(s).players.HUMAN.majorEffortsAvailable).toBe(0);
    s.turn = 15;
    expect(extendedTurnRules(s).players.HUMAN).toMatchObject({ majorEffortsAvailable: 1, canCallMajorEffort: true });
    s.turn = 20;
    expect(extendedTurnRules(s).players.HUMAN.majorEffortsAvailable).toBe(2); // saved + earned
    const basic = stateAt({ turn: 20 });
    basic.players.HUMAN.majorEfforts = { used: 3, lastTurn: 10 };
    expect(extendedTurnRules(basic).players.HUMAN.majorEffortsAvailable).toBe(0);
  });

  it('16.1: after his third effort a player waits until the fourth turn following, and efforts shift the marker two points', () => {
    const s = ext(15);
    s.players.CETIAN.majorEfforts = { used: 3, lastTurn: 13 };
    const c = () => extendedTurnRules(s).players.CETIAN;
    expect(c()).toMatchObject({ majorEffortSpacing: 4, majorEffortShift: 2, canCallMajorEffort: false });
    s.turn = 17;
    expect(c().canCallMajorEffort).toBe(true);
    s.players.CETIAN.majorEfforts = { used: 2, lastTurn: 9 };
    expect(c()).toMatchObject({ majorEffortSpacing: 3, majorEffortShift: 3 });
  });

  it('16.2: the maximum Space Control level falls from 6 to 3 after turn 15', () => {
    expect(extendedTurnRules(ext(15)).maxSpaceState).toBe(6);
    expect(extendedTurnRules(ext(16)).maxSpaceState).toBe(3);
    expect(clampState(6, 16, true)).toBe(3);
    expect(clampState(-5, 16, true)).toBe(-3);
    expect(extendedTurnRules(stateAt({ turn: 16 })).maxSpaceState).toBe(6);
  });

  it('16.3: rebuild credits by where replacements appear (Humans on Earth, Cetians in the System / on Tau Ceti), accumulated', () => {
    const s = ext(13);
    s.segment = 'REINFORCEMENT';
    expect(extendedTurnRules(s).rebuildRate).toEqual({ EARTH: 2, SYSTEM: 1, TAU_CETI: 1 });
    for (const turn of [13, 21, 31, 32]) {
      s.turn = turn;
      reinforcementSegment(s, { canStack: () => true });
    }
    const r = extendedTurnRules(s);
    expect(r.players.HUMAN.rebuildCredit.EARTH).toBe(2 + 1 + 0.5 + 0.5);
    expect(r.players.CETIAN.rebuildCredit).toEqual({ EARTH: 0, SYSTEM: 1, TAU_CETI: 1 + 1 + 0.5 + 0.5 });
  });

  it('16.4: SF units per player per turn: 3 after turn 15, 2 after turn 20, 1 after turn 40 (never above the Effects Chart)', () => {
    const cap = (turn: number) => extendedTurnRules(ext(turn)).players.HUMAN.sfCap;
    const chart = extendedTurnRules(stateAt({ turn: 16, space: 6 })).players.HUMAN.sfCap;
    expect(cap(15)).toBe(chart);
    expect(cap(16)).toBe(Math.min(chart, 3));
    expect(cap(21)).toBe(Math.min(chart, 2));
    expect(cap(40)).toBe(Math.min(chart, 2));
    expect(cap(41)).toBe(Math.min(chart, 1));
  });
});
