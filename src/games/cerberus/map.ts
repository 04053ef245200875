/**
 * The Cerberus globe (4.9) as the rules see it: a HexGraph over data/map.json, so the engine's
 * distance, hexesWithin and cheapestPaths work across the wrap, the Poles, the double hexes
 * and the curvature gaps. Adjacency is "for all purposes" (4.942): movement, ZOC, combat, air
 * range and supply all use the same neighbours.
 */
import type { Json } from '#engine/contract.js';
import {
  distance as graphDistance,
  graphFromAdjacency,
  hexesWithin as graphWithin,
  type HexGraph,
  type SearchOptions,
  type StepCost,
} from '#engine/hexgrid.js';
import {
  mapData,
  tablesData,
  type Continent,
  type Direction,
  type HexRecord,
  type StormHex,
  type Terrain,
} from './data/index.js';

export type HexId = string;
export type { Continent, Direction, HexRecord, StormHex, Terrain };
export type PoleLink = '0128' | '1028';

export interface StormGenHex extends StormHex {
  hex: HexId;
}

export interface CerberusMap extends HexGraph {
  /** Which reading of the North Pole list (4.93, option northPoleNeighbor) this map uses. */
  readonly poleLink: PoleLink;
  hex(id: HexId): HexRecord;
  isAdjacent(a: HexId, b: HexId): boolean;
  /** Steps between two hexes ignoring terrain (air range 8.3, weather radii 15.62). */
  distance(a: HexId, b: HexId): number;
  /** Steps avoiding `opts.blocked` hexes (e.g. intensity-3 storms for air, G34); null if cut off. */
  distanceAvoiding(a: HexId, b: HexId, opts: SearchOptions): number | null;
  /** Every hex within n steps, the centre included, nearest first. */
  hexesWithin(id: HexId, n: number, opts?: SearchOptions): HexId[];
}

const terrainRules = new Map(tablesData.terrain.types.map((t) => [t.id, t]));
const byId = new Map(mapData.hexes.map((h) => [h.id, h]));
const EQUATOR = mapData.grid.equatorRow.value;
const CURVATURE = new Set(mapData.grid.curvatureRows.value);
const POLAR_SUPPLY = new Set(mapData.grid.polarSupplyRows.value);

function build(poleLink: PoleLink): CerberusMap {
  const adj: Record<string, string[]> = {};
  for (const h of mapData.hexes) adj[h.id] = [...h.neighbors];
  if (poleLink === '1028') {
    const v = mapData.variants.northPoleLink1028;
    for (const [a, b] of v.remove) {
      adj[a] = adj[a].filter((n) => n !== b);
      adj[b] = adj[b].filter((n) => n !== a);
    }
    for (const [a, b] of v.add) {
      adj[a] = [...adj[a], b].sort();
      adj[b] = [...adj[b], a].sort();
    }
  }
  const graph = graphFromAdjacency(adj);
  const bfsCache = new Map<HexId, Map<HexId, number>>();
  const from = (id: HexId): Map<HexId, number> => {
    let d = bfsCache.get(id);
    if (!d) bfsCache.set(id, (d = graphWithin(graph, id, Infinity)));
    return d;
  };
  return {
    poleLink,
    has: (id) => graph.has(id),
    ids: () => graph.ids(),
    neighbors: (id) => graph.neighbors(id),
    hex,
    isAdjacent: (a, b) => graph.has(a) && graph.neighbors(a).includes(b),
    distance(a, b) {
      hex(b);
      const d = from(a).get(b);
      if (d === undefined) throw new Error(`no path from ${a} to ${b}`);
      return d;
    },
    distanceAvoiding: (a, b, opts) => graphDistance(graph, a, b, opts),
    hexesWithin: (id, n, opts = {}) => [...graphWithin(graph, id, n, opts).keys()],
  };
}

const maps = new Map<PoleLink, CerberusMap>();
/** The map for a game's options (only northPoleNeighbor changes the graph). */
export function mapFor(options: Record<string, Json> = {}): CerberusMap {
  const link: PoleLink = options.northPoleNeighbor === '1028' ? '1028' : '0128';
  let m = maps.get(link);
  if (!m) maps.set(link, (m = build(link)));
  return m;
}

/** The default map (4.93 read as 0128). */
export const cerberusMap: CerberusMap = mapFor();

export function hex(id: HexId): HexRecord {
  const h = byId.get(id);
  if (!h) throw new RangeError(`unknown Cerberus hex '${id}'`);
  return h;
}
export const hasHex = (id: HexId): boolean => byId.has(id);
export const allHexIds = (): readonly HexId[] => cerberusMap.ids();
export const neighbors = (id: HexId): readonly HexId[] => cerberusMap.neighbors(id);
export const isAdjacent = (a: HexId, b: HexId): boolean => cerberusMap.isAdjacent(a, b);
export const distance = (a: HexId, b: HexId): number => cerberusMap.distance(a, b);
export const hexesWithin = (id: HexId, n: number, opts?: SearchOptions): HexId[] =>
  cerberusMap.hexesWithin(id, n, opts);

