/**
 * Zod schemas of the Space Game data pack. Beyond shapes they check what the rules fix: zone 0
 * is the Sun and zones 1-7 hold the sectors (L982-984), belt zones give 4-segment sectors
 * (L1060, L1124), bases follow the even-fill rule (L1162-1164), a CRT reproduces its fixtures
 * (D-03), and scenario references resolve (scenarioProblems in index.ts).
 */
import { z } from 'zod';
import { provenanceSchema as prov } from '#engine/tables.js';
import { custom, fieldProv, int, nat, side } from '../../common/data-schema.js';
import { FIGHTER_CLASSES, MISSIONS, SHIP_CLASSES } from '../types.js';

const body = z.object({ name: z.string(), kind: z.enum(['PLANET', 'PLANETOID', 'ASTEROID']) }).strict();
const sector = z.object({ id: z.string(), zone: int.min(1).max(7), index: int.min(1), name: z.string().optional(), body: body.optional() }).strict();

export const systemMapSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    zones: z.array(z.object({ zone: int.min(0).max(10), sectors: nat, asteroidBelt: z.boolean(), provenance: prov }).strict()).length(11),
    sectors: z.array(sector).min(1),
    provenance: prov,
    valueProvenance: fieldProv.optional(),
  })
  .strict()
  .superRefine((m, ctx) => {
    m.zones.forEach((zn, i) => {
      if (zn.zone !== i) custom(ctx, `zone ${i} is listed as ${zn.zone}`, ['zones', i]);
      if ((i === 0 || i > 7) && zn.sectors !== 0) custom(ctx, `zone ${i} has no sectors (L982-984, D-06)`, ['zones', i]);
      if (i >= 1 && i <= 7 && zn.sectors < 1) custom(ctx, `zone ${i} needs sectors (L984)`, ['zones', i]);
      const secs = m.sectors.filter((s) => s.zone === i);
      if (secs.length !== zn.sectors) custom(ctx, `zone ${i}: ${secs.length} sectors listed, ${zn.sectors} declared`, ['zones', i]);
      secs.forEach((s) => {
        if (s.index < 1 || s.index > zn.sectors) custom(ctx, `${s.id}: index out of 1..${zn.sectors}`, ['sectors']);
        if (zn.asteroidBelt && s.body?.kind !== 'ASTEROID') custom(ctx, `${s.id}: every sector of a belt zone is an asteroid sector (L1060)`, ['sectors']);
        if (!zn.asteroidBelt && s.body?.kind === 'ASTEROID') custom(ctx, `${s.id}: asteroid sector outside a belt zone`, ['sectors']);
      });
    });
    const ids = new Set(m.sectors.map((s) => s.id));
    if (ids.size !== m.sectors.length) custom(ctx, 'duplicate sector ids', ['sectors']);
    const coords = new Set(m.sectors.map((s) => `${s.zone},${s.index}`));
    if (coords.size !== m.sectors.length) custom(ctx, 'two sectors share a (zone, sector) coordinate (L986)', ['sectors']);
  });

const stats = { attack: nat, defence: nat, sig: int, esm: int, thrust: nat, carry: nat };

export const navalUnitTypeSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    code: z.enum([...SHIP_CLASSES, ...FIGHTER_CLASSES] as [string, ...string[]]),
    side,
    kind: z.enum(['SHIP', 'TRANSPORT', 'FIGHTER']),
    ...stats,
    reorgCost: nat,
    provenance: prov,
    fieldProvenance: fieldProv.optional(),
  })
  .strict()
  .superRefine((t, ctx) => {
    const fighter = (FIGHTER_CLASSES as readonly string[]).includes(t.code);
    const transport = t.code === 'TRL' || t.code === 'TRM';
    if (fighter !== (t.kind === 'FIGHTER')) custom(ctx, `${t.id}: kind FIGHTER iff a fighter code (L1112)`);
    if (transport !== (t.kind === 'TRANSPORT')) custom(ctx, `${t.id}: kind TRANSPORT iff TRL/TRM (L1094)`);
    if (fighter && t.carry !== 0) custom(ctx, `${t.id}: fighters carry nothing (L1110)`);
  });

