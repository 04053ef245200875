/**
 * Renegade Legion: Prefect — the shared vocabulary of the Planetary Game module: the data pack
 * (map, terrain effects, combat results, counters, scenario), the game state, and the orders.
 * Rule references are rulebook lines (`L583`) and digest decisions (`D-16`). The Space Game and the Campaign extend these types later.
 *
 * Conventions: state is plain JSON; ids are strings; rules code mutates a working copy only
 * (the module clones before resolving); every d10 roll goes through engine/dice (1..10, 10 = "0").
 */
import type { Provenance } from '#engine/tables.js';
import type { CrtCell, FieldProvenance, Side } from '../common/types.js';

// The vocabulary the Space Game and the Campaign share lives in common/types.ts; named here too for the Planetary code.
export {
  otherSide,
  SIDES,
  type CrtAttackerFlag,
  type CrtCell,
  type CrtDefenderFlag,
  type FieldProvenance,
  type Side,
} from '../common/types.js';

// ============================================================== data pack (static)

export interface TerrainType {
  id: string; // 'clear' | 'rough' | 'crater' | 'mountain' | 'forest' | 'urban' | 'water' ...
  name: string;
  /** Added to the detection target (D-04: signed, negative makes detection harder). */
  detectionModifier: number;
  /** Added to the defence total of a TF in the hex (L519); urban 3 (L583), forest 2 (L625). */
  defenceFactor: number;
  /** ZOC does not extend into this terrain against a Combat-mode mover (L377). */
  blocksZocVsCombatMode: boolean;
  water: boolean;
  provenance: Provenance;
  fieldProvenance?: FieldProvenance;
}

/** A logical hex (D-05): all drawn parts of a curvature-split hex are one hex (L343-357). */
export interface MapHex {
  id: string;
  /** Planetary zone 1–10 (L87). */
  zone: number;
  /** Terrain types present; the owner of a TF picks which one applies (L515, D-20). */
  terrain: string[];
  water: 'NONE' | 'PARTIAL' | 'FULL';
  urbanArea?: string;
  /** Drawn parts (row/col on the printed sheet) — UI only. */
  parts: { row: number; col: number }[];
  /** Logical neighbours: east–west wrap and merged partial hexes included, no polar wrap. */
  neighbours: string[];
}

export interface UrbanArea {
  id: string;
  name: string;
  hexes: string[];
  provenance: Provenance;
}

export interface PlanetMap {
  id: string;
  name: string;
  hexes: MapHex[];
  urbanAreas: UrbanArea[];
  provenance: Provenance;
  /** Provenance of the map's properties (wrap, parts, zones, terrain ...). */
  valueProvenance?: FieldProvenance;
}

export type UnitFlag =
  'SIGNALS' | 'COMBAT_ENGINEER' | 'CONSTRUCTION_ENGINEER' | 'ASD' | 'ARTILLERY' | 'MARINE' | 'HEAVY' | 'INFANTRY';
export type HqKind = 'LEGION' | 'AUXILIA' | 'MANUS';

export interface GroundUnitType {
  id: string;
  name: string;
  /** Cohort-size combat unit or Century-size support unit (L145). */
  category: 'COMBAT' | 'SUPPORT';
  gravitic: boolean;
  attack: number;
  /** Support units: used only for saving throws (L155). */
  defence: number;
  sig: number;
  esm: number;
  hq?: HqKind;
  flags: UnitFlag[];
  /** Reorganisation cost in SP (L804-818, D-09); null = cannot be reorganised. */
  reorgCost: number | null;
  /** Rebuild cost: 2 × reorg, militia 1, garrison 4 (L830-834); null = cannot be rebuilt. */
  rebuildCost: number | null;
  /** HQ storage maximum (L774, D-41). */
  supplyMax?: number;
  /** Side-specific counter (the examples give different values per side); absent = both sides. */
  side?: Side;
  provenance: Provenance;
  fieldProvenance?: FieldProvenance;
}

export type LegionBaseClass = 'GL1' | 'GL2' | 'GL3' | 'GL4';
export interface BaseType {
  id: LegionBaseClass;
  name: string;
  /** Value (L195-199): detection modifier, rebuilds per turn, HQ reorganisation rank. */
  value: number;
  supplyMax: number;
  /** Construction (L958-962): Construction Engineer Centuries and SP needed; null = cannot be built. */
  build: { engineers: number; sp: number } | null;
  provenance: Provenance;
  fieldProvenance?: FieldProvenance;
}

