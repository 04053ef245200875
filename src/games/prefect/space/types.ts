/**
 * Renegade Legion: Prefect — Space Game vocabulary (issue 10): the Africannus system map, naval
 * counters, bases, task forces, Orbital Force Allocation Tables (OFATs), missions, the space
 * state and its orders. Rule references are rulebook lines (`L1322`) and digest decisions
 * (`D-06`).
 *
 * Conventions follow ../types.ts: plain JSON state, string ids, side 'TOG' | 'CW' (the CW side
 * is the "Renegade/Commonwealth" player, L1072), d10 rolls through engine/dice (1..10, 10 = "0").
 * This is a library: nothing here is registered as a game yet (README.md).
 */
import type { Provenance } from '#engine/tables.js';
import type { CrtCell, FieldProvenance, Side } from '../common/types.js';

export type { Side } from '../common/types.js';

// ============================================================== system map (D-06)

/** Orbital segments of a body: planet 10, planetoid 4, asteroid-belt sector 4, none 1 (L1050-1062, L1002). */
export type BodyKind = 'PLANET' | 'PLANETOID' | 'ASTEROID' | 'NONE';
export const SEGMENTS: Readonly<Record<BodyKind, number>> = { PLANET: 10, PLANETOID: 4, ASTEROID: 4, NONE: 1 };

export interface Body {
  name: string;
  kind: Exclude<BodyKind, 'NONE'>;
}

/** A sector of zones 1-7, written (zone, index) as "(2,10)" (L984-986). */
export interface Sector {
  /** e.g. 's3-4'; named sectors keep the same id scheme. */
  id: string;
  zone: number;
  index: number;
  name?: string;
  /** Absent = no body: one orbital segment (L1002). Asteroid-belt zones give every sector an ASTEROID body (L1060, L1124). */
  body?: Body;
}

export interface SystemZone {
  /** 0 = the Sun, 1-7 have sectors, 8-10 are sectorless (L982-990, D-06). */
  zone: number;
  sectors: number;
  asteroidBelt: boolean;
  provenance: Provenance;
}

export interface SystemMap {
  id: string;
  name: string;
  zones: SystemZone[];
  sectors: Sector[];
  provenance: Provenance;
  valueProvenance?: FieldProvenance;
}

// ============================================================== counters

export type ShipClass = 'BB' | 'CA' | 'FG' | 'P' | 'D' | 'FGV' | 'DDV' | 'TRL' | 'TRM';
export type FighterClass = 'FL1' | 'FL2' | 'FM1' | 'FM2' | 'FH1' | 'FH2';
export const SHIP_CLASSES: readonly ShipClass[] = ['BB', 'CA', 'FG', 'P', 'D', 'FGV', 'DDV', 'TRL', 'TRM'];
export const FIGHTER_CLASSES: readonly FighterClass[] = ['FL1', 'FL2', 'FM1', 'FM2', 'FH1', 'FH2'];
export const isTransportClass = (c: ShipClass | FighterClass): boolean => c === 'TRL' || c === 'TRM';

/** A naval counter type (L1080-1116). Values are per side: the examples give side-specific ones (§3.4). */
export interface NavalUnitType {
  id: string; // 'tog-D', 'cw-FL1' ...
  name: string;
  code: ShipClass | FighterClass;
  side: Side;
  kind: 'SHIP' | 'TRANSPORT' | 'FIGHTER';
  attack: number;
  defence: number;
  sig: number;
  esm: number;
  thrust: number;
  /** Fighter transport value; for transports, the SP capacity (L1090-1094); 0 for fighters. */
  carry: number;
  /** SP to reorganise (D-65b). */
  reorgCost: number;
  provenance: Provenance;
  fieldProvenance?: FieldProvenance;
}

export type NavalBaseClass =
  'ON1' | 'ON2' | 'ON3' | 'ON4' | 'ON5' | 'ON6' | 'GN1' | 'GN2' | 'GN3' | 'GN4' | 'GN5' | 'GN6';

/** O/GN1-6 (L1132): "O" in orbit, "G" dug into a body (L1995-2005). */
export interface NavalBaseType {
  id: NavalBaseClass;
  orbital: boolean;
  /** The class number 1-6: Marine-assault defence (L2071), 20 SP of components per level (L2093). */
  classLevel: number;
  attack: number;
  defence: number;
  esm: number;
  sig: number;
  supplyMax: number;
  provenance: Provenance;
  fieldProvenance?: FieldProvenance;
}

