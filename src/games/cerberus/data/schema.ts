/**
 * Zod schemas of the Cerberus data pack (map.json, units.json, tables.json, options.json).
 * Beyond shapes they check cross-references (neighbours exist and are mutual, counters match
 * the manifest, CRT cells are whole losses of at most two), so a replaced pack fails loudly.
 */
import { z } from 'zod';
import { provenanceSchema as prov, resultsTableSchema } from '#engine/tables.js';

const int = z.number().int();
const nat = int.min(0);
const v = <T extends z.ZodTypeAny>(value: T) => z.object({ value, provenance: prov }).strict();
const custom = (ctx: z.RefinementCtx, message: string, path: (string | number)[] = []): void =>
  ctx.addIssue({ code: z.ZodIssueCode.custom, message, path });

export const SIDES = ['HUMAN', 'CETIAN'] as const;
export const TERRAINS = ['ALL_WATER', 'CLEAR', 'ICE', 'MOUNTAIN'] as const;
export const CONTINENTS = ['ALPHA', 'BETA', 'NORTH_POLAR', 'GAMMA', 'DELTA', 'EPSILON'] as const;
export const DIRECTIONS = ['N', 'S', 'E', 'W', 'NE', 'NW', 'SE', 'SW'] as const;
export const UNIT_CLASSES = ['INFANTRY', 'MOBILE', 'HEAVY_WEAPONS', 'TRANSPORT', 'BASE', 'SPACEPORT', 'EFIELD', 'SF'] as const;

const side = z.enum(SIDES);
export const hexIdSchema = z.string().regex(/^\d{4}$/, 'hex ids are four digits RRCC');

// ---------- map.json (4.9, digest §2) ----------
const hexFields = ['neighbors', 'double', 'terrain', 'partialWater', 'continent', 'resource', 'storm'] as const;
const hexProvenance = z.object(Object.fromEntries(hexFields.map((f) => [f, prov])) as Record<(typeof hexFields)[number], typeof prov>);

export const stormHexSchema = z.object({ no: int.min(1).max(6), kind: z.enum(['ACF', 'TS']), arrow: z.enum(DIRECTIONS) }).strict();

export const hexSchema = z
  .object({
    id: hexIdSchema,
    row: int.min(0).max(20),
    col: int.min(1).max(30).nullable(),
    pole: z.enum(['NORTH', 'SOUTH']).nullable(),
    double: z.boolean(),
    neighbors: z.array(hexIdSchema).min(1),
    terrain: z.enum(TERRAINS),
    partialWater: z.boolean(),
    continent: z.enum([...CONTINENTS, 'ISLAND']).nullable(),
    resource: int.min(1).nullable(),
    storm: stormHexSchema.nullable(),
    /** Overrides of the table-level provenance for this hex's values. */
    provenance: hexProvenance.partial().strict().optional(),
  })
  .strict();

