/**
 * D-87: the seam through which a battle of the phase may be resolved outside the procedure (the
 * optional Leviathan result, ../external/). `fight` asks the hook before each fight: undefined →
 * the normal Prefect resolution (engage); a FightOutcome → the hook has applied the battle's
 * result itself; or the hook throws BattlePause to stop the phase there (resolveCombatPhase
 * returns the events written so far; the caller replays the phase once the result is known).
 */
import type { EngagementResult, EngagementSpec } from '../engagement.js';
import type { PhaseContext } from './context.js';

/** What the mission procedure needs back from a fight: which sides must leave (L1581-1613; L2570 broke off). */
export type FightOutcome = Pick<EngagementResult, 'retreats'>;

export type FightWhere = { sector: string; segment?: number; tf?: string };

export interface ExternalBattles {
  fight(ctx: PhaseContext, spec: EngagementSpec, where: FightWhere): FightOutcome | undefined;
}

/** Thrown by a hook to pause the phase at a battle awaiting its external result. */
export class BattlePause extends Error {
  constructor() {
    super('battle paused for an external result (D-87)');
  }
}
