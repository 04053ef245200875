import { describe, expect, it } from 'vitest';
import type { Json } from '#engine/contract.js';
import { storedOrder } from './stored-order.js';

/** The two-pass reference: JSON's own copy, then every object's keys sorted as jsonb sorts them. */
function asStored(value: unknown): Json {
  const plain = JSON.parse(JSON.stringify(value ?? null)) as Json;
  const order = (v: Json): Json => {
    if (Array.isArray(v)) return v.map(order);
    if (v === null || typeof v !== 'object') return v;
    const keys = Object.keys(v).sort(
      (a, b) => Buffer.byteLength(a) - Buffer.byteLength(b) || Buffer.compare(Buffer.from(a), Buffer.from(b)),
    );
    return Object.fromEntries(keys.map((k) => [k, order(v[k])]));
  };
  return order(plain);
}

/** The same value and the same key order, all the way down. */
const same = (v: unknown) => expect(JSON.stringify(storedOrder(v))).toBe(JSON.stringify(asStored(v)));

describe('storedOrder: a value as jsonb gives it back, as the two-pass reference (one pass)', () => {
  it('orders keys by UTF-8 length, then bytes, at every depth', () => {
    const v = { zz: 1, a: { bb: [{ y: 1, x: 2 }], b: 2 }, é: 3, ab: 4, e: 5, '\u{1F600}': 6, Z: 7, '\uffff': 8 };
    same(v);
    expect(Object.keys(storedOrder(v) as object)).toEqual(['Z', 'a', 'e', 'ab', 'zz', 'é', '\uffff', '\u{1F600}']);
  });

  it('drops or nulls what JSON has not: undefined, functions, -0, NaN, Infinity; dates as JSON writes them', () => {
    const v = {
      u: undefined,
      f: () => 1,
      z: -0,
      n: NaN,
      i: -Infinity,
      d: new Date(0),
      arr: [undefined, () => 1, 1, null, 'x', true, [{ b: undefined, a: 1 }]],
    };
    same(v);
    expect(storedOrder(v)).toEqual({
      d: '1970-01-01T00:00:00.000Z',
      i: null,
      n: null,
      z: 0,
      arr: [null, null, 1, null, 'x', true, [{ a: 1 }]],
    });
    expect(Object.is((storedOrder({ z: -0 }) as { z: number }).z, 0)).toBe(true);
  });

  it('copies: the answer shares no object with its input', () => {
    const v = { a: { b: [1] } };
    const out = storedOrder(v) as typeof v;
    expect(out).toEqual(v);
    expect(out.a).not.toBe(v.a);
    expect(out.a.b).not.toBe(v.a.b);
  });
});