export const mapSchema = z
  .object({
    game: z.literal('cerberus'),
    description: z.string(),
    grid: z
      .object({
        rows: int, cols: int, northPole: hexIdSchema, southPole: hexIdSchema,
        layout: v(z.string()), equatorRow: v(int.min(1).max(19)),
        curvatureRows: v(z.array(int)), polarSupplyRows: v(z.array(int.min(0).max(20))),
      })
      .strict(),
    provenance: hexProvenance.strict(),
    continents: z.array(z.object({ id: z.enum(CONTINENTS), name: z.string(), provenance: prov }).strict()).length(6),
    variants: z.record(
      z.object({
        description: z.string(),
        remove: z.array(z.tuple([hexIdSchema, hexIdSchema])),
        add: z.array(z.tuple([hexIdSchema, hexIdSchema])),
        provenance: prov,
      }).strict(),
    ),
    hexes: z.array(hexSchema).min(1),
  })
  .strict()
  .superRefine((m, ctx) => {
    const byId = new Map(m.hexes.map((h) => [h.id, h]));
    if (byId.size !== m.hexes.length) custom(ctx, 'duplicate hex ids', ['hexes']);
    const resources = new Set<number>();
    const storms = new Set<number>();
    m.hexes.forEach((h, i) => {
      const at = ['hexes', i];
      if (h.id.slice(0, 2) !== String(h.row).padStart(2, '0')) custom(ctx, `${h.id}: row ${h.row} does not match its id`, at);
      if ((h.pole === null) !== (h.col !== null)) custom(ctx, `${h.id}: only Poles lack a column`, at);
      if ((h.terrain === 'ALL_WATER') !== (h.continent === null)) custom(ctx, `${h.id}: All Water hexes, and only they, have no continent`, at);
      if (h.terrain === 'ALL_WATER' && (h.partialWater || h.resource !== null)) custom(ctx, `${h.id}: All Water cannot be Partial Water or a Resource hex`, at);
      for (const n of h.neighbors) {
        if (!byId.get(n)?.neighbors.includes(h.id)) custom(ctx, `${h.id} lists ${n}, which is unknown or does not list it back`, at);
      }
      if (h.resource !== null) {
        if (resources.has(h.resource)) custom(ctx, `Resource #${h.resource} is numbered twice`, at);
        resources.add(h.resource);
      }
      if (h.storm) {
        if (storms.has(h.storm.no)) custom(ctx, `Storm Generation hex #${h.storm.no} appears twice`, at);
        storms.add(h.storm.no);
      }
    });
    for (let n = 1; n <= resources.size; n++) if (!resources.has(n)) custom(ctx, `Resource hexes skip #${n}`, ['hexes']);
    if (storms.size !== 6) custom(ctx, 'the map needs Storm Generation hexes #1-#6 (15.5, 15.6)', ['hexes']);
    for (const pole of [m.grid.northPole, m.grid.southPole]) if (!byId.has(pole)) custom(ctx, `Pole ${pole} missing`, ['grid']);
    for (const [k, variant] of Object.entries(m.variants)) {
      for (const [a, b] of [...variant.remove, ...variant.add]) {
        if (!byId.has(a) || !byId.has(b)) custom(ctx, `variant ${k} names an unknown hex`, ['variants', k]);
      }
    }
  });

// ---------- units.json (2.4-2.6, 14.1-14.2) ----------
const classSchema = z
  .object({
    exertsZoc: z.boolean(), needsSupply: z.boolean(), attacksFromAdjacent: z.boolean(),
    stacking: z.enum(['COMBAT', 'HEAVY_WEAPONS', 'TRANSPORT', 'INSTALLATION', 'NONE']),
    transportCompanyCarries: z.boolean(),
    garrison: z.enum(['BATTALION', 'BASE', 'SPACEPORT']).nullable(),
    provenance: prov,
  })
  .strict();

export const unitTypeSchema = z
  .object({
    code: z.string(), side, cls: z.enum(UNIT_CLASSES),
    sub: z.enum(['REGULAR', 'PARATROOP', 'GUARDS', 'PROVISIONAL', 'ASSAULT', 'STORM', 'MARINE']),
    name: z.string(),
    attack: nat.nullable(), defense: nat.nullable(), movement: nat.nullable(),
    count: int.min(1),
    /** Defense by value of the spaceportFactorsFrom option (contradiction C1). */
    defenseByOption: z.record(nat).optional(),
    provenance: prov,
  })
  .strict();

export const counterSchema = z.object({ id: z.string().regex(/^[CH]:/), type: z.string(), designation: z.string() }).strict();
const placed = z.object({ counters: z.array(z.string()), provenance: prov }).strict();
export const reinforcementSchema = z
  .object({ turn: int.min(1), side, at: z.enum(['SPACEPORT', 'FLEET', 'FLEET_SF', 'SYSTEM', 'TAU_CETI', 'EARTH']), counters: z.array(z.string()).min(1), provenance: prov })
  .strict();

