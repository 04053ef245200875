/**
 * D-91: the decision points of the Space Combat Phase that the rules place inside the phase — the
 * opponent's deep-space interception once the incoming force is detected (L1509-1521), the phasing
 * player's orbital segment once the interception is over (L1675), and the opponent's "any, some or
 * none" fire on a Supply, Ground Support or Orbital Drop TF once its segment is placed (L1741-1745,
 * L1795, L1819). The procedure asks `decide` at each point with the answer its standing policy
 * gives: with no `Decisions` (standing play) that answer is used; in interactive play the n-th
 * point takes the n-th recorded answer, and the first point without one pauses the phase (the
 * caller replays the phase from its snapshot once the owner has answered, ../external/run.ts).
 * One procedure, so the same answers give the same events in both modes.
 */
import { BattlePause } from './external-hook.js';
import type { Side } from '../types.js';

/** What the owing side is asked; only his own forces and what the phase has made public. */
export type CombatPoint =
  | { kind: 'intercept'; side: Side; tf: string; sector: string; sig: number; eligible: string[]; standing: { units: string[] }; rule: string }
  | { kind: 'segment'; side: Side; tf: string; sector: string; segments: number; survivors: string[]; standing: { segment: number }; rule: string }
  | { kind: 'protected-attack'; side: Side; tf: string; sector: string; segment: number; units: string[]; bases: string[]; standing: { units: string[]; bases: string[] }; rule: string };

/** An answer: interceptors, or a segment, or the units and bases that fire. */
export interface CombatAnswer {
  units?: string[];
  bases?: string[];
  segment?: number;
}

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
    case 'intercept': return { units: point.eligible.filter((id) => (a.units ?? []).includes(id)) };
    case 'segment': {
      const seg = a.segment;
      return { segment: Number.isInteger(seg) && seg! >= 1 && seg! <= point.segments ? seg! : point.standing.segment };
    }
    case 'protected-attack': return { units: point.units.filter((id) => (a.units ?? []).includes(id)), bases: point.bases.filter((id) => (a.bases ?? []).includes(id)) };
  }
}