/** Space CRT (D-03): like the planetary one, plus an optional die modifier per column (L1565). */
export interface SpaceCrt {
  columns: string[];
  /** rows[roll - 1][column] */
  rows: CrtCell[][];
  dieModifier: number[];
  /** Cells fixed by the text; every one must be reproduced (T-S10, T-S12, T-S14). */
  fixtures: { column: string; roll: number; cell: CrtCell; rule: string }[];
  provenance: Provenance;
}

// ============================================================== missions, units, TFs

export type Mission =
  'ATTACK' | 'HS_ATTACK' | 'RECON' | 'SECTOR_DEFENCE' | 'SUPPLY' | 'WITHDRAWAL' | 'GROUND_SUPPORT' | 'ORBITAL_DROP';
export const MISSIONS: readonly Mission[] = [
  'ATTACK',
  'HS_ATTACK',
  'RECON',
  'SECTOR_DEFENCE',
  'SUPPLY',
  'WITHDRAWAL',
  'GROUND_SUPPORT',
  'ORBITAL_DROP',
];
/** Missions whose attackers add +2 to their saves (L1268, L1274, L1284, L1296). */
export const PROTECTED_MISSIONS: readonly Mission[] = ['SUPPLY', 'WITHDRAWAL', 'GROUND_SUPPORT', 'ORBITAL_DROP'];

export type NavalStatus = 'ACTIVE' | 'DISORGANISED' | 'DESTROYED';

/** One counter. D-10: values live per counter; `overrides` replaces type values of this counter. */
export interface NavalUnit {
  id: string;
  type: string;
  side: Side;
  status: NavalStatus;
  /** Coloured-bar counter of an independent fighter wing (L1114-1116). */
  independent?: boolean;
  overrides?: Partial<Pick<NavalUnitType, 'attack' | 'defence' | 'sig' | 'esm' | 'thrust' | 'carry'>>;
  /** SP carried by a transport (L1094). */
  supply?: number;
  /** Set while the unit is in a TF; absent in the off-system boxes. */
  tf?: string;
  /** Off-system boxes (L1022-1028). */
  offSystemBox?: 'FUNCTIONAL' | 'DESTROYED';
  /** Turn on which the unit made a deep-space interception (L1515). */
  interceptedTurn?: number;
  /** Marine cohorts carried by a transport, 10 SP of room each (L2051-2057). */
  marines?: number;
  /** SP of an orbital base's components carried by this transport (L2095-2101). */
  baseLoad?: { base: string; sp: number };
  /** A transport deployed as a base on the sector's OFAT (L2111-2117); it has no TF meanwhile. */
  deployedAsBase?: {
    sector: string;
    segment: number;
    turn: number;
  }; /** Times rebuilt from the Destroyed box (L1979): each was a destruction that still scores (D-01). */
  rebuilt?: number;
}

export type TfPlace = { kind: 'SECTOR'; sector: string } | { kind: 'OFFSYSTEM' } | { kind: 'TSPACE'; turns: number };

export interface NavalTF {
  id: string;
  side: Side;
  /** 1-20 (L1068). */
  counterNo: number;
  place: TfPlace;
  units: string[];
  fatigue: 0 | 1 | 2 | 3;
  mission?: Mission;
  missionParams?: MissionParams;
  missionStatus?: 'ASSIGNED' | 'DONE' | 'FAILED' | 'INTERRUPTED';
  /** Hidden SD allocation: segment -> unit ids (L1252, H18). */
  sdAllocation?: Record<number, string[]>;
  /** TF of one sector's grouped disorganised units: must withdraw (L1875, D-73). */
  disorganisedGroup?: boolean;
  /** Turn on which space fatigue was last applied (D-72: once per turn). */
  fatiguedTurn?: number;
  beganTurnInSystem?: boolean;
  arrivedThisTurn?: boolean;
  /** A Supply-mission TF that entered this orbital segment this turn (L1921); set by mission resolution. */
  suppliedSegment?: { segment: number; turn: number };
  /** Turn this TF was formed off-system: it must get a mission and go to T-space space 0 (L1887). */
  formedOffSystemTurn?: number;
}