export interface CombatResultsTable {
  /** Ratio columns left to right, e.g. ['1:2','2:3','1:1','3:2','2:1','3:1','4:1','5:1']. */
  columns: string[];
  /** rows[roll - 1][columnIndex], roll 1..10. */
  rows: CrtCell[][];
  /** Cells fixed by worked examples ('2:3/3' → L629 ...). */
  fixtures: { column: string; roll: number; rule: string }[];
  provenance: Provenance;
}

export interface OrganisationDef {
  id: string;
  side: Side;
  kind: 'LEGION' | 'AUXILIA';
  name: string;
}

export interface UnitDef {
  id: string;
  type: string;
  side: Side;
  org: string;
  /** Counter id printed on the counter, e.g. Manus Primus HQ 'ID 2' (L423). */
  counterId?: number;
}

export interface BaseDef {
  id: string;
  side: Side;
  type: LegionBaseClass;
  hex: string;
  supply: number;
}

export type VictoryPredicate =
  | { kind: 'controlUrbanFraction'; side: Side; atLeast: number } // ≥ fraction of urban areas
  | { kind: 'controlAllBasesOf'; side: Side; enemy: Side } // every base that enemy started with
  | { kind: 'destroyedCombatUnits'; side: Side; atLeast: number } // enemy combat units destroyed
  | { kind: 'noActiveTaskForce'; side: Side }; // that side has nothing left on the map

export interface VictoryCondition {
  side: Side;
  /** All predicates must hold. 'anyTime' ends the game at the Tempo Phase it holds; 'atEnd' only after the last turn. */
  when: 'anyTime' | 'atEnd';
  all: VictoryPredicate[];
  level: string;
  provenance: Provenance;
}

export interface SupplyDelivery {
  /** 'each' = every turn; else the turn number. */
  turn: number | 'each';
  side: Side;
  base: string;
  amount: number;
  /** Extra SP per allied urban area controlled (L772). */
  perUrbanArea?: number;
  provenance: Provenance;
}

export interface Reinforcement {
  turn: number;
  side: Side;
  units: UnitDef[];
  /** Hex where they arrive in the TF Adjustment Phase (L264). */
  hex: string;
  provenance: Provenance;
}

export interface ScenarioDef {
  id: string; // 'liberation'
  title: string;
  description: string;
  turns: number;
  /** First-turn attacker; absent → the first placer (L252). */
  firstAttacker?: Side;
  setupZones: Record<Side, string[]>;
  orgs: OrganisationDef[];
  units: UnitDef[];
  bases: BaseDef[];
  urbanControl: Record<string, Side | null>;
  supply: SupplyDelivery[];
  reinforcements: Reinforcement[];
  /** Extra bases made available (L952): a side may assign them to a TF from this turn on. */
  extraBases: { turn: number; side: Side; type: LegionBaseClass }[];
  /** HQ starting supply: unit id → SP. */
  hqSupply: Record<string, number>;
  victory: VictoryCondition[];
  extraBasesProvenance?: Provenance;
  provenance: Provenance;
  fieldProvenance?: FieldProvenance;
}

export interface PrefectData {
  terrain: Record<string, TerrainType>;
  map: PlanetMap;
  unitTypes: Record<string, GroundUnitType>;
  baseTypes: Record<LegionBaseClass, BaseType>;
  crt: CombatResultsTable;
  scenarios: Record<string, ScenarioDef>;
}

// ============================================================== options (D-nn, named, with defaults)

