/**
 * Zod schemas of the Prefect data pack (terrain.json, map.json, units.json, crt.json, liberation.json).
 * Beyond shapes they check cross-references — neighbours exist and are mutual, zones 1–10, urban
 * hexes match their areas, every scenario unit type / base / hex exists, HQ supply fits the storage —
 * so a replaced pack fails loudly at load (data/index.ts).
 */
import { z } from 'zod';
import { provenanceSchema as prov } from '#engine/tables.js';
import { custom, fieldProv, int, nat, side } from '../../common/data-schema.js';

export const TERRAIN_IDS = ['clear', 'rough', 'crater', 'mountain', 'forest', 'urban', 'water'] as const;

export const terrainTypeSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    detectionModifier: int,
    defenceFactor: nat,
    blocksZocVsCombatMode: z.boolean(),
    water: z.boolean(),
    provenance: prov,
    fieldProvenance: fieldProv.optional(),
  })
  .strict();

export const terrainSchema = z.record(z.string(), terrainTypeSchema).superRefine((t, ctx) => {
  for (const id of TERRAIN_IDS) if (!t[id]) custom(ctx, `terrain type '${id}' is missing`, [id]);
  for (const [k, v] of Object.entries(t)) if (k !== v.id) custom(ctx, `terrain key '${k}' has id '${v.id}'`, [k]);
  if (t.urban && t.urban.defenceFactor !== 3) custom(ctx, 'urban defence factor is 3 (L583)', ['urban']);
  if (t.forest && t.forest.defenceFactor !== 2) custom(ctx, 'forest defence factor is 2 (L625)', ['forest']);
});

export const hexIdSchema = z.string().regex(/^\d{4}$/, 'hex ids are four digits RRCC');

export const mapHexSchema = z
  .object({
    id: hexIdSchema,
    zone: int.min(1).max(10),
    terrain: z.array(z.enum(TERRAIN_IDS)).min(1),
    water: z.enum(['NONE', 'PARTIAL', 'FULL']),
    urbanArea: z.string().optional(),
    parts: z.array(z.object({ row: nat, col: nat }).strict()).min(1),
    neighbours: z.array(hexIdSchema),
  })
  .strict();

export const mapSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    provenance: prov,
    valueProvenance: fieldProv.optional(),
    hexes: z.array(mapHexSchema).min(1),
    urbanAreas: z.array(z.object({ id: z.string(), name: z.string(), hexes: z.array(hexIdSchema).min(1), provenance: prov }).strict()),
  })
  .strict()
  .superRefine((m, ctx) => {
    const byId = new Map(m.hexes.map((h) => [h.id, h]));
    if (byId.size !== m.hexes.length) custom(ctx, 'duplicate hex ids', ['hexes']);
    const zones = new Set<number>();
    m.hexes.forEach((h, i) => {
      zones.add(h.zone);
      const at = ['hexes', i];
      if (new Set(h.neighbours).size !== h.neighbours.length) custom(ctx, `${h.id}: a neighbour is listed twice`, at);
      for (const n of h.neighbours) {
        const o = byId.get(n);
        if (!o) custom(ctx, `${h.id}: unknown neighbour ${n}`, at);
        else if (!o.neighbours.includes(h.id)) custom(ctx, `${h.id}: neighbour ${n} does not list it back`, at);
        if (n === h.id) custom(ctx, `${h.id}: lists itself`, at);
      }
      const full = h.water === 'FULL';
      if (full !== (h.terrain.length === 1 && h.terrain[0] === 'water')) custom(ctx, `${h.id}: a full-water hex has only water terrain`, at);
      if ((h.water === 'PARTIAL') !== (h.terrain.includes('water') && !full)) custom(ctx, `${h.id}: partial water needs water + land terrain`, at);
      if ((h.urbanArea !== undefined) !== h.terrain.includes('urban')) custom(ctx, `${h.id}: urban terrain and urban area disagree`, at);
    });
    for (let z = 1; z <= 10; z++) if (!zones.has(z)) custom(ctx, `zone ${z} has no hex (L87)`, ['hexes']);
    const areaIds = new Set(m.urbanAreas.map((a) => a.id));
    m.urbanAreas.forEach((a, i) => {
      for (const h of a.hexes) if (byId.get(h)?.urbanArea !== a.id) custom(ctx, `urban area ${a.id}: hex ${h} is not marked as its hex`, ['urbanAreas', i]);
    });
    for (const h of m.hexes) {
      if (h.urbanArea && !areaIds.has(h.urbanArea)) custom(ctx, `${h.id}: unknown urban area ${h.urbanArea}`, ['hexes']);
      if (h.urbanArea && !m.urbanAreas.find((a) => a.id === h.urbanArea)?.hexes.includes(h.id)) {
        custom(ctx, `${h.id}: missing from the hex list of ${h.urbanArea}`, ['urbanAreas']);
      }
    }
  });

export const UNIT_FLAGS = ['SIGNALS', 'COMBAT_ENGINEER', 'CONSTRUCTION_ENGINEER', 'ASD', 'ARTILLERY', 'MARINE', 'HEAVY', 'INFANTRY'] as const;
const baseClass = z.enum(['GL1', 'GL2', 'GL3', 'GL4']);

