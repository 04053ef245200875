/**
 * Movement over a HexGraph. The games share one model: a unit has a movement budget, entering
 * a hex costs points that depend on terrain (or is impossible), entering certain hexes (enemy
 * zones of control, enemy-occupied hexes) ends movement, and some rules let a unit always take
 * one hex whatever it costs. Each game expresses its own terrain and ZOC rules as callbacks;
 * this file only searches and checks, so the same rules drive the bot, the legal-move list
 * shown to clients and order validation.
 */
import type { HexGraph } from './hexgrid.js';

/** Cost of stepping from `from` into the adjacent `to`; null means the step is impossible. */
export type StepCost = (from: string, to: string) => number | null;

export interface MoveRules {
  budget: number;
  cost: StepCost;
  /** Entering this hex ends movement (e.g. an enemy zone of control). The start hex is exempt. */
  stopsAt?: (hex: string) => boolean;
  /**
   * Exceptions to a stop: may a unit that entered stop hex `stopHex` still step into `next`?
   * (Cerberus lets a unit entering an enemy ZOC go on into the hex of the unit exerting it.)
   */
  continueAfterStop?: (stopHex: string, next: string) => boolean;
  /** The first hex may be entered even when it costs more than the budget; movement then ends. */
  firstStepAlwaysAllowed?: boolean;
  /** Where a unit may end its move (default anywhere); it may still pass through other hexes. */
  mayEndIn?: (hex: string) => boolean;
}

export interface ReachEntry {
  hex: string;
  cost: number;
  steps: number;
  /** Previous hex on the cheapest path; null for the start. */
  prev: string | null;
  /** Movement cannot go on from here (a stop hex, or a first step taken over budget). */
  endsMovement: boolean;
  mayEnd: boolean;
}

export interface Reach {
  from: string;
  /** Every reachable hex (start included) with its cheapest cost, in settling order. */
  reached: ReadonlyMap<string, ReachEntry>;
  /** [from, ..., hex] along the cheapest path, or null if `hex` is not reachable. */
  pathTo(hex: string): string[] | null;
}

// Fractional costs (half-MP roads) add up exactly in binary, but thirds would not; a tiny
// tolerance keeps "exactly the budget" legal.
const EPS = 1e-9;

function stepCost(rules: MoveRules, from: string, to: string): number | null {
  const c = rules.cost(from, to);
  if (c !== null && !(Number.isFinite(c) && c >= 0)) {
    throw new RangeError(`step cost ${from}->${to} must be a finite number >= 0 or null, got ${c}`);
  }
  return c;
}

interface Item {
  cost: number;
  steps: number;
  seq: number;
  hex: string;
  prev: string | null;
}

/** Orders by cost, then fewer steps, then first found: ties break the same way every run. */
const before = (a: Item, b: Item): boolean =>
  a.cost !== b.cost ? a.cost < b.cost : a.steps !== b.steps ? a.steps < b.steps : a.seq < b.seq;

/** Minimal binary heap; kept here so the toolkit has no dependency for a few lines of code. */
class Heap {
  private readonly items: Item[] = [];
  get size(): number {
    return this.items.length;
  }
  push(item: Item): void {
    const a = this.items;
    a.push(item);
    for (let i = a.length - 1; i > 0;) {
      const p = (i - 1) >> 1;
      if (!before(a[i], a[p])) break;
      [a[i], a[p]] = [a[p], a[i]];
      i = p;
    }
  }
  pop(): Item {
    const a = this.items;
    const top = a[0];
    const last = a.pop()!;
    if (a.length > 0) {
      a[0] = last;
      for (let i = 0; ;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < a.length && before(a[l], a[m])) m = l;
        if (r < a.length && before(a[r], a[m])) m = r;
        if (m === i) break;
        [a[i], a[m]] = [a[m], a[i]];
        i = m;
      }
    }
    return top;
  }
}

/**
 * Dijkstra from `from` under `rules`. Whether a hex ends movement depends only on the hex
 * (and, for the first step, on its cost), so one cheapest entry per hex is exact.
 */
