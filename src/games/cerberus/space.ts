/**
 * Space superiority (rule 13, digest §5.1): the Space State marker, its deterioration (13.3),
 * Major Efforts (13.4–13.43, 16.1), the resolution roll (13.5–13.6) and the Space Superiority
 * Effects Chart (13.7) that other rules read: STP (11.11), SF cap, space supply (3.2 B.2b) and
 * Fleet Fire Support (8.6).
 */
import type { Dice } from '#engine/dice.js';
import type { GameEvent } from '#engine/contract.js';
import type { MajorEffortOrder } from './orders.js';
import { ruleOptions } from './options-rules.js';
import { SPACE_DATA, type EffectsRow } from './space-data.js';
import { SIDES, type CerberusState, type MajorEffortRecord, type Side, type SpaceTurnRecord } from './state.js';

const D = SPACE_DATA;

// ---------------------------------------------------------------- the marker

/** 13.1 a player's own Space State: the Human's is s, the Cetian's is −s. */
export function ownState(spaceState: number, side: Side): number {
  return side === 'HUMAN' ? spaceState : -spaceState;
}

/** Signed direction of a side on the track (+1 Human, −1 Cetian). */
export function towards(side: Side): 1 | -1 {
  return side === 'HUMAN' ? 1 : -1;
}

/** 13.1, 16.2 the largest magnitude the marker may reach on `turn`. */
export function maxMagnitude(turn: number, extended: boolean): number {
  const m = D.extended.maxState;
  return extended && turn > m.afterTurn ? m.max : 6;
}

/** Clamps a Space State to the track (G30). */
export function clampState(s: number, turn: number, extended: boolean): number {
  const max = maxMagnitude(turn, extended);
  return Math.max(-max, Math.min(max, s));
}

/** 13.3 deterioration toward parity: magnitude 6/5 → 3, 4 → 2, 3/2 → 1, 1/0 → 0; the sign is kept. */
export function deteriorate(s: number): number {
  const mag = D.deterioration.byMagnitude[Math.min(6, Math.abs(s))];
  return s < 0 ? -mag : mag;
}

/** 13.6 shift for a 2d6 total (+ toward the Human, − toward the Cetian). */
export function resolutionShift(total: number): number {
  const row = D.resolutionChart.rows.find((r) => total >= r.min && total <= r.max);
  if (!row) throw new RangeError(`2d6 total ${total} is off the Space Superiority Resolution Chart`);
  return row.shift;
}

// ---------------------------------------------------------------- Major Efforts

/** 16.1 efforts earned in the extended game by `turn` (turn 15 and every 5th turn after). */
export function earnedMajorEfforts(turn: number, extended: boolean): number {
  const e = D.extended.majorEffort;
  if (!extended || turn < e.earnFromTurn) return 0;
  return Math.floor((turn - e.earnFromTurn) / e.earnEvery) + 1;
}

/** 13.41, 16.1 efforts still available to a player on `turn`. */
export function majorEffortsAvailable(rec: MajorEffortRecord, turn: number, extended: boolean): number {
  return Math.max(0, D.majorEffort.total + earnedMajorEfforts(turn, extended) - rec.used);
}

/** 13.41, 16.1 turns that must pass after an effort: the third following turn (fourth once three are used, extended game). */
export function majorEffortSpacing(rec: MajorEffortRecord, extended: boolean): number {
  return extended && rec.used >= D.majorEffort.total ? D.extended.majorEffort.spacingAfterThird : D.majorEffort.spacing;
}

/** 13.42, 16.1 boxes the next effort moves the marker: 3, or 2 for efforts after the first three. */
export function majorEffortShift(rec: MajorEffortRecord): number {
  return rec.used < D.majorEffort.total ? D.majorEffort.shift : D.extended.majorEffort.shiftAfterThird;
}

/** 13.41, 16.1 may `side` call a Major Effort on `turn`? */
export function canCallMajorEffort(rec: MajorEffortRecord, side: Side, turn: number, extended: boolean): boolean {
  if (turn < D.majorEffort.firstTurn[side]) return false;
  if (majorEffortsAvailable(rec, turn, extended) <= 0) return false;
  return rec.lastTurn === null || turn >= rec.lastTurn + majorEffortSpacing(rec, extended);
}

/** 3.2 A.2 eligibility of both players this turn (public information). */
export function majorEffortEligibility(state: CerberusState): Record<Side, boolean> {
  const extended = ruleOptions(state.options).extended;
  return {
    HUMAN: canCallMajorEffort(state.players.HUMAN.majorEfforts, 'HUMAN', state.turn, extended),
    CETIAN: canCallMajorEffort(state.players.CETIAN.majorEfforts, 'CETIAN', state.turn, extended),
  };
}

