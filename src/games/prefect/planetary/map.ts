/**
 * Ku Crassus (D-05) as the rules see it: a HexGraph over data/map.json, so the engine's distance,
 * hexesWithin and cheapestPaths work across the east–west wrap and the merged curvature hexes
 * (L343-357). Adjacency is the logical-hex neighbour list for every purpose (movement, ZOC, LOC,
 * retreat, withdrawal).
 */
import { graphFromAdjacency, hexesWithin, type HexGraph } from '#engine/hexgrid.js';
import { prefectData } from './data/index.js';
import type { MapHex, TerrainType } from './types.js';

const byId = new Map<string, MapHex>(prefectData.map.hexes.map((h) => [h.id, h]));
let graph: HexGraph | null = null;
const bfs = new Map<string, Map<string, number>>();

/** The logical-hex graph of Ku Crassus (wrap and merged partial hexes included, no polar wrap). */
export function hexGraph(): HexGraph {
  graph ??= graphFromAdjacency(Object.fromEntries(prefectData.map.hexes.map((h) => [h.id, h.neighbours])));
  return graph;
}

export function isHex(id: string): boolean {
  return byId.has(id);
}

/** The logical hex; RangeError on an unknown id. */
export function hexById(id: string): MapHex {
  const h = byId.get(id);
  if (!h) throw new RangeError(`unknown Ku Crassus hex '${id}'`);
  return h;
}

const asHex = (hex: MapHex | string): MapHex => (typeof hex === 'string' ? hexById(hex) : hex);

/** Terrain types present in the hex (the TF's owner picks which applies, L515, D-20). */
export function terrainTypesOf(hex: MapHex | string): TerrainType[] {
  return asHex(hex).terrain.map((t) => {
    const tt = prefectData.terrain[t];
    if (!tt) throw new RangeError(`unknown terrain type '${t}'`);
    return tt;
  });
}

/** A completely water hex (L826, L926): closed to non-gravitic units. Partial water is not. */
export function isWaterHex(hex: MapHex | string): boolean {
  return asHex(hex).water === 'FULL';
}

export function urbanAreaOf(hex: MapHex | string): string | undefined {
  return asHex(hex).urbanArea;
}

/** Planetary zone 1–10 (L87). */
export function zoneOf(hex: MapHex | string): number {
  return asHex(hex).zone;
}

/** Graph distance in logical hexes (each partial hex counts once, L349). */
export function distance(a: string, b: string): number {
  hexById(b);
  let d = bfs.get(a);
  if (!d) {
    hexById(a);
    d = hexesWithin(hexGraph(), a, Infinity);
    bfs.set(a, d);
  }
  const n = d.get(b);
  if (n === undefined) throw new Error(`no path from ${a} to ${b}`);
  return n;
}

/** Logical neighbours of a hex. */
export function neighboursOf(id: string): readonly string[] {
  return hexGraph().neighbors(id);
}
