/** Orders are strict (digest §8.3): an unknown key at any level is refused with its path, never dropped. */
import { describe, expect, it } from 'vitest';
import { KIND_RULE, parseOrder } from './orders.js';

const unknownKeyError = (raw: unknown) => {
  const r = parseOrder(raw);
  return r.ok ? undefined : r.errors.find((e) => e.message.includes('bogus'));
};

describe('strict orders', () => {
  for (const kind of Object.keys(KIND_RULE)) {
    it(`${kind}: an unknown top-level key is refused (MALFORMED, path [])`, () => {
      expect(unknownKeyError({ kind, bogus: 1 })).toMatchObject({
        code: 'MALFORMED',
        path: [],
        rule: KIND_RULE[kind as keyof typeof KIND_RULE],
      });
      expect(unknownKeyError({ kind, bogus: 1 })!.message).toMatch(/^malformed order: /);
    });
  }

  it('unknown nested keys are refused with their path', () => {
    expect(
      unknownKeyError({ kind: 'movement-plan', moves: [{ tf: 't', mode: 'COMBAT', path: [], bogus: true }] }),
    ).toMatchObject({ code: 'MALFORMED', path: ['moves', 0] });
    expect(
      unknownKeyError({ kind: 'adjustment', create: [{ org: 'o', counter: 1, hex: '0101', units: ['u'], bogus: 1 }] }),
    ).toMatchObject({ path: ['create', 0] });
    expect(
      unknownKeyError({
        kind: 'adjustment',
        reinforcements: [{ unit: 'u', tf: { newCounter: 2, org: 'o', bogus: 1 } }],
      }),
    ).toBeDefined();
    expect(unknownKeyError({ kind: 'end-movement', landings: [] })).toBeUndefined(); // not 'bogus'…
    expect(parseOrder({ kind: 'end-movement', landings: [] }).ok).toBe(false); // …but refused all the same
  });

  it('a well-formed order without extra keys still parses', () => {
    expect(parseOrder({ kind: 'end-movement' }).ok).toBe(true);
    expect(parseOrder({ kind: 'movement-plan', moves: [] }).ok).toBe(true);
  });
});
