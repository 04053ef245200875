/**
 * Seeded bot-vs-bot games played to the end through the module's public contract, with the
 * invariants checked after every step (used by fuzz.test.ts and scripts/fuzz-cerberus.ts):
 * - the bot's orders validate, and something is owed until the game is over (3.1);
 * - every unit is in exactly one place, with a hex exactly when on the map (2.6);
 * - both sides' stacks are legal at every decision point, i.e. after every segment run (6.8),
 *   except a hex marked for relief by the end of its owner's next Movement Segment (14.22);
 * - stockpiles are within their caps (12.2), cargo within a Transport's 6 (11.32);
 * - victory points can be recomputed and match the final result (14.5);
 * - nothing a side may not see reaches it: no event it may see and no view it gets names a
 *   face-down enemy unit (14.12, §8.1);
 * - the game ends by turn 12 (14.3) within a bounded number of steps; an extended game (16, no
 *   last turn) is played to `maxTurns` (default 20, past the turn-15 changes of 16.1–16.4) or its
 *   Minimum Garrison end;
 * - the state survives the platform's JSON storage (the game goes on from the round trip).
 */
import type { Json } from '#engine/contract.js';
import { isVisibleTo } from '#engine/redact.js';
import { seededDice } from '#engine/dice.js';
import { tallyEvents } from '#engine/fuzz.js';
import { unitsData } from './data/index.js';
import cerberus from './index.js';
import { holdsSupplies, stockCap } from './logistics.js';
import { hasHex } from './map.js';
import { ruleOptions } from './options-rules.js';
import { owedAt } from './sequence.js';
import { stackingViolations } from './stacking.js';
import type { CerberusState } from './state.js';
import { cerberusVictoryMap, victoryPoints } from './victory.js';
import { view } from './view.js';

const SIDES = ['HUMAN', 'CETIAN'] as const;
const MAX_STEPS = 400;
/** Turns an extended game (16) is played to by default. */
const EXTENDED_TURNS = 20;

export interface FuzzGame {
  seed: string;
  options: Record<string, Json>;
  steps: number;
  turn: number;
  winner: string | null;
  level: string | null;
  vp: Record<string, number> | null;
  events: number;
  /** Orders the bot gave, by kind (every kind should show up across a run). */
  kinds: Record<string, number>;
  /** An extended game (16) stopped at `maxTurns` without a result. */
  unfinished?: boolean;
  /** Events per rule reference and per type (src/engine/fuzz.ts tallyEvents), for rule coverage. */
  rules: Record<string, number>;
  eventTypes: Record<string, number>;
}

export class InvariantError extends Error {
  constructor(
    readonly seed: string,
    readonly step: number,
    message: string,
  ) {
    super(`seed ${seed}, step ${step}: ${message}`);
  }
}

/** Options varied by seed, so the fuzz also covers the documented alternatives (DESIGN.md principle 5). */
export function fuzzOptions(seed: string): Record<string, Json> {
  const d = seededDice(`${seed}|options`);
  const out: Record<string, Json> = {};
  if (d.d6('loss choice') === 1) out.lossChoice = 'interactive';
  if (d.d6('fleet box') === 1) out.fleetBoxPublic = false;
  if (d.d6('turn one') === 1) out.turnOneSpacePhase = 'play';
  if (d.d6('installations') === 1) out.installationSetup = 'alone';
  if (d.d6('weather') <= 2) out.weather = true; // 15, with its season (15.9)
  if (out.weather) out.season = (['SPRING', 'SUMMER', 'FALL', 'WINTER'] as const)[d.roll(4, 'season') - 1];
  return out;
}

const COUNTERS = unitsData.counters.length;

/** The state-only invariants (no orders or events needed). */
export function checkState(s: CerberusState): string[] {
  const problems: string[] = [];
  const ids = new Set<string>();
  if (s.units.length !== COUNTERS) problems.push(`${s.units.length} units, the manifest has ${COUNTERS}`);
  for (const u of s.units) {
    if (ids.has(u.id)) problems.push(`${u.id} appears twice`);
    ids.add(u.id);
    if ((u.box === 'MAP') !== (u.hex !== null)) problems.push(`${u.id} in ${u.box} with hex ${u.hex}`);
    if (u.hex !== null && !hasHex(u.hex)) problems.push(`${u.id} on unknown hex ${u.hex}`);
    if (u.box === 'MAP' && u.cls === 'SF') problems.push(`SF ${u.id} on the map`);
    if (!Number.isInteger(u.supplies) || u.supplies < 0) problems.push(`${u.id} holds ${u.supplies} supplies`);
    if (u.box === 'MAP' && holdsSupplies(u) && u.supplies > stockCap(u))
      problems.push(`${u.id} holds ${u.supplies} > cap ${stockCap(u)}`);
    if (!holdsSupplies(u) && u.supplies !== 0) problems.push(`${u.id} (${u.cls}) holds supplies`);
    if (u.cargo && 'supplies' in u.cargo && (u.cargo.supplies < 0 || u.cargo.supplies > 6))
      problems.push(`${u.id} carries ${u.cargo.supplies}`);
    if (u.faceDown && u.side === 'HUMAN') problems.push(`Human ${u.id} face down`);
  }
  const excused = (side: string, hex: string) => (s.reliefDue ?? []).some((r) => r.side === side && r.hex === hex);
  for (const side of SIDES)
    for (const v of stackingViolations(s, side))
      if (!excused(side, v.hex)) problems.push(`${side} overstacked in ${v.hex}: ${v.message}`);
  const vp = victoryPoints(s, cerberusVictoryMap);
  for (const side of SIDES)
    if (!Number.isFinite(vp[side].total) || vp[side].total < 0) problems.push(`${side} VP ${vp[side].total}`);
  if (s.turn > (s.lastTurn ?? Infinity)) problems.push(`turn ${s.turn} after the last turn`);
  if (s.segment !== 'GAME_OVER' && owedAt(s).length === 0) problems.push(`nothing owed at ${s.segment}`);
  return problems;
}