export const unitsSchema = z
  .object({
    game: z.literal('cerberus'),
    description: z.string(),
    classes: z.record(z.enum(UNIT_CLASSES), classSchema),
    types: z.array(unitTypeSchema),
    counters: z.array(counterSchema),
    countersProvenance: prov,
    boxes: z.array(
      z.object({
        id: z.enum(['FLEET', 'FLEET_SF', 'EARTH', 'SYSTEM', 'TAU_CETI']), side,
        capacity: nat.nullable(), turnOneCapacity: nat.nullable(), hidden: z.boolean(), provenance: prov,
      }).strict(),
    ),
    setup: z
      .object({
        spaceState: v(int.min(-6).max(6)),
        CETIAN: z
          .object({
            map: placed.extend({
              placement: z.literal('ANYWHERE_ON_LAND'), installationsOnResourceHexes: z.boolean(), installationsApart: z.boolean(),
              mayBeFaceDown: z.boolean(), faceDownRevealedByEndOfTurn: int,
            }),
            FLEET: placed, FLEET_SF: placed, SYSTEM: placed, TAU_CETI: placed, supplies: v(nat),
          })
          .strict(),
        HUMAN: z
          .object({
            FLEET: z.object({ maxCounters: nat, provenance: prov }).strict(),
            FLEET_SF: placed,
            EARTH: z.object({ counters: z.literal('ALL_OTHERS'), provenance: prov }).strict(),
          })
          .strict(),
      })
      .strict(),
    reinforcements: z.array(reinforcementSchema),
  })
  .strict()
  .superRefine((u, ctx) => {
    const types = new Map(u.types.map((t) => [t.code, t]));
    const ids = new Set<string>();
    const perType = new Map<string, number>();
    u.counters.forEach((c, i) => {
      const t = types.get(c.type);
      if (!t) return custom(ctx, `counter ${c.id} has unknown type ${c.type}`, ['counters', i]);
      if (ids.has(c.id)) custom(ctx, `counter id ${c.id} is used twice`, ['counters', i]);
      if (c.id[0] !== t.side[0]) custom(ctx, `counter ${c.id} belongs to the wrong side`, ['counters', i]);
      ids.add(c.id);
      perType.set(c.type, (perType.get(c.type) ?? 0) + 1);
    });
    for (const t of u.types) if (perType.get(t.code) !== t.count) custom(ctx, `type ${t.code}: ${perType.get(t.code) ?? 0} counters, manifest says ${t.count}`, ['types']);
    const s = u.setup;
    const placedIds = [
      ...s.CETIAN.map.counters, ...s.CETIAN.FLEET.counters, ...s.CETIAN.FLEET_SF.counters, ...s.CETIAN.SYSTEM.counters,
      ...s.CETIAN.TAU_CETI.counters, ...s.HUMAN.FLEET_SF.counters, ...u.reinforcements.flatMap((r) => r.counters),
    ];
    const seen = new Set<string>();
    for (const id of placedIds) {
      if (!ids.has(id)) custom(ctx, `set-up or reinforcement names unknown counter ${id}`, ['setup']);
      if (seen.has(id)) custom(ctx, `counter ${id} is placed twice`, ['setup']);
      seen.add(id);
    }
  });

// ---------- tables.json ----------
const crtCell = z.object({ attacker: int.min(0).max(2), defender: int.min(0).max(2), provenance: prov }).strict();
const sideValues = z.object({ stp: nat, sf: nat, supply: nat, fleetFire: nat }).strict();
const dieRange = z.object({ min: int, max: int, shift: int }).strict();
const vp = z.object({ what: z.string(), vp: z.number().min(0), provenance: prov }).strict();
const sfCode = z.string().regex(/^(-|D|D?[1-4])$/);

