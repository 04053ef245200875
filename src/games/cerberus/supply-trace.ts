/**
 * Supply lines (12.4, 12.5, 12.71, 5.7, 10.412) and the assignment of units to supply sources as
 * a maximum flow (digest 8.2 item 8, `autoSupply`).
 *
 * A supply path is traced from the source to the unit by an imaginary unit with the unit's
 * Movement Factor (12.4): normal terrain costs (Mountain 2) plus storm intensity (15.7), across
 * All Water, never through a hex in an unsuppressed enemy ZOC or holding only enemy units unless a
 * friendly unit is there (5.7, G18); a unit next to the source is always reachable (4.7, option
 * supplyPathMinimumMove).
 */
import type { GameEvent } from '#engine/contract.js';
import { cheapestPaths, type Reach } from '#engine/hexgrid.js';
import { isResourceHex, moveCost } from './map.js';
import {
  SUPPLY,
  enemyZoc,
  holdsSupplies,
  intensityOf,
  mapOf,
  needsSupply,
  onMap,
  own,
  packOption,
  type IntensityAt,
  type LogisticsHooks,
} from './logistics.js';
import { isPolarSupplyHex } from './map.js';
import type { SupplyPlan } from './orders.js';
import { enemyOf, type CerberusState, type HexId, type Side, type Unit } from './state.js';

type Source = SupplyPlan['draws'][number]['source'];

// ---------------------------------------------------------------- a. production (12.7)

/** 3.2 B.2a, 12.7, 10.412 production: +2 at every undisrupted own Base/Spaceport on a Resource hex (option productionPerResourceHex). */
export function produceSupplies(state: CerberusState, side: Side): GameEvent[] {
  const onePerHex = packOption(state, 'productionPerResourceHex') === 'one-per-hex';
  const done = new Set<HexId>();
  const made: { installationId: string; hex: HexId; stock: number }[] = [];
  const producers = state.units
    .filter((u) => u.side === side && onMap(u))
    .filter((u) => holdsSupplies(u) && !u.disrupted && isResourceHex(u.hex!))
    .sort((a, b) => Number(b.cls === 'SPACEPORT') - Number(a.cls === 'SPACEPORT') || a.id.localeCompare(b.id));
  for (const u of producers) {
    if (onePerHex && done.has(u.hex!)) continue;
    done.add(u.hex!);
    u.supplies += SUPPLY.production; // may pass the cap until the end of the segment (3.2 B.2a)
    made.push({ installationId: u.id, hex: u.hex!, stock: u.supplies });
  }
  return made.length
    ? [own(side, 'supply.production', { produced: SUPPLY.production, installations: made, rule: '12.7' })]
    : [];
}

/** The fixed facts of one side's Supply Segment: who is where, enemy ZOC, path costs. */
export interface SupplyWorld {
  state: CerberusState;
  side: Side;
  intensityAt: IntensityAt;
  reach(from: HexId): Reach;
}

export function supplyWorld(state: CerberusState, side: Side, hooks: LogisticsHooks = {}): SupplyWorld {
  const map = mapOf(state);
  const intensityAt = intensityOf(state, hooks);
  const zoc = enemyZoc(state, side, intensityAt);
  const mapUnits = state.units.filter(onMap);
  const friendly = new Set(mapUnits.filter((u) => u.side === side).map((u) => u.hex!));
  const enemy = new Set(mapUnits.filter((u) => u.side === enemyOf(side)).map((u) => u.hex!));
  const budget = Math.max(SUPPLY.ferryRange, ...mapUnits.filter((u) => u.side === side).map((u) => u.movement));
  const cache = new Map<HexId, Reach>();
  return {
    state,
    side,
    intensityAt,
    reach(from) {
      let r = cache.get(from);
      if (!r) {
        r = cheapestPaths(map, from, {
          budget,
          cost: (_a, to) => moveCost(to) + intensityAt(to),
          stopsAt: (h) => !friendly.has(h) && (zoc.has(h) || enemy.has(h)),
        });
        cache.set(from, r);
      }
      return r;
    },
  };
}

/** 12.4 can a unit at `to` be reached from `from` within `mp` Movement Points along a legal supply path? */
export function withinSupplyRange(w: SupplyWorld, from: HexId, to: HexId, mp: number): boolean {
  const entry = w.reach(from).reached.get(to);
  if (entry && entry.cost <= mp + 1e-9) return true;
  if (mp < 1 || packOption(w.state, 'supplyPathMinimumMove') !== true) return false;
  if (!mapOf(w.state).isAdjacent(from, to)) return false;
  // 4.7 one hex whatever it costs; 15.71 a storm may still forbid it (option stormBlocksMinimumMove).
  const storm = w.intensityAt(to);
  return !(storm > 0 && packOption(w.state, 'stormBlocksMinimumMove') === true && moveCost(to) + storm > mp);
}

/** Why `unit` may not draw from installation `inst` (12.4, 10.412), or null if it may. */
export function installationDrawProblem(
  w: SupplyWorld,
  unit: Unit,
  inst: Unit,
): 'disrupted-range' | 'out-of-range' | null {
  if (inst.disrupted) {
    const near = inst.hex === unit.hex || mapOf(w.state).isAdjacent(inst.hex!, unit.hex!);
    return near ? null : 'disrupted-range';
  }
  return withinSupplyRange(w, inst.hex!, unit.hex!, unit.movement) ? null : 'out-of-range';
}