export interface PrefectOptions {
  /** D-07: Legion TF limit 18 (L107, default) or 20 (L183). */
  legionTfLimit: 18 | 20;
  /** D-28: modifier to save targets of units that moved in LAF this turn (L645). */
  lafSaveModifier: number;
  /** D-29: Combat Engineer helps (+1 target, default) or the literal −1. */
  engineerLiteral: boolean;
  /** D-04: base Value makes detection harder (−1, default) or the literal +Value (+1). */
  baseDetectionSign: -1 | 1;
  /** D-19: 'TABLETOP' reveals totals/rolls as at the table (default); 'STRICT' only outcomes. */
  revealMode: 'TABLETOP' | 'STRICT';
  /** D-40: deliveries after spending (L262 reading) instead of after transfers (default false). */
  deliveriesAfterSpending: boolean;
  /** D-20: choose detection and defence terrain independently. */
  terrainDecoupled: boolean;
  /** Asynchronous play of the Movement Phase: 'planned' (default) or 'interactive'. */
  interleave: 'planned' | 'interactive';
  /** Set-up placement (L238-240): 'alternating' as written, or 'sealed' (both at once; zones are disjoint). */
  setupPlacement: 'alternating' | 'sealed';
  /** Seconds for an interactive reaction window's deadline. */
  reactionWindowSeconds: number;
  /** D-87: 'CENTURION' = declared combats are played outside the server and both players enter the agreed result (external/). */
  externalCombat?: 'OFF' | 'CENTURION';
  /** D-87: deadline in seconds of each external-result prompt (the external game needs time). */
  externalResultSeconds?: number;
  /**
   * Set by a host module, never a player option: false keeps Defender counter-attacks on the CRT
   * under CENTURION (the Campaign resolves its counter-attacks through its own supported combat).
   */
  externalCounterAttacks?: boolean;
}

// ============================================================== state (dynamic)

export type Step =
  | 'SETUP_ASSIGN' // L228-236, SIMUL hidden
  | 'SETUP_PLACE' // L238-240, alternating (or sealed)
  | 'MOVEMENT' // L269-457
  | 'COMBAT_DECLARE' // L547-561 attacker declarations + attacker detections
  | 'COMBAT_DETECT' // defender detections against engaged attacker TFs (L483-491)
  | 'SUPPLY' // L737-846, SIMUL hidden
  | 'WITHDRAWAL' // L848-864, SIMUL
  | 'ADJUSTMENT' // L866-878, SIMUL hidden
  | 'GAME_OVER';

export type UnitStatus = 'ACTIVE' | 'DISORGANISED' | 'DESTROYED' | 'NOT_ARRIVED';

export interface GroundUnit {
  id: string;
  type: string;
  side: Side;
  org: string;
  counterId?: number;
  status: UnitStatus;
  /** ACTIVE: the TF holding it. */
  tf?: string;
  /** DISORGANISED (on the map, L655) or an ACTIVE unit waiting under a base (D-44): its hex. */
  hex?: string;
  /** Disorganised unit that reached a base or HQ (L860): under that base id or HQ TF id. */
  under?: string;
  /** Turn it joined its TF by retreat, for L675 (adds no defence to that TF this phase). */
  retreatedInTurn?: number;
}

export interface TaskForce {
  id: string;
  side: Side;
  /** Owner's standing retreat choice (L609-617, D-31); secret (never in the enemy's view). */
  retreatPref?: { hexes?: string[]; policy?: 'toward-base' | 'away-from-enemy' };
  org: string;
  /** Numbered counter (per organisation). */
  counter: number;
  hex: string;
  mode: 'COMBAT' | 'LAF';
  fatigue: 0 | 1 | 2 | 3;
  /** An independent non-gravitic unit on its own counter (L920, D-52): public type, no ZOC, no limit. */
  independent?: boolean;
  /** Per-turn flags, cleared at the Tempo Phase. */
  movedThisTurn: boolean;
  movedLafThisTurn: boolean;
  defenderAction?: 'MOVE' | 'ATTACK';
  attackedThisTurn: boolean;
  /** Flipped to "detected" (L505); cleared when it moves afterwards (L451) and at turn end. */
  detected: boolean;
  /** D-17: ended a counter-move next to enemies without active ZOC: no more detection attempts. */
  noDetect?: boolean;
  /** Made a detection attempt during the Movement Phase (D-22: no Combat-Phase detection then). */
  detectedDuringMovement?: boolean;
  /** D-20 standing choice: hex id → terrain type used against this TF. */
  terrainChoice?: Record<string, string>;
  /** Base the TF is assigned to build (L952-964, D-51). */
  buildAssignment?: { type: LegionBaseClass; assignedTurn: number };
}

export interface Organisation {
  id: string;
  side: Side;
  kind: 'LEGION' | 'AUXILIA';
  name: string;
  /** Counter numbers in use. */
  countersInUse: number[];
}

export interface Base {
  id: string;
  side: Side;
  /** Side that built or first held it (for 'controlAllBasesOf'). */
  originalSide: Side;
  type: LegionBaseClass;
  hex: string;
  status: 'ACTIVE' | 'DISRUPTED';
  supply: number;
  /** SP delivered this turn: may be spent here, not transferred (L770). */
  deliveredThisTurn: number;
  rebuildsThisTurn: number;
  /** Turn a base was built (L952-964): placed DISRUPTED, active from the next Supply Phase (D-51). */
  builtTurn?: number;
}

