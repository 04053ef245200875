/**
 * The Campaign data pack, parsed by zod and cross-checked against the planetary and space packs
 * at import: a malformed file throws with its name; a scenario whose references do not resolve
 * throws with the list of problems (campaignScenarioProblems).
 */
import { readFileSync } from 'node:fs';
import type { z } from 'zod';
import { reconstructed } from '#engine/tables.js';
import { prefectData } from '../../planetary/index.js';
import type { PrefectData } from '../../planetary/index.js';
import { spaceData, spaceScenarioProblems, type SpaceData } from '../../space/index.js';
import type { SpaceScenario } from '../../space/index.js';
import type { CampaignRules, CampaignScenario } from '../types.js';
import { campaignRulesSchema, campaignScenarioSchema } from './schema.js';

export * from './schema.js';

const HERE = new URL('./', import.meta.url);

export function loadCampaignFile<S extends z.ZodTypeAny>(file: string, schema: S, dir: URL = HERE): z.infer<S> {
  const result = schema.safeParse(JSON.parse(readFileSync(new URL(file, dir), 'utf8')));
  if (!result.success) throw new Error(`Prefect campaign data pack: ${file} is invalid:\n${result.error.message}`);
  return result.data;
}

/** The naval half of a campaign scenario as a Space Game scenario (set-up and space checks reuse it). */
export function navalScenario(s: CampaignScenario): SpaceScenario {
  return {
    id: `${s.id}-space`, title: s.title, description: s.description, turns: s.turns, firstAttacker: s.firstAttacker,
    firstToPlace: s.invader === 'TOG' ? 'CW' : 'TOG', rebuildLimit: s.rebuildLimit,
    units: s.naval.units, tfs: s.naval.tfs, bases: s.naval.bases,
    victory: {
      kind: 'victoryPoints', perBaseDestroyedOrCaptured: 0, perNavalUnitDestroyed: 0,
      perMissionCompleted: { missions: [], sector: 's3-4', vp: 0 }, tie: s.invader === 'TOG' ? 'CW' : 'TOG',
      provenance: reconstructed('unused: campaign victory is D-01 invasion, not space VP'),
    },
    provenance: s.provenance,
  };
}

/** Room one ground unit takes aboard transports (L2305-2314). */
export const transportRoom = (rules: CampaignRules, type: string): number => rules.transportSp.byType[type] ?? rules.transportSp.default;

