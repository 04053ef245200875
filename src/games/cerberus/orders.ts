/**
 * Every order a Cerberus player submits: TypeScript types and zod schemas (digest §8.2).
 *
 * One submission per decision point. The phasing player normally sends ONE `phase-plan` for his
 * whole Player Phase (SF missions, supply, moves, attacks in order with support and advance
 * choices, landings). He may instead stop the plan early (`through`) to see results before
 * planning the rest; he is then asked again at the first segment the plan does not cover.
 * Mid-phase choices of the other side are taken from standing orders (`standing.lossPriority`),
 * which either player may edit with any submission. Plans are resolved in order; an order that
 * has become illegal when its turn comes (a unit lost, a hex emptied) follows its own
 * `ifBlocked` / `ifChanged` / `ifIllegal` policy instead of stopping the game.
 */
import { z } from 'zod';
import type { OrderError } from '#engine/contract.js';

/**
 * Orders are strict (3.1): an unknown key at any level is refused, not silently dropped, with a
 * message naming the keys the object takes.
 */
function strictObject<T extends z.ZodRawShape>(shape: T) {
  const expected = Object.keys(shape).join(', ');
  return z
    .object(shape, {
      errorMap: (issue, ctx) => ({
        message: issue.code === 'unrecognized_keys' ? `expected only: ${expected}` : ctx.defaultError,
      }),
    })
    .strict();
}

export const hexIdSchema = z.string().regex(/^\d{4}$/, 'a hex id is four digits RRCC (poles 0000 and 2000)');
export const unitIdSchema = z.string().min(1).max(64);
const hexId = hexIdSchema;
const unitId = unitIdSchema;
const unitIds = z.array(unitId).max(200);
const factors = z.number().int().min(0).max(1000);

export const PLAYER_SEGMENTS = ['SPECIAL_FORCES', 'SUPPLY', 'MOVEMENT', 'COMBAT', 'TRANSPORTATION'] as const;
export const PlayerSegmentSchema = z.enum(PLAYER_SEGMENTS);

// ---------------------------------------------------------------- standing orders

/**
 * 7.7 "each player chooses his own units": the order in which the owner gives up units when the
 * CRT calls for losses. Listed units go first, in order; the rest follow `then`. A Spaceport counts
 * as 2 units (CRT notes); `spaceport` says whether to keep it while others can absorb the loss
 * ('protect') or to give it up for a 2-unit loss to spare two other units ('sacrifice-on-two', G10).
 */
export const LossPrioritySchema = strictObject({
  unitIds: unitIds.default([]),
  then: z.enum(['fewest-vp-first', 'lowest-defense-first', 'lowest-attack-first']).default('fewest-vp-first'),
  spaceport: z.enum(['protect', 'sacrifice-on-two']).default('protect'),
});
export type LossPriority = z.output<typeof LossPrioritySchema>;

/** Standing orders; sent with any submission, they replace the stored ones field by field. */
export const StandingOrdersSchema = strictObject({ lossPriority: LossPrioritySchema.optional() });
export type StandingOrders = z.output<typeof StandingOrdersSchema>;

// ---------------------------------------------------------------- set-up

/**
 * 14.12 Cetian set-up: the 18 "On Cerberus" units placed (optionally face down), Bases and the
 * Spaceport on distinct Resource hexes, and 40 supply factors spread over them (12.2 caps).
 */
export const CetianSetupOrderSchema = strictObject({
  kind: z.literal('setup-cetian'),
  placements: z.array(strictObject({ unitId, hex: hexId, faceDown: z.boolean().default(false) })).max(40),
  supplies: z.array(strictObject({ installationId: unitId, factors })).max(20),
  standing: StandingOrdersSchema.optional(),
});
export type CetianSetupOrder = z.output<typeof CetianSetupOrderSchema>;

/** 14.13 Human set-up: at most 12 non-SF units with the Fleet (all 4 SF are in the SF box); the rest on Earth. */
export const HumanSetupOrderSchema = strictObject({
  kind: z.literal('setup-human'),
  fleet: z.array(unitId).max(12),
  /** 15.9 the northern season, when the Human chooses it (option seasonChosenBy 'human'). */
  season: z.enum(['SPRING', 'SUMMER', 'FALL', 'WINTER']).optional(),
  standing: StandingOrdersSchema.optional(),
});
export type HumanSetupOrder = z.output<typeof HumanSetupOrderSchema>;

// ---------------------------------------------------------------- space superiority

