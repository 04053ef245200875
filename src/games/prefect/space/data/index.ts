/**
 * The Space Game data pack, parsed and cross-checked once at import (as ../../data/index.ts):
 * a malformed file throws with its name and the zod error; scenario references that do not
 * resolve throw with the list of problems.
 */
import { readFileSync } from 'node:fs';
import type { z } from 'zod';
import { lookupWithSources } from '#engine/lookup.js';
import type { Provenance } from '#engine/tables.js';
import { canMove } from '../fighters.js';
import { evenlyFilled, isSegment, orbitalCounts } from '../ofat.js';
import type { NavalBaseClass, NavalBaseType, NavalUnitType, SpaceCrt, SpaceScenario, SystemMap } from '../types.js';
import { statsOf } from '../units.js';
import { navalFileSchema, spaceCrtSchema, spaceScenarioSchema, systemMapSchema } from './schema.js';

export * from './schema.js';

const HERE = new URL('./', import.meta.url);

export function loadSpaceFile<S extends z.ZodTypeAny>(file: string, schema: S, dir: URL = HERE): z.infer<S> {
  const text = readFileSync(new URL(file, dir), 'utf8');
  const result = schema.safeParse(JSON.parse(text));
  if (!result.success) throw new Error(`Prefect space data pack: ${file} is invalid:\n${result.error.message}`);
  return result.data;
}

export interface SpaceData {
  map: SystemMap;
  unitTypes: Record<string, NavalUnitType>;
  baseTypes: Record<NavalBaseClass, NavalBaseType>;
  crt: SpaceCrt;
  /** D-74: Marine cohort attack (reconstructed, build-units.ts). */
  marines: { cohortAttack: number; provenance: Provenance };
  scenarios: Record<string, SpaceScenario>;
}

/** Cross-file problems of a scenario (types, sectors, segments, even fill, TFs, capacity). */
export function spaceScenarioProblems(s: SpaceScenario, d: Omit<SpaceData, 'scenarios' | 'marines'>): string[] {
  const out: string[] = [];
  const sectors = new Map(d.map.sectors.map((x) => [x.id, x]));
  const units = new Map(s.units.map((u) => [u.id, u]));
  if (units.size !== s.units.length) out.push('a unit id is used twice');
  for (const u of s.units) {
    const t = d.unitTypes[u.type];
    if (!t) out.push(`${u.id}: unknown type ${u.type}`);
    else {
      if (t.side !== u.side) out.push(`${u.id}: type ${u.type} belongs to ${t.side}`);
      if (u.independent && t.kind !== 'FIGHTER') out.push(`${u.id}: only fighters belong to independent wings (L1114)`);
      if (u.supply !== undefined && (t.kind !== 'TRANSPORT' || u.supply > (u.overrides?.carry ?? t.carry))) out.push(`${u.id}: supply over its capacity (L1094)`);
    }
  }
  const seen = new Set<string>();
  const counters = new Set<string>();
  for (const tf of s.tfs) {
    if (counters.has(`${tf.side}${tf.counterNo}`)) out.push(`${tf.id}: counter ${tf.counterNo} used twice (L1068)`);
    counters.add(`${tf.side}${tf.counterNo}`);
    if (tf.place !== 'OFFSYSTEM' && !sectors.has(tf.place)) out.push(`${tf.id}: unknown sector ${tf.place}`);
    for (const id of tf.units) {
      const u = units.get(id);
      if (!u) out.push(`${tf.id}: unknown unit ${id}`);
      else if (u.side !== tf.side) out.push(`${tf.id}: unit ${id} is the enemy's`);
      if (seen.has(id)) out.push(`${id} is in two TFs`);
      seen.add(id);
    }
    const stats = tf.units.flatMap((id) => (units.get(id) && d.unitTypes[units.get(id)!.type] ? [statsOf(units.get(id)!, d.unitTypes)] : []));
    if (!canMove(stats)) out.push(`${tf.id}: more fighters than its ships can carry (L1320)`);
  }
  for (const u of s.units) if (!seen.has(u.id)) out.push(`${u.id}: every unit must be in a TF at set-up (L1168)`);
  const orbital = new Map<string, number[]>();
  for (const b of s.bases) {
    const sec = sectors.get(b.sector);
    const t = d.baseTypes[b.type];
    if (!sec) { out.push(`${b.id}: unknown sector ${b.sector}`); continue; }
    if (!isSegment(sec, b.segment)) out.push(`${b.id}: ${b.sector} has no segment ${b.segment} (L1002)`);
    if (!t.orbital && !sec.body) out.push(`${b.id}: a ground base needs a body (L1997)`);
    if (b.supply > t.supplyMax) out.push(`${b.id}: supply ${b.supply} over storage ${t.supplyMax} (D-41)`);
    if (t.orbital) orbital.set(b.sector, [...(orbital.get(b.sector) ?? []), b.segment]);
  }
  for (const [secId, segs] of orbital) {
    if (!evenlyFilled(orbitalCounts(sectors.get(secId)!, segs))) out.push(`${secId}: orbital bases break the even-fill rule (L1164)`);
  }
  if (!sectors.has(s.victory.perMissionCompleted.sector)) out.push(`victory: unknown sector ${s.victory.perMissionCompleted.sector}`);
  return out;
}

function load(): SpaceData {
  const map = loadSpaceFile('africannus.json', systemMapSchema) as SystemMap;
  const naval = loadSpaceFile('naval.json', navalFileSchema);
  const crt = loadSpaceFile('space-crt.json', spaceCrtSchema) as SpaceCrt;
  const hold = loadSpaceFile('hold-the-line.json', spaceScenarioSchema) as SpaceScenario;
  const base = { map, unitTypes: naval.unitTypes as Record<string, NavalUnitType>, baseTypes: naval.baseTypes as Record<NavalBaseClass, NavalBaseType>, crt, marines: naval.marines as SpaceData['marines'] };
  const problems = spaceScenarioProblems(hold, base);
  if (problems.length) throw new Error(`Prefect space data pack: hold-the-line.json is inconsistent:\n${problems.join('\n')}`);
  return { ...base, scenarios: { [hold.id]: hold } };
}

export const spaceData: SpaceData = load();

/** A space scenario by id: the pack's own, then, during a Campaign call, its naval half (campaign/module/halves.ts). */
export const spaceScenarios = lookupWithSources<SpaceScenario>((id) => spaceData.scenarios[id]);
export const spaceScenario = (id: string): SpaceScenario => spaceScenarios.get(id);