export interface NavalBase {
  id: string;
  side: Side;
  type: NavalBaseClass;
  status: 'ACTIVE' | 'DISRUPTED' | 'DESTROYED';
  sector: string;
  segment: number;
  supply: number;
  /** Marine cohorts stationed on the base (L2059, L2071). */
  marines?: number;
  /** Off-system boxes: a base waiting to be carried in, or destroyed (L2093, L1975). */
  offSystemBox?: 'FUNCTIONAL' | 'DESTROYED';
  /** The TF carrying this base's components (L2095); the base is on no map meanwhile. */
  carriedBy?: string;
  /** Turn it was unloaded and assembled: reorganised no sooner than the next Supply Phase (L2107). */
  placedTurn?: number; /** Times rebuilt (L1975): each was a destruction that still scores (D-01). */
  rebuilt?: number;
}

export interface MissionParams {
  /** WITHDRAWAL: 'OFFSYSTEM' or a sector id holding a friendly base (L1272). */
  destination?: string;
}

// ============================================================== scenario

export type SpaceVictory = {
  kind: 'victoryPoints';
  /** D-01 "Hold the Line" default. */
  perBaseDestroyedOrCaptured: number;
  perNavalUnitDestroyed: number;
  /** `maxPerTurn`: at most this many of a side's completed missions score in one turn (reconstructed cap). */
  perMissionCompleted: { missions: Mission[]; sector: string; vp: number; maxPerTurn?: number };
  /** Who wins a tie (designed: the side holding the line). */
  tie: Side;
  /** VP added to a side's total when the winner is decided (a scenario handicap, reconstructed for balance). */
  bonus?: Partial<Record<Side, number>>;
  provenance: Provenance;
};

export interface SpaceScenario {
  id: string;
  title: string;
  description: string;
  turns: number;
  firstAttacker: Side;
  /** Who places TFs on the map first (L1174). */
  firstToPlace: Side;
  rebuildLimit: number;
  units: {
    id: string;
    type: string;
    side: Side;
    independent?: boolean;
    overrides?: NavalUnit['overrides'];
    supply?: number;
  }[];
  tfs: { id: string; side: Side; counterNo: number; place: 'OFFSYSTEM' | string; units: string[] }[];
  bases: { id: string; side: Side; type: NavalBaseClass; sector: string; segment: number; supply: number }[];
  /** Marine cohort counters each side may load onto transports off-system (L2049-2057; scenario data, reconstructed for Hold the Line). */
  offSystemMarines?: Partial<Record<Side, number>>;
  victory: SpaceVictory;
  provenance: Provenance;
  fieldProvenance?: FieldProvenance;
}

// ============================================================== state and orders

export interface SpaceState {
  turn: number;
  attacker: Side;
  units: Record<string, NavalUnit>;
  tfs: Record<string, NavalTF>;
  bases: Record<string, NavalBase>;
  /** Breakthrough/Counter-attack scores this turn (L1603, L1615, D-38). */
  tempo: Record<Side, number>;
  /** Sealed mission orders, hidden until both are in (H17). */
  sealedMissions: Partial<Record<Side, MissionOrder[]>>;
  /** Marine cohorts still waiting in each side's off-system zone (L2055; the scenario's `offSystemMarines`); owner only. */
  offSystemMarines?: Partial<Record<Side, number>>;
  /** What victory counts (D-01): bases each side captured, missions completed. */
  record?: SpaceRecord;
}

export interface SpaceRecord {
  /** Enemy bases captured by each side (L2075). */
  basesCaptured: Record<Side, number>;
  missionsCompleted: { side: Side; mission: Mission; sector: string; turn: number }[];
}

export interface MissionOrder {
  tf: string;
  mission: Mission;
  params?: MissionParams;
  /** SECTOR_DEFENCE: segment -> unit ids; every unit of the TF once (L1252). */
  sdAllocation?: Record<number, string[]>;
}

/** A rejected order: the rule it breaks, in the words of the rulebook line or decision. */
export interface RuleError {
  code: string;
  rule: string;
  message: string;
  tf?: string;
  unit?: string;
}
