import { describe, it, expect } from 'vitest';
import { ScriptedDice, SeededDice, seededDice, type DiceKey } from './dice.js';
import { deal, drawBlind, shuffle } from './draw.js';

const key: DiceKey = { seed: 'secret-seed', gameId: 'g1', step: 3 };
const counters = ['c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7', 'c8'];

/** Pearson's chi-square of observed counts against equal expectations. */
function chiSquare(counts: number[]): number {
  const n = counts.reduce((a, b) => a + b, 0);
  const expected = n / counts.length;
  return counts.reduce((acc, c) => acc + (c - expected) ** 2 / expected, 0);
}

describe('shuffle', () => {
  it('is a permutation and leaves its input alone', () => {
    const input = [...counters];
    const out = shuffle(input, seededDice('perm'), 'deck');
    expect(input).toEqual(counters);
    expect([...out].sort()).toEqual(counters);
  });

  it('is deterministic: the same key gives the same order and the same rolls', () => {
    const a = new SeededDice(key);
    const b = new SeededDice(key);
    expect(shuffle(counters, a, 'deck')).toEqual(shuffle(counters, b, 'deck'));
    expect(a.log).toEqual(b.log);
    expect(shuffle(counters, new SeededDice({ ...key, step: 4 }), 'deck')).not.toEqual(
      shuffle(counters, new SeededDice(key), 'deck'),
    );
  });

  it('records one roll per swap, d n down to d2, under its label', () => {
    const d = seededDice('log');
    shuffle(counters, d, 'safe zones');
    expect(d.log.map((r) => r.sides)).toEqual([8, 7, 6, 5, 4, 3, 2]);
    expect(d.log.every((r) => r.label === 'safe zones')).toBe(true);
    const none = seededDice('log');
    expect(shuffle(['only'], none, 'x')).toEqual(['only']);
    expect(shuffle([], none, 'x')).toEqual([]);
    expect(none.log).toEqual([]);
  });

  it('gives each of the 6 orders of 3 items about equally often over 6,000 seeds (chi-square, 5 df)', () => {
    const orders = new Map<string, number>();
    for (let s = 0; s < 6000; s++) {
      const k = shuffle(['a', 'b', 'c'], seededDice(`shuffle-${s}`), 'u').join('');
      orders.set(k, (orders.get(k) ?? 0) + 1);
    }
    expect(orders.size).toBe(6);
    // p = 0.001 critical value for 5 df is 20.5; a biased shuffle (e.g. swapping with any
    // position, n^n paths over n! orders) lands far above it.
    expect(chiSquare([...orders.values()])).toBeLessThan(20.5);
  });

  it('replays from the recorded roll values alone', () => {
    const d = new SeededDice(key);
    const order = shuffle(counters, d, 'deck');
    const replay = new ScriptedDice(d.log.map((r) => r.value));
    expect(shuffle(counters, replay, 'deck')).toEqual(order);
    expect(replay.log).toEqual(d.log);
    expect(replay.remaining).toBe(0);
  });
});

describe('drawBlind', () => {
  it('draws without replacement, keeps the cup order for the rest, and leaves the cup alone', () => {
    const cup = [...counters];
    const { drawn, rest } = drawBlind(cup, 3, seededDice('cup'), 'draw');
    expect(cup).toEqual(counters);
    expect(drawn).toHaveLength(3);
    expect(new Set(drawn).size).toBe(3);
    expect([...drawn, ...rest].sort()).toEqual(counters);
    expect(rest).toEqual(counters.filter((c) => !drawn.includes(c)));
  });

  it('rolls a die of as many faces as items left, and none for the last item', () => {
    const d = seededDice('faces');
    const { drawn, rest } = drawBlind(['x', 'y', 'z'], 3, d, 'bogeys');
    expect(d.log.map((r) => [r.label, r.sides])).toEqual([
      ['bogeys', 3],
      ['bogeys', 2],
    ]);
    expect(rest).toEqual([]);
    expect([...drawn].sort()).toEqual(['x', 'y', 'z']);
  });

  it('picks by the scripted faces (a worked example reads its draws off the dice)', () => {
    expect(drawBlind(['a', 'b', 'c', 'd'], 2, new ScriptedDice([4, 1]), 'w')).toEqual({
      drawn: ['d', 'a'],
      rest: ['b', 'c'],
    });
  });

  it('is deterministic and replays from the recorded rolls', () => {
    const a = new SeededDice(key);
    const first = drawBlind(counters, 5, a, 'draw');
    expect(drawBlind(counters, 5, new SeededDice(key), 'draw')).toEqual(first);
    const replay = new ScriptedDice(a.log.map((r) => r.value));
    expect(drawBlind(counters, 5, replay, 'draw')).toEqual(first);
    expect(replay.log).toEqual(a.log);
  });

  it('draws each of 5 items first about equally often over 5,000 seeds (chi-square, 4 df)', () => {
    const counts = [0, 0, 0, 0, 0];
    const cup = [0, 1, 2, 3, 4];
    for (let s = 0; s < 5000; s++) counts[drawBlind(cup, 1, seededDice(`cup-${s}`), 'u').drawn[0]]++;
    // p = 0.001 critical value for 4 df is 18.5.
    expect(chiSquare(counts)).toBeLessThan(18.5);
  });

  it('refuses to draw more than the cup holds, or a negative or fractional count, before rolling', () => {
    const d = seededDice('bad');
    expect(() => drawBlind(['a'], 2, d, 'x')).toThrow(RangeError);
    expect(() => drawBlind(['a'], -1, d, 'x')).toThrow(RangeError);
    expect(() => drawBlind(['a', 'b'], 1.5, d, 'x')).toThrow(RangeError);
    expect(d.log).toEqual([]);
    expect(drawBlind(['a'], 0, d, 'x')).toEqual({ drawn: [], rest: ['a'] });
  });
});

describe('deal', () => {
  it('takes from the top of a shuffled deck without a roll', () => {
    const d = seededDice('deal');
    const deck = shuffle(counters, d, 'deck');
    const rolls = d.log.length;
    expect(deal(deck, 2)).toEqual({ drawn: deck.slice(0, 2), rest: deck.slice(2) });
    expect(d.log.length).toBe(rolls);
    expect(() => deal(deck, 9)).toThrow(RangeError);
  });
});
