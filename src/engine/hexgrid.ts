/**
 * Hex maps as graphs. Every rule that asks "adjacent?", "how far?" or "within N hexes?" goes
 * through a HexGraph, so a globe with wrap, poles, double hexes and curvature gaps (given as an
 * explicit adjacency list) and a plain rectangular map are handled by the same code.
 * Coordinate math lives in hexcoords.ts; movement (costs, stops, paths) in hexpaths.ts.
 */
import { offsetDistance, offsetToAxial, type Axial, type Offset, type OffsetLayout } from './hexcoords.js';

export * from './hexcoords.js';
export * from './hexpaths.js';

export interface HexGraph {
  has(id: string): boolean;
  /** Adjacent hexes in a fixed order (searches are deterministic because this order is). */
  neighbors(id: string): readonly string[];
  ids(): readonly string[];
}

function unknownHex(id: string): never {
  throw new RangeError(`unknown hex '${id}'`);
}

class AdjacencyGraph implements HexGraph {
  private readonly order: readonly string[];
  constructor(private readonly adj: ReadonlyMap<string, readonly string[]>) {
    this.order = Object.freeze([...adj.keys()]);
  }
  has(id: string): boolean {
    return this.adj.has(id);
  }
  neighbors(id: string): readonly string[] {
    return this.adj.get(id) ?? unknownHex(id);
  }
  ids(): readonly string[] {
    return this.order;
  }
}

/**
 * Builds a graph from an explicit adjacency list (data packs). Adjacency in these games is
 * always mutual, so a one-way edge is a data error and is reported rather than silently fixed.
 */
export function graphFromAdjacency(
  adjacency: Readonly<Record<string, readonly string[]>> | ReadonlyMap<string, readonly string[]>,
): HexGraph {
  const entries = adjacency instanceof Map ? [...adjacency.entries()] : Object.entries(adjacency);
  const adj = new Map<string, readonly string[]>();
  for (const [id, ns] of entries) adj.set(id, Object.freeze([...ns]));
  for (const [id, ns] of adj) {
    if (new Set(ns).size !== ns.length) throw new Error(`hex '${id}' lists a neighbour twice`);
    for (const n of ns) {
      if (n === id) throw new Error(`hex '${id}' lists itself as a neighbour`);
      const back = adj.get(n);
      if (!back) throw new Error(`hex '${id}' lists unknown neighbour '${n}'`);
      if (!back.includes(id))
        throw new Error(`asymmetric adjacency: '${id}' lists '${n}' but '${n}' does not list '${id}'`);
    }
  }
  return new AdjacencyGraph(adj);
}

/** Plain-JSON adjacency of any graph (for exports and data-pack round trips). */
export function toAdjacency(graph: HexGraph): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const id of graph.ids()) out[id] = [...graph.neighbors(id)];
  return out;
}

export function areAdjacent(graph: HexGraph, a: string, b: string): boolean {
  return graph.has(a) && graph.neighbors(a).includes(b);
}

export interface OffsetGridSpec {
  rows: number;
  cols: number;
  layout: OffsetLayout;
  /** Hex id from 0-based row and column; defaults to "row,col". */
  id?: (row: number, col: number) => string;
}

/** A rectangular map: a HexGraph that also knows its coordinates and exact distances. */
export interface OffsetGrid extends HexGraph {
  readonly rows: number;
  readonly cols: number;
  readonly layout: OffsetLayout;
  idAt(row: number, col: number): string | undefined;
  offsetOf(id: string): Offset;
  axialOf(id: string): Axial;
  /** Exact distance by formula; equals BFS distance because a rectangle has no holes. */
  hexDistance(a: string, b: string): number;
}