/** Real ids of units `viewer` may not see that appear in `json`. */
function leaks(s: CerberusState, viewer: string | null, json: unknown): string[] {
  const text = JSON.stringify(json);
  return s.units
    .filter((u) => u.box === 'MAP' && u.faceDown && u.side !== viewer && text.includes(JSON.stringify(u.id)))
    .map((u) => u.id);
}

/** Plays one game; throws InvariantError at the first broken invariant. */
export function playFuzzGame(
  seed: string,
  o: { checkViews?: boolean; options?: Record<string, Json>; maxTurns?: number } = {},
): FuzzGame {
  const options = o.options ?? fuzzOptions(seed);
  let state = cerberus.setup('campaign', options, seededDice(seed, 0)) as CerberusState;
  const extended = ruleOptions(options).extended;
  const turnCap = o.maxTurns ?? (extended ? EXTENDED_TURNS : Infinity);
  const maxSteps = extended ? Math.ceil((MAX_STEPS / 12) * turnCap) : MAX_STEPS;
  let step = 0;
  let events = 0;
  const kinds: Record<string, number> = {};
  const tally = { rules: {} as Record<string, number>, eventTypes: {} as Record<string, number> };
  const fail = (msg: string): never => {
    throw new InvariantError(seed, step, msg);
  };
  while (!cerberus.outcome(state)) {
    if (state.turn > turnCap) {
      return {
        seed,
        options,
        steps: step,
        turn: state.turn,
        winner: null,
        level: null,
        vp: null,
        events,
        kinds,
        unfinished: true,
        ...tally,
      };
    }
    step++;
    if (step > maxSteps) fail(`no end after ${maxSteps} steps (turn ${state.turn}, ${state.segment})`);
    const orders: Record<string, Json> = {};
    for (const owed of owedAt(state)) {
      const order = cerberus.bot(state, owed.side, seededDice(`${seed}|bot|${owed.side}`, step));
      const errors = cerberus.validate(state, owed.side, order);
      if (errors.length) fail(`bot ${owed.side} ${owed.kind} illegal: ${JSON.stringify(errors.slice(0, 3))}`);
      orders[owed.side] = order;
      kinds[owed.kind] = (kinds[owed.kind] ?? 0) + 1;
    }
    const r = cerberus.resolve(state, orders, seededDice(seed, step));
    // The platform stores the state as JSON between steps: play on from the round trip.
    state = JSON.parse(JSON.stringify(r.state)) as CerberusState;
    events += r.events.length;
    tallyEvents(r.events, tally);
    const problems = checkState(state);
    if (problems.length) fail(problems.slice(0, 5).join('; '));
    for (const e of r.events) {
      for (const viewer of [...SIDES, null]) {
        if (!isVisibleTo(e.visibleTo, viewer, SIDES)) continue;
        const l = leaks(state, viewer, e);
        if (l.length) fail(`event ${e.type} visible to ${viewer ?? 'spectators'} names hidden ${l.join(', ')}`);
      }
    }
    if (o.checkViews !== false) {
      for (const viewer of [...SIDES, null]) {
        const l = leaks(state, viewer, view(state, viewer));
        if (l.length) fail(`view of ${viewer ?? 'spectators'} names hidden ${l.join(', ')}`);
      }
    }
  }
  const result = state.result!;
  if (result.reason === 'POINTS') {
    const vp = victoryPoints(state, cerberusVictoryMap);
    if (vp.HUMAN.total !== result.vp?.HUMAN || vp.CETIAN.total !== result.vp?.CETIAN)
      fail(`VP ${JSON.stringify(result.vp)} do not recompute`);
  }
  return {
    seed,
    options,
    steps: step,
    turn: state.turn,
    winner: result.winner,
    level: result.level,
    vp: result.vp,
    events,
    kinds,
    ...tally,
  };
}
