/**
 * The Space Combat Phase as one sealed submission per side (digest §4.4 phases 4 and 7,
 * L1443-1829, L1847-1867). The phasing player sends a whole plan for his missions; the opponent
 * sends standing reactions at the same time; `resolveCombatPhase` then runs the phase with no
 * round trip. Plain JSON throughout (the platform stores and replays it).
 */
import type { Json } from '#engine/contract.js';
import type { Side } from '../types.js';

/**
 * Which of the eligible units to send: every one, none, the strongest by attack (ties: the
 * higher defence, then the id, so it is deterministic), or an explicit list (ineligible ids are
 * ignored at the time: the player could not know which would be eligible).
 */
export type UnitPolicy = 'ALL' | 'NONE' | 'STRONGEST' | { units: string[] };

/** How the recon force picks its one detection segment after the disclosure (L1731, D-58). */
export type ReconSegmentRule = 'HIGHEST_SIG' | 'LOWEST_NONZERO_SIG' | { segment: number };

/** One TF of the phasing side, in the order the player wants it resolved (L1455-1459). */
export interface TfPlan {
  tf: string;
  /** L1695: declared before anything is placed in the DSI box; the TF still tires. */
  interrupt?: boolean;
  /** L1473-1483: Attack / HS / Recon may commit part of the TF; other missions commit it all. Default: every organised unit. */
  commit?: string[];
  /** L1677, H25: the orbital segment the survivors move to (must exist, L1681). Default 1. Recon: see `reconSegment`. */
  segment?: number;
  /** H12, L1543-1545: use the column to the right if undetected (Attack / HS only). Default true. */
  shiftIfUndetected?: boolean;
  /** Recon only (L1731, D-58): which segment to try after the Sig disclosure. Default HIGHEST_SIG. */
  reconSegment?: ReconSegmentRule;
  /** Attack only (L2033-2083): Marine assaults on disrupted enemy bases of the segment, in order. */
  marines?: { transport: string; base: string }[];
  /** Ground Support only (L1803, T-S14): the enemy ground base of the segment to strike, if any. */
  gsTarget?: string;
  /** Supply only (L1749, L1919): cargo handed to friendly bases of the segment by survivors. */
  transfers?: { from: string; to: string; amount: number; marines?: boolean }[];
  /** Supply only (L2103): carried bases to unload in the segment reached. */
  unloadBases?: string[];
}

export interface CombatPhasePlan {
  /**
   * Missions in resolution order. A sector's TFs must be contiguous (L1457-1459: a sector is
   * finished before the next is chosen). Resolvable TFs left out are appended in the default
   * order (sector by sector, then TF id) with default choices.
   */
  tfs: TfPlan[];
  /** After the opposing-SD round (L1861): move surviving units of each fought segment back to the TF box. Default false. */
  leaveOpposingSegments?: boolean;
}

/** Which units of the segment attack a Supply / GS / OD TF (L1741-1745, L1795, L1819: "any, some or none"). */
export type ProtectedAttackPolicy = 'ALL' | 'NONE' | 'UNITS_ONLY' | { units: string[]; bases: string[] };

export interface CombatReactions {
  /** DSI (L1511-1521, H23): per sector, else `default` (defaultReactions: ALL). */
  intercept: { default: UnitPolicy; bySector?: Record<string, UnitPolicy> };
  /** H12, L1543: interceptors the phasing player failed to detect use the column to the right. Default true. */
  shiftIfUndetected?: boolean;
  /** L1741-1745, L1795, L1819: attacks on Supply / GS / OD TFs, per sector, else `default`. */
  protectedAttack: { default: ProtectedAttackPolicy; bySector?: Record<string, ProtectedAttackPolicy> };
  /** L1777-1785: interception of withdrawing TFs, per sector, else `default`. */
  withdrawalIntercept: { default: UnitPolicy; bySector?: Record<string, UnitPolicy> };
  /** After the opposing-SD round (L1861), as in the plan. Default false. */
  leaveOpposingSegments?: boolean;
}

/** An event of the phase; `visibleTo` follows H16-H28 and D-19. */
export interface SpaceEvent {
  type: string;
  visibleTo: Side[] | 'all';
  data: Json;
}