/**
 * 13.4, 3.2 A.2–A.5 Major Effort: call or not. Open when only this player is eligible, sealed and
 * revealed simultaneously when both are. `cancelRollIfSoleCaller` is the 13.43 choice, decided in
 * advance: it applies only if this player turns out to be the only caller.
 */
export const MajorEffortOrderSchema = strictObject({
  kind: z.literal('major-effort'),
  call: z.boolean(),
  cancelRollIfSoleCaller: z.boolean().default(false),
  standing: StandingOrdersSchema.optional(),
});
export type MajorEffortOrder = z.output<typeof MajorEffortOrderSchema>;

// ---------------------------------------------------------------- special forces (10)

/** 10.41 disrupt an enemy Spaceport, Base or E-Field with 1–4 SF together (one die). */
export const DisruptMissionSchema = strictObject({ targetId: unitId, sfIds: z.array(unitId).min(1).max(4) });
/** 10.42 raid an enemy Base or Spaceport stockpile; one SF, one die; all raids declared before any is rolled. */
export const RaidMissionSchema = strictObject({ targetId: unitId, sfId: unitId });
/** 10.4 Special Forces Segment: missions, and SF held for ground-combat support (10.43). */
export const SpecialForcesPlanSchema = strictObject({
  disrupt: z.array(DisruptMissionSchema).max(4).default([]),
  raid: z.array(RaidMissionSchema).max(4).default([]),
  hold: z.array(unitId).max(4).default([]),
});
export type SpecialForcesPlan = z.output<typeof SpecialForcesPlanSchema>;

// ---------------------------------------------------------------- supply (12, 3.2 B.2)

/** 3.2 B.2b, 12.8, 12.5 one space delivery: factors to an own Base/Spaceport, or 1 factor onto a unit (own state ≥ parity). */
export const SpaceDeliverySchema = z.discriminatedUnion('kind', [
  strictObject({ kind: z.literal('installation'), installationId: unitId, factors: z.number().int().min(1).max(50) }),
  strictObject({ kind: z.literal('unit'), unitId }),
]);
/** 12.4, 12.5, 12.71 where a unit draws its factor from. */
export const SupplySourceSchema = z.discriminatedUnion('kind', [
  /** 12.4 a Base/Spaceport within the unit's own MF (10.412: only same/adjacent hex if disrupted). */
  strictObject({ kind: z.literal('installation'), installationId: unitId }),
  /** 12.4 a Base/Spaceport with a Transport inverted on it: all units within 6 MP. */
  strictObject({ kind: z.literal('ferry'), transportId: unitId }),
  /** 12.5 a Transport's cargo in the same hex. */
  strictObject({ kind: z.literal('cargo'), transportId: unitId }),
  /** 12.71 one unit per player per Resource hex without a friendly Base or Spaceport. */
  strictObject({ kind: z.literal('resource') }),
]);
/** 3.2 B.2 Supply Segment plan; production (12.7) is automatic. */
export const SupplyPlanSchema = strictObject({
  spaceDelivery: z.array(SpaceDeliverySchema).max(200).default([]),
  /** 12.4 Transports to invert (ferry) on the Base/Spaceport they sit on. */
  ferry: unitIds.default([]),
  draws: z
    .array(strictObject({ unitId, source: SupplySourceSchema }))
    .max(200)
    .default([]),
  /** Let the engine supply every unit the plan does not cover, where it can (maximum matching). */
  auto: z.boolean().default(true),
  /** 12.5 voluntarily destroy Transport cargo. */
  dumpCargo: z
    .array(strictObject({ transportId: unitId, factors: z.number().int().min(1).max(6) }))
    .max(20)
    .default([]),
});
export type SupplyPlan = z.output<typeof SupplyPlanSchema>;

// ---------------------------------------------------------------- movement (4, 5, 11.3)

/**
 * 4.2–4.7, 5, 11.33 one unit's move: the hexes entered in order (start hex excluded). A Transport
 * may load a passenger or ≤ 6 supplies when it begins in or enters their hex (`atStep` 0 = start
 * hex, k = after entering path[k-1]) and unload at a later step (default: at the end, 11.33);
 * supplies can be unloaded only into a Base/Spaceport (12.5).
 */