/** 12.4, 10.412 may `unit` draw through the Transport `ferry` inverted on a Base or Spaceport (6 MP)? */
export function ferryDrawProblem(w: SupplyWorld, unit: Unit, ferry: Unit): 'infantry-only' | 'out-of-range' | null {
  if (packOption(w.state, 'ferrySupplies') === 'infantry-only' && unit.cls !== 'INFANTRY' && unit.id !== ferry.id)
    return 'infantry-only';
  return withinSupplyRange(w, ferry.hex!, unit.hex!, SUPPLY.ferryRange) ? null : 'out-of-range';
}

/** 12.71 does a friendly installation in the hex bar the direct Resource-hex draw (option resourceDrawBarredBy)? */
export function resourceDrawBarred(state: CerberusState, side: Side, hex: HexId): boolean {
  const barring = packOption(state, 'resourceDrawBarredBy') === 'base-only' ? ['BASE'] : ['BASE', 'SPACEPORT'];
  return state.units.some((u) => u.side === side && onMap(u) && u.hex === hex && barring.includes(u.cls));
}

// ---------------------------------------------------------------- the assignment (max flow)

/** Where supply factors can come from, with how many are left. */
export interface Pools {
  /** Installation id → factors in stock. */
  stock: Map<string, number>;
  /** Transport id → supply factors carried. */
  cargo: Map<string, number>;
  /** Resource hexes already drawn from this segment (12.71: one unit per hex). */
  resourceUsed: Set<HexId>;
  /** Transports ferrying this turn (12.4). */
  ferries: string[];
}

export function poolsOf(state: CerberusState, side: Side, ferries: string[] = []): Pools {
  const mine = state.units.filter((u) => u.side === side && onMap(u));
  return {
    stock: new Map(mine.filter(holdsSupplies).map((u) => [u.id, u.supplies])),
    cargo: new Map(
      mine.flatMap((u) =>
        u.cargo && 'supplies' in u.cargo && u.cargo.supplies > 0 ? [[u.id, u.cargo.supplies] as const] : [],
      ),
    ),
    resourceUsed: new Set(),
    ferries: [...ferries],
  };
}

export interface Edge {
  pool: string;
  source: Source;
}

/** Every source `unit` could draw from, cheapest to keep first: the Resource hex, a Transport's cargo, then stockpiles. */
export function sourcesFor(w: SupplyWorld, pools: Pools, unit: Unit): Edge[] {
  const { state, side } = w;
  const edges: Edge[] = [];
  if (isResourceHex(unit.hex!) && !pools.resourceUsed.has(unit.hex!) && !resourceDrawBarred(state, side, unit.hex!)) {
    edges.push({ pool: `res:${unit.hex}`, source: { kind: 'resource' } });
  }
  for (const [id] of pools.cargo) {
    const t = state.units.find((u) => u.id === id)!;
    if (t.hex === unit.hex) edges.push({ pool: `cargo:${id}`, source: { kind: 'cargo', transportId: id } });
  }
  const installations = state.units
    .filter((u) => u.side === side && onMap(u) && (pools.stock.get(u.id) ?? 0) > 0)
    .sort((a, b) => pools.stock.get(b.id)! - pools.stock.get(a.id)! || a.id.localeCompare(b.id));
  for (const inst of installations) {
    if (!installationDrawProblem(w, unit, inst)) {
      edges.push({ pool: `inst:${inst.id}`, source: { kind: 'installation', installationId: inst.id } });
      continue;
    }
    const ferry = pools.ferries
      .map((id) => state.units.find((u) => u.id === id)!)
      .find((t) => t.hex === inst.hex && !ferryDrawProblem(w, unit, t));
    if (ferry) edges.push({ pool: `inst:${inst.id}`, source: { kind: 'ferry', transportId: ferry.id } });
  }
  return edges;
}

function capacity(pools: Pools, pool: string): number {
  const [kind, id] = [pool.slice(0, pool.indexOf(':')), pool.slice(pool.indexOf(':') + 1)];
  if (kind === 'res') return pools.resourceUsed.has(id) ? 0 : 1;
  return (kind === 'cargo' ? pools.cargo.get(id) : pools.stock.get(id)) ?? 0;
}

/** 12.13 units whose loss of supply would eliminate them come first; then by id (deterministic). */
export function supplyPriority(a: Unit, b: Unit): number {
  return Number(isPolarSupplyHex(b.hex!)) - Number(isPolarSupplyHex(a.hex!)) || a.id.localeCompare(b.id);
}

/**
 * The largest set of `units` that can all be supplied at once from `pools` (12.11: one factor
 * each), found by augmenting paths over units in priority order: a unit matched early stays
 * matched, so units that would be eliminated are served first (greedy on a transversal matroid).
 */
export function matchSupply(w: SupplyWorld, pools: Pools, units: Unit[]): Map<string, Edge> {
  const edges = new Map(units.map((u) => [u.id, sourcesFor(w, pools, u)]));
  const holders = new Map<string, string[]>();
  const assigned = new Map<string, Edge>();
  const augment = (unitId: string, seen: Set<string>): boolean => {
    for (const e of edges.get(unitId)!) {
      if (seen.has(e.pool)) continue;
      seen.add(e.pool);
      const held = holders.get(e.pool) ?? [];
      if (
        held.length < capacity(pools, e.pool) ||
        held.some((other) => augment(other, seen) && (held.splice(held.indexOf(other), 1), true))
      ) {
        held.push(unitId);
        holders.set(e.pool, held);
        assigned.set(unitId, e);
        return true;
      }
    }
    return false;
  };
  for (const u of [...units].filter(needsSupply).sort(supplyPriority)) augment(u.id, new Set());
  return assigned;
}
