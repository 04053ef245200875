/**
 * The interleaved Movement Phase (L393-457): the mover's fate after a counter-attack (L445),
 * a planned path blocked by a counter-move, held actions (L409), the allowance (L405), and the
 * same events in planned and interactive play for the same choices.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { GameEvent } from '#engine/contract.js';
import { seededDice } from '#engine/dice.js';
import { currentPoint, newMovement, runMovement, type Answer, type Decider } from './counteractions.js';
import { answerOnce, plannedDecider } from './deciders.js';
import { movementAllowance } from './movement.js';
import { useRulesData } from './rules-data.js';
import { hx, labelDice, makeTestState, type TestTf, useFixtureMap } from './testing.js';
import type { CounterOrders, MovementPlanOrder, PrefectState } from './types.js';
import { checkOrder } from './module/validate.js';

afterEach(() => useRulesData(null));

const L = 'tog-light-cohort';
const CWL = 'cw-light-cohort';
const MED = 'tog-medium-cohort';
const PATH = [hx(4, 1), hx(4, 2), hx(4, 3), hx(3, 3), hx(2, 3)];

function plannedState(tfs: TestTf[], plan: MovementPlanOrder, counter: CounterOrders): PrefectState {
  const s = makeTestState({ attacker: 'TOG', tfs });
  s.movement = { ...newMovement(), plan, counter };
  return s;
}
const detectAndStrike: CounterOrders = {
  kind: 'counter-orders',
  interrupt: { default: { detect: true, esm: 'max' } },
  counterAttacks: [{ tfs: ['TF1'] }],
  moves: [],
};
const types = (ev: GameEvent[]) => ev.map((e) => e.type);

describe('L445: the mover after a counter-attack', () => {
  it('no DR/BT: it resumes its planned path with the MP left', () => {
    useFixtureMap();
    const s = plannedState(
      [
        { id: 'TF1', side: 'CW', hex: hx(4, 4), units: ['cw-heavy-cohort', 'cw-heavy-cohort', 'cw-heavy-cohort'] },
        { id: 'TF2', side: 'TOG', hex: PATH[0], units: [L] },
      ],
      { kind: 'movement-plan', moves: [{ tf: 'TF2', mode: 'COMBAT', path: PATH }] },
      detectAndStrike,
    );
    const mp = movementAllowance(s, 'TF2', 'COMBAT');
    const ev = runMovement(s, labelDice({ combat: 1 }), plannedDecider); // 15:4 → 3:1, roll 1 → "−1 / 1": no retreat
    expect(types(ev)).toContain('counter.attack');
    expect(s.tfs.TF2.hex).toBe(PATH[4]);
    expect(ev.find((e) => e.type === 'move.end')).toMatchObject({
      visibleTo: 'all',
      data: { tf: 'TF2', hex: PATH[4] },
    });
    expect(ev.find((e) => e.type === 'move.mp-left')).toMatchObject({
      visibleTo: ['TOG'],
      data: { tf: 'TF2', mpLeft: mp - 4 },
    });
    expect(s.movement!.defenderActions).toBe(1);
    expect(s.tfs.TF1.defenderAction).toBe('ATTACK');
  });

  it('DR: it retreats and moves no more', () => {
    useFixtureMap();
    const s = plannedState(
      [
        { id: 'TF1', side: 'CW', hex: hx(4, 4), units: [CWL, CWL] },
        { id: 'TF2', side: 'TOG', hex: PATH[0], units: [L] },
      ],
      { kind: 'movement-plan', moves: [{ tf: 'TF2', mode: 'COMBAT', path: PATH }] },
      detectAndStrike,
    );
    const ev = runMovement(s, labelDice({ combat: 8 }), plannedDecider); // 4:4 → 1:1, roll 8 → "1 / −1 DR"
    const retreat = ev.findIndex((e) => e.type === 'retreat');
    expect(retreat).toBeGreaterThan(-1);
    expect(ev.slice(retreat).some((e) => e.type === 'move.hex' && (e.data as { tf: string }).tf === 'TF2')).toBe(false);
    expect([PATH[3], PATH[4]]).not.toContain(s.tfs.TF2.hex);
  });

  it('BT: the mover\u2019s TF is gone and its move ends', () => {
    useFixtureMap();
    const s = plannedState(
      [
        { id: 'TF1', side: 'CW', hex: hx(4, 4), units: ['cw-heavy-cohort', 'cw-heavy-cohort', 'cw-heavy-cohort'] },
        { id: 'TF2', side: 'TOG', hex: PATH[0], units: [L] },
      ],
      { kind: 'movement-plan', moves: [{ tf: 'TF2', mode: 'COMBAT', path: PATH }] },
      detectAndStrike,
    );
    const ev = runMovement(s, labelDice({ combat: 9 }), plannedDecider); // 3:1, roll 9 → "2 / −3 BT"
    expect(s.tfs.TF2).toBeUndefined();
    expect(ev.filter((e) => e.type === 'move.hex').length).toBe(2);
    expect(s.movement!.ended).toBe(true);
  });
});

describe('held actions and blocked paths (L399-413)', () => {
  it('a counter-move held until after move 2 uses both actions then; the planned path it blocks stops before the blocked hex', () => {
    useFixtureMap();
    const s = plannedState(
      [
        { id: 'A', side: 'TOG', hex: hx(0, 0), units: [MED] },
        { id: 'B', side: 'TOG', hex: hx(8, 0), units: [MED] },
        { id: 'D', side: 'CW', hex: hx(6, 5), units: [CWL] },
        { id: 'E', side: 'CW', hex: hx(2, 8), units: [CWL] },
      ],
      {
        kind: 'movement-plan',
        moves: [
          { tf: 'A', mode: 'COMBAT', path: [hx(0, 0), hx(0, 1)] },
          { tf: 'B', mode: 'COMBAT', path: [hx(8, 0), hx(8, 1)] },
          { tf: 'B', mode: 'COMBAT', path: [hx(8, 1), hx(8, 2)] }, // a second activation of B is skipped (D-14)
        ],
      },
      {
        kind: 'counter-orders',
        interrupt: { default: { detect: false, esm: 'max' } },
        counterAttacks: [],
        moves: [
          { tf: 'D', path: [hx(6, 5), hx(7, 5), hx(8, 5)], afterAttackerMove: 2 },
          { tf: 'E', path: [hx(2, 8), hx(2, 7)], afterAttackerMove: 2 },
        ],
      },
    );
    const ev = runMovement(s, seededDice('held'), plannedDecider);
    const t = types(ev);
    expect(t.filter((x) => x === 'counter.move')).toHaveLength(2);
    expect(t.lastIndexOf('move.end')).toBeLessThan(t.indexOf('counter.move'));
    expect(s.movement!.defenderActions).toBe(2);
    expect(s.tfs.D.hex).toBe(hx(8, 5));

    // A later plan: B's path runs into D's new hex and stops before it.
    s.movement = { ...newMovement(), plan: { kind: 'movement-plan', moves: [] }, counter: detectAndStrike };
    s.tfs.B.movedThisTurn = false;
    s.movement.plan!.moves.push({
      tf: 'B',
      mode: 'COMBAT',
      path: [hx(8, 1), hx(8, 2), hx(8, 3), hx(8, 4), hx(8, 5), hx(8, 6)],
    });
    s.movement.counter = { ...detectAndStrike, interrupt: { default: { detect: false, esm: 'max' } } };
    const ev2 = runMovement(s, seededDice('block'), plannedDecider);
    expect(types(ev2)).toContain('move.blocked');
    expect(s.tfs.B.hex).toBe(hx(8, 4));
  });
});

describe('interactive reaction windows: bad answers refused, naming the rule', () => {
  function interactiveAtInterrupt(): PrefectState {
    useFixtureMap();
    const s = makeTestState({
      attacker: 'TOG',
      options: { interleave: 'interactive' },
      tfs: [
        { id: 'TF1', side: 'CW', hex: hx(4, 4), units: [CWL] },
        { id: 'TF3', side: 'CW', hex: hx(2, 4), units: [CWL] },
        { id: 'TF2', side: 'TOG', hex: PATH[0], units: [L] },
      ],
    });
    s.movement = newMovement();
    runMovement(s, labelDice({}), answerOnce({ kind: 'move', move: { tf: 'TF2', mode: 'COMBAT', path: PATH } }));
    return s;
  }

  it('the window is owed by the defender; ESM above the maximum is refused (L495-499, D-18)', () => {
    const s = interactiveAtInterrupt();
    expect(currentPoint(s)).toMatchObject({ kind: 'interrupt', side: 'CW', hex: hx(4, 3), eligible: ['TF1'] });
    const e = checkOrder(s, 'CW', { kind: 'interrupt', detections: [{ tf: 'TF1', esm: 9 }] }).errors;
    expect(e.map((x) => [x.code, x.rule])).toEqual([['esm.range', 'L495-499, D-18']]);
    expect(checkOrder(s, 'CW', { kind: 'interrupt', detections: [{ tf: 'TF3', esm: 1 }] }).errors[0].code).toBe(
      'interrupt.tf',
    );
    expect(checkOrder(s, 'TOG', { kind: 'pass' }).errors[0].code).toBe('not-owed');
  });

  it('more counter-attackers than the allowance (attacker TFs moved) is refused (L403-405)', () => {
    const s = interactiveAtInterrupt();
    const dice = labelDice({ detection: 1 });
    runMovement(s, dice, answerOnce({ kind: 'interrupt', detections: [{ tf: 'TF1', esm: 1 }] }));
    // TF2 moves on to hx(3,3), in both TF1's and TF3's ZOC: both interrupt and detect.
    expect(currentPoint(s)).toMatchObject({ kind: 'counter-attack', mover: 'TF2', eligible: ['TF1'] });
    runMovement(s, dice, answerOnce({ kind: 'pass' }));
    expect(currentPoint(s)).toMatchObject({ kind: 'interrupt', hex: hx(3, 3), eligible: ['TF1', 'TF3'] });
    runMovement(
      s,
      dice,
      answerOnce({
        kind: 'interrupt',
        detections: [
          { tf: 'TF1', esm: 1 },
          { tf: 'TF3', esm: 1 },
        ],
      }),
    );
    expect(currentPoint(s)).toMatchObject({ kind: 'counter-attack', eligible: ['TF1', 'TF3'] });
    const e = checkOrder(s, 'CW', { kind: 'counter-attack', tfs: ['TF1', 'TF3'] }).errors;
    expect(e.map((x) => x.code)).toEqual(['counter.allowance']);
    expect(checkOrder(s, 'CW', { kind: 'counter-attack', tfs: ['TF3'] }).errors).toEqual([]);
  });
});

describe('planned play: sealed orders checked before anything moves', () => {
  it('standing orders: ESM above a TF\u2019s maximum (D-18), a counter-move over its allowance (L415-423), a TF not owned', () => {
    useFixtureMap();
    const s = makeTestState({
      attacker: 'TOG',
      tfs: [
        { id: 'TF1', side: 'CW', hex: hx(4, 4), units: [CWL] },
        { id: 'TF2', side: 'TOG', hex: PATH[0], units: [L] },
      ],
    });
    const base = {
      kind: 'counter-orders',
      interrupt: { default: { detect: true, esm: 'max' } },
      counterAttacks: [],
      moves: [],
    };
    expect(checkOrder(s, 'CW', base).errors).toEqual([]);
    const esm = checkOrder(s, 'CW', {
      ...base,
      interrupt: { default: { detect: true, esm: 'max' }, perTf: { TF1: { detect: true, esm: 9 } } },
    }).errors;
    expect(esm.map((e) => [e.code, e.rule])).toEqual([['esm.range', 'L495-499, D-18']]);
    const far = checkOrder(s, 'CW', {
      ...base,
      moves: [{ tf: 'TF1', path: [hx(4, 4), hx(4, 5), hx(4, 6), hx(4, 7), hx(4, 8)], afterAttackerMove: 1 }],
    }).errors;
    expect(far.map((e) => [e.code, e.rule])).toEqual([['move.over-budget', 'L415-423']]);
    expect(checkOrder(s, 'CW', { ...base, counterAttacks: [{ tfs: ['TF2'] }] }).errors[0].code).toBe('tf.unknown');
    expect(
      checkOrder(s, 'TOG', { kind: 'movement-plan', moves: [{ tf: 'TF2', mode: 'COMBAT', path: [PATH[0], hx(4, 3)] }] })
        .errors[0].code,
    ).toBe('move.not-adjacent');
  });
});

describe('planned and interactive play give the same events for the same choices', () => {
  const tfs: TestTf[] = [
    { id: 'TF1', side: 'CW', hex: hx(4, 4), units: [CWL, CWL] },
    { id: 'TF3', side: 'CW', hex: hx(2, 5), units: [CWL, 'cw-medium-cohort'] },
    { id: 'D', side: 'CW', hex: hx(7, 7), units: [CWL] },
    { id: 'TF2', side: 'TOG', hex: PATH[0], units: [L, 'signals-century'] },
    { id: 'TF4', side: 'TOG', hex: hx(1, 1), units: [MED, MED] },
    { id: 'TF5', side: 'TOG', hex: hx(7, 1), units: [MED] },
  ];
  const plan: MovementPlanOrder = {
    kind: 'movement-plan',
    moves: [
      { tf: 'TF2', mode: 'COMBAT', path: PATH },
      { tf: 'TF4', mode: 'LAF', path: [hx(1, 1), hx(1, 2), hx(1, 3), hx(1, 4)] },
      { tf: 'TF5', mode: 'COMBAT', path: [hx(7, 1), hx(7, 2), hx(7, 3)] },
    ],
  };
  const counter: CounterOrders = {
    kind: 'counter-orders',
    interrupt: { default: { detect: true, esm: 'max' }, perTf: { TF3: { detect: true, esm: 2 } } },
    counterAttacks: [{ tfs: ['TF1', 'TF3'] }],
    moves: [{ tf: 'D', path: [hx(7, 7), hx(7, 6)], afterAttackerMove: 1 }],
  };

  const kindsSeen = new Set<string>();
  it.each(['seed-a', 'seed-b', 'seed-c', 'seed-d', 'seed-e', 'seed-f'])('%s', (seed) => {
    useFixtureMap();
    // Planned: the resolver answers every point from the standing orders; record the answers.
    const planned = plannedState(tfs, plan, counter);
    const answers: Answer[] = [];
    const recorder: Decider = (st, p) => {
      const a = plannedDecider(st, p)!;
      answers.push(a);
      return a;
    };
    const plannedEvents = runMovement(planned, seededDice(seed), recorder);
    expect(planned.movement!.ended).toBe(true);
    expect(answers.length).toBeGreaterThan(4);
    for (const x of answers) kindsSeen.add(x.kind);

    // Interactive: the same answers, one prompt at a time, resuming the stored procedure.
    const inter = makeTestState({ attacker: 'TOG', tfs, options: { interleave: 'interactive' } });
    inter.movement = newMovement();
    const dice = seededDice(seed);
    const events: GameEvent[] = [];
    for (const a of answers) {
      expect(currentPoint(inter)).not.toBeNull();
      events.push(...runMovement(inter, dice, answerOnce(a)));
    }
    expect(inter.movement!.ended).toBe(true);
    expect(events).toEqual(plannedEvents);
    const strip = (s: PrefectState) => ({
      ...s,
      options: null,
      movement: { ...s.movement, plan: null, counter: null, planIndex: null },
    });
    expect(strip(inter)).toEqual(strip(planned));
  });

  it('the seeds above exercised every kind of decision', () => {
    expect([...kindsSeen].sort()).toEqual(
      expect.arrayContaining([
        'counter-attack',
        'defender-actions',
        'end-movement',
        'interrupt',
        'move',
        'mover-detect',
      ]),
    );
  });
});

describe('L451: a Movement Phase detection lasts only while neither TF moves', () => {
  const detectOnly = (moves: CounterOrders['moves']): CounterOrders => ({
    kind: 'counter-orders',
    interrupt: { default: { detect: true, esm: 'max' } },
    counterAttacks: [],
    moves,
  });
  const setup = (moves: CounterOrders['moves']) => {
    useFixtureMap();
    return plannedState(
      [
        { id: 'TF1', side: 'CW', hex: hx(4, 4), units: [CWL] },
        { id: 'TF2', side: 'TOG', hex: PATH[0], units: [L] },
      ],
      { kind: 'movement-plan', moves: [{ tf: 'TF2', mode: 'COMBAT', path: PATH.slice(0, 3) }] },
      detectOnly(moves),
    );
  };

  it('neither moves after the detection: the target enters the Combat Phase detected', () => {
    const s = setup([]);
    runMovement(s, labelDice({ detection: 1 }), plannedDecider);
    expect(s.tfs.TF2.hex).toBe(PATH[2]);
    expect(s.detections).toMatchObject([{ phase: 'MOVEMENT', detector: 'TF1', target: 'TF2', success: true }]);
    expect(s.detections[0].lapsed).toBeUndefined();
    expect(s.tfs.TF2.detected).toBe(true);
  });

  it('the detector moves on: the detection lapses and the target is no longer detected', () => {
    const s = setup([{ tf: 'TF1', path: [hx(4, 4), hx(5, 4), hx(6, 4)], afterAttackerMove: 1 }]);
    const ev = runMovement(s, labelDice({ detection: 1 }), plannedDecider);
    expect(types(ev)).toContain('counter.move');
    expect(s.tfs.TF1.hex).toBe(hx(6, 4));
    expect(s.detections[0]).toMatchObject({ detector: 'TF1', target: 'TF2', success: true, lapsed: true });
    expect(s.tfs.TF2.detected).toBe(false);
  });
});