export const MoveOrderSchema = strictObject({
  unitId,
  path: z.array(hexId).min(1).max(40),
  load: z
    .object({
      atStep: z.number().int().min(0),
      passengerId: unitId.optional(),
      supplies: z.number().int().min(1).max(6).optional(),
    })
    .refine((l) => (l.passengerId === undefined) !== (l.supplies === undefined), {
      message: 'load either one passenger or a number of supply factors',
    })
    .optional(),
  unloadAtStep: z.number().int().min(0).optional(),
  unloadSuppliesInto: unitId.optional(),
});
export type MoveOrder = z.output<typeof MoveOrderSchema>;
/** 4 Ground Unit Movement Segment: moves in order. A move blocked when its turn comes is cut short ('truncate') or not made ('skip'). */
export const MovementPlanSchema = strictObject({
  moves: z.array(MoveOrderSchema).max(120).default([]),
  ifBlocked: z.enum(['truncate', 'skip']).default('truncate'),
});
export type MovementPlan = z.output<typeof MovementPlanSchema>;

// ---------------------------------------------------------------- combat (7, 8, 10.43)

/** 8.3 air points from one own Base/Spaceport (≤ 4 per phase). */
export const AirPointsSchema = strictObject({ installationId: unitId, points: z.number().int().min(1).max(4) });
/** 8.41 suppress an enemy installation's ADZ: 4 points shrink it to its hex, 8 remove it. */
export const AdzSuppressionSchema = strictObject({
  targetInstallationId: unitId,
  from: z.array(AirPointsSchema).min(1).max(12),
});
/**
 * 7.6 one attack: ground attackers, fire support (8.1: total ≤ ground attack), an optional SF pair
 * placed at the start of the segment (10.432), the attacker's own loss priority among the
 * participants (7.7), and the advance choice if every defender is eliminated (7.9).
 * `ifChanged`: if some attackers or supports are no longer available when the attack comes up,
 * attack with what remains if still legal ('proceed') or drop the attack ('skip').
 */
export const AttackOrderSchema = strictObject({
  targetHex: hexId,
  attackers: z.array(unitId).min(1).max(12),
  air: z.array(AirPointsSchema).max(12).default([]),
  /** 8.5 Cetian only: installations firing their 1 missile factor into this attack. */
  missiles: unitIds.default([]),
  /** 8.6 Fleet Fire Support points. */
  fleet: z.number().int().min(0).max(50).default(0),
  sfPair: z.tuple([unitId, unitId]).optional(),
  advance: z.union([z.enum(['none', 'all']), z.array(unitId).max(12)]).default('none'),
  attackerLosses: unitIds.default([]),
  ifChanged: z.enum(['proceed', 'skip']).default('proceed'),
});
export type AttackOrder = z.output<typeof AttackOrderSchema>;
/** 7, 8.41 Ground Combat Segment: ADZ suppressions first, then attacks resolved one by one in order (7.6). */
export const CombatPlanSchema = strictObject({
  suppress: z.array(AdzSuppressionSchema).max(20).default([]),
  attacks: z.array(AttackOrderSchema).max(60).default([]),
});
export type CombatPlan = z.output<typeof CombatPlanSchema>;

// ---------------------------------------------------------------- transportation (11, 14.23)

/** 11.1, 11.12–11.19 land a unit from the Fleet, System (Cetian) or home box. */
export const LandActionSchema = strictObject({ type: z.literal('land'), unitId, hex: hexId });
/** 11.15 evacuate a unit from the map to the own Fleet (free once at own state −4..−6). */
export const EvacuateActionSchema = strictObject({ type: z.literal('evacuate'), unitId });
/** 11.16 shuttle a unit across the map (2 STP). */
export const ShuttleActionSchema = strictObject({ type: z.literal('shuttle'), unitId, hex: hexId });
/** 11.2 Cetian sub-orbital transport of one unit, or ≤ 6 supplies (11.25), between two installations. */
export const SubOrbitalActionSchema = z.object({
  type: z.literal('sub-orbital'),
  fromId: unitId,
  toId: unitId,
  unitId: unitId.optional(),
  supplies: z.number().int().min(1).max(6).optional(),
});
export const TransportActionSchema = z.discriminatedUnion('type', [
  LandActionSchema,
  EvacuateActionSchema,
  ShuttleActionSchema,
  SubOrbitalActionSchema,
]);
export type TransportAction = z.output<typeof TransportActionSchema>;
/**
 * 14.23 Cetian Special Insertion (Transportation Segment of Cetian turn 1 only): the server rolls
 * one die; the first that-many listed units that can legally land do, at no STP cost.
 */
export const SpecialInsertionSchema = strictObject({
  priority: z.array(strictObject({ unitId, hex: hexId })).max(8),
});
/** 11 Transportation Segment: actions in order (order matters for STP and stacking). */
export const TransportationPlanSchema = strictObject({
  insertion: SpecialInsertionSchema.optional(),
  actions: z.array(TransportActionSchema).max(80).default([]),
  ifIllegal: z.enum(['skip', 'stop']).default('skip'),
});
export type TransportationPlan = z.output<typeof TransportationPlanSchema>;

