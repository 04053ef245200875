import { describe, it, expect } from 'vitest';
import { seededDice } from './dice.js';
import { cheapestPaths, graphFromAdjacency, offsetGrid, validatePath, type MoveRules } from './hexgrid.js';

/*
 * A two-route map:   S - a - b - c - d
 *                    |           |
 *                    e - f - g - h
 * Entering b (forest) costs 3, every other hex 1.
 */
const map = graphFromAdjacency({
  S: ['a', 'e'],
  a: ['S', 'b'],
  b: ['a', 'c'],
  c: ['b', 'd', 'h'],
  d: ['c'],
  e: ['S', 'f'],
  f: ['e', 'g'],
  g: ['f', 'h'],
  h: ['g', 'c'],
});
const terrain: Record<string, number | null> = { S: 1, a: 1, b: 3, c: 1, d: 1, e: 1, f: 1, g: 1, h: 1 };
const rules = (over: Partial<MoveRules> = {}, costs: Record<string, number | null> = {}): MoveRules => ({
  budget: 5,
  cost: (_from, to) => (to in costs ? costs[to] : terrain[to]),
  ...over,
});
const costs = (r: ReturnType<typeof cheapestPaths>): Record<string, number> =>
  Object.fromEntries([...r.reached.values()].map((e) => [e.hex, e.cost]));

describe('cheapestPaths', () => {
  it('finds cheapest costs within the budget and breaks ties by fewer steps', () => {
    const r = cheapestPaths(map, 'S', rules());
    expect(costs(r)).toEqual({ S: 0, a: 1, b: 4, c: 5, e: 1, f: 2, g: 3, h: 4 });
    expect(r.pathTo('c')).toEqual(['S', 'a', 'b', 'c']); // 5 MP either way; 3 steps beat 5
    expect(r.pathTo('h')).toEqual(['S', 'e', 'f', 'g', 'h']);
    expect(r.pathTo('d')).toBeNull(); // would cost 6
    expect(r.pathTo('S')).toEqual(['S']);
  });

  it('prefers fewer steps on equal cost even when the longer route is found first', () => {
    // Costs depend on the hexside crossed (e.g. a river between y and T is cheap to ford only here).
    const g = graphFromAdjacency({
      S: ['x1', 'y'],
      x1: ['S', 'x2'],
      x2: ['x1', 'x3'],
      x3: ['x2', 'T'],
      y: ['S', 'T'],
      T: ['x3', 'y'],
    });
    const side: Record<string, number> = {
      'S>x1': 0.25,
      'x1>x2': 0.25,
      'x2>x3': 0.5,
      'x3>T': 1,
      'S>y': 1.5,
      'y>T': 0.5,
    };
    const r = cheapestPaths(g, 'S', { budget: 3, cost: (f, t) => side[`${f}>${t}`] ?? 1 });
    expect(r.reached.get('T')).toMatchObject({ cost: 2, steps: 2 });
    expect(r.pathTo('T')).toEqual(['S', 'y', 'T']);
  });

  it('ends movement on entering a stop hex (zone of control)', () => {
    const r = cheapestPaths(map, 'S', rules({ stopsAt: (h) => h === 'g' }));
    expect(costs(r)).toEqual({ S: 0, a: 1, b: 4, c: 5, e: 1, f: 2, g: 3 });
    expect(r.reached.get('g')!.endsMovement).toBe(true);
    expect(r.reached.get('f')!.endsMovement).toBe(false);
  });

  it('routes around impassable hexes, and combines them with stops', () => {
    const around = cheapestPaths(map, 'S', rules({}, { b: null }));
    expect(around.pathTo('c')).toEqual(['S', 'e', 'f', 'g', 'h', 'c']);
    expect(around.reached.has('b')).toBe(false);
    const boxed = cheapestPaths(map, 'S', rules({ stopsAt: (h) => h === 'g' }, { b: null }));
    expect(costs(boxed)).toEqual({ S: 0, a: 1, e: 1, f: 2, g: 3 });
  });

  it('lets a stop be continued where the rules allow (into the ZOC-exerting hex)', () => {
    const r = cheapestPaths(
      map,
      'S',
      rules(
        { stopsAt: (h) => h === 'g' || h === 'h', continueAfterStop: (s, n) => s === 'g' && n === 'h' },
        { b: null },
      ),
    );
    expect(costs(r)).toEqual({ S: 0, a: 1, e: 1, f: 2, g: 3, h: 4 });
    expect(r.pathTo('h')).toEqual(['S', 'e', 'f', 'g', 'h']);
  });

  it('does not stop a unit that starts in a stop hex', () => {
    const r = cheapestPaths(map, 'S', rules({ stopsAt: (h) => h === 'S' }));
    expect(r.reached.get('S')!.endsMovement).toBe(false);
    expect(r.reached.has('c')).toBe(true);
  });

  it('allows an over-budget first hex only when asked, and ends movement there', () => {
    const tight = { budget: 2 };
    const without = cheapestPaths(map, 'S', rules(tight, { a: 3 }));
    expect(without.reached.has('a')).toBe(false);
    const withRule = cheapestPaths(map, 'S', rules({ ...tight, firstStepAlwaysAllowed: true }, { a: 3 }));
    expect(withRule.reached.get('a')).toMatchObject({ cost: 3, endsMovement: true });
    expect(withRule.reached.has('b')).toBe(false);
    expect(costs(withRule)).toEqual({ S: 0, a: 3, e: 1, f: 2 });
    // Impassable stays impassable even for the first step.
    expect(
      cheapestPaths(map, 'S', rules({ ...tight, firstStepAlwaysAllowed: true }, { a: null })).reached.has('a'),
    ).toBe(false);
  });

  it('marks hexes a unit may pass but not end in', () => {
    const r = cheapestPaths(map, 'S', rules({ mayEndIn: (h) => h !== 'f' }));
    expect(r.reached.get('f')!.mayEnd).toBe(false);
    expect(r.reached.get('g')!.mayEnd).toBe(true);
  });

  it('rejects bad costs and unknown start hexes', () => {
    expect(() => cheapestPaths(map, 'S', rules({}, { a: -1 }))).toThrow(RangeError);
    expect(() => cheapestPaths(map, 'S', rules({}, { a: NaN }))).toThrow(RangeError);
    expect(() => cheapestPaths(map, 'Z', rules())).toThrow(/unknown hex/);
  });
});

