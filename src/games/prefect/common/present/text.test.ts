/** The sentence kit: params flattened from an event's data only, templates filled from them. */
import { describe, expect, it } from 'vitest';
import { eventDescriber, fill, MISSING, paramsOf, promptDescriber } from './text.js';

describe('present/text', () => {
  it('flattens data: scalars as they are, lists as item words plus a count, objects one level deep', () => {
    expect(
      paramsOf({
        tf: 'tf_1',
        n: 3,
        ok: true,
        none: null,
        units: [{ unit: 'u-1', type: 'cohort' }, { unit: 'u-2' }],
        path: ['0101', '0102'],
        cell: { a: -1, d: 2 },
      }),
    ).toEqual({
      tf: 'tf_1',
      n: 3,
      ok: 'yes',
      none: 'none',
      units: 'cohort, u-2',
      unitsCount: 2,
      path: '0101, 0102',
      pathCount: 2,
      'cell.a': -1,
      'cell.d': 2,
    });
    expect(paramsOf([{ tf: 'a' }, { tf: 'b' }])).toEqual({ items: 'a, b', itemsCount: 2 });
    expect(paramsOf(null)).toEqual({});
  });

  it('fills placeholders; an absent one reads MISSING, never "undefined"', () => {
    expect(fill('{a} and {b.c}', { a: 1, 'b.c': 'x' })).toBe('1 and x');
    expect(fill('{gone}', {})).toBe(MISSING);
  });

  it('the first table that knows a type wins; an unknown type falls back to the first prefix', () => {
    const d = eventDescriber([
      { prefix: 'one', table: { a: 'A {x}' } },
      { prefix: 'two', table: { a: 'never', b: 'B' } },
    ]);
    expect(d({ type: 'a', data: { x: 5 } })).toEqual({ key: 'one.event.a', params: { x: 5 }, text: 'A 5' });
    expect(d({ type: 'b', data: {} }).key).toBe('two.event.b');
    expect(d({ type: 'c', data: { secret: 'x' } })).toEqual({
      key: 'one.event.unknown',
      params: { type: 'c' },
      text: 'Event c.',
    });
  });

  it("prompt sentences name the side and count the choices' lists", () => {
    const d = promptDescriber('m', { k: '{side}: {tfsCount} to move.' });
    expect(
      d({ side: 'CW', kind: 'k', secret: false, description: 'x', choices: { tfs: [1, 2] }, defaultOrders: null }),
    ).toEqual({
      key: 'm.prompt.k',
      params: { side: 'CW', kind: 'k', sealed: 'open', tfsCount: 2 },
      text: 'CW: 2 to move.',
    });
    expect(d({ side: 'CW', kind: 'z', secret: true, description: 'Do it.', defaultOrders: null }).key).toBe(
      'm.prompt.unknown',
    );
  });
});
