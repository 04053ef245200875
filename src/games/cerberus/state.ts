/**
 * The whole Cerberus game state (digest §8.1), as plain JSON: no classes, no Maps, no Dates.
 * Every field is present (null rather than absent) so the shape is stable for views and replays.
 *
 * Conventions for rules code:
 * - `resolve` clones the state once; segment functions then mutate that working copy and return
 *   events. Query helpers (everything named is/can/count/…) never mutate.
 * - A unit carries a snapshot of its type (class, sub-type, factors) taken from the data pack at
 *   set-up, so rules never consult the pack mid-game and a replay is immune to later data edits.
 * - Space State is one signed integer: > 0 Human superiority, < 0 Cetian (13.1).
 */
import type { Json } from '#engine/contract.js';
import type { PhasePlanOrder, StandingOrders } from './orders.js';

export type Side = 'HUMAN' | 'CETIAN';
export const SIDES: readonly Side[] = ['HUMAN', 'CETIAN'];
export function enemyOf(side: Side): Side {
  return side === 'HUMAN' ? 'CETIAN' : 'HUMAN';
}

/** 'RRCC'; the Poles are '0000' and '2000' (4.93). */
export type HexId = string;

/** Rules class of a unit (digest §3.2). */
export type UnitClass = 'INFANTRY' | 'MOBILE' | 'HEAVY_WEAPONS' | 'TRANSPORT' | 'BASE' | 'SPACEPORT' | 'EFIELD' | 'SF';
/** Sub-type that some rules name (2.4): Paratroop (11.145, 11.18), Guards (14.5), … */
export type UnitSub = 'REGULAR' | 'PARATROOP' | 'GUARDS' | 'PROVISIONAL' | 'ASSAULT' | 'STORM' | 'MARINE';

/**
 * Where a unit is (2.6). FLEET_SF is the Special Forces section of the Fleet box (10.1).
 * TURN_TRACK holds units not yet arrived: scheduled reinforcements (14.22) and destroyed SF
 * waiting to return (10.3); see `Unit.due` and `Unit.arrivesAt`.
 */
export type Box = 'MAP' | 'FLEET' | 'FLEET_SF' | 'SYSTEM' | 'EARTH' | 'TAU_CETI' | 'DESTROYED' | 'TURN_TRACK';
/** Where a unit on the turn track appears: a box, or the owner's Spaceport on the map (14.22 turn 1). */
export type ArrivalPoint = 'FLEET' | 'FLEET_SF' | 'SYSTEM' | 'EARTH' | 'TAU_CETI' | 'SPACEPORT';

/** SF availability within the owner's player phase (10.4, 10.43, 10.434). */
export type SfStatus = 'READY' | 'HELD' | 'PLACED' | 'SPENT';

export type DestroyCause = 'combat' | 'supply' | 'special-forces' | 'spaceport-lost' | 'other';

/** What a Transport carries (11.32): one Base or Infantry-class battalion, or ≤ 6 supply factors. */
export type TransportCargo = { unitId: string } | { supplies: number };

/** 10.411: disrupted by `by` on `turn`; lifts at the start of `by`'s next Special Forces Segment. */
export interface Disruption {
  by: Side;
  turn: number;
}

