/**
 * Extended Game (rule 16, digest §5.15), the optional `extended` rule, in one place.
 *
 * The rules themselves live with the segments they change; this module gathers them for views,
 * prompts and the bot, and is the checklist of rule 16:
 * - 16.0 no turn limit (state.ts newState: lastTurn null); the game ends only by a Minimum
 *   Garrison failure (victory.ts minimumGarrisonCheck; endOfGameVictory never scores points).
 * - 16.1 Major Efforts (space.ts): one more earned on turn 15 and every 5th turn after, savable;
 *   after a player's third effort the spacing is the fourth following turn and the shift is 2.
 * - 16.2 Space State at most ±3 after turn 15 (space.ts maxMagnitude/clampState).
 * - 16.3 rebuilds (reinforcements.ts): credits by where the replacements appear, earned in the
 *   Reinforcement Segment and accumulated, spent by the strategic orders (`rebuild`); a Spaceport
 *   costs 3, Guards and Paratroopers never come back.
 * - 16.4 SF per turn: 3 after turn 15, 2 after turn 20, 1 after turn 40 (space.ts sfCap).
 */
import { ruleOptions } from './options-rules.js';
import { rebuildRate } from './reinforcements.js';
import {
  canCallMajorEffort,
  majorEffortShift,
  majorEffortSpacing,
  majorEffortsAvailable,
  maxMagnitude,
  sfCap,
} from './space.js';
import type { CerberusState, Side } from './state.js';

export interface ExtendedTurnRules {
  /** 16.0: no last turn in the extended game. */
  lastTurn: number | null;
  /** 16.2 the largest Space State magnitude this turn. */
  maxSpaceState: number;
  /** 16.3 rebuild credits earned this turn, and held, by box. */
  rebuildRate: { EARTH: number; SYSTEM: number; TAU_CETI: number };
  players: Record<
    Side,
    {
      /** 13.41, 16.1 efforts still in hand (earned ones included). */
      majorEffortsAvailable: number;
      /** 13.41, 16.1 turns after an effort before the next (3, or 4 after the third). */
      majorEffortSpacing: number;
      /** 13.42, 16.1 boxes the next effort shifts (3, or 2 after the third). */
      majorEffortShift: number;
      canCallMajorEffort: boolean;
      /** 13.71, 16.4 SF usable this turn. */
      sfCap: number;
      /** 16.3 rebuild credits held. */
      rebuildCredit: { EARTH: number; SYSTEM: number; TAU_CETI: number };
    }
  >;
}

/** Rule 16 as it stands on the current turn (basic-game values when the option is off). */
export function extendedTurnRules(state: CerberusState): ExtendedTurnRules {
  const extended = ruleOptions(state.options).extended;
  const player = (side: Side) => {
    const rec = state.players[side].majorEfforts;
    return {
      majorEffortsAvailable: majorEffortsAvailable(rec, state.turn, extended),
      majorEffortSpacing: majorEffortSpacing(rec, extended),
      majorEffortShift: majorEffortShift(rec),
      canCallMajorEffort: canCallMajorEffort(rec, side, state.turn, extended),
      sfCap: sfCap(state, side),
      rebuildCredit: { ...state.players[side].rebuildCredit },
    };
  };
  return {
    lastTurn: state.lastTurn,
    maxSpaceState: maxMagnitude(state.turn, extended),
    rebuildRate: extended ? rebuildRate(state.turn) : { EARTH: 0, SYSTEM: 0, TAU_CETI: 0 },
    players: { HUMAN: player('HUMAN'), CETIAN: player('CETIAN') },
  };
}
