/**
 * Typed, validated access to data/space.json: the tables of space superiority (13), special
 * forces (10), reinforcements and strategic movement (3.2 D, 14.2), garrison and victory
 * (14.4-14.5) and the extended game (16). The JSON is checked against this schema when the
 * module loads, so a replaced data pack fails loudly instead of corrupting a game.
 */
import { z } from 'zod';
import raw from './data/space.json';

const provenance = z.union([
  z.object({ source: z.literal('rulebook'), rule: z.string().min(1) }),
  z.object({ source: z.literal('reconstructed'), reason: z.string().min(1) }),
]);
const pair = z.tuple([z.number().int().min(0), z.number().int().min(0)]);
const sideKeyed = z.object({ HUMAN: z.number().int(), CETIAN: z.number().int() });
const withProv = <T extends z.ZodTypeAny>(value: T) => z.object({ value, provenance });
const sfCode = z.string().regex(/^(-|D|D?[1-4])$/);

const effectsRow = z.object({
  state: z.number().int().min(-6).max(6),
  stp: pair,
  sf: pair,
  supply: pair,
  fleetFire: pair,
});

export const SpaceDataSchema = z.object({
  version: z.literal(1),
  deterioration: z.object({ provenance, byMagnitude: z.array(z.number().int().min(0).max(6)).length(7) }),
  resolutionChart: z.object({
    provenance,
    rows: z.array(z.object({ min: z.number().int(), max: z.number().int(), shift: z.number().int() })).min(1),
  }),
  effectsChart: z.object({
    provenance,
    rows: z.array(effectsRow).length(13),
    anchors: z.array(
      z.object({
        state: z.number().int(),
        column: z.enum(['stp', 'sf', 'supply', 'fleetFire']),
        value: pair,
        provenance,
      }),
    ),
  }),
  majorEffort: z.object({
    provenance,
    total: z.number().int().min(0),
    firstTurn: sideKeyed,
    spacing: z.number().int().min(1),
    shift: z.number().int().min(1),
  }),
  extended: z.object({
    provenance,
    majorEffort: z.object({
      spacingAfterThird: z.number().int().min(1),
      earnFromTurn: z.number().int().min(1),
      earnEvery: z.number().int().min(1),
      shiftAfterThird: z.number().int().min(1),
    }),
    maxState: z.object({ afterTurn: z.number().int(), max: z.number().int().min(0).max(6) }),
    sfCap: z.array(z.object({ afterTurn: z.number().int(), cap: z.number().int().min(0) })),
  }),
  rebuild: z.object({
    provenance,
    rows: z.array(
      z.object({
        fromTurn: z.number().int(),
        toTurn: z.number().int().nullable(),
        EARTH: z.number().min(0),
        SYSTEM: z.number().min(0),
        TAU_CETI: z.number().min(0),
      }),
    ),
    spaceportCost: z.number().int().min(1),
  }),
  specialForces: z.object({
    boxCapacity: withProv(z.number().int().min(1)),
    returnDelay: withProv(z.number().int().min(1)),
    maxReturnsPerTurn: withProv(z.number().int().min(1)),
    pairSize: withProv(z.number().int().min(1)),
    pairShift: withProv(z.number().int().min(0)),
    survivalEliminatedOn: withProv(z.array(z.number().int().min(1).max(6))),
    vsInstallation: z.object({
      provenance,
      rows: z.array(z.array(sfCode).length(4)).length(6),
      rowProvenance: z.record(provenance).optional(),
    }),
    vsSupplies: z.object({
      provenance,
      rows: z
        .array(z.object({ die: z.number().int().min(1).max(6), destroyed: z.number().int().min(0), sfLost: z.boolean() }))
        .length(6),
    }),
  }),
  fleet: z.object({ provenance, capacity: sideKeyed, humanTurnOneCapacity: z.number().int().min(1) }),
  strategic: z.object({
    provenance,
    humanEarthToFleetMax: z.number().int().min(0),
    cetianTauToSystemMax: z.number().int().min(0),
  }),
  reinforcements: z.object({
    provenance,
    schedule: z.array(
      z.object({
        turn: z.number().int().min(1),
        side: z.enum(['HUMAN', 'CETIAN']),
        at: z.enum(['SPACEPORT', 'FLEET_SF', 'FLEET', 'SYSTEM', 'TAU_CETI', 'EARTH']),
        units: z.array(z.object({ designation: z.string(), type: z.string() })),
      }),
    ),
  }),
  garrison: z.object({
    provenance,
    enforcedAfterTurn: z.number().int().min(0),
    suspensionTurns: z.number().int().min(0),
    combinations: z.array(
      z.object({
        id: z.string(),
        spaceports: z.number().int().min(0),
        bases: z.number().int().min(0),
        battalions: z.number().int().min(0),
      }),
    ),
  }),
  victoryPoints: z.object({
    provenance,
    destroyed: z.object({
      eliteBattalion: z.number(),
      combatUnit: z.number(),
      TRANSPORT: z.number(),
      BASE: z.number(),
      SPACEPORT: z.number(),
      EFIELD: z.number(),
      SF: z.number(),
    }),
    remaining: z.object({ SPACEPORT: z.number(), BASE: z.number(), combatUnit: z.number() }),
    continents: z.record(z.number()),
    resourceHex: z.object({ occupied: z.number(), withInstallation: z.number() }),
  }),
  victoryLevels: z.object({
    provenance,
    rows: z.array(
      z.object({
        minRatio: z.number().min(0),
        level: z.string(),
        winner: z.enum(['HUMAN', 'CETIAN']).nullable(),
      }),
    ),
  }),
});

export type SpaceData = z.infer<typeof SpaceDataSchema>;
export type EffectsRow = z.infer<typeof effectsRow>;

/** The validated tables (throws at import time if the data pack is malformed). */
export const SPACE_DATA: SpaceData = SpaceDataSchema.parse(raw);