export interface Unit {
  /** Stable id, unique in the game. */
  id: string;
  side: Side;
  /** Key into the data pack's unit types. */
  typeId: string;
  cls: UnitClass;
  sub: UnitSub;
  /** Printed designation, e.g. '2/R', 'T/16', 'Base 3'. */
  designation: string;
  attack: number;
  defense: number;
  movement: number;
  box: Box;
  /** Set iff box === 'MAP'. */
  hex: HexId | null;
  /** Hidden identity (14.12 map set-up, 2.6 off-map boxes). Distinct from the three other "upside down" flags. */
  faceDown: boolean;
  /** Flipped for lack of supply (12.12): no move, no attack, defense halved rounding up. */
  outOfSupply: boolean;
  /** Transport inverted on a Base/Spaceport to ferry supplies this turn (12.4). */
  ferrying: boolean;
  /** Spaceport inverted by a 1-unit loss when alone; functions as a Base (CRT notes). */
  reduced: boolean;
  /** Stockpile of a Base or Spaceport (12.2); 0 for other units. */
  supplies: number;
  /** Transport cargo (11.32, 12.5). */
  cargo: TransportCargo | null;
  /** Installation disrupted by enemy SF (10.41). */
  disrupted: Disruption | null;
  /** Turn the unit was placed by space transport (11.19: may not move or attack that turn; 11.141 no discount that turn). */
  landedOnTurn: number | null;
  /** SF only. */
  sfStatus: SfStatus | null;
  /** TURN_TRACK only: the turn the unit appears in the Reinforcement Segment. */
  due: number | null;
  /** TURN_TRACK only: where it appears. */
  arrivesAt: ArrivalPoint | null;
  /** DESTROYED only: when and how (VP, 14.5; rebuilding, 16.3). */
  destroyed: { turn: number; cause: DestroyCause } | null;
}

export type Phase = 'SETUP' | 'SPACE' | 'HUMAN' | 'CETIAN' | 'STRATEGIC' | 'OVER';
/** The five segments of a Player Phase (3.1 B/C). */
export type PlayerSegment = 'SPECIAL_FORCES' | 'SUPPLY' | 'MOVEMENT' | 'COMBAT' | 'TRANSPORTATION';
/** Every step of the sequence of play (3.1), plus set-up, end of turn and game over. */
export type Segment =
  | 'SETUP_CETIAN'
  | 'SETUP_HUMAN'
  | 'DETERIORATION'
  | 'ME_PLANNING'
  | 'ME_DECLARATION'
  | 'ME_RESOLUTION'
  | 'SS_RESOLUTION'
  | 'WEATHER'
  | PlayerSegment
  | 'REINFORCEMENT'
  | 'HUMAN_STRATEGIC'
  | 'CETIAN_STRATEGIC'
  | 'END_OF_TURN'
  | 'GAME_OVER';

/** One turn of the Space Superiority Determination Phase (3.2 A), kept for audit and views. */
export interface SpaceTurnRecord {
  turn: number;
  /** 'skipped' = Phase A not played (turn 1, option turnOneSpacePhase). */
  mode: 'none' | 'open' | 'sealed' | 'skipped';
  before: number;
  afterDeterioration: number | null;
  eligible: Record<Side, boolean>;
  /** null = not asked (ineligible) or not yet answered. */
  calls: Record<Side, boolean | null>;
  /** The conditional 13.43 choice submitted with the call: cancel the roll if the sole caller. */
  cancelIfSole: Record<Side, boolean>;
  /** The sole caller, once known (13.42). */
  caller: Side | null;
  /** Both called: the efforts cancelled each other (3.2 A.3). */
  mutualCancel: boolean;
  /** The sole caller cancelled the resolution roll (13.43). */
  rollCancelled: boolean;
  roll: number | null;
  shift: number | null;
  after: number | null;
}

export interface SpaceSuperiority {
  /** Signed Space State, −6..+6 (±3 after turn 15 in the extended game, 16.2). */
  state: number;
  /** The current (or last) turn's record. */
  current: SpaceTurnRecord | null;
  history: SpaceTurnRecord[];
}

export interface MajorEffortRecord {
  /** Efforts made so far (the turn-1 Human Massive effort does not count, 13.41). */
  used: number;
  lastTurn: number | null;
}

export interface PlayerState {
  side: Side;
  majorEfforts: MajorEffortRecord;
  /** SF sent on missions this game turn, against the Effects Chart cap (13.71, G14). */
  sfUsedThisTurn: number;
  /** Extended game rebuild credits by where the replacements appear (16.3). */
  rebuildCredit: { EARTH: number; SYSTEM: number; TAU_CETI: number };
  /** Standing orders the player may edit with any submission (loss priority, 7.7). */
  standing: StandingOrders;
}