/** Pairwise detection this turn (D-15/D-21). */
export interface DetectionRecord {
  phase: 'MOVEMENT' | 'COMBAT';
  detector: string;
  target: string;
  /** Hex of the target when the attempt was made (one attempt per ZOC hex, L385). */
  hex: string;
  announcedEsm: number;
  targetNumber: number;
  roll: number;
  success: boolean;
  /** L451: a Movement Phase detection lapses once the detector or the target moves. */
  lapsed?: boolean;
}

export interface DeclaredAttack {
  id: string;
  /** Target TF id, or a hex holding only enemy disorganised units. */
  target: { tf: string } | { hex: string };
  attackers: string[];
  /** Attacker's standing choice (D-32): which participating TF advances after a retreat, or none. */
  advance?: string | null;
}

export interface CombatPhaseState {
  attacks: DeclaredAttack[];
  /** Resolution order chosen by the attacker (ids of `attacks`). */
  order: string[];
  resolved: string[];
  /** SEQUENCE: the attacker's shift policy and engineers from the declaration (D-26, D-29). */
  attackerShift?: 'LEFT' | 'RIGHT' | 'NONE' | 'FAVOURABLE';
  attackerEngineers?: { engineer: string; unit: string }[];
  /** D-87 (external/): the defender's combat-detect choices kept for the attacks resolved later. */
  detect?: {
    shift?: CombatDetectOrder['shift'];
    engineers?: { engineer: string; unit: string }[];
    advance?: CombatDetectOrder['advance'];
  };
  /** D-87 (external/): the attack awaiting both players' agreed external result (the entries are the step's sealed orders, never stored). */
  external?: {
    attack: string;
    round: number;
    bases?: { base: string; type: string; installations: number; status: string; naval?: boolean }[];
  };
}

/** Interleaved Movement Phase cursor (planned and interactive play share it). */
export interface MovementProgress {
  /** Attacker TF being moved, with MP left (L445). */
  current?: {
    tf: string;
    mode: 'COMBAT' | 'LAF';
    mpLeft: number;
    path: string[];
    index: number;
    destroy?: { hex: string; count: number }[];
  };
  /** An open decision (interactive mode): what the defender or mover must answer. */
  window?: ReactionWindow;
  /** Attacker moves finished (the TF-movement track, L403). */
  attackerMoves: number;
  defenderActions: number;
  ended: boolean;
  /** SEQUENCE: planned play — the attacker's sealed plan and the defender's standing orders (owners only see them). */
  plan?: MovementPlanOrder;
  counter?: CounterOrders;
  /** SEQUENCE: next index into plan.moves. */
  planIndex?: number;
  /** SEQUENCE: the attacker has ended his moves (the defender's last defender-actions window follows). */
  attackerDone?: boolean;
  /** SEQUENCE: defender actions still to carry out after an open mover-detect window. */
  queue?: DefenderActionsOrder['actions'];
  /** SEQUENCE: a counter-attack waiting for the mover's detection answer (L389). */
  pendingAttack?: { attackers: string[]; target: string; resume: 'move' | 'queue' };
}

export type ReactionWindow =
  | { kind: 'interrupt'; side: Side; mover: string; hex: string; eligible: string[] } // D-90
  | { kind: 'counter-attack'; side: Side; mover: string; eligible: string[] } // L435-455
  | { kind: 'mover-detect'; side: Side; mover: string; counterAttackers: string[] } // L389
  | { kind: 'defender-actions'; side: Side; afterAttackerMove: number }; // L399-413 (hold or act)

