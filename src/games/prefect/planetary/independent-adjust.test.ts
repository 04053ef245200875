/**
 * L918-920 (non-gravitic units "may be attached to a Task Force or operate independently", on
 * their own counter), D-52: in the TF Adjustment Phase a non-gravitic unit may leave its TF for its
 * own counter, and an independent unit may rejoin an adjacent TF (L872 exchange).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyAdjustment, validateAdjustment } from './adjustment.js';
import { useRulesData } from './rules-data.js';
import { hx, makeTestState, useFixtureMap } from './testing.js';
import type { AdjustmentOrder } from './types.js';

const adj = (o: Partial<AdjustmentOrder>): AdjustmentOrder => ({
  kind: 'adjustment',
  transfers: [],
  create: [],
  reinforcements: [],
  assignBases: [],
  ...o,
});
const codes = (e: { code: string; rule?: string }[]) => e.map((x) => [x.code, x.rule]);
beforeEach(() => useFixtureMap({ water: { [hx(5, 3)]: 'FULL' } }));
afterEach(() => useRulesData(null));

const mk = () =>
  makeTestState({
    tfs: [
      {
        id: 'T',
        side: 'CW',
        hex: hx(4, 4),
        units: [
          { id: 'mil', type: 'militia-regiment' },
          { id: 'lc', type: 'cw-light-cohort' },
        ],
        fatigue: 1,
      },
      { id: 'N', side: 'CW', hex: hx(4, 5), units: ['cw-light-cohort'] },
      { id: 'E', side: 'TOG', hex: hx(3, 4), units: ['tog-light-cohort'] },
    ],
  });

describe('L918-920: going independent and rejoining in the TF Adjustment Phase', () => {
  it('a non-gravitic unit goes on its own counter next to its TF, keeping the fatigue; its type becomes public (H35)', () => {
    const s = mk();
    const o = adj({ independent: [{ unit: 'mil', hex: hx(4, 3) }] });
    expect(validateAdjustment(s, 'CW', o)).toEqual([]);
    const ev = applyAdjustment(s, { CW: o });
    expect(s.units.mil.tf).toBe('ind-mil');
    expect(s.tfs['ind-mil']).toMatchObject({ independent: true, hex: hx(4, 3), fatigue: 1, side: 'CW' });
    expect(s.units.lc.tf).toBe('T');
    const created = ev.find((e) => e.type === 'tf.created')!;
    expect(created.visibleTo).toBe('all');
    expect(JSON.stringify(created.data)).not.toContain('"T"'); // the TF it left is not named
  });

  it('refused: gravitic units (L918), a hex not adjacent, water (L926), an occupied hex (D-52)', () => {
    const s = mk();
    expect(codes(validateAdjustment(s, 'CW', adj({ independent: [{ unit: 'lc', hex: hx(4, 3) }] })))).toEqual([
      ['independent.gravitic', 'L918'],
    ]);
    expect(codes(validateAdjustment(s, 'CW', adj({ independent: [{ unit: 'mil', hex: hx(4, 7) }] })))).toEqual([
      ['not-adjacent', 'L918-920, D-47'],
    ]);
    expect(codes(validateAdjustment(s, 'CW', adj({ independent: [{ unit: 'mil', hex: hx(5, 3) }] })))).toEqual([
      ['water', 'L926'],
    ]);
    expect(codes(validateAdjustment(s, 'CW', adj({ independent: [{ unit: 'mil', hex: hx(4, 5) }] })))).toEqual([
      ['hex-occupied', 'L359, D-52'],
    ]);
    expect(codes(validateAdjustment(s, 'TOG', adj({ independent: [{ unit: 'mil', hex: hx(4, 3) }] })))).toEqual([
      ['unit-not-there', 'L918'],
    ]);
  });

  it('rejoining: a transfer from the independent counter into an adjacent TF removes the counter; nothing is transferred into an independent', () => {
    const s = mk();
    applyAdjustment(s, { CW: adj({ independent: [{ unit: 'mil', hex: hx(4, 3) }] }) });
    expect(
      codes(validateAdjustment(s, 'CW', adj({ transfers: [{ from: 'T', to: 'ind-mil', units: ['lc'] }] }))),
    ).toEqual([['into-independent', 'L918-920, D-52']]);
    const back = adj({ transfers: [{ from: 'ind-mil', to: 'T', units: ['mil'] }] });
    expect(validateAdjustment(s, 'CW', back)).toEqual([]);
    applyAdjustment(s, { CW: back });
    expect(s.units.mil.tf).toBe('T');
    expect(s.tfs['ind-mil']).toBeUndefined();
  });
});
