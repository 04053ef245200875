import { describe, it, expect } from 'vitest';
import {
  areAdjacent,
  axialDistance,
  axialNeighbor,
  axialNeighbors,
  axialToCube,
  axialToOffset,
  distance,
  graphFromAdjacency,
  hexesWithin,
  offsetGrid,
  offsetToAxial,
  toAdjacency,
  type OffsetLayout,
} from './hexgrid.js';

const LAYOUTS: OffsetLayout[] = ['odd-q', 'even-q', 'odd-r', 'even-r'];
const sorted = (xs: readonly string[]): string[] => [...xs].sort();

describe('offsetGrid (odd-q, 0-based, odd columns shoved down)', () => {
  const g = offsetGrid({ rows: 6, cols: 7, layout: 'odd-q' });

  it('lists the hand-checked neighbours', () => {
    expect(sorted(g.neighbors('2,3'))).toEqual(sorted(['1,3', '3,3', '2,2', '3,2', '2,4', '3,4']));
    expect(sorted(g.neighbors('2,2'))).toEqual(sorted(['1,2', '3,2', '1,1', '2,1', '1,3', '2,3']));
    expect(sorted(g.neighbors('0,0'))).toEqual(['0,1', '1,0']);
    expect(sorted(g.neighbors('0,6'))).toEqual(['0,5', '1,6']);
    expect(sorted(g.neighbors('5,1'))).toEqual(['4,1', '5,0', '5,2']);
    expect(areAdjacent(g, '2,3', '3,4')).toBe(true);
    expect(areAdjacent(g, '2,2', '3,3')).toBe(false);
  });

  it('gives the hand-computed distances, by BFS and by formula', () => {
    const cases: [string, string, number][] = [
      ['0,0', '0,6', 6],
      ['0,0', '5,0', 5],
      ['0,0', '5,6', 8],
      ['3,0', '0,4', 5],
      ['2,3', '4,3', 2],
      ['2,3', '3,4', 1],
      ['2,2', '3,4', 2],
      ['1,1', '1,5', 4],
      ['4,4', '4,4', 0],
    ];
    for (const [a, b, d] of cases) {
      expect(distance(g, a, b), `${a}->${b}`).toBe(d);
      expect(distance(g, b, a), `${b}->${a}`).toBe(d);
      expect(g.hexDistance(a, b), `${a}->${b} formula`).toBe(d);
    }
  });

  it('knows its coordinates', () => {
    expect(g.idAt(2, 3)).toBe('2,3');
    expect(g.idAt(6, 0)).toBeUndefined();
    expect(g.offsetOf('5,6')).toEqual({ row: 5, col: 6 });
    expect(g.axialOf('5,6')).toEqual({ q: 6, r: 2 });
    expect(g.ids()).toHaveLength(42);
    expect(() => g.neighbors('9,9')).toThrow(/unknown hex/);
  });

  it('accepts a custom id such as a printed CCRR number', () => {
    const m = offsetGrid({
      rows: 40,
      cols: 30,
      layout: 'even-q',
      id: (r, c) => String(c + 1).padStart(2, '0') + String(r + 1).padStart(2, '0'),
    });
    expect(distance(m, '1334', '1331')).toBe(3);
    expect(m.hexDistance('0101', '0201')).toBe(1);
    expect(() => offsetGrid({ rows: 2, cols: 2, layout: 'odd-q', id: () => 'same' })).toThrow(/two hexes/);
  });
});

describe('every layout', () => {
  for (const layout of LAYOUTS) {
    it(`${layout}: BFS distance equals the cube formula and adjacency is symmetric`, () => {
      const g = offsetGrid({ rows: 5, cols: 6, layout });
      expect(() => graphFromAdjacency(toAdjacency(g))).not.toThrow();
      for (const id of g.ids()) {
        const n = g.neighbors(id).length;
        const { row, col } = g.offsetOf(id);
        const interior = row > 0 && col > 0 && row < 4 && col < 5;
        expect(interior ? n === 6 : n >= 2 && n <= 5, `${layout} ${id} has ${n} neighbours`).toBe(true);
        const bfs = hexesWithin(g, id, 99);
        for (const other of g.ids()) expect(bfs.get(other)).toBe(g.hexDistance(id, other));
      }
    });

    it(`${layout}: offset <-> axial round trip, negative coordinates included`, () => {
      for (let row = -3; row <= 3; row++) {
        for (let col = -3; col <= 3; col++) {
          expect(axialToOffset(offsetToAxial(row, col, layout), layout)).toEqual({ row, col });
        }
      }
    });
  }
});

