/**
 * The sequence of play (rule 3, digest §4) as a step machine over segments. It says which
 * segment comes next, which side(s) owe which submission at each decision point (and whether it
 * is sealed), and drives the segment handlers until the next decision point.
 *
 * Decision points:
 * - SETUP_CETIAN, SETUP_HUMAN: set-up orders (14.12 Cetian first, then 14.13 Human; H6).
 * - ME_PLANNING: the only eligible player announces openly (3.2 A.2);
 *   ME_DECLARATION: both eligible players commit in secret, revealed together (3.2 A.3, H1).
 * - Player segments: the phasing player's phase plan, asked again only for segments the stored
 *   plan does not cover (`through`); interactive pending decisions (losses) take precedence.
 * - HUMAN_STRATEGIC, CETIAN_STRATEGIC (3.2 D.2–D.3), skipped when the side has nothing to move.
 * Everything else is automatic. Handlers mutate the working copy of the state (see state.ts).
 */
import type { GameEvent, OrderError } from '#engine/contract.js';
import type { Dice } from '#engine/dice.js';
import { PLAYER_SEGMENTS, type CerberusOrder, type CerberusOrderKind, type PhasePlanOrder } from './orders.js';
import { ruleOptions } from './options-rules.js';
import { defaultCetianStrategic, defaultHumanStrategic } from './reinforcements.js';
import { startSpecialForcesSegment } from './special-forces.js';
import {
  SIDES,
  newPhaseScratch,
  type CerberusState,
  type Phase,
  type PlayerSegment,
  type Segment,
  type PendingDecision,
  type Side,
} from './state.js';

/** What one side owes at the current decision point. `kind` is the order kind expected. */
export interface Owed {
  side: Side;
  kind: CerberusOrderKind;
  /** Sealed until every owed submission is in (only the simultaneous Major Effort declaration). */
  secret: boolean;
  segment: Segment;
  /** phase-plan: the first segment the plan must cover. */
  from?: PlayerSegment;
  /** losses: the pending decision answered. */
  decisionId?: string;
}

export interface SegmentContext {
  dice: Dice;
  /** Orders of the sides owed at this point (empty at automatic segments). */
  orders: Partial<Record<Side, CerberusOrder>>;
  /** Interactive decisions these orders answer (removed from state.pending before the handler runs). */
  answered?: PendingDecision[];
}
export type SegmentHandler = (state: CerberusState, ctx: SegmentContext) => GameEvent[];
/** Missing handlers are no-ops (segments owned by modules not wired in yet). */
export type SegmentHandlers = Partial<Record<Segment, SegmentHandler>>;

export function isPlayerSegment(segment: Segment): segment is PlayerSegment {
  return (PLAYER_SEGMENTS as readonly string[]).includes(segment);
}

export function playerSegmentIndex(segment: PlayerSegment): number {
  return PLAYER_SEGMENTS.indexOf(segment);
}

/** 3.1 the phase a segment belongs to; player segments belong to the phasing side. */
export function phaseOf(segment: Segment, phasing: Side | null): Phase {
  switch (segment) {
    case 'SETUP_CETIAN':
    case 'SETUP_HUMAN':
      return 'SETUP';
    case 'DETERIORATION':
    case 'ME_PLANNING':
    case 'ME_DECLARATION':
    case 'ME_RESOLUTION':
    case 'SS_RESOLUTION':
    case 'WEATHER':
      return 'SPACE';
    case 'REINFORCEMENT':
    case 'HUMAN_STRATEGIC':
    case 'CETIAN_STRATEGIC':
    case 'END_OF_TURN':
      return 'STRATEGIC';
    case 'GAME_OVER':
      return 'OVER';
    default:
      if (!phasing) throw new Error(`player segment ${segment} without a phasing side`);
      return phasing;
  }
}