/**
 * 3.2 A.2 Major Effort Planning: nobody eligible → no decision; exactly one → he announces
 * openly; both → simultaneous secret declaration (3.2 A.3).
 */
export type MajorEffortMode = { mode: 'none' } | { mode: 'open'; side: Side } | { mode: 'sealed' };
export function majorEffortMode(state: CerberusState): MajorEffortMode {
  const e = majorEffortEligibility(state);
  if (e.HUMAN && e.CETIAN) return { mode: 'sealed' };
  if (e.HUMAN) return { mode: 'open', side: 'HUMAN' };
  if (e.CETIAN) return { mode: 'open', side: 'CETIAN' };
  return { mode: 'none' };
}

function spend(rec: MajorEffortRecord, turn: number): void {
  rec.used += 1;
  rec.lastTurn = turn;
}

// ---------------------------------------------------------------- the phase, segment by segment

function event(type: string, data: GameEvent['data'], rolls?: GameEvent['rolls']): GameEvent {
  return rolls ? { type, visibleTo: 'all', data, rolls } : { type, visibleTo: 'all', data };
}

function current(state: CerberusState): SpaceTurnRecord {
  const rec = state.space.current;
  if (!rec || rec.turn !== state.turn) throw new Error('no Space Superiority record for this turn');
  return rec;
}

/** Opens this turn's record (archiving the previous one). `skipped`: turn 1 without Phase A (C8). */
export function beginSpacePhase(state: CerberusState, skipped = false): SpaceTurnRecord {
  if (state.space.current) state.space.history.push(state.space.current);
  const rec: SpaceTurnRecord = {
    turn: state.turn,
    mode: skipped ? 'skipped' : 'none',
    before: state.space.state,
    afterDeterioration: null,
    eligible: skipped ? { HUMAN: false, CETIAN: false } : majorEffortEligibility(state),
    calls: { HUMAN: null, CETIAN: null },
    cancelIfSole: { HUMAN: false, CETIAN: false },
    caller: null,
    mutualCancel: false,
    rollCancelled: false,
    roll: null,
    shift: null,
    after: skipped ? state.space.state : null,
  };
  const m = majorEffortMode(state);
  if (!skipped) rec.mode = m.mode;
  state.space.current = rec;
  return rec;
}

/** C8 turn 1: no Space Superiority Phase; the marker stays where set-up put it (Human +6, 14.11). */
export function skipSpacePhase(state: CerberusState): GameEvent[] {
  beginSpacePhase(state, true);
  return [event('space.phase-skipped', { turn: state.turn, state: state.space.state, rule: '13.41' })];
}

/** 3.2 A.1, 13.3 Space Superiority Deterioration Segment. */
export function deteriorationSegment(state: CerberusState): GameEvent[] {
  const rec = beginSpacePhase(state);
  const extended = ruleOptions(state.options).extended;
  const from = state.space.state;
  state.space.state = clampState(deteriorate(from), state.turn, extended);
  rec.afterDeterioration = state.space.state;
  return [
    event('space.deterioration', { from, to: state.space.state, rule: '13.3' }),
    event('space.major-effort.eligibility', { eligible: rec.eligible, mode: rec.mode, rule: '3.2 A.2' }),
  ];
}

/**
 * 3.2 A.2 (open) / A.3 (sealed) records the Major Effort calls. Orders from ineligible sides are
 * ignored. Both calling → they cancel (3.2 A.3); option majorEffortBothCall says whether both are spent.
 */
export function recordMajorEffortCalls(
  state: CerberusState,
  orders: Partial<Record<Side, MajorEffortOrder>>,
): GameEvent[] {
  const rec = current(state);
  for (const side of SIDES) {
    const o = orders[side];
    if (!rec.eligible[side]) continue;
    rec.calls[side] = o ? o.call : false;
    rec.cancelIfSole[side] = o ? o.call && o.cancelRollIfSoleCaller : false;
  }
  const callers = SIDES.filter((s) => rec.calls[s] === true);
  const events: GameEvent[] = [
    event(rec.mode === 'sealed' ? 'space.major-effort.revealed' : 'space.major-effort.announced', {
      calls: rec.calls,
      rule: rec.mode === 'sealed' ? '3.2 A.3' : '3.2 A.2',
    }),
  ];
  if (callers.length === 2) {
    rec.mutualCancel = true;
    if (ruleOptions(state.options).majorEffortBothCall === 'both-spent') {
      for (const s of SIDES) spend(state.players[s].majorEfforts, state.turn);
    }
    events.push(event('space.major-effort.cancelled', { rule: '3.2 A.3' }));
  } else if (callers.length === 1) {
    rec.caller = callers[0];
    rec.rollCancelled = rec.cancelIfSole[callers[0]];
  }
  return events;
}

