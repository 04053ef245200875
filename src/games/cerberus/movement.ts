/**
 * Ground Unit Movement Segment (rule 4, digest §5.2) for a whole plan: validation of a
 * submitted MovementPlan, its resolution, the legal-move lists for views, and the segment
 * handler. One unit's rules, check and execution are in movement-unit.ts.
 *
 * Orders are applied in plan order, each unit once and on its own (4.2, 6.5), each against the
 * positions of that moment (5.3 is dynamic). Stacking is checked only at the end of the segment
 * (6.8): units may pass through, and briefly share, overstacked hexes.
 *
 * - Validation simulates the plan on a copy with what the mover can see (a face-down enemy unit
 *   counts as exerting a ZOC, zoc.ts) and with supply status only once it is settled (a plan sent
 *   before its Supply Segment is not refused for units that may yet be supplied). Each error has
 *   a stable code, the path of the offending order in the submission (['movement', 'moves', i,
 *   'path', k]) and the rule.
 * - Resolution uses the true state, which is never stricter than what validation assumed, so a
 *   plan that validates applies as written. An order that has become illegal since (a unit lost
 *   or unsupplied, a hex emptied) follows the plan's `ifBlocked`: 'truncate' moves the unit along
 *   the longest legal beginning of its path, 'skip' leaves it. If the moves made would leave a
 *   hex overstacked, the last move ending there is dropped and the plan replayed (6.8).
 * - Events: movements and reveals are public; which orders were cut short or dropped is told
 *   to the mover only (the plan is his secret), and supplies moved in or out of a face-down
 *   installation stay private (14.12).
 */
import type { GameEvent, OrderError } from '#engine/contract.js';
import type { Dice } from '#engine/dice.js';
import { cheapestPaths } from '#engine/hexgrid.js';
import { mapFor } from './map.js';
import {
  cannotMove,
  checkMove,
  execute,
  makeSim,
  moveRules,
  type Check,
  type Exec,
  type MoveContext,
  type Sim,
} from './movement-unit.js';
import type { MoveOrder, MovementPlan } from './orders.js';
import type { SegmentHandler } from './sequence.js';
import { canAddToStack, isStackingLegal, stackAt, stackingViolations } from './stacking.js';
import type { IntensityAt } from './zoc.js';
import {
  destroyUnit,
  newPhaseScratch,
  unitById,
  type CerberusState,
  type HexId,
  type Side,
  type Unit,
} from './state.js';

export type { MoveContext };

export interface ValidateMovementOptions extends MoveContext {
  /** Where the movement plan sits in the submission (default ['movement'], its place in a phase plan). */
  at?: (string | number)[];
  /** Transports the same phase plan inverts to ferry supplies (12.4, supply part): they may not move. */
  ferry?: readonly string[];
}

type Policy = 'validate' | MovementPlan['ifBlocked'];

interface Run {
  events: GameEvent[];
  executed: Exec[];
  errors: { moveIndex: number; error: OrderError }[];
}

/** `m` with its path cut to `len` hexes; a load or unload beyond the cut is left out. */
function cut(m: MoveOrder, len: number): MoveOrder {
  const out: MoveOrder = { ...m, path: m.path.slice(0, len) };
  if (m.load && m.load.atStep > len) {
    delete out.load;
    delete out.unloadAtStep;
    delete out.unloadSuppliesInto;
  } else if ((m.unloadAtStep ?? m.path.length) > len) {
    delete out.unloadAtStep;
    delete out.unloadSuppliesInto;
  }
  return out;
}

function runPlan(sim: Sim, moves: readonly MoveOrder[], policy: Policy, dropped: ReadonlySet<number>): Run {
  const run: Run = { events: [], executed: [], errors: [] };
  const notice = (type: string, i: number, m: MoveOrder, data: Record<string, GameEvent['data']>): void => {
    run.events.push({ type, visibleTo: [sim.side], data: { moveIndex: i, unitId: m.unitId, ...data } });
  };
  moves.forEach((m, i) => {
    if (dropped.has(i)) {
      notice('move.dropped', i, m, {
        rule: '6.8',
        message: 'Not made: it would have left a hex overstacked at the end of the Movement Segment.',
      });
      return;
    }
    let c: Check = checkMove(sim, m, i);
    if (!c.ok && policy === 'validate') {
      run.errors.push({ moveIndex: i, error: c.error });
      return;
    }
    if (!c.ok) {
      const why = { code: c.error.code, rule: c.error.rule ?? null, message: c.error.message };
      if (policy === 'truncate' && !c.fatal) {
        for (let len = m.path.length - 1; len >= 1 && !c.ok; len--) c = checkMove(sim, cut(m, len), i);
      }
      if (!c.ok) {
        notice('move.skipped', i, m, why);
        return;
      }
      notice('move.truncated', i, m, { ...why, path: c.exec.hexes.slice(1) });
    }
    execute(sim, c.exec, run.events);
    run.executed.push(c.exec);
  });
  return run;
}