/** Does the stored plan of the phasing player cover `segment`? */
export function planCovers(state: CerberusState, segment: PlayerSegment): boolean {
  const p = state.plan;
  return !!p && p.side === state.phasing && playerSegmentIndex(segment) <= playerSegmentIndex(p.through);
}

function hasStrategicChoice(state: CerberusState, side: Side): boolean {
  const boxes = side === 'HUMAN' ? ['EARTH', 'FLEET'] : ['FLEET', 'SYSTEM', 'TAU_CETI'];
  const movable = state.units.some((u) => u.side === side && u.cls !== 'SF' && boxes.includes(u.box));
  const rebuild =
    ruleOptions(state.options).extended && state.units.some((u) => u.side === side && u.box === 'DESTROYED');
  return movable || rebuild;
}

/** 3.2 who owes what now. Empty: the current segment is automatic (or the game is over). */
export function owedAt(state: CerberusState): Owed[] {
  const seg = state.segment;
  if (state.pending.length) {
    return state.pending.map((p) => ({ side: p.side, kind: p.kind, secret: false, segment: seg, decisionId: p.id }));
  }
  switch (seg) {
    case 'SETUP_CETIAN':
      return [{ side: 'CETIAN', kind: 'setup-cetian', secret: false, segment: seg }];
    case 'SETUP_HUMAN':
      return [{ side: 'HUMAN', kind: 'setup-human', secret: false, segment: seg }];
    case 'ME_PLANNING': {
      const rec = state.space.current;
      if (!rec || rec.turn !== state.turn || rec.mode !== 'open') return [];
      const side = SIDES.find((s) => rec.eligible[s])!;
      return [{ side, kind: 'major-effort', secret: false, segment: seg }];
    }
    case 'ME_DECLARATION':
      return SIDES.map((side) => ({ side, kind: 'major-effort' as const, secret: true, segment: seg }));
    case 'HUMAN_STRATEGIC':
      return hasStrategicChoice(state, 'HUMAN')
        ? [{ side: 'HUMAN', kind: 'strategic-human', secret: false, segment: seg }]
        : [];
    case 'CETIAN_STRATEGIC':
      return hasStrategicChoice(state, 'CETIAN')
        ? [{ side: 'CETIAN', kind: 'strategic-cetian', secret: false, segment: seg }]
        : [];
    default:
      if (isPlayerSegment(seg) && !planCovers(state, seg)) {
        return [{ side: state.phasing!, kind: 'phase-plan', secret: false, segment: seg, from: seg }];
      }
      return [];
  }
}

/** The segment after the current one (3.1), with the skips of 3.2 A.2–A.3, C8 and the weather option. */
export function nextPosition(state: CerberusState): { turn: number; segment: Segment; phasing: Side | null } {
  const opts = ruleOptions(state.options);
  const t = state.turn;
  const rec = state.space.current && state.space.current.turn === t ? state.space.current : null;
  const at = (segment: Segment, phasing: Side | null = null, turn = t) => ({ turn, segment, phasing });
  const afterSpace = () => {
    const skipWeather = !opts.weather || (rec?.mode === 'skipped' && !opts.weatherOnTurnOne);
    return skipWeather ? at('SPECIAL_FORCES', 'HUMAN') : at('WEATHER');
  };
  switch (state.segment) {
    case 'SETUP_CETIAN':
      return at('SETUP_HUMAN');
    case 'SETUP_HUMAN':
      return at('DETERIORATION');
    case 'DETERIORATION':
      return rec?.mode === 'skipped' ? afterSpace() : at('ME_PLANNING');
    case 'ME_PLANNING':
      if (rec?.mode === 'sealed') return at('ME_DECLARATION');
      return rec?.caller ? at('ME_RESOLUTION') : at('SS_RESOLUTION');
    case 'ME_DECLARATION':
      return rec?.caller ? at('ME_RESOLUTION') : at('SS_RESOLUTION');
    case 'ME_RESOLUTION':
      return at('SS_RESOLUTION');
    case 'SS_RESOLUTION':
      return afterSpace();
    case 'WEATHER':
      return at('SPECIAL_FORCES', 'HUMAN');
    case 'TRANSPORTATION':
      return state.phasing === 'HUMAN' ? at('SPECIAL_FORCES', 'CETIAN') : at('REINFORCEMENT');
    case 'REINFORCEMENT':
      return at('HUMAN_STRATEGIC');
    case 'HUMAN_STRATEGIC':
      return at('CETIAN_STRATEGIC');
    case 'CETIAN_STRATEGIC':
      return at('END_OF_TURN');
    case 'END_OF_TURN':
      return state.result || (state.lastTurn !== null && t >= state.lastTurn)
        ? at('GAME_OVER')
        : at('DETERIORATION', null, t + 1);
    case 'GAME_OVER':
      return at('GAME_OVER');
    default: {
      const i = playerSegmentIndex(state.segment as PlayerSegment);
      return at(PLAYER_SEGMENTS[i + 1], state.phasing);
    }
  }
}

