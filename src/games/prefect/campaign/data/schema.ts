/**
 * Zod schemas of the Campaign data pack (rules.json, invasion.json). Shapes and local checks
 * only; references into the planetary and space packs are checked by campaignScenarioProblems.
 */
import { z } from 'zod';
import { provenanceSchema as prov } from '#engine/tables.js';
import { custom, fieldProv, int, nat, side } from '../../common/data-schema.js';

const baseCombat = z.object({ id: z.string(), attack: nat, defence: nat, esm: nat, provenance: prov }).strict();

export const campaignRulesSchema = z
  .object({
    planetSector: z.string(),
    zoneToSegment: z.record(z.string(), int.min(1).max(10)),
    zoneProvenance: prov,
    asd: z.object({ unitType: z.string(), saveModifierPerCentury: int.max(0), reorgCost: nat, provenance: prov, fieldProvenance: fieldProv.optional() }).strict(),
    transportSp: z.object({ byType: z.record(z.string(), int.min(1)), default: int.min(1), provenance: prov }).strict(),
    legionBaseCombat: z.record(z.string(), baseCombat),
    manufacturingBonus: z.object({ fraction: z.number().min(0).max(1), provenance: prov }).strict(),
    shipAirDefenceFailRoll: z.object({ roll: int.min(1).max(10), provenance: prov }).strict(),
    spacecraftEsmPenalty: z.object({ value: nat, provenance: prov }).strict(),
  })
  .strict()
  .superRefine((r, ctx) => {
    // L2139-2145: exactly the zones 1..10, each on its own segment.
    const zones = Object.keys(r.zoneToSegment).map(Number).sort((a, b) => a - b);
    if (zones.join() !== '1,2,3,4,5,6,7,8,9,10') custom(ctx, 'zoneToSegment must list zones 1..10 (L2139)', ['zoneToSegment']);
    if (new Set(Object.values(r.zoneToSegment)).size !== 10) custom(ctx, 'each zone needs its own segment (L2145)', ['zoneToSegment']);
    for (const c of ['GL1', 'GL2', 'GL3', 'GL4']) if (!r.legionBaseCombat[c]) custom(ctx, `legionBaseCombat lacks ${c} (L2153-2157)`, ['legionBaseCombat']);
  });

const glClass = z.enum(['GL1', 'GL2', 'GL3', 'GL4']);
const navalBaseClass = z.enum(['ON1', 'ON2', 'ON3', 'ON4', 'ON5', 'ON6', 'GN1', 'GN2', 'GN3', 'GN4', 'GN5', 'GN6']);

export const campaignScenarioSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    turns: int.min(1),
    firstAttacker: side,
    invader: side,
    ground: z.object({
      orgs: z.array(z.object({ id: z.string(), side, kind: z.enum(['LEGION', 'AUXILIA']), name: z.string() }).strict()).min(2),
      units: z.array(z.object({ id: z.string(), type: z.string(), side, org: z.string() }).strict()).min(1),
      tfs: z.array(z.object({ side, org: z.string(), counter: int.min(1), hex: z.string(), units: z.array(z.string()).min(1) }).strict()),
      cargo: z.array(z.object({ unit: z.string(), transports: z.array(z.string()).min(1) }).strict()),
      bases: z.array(z.object({ id: z.string(), side, type: glClass, hex: z.string(), supply: nat }).strict()),
      urbanControl: z.record(z.string(), side.nullable()),
      hqSupply: z.record(z.string(), nat),
    }).strict(),
    naval: z.object({
      units: z.array(z.object({ id: z.string(), type: z.string(), side, independent: z.boolean().optional(), supply: nat.optional() }).strict()).min(1),
      tfs: z.array(z.object({ id: z.string(), side, counterNo: int.min(1).max(20), place: z.string(), units: z.array(z.string()).min(1) }).strict()),
      bases: z.array(z.object({ id: z.string(), side, type: navalBaseClass, sector: z.string(), segment: int.min(1).max(10), supply: nat }).strict()),
    }).strict(),
    offSystemSupply: z.array(z.object({ side, turn: z.union([int.min(1), z.literal('each')]), sp: nat, provenance: prov }).strict()),
    urbanProduction: z.object({ sp: nat, provenance: prov }).strict(),
    rebuildLimit: nat,
    extraBases: z.array(z.object({ turn: int.min(1), side, type: z.enum(['GL1', 'GL2', 'GL3', 'GN1', 'GN2', 'GN3']) }).strict()).optional(),
    victory: z.object({
      kind: z.literal('invasion'), invader: side, baseClasses: z.array(glClass).min(1), urbanFraction: z.number().gt(0).max(1), provenance: prov,
    }).strict(),
    provenance: prov,
    fieldProvenance: fieldProv.optional(),
  })
  .strict();