describe('validatePath', () => {
  it('accepts legal paths and reports their cost', () => {
    expect(validatePath(map, ['S', 'a', 'b', 'c'], rules())).toEqual({ ok: true, cost: 5 });
    expect(validatePath(map, ['S'], rules())).toEqual({ ok: true, cost: 0 });
  });

  it('reports the first failing index with a reason code', () => {
    expect(validatePath(map, [], rules())).toMatchObject({ ok: false, index: 0, reason: 'empty-path' });
    expect(validatePath(map, ['S', 'x'], rules())).toMatchObject({ ok: false, index: 1, reason: 'unknown-hex' });
    expect(validatePath(map, ['S', 'a', 'c'], rules())).toMatchObject({ ok: false, index: 2, reason: 'not-adjacent' });
    expect(validatePath(map, ['S', 'a', 'b'], rules({}, { b: null }))).toMatchObject({
      ok: false,
      index: 2,
      reason: 'impassable',
      cost: 1,
    });
    expect(validatePath(map, ['S', 'a', 'b', 'c', 'd'], rules())).toEqual({
      ok: false,
      index: 4,
      reason: 'over-budget',
      cost: 5,
    });
    expect(validatePath(map, ['S', 'e', 'f', 'g', 'h'], rules({ stopsAt: (h) => h === 'g' }))).toMatchObject({
      ok: false,
      index: 4,
      reason: 'continues-after-stop',
    });
    expect(validatePath(map, ['S', 'e', 'f'], rules({ mayEndIn: (h) => h !== 'f' }))).toMatchObject({
      ok: false,
      index: 2,
      reason: 'cannot-end-here',
    });
    expect(validatePath(map, ['S', 'e', 'f', 'g'], rules({ mayEndIn: (h) => h !== 'f' })).ok).toBe(true);
  });

  it('applies the first-step allowance only to the first step, and stops after it', () => {
    const r = rules({ budget: 2, firstStepAlwaysAllowed: true }, { a: 3, e: 3 });
    expect(validatePath(map, ['S', 'a'], r)).toEqual({ ok: true, cost: 3 });
    expect(validatePath(map, ['S', 'a', 'b'], r)).toMatchObject({
      ok: false,
      index: 2,
      reason: 'continues-after-stop',
    });
    expect(validatePath(map, ['S', 'a'], rules({ budget: 2 }, { a: 3 }))).toMatchObject({
      ok: false,
      reason: 'over-budget',
    });
  });
});

describe('cheapestPaths agrees with an exhaustive search on random terrain', () => {
  const grid = offsetGrid({ rows: 4, cols: 5, layout: 'odd-q' });
  for (let trial = 0; trial < 12; trial++) {
    it(`terrain #${trial}`, () => {
      const dice = seededDice('terrain', trial);
      const cost: Record<string, number | null> = {};
      const stop = new Set<string>();
      for (const id of grid.ids()) {
        cost[id] = [1, 1, 1, 2, 3, null][dice.d6('cost') - 1];
        if (dice.d6('zoc') === 6) stop.add(id);
      }
      const r: MoveRules = {
        budget: 4,
        cost: (_f, t) => cost[t],
        stopsAt: (h) => stop.has(h),
        firstStepAlwaysAllowed: trial % 2 === 0,
      };
      const start = grid.ids()[dice.roll(grid.ids().length, 'start') - 1];
      // Every simple path that validates; its cheapest cost per end hex is the oracle.
      const best = new Map<string, number>();
      const walk = (path: string[]): void => {
        const check = validatePath(grid, path, r);
        if (!check.ok) return;
        const end = path[path.length - 1];
        best.set(end, Math.min(best.get(end) ?? Infinity, check.cost));
        for (const n of grid.neighbors(end)) if (!path.includes(n)) walk([...path, n]);
      };
      walk([start]);
      const reach = cheapestPaths(grid, start, r);
      expect(costs(reach)).toEqual(Object.fromEntries(best));
      for (const hex of reach.reached.keys()) {
        expect(validatePath(grid, reach.pathTo(hex)!, r)).toEqual({ ok: true, cost: reach.reached.get(hex)!.cost });
      }
    });
  }
});
