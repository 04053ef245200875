/**
 * Worked examples T-P01…T-P04 (digest §6) and the path checks of the Movement Phase.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { seededDice } from '#engine/dice.js';
import { interruptEligible, newMovement, runMovement, type Decider } from './counteractions.js';
import { defenderAllowance, movementAllowance, validateAttackerMove, validateDefenderMove } from './movement.js';
import { useRulesData } from './rules-data.js';
import { hx, makeTestState, useFixtureMap } from './testing.js';
import { plannedDecider } from './deciders.js';
import { tempoPhase } from './tempo.js';
import type { PrefectState } from './types.js';
import { checkOrder } from './module/validate.js';
import { viewOf } from './module/view.js';

afterEach(() => useRulesData(null));

const MED = 'tog-medium-cohort';
const tf = (id: string, units: string[], side: 'TOG' | 'CW' = 'TOG', hex = hx(4, 4)) => ({ id, side, hex, units });

describe('T-P01 (L311-315): Combat-mode allowance, 10 − combat units, +1 with any HQ', () => {
  it('2 Medium + Signals = 8; +1 HQ = 9; a 2nd HQ adds nothing', () => {
    useFixtureMap();
    const s = makeTestState({
      tfs: [
        tf('a', [MED, MED, 'signals-century']),
        tf('b', [MED, MED, 'signals-century', 'manus-hq'], 'TOG', hx(1, 1)),
        tf('c', [MED, MED, 'signals-century', 'manus-hq', 'legion-hq'], 'TOG', hx(7, 7)),
      ],
    });
    expect(movementAllowance(s, 'a', 'COMBAT')).toBe(8);
    expect(movementAllowance(s, 'b', 'COMBAT')).toBe(9);
    expect(movementAllowance(s, 'c', 'COMBAT')).toBe(9);
  });
});

describe('T-P02 (L329-331): LAF allowance, 20 − combat units, +1 with a command unit', () => {
  it('4 Light = 16 in LAF; with an HQ 17', () => {
    useFixtureMap();
    const L = 'tog-light-cohort';
    const s = makeTestState({ tfs: [tf('a', [L, L, L, L]), tf('b', [L, L, L, L, 'legion-hq'], 'TOG', hx(1, 1))] });
    expect(movementAllowance(s, 'a', 'LAF')).toBe(16);
    expect(movementAllowance(s, 'b', 'LAF')).toBe(17);
  });
});

describe('T-P03 (L303-309, D-12): caps and the one-hex minimum', () => {
  it('HQ alone: min(10, 11) = 10; 12 combat units: max(1, −2) = 1; non-gravitic: 1 (L924)', () => {
    useFixtureMap();
    const s = makeTestState({
      tfs: [
        tf('hq', ['legion-hq']),
        tf(
          'big',
          Array.from({ length: 12 }, () => MED),
          'TOG',
          hx(1, 1),
        ),
        tf('mix', [MED, 'marine-cohort'], 'TOG', hx(7, 7)),
      ],
    });
    expect(movementAllowance(s, 'hq', 'COMBAT')).toBe(10);
    expect(movementAllowance(s, 'hq', 'LAF')).toBe(20);
    expect(movementAllowance(s, 'big', 'COMBAT')).toBe(1);
    expect(movementAllowance(s, 'mix', 'LAF')).toBe(1);
  });

  it('a path one hex beyond the allowance is refused naming L303-331; within it is accepted', () => {
    useFixtureMap();
    const s = makeTestState({
      tfs: [
        tf(
          'big',
          Array.from({ length: 9 }, () => MED),
          'TOG',
          hx(4, 0),
        ),
      ],
    });
    expect(movementAllowance(s, 'big', 'COMBAT')).toBe(1);
    expect(validateAttackerMove(s, 'TOG', { tf: 'big', mode: 'COMBAT', path: [hx(4, 0), hx(4, 1)] }, [])).toEqual([]);
    const errors = validateAttackerMove(s, 'TOG', { tf: 'big', mode: 'COMBAT', path: [hx(4, 0), hx(4, 1), hx(4, 2)] }, [
      'm',
    ]);
    expect(errors.map((e) => [e.code, e.rule])).toEqual([['move.over-budget', 'L303-331']]);
  });

  it('counter-moves (L415-423, D-88): 1–2 combat units 3 hexes, 3+ 2, never into an enemy active ZOC (L431)', () => {
    useFixtureMap();
    const s = makeTestState({
      attacker: 'TOG',
      tfs: [
        tf('d2', [MED, MED], 'CW', hx(4, 0)),
        tf('d3', [MED, MED, MED], 'CW', hx(0, 0)),
        tf('t', [MED], 'TOG', hx(4, 5)),
      ],
    });
    expect(defenderAllowance(s, 'd2')).toBe(3);
    expect(defenderAllowance(s, 'd3')).toBe(2);
    expect(validateDefenderMove(s, 'CW', 'd2', [hx(4, 0), hx(4, 1), hx(4, 2), hx(4, 3)], [])).toEqual([]);
    // hx(4,4) is next to TOG's Combat-mode TF at hx(4,5): its active ZOC blocks (D-16).
    const e = validateDefenderMove(s, 'CW', 'd2', [hx(4, 0), hx(4, 1), hx(4, 2), hx(4, 3), hx(4, 4)], []);
    expect(e[0].code).toMatch(/over-budget|impassable/);
  });
});

/** Plays one TOG move past CW's TF1 and records the interrupt windows opened (answered "pass"). */
function windowsAlong(s: PrefectState, path: string[], mode: 'COMBAT' | 'LAF'): string[] {
  s.movement = newMovement();
  const seen: string[] = [];
  let moved = false;
  const decide: Decider = (_st, p) => {
    if (p.kind === 'attacker-move') {
      if (moved) return { kind: 'end-movement' };
      moved = true;
      return { kind: 'move', move: { tf: 'TF2', mode, path } };
    }
    if (p.kind === 'interrupt') seen.push(p.hex);
    return { kind: 'pass' };
  };
  runMovement(s, seededDice('tp04'), decide);
  return seen;
}

