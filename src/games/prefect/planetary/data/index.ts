/**
 * The Prefect data pack, parsed and cross-checked once at import. A malformed pack throws at load
 * time with the zod error and the file name, so a bad replacement never reaches a running game.
 * Provenance: every record carries `provenance` (rulebook line or reconstructed reason) and, where
 * single values differ from it, `fieldProvenance` (README.md).
 */
import { readFileSync } from 'node:fs';
import type { z } from 'zod';
import type { BaseType, GroundUnitType, LegionBaseClass, PlanetMap, PrefectData, ScenarioDef } from '../types.js';
import { crtSchema, mapSchema, scenarioSchema, terrainSchema, unitsFileSchema } from './schema.js';

export * from './schema.js';

const HERE = new URL('./', import.meta.url);

/** Reads and validates one file of this folder; exported so tests can load a variant pack. */
export function loadDataFile<S extends z.ZodTypeAny>(file: string, schema: S, dir: URL = HERE): z.infer<S> {
  const text = readFileSync(new URL(file, dir), 'utf8');
  const result = schema.safeParse(JSON.parse(text));
  if (!result.success) throw new Error(`Prefect data pack: ${file} is invalid:\n${result.error.message}`);
  return result.data;
}

/** Cross-file problems of a scenario (unknown types, hexes, bases, orgs; HQ supply over storage). */
export function scenarioProblems(
  s: ScenarioDef,
  map: PlanetMap,
  units: { unitTypes: Record<string, GroundUnitType>; baseTypes: Record<LegionBaseClass, BaseType> },
): string[] {
  const out: string[] = [];
  const hexes = new Map(map.hexes.map((h) => [h.id, h]));
  const orgs = new Map(s.orgs.map((o) => [o.id, o]));
  const allUnits = [...s.units, ...s.reinforcements.flatMap((r) => r.units)];
  const ids = new Set<string>();
  for (const u of allUnits) {
    if (ids.has(u.id)) out.push(`unit id ${u.id} is used twice`);
    ids.add(u.id);
    const t = units.unitTypes[u.type];
    if (!t) out.push(`${u.id}: unknown unit type ${u.type}`);
    else if (t.side && t.side !== u.side) out.push(`${u.id}: type ${u.type} belongs to ${t.side}`);
    const o = orgs.get(u.org);
    if (!o) out.push(`${u.id}: unknown organisation ${u.org}`);
    else if (o.side !== u.side) out.push(`${u.id}: organisation ${u.org} is on the other side`);
  }
  for (const side of ['TOG', 'CW'] as const) {
    for (const h of s.setupZones[side]) if (!hexes.has(h)) out.push(`setup zone ${side}: unknown hex ${h}`);
  }
  const tog = new Set(s.setupZones.TOG);
  for (const h of s.setupZones.CW) if (tog.has(h)) out.push(`hex ${h} is in both set-up zones`);
  const baseIds = new Set<string>();
  for (const b of s.bases) {
    baseIds.add(b.id);
    if (!hexes.has(b.hex)) out.push(`base ${b.id}: unknown hex ${b.hex}`);
    if (b.supply > units.baseTypes[b.type].supplyMax) out.push(`base ${b.id}: supply ${b.supply} over its storage`);
    if (!s.setupZones[b.side].includes(b.hex)) out.push(`base ${b.id}: not in its side's set-up zone`);
  }
  const areas = new Set(map.urbanAreas.map((a) => a.id));
  for (const a of areas) if (!(a in s.urbanControl)) out.push(`urban area ${a} has no initial control`);
  for (const a of Object.keys(s.urbanControl)) if (!areas.has(a)) out.push(`urbanControl: unknown urban area ${a}`);
  for (const d of s.supply) {
    const b = s.bases.find((x) => x.id === d.base);
    if (!b) out.push(`supply: unknown base ${d.base}`);
    else if (b.side !== d.side) out.push(`supply: base ${d.base} is not ${d.side}'s`);
  }
  for (const r of s.reinforcements) if (!hexes.has(r.hex)) out.push(`reinforcement: unknown hex ${r.hex}`);
  for (const [id, sp] of Object.entries(s.hqSupply)) {
    const u = allUnits.find((x) => x.id === id);
    const t = u && units.unitTypes[u.type];
    if (!t?.hq) out.push(`hqSupply: ${id} is not an HQ`);
    else if (sp > (t.supplyMax ?? 0)) out.push(`hqSupply: ${id} holds ${sp} SP over its storage ${t.supplyMax}`);
  }
  return out;
}

function load(): PrefectData {
  const terrain = loadDataFile('terrain.json', terrainSchema);
  const map = loadDataFile('map.json', mapSchema);
  const units = loadDataFile('units.json', unitsFileSchema);
  const crt = loadDataFile('crt.json', crtSchema);
  const liberation = loadDataFile('liberation.json', scenarioSchema) as ScenarioDef;
  const problems = scenarioProblems(liberation, map, units);
  if (problems.length) throw new Error(`Prefect data pack: liberation.json is inconsistent:\n${problems.join('\n')}`);
  return {
    terrain,
    map,
    unitTypes: units.unitTypes,
    baseTypes: units.baseTypes,
    crt,
    scenarios: { [liberation.id]: liberation },
  };
}

export const prefectData: PrefectData = load();