/**
 * Moves to a position, doing the bookkeeping of a new turn (counters) and of a new Player Phase
 * (scratch, plan, and 10.411 lifting the phasing player's disruptions and readying his SF).
 */
export function enter(
  state: CerberusState,
  pos: { turn: number; segment: Segment; phasing: Side | null },
): GameEvent[] {
  if (pos.turn !== state.turn) {
    state.turn = pos.turn;
    state.turnScratch = { disruptionTargets: [] };
    for (const s of SIDES) state.players[s].sfUsedThisTurn = 0;
  }
  const newPhase = pos.segment === 'SPECIAL_FORCES';
  if (newPhase || !isPlayerSegment(pos.segment)) state.plan = null;
  if (newPhase) state.phaseScratch = newPhaseScratch(pos.phasing!);
  if (pos.segment === 'REINFORCEMENT') state.phaseScratch = null;
  state.segment = pos.segment;
  state.phasing = pos.phasing;
  state.phase = phaseOf(pos.segment, pos.phasing);
  return newPhase ? startSpecialForcesSegment(state, pos.phasing!) : [];
}

/** Checks that `order` is what `side` owes now (kind, decision, and a phase plan's segment range). */
export function checkOwed(state: CerberusState, side: Side, order: CerberusOrder): OrderError[] {
  const owed = owedAt(state).find((o) => o.side === side);
  if (!owed)
    return [{ code: 'not-owed', path: [], message: 'Nothing is owed by you at this point of the turn.', rule: '3.1' }];
  if (owed.kind !== order.kind) {
    return [
      { code: 'wrong-kind', path: ['kind'], message: `A '${owed.kind}' submission is expected now.`, rule: '3.1' },
    ];
  }
  if (order.kind === 'losses' && order.decisionId !== owed.decisionId) {
    return [
      { code: 'wrong-decision', path: ['decisionId'], message: 'These losses answer another decision.', rule: '7.7' },
    ];
  }
  if (order.kind === 'phase-plan' && owed.from) return checkPlanRange(order, owed.from);
  return [];
}

const PART_OF: Record<PlayerSegment, keyof PhasePlanOrder> = {
  SPECIAL_FORCES: 'specialForces',
  SUPPLY: 'supply',
  MOVEMENT: 'movement',
  COMBAT: 'combat',
  TRANSPORTATION: 'transportation',
};

/** A phase plan covers `from`..`through`: no part for a segment already played or beyond `through`. */
export function checkPlanRange(order: PhasePlanOrder, from: PlayerSegment): OrderError[] {
  const errors: OrderError[] = [];
  const lo = playerSegmentIndex(from);
  const hi = playerSegmentIndex(order.through);
  if (hi < lo)
    errors.push({
      code: 'plan.through',
      path: ['through'],
      message: `The plan must cover at least the ${from} segment.`,
      rule: '3.2',
    });
  PLAYER_SEGMENTS.forEach((seg, i) => {
    const part = PART_OF[seg];
    if (order[part] !== undefined && (i < lo || i > hi)) {
      errors.push({
        code: 'plan.segment-out-of-range',
        path: [part],
        message: `The ${seg} segment is not part of this plan (${from}..${order.through}).`,
        rule: '3.2',
      });
    }
  });
  return errors;
}