/** A storm marker (15.2); only with the weather option. */
export interface Storm {
  id: string;
  kind: 'ACF' | 'TS';
  hex: HexId;
  intensity: number;
  /** Base direction from the generation hex arrow (15.3), module-defined encoding. */
  baseDir: number;
  genHex: number;
  createdTurn: number;
}

/** A pair of SF placed on a combat hex at the start of the Ground Combat Segment (10.432). */
export interface SfPair {
  hex: HexId;
  sfIds: [string, string];
}

/** Transient bookkeeping of the current Player Phase; reset when a Player Phase begins. */
export interface PhaseScratch {
  side: Side;
  sfPairs: SfPair[];
  sfPairsPlaced: boolean;
  /** Units moved in this Movement Segment (11.19 shuttle/evacuation). */
  moved: string[];
  /** Units that entered an enemy-occupied hex (4.5: may not leave it this turn). */
  enteredEnemyHex: string[];
  attackedHexes: HexId[];
  attackers: string[];
  /** Air points spent on ADZ suppression per enemy installation (8.41). */
  adzSuppression: Record<string, number>;
  /** Air points used per own installation (8.3). */
  airPointsUsed: Record<string, number>;
  missilesUsed: string[];
  fleetFireUsed: number;
  spaceSupplyUsed: number;
  suppliedFromSpace: string[];
  stpUsed: number;
  /** Bases that already gave the first-unit discount this turn (11.142). */
  basesUsedForLanding: string[];
  subOrbitalUsed: boolean;
  freeEvacuationUsed: boolean;
  insertionRoll: number | null;
  /** Index of the next attack of the combat plan (resumable after an interactive prompt). */
  combatCursor: number;
}

/** Transient bookkeeping of the current game turn. */
export interface TurnScratch {
  /** Installations already attacked for disruption this game turn (10.41). */
  disruptionTargets: string[];
}

/** The phasing player's accepted plan for the current Player Phase; secret to that side. */
export interface StoredPlan {
  side: Side;
  /** Last segment the plan covers; the player is asked again for later segments. */
  through: PlayerSegment;
  order: PhasePlanOrder;
}

/** An interactive decision owed mid-segment (only where no advance order can express it). */
export interface PendingDecision {
  id: string;
  side: Side;
  kind: 'losses';
  segment: Segment;
  /** What must be chosen, e.g. { count, candidates }. */
  payload: Json;
}

export type VictoryLevel =
  | 'HUMAN_DECISIVE'
  | 'HUMAN_SUBSTANTIVE'
  | 'HUMAN_MARGINAL'
  | 'DRAW'
  | 'CETIAN_SUBSTANTIVE'
  | 'CETIAN_DECISIVE'
  | 'MINIMUM_GARRISON';

export interface GameResult {
  winner: Side | null;
  level: VictoryLevel;
  reason: 'GARRISON' | 'POINTS';
  vp: Record<Side, number> | null;
  turn: number;
}

export interface CerberusState {
  version: 1;
  scenario: string;
  /** The game's options as chosen at creation; read them through ruleOptions(). */
  options: Record<string, Json>;
  turn: number;
  /** Last turn of the game (12), or null in the extended game (14.3, 16). */
  lastTurn: number | null;
  phase: Phase;
  segment: Segment;
  /** The phasing player in a Player Phase (3.2 B/C), else null. */
  phasing: Side | null;
  space: SpaceSuperiority;
  players: Record<Side, PlayerState>;
  units: Unit[];
  storms: Storm[];
  /** 15.9 the northern season the Human chose at set-up (option seasonChosenBy 'human'); null or absent (games stored before): the `season` option. */
  season?: string | null;
  turnScratch: TurnScratch;
  phaseScratch: PhaseScratch | null;
  plan: StoredPlan | null;
  pending: PendingDecision[];
  /**
   * 6.8 hexes overstacked outside a Movement or Transportation Segment (the 14.22 Provisional
   * arriving in a full Spaceport hex): legal until the end of that side's next Movement Segment,
   * which relieves them. Absent in games stored before.
   */
  reliefDue?: { side: Side; hex: HexId }[];
  /** 14.4: Minimum Garrison suspended until the end of this turn. */
  garrison: { suspendedUntil: number | null };
  result: GameResult | null;
  /** Server-only key for per-viewer opaque ids of hidden units (view.ts); drawn from the set-up dice, never shown. */
  viewSecret: string;
}