export function offsetGrid(spec: OffsetGridSpec): OffsetGrid {
  const { rows, cols, layout } = spec;
  if (!Number.isInteger(rows) || !Number.isInteger(cols) || rows < 1 || cols < 1) {
    throw new RangeError(`grid needs positive integer rows and cols, got ${rows}x${cols}`);
  }
  const name = spec.id ?? ((r: number, c: number) => `${r},${c}`);
  const byPos: string[][] = [];
  const pos = new Map<string, Offset>();
  for (let r = 0; r < rows; r++) {
    byPos.push([]);
    for (let c = 0; c < cols; c++) {
      const id = name(r, c);
      if (pos.has(id)) throw new Error(`grid id function gives '${id}' to two hexes`);
      pos.set(id, { row: r, col: c });
      byPos[r].push(id);
    }
  }
  // Neighbours are the cells at axial distance 1; computing them this way keeps every layout
  // consistent with the distance formula instead of hand-listing four parity tables.
  const adj = new Map<string, readonly string[]>();
  for (const [id, p] of pos) {
    const ns: string[] = [];
    for (let r = p.row - 1; r <= p.row + 1; r++) {
      for (let c = p.col - 1; c <= p.col + 1; c++) {
        if (r < 0 || c < 0 || r >= rows || c >= cols || (r === p.row && c === p.col)) continue;
        if (offsetDistance(p, { row: r, col: c }, layout) === 1) ns.push(byPos[r][c]);
      }
    }
    adj.set(id, Object.freeze(ns));
  }
  const graph = new AdjacencyGraph(adj);
  const offsetOf = (id: string): Offset => pos.get(id) ?? unknownHex(id);
  return {
    rows,
    cols,
    layout,
    has: (id) => graph.has(id),
    neighbors: (id) => graph.neighbors(id),
    ids: () => graph.ids(),
    idAt: (r, c) => byPos[r]?.[c],
    offsetOf: (id) => ({ ...offsetOf(id) }),
    axialOf: (id) => {
      const p = offsetOf(id);
      return offsetToAxial(p.row, p.col, layout);
    },
    hexDistance: (a, b) => offsetDistance(offsetOf(a), offsetOf(b), layout),
  };
}

export interface SearchOptions {
  /** Hexes that may not be entered at all (the destination included). */
  blocked?: (hex: string) => boolean;
  /** Hexes that may be entered as the last hex but not passed through (e.g. supply into ZOC). */
  noPassThrough?: (hex: string) => boolean;
}

function requireHex(graph: HexGraph, id: string): void {
  if (!graph.has(id)) unknownHex(id);
}

/**
 * Breadth-first distances from `from`, stopping at `maxRange` if given. The start hex is never
 * "entered", so it is exempt from `blocked` and `noPassThrough`.
 */
function bfs(
  graph: HexGraph,
  from: string,
  maxRange: number,
  opts: SearchOptions,
  target?: string,
): Map<string, number> {
  requireHex(graph, from);
  const dist = new Map<string, number>([[from, 0]]);
  let frontier = [from];
  for (let d = 1; d <= maxRange && frontier.length > 0; d++) {
    const next: string[] = [];
    for (const h of frontier) {
      if (h !== from && opts.noPassThrough?.(h)) continue;
      for (const n of graph.neighbors(h)) {
        if (dist.has(n) || opts.blocked?.(n)) continue;
        dist.set(n, d);
        if (n === target) return dist;
        next.push(n);
      }
    }
    frontier = next;
  }
  return dist;
}

/** Steps from `a` to `b` over the graph, or null when `b` cannot be reached. */
export function distance(graph: HexGraph, a: string, b: string, opts: SearchOptions = {}): number | null {
  requireHex(graph, a);
  requireHex(graph, b);
  if (a === b) return 0;
  return bfs(graph, a, Infinity, opts, b).get(b) ?? null;
}

/** Every hex within `range` steps of `from` (itself included at 0), in breadth-first order. */
export function hexesWithin(
  graph: HexGraph,
  from: string,
  range: number,
  opts: SearchOptions = {},
): Map<string, number> {
  if (!(range >= 0)) throw new RangeError(`range must be >= 0, got ${range}`);
  return bfs(graph, from, range, opts);
}