const movedUnits = (x: Exec): Unit[] => (x.passenger ? [x.unit, x.passenger] : [x.unit]);

/** The last move that put a unit in `hex` (it is blamed for overstacking there, 6.8). */
function lastInto(run: Run, hex: HexId): Exec | undefined {
  return [...run.executed].reverse().find((x) => movedUnits(x).some((u) => u.hex === hex));
}

function ensureScratch(state: CerberusState, side: Side): void {
  if (!state.phaseScratch || state.phaseScratch.side !== side) state.phaseScratch = newPhaseScratch(side);
}

/**
 * 4, 5, 6.8, 9, 11.3 checks `side`'s movement plan against the current state: every illegal
 * order is reported (with the order skipped, the rest checked as if it were not there), then
 * every hex the plan would leave overstacked.
 */
export function validateMovementPlan(
  state: CerberusState,
  side: Side,
  plan: MovementPlan,
  opts: ValidateMovementOptions = {},
): OrderError[] {
  const at = opts.at ?? ['movement'];
  if (state.phasing !== null && state.phasing !== side) {
    return [
      {
        code: 'move.not-phasing',
        path: at,
        rule: '4.0',
        message: 'Only the units of the phasing player may be moved.',
      },
    ];
  }
  const work = structuredClone(state);
  ensureScratch(work, side);
  const supplyPending = state.phasing === side && (state.segment === 'SPECIAL_FORCES' || state.segment === 'SUPPLY');
  const run = runPlan(makeSim(work, side, opts, side, !supplyPending), plan.moves, 'validate', new Set());
  const errors: OrderError[] = run.errors.map(({ moveIndex, error }) => ({
    ...error,
    path: [...at, 'moves', moveIndex, ...error.path],
  }));
  for (const v of stackingViolations(work, side)) {
    const x = lastInto(run, v.hex);
    if (!x) continue; // not of this plan's making
    const tail =
      x.unit.hex === v.hex
        ? ['path', x.hexes.length - 2]
        : [plan.moves[x.moveIndex].unloadAtStep === undefined ? 'load' : 'unloadAtStep'];
    errors.push({
      code: v.code,
      path: [...at, 'moves', x.moveIndex, ...tail],
      rule: `6.8, ${v.rule}`,
      message: `At the end of the Movement Segment your units in ${v.hex} would break the stacking limits: ${v.message}`,
    });
  }
  return errors;
}

/**
 * 4, 5, 6.8, 9, 11.3 resolves `side`'s movement plan on the working state (mutated, like the
 * other segment functions) and returns the events. No dice are rolled in movement.
 */
export function applyMovementPlan(
  state: CerberusState,
  side: Side,
  plan: MovementPlan,
  _dice?: Dice,
  ctx: MoveContext = {},
): GameEvent[] {
  ensureScratch(state, side);
  const dropped = new Set<number>();
  for (;;) {
    const work = structuredClone(state);
    const run = runPlan(makeSim(work, side, ctx, undefined, true), plan.moves, plan.ifBlocked, dropped);
    const over = new Set(stackingViolations(work, side).map((v) => v.hex));
    const culprit = [...over]
      .map((h) => lastInto(run, h))
      .filter((x): x is Exec => !!x)
      .sort((a, b) => b.moveIndex - a.moveIndex)[0];
    if (!culprit) {
      state.units.splice(0, state.units.length, ...work.units);
      state.phaseScratch = work.phaseScratch;
      return run.events;
    }
    dropped.add(culprit.moveIndex); // 6.8; terminates: each round drops one more move
  }
}

export interface Reachable {
  hex: HexId;
  /** MP spent on the cheapest path. */
  cost: number;
  /** The hexes entered, start excluded: ready to submit as MoveOrder.path. */
  path: HexId[];
}

/**
 * 4, 5, 9 where this unit may end a move now (its start hex excluded), by the cheapest path,
 * as its owner sees the map (face-down enemy units count as exerting a ZOC). Stacking is not
 * considered: it depends on the other moves of the plan (6.8). Empty if it may not move.
 */