describe('T-P04 (L371-391): ZOC interruption and the terrain exception for Combat-mode movers', () => {
  const def = hx(4, 4);
  const start = hx(4, 1);
  it('a Combat-mode mover entering clear hexes of TF1\u2019s ZOC may be interrupted in each ZOC hex (L381-385)', () => {
    useFixtureMap();
    const s = makeTestState({ attacker: 'TOG', tfs: [tf('TF1', [MED], 'CW', def), tf('TF2', [MED], 'TOG', start)] });
    const path = [start, hx(4, 2), hx(4, 3), hx(3, 3)];
    expect(interruptEligible(s, s.tfs.TF2, hx(4, 3))).toEqual(['TF1']);
    expect(windowsAlong(s, path, 'COMBAT')).toEqual([hx(4, 3), hx(3, 3)]);
  });

  it('through forest/urban ZOC hexes in Combat mode: no interruption (L377, L391); in LAF mode the ZOC applies', () => {
    const forest = { [hx(4, 3)]: ['forest'], [hx(3, 3)]: ['urban'] };
    useFixtureMap({ terrain: forest });
    const path = [start, hx(4, 2), hx(4, 3), hx(3, 3)];
    const s = makeTestState({ attacker: 'TOG', tfs: [tf('TF1', [MED], 'CW', def), tf('TF2', [MED], 'TOG', start)] });
    expect(windowsAlong(s, path, 'COMBAT')).toEqual([]);
    const s2 = makeTestState({ attacker: 'TOG', tfs: [tf('TF1', [MED], 'CW', def), tf('TF2', [MED], 'TOG', start)] });
    expect(windowsAlong(s2, path, 'LAF')).toEqual([hx(4, 3), hx(3, 3)]);
  });

  it('a defending TF in LAF mode has no active ZOC (D-16): no interruption', () => {
    useFixtureMap();
    const s = makeTestState({
      attacker: 'TOG',
      tfs: [{ ...tf('TF1', [MED], 'CW', def), mode: 'LAF' }, tf('TF2', [MED], 'TOG', start)],
    });
    expect(windowsAlong(s, [start, hx(4, 2), hx(4, 3)], 'COMBAT')).toEqual([]);
  });
});

describe('a movement plan (L359-369, D-14)', () => {
  it('a TF may end in a hex only after the TF there has moved away earlier in the plan; one activation per TF', async () => {
    const { validatePlan } = await import('./module/validate.js');
    useFixtureMap();
    const s = makeTestState({
      attacker: 'TOG',
      tfs: [tf('A', [MED], 'TOG', hx(4, 2)), tf('B', [MED], 'TOG', hx(4, 0))],
    });
    const aAway = { tf: 'A', mode: 'COMBAT' as const, path: [hx(4, 2), hx(4, 3)] };
    const bIn = { tf: 'B', mode: 'COMBAT' as const, path: [hx(4, 0), hx(4, 1), hx(4, 2)] };
    expect(validatePlan(s, 'TOG', { kind: 'movement-plan', moves: [aAway, bIn] })).toEqual([]);
    const wrongOrder = validatePlan(s, 'TOG', { kind: 'movement-plan', moves: [bIn, aAway] });
    expect(wrongOrder.map((e) => [e.code, e.path.join('.')])).toEqual([['move.end-occupied', 'moves.0.path.2']]);
    const twice = validatePlan(s, 'TOG', {
      kind: 'movement-plan',
      moves: [aAway, { ...aAway, path: [hx(4, 3), hx(4, 4)] }],
    });
    expect(twice.map((e) => e.code)).toContain('move.twice');
  });
});

