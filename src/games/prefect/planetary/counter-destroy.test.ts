/**
 * L475: "The Defender may destroy disorganised units ... as part of his movement, in the same way
 * that an attacking Task Force destroys disorganised units" (L459-473: 1 MP per unit, random pick,
 * one save by the weakest combat unit, may end there only once all are destroyed). Defender-actions
 * moves (interactive) and standing counter-order moves (planned) both carry `destroy`.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { seededDice } from '#engine/dice.js';
import { newMovement, runMovement } from './counteractions.js';
import { answerOnce, plannedDecider } from './deciders.js';
import { useRulesData } from './rules-data.js';
import { hx, makeTestState, useFixtureMap } from './testing.js';
import type { PrefectState } from './types.js';
import { checkOrder, validateCounterOrders } from './module/validate.js';

afterEach(() => useRulesData(null));

const CWL = 'cw-light-cohort';
const MED = 'tog-medium-cohort';
const DIS = [
  { id: 'x1', type: 'tog-light-cohort', side: 'TOG' as const, hex: hx(7, 5) },
  { id: 'x2', type: 'tog-light-cohort', side: 'TOG' as const, hex: hx(7, 5) },
];

function state(): PrefectState {
  const s = makeTestState({
    attacker: 'TOG',
    tfs: [
      { id: 'A', side: 'TOG', hex: hx(0, 0), units: [MED] },
      { id: 'D', side: 'CW', hex: hx(6, 5), units: [CWL] },
    ],
    disorganised: DIS,
  });
  s.movement = newMovement();
  return s;
}

describe('L475: defender counter-moves destroy enemy disorganised units on the way', () => {
  it('standing counter-order: 2 MP destroy both units, the TF ends in their hex (allowance 3 = 1 hex + 2 units)', () => {
    useFixtureMap();
    const s = state();
    s.movement = {
      ...newMovement(),
      plan: { kind: 'movement-plan', moves: [{ tf: 'A', mode: 'COMBAT', path: [hx(0, 0), hx(0, 1)] }] },
      counter: {
        kind: 'counter-orders',
        interrupt: { default: { detect: false, esm: 'max' } },
        counterAttacks: [],
        moves: [{ tf: 'D', path: [hx(6, 5), hx(7, 5)], afterAttackerMove: 1, destroy: [{ hex: hx(7, 5), count: 2 }] }],
      },
    };
    expect(validateCounterOrders(s, 'CW', s.movement.counter!)).toEqual([]);
    const off = {
      ...s.movement.counter!,
      moves: [{ tf: 'D', path: [hx(6, 5), hx(7, 5)], afterAttackerMove: 1, destroy: [{ hex: hx(6, 6), count: 1 }] }],
    };
    expect(validateCounterOrders(s, 'CW', off).map((e) => [e.code, e.rule])).toEqual([
      ['destroy.off-path', 'L463, L475'],
    ]);
    const over = {
      ...s.movement.counter!,
      moves: [
        { tf: 'D', path: [hx(6, 5), hx(7, 5), hx(8, 5)], afterAttackerMove: 1, destroy: [{ hex: hx(7, 5), count: 2 }] },
      ],
    };
    expect(validateCounterOrders(s, 'CW', over).map((e) => [e.code, e.rule])).toEqual([
      ['move.over-budget', 'L415-423, L475'],
    ]);
    const ev = runMovement(s, seededDice('cd'), plannedDecider);
    const d = ev.find((e) => e.type === 'disorganised.destroyed');
    expect(d?.data).toMatchObject({ tf: 'D', hex: hx(7, 5), remaining: 0, rule: 'L459-465' });
    expect(s.units.x1.status).toBe('DESTROYED');
    expect(s.units.x2.status).toBe('DESTROYED');
    expect(ev.some((e) => e.type === 'disorganised.save' && (e.data as { rule: string }).rule === 'L467')).toBe(true);
    expect(s.tfs.D.hex).toBe(hx(7, 5));
    expect(s.destroyedCombat.CW).toBe(2);
  });

  it('interactive defender-actions: validated like an attacker move (allowance, count, combat unit) and applied the same way', () => {
    useFixtureMap();
    const s = state();
    s.movement!.attackerMoves = 1;
    s.movement!.window = { kind: 'defender-actions', side: 'CW', afterAttackerMove: 1 };
    const act = (destroy: { hex: string; count: number }[], path = [hx(6, 5), hx(7, 5)]) => ({
      kind: 'defender-actions',
      actions: [{ type: 'move', tf: 'D', path, destroy }],
    });
    // Without destroying both it may not end there (L473); without destroy at all the hex is closed to it.
    expect(checkOrder(s, 'CW', act([{ hex: hx(7, 5), count: 1 }])).errors.map((e) => e.code)).toEqual([
      'move.cannot-end-here',
    ]);
    expect(checkOrder(s, 'CW', act([{ hex: hx(7, 5), count: 3 }])).errors.map((e) => [e.code, e.rule])).toEqual([
      ['destroy.count', 'L463'],
    ]);
    expect(checkOrder(s, 'CW', act([{ hex: hx(6, 6), count: 1 }])).errors.map((e) => e.code)).toEqual([
      'destroy.off-path',
    ]);
    // 1 hex + 2 units = 3 MP; one hex more is over the allowance of 3 (L415-423).
    expect(
      checkOrder(s, 'CW', act([{ hex: hx(7, 5), count: 2 }], [hx(6, 5), hx(7, 5), hx(8, 5)])).errors.map((e) => e.code),
    ).toEqual(['move.over-budget']);
    const ok = act([{ hex: hx(7, 5), count: 2 }]);
    expect(checkOrder(s, 'CW', ok).errors).toEqual([]);
    const ev = runMovement(s, seededDice('cd'), answerOnce(ok as never));
    expect(ev.map((e) => e.type)).toContain('disorganised.destroyed');
    expect(s.tfs.D.hex).toBe(hx(7, 5));
    expect(s.movement!.defenderActions).toBe(1);
  });

  it('a support-only TF may not destroy (L469)', () => {
    useFixtureMap();
    const s = makeTestState({
      attacker: 'TOG',
      tfs: [
        { id: 'A', side: 'TOG', hex: hx(0, 0), units: [MED] },
        { id: 'D', side: 'CW', hex: hx(6, 5), units: ['signals-century'] },
      ],
      disorganised: DIS,
    });
    s.movement = {
      ...newMovement(),
      attackerMoves: 1,
      window: { kind: 'defender-actions', side: 'CW', afterAttackerMove: 1 },
    };
    const errs = checkOrder(s, 'CW', {
      kind: 'defender-actions',
      actions: [{ type: 'move', tf: 'D', path: [hx(6, 5), hx(7, 5)], destroy: [{ hex: hx(7, 5), count: 2 }] }],
    }).errors;
    expect(errs.map((e) => [e.code, e.rule])).toEqual([['destroy.not-allowed', 'L469, L705']]);
    const standing = validateCounterOrders(s, 'CW', {
      kind: 'counter-orders',
      interrupt: { default: { detect: false, esm: 'max' } },
      counterAttacks: [],
      moves: [{ tf: 'D', path: [hx(6, 5), hx(7, 5)], afterAttackerMove: 1, destroy: [{ hex: hx(7, 5), count: 2 }] }],
    });
    expect(standing.map((e) => [e.code, e.rule])).toEqual([['destroy.not-allowed', 'L469, L705']]);
  });
});