export function reachableHexes(state: CerberusState, unitId: string, ctx: MoveContext = {}): Reachable[] {
  const u = unitById(state, unitId);
  if (!u || u.box !== 'MAP' || u.hex === null) return [];
  const sim = makeSim(state, u.side, ctx, u.side, true);
  if (cannotMove(sim, u, unitId)) return [];
  const reach = cheapestPaths(mapFor(state.options), u.hex, moveRules(sim, u, new Set([u.id])));
  const out: Reachable[] = [];
  for (const e of reach.reached.values()) {
    if (e.hex !== u.hex && e.mayEnd) out.push({ hex: e.hex, cost: e.cost, path: reach.pathTo(e.hex)!.slice(1) });
  }
  return out;
}

/** The legal destinations of every unit of `side` that may move now (views, bots). */
export function movementChoices(state: CerberusState, side: Side, ctx: MoveContext = {}): Record<string, Reachable[]> {
  const out: Record<string, Reachable[]> = {};
  for (const u of state.units) {
    if (u.side !== side || u.box !== 'MAP') continue;
    const r = reachableHexes(state, u.id, ctx);
    if (r.length) out[u.id] = r;
  }
  return out;
}

/**
 * 6.8 the end of `side`'s Movement Segment: a hex still overstacked that its plan did not make
 * so (the 14.22 Provisional arriving in a full Spaceport hex) is relieved now. The weakest unit
 * there that may still move goes to the nearest hex it may legally end in; if none can, it is
 * eliminated (the limits must hold at the end of the segment, and the rules give no other way).
 * Clears the side's `reliefDue` marks.
 */
export function relieveOverstack(state: CerberusState, side: Side, ctx: MoveContext = {}): GameEvent[] {
  const events: GameEvent[] = [];
  for (let guard = 0; guard < 20; guard++) {
    const v = stackingViolations(state, side)[0];
    if (!v) break;
    const here = stackAt(state, side, v.hex);
    const fixes = (u: Unit) => (isStackingLegal(here.filter((x) => x.id !== u.id)) ? 0 : 1);
    const movers = here
      .filter((u) => u.cls !== 'SPACEPORT' && u.cls !== 'BASE' && u.cls !== 'EFIELD')
      .sort((a, b) => fixes(a) - fixes(b) || a.attack + a.defense - (b.attack + b.defense) || a.id.localeCompare(b.id));
    let moved = false;
    for (const u of movers) {
      const to = reachableHexes(state, u.id, ctx)
        .filter((r) => canAddToStack(state, side, r.hex, [u]))
        .sort((a, b) => a.path.length - b.path.length || a.cost - b.cost || a.hex.localeCompare(b.hex))[0];
      if (!to) continue;
      const ev = applyMovementPlan(
        state,
        side,
        { moves: [{ unitId: u.id, path: to.path }], ifBlocked: 'skip' },
        undefined,
        ctx,
      );
      if (unitById(state, u.id)?.hex !== to.hex) continue; // applyMovementPlan replaces the unit objects
      events.push(
        { type: 'stacking.relieved', visibleTo: [side], data: { unitId: u.id, from: v.hex, to: to.hex, rule: '6.8' } },
        ...ev,
      );
      moved = true;
      break;
    }
    if (moved) continue;
    const victim = movers[0] ?? here[here.length - 1];
    victim.faceDown = false; // 14.5: a destroyed unit is scored, so it is shown
    destroyUnit(victim, state.turn, 'other');
    events.push({
      type: 'stacking.eliminated',
      visibleTo: 'all',
      data: { unitId: victim.id, hex: v.hex, rule: '6.8' },
    });
  }
  if (state.reliefDue) state.reliefDue = state.reliefDue.filter((r) => r.side !== side);
  return events;
}

export interface MovementHooks extends MoveContext {
  /** Storm intensity for the state of the moment (weather module); wins over `intensityAt`. */
  intensityFor?: (state: CerberusState) => IntensityAt;
}

/** The MOVEMENT segment handler (3.2 B.3): the phasing player's stored plan, or no moves. */
export function movementHandler(hooks: MovementHooks = {}): SegmentHandler {
  return (state, { dice }) => {
    const side = state.phasing;
    if (!side) return [];
    const plan = state.plan?.side === side ? state.plan.order.movement : undefined;
    const intensityAt = hooks.intensityFor?.(state) ?? hooks.intensityAt;
    const events = applyMovementPlan(state, side, plan ?? { moves: [], ifBlocked: 'truncate' }, dice, { intensityAt });
    return [...events, ...relieveOverstack(state, side, { intensityAt })];
  };
}
