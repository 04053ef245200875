/**
 * The static data the rules read (terrain, unit types, bases, CRT, scenarios, map), behind one
 * accessor. By default it is the validated data pack (data/index.ts) and its map (map.ts); the
 * worked-example tests swap in a fixture with the example values (testing.ts) through
 * `useRulesData`, which rules code never calls. Nothing here is game state.
 */
import type { HexGraph } from '#engine/hexgrid.js';
import { lookupWithSources } from '#engine/lookup.js';
import { prefectData } from './data/index.js';
import { hexById, hexGraph } from './map.js';
import type {
  BaseType,
  CombatResultsTable,
  GroundUnit,
  GroundUnitType,
  LegionBaseClass,
  MapHex,
  PlanetMap,
  ScenarioDef,
  TerrainType,
} from './types.js';

export interface RulesData {
  terrain: Record<string, TerrainType>;
  unitTypes: Record<string, GroundUnitType>;
  baseTypes: Record<LegionBaseClass, BaseType>;
  crt: CombatResultsTable;
  scenarios: Record<string, ScenarioDef>;
  map: Pick<PlanetMap, 'urbanAreas'>;
  graph: HexGraph;
  /** Throws RangeError on an unknown hex. */
  hex(id: string): MapHex;
}

let override: RulesData | null = null;
let packed: RulesData | null = null;

function fromPack(): RulesData {
  packed ??= {
    terrain: prefectData.terrain,
    unitTypes: prefectData.unitTypes,
    baseTypes: prefectData.baseTypes,
    crt: prefectData.crt,
    scenarios: prefectData.scenarios,
    map: prefectData.map,
    graph: hexGraph(),
    hex: hexById,
  };
  return packed;
}

export function rulesData(): RulesData {
  return override ?? fromPack();
}

/** The data pack as shipped (tests compare fixture cells against it). */
export function packData(): RulesData {
  return fromPack();
}

/** Tests only: use `d` instead of the data pack (null restores the pack). */
export function useRulesData(d: RulesData | null): void {
  override = d;
}

/** A scenario by id: the rules data's own, then, during a Campaign call, its ground half (campaign/module/halves.ts). */
export const planetaryScenarios = lookupWithSources<ScenarioDef>((id) => rulesData().scenarios[id]);
export const scenarioDef = (id: string): ScenarioDef => planetaryScenarios.get(id);

export function unitTypeOf(u: GroundUnit): GroundUnitType {
  const t = rulesData().unitTypes[u.type];
  if (!t) throw new RangeError(`unknown unit type '${u.type}'`);
  return t;
}

export const neighboursOf = (hex: string): readonly string[] => rulesData().graph.neighbors(hex);
export const isAdjacent = (a: string, b: string): boolean => rulesData().graph.has(a) && neighboursOf(a).includes(b);
export const isFullWater = (hex: string): boolean => rulesData().hex(hex).water === 'FULL';
export const urbanAreaAt = (hex: string): string | undefined => rulesData().hex(hex).urbanArea;
export const baseValue = (t: LegionBaseClass): number => rulesData().baseTypes[t].value;