export const tablesSchema = z
  .object({
    game: z.literal('cerberus'),
    description: z.string(),
    crt: resultsTableSchema(crtCell).and(z.object({ columnsProvenance: prov })),
    crtRules: z.record(v(z.union([z.string(), z.number()]))),
    columnShifts: z.object({
      shifts: z.array(z.object({ id: z.string(), shift: int, description: z.string(), provenance: prov }).strict()),
      applyAfterLegalityCheck: v(z.boolean()), clampToTable: v(z.boolean()),
    }).strict(),
    space: z.object({
      initialState: v(int), maxState: v(int),
      deterioration: z.object({ byMagnitude: z.array(int.min(0).max(6)).length(7), provenance: prov }).strict(),
      resolution: z.object({ dice: int, rows: z.array(dieRange), provenance: prov }).strict(),
      effects: z.object({
        provenance: prov,
        rows: z.array(z.object({ state: int.min(-6).max(6), HUMAN: sideValues, CETIAN: sideValues }).strict()).length(13),
        anchors: z.array(z.object({ state: int, column: z.enum(['stp', 'sf', 'supply', 'fleetFire']), HUMAN: nat, CETIAN: nat, provenance: prov }).strict()),
        minimumHumanStpAtPlus6: v(nat),
      }).strict(),
      directSupplyToUnitsMinOwnState: v(int),
    }).strict(),
    majorEffort: z.object({
      total: nat, firstTurn: z.object({ HUMAN: int, CETIAN: int }).strict(), spacing: int, shift: int,
      extendedSpacingAfterThird: int, extendedEarnFromTurn: int, extendedEarnEvery: int, extendedShiftAfterThird: int, provenance: prov,
    }).strict(),
    terrain: z.object({
      types: z.array(z.object({
        id: z.enum(TERRAINS), moveCost: int.min(1), combatShift: int, mayEndMovement: z.boolean(), mayLand: z.boolean(), provenance: prov,
      }).strict()).length(TERRAINS.length),
      mayLandInAllWaterProvenance: prov,
      partialWater: v(z.string()), resourceHex: v(z.string()), stormGenerationHex: v(z.string()), minimumMove: v(nat),
    }).strict(),
    transport: z.object({
      originCost: z.object({ FLEET: nat, SYSTEM: nat, EARTH: nat, TAU_CETI: nat, provenance: prov }).strict(),
      spaceportMultiplier: v(nat),
      adjustments: z.object({ PARATROOP: int, TRANSPORT: int, EFIELD: int, AT_SPACEPORT: int, provenance: prov }).strict(),
      baseDiscount: v(z.string()), efieldActsAsSpaceportForLanding: v(z.boolean()), installationLandedThisTurnGivesNoDiscount: v(z.boolean()),
      minimumCost: v(nat),
      lowStateBan: z.object({ fromOwnState: int, toOwnState: int, types: z.array(z.string()), provenance: prov }).strict(),
      evacuateCost: v(nat),
      freeEvacuationsAtLowState: z.object({ value: nat, fromOwnState: int, toOwnState: int, provenance: prov }).strict(),
      shuttleCost: v(nat), spaceportEvacuateShuttleMultiplier: v(nat),
      subOrbital: z.object({ unitsPerSegment: nat, suppliesInstead: nat, provenance: prov }).strict(),
      transportCompany: z.object({ supplies: nat, passengers: nat, provenance: prov }).strict(),
    }).strict(),
    supply: z.record(v(z.union([nat, z.array(nat)]))),
    fireSupport: z.record(v(z.union([nat, z.string()]))),
    strategic: z.object({ humanEarthToFleetMax: v(nat), cetianTauToSystemMax: v(nat) }).strict(),
    specialForces: z.object({
      vsInstallation: z.object({
        codes: z.string(), columns: z.array(int), rows: z.record(z.array(sfCode).length(4)), provenance: prov, rowProvenance: z.record(prov),
      }).strict(),
      vsSupplies: z.object({ rows: z.array(z.object({ die: int.min(1).max(6), destroyed: nat, sfLost: z.boolean() }).strict()).length(6), provenance: prov }).strict(),
      combatSupport: z.object({ pairSize: nat, shift: int, survivalEliminatedOn: z.array(int.min(1).max(6)), provenance: prov }).strict(),
      returnDelayTurns: v(nat), maxReturnsPerTurn: v(nat), boxCapacity: v(nat),
    }).strict(),
    stacking: z.object({
      regularSlots: v(nat), maxSpaceports: v(nat), maxCombatInRegularSlots: v(nat), extraHeavyWeapons: v(nat), extraTransports: v(nat),
      maxUnitsWithAttackFactors: v(nat), legalExamples: v(z.array(z.record(z.enum(UNIT_CLASSES), nat))),
    }).strict(),
    victory: z.object({
      destroyed: z.array(vp), remaining: z.array(vp),
      continents: z.array(z.object({ continent: z.enum(CONTINENTS), vp: nat, provenance: prov }).strict()).length(6),
      resourceHex: z.object({ occupied: nat, withBaseOrSpaceport: nat, provenance: prov }).strict(),
      levels: z.array(z.object({ minRatio: z.number().min(0), level: z.string(), winner: side.nullable(), provenance: prov }).strict()),
      zeroCetianVp: v(z.string()),
      garrison: z.object({
        enforcedAfterTurn: nat, suspensionTurns: nat,
        combinations: z.array(z.object({ id: z.string(), spaceports: nat, bases: nat, battalions: nat }).strict()), provenance: prov,
      }).strict(),
      turns: v(nat),
    }).strict(),
    weather: z.object({
      maxStorms: v(nat),
      generation: z.object({ createOn: z.array(int), hexDie: int, blockedWithin: nat, provenance: prov }).strict(),
      beginningIntensity: z.array(z.object({ season: z.enum(['SPRING', 'SUMMER', 'FALL', 'WINTER']), ACF: int.min(1).max(3), TS: int.min(1).max(3) }).strict()).length(4),
      beginningIntensityProvenance: prov,
      southernHemisphereSeason: v(z.string()),
      acfMovement: z.object({ rows: z.array(z.object({ die: int, move: z.enum(['A', 'B', 'STAY']) }).strict()).length(6), provenance: prov }).strict(),
      tsMovement: z.object({ rows: z.array(z.object({ die: int, move: z.enum(['W', 'X', 'Y', 'Z']), intensityChange: z.boolean() }).strict()).length(6), provenance: prov }).strict(),
      tsIntensityChange: z.object({ MOUNTAIN: int, CONTINENT_LAND: int, WATER_OR_ISLAND: int, max: int, provenance: prov }).strict(),
      tsArea: z.object({ byIntensity: z.record(z.array(int.min(0).max(3))), eyeIntensity: int, provenance: prov }).strict(),
      acfSecondRowPenalty: v(int), maxIntensity: v(int), tsRemovalBeyondRowsFromEquator: v(int), directionDiagrams: v(z.string()),
    }).strict(),
    extended: z.object({
      rebuild: z.object({
        rows: z.array(z.object({ fromTurn: int, toTurn: int.nullable(), EARTH: z.number().min(0), SYSTEM: z.number().min(0), TAU_CETI: z.number().min(0) }).strict()),
        spaceportCost: nat, provenance: prov,
      }).strict(),
      maxStateAfterTurn15: v(nat),
      sfCap: z.object({ rows: z.array(z.object({ afterTurn: int, cap: nat }).strict()), provenance: prov }).strict(),
    }).strict(),
  })
  .strict();