describe('destroying disorganised units on the way (L459-475)', () => {
  it('1 MP per unit destroyed; the TF may stay only if it destroyed them all', async () => {
    const { validatePlan } = await import('./module/validate.js');
    useFixtureMap();
    const s = makeTestState({
      attacker: 'TOG',
      tfs: [tf('A', [MED, MED], 'TOG', hx(4, 0))],
      disorganised: [
        { id: 'x1', type: 'cw-light-cohort', side: 'CW', hex: hx(4, 2) },
        { id: 'x2', type: 'cw-light-cohort', side: 'CW', hex: hx(4, 2) },
      ],
    });
    const path = [hx(4, 0), hx(4, 1), hx(4, 2)];
    const one = validatePlan(s, 'TOG', {
      kind: 'movement-plan',
      moves: [{ tf: 'A', mode: 'COMBAT', path, destroy: [{ hex: hx(4, 2), count: 1 }] }],
    });
    expect(one.map((e) => [e.code, e.rule])).toEqual([['move.end-occupied', 'L359-369, L473']]);
    // 8 MP: 2 hexes + 2 units = 4; a path of 7 hexes + 2 units is one MP too many.
    const far = [hx(4, 0), hx(4, 1), hx(4, 2), hx(4, 3), hx(4, 4), hx(4, 5), hx(4, 6), hx(4, 7)];
    expect(
      validatePlan(s, 'TOG', {
        kind: 'movement-plan',
        moves: [{ tf: 'A', mode: 'COMBAT', path: far, destroy: [{ hex: hx(4, 2), count: 2 }] }],
      }).map((e) => e.code),
    ).toEqual(['move.over-budget']);
    const plan = {
      kind: 'movement-plan' as const,
      moves: [{ tf: 'A', mode: 'COMBAT' as const, path, destroy: [{ hex: hx(4, 2), count: 2 }] }],
    };
    expect(validatePlan(s, 'TOG', plan)).toEqual([]);
    s.movement = {
      ...newMovement(),
      plan,
      counter: {
        kind: 'counter-orders',
        interrupt: { default: { detect: false, esm: 'max' } },
        counterAttacks: [],
        moves: [],
      },
    };
    const { plannedDecider } = await import('./deciders.js');
    const ev = runMovement(s, seededDice('dis'), plannedDecider);
    expect(ev.map((e) => e.type)).toContain('disorganised.destroyed');
    expect(s.units.x1.status).toBe('DESTROYED');
    expect(s.units.x2.status).toBe('DESTROYED');
    expect(s.tfs.A.hex).toBe(hx(4, 2));
    expect(ev.find((e) => e.type === 'move.mp-left')!.data).toMatchObject({ mpLeft: 8 - 2 - 2 });
  });
});

describe('L289-291: the mode is declared before each move and kept until the TF moves on a later turn', () => {
  it('a move without a mode is refused; a LAF move leaves the TF in LAF (public) across the turn end; a new TF is in Combat mode', () => {
    useFixtureMap();
    const s = makeTestState({ attacker: 'TOG', tfs: [tf('a', [MED]), tf('c', ['cw-light-cohort'], 'CW', hx(0, 8))] });
    s.step = 'MOVEMENT';
    s.movement = newMovement();
    const noMode = checkOrder(s, 'TOG', { kind: 'movement-plan', moves: [{ tf: 'a', path: [hx(4, 4), hx(4, 5)] }] });
    expect(noMode.errors[0].code).toMatch(/MALFORMED/i);
    expect(s.tfs.c.mode).toBe('COMBAT'); // L291: no LAF marker = Combat mode
    s.movement.plan = { kind: 'movement-plan', moves: [{ tf: 'a', mode: 'LAF', path: [hx(4, 4), hx(4, 5)] }] };
    s.movement.counter = {
      kind: 'counter-orders',
      interrupt: { default: { detect: false, esm: 'max' } },
      counterAttacks: [],
      moves: [],
    };
    runMovement(s, seededDice('laf'), plannedDecider);
    expect([s.tfs.a.mode, s.tfs.a.movedLafThisTurn]).toEqual(['LAF', true]);
    tempoPhase(s);
    expect([s.tfs.a.mode, s.tfs.a.movedLafThisTurn]).toEqual(['LAF', false]); // L289: still LAF until it moves again
    const seen = viewOf(s, 'CW') as { taskForces: { id: string; mode?: string }[] };
    expect(seen.taskForces.find((t) => t.id === 'a')?.mode).toBe('LAF'); // L291: the marker is on the map
  });
});

describe('L335: terrain has no effect on movement', () => {
  it('every hex costs 1 MP whatever its terrain: 7 MP carry a TF across 7 mountain, forest, urban… hexes, not 8', () => {
    const path = Array.from({ length: 9 }, (_, c) => hx(6, c));
    const kinds = ['mountain', 'forest', 'urban', 'rough', 'crater'];
    useFixtureMap({ terrain: Object.fromEntries(path.slice(1).map((h, i) => [h, [kinds[i % kinds.length]]])) });
    const s = makeTestState({ tfs: [tf('a', [MED, MED, MED], 'TOG', path[0])] });
    expect(movementAllowance(s, 'a', 'COMBAT')).toBe(7);
    expect(validateAttackerMove(s, 'TOG', { tf: 'a', mode: 'COMBAT', path: path.slice(0, 8) }, [])).toEqual([]);
    expect(validateAttackerMove(s, 'TOG', { tf: 'a', mode: 'COMBAT', path }, [])[0].code).toMatch(/budget/);
  });
});