export function cheapestPaths(graph: HexGraph, from: string, rules: MoveRules): Reach {
  if (!graph.has(from)) throw new RangeError(`unknown hex '${from}'`);
  const reached = new Map<string, ReachEntry>();
  const tentative = new Map<string, Item>();
  const heap = new Heap();
  let seq = 0;
  heap.push({ cost: 0, steps: 0, seq: seq++, hex: from, prev: null });
  while (heap.size > 0) {
    const item = heap.pop();
    if (reached.has(item.hex)) continue;
    const isStart = item.hex === from;
    const forced = item.cost > rules.budget + EPS;
    const stopped = forced || (!isStart && (rules.stopsAt?.(item.hex) ?? false));
    reached.set(item.hex, {
      hex: item.hex,
      cost: item.cost,
      steps: item.steps,
      prev: item.prev,
      endsMovement: stopped,
      mayEnd: rules.mayEndIn?.(item.hex) ?? true,
    });
    if (forced) continue; // over budget already: nothing further is affordable
    for (const next of graph.neighbors(item.hex)) {
      if (reached.has(next)) continue;
      if (stopped && !(rules.continueAfterStop?.(item.hex, next) ?? false)) continue;
      const c = stepCost(rules, item.hex, next);
      if (c === null) continue;
      const cost = item.cost + c;
      if (cost > rules.budget + EPS && !(isStart && rules.firstStepAlwaysAllowed)) continue;
      const cand: Item = { cost, steps: item.steps + 1, seq: seq++, hex: next, prev: item.hex };
      const known = tentative.get(next);
      if (known && !before(cand, known)) continue;
      tentative.set(next, cand);
      heap.push(cand);
    }
  }
  return {
    from,
    reached,
    pathTo(hex) {
      if (!reached.has(hex)) return null;
      const path: string[] = [];
      for (let h: string | null = hex; h !== null; h = reached.get(h)!.prev) path.push(h);
      return path.reverse();
    },
  };
}

export type PathFailure =
  | 'empty-path'
  | 'unknown-hex'
  | 'not-adjacent'
  | 'impassable'
  | 'over-budget'
  | 'continues-after-stop'
  | 'cannot-end-here';

export type PathCheck =
  | { ok: true; cost: number }
  /** `index` is the first failing position in the path; `cost` is what was spent before it. */
  | { ok: false; index: number; reason: PathFailure; cost: number };

/**
 * Checks a submitted path [start, ...hexes entered] step by step with the same rules as
 * cheapestPaths, reporting the first failure so the player can be told exactly what is wrong.
 */
export function validatePath(graph: HexGraph, path: readonly string[], rules: MoveRules): PathCheck {
  const fail = (index: number, reason: PathFailure, cost: number): PathCheck => ({ ok: false, index, reason, cost });
  if (path.length === 0) return fail(0, 'empty-path', 0);
  if (!graph.has(path[0])) return fail(0, 'unknown-hex', 0);
  let cost = 0;
  let stopped = false;
  for (let i = 1; i < path.length; i++) {
    const prev = path[i - 1];
    const hex = path[i];
    if (!graph.has(hex)) return fail(i, 'unknown-hex', cost);
    if (!graph.neighbors(prev).includes(hex)) return fail(i, 'not-adjacent', cost);
    const forcedStop = cost > rules.budget + EPS;
    if (forcedStop || (stopped && !(rules.continueAfterStop?.(prev, hex) ?? false))) {
      return fail(i, 'continues-after-stop', cost);
    }
    const c = stepCost(rules, prev, hex);
    if (c === null) return fail(i, 'impassable', cost);
    if (cost + c > rules.budget + EPS && !(i === 1 && rules.firstStepAlwaysAllowed)) {
      return fail(i, 'over-budget', cost);
    }
    cost += c;
    stopped = rules.stopsAt?.(hex) ?? false;
  }
  const last = path.length - 1;
  if (last > 0 && rules.mayEndIn && !rules.mayEndIn(path[last])) return fail(last, 'cannot-end-here', cost);
  return { ok: true, cost };
}