export interface PrefectState {
  module: 'prefect';
  version: 1;
  scenario: string;
  options: PrefectOptions;
  turn: number;
  maxTurns: number;
  attacker: Side;
  step: Step;
  /** SETUP_PLACE alternating: who places next and the initiative roll winner. */
  placement?: { next: Side; first: Side };
  units: Record<string, GroundUnit>;
  tfs: Record<string, TaskForce>;
  orgs: Record<string, Organisation>;
  bases: Record<string, Base>;
  /** Urban area id → controller (L900-904). */
  urban: Record<string, Side | null>;
  /** HQ unit id → SP stored (L774). */
  hqSupply: Record<string, number>;
  /** BT/CA track per player this turn (D-37: BT for the combat attacker, CA for the combat defender). */
  tempo: Record<Side, number>;
  detections: DetectionRecord[];
  movement?: MovementProgress;
  combat?: CombatPhaseState;
  /** Extra bases available to assign (L952). */
  availableBases: { side: Side; type: LegionBaseClass }[];
  /** Ids for new TFs and bases. */
  seq: number;
  /** Turn in which each side's scenario supply deliveries were made (D-40; makes delivery idempotent). */
  deliveriesDone?: Partial<Record<Side, number>>;
  /** Destroyed enemy combat units per side (victory bookkeeping). */
  destroyedCombat: Record<Side, number>;
  result?: { winner: Side | null; level: string; summary: string };
  /** SEQUENCE: per-game secret keying the opaque ids of hidden units (engine/redact opaqueId). */
  viewSecret?: string;
}

// ============================================================== orders

export type Mode = 'COMBAT' | 'LAF';

export interface SetupAssignOrder {
  kind: 'setup-assign';
  taskForces: { counter: number; org: string; units: string[] }[];
  /** Non-gravitic units operating on their own counter (L918). */
  independents?: string[];
  /** Sealed placement: hex of each TF counter / independent unit (ignored when alternating). */
  placements?: { tf: number | string; hex: string }[];
}

export interface SetupPlaceOrder {
  kind: 'setup-place';
  /** One placement when alternating (L240). */
  placements: { tf: number | string; hex: string }[];
}

/**
 * The retreating player's standing choice of retreat hex for one own TF (L609-617, D-31: "one
 * adjacent hex chosen by their owner"): a ranked list of hexes (first legal one used) and/or a
 * policy for the rest; with neither, or none legal, the D-31 default ranking applies.
 */
export interface RetreatPreference {
  tf: string;
  hexes?: string[];
  policy?: 'toward-base' | 'away-from-enemy';
}

/** One attacker TF activation (D-14). `destroy`: MP spent on disorganised units per hex (L459-475). */
export interface MoveOrder {
  tf: string;
  mode: Mode;
  path: string[];
  destroy?: { hex: string; count: number }[];
}

export interface MovementPlanOrder {
  kind: 'movement-plan';
  /** Standing retreat choices for own TFs (L609-617, D-31); kept until changed. */
  retreat?: RetreatPreference[];
  moves: MoveOrder[];
  /** When counter-attacked, the mover detects the first counter-attacker with this ESM (L389); default 'max'. */
  moverDetectEsm?: 'max' | number;
}

/** Defender standing orders (planned play): the resolver applies them at each reaction point. */
export interface CounterOrders {
  kind: 'counter-orders';
  /** Standing retreat choices for own TFs (L609-617, D-31); kept until changed. */
  retreat?: RetreatPreference[];
  /** Interrupt a mover entering ZOC to detect (L381-385); per TF or default. */
  interrupt: {
    default: { detect: boolean; esm: 'max' | number };
    perTf?: Record<string, { detect: boolean; esm: 'max' | number }>;
  };
  /** Counter-attack a detected mover in the ZOC of these TFs when the condition holds (L435-455). */
  counterAttacks: { tfs: string[]; minOwnAttack?: number; onlyLafMovers?: boolean; hexes?: string[] }[];
  /** Counter-moves keyed to the attacker's progress (L415-433, held actions L409). */
  /** `destroy`: MP spent on enemy disorganised units on the way, as in MoveOrder (L475). */
  moves: { tf: string; path: string[]; afterAttackerMove: number; destroy?: { hex: string; count: number }[] }[];
  /** When counter-attacked, the mover detects one of them with this ESM (L389). Used by the attacker too. */
  moverDetectEsm?: 'max' | number;
}

/** Interactive play: one attacker move, or the end of the phase. */
export interface MoveStepOrder {
  kind: 'move';
  move: MoveOrder;
}
export interface EndMovementOrder {
  kind: 'end-movement';
}
export interface InterruptOrder {
  kind: 'interrupt';
  detections: { tf: string; esm: number }[];
}
export interface CounterAttackOrder {
  kind: 'counter-attack';
  tfs: string[];
}
export interface MoverDetectOrder {
  kind: 'mover-detect';
  target: string | null;
  esm: number;
}
export interface DefenderActionsOrder {
  kind: 'defender-actions';
  /** A move's `destroy`: MP spent on enemy disorganised units on the way, as in MoveOrder (L475). */
  actions: (
    | { type: 'move'; tf: string; path: string[]; destroy?: { hex: string; count: number }[] }
    | { type: 'attack'; tfs: string[]; target: string }
  )[];
}
export interface PassOrder {
  kind: 'pass';
}

