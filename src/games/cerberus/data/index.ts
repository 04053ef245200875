/**
 * The Cerberus data pack, parsed once at import. A malformed pack throws at load time with the
 * zod error and the file name, so a bad replacement never reaches a running game.
 */
import { readFileSync } from 'node:fs';
import type { z } from 'zod';
import type { Json, OptionSpec } from '#engine/contract.js';
import type { Provenance } from '#engine/tables.js';
import {
  mapSchema, optionsSchema, tablesSchema, unitsSchema,
  type Counter, type HexRecord, type MapData, type TablesData, type UnitsData, type UnitType,
} from './schema.js';

export * from './schema.js';

/** Reads and validates one file of this folder; exported so tests can load a variant pack. */
export function loadDataFile<S extends z.ZodTypeAny>(file: string, schema: S, dir: URL = new URL('./', import.meta.url)): z.infer<S> {
  const text = readFileSync(new URL(file, dir), 'utf8');
  const result = schema.safeParse(JSON.parse(text));
  if (!result.success) throw new Error(`Cerberus data pack: ${file} is invalid:\n${result.error.message}`);
  return result.data;
}

export const mapData: MapData = loadDataFile('map.json', mapSchema);
export const unitsData: UnitsData = loadDataFile('units.json', unitsSchema);
export const tablesData: TablesData = loadDataFile('tables.json', tablesSchema);
/** Game options settling the rulebook's contradictions (DESIGN.md principle 5). */
export const optionSpecs: OptionSpec[] = loadDataFile('options.json', optionsSchema);

const typesByCode = new Map(unitsData.types.map((t) => [t.code, t]));
const countersById = new Map(unitsData.counters.map((c) => [c.id, c]));

export function unitType(code: string): UnitType {
  const t = typesByCode.get(code);
  if (!t) throw new RangeError(`unknown Cerberus unit type '${code}'`);
  return t;
}

export function counter(id: string): Counter {
  const c = countersById.get(id);
  if (!c) throw new RangeError(`unknown Cerberus counter '${id}'`);
  return c;
}

/** Option values with defaults filled in (unknown ids are ignored; wrong types throw). */
export function optionValues(options: Record<string, Json> = {}): Record<string, Json> {
  // Rules ask for options thousands of times per step; a game's option record is never edited.
  const cached = optionCache.get(options);
  if (cached) return cached;
  const out: Record<string, Json> = {};
  for (const spec of optionSpecs) {
    const given = options[spec.id];
    if (given === undefined || given === null) {
      out[spec.id] = spec.default;
      continue;
    }
    if (typeof given !== spec.type || (spec.values && !spec.values.includes(given as string))) {
      throw new RangeError(`option ${spec.id} must be ${spec.values ? `one of ${spec.values.join(', ')}` : `a ${spec.type}`}`);
    }
    out[spec.id] = given;
  }
  optionCache.set(options, Object.freeze(out));
  return out;
}
const optionCache = new WeakMap<Record<string, Json>, Record<string, Json>>();

/** Printed defense of a unit type; Spaceports follow the spaceportFactorsFrom option (C1). */
export function unitDefense(code: string, options: Record<string, Json> = {}): number | null {
  const t = unitType(code);
  if (!t.defenseByOption) return t.defense;
  const choice = String(optionValues(options).spaceportFactorsFrom);
  return t.defenseByOption[choice] ?? t.defense;
}

/** Where one value of a hex comes from: its own override, else the map-wide provenance. */
export function hexProvenance(hex: HexRecord, field: keyof MapData['provenance']): Provenance {
  return hex.provenance?.[field] ?? mapData.provenance[field];
}

/** Space Superiority Effects Chart row (13.7) for the marker's state s (positive = Human). */
export function spaceEffects(state: number, side: 'HUMAN' | 'CETIAN'): TablesData['space']['effects']['rows'][number]['HUMAN'] {
  const row = tablesData.space.effects.rows.find((r) => r.state === state);
  if (!row) throw new RangeError(`no Space Superiority Effects row for state ${state}`);
  return row[side];
}