describe('axial helpers', () => {
  it('has opposite directions three apart and neighbours at distance 1', () => {
    const o = { q: 2, r: -1 };
    for (let d = 0; d < 6; d++) {
      const there = axialNeighbor(o, d);
      expect(axialDistance(o, there)).toBe(1);
      expect(axialNeighbor(there, d + 3)).toEqual(o);
    }
    expect(axialNeighbors(o)).toHaveLength(6);
    expect(axialToCube({ q: 3, r: -5 })).toEqual({ q: 3, r: -5, s: 2 });
    expect(axialDistance({ q: 0, r: 0 }, { q: 3, r: -5 })).toBe(5);
  });
});

describe('graphFromAdjacency (irregular maps)', () => {
  // A ring of 12 hexes that wraps east-west, plus a pole touching every third one.
  const ring: Record<string, string[]> = {};
  for (let i = 1; i <= 12; i++) ring[`h${i}`] = [`h${i === 1 ? 12 : i - 1}`, `h${i === 12 ? 1 : i + 1}`];
  ring.P = ['h1', 'h4', 'h7', 'h10'];
  for (const h of ring.P) ring[h].push('P');
  const g = graphFromAdjacency(ring);

  it('measures across the wrap and through the pole', () => {
    expect(distance(g, 'h1', 'h12')).toBe(1);
    expect(distance(g, 'h1', 'h7')).toBe(2);
    expect(distance(g, 'h2', 'h8')).toBe(4);
    expect(distance(g, 'h2', 'h8', { blocked: (h) => h === 'P' })).toBe(6);
    expect(distance(g, 'h1', 'h7', { noPassThrough: (h) => h === 'P' })).toBe(6);
    expect(distance(g, 'h1', 'P', { noPassThrough: (h) => h === 'P' })).toBe(1);
    expect(distance(g, 'h1', 'P', { blocked: (h) => h === 'P' })).toBeNull();
    expect(distance(g, 'h1', 'h3', { blocked: (h) => h === 'h2' || h === 'P' })).toBe(10);
  });

  it('lists hexes within a range, the start included', () => {
    expect(Object.fromEntries(hexesWithin(g, 'h1', 1))).toEqual({ h1: 0, h12: 1, h2: 1, P: 1 });
    const two = hexesWithin(g, 'h1', 2);
    expect(sorted([...two.keys()])).toEqual(sorted(['h1', 'h2', 'h3', 'h11', 'h12', 'P', 'h4', 'h7', 'h10']));
    expect(hexesWithin(g, 'h1', 0).size).toBe(1);
    expect(() => hexesWithin(g, 'h1', -1)).toThrow(RangeError);
  });

  it('reports unreachable hexes as null and unknown hexes as errors', () => {
    const split = graphFromAdjacency({ a: ['b'], b: ['a'], c: [] });
    expect(distance(split, 'a', 'c')).toBeNull();
    expect(() => distance(split, 'a', 'zz')).toThrow(/unknown hex 'zz'/);
    expect(() => distance(split, 'zz', 'a')).toThrow(/unknown hex 'zz'/);
  });

  it('rejects one-way edges and other data errors', () => {
    expect(() => graphFromAdjacency({ a: ['b'], b: [] })).toThrow(/asymmetric adjacency: 'a' lists 'b'/);
    expect(() => graphFromAdjacency({ a: ['b'] })).toThrow(/unknown neighbour 'b'/);
    expect(() => graphFromAdjacency({ a: ['a'] })).toThrow(/itself/);
    expect(() => graphFromAdjacency({ a: ['b', 'b'], b: ['a'] })).toThrow(/twice/);
  });

  it('accepts a Map and keeps neighbour order', () => {
    const m = graphFromAdjacency(
      new Map([
        ['x', ['z', 'y']],
        ['y', ['x']],
        ['z', ['x']],
      ]),
    );
    expect(m.neighbors('x')).toEqual(['z', 'y']);
    expect(m.ids()).toEqual(['x', 'y', 'z']);
    expect(m.has('q')).toBe(false);
  });
});