const baseClass = z.enum(['ON1', 'ON2', 'ON3', 'ON4', 'ON5', 'ON6', 'GN1', 'GN2', 'GN3', 'GN4', 'GN5', 'GN6']);
export const navalBaseTypeSchema = z
  .object({
    id: baseClass, orbital: z.boolean(), classLevel: int.min(1).max(6), attack: nat, defence: nat, esm: int, sig: int, supplyMax: nat,
    provenance: prov, fieldProvenance: fieldProv.optional(),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (b.orbital !== b.id.startsWith('O')) custom(ctx, `${b.id}: "O" = orbit, "G" = ground (L1132)`);
    if (Number(b.id.slice(2)) !== b.classLevel) custom(ctx, `${b.id}: class level is its number (L1132)`);
  });

export const navalFileSchema = z
  .object({
    unitTypes: z.record(z.string(), navalUnitTypeSchema),
    baseTypes: z.record(baseClass, navalBaseTypeSchema),
    /** D-74: Marine cohort space attack (reconstructed). */
    marines: z.object({ cohortAttack: int.min(1), provenance: prov }).strict(),
  })
  .strict()
  .superRefine((f, ctx) => {
    for (const [k, v] of Object.entries(f.unitTypes)) if (k !== v.id) custom(ctx, `unit type key ${k} has id ${v.id}`, ['unitTypes', k]);
    for (const [k, v] of Object.entries(f.baseTypes)) if (k !== v.id) custom(ctx, `base key ${k} has id ${v.id}`, ['baseTypes', k]);
    if (Object.keys(f.baseTypes).length !== 12) custom(ctx, 'O/GN1-6: twelve base classes (L1132)', ['baseTypes']);
  });

const cell = z.object({ a: int, aFlag: z.enum(['AR', 'CA']).optional(), d: int, dFlag: z.enum(['DR', 'BT']).optional() }).strict();

export const spaceCrtSchema = z
  .object({
    columns: z.array(z.string()).min(1),
    rows: z.array(z.array(cell)).length(10),
    dieModifier: z.array(int),
    fixtures: z.array(z.object({ column: z.string(), roll: int.min(1).max(10), cell, rule: z.string().min(1) }).strict()),
    provenance: prov,
  })
  .strict()
  .superRefine((t, ctx) => {
    if (t.dieModifier.length !== t.columns.length) custom(ctx, 'one die modifier per column (D-03)', ['dieModifier']);
    t.rows.forEach((r, i) => {
      if (r.length !== t.columns.length) custom(ctx, `row ${i + 1} has ${r.length} cells for ${t.columns.length} columns`, ['rows', i]);
    });
    for (const f of t.fixtures) {
      const c = t.columns.indexOf(f.column);
      if (c < 0) custom(ctx, `fixture column ${f.column} is not a column`, ['fixtures']);
      else if (JSON.stringify(t.rows[f.roll - 1]?.[c]) !== JSON.stringify(f.cell)) {
        custom(ctx, `fixture ${f.column}/${f.roll} (${f.rule}) is not reproduced`, ['fixtures']);
      }
    }
  });

export const spaceScenarioSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    turns: int.min(1),
    firstAttacker: side,
    firstToPlace: side,
    rebuildLimit: nat,
    units: z.array(z.object({
      id: z.string(), type: z.string(), side, independent: z.boolean().optional(), supply: nat.optional(),
      overrides: z.object(stats).partial().strict().optional(),
    }).strict()).min(1),
    tfs: z.array(z.object({ id: z.string(), side, counterNo: int.min(1).max(20), place: z.string(), units: z.array(z.string()).min(1) }).strict()),
    bases: z.array(z.object({ id: z.string(), side, type: baseClass, sector: z.string(), segment: int.min(1).max(10), supply: nat }).strict()),
    /** L2049-2057: Marine cohorts each side may load off-system (the rules leave the number to the scenario). */
    offSystemMarines: z.object({ TOG: nat.optional(), CW: nat.optional() }).strict().optional(),
    victory: z.object({
      kind: z.literal('victoryPoints'),
      perBaseDestroyedOrCaptured: nat,
      perNavalUnitDestroyed: nat,
      perMissionCompleted: z.object({ missions: z.array(z.enum(MISSIONS as unknown as [string, ...string[]])), sector: z.string(), vp: nat, maxPerTurn: int.min(1).optional() }).strict(),
      tie: side,
      bonus: z.object({ TOG: nat.optional(), CW: nat.optional() }).strict().optional(),
      provenance: prov,
    }).strict(),
    provenance: prov,
    fieldProvenance: fieldProv.optional(),
  })
  .strict();