/**
 * D-87 (external/): a player's entry of the agreed Centurion result of one attack (L2749-2798):
 * the units of both sides in the combat whose representatives were destroyed (50% or more,
 * L2792) and those that left the map without failing a morale test (counted as destroyed,
 * L2767); or `prefect: true` to ask for the normal Prefect resolution (also the deadline default).
 */
export interface ExternalResultOrder {
  kind: 'external-result';
  attack: string;
  destroyed: string[];
  leftMap: string[];
  /** L2796: per base of the defender on the Centurion map, its installations destroyed or with internal turret damage. */
  installations?: { base: string; lost: number }[];
  prefect?: boolean;
  /** Set only by the server's deadline default (a submission cannot carry it: the schema drops it). */
  deadline?: boolean;
}

export interface CombatDeclareOrder {
  kind: 'combat-declare';
  /** Standing retreat choices for own TFs (L609-617, D-31); kept until changed. */
  retreat?: RetreatPreference[];
  attacks: { target: { tf: string } | { hex: string }; attackers: string[]; advance?: string | null }[];
  /** Attacker detections: one per own TF (L483-489). */
  detections: { detector: string; target: string; esm: number }[];
  /** Resolution order by index into `attacks` (L557); default as listed. */
  order?: number[];
  /** Engineers (D-29): CE unit → combat unit in the same TF. */
  engineers?: { engineer: string; unit: string }[];
  /** Shift when undetected (D-26). */
  shift?: 'LEFT' | 'RIGHT' | 'NONE' | 'FAVOURABLE';
}
export interface CombatDetectOrder {
  kind: 'combat-detect';
  /** Standing retreat choices for own TFs (L609-617, D-31); kept until changed. */
  retreat?: RetreatPreference[];
  detections: { detector: string; target: string; esm: number }[];
  engineers?: { engineer: string; unit: string }[];
  shift?: 'LEFT' | 'RIGHT' | 'NONE' | 'FAVOURABLE';
  /**
   * After an AR/CA, the defending TF's advance into a vacated hex (D-32, L635): 'none', 'auto'
   * (the first free one), or `hexes`, ranked: the first of them this combat vacated and left free.
   */
  advance?: 'none' | 'auto' | { hexes: string[] };
}

export interface SupplyOrder {
  kind: 'supply';
  transfers: { from: string; to: string; amount: number }[];
  fatigue: { tf: string; levels: number; sources: { id: string; amount: number }[] }[];
  reorganise: { unit: string; source: string; into?: string }[];
  rebuild: { unit: string; base: string; into?: string | 'NEW' }[];
  build: { tf: string; sources: { id: string; amount: number }[] }[];
}

export interface WithdrawalOrder {
  kind: 'withdrawal';
  moves: { unit: string; path: string[] }[];
}

export interface AdjustmentOrder {
  kind: 'adjustment';
  /** Standing retreat choices for own TFs (L609-617, D-31); kept until changed. */
  retreat?: RetreatPreference[];
  transfers: { from: string; to: string; units: string[] }[];
  create: { org: string; counter: number; hex: string; units: string[] }[];
  reinforcements: { unit: string; tf: string | { newCounter: number; org: string } }[];
  assignBases: { type: LegionBaseClass; tf: string }[];
  /** D-20 standing terrain choices for own TFs. */
  terrain?: { tf: string; hex: string; terrain: string }[];
  /**
   * L918-920: a non-gravitic unit leaves its TF to operate on its own counter, placed in an empty
   * hex adjacent to its TF (D-52 stacking; D-47 placement). Rejoining a TF is a transfer from the
   * independent (its id `ind-<unit>`) to an adjacent TF (L872).
   */
  independent?: { unit: string; hex: string }[];
}

export type PrefectOrder =
  | SetupAssignOrder
  | SetupPlaceOrder
  | MovementPlanOrder
  | CounterOrders
  | MoveStepOrder
  | EndMovementOrder
  | InterruptOrder
  | CounterAttackOrder
  | MoverDetectOrder
  | DefenderActionsOrder
  | PassOrder
  | CombatDeclareOrder
  | CombatDetectOrder
  | ExternalResultOrder
  | SupplyOrder
  | WithdrawalOrder
  | AdjustmentOrder;
