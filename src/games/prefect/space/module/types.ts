/**
 * The Space Game module's state and orders (issue 10): the library's SpaceState (../types.ts)
 * plus the phase machine's position (digest §4.4, D-53), the module options, the view secret, and
 * the public markers the rules announce (T-space detections H19, new bases H33).
 */
import type { RearmOrder, ReorganiseOrder, BaseReorganiseOrder } from '../rearm.js';
import type { Transfer } from '../supply.js';
import type { FormTf } from '../tf-adjust.js';
import type { ReactionMove } from '../tspace.js';
import type { MissionOrder, Side, SpaceState } from '../types.js';
import type { CombatDecisionOrder, CombatRun, SpaceExternalResultOrder } from '../external/types.js';

export type { Side } from '../types.js';
export const SIDES: readonly Side[] = ['TOG', 'CW'];

/**
 * MISSIONS (1, sealed) → per half (attacker, then defender): TSPACE (2/5) → PLACE (the owner
 * places his detected arrivals, L1387) → REACTION (the detector's SD reaction, only when there is
 * one to make) → PLACE (the undetected arrivals, L1401) → MOVE (3/6) → COMBAT (4/7, sealed
 * plan + standing reactions) → ADJUST (8, sealed) → SUPPLY (9, sealed) → Tempo (10, automatic).
 */
export type SpaceStep =
  'MISSIONS' | 'TSPACE' | 'PLACE' | 'REACTION' | 'MOVE' | 'COMBAT' | 'ADJUST' | 'SUPPLY' | 'GAME_OVER';

export interface SpaceOptions {
  /** Seconds the detector has to react after T-space detections (H20), Prompt.deadlineSeconds. */
  reactionWindowSeconds: number;
  /** D-87: 'LEVIATHAN' = the phase's battles are fought with Leviathan and both players enter the result (../external/). */
  externalCombat?: 'OFF' | 'LEVIATHAN';
  /** D-87: deadline in seconds of each external-result prompt. */
  externalResultSeconds?: number;
  /**
   * L1387, L1401: 'after-detection' (default) = the owner places his arrivals once he knows which
   * were detected (detected ones at once, the others after the reaction); 'with-exit' = the sectors
   * named with the exits (one prompt fewer).
   */
  arrivalPlacement?: 'after-detection' | 'with-exit';
  /**
   * D-91: 'standing' (default) = the Space Combat Phase runs at once from the sealed plan and the
   * standing reactions; 'interactive' = it asks the deciding side at each decision point
   * (interception, target segment, fire on Supply / GS / OD TFs), the plan's and reactions'
   * choices being the defaults of those prompts.
   */
  spaceCombatPlay?: 'standing' | 'interactive';
}

export interface ArrivalNote {
  tf: string;
  side: Side;
  turn: number;
  /** Announced total Sig and travel modifier (L1368, H19). */
  total: number;
  modifier: number;
  roll: number;
  detected: boolean;
}

export interface SpaceGameState extends SpaceState {
  module: 'prefect-space';
  scenario: string;
  options: SpaceOptions;
  viewSecret?: string;
  step: SpaceStep;
  /** 1 = the turn Attacker's phases 2-4, 2 = the Defender's phases 5-7 (D-53). */
  half: 1 | 2;
  /** Undetected arrivals waiting for the detector's reaction (L1401): hidden from the detector. */
  pendingArrivals?: { tf: string; sector?: string }[];
  /** L1387/L1401: the arrivals the phasing owner places now (PLACE), with the sectors named at exit as defaults. */
  placing?: { detected: boolean; tfs: { tf: string; sector?: string }[] };
  /** This turn's T-space arrivals as announced (public: Sig total, modifier, roll, detected). */
  arrivals: ArrivalNote[];
  /** New bases and transports deployed as bases, announced to the opponent (L2109, L2113, H33). */
  announcedBases: { side: Side; id: string; sector: string; segment: number; turn: number }[];
  /**
   * Orbital segments placed on a Sector Combat Table (public, L1677, H18, H25): which bases
   * stood there when last seen (an empty list = seen empty). Both players saw the table.
   */
  sightings: { sector: string; segment: number; turn: number; bases: { id: string; side: Side; ground: boolean }[] }[];
  result?: { winner: Side; vp: Record<Side, number>; summary: string };
  /** D-87: the Combat Phase paused at a Leviathan battle (../external/run.ts); never shown in a view. */
  external?: CombatRun;
}

export interface MissionsOrder {
  kind: 'missions';
  missions: MissionOrder[];
}
/** `sector` is required with arrivalPlacement 'with-exit'; otherwise it is the default of the later placement. */
export interface TSpaceOrder {
  kind: 'tspace';
  enter: string[];
  exits: { tf: string; sector?: string }[];
}
/** L1387, L1401: where each arrival appears, chosen after the detection results. */
export interface PlaceOrder {
  kind: 'place';
  places: { tf: string; sector: string }[];
}
export interface ReactionOrder {
  kind: 'reaction';
  moves: ReactionMove[];
}
export interface MoveOrder {
  kind: 'move';
  moves: { tf: string; to: string }[];
}
export interface CombatPlanOrder {
  kind: 'combat-plan';
  plan: unknown;
}
export interface CombatReactionsOrder {
  kind: 'combat-reactions';
  reactions: unknown;
}
export interface AdjustOrder {
  kind: 'adjust';
  form: FormTf[];
  exchanges: { units: string[]; to: string }[];
  deploy: { unit: string; segment: number }[];
  disorganise: { sector: string; units: string[] }[];
  destroySurplus: { tf: string; units: string[] }[];
  /** Rebuilt in the last part of the phase (L1931, L1975-1981). */
  rebuild: string[];
}
export interface SupplyOrder {
  kind: 'supply';
  rearm: RearmOrder[];
  reorganise: ReorganiseOrder[];
  baseReorganise: BaseReorganiseOrder[];
  transfers: Transfer[];
  /** Off-system loading of SP on transports (L1909). */
  load: { unit: string; sp: number }[];
  /** Off-system loading of Marine cohorts on transports, as SP (L2055); absent = none. */
  loadMarines?: { unit: string; cohorts: number }[];
  unload: { base: string; segment: number }[];
}

/** D-87: a Leviathan battle's result in Prefect terms (../external/types.ts). */
export type ExternalResultOrder = SpaceExternalResultOrder;
/** D-91: the answer at a decision point of an interactive Space Combat Phase (../resolution/decisions.ts). */
export type { CombatDecisionOrder } from '../external/types.js';

export type SpaceOrder =
  | MissionsOrder
  | TSpaceOrder
  | PlaceOrder
  | ReactionOrder
  | MoveOrder
  | CombatPlanOrder
  | CombatReactionsOrder
  | AdjustOrder
  | SupplyOrder
  | ExternalResultOrder
  | CombatDecisionOrder;
