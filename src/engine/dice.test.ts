import { describe, it, expect } from 'vitest';
import { ScriptedDice, SeededDice, seededDice, type DiceKey } from './dice.js';

const key: DiceKey = { seed: 'secret-seed', gameId: 'g1', step: 4, salts: ['alpha', 'beta'] };
const rolls = (k: DiceKey, n = 40): number[] => {
  const d = new SeededDice(k);
  return Array.from({ length: n }, () => d.d6('t'));
};

describe('SeededDice', () => {
  it('gives the same rolls for the same key', () => {
    expect(rolls(key)).toEqual(rolls({ ...key, salts: ['alpha', 'beta'] }));
  });

  it('ignores the order in which salts are revealed', () => {
    expect(rolls(key)).toEqual(rolls({ ...key, salts: ['beta', 'alpha'] }));
  });

  it('changes with the step, the salts, the game and the seed', () => {
    const base = rolls(key);
    expect(rolls({ ...key, step: 5 })).not.toEqual(base);
    expect(rolls({ ...key, salts: ['alpha', 'gamma'] })).not.toEqual(base);
    expect(rolls({ ...key, salts: [] })).not.toEqual(base);
    expect(rolls({ ...key, gameId: 'g2' })).not.toEqual(base);
    expect(rolls({ ...key, seed: 'other' })).not.toEqual(base);
  });

  it('stays within the faces for odd-sized dice', () => {
    const d = seededDice('faces');
    for (const sides of [2, 3, 7, 10, 12, 20, 100]) {
      const seen = new Set<number>();
      for (let i = 0; i < 2000; i++) {
        const v = d.roll(sides, 'x');
        expect(Number.isInteger(v) && v >= 1 && v <= sides).toBe(true);
        seen.add(v);
      }
      expect(seen.size).toBe(sides);
    }
  });

  it('is roughly uniform over 60,000 d6 rolls (chi-square, 5 degrees of freedom)', () => {
    const d = seededDice('uniformity', 1);
    const counts = [0, 0, 0, 0, 0, 0];
    const n = 60_000;
    for (let i = 0; i < n; i++) counts[d.d6('u') - 1]++;
    const expected = n / 6;
    const chi2 = counts.reduce((acc, c) => acc + (c - expected) ** 2 / expected, 0);
    // p = 0.001 critical value for 5 df is 20.5; a biased die (e.g. modulo bias, an off-by-one
    // face) lands far above this.
    expect(chi2).toBeLessThan(20.5);
    for (const c of counts) expect(Math.abs(c - expected)).toBeLessThan(400);
  });

  it('records every die, including each die of a sum, and drains in chunks', () => {
    const d = seededDice('log');
    const a = d.d6('first');
    const s = d.sum(3, 10, 'volley');
    expect(d.log).toHaveLength(4);
    expect(d.log[0]).toEqual({ label: 'first', sides: 6, value: a });
    expect(d.log.slice(1).every((r) => r.label === 'volley' && r.sides === 10)).toBe(true);
    expect(d.log.slice(1).reduce((t, r) => t + r.value, 0)).toBe(s);
    expect(d.drain()).toHaveLength(4);
    d.roll(20, 'later');
    expect(d.drain()).toEqual([d.log[4]]);
    expect(d.drain()).toEqual([]);
    expect(d.log).toHaveLength(5);
  });

  it('rejects dice with fewer than two sides', () => {
    const d = seededDice('bad');
    expect(() => d.roll(1, 'x')).toThrow(RangeError);
    expect(() => d.roll(2.5, 'x')).toThrow(RangeError);
    expect(d.log).toHaveLength(0);
  });
});

describe('ScriptedDice', () => {
  it('returns the script in order and counts what remains', () => {
    const d = new ScriptedDice([3, 6, 1]);
    expect(d.d6('a')).toBe(3);
    expect(d.remaining).toBe(2);
    expect(d.sum(2, 6, 'b')).toBe(7);
    expect(d.remaining).toBe(0);
    expect(d.log.map((r) => r.value)).toEqual([3, 6, 1]);
  });

  it('throws when the script runs out', () => {
    const d = new ScriptedDice([2]);
    d.d6('a');
    expect(() => d.d6('b')).toThrow(/exhausted/);
  });

  it('throws when a scripted value is not a face of the die', () => {
    expect(() => new ScriptedDice([7]).d6('a')).toThrow(/not a face of a d6/);
    expect(() => new ScriptedDice([0]).roll(10, 'a')).toThrow(RangeError);
    expect(new ScriptedDice([7]).roll(10, 'a')).toBe(7);
  });
});