/** 3.2 A.4, 13.42 Major Effort Resolution: the sole caller moves the marker 3 boxes (2 after his third, 16.1). */
export function majorEffortResolutionSegment(state: CerberusState): GameEvent[] {
  const rec = current(state);
  if (!rec.caller) return [];
  const side = rec.caller;
  const mer = state.players[side].majorEfforts;
  const shift = majorEffortShift(mer);
  spend(mer, state.turn);
  const from = state.space.state;
  state.space.state = clampState(from + towards(side) * shift, state.turn, ruleOptions(state.options).extended);
  return [event('space.major-effort.resolved', { side, shift, from, to: state.space.state, rule: '13.42' })];
}

/** 3.2 A.5, 13.5–13.6 the Human rolls 2d6 unless the sole Major Effort caller cancelled the roll (13.43). */
export function spaceResolutionSegment(state: CerberusState, dice: Dice): GameEvent[] {
  const rec = current(state);
  if (rec.rollCancelled) {
    rec.after = state.space.state;
    return [event('space.resolution.cancelled', { by: rec.caller, state: state.space.state, rule: '13.43' })];
  }
  const a = dice.d6('space superiority');
  const b = dice.d6('space superiority');
  const shift = resolutionShift(a + b);
  const from = state.space.state;
  state.space.state = clampState(from + shift, state.turn, ruleOptions(state.options).extended);
  rec.roll = a + b;
  rec.shift = shift;
  rec.after = state.space.state;
  return [event('space.resolution', { roll: a + b, shift, from, to: state.space.state, rule: '13.6' }, dice.drain())];
}

// ---------------------------------------------------------------- the Effects Chart (13.7)

export interface SideEffects {
  /** Space Transport Points per Transportation Segment (11.11). */
  stp: number;
  /** Most SF that may be used this turn (13.71). */
  sf: number;
  /** Supply factors delivered per Supply Segment (3.2 B.2b). */
  supply: number;
  /** Fleet Fire Support points per Ground Combat Segment (8.6). */
  fleetFire: number;
}

/** 13.7, 13.71 the chart row for a Space State (keyed by the signed state, + = Human). */
export function effectsRow(spaceState: number): EffectsRow {
  const row = D.effectsChart.rows.find((r) => r.state === spaceState);
  if (!row) throw new RangeError(`Space State ${spaceState} is off the Effects Chart`);
  return row;
}

/** 13.71 the values for one side (the printed chart gives a Human/Cetian pair per state). */
export function effects(spaceState: number, side: Side): SideEffects {
  const v = effectsRow(spaceState)[side];
  return { stp: v.stp, sf: v.sf, supply: v.supply, fleetFire: v.fleetFire };
}

/** 11.11 Space Transport Points of `side` at the current Space State. */
export function transportPoints(state: CerberusState, side: Side): number {
  return effects(state.space.state, side).stp;
}

/** 3.2 B.2b supply factors the Fleet delivers to `side` this Supply Segment. */
export function spaceSupply(state: CerberusState, side: Side): number {
  return effects(state.space.state, side).supply;
}

/** 8.6 Fleet Fire Support points of `side` this Ground Combat Segment. */
export function fleetFireSupport(state: CerberusState, side: Side): number {
  return effects(state.space.state, side).fleetFire;
}

/** 13.71 'SF UNITS' and 16.4: the most SF `side` may use this game turn. */
export function sfCap(state: CerberusState, side: Side): number {
  let cap = effects(state.space.state, side).sf;
  if (ruleOptions(state.options).extended) {
    for (const step of D.extended.sfCap) if (state.turn > step.afterTurn) cap = Math.min(cap, step.cap);
  }
  return cap;
}

/** 12.8 supplies may be landed directly on units only at parity or better. */
export function canLandSuppliesOnUnits(state: CerberusState, side: Side): boolean {
  return ownState(state.space.state, side) >= 0;
}

/** 11.144, 11.145, 11.15 own state −4..−6: no Para/Transport/E-Field landings; one free evacuation. */
export function isLowSpaceState(state: CerberusState, side: Side): boolean {
  return ownState(state.space.state, side) <= -4;
}