/** A unit with every field defaulted (set-up code and tests). */
export function makeUnit(fields: Partial<Unit> & Pick<Unit, 'id' | 'side' | 'cls'>): Unit {
  return {
    typeId: fields.cls,
    sub: 'REGULAR',
    designation: fields.id,
    attack: 0,
    defense: 0,
    movement: 0,
    box: 'MAP',
    hex: null,
    faceDown: false,
    outOfSupply: false,
    ferrying: false,
    reduced: false,
    supplies: 0,
    cargo: null,
    disrupted: null,
    landedOnTurn: null,
    sfStatus: fields.cls === 'SF' ? 'READY' : null,
    due: null,
    arrivesAt: null,
    destroyed: null,
    ...fields,
  };
}

export function newPlayerState(side: Side): PlayerState {
  return {
    side,
    majorEfforts: { used: 0, lastTurn: null },
    sfUsedThisTurn: 0,
    rebuildCredit: { EARTH: 0, SYSTEM: 0, TAU_CETI: 0 },
    standing: {},
  };
}

export function newPhaseScratch(side: Side): PhaseScratch {
  return {
    side,
    sfPairs: [],
    sfPairsPlaced: false,
    moved: [],
    enteredEnemyHex: [],
    attackedHexes: [],
    attackers: [],
    adzSuppression: {},
    airPointsUsed: {},
    missilesUsed: [],
    fleetFireUsed: 0,
    spaceSupplyUsed: 0,
    suppliedFromSpace: [],
    stpUsed: 0,
    basesUsedForLanding: [],
    subOrbitalUsed: false,
    freeEvacuationUsed: false,
    insertionRoll: null,
    combatCursor: 0,
  };
}

/** A blank game at the start of set-up: marker at Human +6 (14.11), no units yet. */
export function newState(scenario: string, options: Record<string, Json>, units: Unit[] = []): CerberusState {
  const extended = options.extended === true;
  return {
    version: 1,
    scenario,
    options,
    turn: 1,
    lastTurn: extended ? null : 12,
    phase: 'SETUP',
    segment: 'SETUP_CETIAN',
    phasing: null,
    space: { state: 6, current: null, history: [] },
    players: { HUMAN: newPlayerState('HUMAN'), CETIAN: newPlayerState('CETIAN') },
    units,
    storms: [],
    season: null,
    turnScratch: { disruptionTargets: [] },
    phaseScratch: null,
    plan: null,
    pending: [],
    garrison: { suspendedUntil: null },
    result: null,
    viewSecret: '',
  };
}

export function unitById(state: CerberusState, id: string): Unit | undefined {
  return state.units.find((u) => u.id === id);
}

export function unitsOf(state: CerberusState, side: Side, box?: Box): Unit[] {
  return state.units.filter((u) => u.side === side && (box === undefined || u.box === box));
}

/** Moves a unit to an off-map box (clears map-only fields). */
export function putInBox(unit: Unit, box: Exclude<Box, 'MAP'>): void {
  unit.box = box;
  unit.hex = null;
  unit.outOfSupply = false;
  unit.ferrying = false;
  unit.disrupted = null;
  if (box !== 'TURN_TRACK') {
    unit.due = null;
    unit.arrivesAt = null;
  }
  if (box !== 'DESTROYED') unit.destroyed = null;
}

/** Eliminates a unit (7.7, 10.3, 12.13): SF go to the turn track instead (see special-forces.ts). */
export function destroyUnit(unit: Unit, turn: number, cause: DestroyCause): void {
  putInBox(unit, 'DESTROYED');
  unit.cargo = null;
  unit.supplies = 0;
  unit.destroyed = { turn, cause };
}
