/**
 * D-91: the decision points of the Space Combat Phase that the rules place inside the phase — the
 * opponent's deep-space interception once the incoming force is detected (L1509-1521), his shift
 * when his interceptors went undetected (Detection Shifts, L1543-1547), the phasing player's
 * orbital segment once the interception is over (L1675), the opponent's "any, some or none" fire on
 * a Supply, Ground Support or Orbital Drop TF once its segment is placed (L1741-1745, L1795, L1819),
 * his attempt on each withdrawing TF once the sector's missions are done and then the units that
 * attack it (Withdrawal, L1777-1783), and each player's move out of an opposing-SD segment after
 * its round (Opposing Sector Defences, L1861; both sealed, told together). The procedure asks `decide` at each point with the answer its standing policy
 * gives: with no `Decisions` (standing play) that answer is used; in interactive play the n-th
 * point takes the n-th recorded answer, and the first point without one pauses the phase (the
 * caller replays the phase from its snapshot once the owner has answered, ../external/run.ts).
 * One procedure, so the same answers give the same events in both modes.
 */
import { BattlePause } from './external-hook.js';
import type { Side } from '../types.js';

/** What the owing side is asked; only his own forces and what the phase has made public. */
export type CombatPoint =
  | {
      kind: 'intercept';
      side: Side;
      tf: string;
      sector: string;
      sig: number;
      eligible: string[];
      standing: { units: string[] };
      rule: string;
    }
  | {
      kind: 'segment';
      side: Side;
      tf: string;
      sector: string;
      segments: number;
      survivors: string[];
      standing: { segment: number };
      rule: string;
    }
  | {
      kind: 'protected-attack';
      side: Side;
      tf: string;
      sector: string;
      segment: number;
      units: string[];
      bases: string[];
      standing: { units: string[]; bases: string[] };
      rule: string;
    }
  | { kind: 'shift'; side: Side; tf: string; sector: string; standing: { shift: boolean }; rule: string }
  /** `possible`: he has a sector-defence TF there (L1781 needs its ESM); else the only answer is no attempt. */
  | {
      kind: 'withdrawal-attempt';
      side: Side;
      tf: string;
      sector: string;
      possible: boolean;
      standing: { attempt: boolean };
      rule: string;
    }
  | {
      kind: 'withdrawal-intercept';
      side: Side;
      tf: string;
      sector: string;
      eligible: string[];
      standing: { units: string[] };
      rule: string;
    }
  | {
      kind: 'leave-segment';
      side: Side;
      sector: string;
      segment: number;
      units: string[];
      standing: { units: string[] };
      rule: string;
    };

/** Points whose answer is sealed until the other side has answered his own (both players decide at once, L1861). */
export const SEALED_POINTS: readonly CombatPoint['kind'][] = ['leave-segment'];

/** An answer: interceptors, or a segment, or the units and bases that fire, or yes/no to a shift or an attempt. */
export interface CombatAnswer {
  units?: string[];
  bases?: string[];
  segment?: number;
  shift?: boolean;
  attempt?: boolean;
}

/** The answer fields each point takes (validation refuses the others). */
export const ANSWER_FIELDS: Record<CombatPoint['kind'], readonly (keyof CombatAnswer)[]> = {
  intercept: ['units'],
  segment: ['segment'],
  'protected-attack': ['units', 'bases'],
  shift: ['shift'],
  'withdrawal-attempt': ['attempt'],
  'withdrawal-intercept': ['units'],
  'leave-segment': ['units'],
};

/** Thrown when a decision point has no answer yet (a pause of the phase, as a Leviathan battle's). */
export class DecisionPause extends BattlePause {}

/** Interactive play: the recorded answers in the order the phase meets its points. */
export class Decisions {
  asked: CombatPoint | null = null;
  private n = 0;
  constructor(private readonly answers: readonly CombatAnswer[]) {}

  answer(point: CombatPoint): CombatAnswer {
    const a = this.answers[this.n++];
    if (a === undefined) {
      this.asked = point;
      throw new DecisionPause();
    }
    return a;
  }
}

/**
 * The point's decision: the standing answer without `decisions`, else the recorded answer made
 * legal (ids not offered are ignored, a segment that does not exist falls back to the standing one).
 */
export function decide<P extends CombatPoint>(decisions: Decisions | undefined, point: P): P['standing'] {
  if (!decisions) return point.standing;
  const a = decisions.answer(point);
  switch (point.kind) {
    case 'intercept':
      return { units: point.eligible.filter((id) => (a.units ?? []).includes(id)) };
    case 'segment': {
      const seg = a.segment;
      return { segment: Number.isInteger(seg) && seg! >= 1 && seg! <= point.segments ? seg! : point.standing.segment };
    }
    case 'protected-attack':
      return {
        units: point.units.filter((id) => (a.units ?? []).includes(id)),
        bases: point.bases.filter((id) => (a.bases ?? []).includes(id)),
      };
    case 'shift':
      return { shift: typeof a.shift === 'boolean' ? a.shift : point.standing.shift };
    case 'withdrawal-attempt':
      return { attempt: point.possible && (typeof a.attempt === 'boolean' ? a.attempt : point.standing.attempt) };
    case 'withdrawal-intercept':
      return { units: point.eligible.filter((id) => (a.units ?? []).includes(id)) };
    case 'leave-segment':
      return { units: point.units.filter((id) => (a.units ?? []).includes(id)) };
  }
}