// ---------------------------------------------------------------- the phase plan

/**
 * 3.2 B/C the phasing player's plan for his Player Phase, covering the segments from the current
 * one through `through` (default: the whole phase). A part left out means "nothing" (supply: the
 * automatic plan). Parts after `through` must be left out.
 */
export const PhasePlanOrderSchema = strictObject({
  kind: z.literal('phase-plan'),
  through: PlayerSegmentSchema.default('TRANSPORTATION'),
  specialForces: SpecialForcesPlanSchema.optional(),
  supply: SupplyPlanSchema.optional(),
  movement: MovementPlanSchema.optional(),
  combat: CombatPlanSchema.optional(),
  transportation: TransportationPlanSchema.optional(),
  standing: StandingOrdersSchema.optional(),
});
export type PhasePlanOrder = z.output<typeof PhasePlanOrderSchema>;

// ---------------------------------------------------------------- strategic phase (3.2 D)

/**
 * 3.2 D.2, 14.13 Human Strategic Transportation: ≤ 4 units Earth → Fleet, any Fleet → Earth; the
 * Fleet must hold ≤ 6 afterwards (on turn 1 this is where the overloaded Fleet is cut down).
 * `rebuild` (16.3, extended game) takes units from the Destroyed box to Earth, applied first.
 */
export const HumanStrategicOrderSchema = strictObject({
  kind: z.literal('strategic-human'),
  earthToFleet: z.array(unitId).max(4).default([]),
  fleetToEarth: unitIds.default([]),
  rebuild: unitIds.default([]),
  standing: StandingOrdersSchema.optional(),
});
export type HumanStrategicOrder = z.output<typeof HumanStrategicOrderSchema>;

/**
 * 3.2 D.3 Cetian Strategic Transportation, applied in this order: System ↔ Fleet (Fleet ≤ 5),
 * THEN ≤ 2 units Tau Ceti → System; System → Tau Ceti at any time; never Tau Ceti → Fleet.
 * `rebuild` (16.3, extended game) is applied first, into the System or Tau Ceti box.
 */
export const CetianStrategicOrderSchema = strictObject({
  kind: z.literal('strategic-cetian'),
  fleetToSystem: unitIds.default([]),
  systemToFleet: unitIds.default([]),
  tauToSystem: z.array(unitId).max(2).default([]),
  systemToTau: unitIds.default([]),
  rebuild: z
    .array(strictObject({ unitId, box: z.enum(['SYSTEM', 'TAU_CETI']) }))
    .max(20)
    .default([]),
  standing: StandingOrdersSchema.optional(),
});
export type CetianStrategicOrder = z.output<typeof CetianStrategicOrderSchema>;

// ---------------------------------------------------------------- interactive

/** 7.7 losses chosen interactively (only with option lossChoice = 'interactive'). */
export const LossesOrderSchema = strictObject({
  kind: z.literal('losses'),
  decisionId: z.string().min(1),
  unitIds: z.array(unitId).max(4),
  standing: StandingOrdersSchema.optional(),
});
export type LossesOrder = z.output<typeof LossesOrderSchema>;

// ---------------------------------------------------------------- any order

export const CerberusOrderSchema = z.discriminatedUnion('kind', [
  CetianSetupOrderSchema,
  HumanSetupOrderSchema,
  MajorEffortOrderSchema,
  PhasePlanOrderSchema,
  HumanStrategicOrderSchema,
  CetianStrategicOrderSchema,
  LossesOrderSchema,
]);
export type CerberusOrder = z.output<typeof CerberusOrderSchema>;
export type CerberusOrderKind = CerberusOrder['kind'];

/** Parses raw JSON into an order (defaults filled in), or schema errors in the kernel's format. */
export function parseOrder(raw: unknown): { ok: true; order: CerberusOrder } | { ok: false; errors: OrderError[] } {
  const r = CerberusOrderSchema.safeParse(raw);
  if (r.success) return { ok: true, order: r.data };
  return {
    ok: false,
    // One error per unknown key, at the key's own path.
    errors: r.error.issues.flatMap((i) =>
      i.code === 'unrecognized_keys'
        ? i.keys.map((k) => ({
            code: `schema.${i.code}`,
            path: [...i.path, k],
            message: `Unknown key '${k}'; ${i.message}.`,
          }))
        : [{ code: `schema.${i.code}`, path: i.path, message: i.message }],
    ),
  };
}
