/**
 * D-87, option externalCombat 'LEVIATHAN' (L2432-2600): the types of a Space Combat Phase whose
 * battles are fought with Leviathan by the players and entered back in Prefect terms.
 */
import type { CombatAnswer, CombatPhasePlan, CombatPoint, CombatReactions } from '../resolution/index.js';
import type { Side } from '../types.js';

/**
 * The battles of L2482-2570: a deep-space interception (DSI, and the interception of a withdrawal,
 * L2542) and a combat in an orbital segment. Opposing sector defences (L1847-1867) and the Ground
 * Support strike on a ground base (L1803) are not Leviathan battles: they stay with Prefect.
 */
export type BattleKind = 'DSI' | 'SEGMENT' | 'WITHDRAWAL_INTERCEPT';

/** One battle as both players see it at the pause (its forces are on the Leviathan map, L2478-2526). */
export interface BattleInfo {
  /** `${phasing}-t${turn}-b${n}`: the n-th battle of that Combat Phase. */
  id: string;
  kind: BattleKind;
  sector: string;
  segment: number | null;
  /** The phasing ("player in phase") TF, the only one that may break off (L2530-2534, L2570). */
  tf: string;
  phasing: Side;
  units: Record<Side, string[]>;
  bases: Record<Side, string[]>;
}

/** Both players' sealed entry: the Leviathan result in Prefect terms (L2572-2600). Ids not named are unaffected. */
export interface SpaceExternalResultOrder {
  kind: 'external-result';
  battle: string;
  /** Ships, fighters and bases of either side in the battle considered destroyed (L2584, L2588, L2594). */
  destroyed: string[];
  /** Considered disorganised (bases: disrupted) (L2586, L2590, L2592, L2532). */
  disorganised: string[];
  /** Phasing TFs that broke off: they may not carry out their mission (L2530-2534, L2570). */
  brokeOff: string[];
  /**
   * For a transport squadron named disorganised because some of its ships were destroyed: how many
   * of its ships (from the Leviathan set-up) and how many lost (L2592, L2596-2598). Omitted: no loss.
   */
  transportLosses?: TransportLoss[];
  /** Ask for the normal Prefect resolution of this battle (D-87). */
  prefect?: boolean;
  /** Set only by the server's deadline default (never accepted from a player). */
  deadline?: boolean;
}

/** One transport squadron's ships lost in a Leviathan battle (L2596). */
export interface TransportLoss {
  unit: string;
  shipsLost: number;
  ships: number;
}

export type BattleDecision = { entry: SpaceExternalResultOrder } | { prefect: true };

/**
 * The Combat Phase being played with pauses: the sealed submissions, the state as it stood before
 * the phase, every roll made so far and the decided battles, so that the phase is replayed to the
 * same point and goes on (run.ts). Never shown in a view.
 */
export interface CombatRun {
  phasing: Side;
  plan: CombatPhasePlan;
  reactions: CombatReactions;
  snapshot: Record<string, unknown>;
  rolls: { label: string; value: number }[];
  decided: BattleDecision[];
  /** Phase events already sent. */
  emitted: number;
  pending?: { battle: BattleInfo; round: number };
  /** D-91 (option spaceCombatPlay 'interactive'): the answers given so far, in the order the phase asked. */
  answers?: CombatAnswer[];
  /** D-91: the decision point the phase is paused at (its owner owes a `combat-decision`). */
  asking?: CombatPoint;
}

/** D-91: the answer to the decision point the phase is paused at (resolution/decisions.ts). */
export interface CombatDecisionOrder extends CombatAnswer {
  kind: 'combat-decision';
}
