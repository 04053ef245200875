/**
 * Segment handlers for the rules in this folder's space, SF, reinforcement and victory modules,
 * ready to be merged with the handlers of the supply, movement, combat, transportation, weather
 * and set-up modules: `{ ...coreHandlers(hooks), SUPPLY: …, MOVEMENT: …, COMBAT: …, … }`.
 *
 * The combat module must call `placeSfPairs` at the start of its segment, `sfCombatShift` and
 * `sfAfterAttack` for each attack, `returnUnusedSf` at its end, and `minimumGarrisonCheck(state,
 * 'continuous')` after each attack (14.4).
 */
import type { GameEvent, OrderError } from '#engine/contract.js';
import { unitsData } from './data/index.js';
import type { CerberusOrder, CetianStrategicOrder, HumanStrategicOrder, MajorEffortOrder } from './orders.js';
import { ruleOptions } from './options-rules.js';
import {
  applyCetianStrategic,
  applyHumanStrategic,
  defaultCetianStrategic,
  defaultHumanStrategic,
  reinforcementSegment,
  validateCetianStrategic,
  validateHumanStrategic,
  type ReinforcementHooks,
} from './reinforcements.js';
import { checkOwed, type SegmentHandlers } from './sequence.js';
import {
  deteriorationSegment,
  majorEffortResolutionSegment,
  recordMajorEffortCalls,
  skipSpacePhase,
  spaceResolutionSegment,
} from './space.js';
import { specialForcesSegment, validatePlanSpecialForces, type IntensityAt } from './special-forces.js';
import type { CerberusState, Side } from './state.js';
import { endOfGameVictory, minimumGarrisonCheck, type VictoryMap } from './victory.js';
import { weatherSegment } from './weather.js';
import { stormIntensityAt } from './zoc.js';

export interface CoreHooks extends ReinforcementHooks {
  victoryMap: VictoryMap;
  /** Storm intensity of a hex (weather module); omitted = the storms in the state (zoc.ts stormIntensityAt). */
  intensityAt?: IntensityAt;
}

function ofKind<K extends CerberusOrder['kind']>(orders: Partial<Record<Side, CerberusOrder>>, kind: K) {
  const out: Partial<Record<Side, Extract<CerberusOrder, { kind: K }>>> = {};
  for (const side of ['HUMAN', 'CETIAN'] as const) {
    const o = orders[side];
    if (o && o.kind === kind) out[side] = o as Extract<CerberusOrder, { kind: K }>;
  }
  return out;
}

export function coreHandlers(hooks: CoreHooks): SegmentHandlers {
  return {
    // 3.2 A.1, 13.3; C8: no Phase A on turn 1 (option turnOneSpacePhase).
    DETERIORATION: (state) =>
      state.turn === 1 && ruleOptions(state.options).turnOneSpacePhase === 'skip'
        ? skipSpacePhase(state)
        : deteriorationSegment(state),
    // 3.2 A.2 the sole eligible player's open announcement.
    ME_PLANNING: (state, { orders }) =>
      state.space.current?.mode === 'open'
        ? recordMajorEffortCalls(state, ofKind(orders, 'major-effort') as Partial<Record<Side, MajorEffortOrder>>)
        : [],
    // 3.2 A.3 simultaneous secret declaration, revealed here.
    ME_DECLARATION: (state, { orders }) =>
      recordMajorEffortCalls(state, ofKind(orders, 'major-effort') as Partial<Record<Side, MajorEffortOrder>>),
    ME_RESOLUTION: (state) => majorEffortResolutionSegment(state),
    SS_RESOLUTION: (state, { dice }) => spaceResolutionSegment(state, dice),
    // 15.3, 15.4, 15.91 storms move, then generate (weather option; the sequence skips it otherwise).
    WEATHER: (state, { dice }) => weatherSegment(state, dice),
    // 3.2 B.1 / 10 (10.411 lifting and SF readying happen on entering the phase, sequence.enter).
    SPECIAL_FORCES: (state, { dice }) => {
      const side = state.phasing!;
      const plan = state.plan?.order.specialForces ?? { disrupt: [], raid: [], hold: [] };
      return specialForcesSegment(state, side, plan, dice, hooks.intensityAt ?? stormIntensityAt(state)); // 15.72
    },
    // 3.2 D.1, 14.2.
    REINFORCEMENT: (state) => reinforcementSegment(state, hooks),
    // 3.2 D.2; with no order (nothing to move, or the deadline) the default cuts a turn-1 overload.
    HUMAN_STRATEGIC: (state, { orders }) =>
      applyHumanStrategic(
        state,
        (ofKind(orders, 'strategic-human').HUMAN as HumanStrategicOrder | undefined) ?? defaultHumanStrategic(state),
      ),
    // 3.2 D.3.
    CETIAN_STRATEGIC: (state, { orders }) =>
      applyCetianStrategic(
        state,
        (ofKind(orders, 'strategic-cetian').CETIAN as CetianStrategicOrder | undefined) ?? defaultCetianStrategic(),
      ),
    // 14.12 face-down set-up units turn up at the end of turn 3; 14.4 garrison at the end of each
    // turn (first enforced at the end of turn 4); 14.5 points after the last turn.
    END_OF_TURN: (state) => [
      ...revealSetupUnits(state),
      ...minimumGarrisonCheck(state, 'end-of-turn'),
      ...endOfGameVictory(state, hooks.victoryMap),
    ],
  };
}

/** 14.12 "…or at the end of turn 3, whichever comes first": every face-down unit on the map turns face up. */
export function revealSetupUnits(state: CerberusState): GameEvent[] {
  if (state.turn !== unitsData.setup.CETIAN.map.faceDownRevealedByEndOfTurn) return [];
  const events: GameEvent[] = [];
  for (const u of state.units) {
    if (u.box !== 'MAP' || !u.faceDown) continue;
    u.faceDown = false;
    events.push({
      type: 'unit.revealed',
      visibleTo: 'all',
      data: { unitId: u.id, typeId: u.typeId, hex: u.hex, reason: 'end of turn 3', rule: '14.12' },
    });
  }
  return events;
}

/**
 * The checks of this folder's rules on a parsed order: that it is what `side` owes now (3.1),
 * the SF side of a phase plan (10), and the strategic orders (3.2 D). The supply, movement,
 * combat and transportation modules add their own checks of the other plan parts.
 */
export function validateCore(
  state: CerberusState,
  side: Side,
  order: CerberusOrder,
  intensityAt?: IntensityAt,
): OrderError[] {
  const owed = checkOwed(state, side, order);
  if (owed.length) return owed;
  switch (order.kind) {
    case 'phase-plan':
      return validatePlanSpecialForces(state, side, order, intensityAt ?? stormIntensityAt(state)); // 15.72
    case 'strategic-human':
      return validateHumanStrategic(state, order);
    case 'strategic-cetian':
      return validateCetianStrategic(state, order);
    default:
      return [];
  }
}