/** Stores what the orders carry beyond their segment: standing orders, and the phase plan. */
export function acceptOrders(state: CerberusState, orders: Partial<Record<Side, CerberusOrder>>): void {
  for (const side of SIDES) {
    const o = orders[side];
    if (!o) continue;
    if (o.standing) state.players[side].standing = { ...state.players[side].standing, ...o.standing };
    if (o.kind === 'phase-plan') state.plan = { side, through: o.through, order: o };
  }
}

/** The order used for `owed` when nothing arrives by the deadline (null: the module's bot must supply it). */
export function defaultOrder(state: CerberusState, owed: Owed): CerberusOrder | null {
  switch (owed.kind) {
    case 'major-effort':
      return { kind: 'major-effort', call: false, cancelRollIfSoleCaller: false };
    case 'phase-plan':
      return { kind: 'phase-plan', through: 'TRANSPORTATION' };
    case 'strategic-human':
      return defaultHumanStrategic(state);
    case 'strategic-cetian':
      return defaultCetianStrategic();
    default:
      return null;
  }
}

const MAX_STEPS = 500;

function run(state: CerberusState, handlers: SegmentHandlers, ctx: SegmentContext): GameEvent[] {
  const h = handlers[state.segment];
  return h ? h(state, ctx) : [];
}

/** Once the current segment has run: moves on through automatic segments to the next decision point or the end. */
export function runAutomatic(state: CerberusState, dice: Dice, handlers: SegmentHandlers): GameEvent[] {
  const events: GameEvent[] = [];
  for (let i = 0; i < MAX_STEPS; i++) {
    if (state.pending.length) return events;
    if (state.result && state.segment !== 'GAME_OVER') {
      events.push(...enter(state, { turn: state.turn, segment: 'GAME_OVER', phasing: null }));
      events.push({ type: 'game.over', visibleTo: 'all', data: { ...state.result, vp: state.result.vp } });
      return events;
    }
    if (state.segment === 'GAME_OVER') return events;
    events.push(...enter(state, nextPosition(state)));
    if ((state.segment as Segment) === 'GAME_OVER') continue;
    if (owedAt(state).length) return events;
    events.push(...run(state, handlers, { dice, orders: {} }));
  }
  throw new Error('sequence of play did not reach a decision point');
}

/** If the current segment is automatic, runs it and moves on to the next decision point; at a decision point, does nothing. */
export function start(state: CerberusState, dice: Dice, handlers: SegmentHandlers): GameEvent[] {
  if (owedAt(state).length || state.segment === 'GAME_OVER') return [];
  const events = run(state, handlers, { dice, orders: {} });
  return [...events, ...runAutomatic(state, dice, handlers)];
}

/**
 * Applies the (validated) orders of every side owed now, runs the current segment, then the
 * automatic segments after it, and stops at the next decision point.
 */
export function advance(
  state: CerberusState,
  orders: Partial<Record<Side, CerberusOrder>>,
  dice: Dice,
  handlers: SegmentHandlers,
): GameEvent[] {
  const owed = owedAt(state);
  for (const o of owed) if (!orders[o.side]) throw new Error(`orders of ${o.side} are owed at ${state.segment}`);
  const given: Partial<Record<Side, CerberusOrder>> = {};
  for (const o of owed) given[o.side] = orders[o.side];
  acceptOrders(state, given);
  const answered = state.pending;
  state.pending = [];
  const events = run(state, handlers, { dice, orders: given, answered });
  return [...events, ...runAutomatic(state, dice, handlers)];
}