// ---- terrain (4.3, 4.4, 7.8, 9.2) ----
export const terrainOf = (id: HexId): Terrain => hex(id).terrain;
export const isAllWater = (id: HexId): boolean => terrainOf(id) === 'ALL_WATER';
export const isLand = (id: HexId): boolean => !isAllWater(id);
export const isMountain = (id: HexId): boolean => terrainOf(id) === 'MOUNTAIN';
/** MP to enter (Mountain 2, else 1; Partial Water as the other terrain, 9.23). Storms are added by the weather rules. */
export const moveCost = (id: HexId): number => terrainRules.get(terrainOf(id))!.moveCost;
/** Column shift for a combat in this hex (Mountain: 1 left, 7.8). */
export const combatShift = (id: HexId): number => terrainRules.get(terrainOf(id))!.combatShift;
/** A unit may never end a Movement Segment in All Water (4.4). */
export const mayEndMovement = (id: HexId): boolean => terrainRules.get(terrainOf(id))!.mayEndMovement;
/** Units may be landed only on land (14.23 'land hex', digest G36). */
export const mayLand = (id: HexId): boolean => terrainRules.get(terrainOf(id))!.mayLand;
/** StepCost for engine cheapestPaths/validatePath: terrain only (4.3). */
export const terrainStepCost: StepCost = (_from, to) => moveCost(to);

// ---- rows (4.94, 12.13, 15.52, 15.63) ----
export const rowOf = (id: HexId): number => hex(id).row;
export const isPole = (id: HexId): boolean => hex(id).pole !== null;
export const isCurvatureRow = (id: HexId): boolean => CURVATURE.has(rowOf(id));
/** Rows 01–03, 17–19 and the Poles: an unsupplied unit there is eliminated, not flipped (12.13). */
export const isPolarSupplyHex = (id: HexId): boolean => POLAR_SUPPLY.has(rowOf(id));
export const equatorRow = EQUATOR;
/** Rows between a hex and the equator (0 on it; the Poles are 10). */
export const rowsFromEquator = (id: HexId): number => Math.abs(rowOf(id) - EQUATOR);
export const hemisphere = (id: HexId): 'NORTH' | 'SOUTH' | 'EQUATOR' =>
  rowOf(id) < EQUATOR ? 'NORTH' : rowOf(id) > EQUATOR ? 'SOUTH' : 'EQUATOR';

// ---- continents, resources, storm hexes (14.5, 12.7, 15.5–15.6) ----
export const continentOf = (id: HexId): HexRecord['continent'] => hex(id).continent;
export const continents = mapData.continents;
export const hexesOfContinent = (c: Continent): HexId[] =>
  mapData.hexes.filter((h) => h.continent === c).map((h) => h.id);
export const resourceNumber = (id: HexId): number | null => hex(id).resource;
/** Resource hexes ordered by their printed number. */
export const resourceHexes = (): HexId[] =>
  mapData.hexes
    .filter((h) => h.resource !== null)
    .sort((a, b) => a.resource! - b.resource!)
    .map((h) => h.id);
export const isResourceHex = (id: HexId): boolean => resourceNumber(id) !== null;
export const stormGenHexes = (): StormGenHex[] =>
  mapData.hexes
    .filter((h) => h.storm)
    .map((h) => ({ hex: h.id, ...h.storm! }))
    .sort((a, b) => a.no - b.no);
export function stormGenHex(no: number): StormGenHex {
  const s = stormGenHexes().find((g) => g.no === no);
  if (!s) throw new RangeError(`no Storm Generation hex #${no}`);
  return s;
}

// ---- directions, for storm movement (15.8, digest 5.14) ----
const wrap = (c: number): number => ((((c - 1) % 30) + 30) % 30) + 1;
const posKey = (r: number, c: number): string => `${r},${wrap(c)}`;
const owner = new Map<string, HexId>();
for (const h of mapData.hexes) {
  if (h.col === null) continue;
  owner.set(posKey(h.row, h.col), h.id);
  if (h.double) owner.set(posKey(h.row, h.col + 1), h.id);
}
/** x-coordinate of a hex centre (even rows sit half a hex east, doubles span two columns). */
const xOf = (h: HexRecord): number => (h.col ?? 0) + (h.row % 2 === 0 ? 0.5 : 0) + (h.double ? 0.5 : 0);

/**
 * The neighbour in a hex-side direction (E, W, NE, NW, SE, SW). Across a curvature gap it is
 * the gap-jump neighbour on that side; off row 01/19 it is the Pole if adjacent. N and S have
 * no single neighbour (use forwardPair). Null if there is none (e.g. any direction from a Pole).
 */
export function step(id: HexId, dir: Direction, map: CerberusMap = cerberusMap): HexId | null {
  const h = hex(id);
  if (h.col === null || dir === 'N' || dir === 'S') return null;
  const east = dir.includes('E');
  const c = east && h.double ? h.col + 1 : h.col;
  const odd = h.row % 2 === 1;
  const dr = dir.startsWith('N') ? -1 : dir.startsWith('S') ? 1 : 0;
  const tc = dr === 0 ? c + (east ? 1 : -1) : east ? (odd ? c : c + 1) : odd ? c - 1 : c;
  const tr = h.row + dr;
  if (tr === 0 || tr === 20) {
    const pole = tr === 0 ? mapData.grid.northPole : mapData.grid.southPole;
    return map.isAdjacent(id, pole) ? pole : null;
  }
  const direct = owner.get(posKey(tr, tc));
  if (direct) return direct;
  // Curvature gap: the nearest neighbour in that row on that side (4.942).
  const side = (n: HexRecord): number => ((((xOf(n) - xOf(h)) % 30) + 45) % 30) - 15;
  const candidates = map
    .neighbors(id)
    .map(hex)
    .filter((n) => n.row === tr && (east ? side(n) > 0 : side(n) < 0))
    .sort((a, b) => Math.abs(side(a)) - Math.abs(side(b)));
  return candidates[0]?.id ?? null;
}

/** The two neighbours ahead of a hex for an arrow pointing N or S: [west one, east one]. */
export function forwardPair(id: HexId, arrow: 'N' | 'S', map: CerberusMap = cerberusMap): [HexId | null, HexId | null] {
  return arrow === 'N' ? [step(id, 'NW', map), step(id, 'NE', map)] : [step(id, 'SW', map), step(id, 'SE', map)];
}