export const unitTypeSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    category: z.enum(['COMBAT', 'SUPPORT']),
    gravitic: z.boolean(),
    attack: nat,
    defence: nat,
    sig: int,
    esm: int,
    hq: z.enum(['LEGION', 'AUXILIA', 'MANUS']).optional(),
    flags: z.array(z.enum(UNIT_FLAGS)),
    reorgCost: nat.nullable(),
    rebuildCost: nat.nullable(),
    supplyMax: nat.optional(),
    side: side.optional(),
    provenance: prov,
    fieldProvenance: fieldProv.optional(),
  })
  .strict()
  .superRefine((t, ctx) => {
    if (t.category === 'SUPPORT' && t.attack !== 0) custom(ctx, `${t.id}: support units have no attack (L155)`);
    if (t.hq && t.supplyMax === undefined) custom(ctx, `${t.id}: an HQ needs a storage maximum (L774, D-41)`);
    // L830: rebuilding costs twice the reorganisation, except militia/garrison (L834).
    if (t.reorgCost !== null && t.rebuildCost !== 2 * t.reorgCost) custom(ctx, `${t.id}: rebuild cost must be 2 × reorganisation (L830)`);
  });

export const baseTypeSchema = z
  .object({
    id: baseClass,
    name: z.string(),
    value: int.min(1).max(4),
    supplyMax: nat,
    build: z.object({ engineers: int.min(1), sp: int.min(1) }).strict().nullable(),
    provenance: prov,
    fieldProvenance: fieldProv.optional(),
  })
  .strict();

export const unitsFileSchema = z
  .object({
    unitTypes: z.record(z.string(), unitTypeSchema),
    baseTypes: z.object({ GL1: baseTypeSchema, GL2: baseTypeSchema, GL3: baseTypeSchema, GL4: baseTypeSchema }).strict(),
  })
  .strict()
  .superRefine((f, ctx) => {
    for (const [k, v] of Object.entries(f.unitTypes)) if (k !== v.id) custom(ctx, `unit type key '${k}' has id '${v.id}'`, ['unitTypes', k]);
    for (const [k, v] of Object.entries(f.baseTypes)) {
      if (k !== v.id) custom(ctx, `base key '${k}' has id '${v.id}'`, ['baseTypes', k]);
      if (v.value !== Number(k.slice(2))) custom(ctx, `${k}: value is its rank (L195-199)`, ['baseTypes', k]);
    }
  });

const crtCell = z
  .object({ a: int, aFlag: z.enum(['AR', 'CA']).optional(), d: int, dFlag: z.enum(['DR', 'BT']).optional() })
  .strict();

export const crtSchema = z
  .object({
    columns: z.array(z.string()).min(1),
    rows: z.array(z.array(crtCell)).length(10),
    fixtures: z.array(z.object({ column: z.string(), roll: int.min(1).max(10), rule: z.string().min(1) }).strict()),
    provenance: prov,
  })
  .strict()
  .superRefine((t, ctx) => {
    t.rows.forEach((r, i) => {
      if (r.length !== t.columns.length) custom(ctx, `row ${i + 1} has ${r.length} cells for ${t.columns.length} columns`, ['rows', i]);
    });
    for (const f of t.fixtures) if (!t.columns.includes(f.column)) custom(ctx, `fixture column ${f.column} is not a column`, ['fixtures']);
  });

const unitDef = z
  .object({ id: z.string(), type: z.string(), side, org: z.string(), counterId: int.optional() })
  .strict();

const victoryPredicate = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('controlUrbanFraction'), side, atLeast: z.number().min(0).max(1) }).strict(),
  z.object({ kind: z.literal('controlAllBasesOf'), side, enemy: side }).strict(),
  z.object({ kind: z.literal('destroyedCombatUnits'), side, atLeast: nat }).strict(),
  z.object({ kind: z.literal('noActiveTaskForce'), side }).strict(),
]);

export const scenarioSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    turns: int.min(1),
    firstAttacker: side.optional(),
    setupZones: z.object({ TOG: z.array(hexIdSchema).min(1), CW: z.array(hexIdSchema).min(1) }).strict(),
    orgs: z.array(z.object({ id: z.string(), side, kind: z.enum(['LEGION', 'AUXILIA']), name: z.string() }).strict()).min(2),
    units: z.array(unitDef).min(1),
    bases: z.array(z.object({ id: z.string(), side, type: baseClass, hex: hexIdSchema, supply: nat }).strict()),
    urbanControl: z.record(z.string(), side.nullable()),
    supply: z.array(
      z.object({
        turn: z.union([int.min(1), z.literal('each')]), side, base: z.string(), amount: nat, perUrbanArea: nat.optional(), provenance: prov,
      }).strict(),
    ),
    reinforcements: z.array(z.object({ turn: int.min(1), side, units: z.array(unitDef).min(1), hex: hexIdSchema, provenance: prov }).strict()),
    extraBases: z.array(z.object({ turn: int.min(1), side, type: baseClass }).strict()),
    extraBasesProvenance: prov.optional(),
    hqSupply: z.record(z.string(), nat),
    /** Checked in order; an empty `all` always holds (the "otherwise" condition, listed last). */
    victory: z.array(
      z.object({ side, when: z.enum(['anyTime', 'atEnd']), all: z.array(victoryPredicate), level: z.string(), provenance: prov }).strict(),
    ).superRefine((vs, ctx) => {
      vs.forEach((v, i) => {
        if (v.all.length === 0 && (v.when !== 'atEnd' || i !== vs.length - 1)) custom(ctx, 'an unconditional victory must be the last, atEnd', [i]);
      });
    }),
    provenance: prov,
    fieldProvenance: fieldProv.optional(),
  })
  .strict();

export type TerrainFile = z.infer<typeof terrainSchema>;
export type MapFile = z.infer<typeof mapSchema>;
export type UnitsFile = z.infer<typeof unitsFileSchema>;
export type CrtFile = z.infer<typeof crtSchema>;
export type ScenarioFile = z.infer<typeof scenarioSchema>;