// ---------- options.json (matches OptionSpec in engine/contract.ts) ----------
export const optionSchema = z
  .object({
    id: z.string().regex(/^[a-z][A-Za-z0-9]*$/),
    description: z.string().min(10),
    type: z.enum(['boolean', 'number', 'string']),
    default: z.union([z.boolean(), z.number(), z.string()]),
    values: z.array(z.string()).min(2).optional(),
    rule: z.string().min(1),
  })
  .strict()
  .refine((o) => typeof o.default === o.type, { message: 'default does not match the option type' })
  .refine((o) => !o.values || (o.type === 'string' && o.values.includes(o.default as string)), {
    message: 'values are for string options and must include the default',
  });
export const optionsSchema = z.array(optionSchema).refine((os) => new Set(os.map((o) => o.id)).size === os.length, { message: 'duplicate option id' });

export type MapData = z.infer<typeof mapSchema>;
export type HexRecord = z.infer<typeof hexSchema>;
export type StormHex = z.infer<typeof stormHexSchema>;
export type UnitsData = z.infer<typeof unitsSchema>;
export type UnitType = z.infer<typeof unitTypeSchema>;
export type Counter = z.infer<typeof counterSchema>;
export type Reinforcement = z.infer<typeof reinforcementSchema>;
export type TablesData = z.infer<typeof tablesSchema>;
export type CrtCell = z.infer<typeof crtCell>;
export type Terrain = (typeof TERRAINS)[number];
export type Continent = (typeof CONTINENTS)[number];
export type UnitClass = (typeof UNIT_CLASSES)[number];
export type Direction = (typeof DIRECTIONS)[number];