/** Cross-pack problems of a campaign scenario; empty when it can be set up. */
export function campaignScenarioProblems(
  s: CampaignScenario,
  rules: CampaignRules,
  planetary: Pick<PrefectData, 'unitTypes' | 'map'> = prefectData,
  space: Omit<SpaceData, 'scenarios'> = spaceData,
): string[] {
  const out: string[] = [];
  const hexes = new Map(planetary.map.hexes.map((h) => [h.id, h]));
  const orgs = new Map(s.ground.orgs.map((o) => [o.id, o]));
  const units = new Map(s.ground.units.map((u) => [u.id, u]));
  if (units.size !== s.ground.units.length) out.push('a ground unit id is used twice');
  for (const u of s.ground.units) {
    const t = planetary.unitTypes[u.type];
    if (!t) out.push(`${u.id}: unknown ground unit type ${u.type}`);
    else if (t.side && t.side !== u.side) out.push(`${u.id}: type ${u.type} belongs to ${t.side}`);
    const o = orgs.get(u.org);
    if (!o) out.push(`${u.id}: unknown organisation ${u.org}`);
    else if (o.side !== u.side) out.push(`${u.id}: organisation ${u.org} is the enemy's`);
  }
  const asd = planetary.unitTypes[rules.asd.unitType];
  if (!asd?.flags.includes('ASD')) out.push(`rules: ASD unit type ${rules.asd.unitType} missing or not flagged ASD (L2133)`);
  else if (asd.category !== 'SUPPORT' || asd.reorgCost !== rules.asd.reorgCost) out.push(`rules: ASD Century must be a support unit with reorganisation cost ${rules.asd.reorgCost} (L2133, D-09)`);
  const placed = new Map<string, number>();
  const counters = new Set<string>();
  for (const tf of s.ground.tfs) {
    const h = hexes.get(tf.hex);
    if (!h) out.push(`TF ${tf.org}/${tf.counter}: unknown hex ${tf.hex}`);
    else if (h.water === 'FULL') out.push(`TF ${tf.org}/${tf.counter}: full-water hex ${tf.hex}`);
    if (counters.has(`${tf.org}/${tf.counter}`)) out.push(`TF ${tf.org}/${tf.counter}: counter used twice`);
    counters.add(`${tf.org}/${tf.counter}`);
    if (s.ground.tfs.filter((o) => o.hex === tf.hex).length > 1) out.push(`${tf.hex}: two TFs in one hex (L171)`);
    for (const id of tf.units) {
      const u = units.get(id);
      if (!u) out.push(`TF ${tf.org}/${tf.counter}: unknown unit ${id}`);
      else if (u.side !== tf.side || u.org !== tf.org) out.push(`TF ${tf.org}/${tf.counter}: unit ${id} is not of this organisation`);
      placed.set(id, (placed.get(id) ?? 0) + 1);
    }
  }
  const navalUnits = new Map(s.naval.units.map((u) => [u.id, u]));
  const tfOf = new Map(s.naval.tfs.flatMap((t) => t.units.map((u) => [u, t.id] as const)));
  const load = new Map<string, number>();
  for (const n of s.naval.units) if (n.supply) load.set(n.id, n.supply);
  for (const c of s.ground.cargo) {
    const u = units.get(c.unit);
    if (!u) { out.push(`cargo: unknown unit ${c.unit}`); continue; }
    placed.set(c.unit, (placed.get(c.unit) ?? 0) + 1);
    const tfs = new Set(c.transports.map((t) => tfOf.get(t)));
    if (tfs.size !== 1) out.push(`cargo ${c.unit}: its transports must be in one TF (L2322)`);
    for (const tid of c.transports) {
      const n = navalUnits.get(tid);
      const t = n && space.unitTypes[n.type];
      if (!n || !t) out.push(`cargo ${c.unit}: unknown transport ${tid}`);
      else if (t.kind !== 'TRANSPORT') out.push(`cargo ${c.unit}: ${tid} is not a transport (L2303)`);
      else if (n.side !== u.side) out.push(`cargo ${c.unit}: ${tid} is the enemy's`);
      else load.set(tid, (load.get(tid) ?? 0) + transportRoom(rules, u.type) / c.transports.length);
    }
  }
  for (const [tid, sp] of load) {
    const n = navalUnits.get(tid);
    const cap = n && space.unitTypes[n.type]?.carry;
    if (cap !== undefined && sp > cap + 1e-9) out.push(`${tid}: carries ${sp} SP of room, capacity ${cap} (L2305)`);
  }
  for (const u of s.ground.units) if ((placed.get(u.id) ?? 0) !== 1) out.push(`${u.id}: must be placed exactly once (on the map or aboard)`);
  const baseHexes = new Set<string>();
  for (const b of s.ground.bases) {
    if (!hexes.has(b.hex)) out.push(`${b.id}: unknown hex ${b.hex}`);
    if (baseHexes.has(b.hex)) out.push(`${b.id}: one base per hex (L2416)`);
    baseHexes.add(b.hex);
  }
  const areas = planetary.map.urbanAreas.map((a) => a.id).sort();
  if (Object.keys(s.ground.urbanControl).sort().join() !== areas.join()) out.push('urbanControl must list every urban area of the map');
  for (const id of Object.keys(s.ground.hqSupply)) {
    const u = units.get(id);
    if (!u || !planetary.unitTypes[u.type]?.hq) out.push(`hqSupply: ${id} is not an HQ`);
  }
  const sector = space.map.sectors.find((x) => x.id === rules.planetSector);
  if (sector?.body?.kind !== 'PLANET') out.push(`rules: ${rules.planetSector} is not a 10-segment planet (L2139)`);
  if (s.victory.invader !== s.invader) out.push('victory: invader differs from the scenario invader');
  out.push(...spaceScenarioProblems(navalScenario(s), space).map((p) => `naval: ${p}`));
  return out;
}

export interface CampaignData {
  rules: CampaignRules;
  scenarios: Record<string, CampaignScenario>;
}

function load(): CampaignData {
  const rules = loadCampaignFile('rules.json', campaignRulesSchema) as CampaignRules;
  const invasion = loadCampaignFile('invasion.json', campaignScenarioSchema) as CampaignScenario;
  const problems = campaignScenarioProblems(invasion, rules);
  if (problems.length) throw new Error(`Prefect campaign data pack: invasion.json is inconsistent:\n${problems.join('\n')}`);
  return { rules, scenarios: { [invasion.id]: invasion } };
}

export const campaignData: CampaignData = load();
