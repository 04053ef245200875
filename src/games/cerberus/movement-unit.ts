/**
 * One unit's move in the Ground Unit Movement Segment (rules 4, 5, 9, 11.3): the engine
 * MoveRules of a unit at the moment it moves, the check of one MoveOrder against the simulated
 * state, and its execution. Plan-level validation, resolution and views are in movement.ts.
 *
 * Per-unit rules handed to the engine's path search (cheapestPaths, validatePath), so the
 * legal-move list, validation and resolution agree:
 * - cost: terrain of the hex entered plus its storm intensity (4.3, 9.2, 15.7); the globe's
 *   wrap, double hexes, Poles and gap jumps are all in the map's adjacency (4.9);
 * - stop: a hex holding enemy units (4.5, 5.2) or in an unsuppressed enemy ZOC (5.1), the start
 *   hex exempt; after a ZOC stop a unit may go on only into the hex of an enemy unit exerting
 *   that ZOC (5.1, option zocContinueInto);
 * - 4.7: a supplied unit with movement may always enter one hex whatever its terrain cost
 *   (storm MP excepted, 15.71, option stormBlocksMinimumMove);
 * - 4.4: never end in All Water.
 * The ZOC field is computed with the moving unit (and a passenger loaded in its start hex) off
 * the board: 5.3 is dynamic, so who has already left a shared hex matters (5.41, 5.5).
 */
import type { GameEvent, OrderError } from '#engine/contract.js';
import { validatePath, type MoveRules, type PathCheck } from '#engine/hexgrid.js';
import { optionValues, tablesData, unitsData } from './data/index.js';
import { mapFor, mayEndMovement, moveCost } from './map.js';
import type { MoveOrder } from './orders.js';
import { enemyOf, unitById, type CerberusState, type HexId, type Side, type Unit } from './state.js';
import { hasUnitsOf, stormIntensityAt, zocField, type IntensityAt } from './zoc.js';

export interface MoveContext {
  /** Storm intensity per hex (weather module); default: computed from state.storms when weather is on. */
  intensityAt?: IntensityAt;
}

export interface Sim {
  state: CerberusState;
  side: Side;
  intensity: IntensityAt;
  zocContinueInto: string;
  passengerMayMoveAlone: boolean;
  suppliesIntoSpaceport: boolean;
  stormBlocksMinimumMove: boolean;
  /** Whose knowledge the ZOC field uses (validation, views); undefined = the true state. */
  viewer: Side | undefined;
  /** Supply status is settled (false while the phase plan is checked before its Supply Segment). */
  supplyKnown: boolean;
  ferry: ReadonlySet<string>;
  selfMoved: Set<string>;
  carried: Set<string>;
}

export function makeSim(
  state: CerberusState,
  side: Side,
  ctx: MoveContext & { ferry?: readonly string[] },
  viewer: Side | undefined,
  supplyKnown: boolean,
): Sim {
  const o = optionValues(state.options);
  const scratch = state.phaseScratch?.side === side ? state.phaseScratch : null;
  return {
    state,
    side,
    intensity: ctx.intensityAt ?? stormIntensityAt(state),
    zocContinueInto: String(o.zocContinueInto),
    passengerMayMoveAlone: o.passengerMayMoveAlone === true,
    suppliesIntoSpaceport: o.transportSuppliesUnloadAt !== 'base-only',
    stormBlocksMinimumMove: o.stormBlocksMinimumMove !== false,
    viewer,
    supplyKnown,
    ferry: new Set(ctx.ferry ?? []),
    selfMoved: new Set(scratch?.moved ?? []),
    carried: new Set(),
  };
}

export interface Rules extends MoveRules {
  zoc: Map<HexId, HexId[]>;
  enemyAt: (hex: HexId) => boolean;
}

/** The engine MoveRules of `u` now, with `exclude` (the unit and its passenger) off the board (5.3). */
export function moveRules(sim: Sim, u: Unit, exclude: Set<string>): Rules {
  const enemy = enemyOf(u.side);
  const zoc = zocField(sim.state, enemy, { exclude, viewer: sim.viewer, intensityAt: sim.intensity });
  const enemyHexes = new Set(
    sim.state.units.filter((x) => x.side === enemy && x.box === 'MAP' && x.cls !== 'SF').map((x) => x.hex),
  );
  const enemyAt = (h: HexId): boolean => enemyHexes.has(h);
  const start = u.hex!;
  const budget = u.movement;
  return {
    budget,
    zoc,
    enemyAt,
    cost(from, to) {
      const storm = sim.intensity(to);
      const c = moveCost(to) + storm; // 4.3, 9.21-9.26, 15.7
      // 15.71 prevails over 4.7 for storm MP (option stormBlocksMinimumMove).
      return from === start && c > budget && storm > 0 && sim.stormBlocksMinimumMove ? null : c;
    },
    stopsAt: (h) => enemyAt(h) || zoc.has(h), // 5.2, 4.5; 5.1
    continueAfterStop: (stop, next) =>
      !enemyAt(stop) &&
      (sim.zocContinueInto === 'any-enemy-hex' ? enemyAt(next) : (zoc.get(stop) ?? []).includes(next)), // 5.1, 5.42
    firstStepAlwaysAllowed: true, // 4.7 (only supplied units with movement reach this point)
    mayEndIn: mayEndMovement, // 4.4, 9.21
  };
}

export type Failure = { ok: false; error: OrderError; fatal: boolean };
const fail = (code: string, path: (string | number)[], rule: string, message: string, fatal = false): Failure => ({
  ok: false,
  fatal,
  error: { code, path, rule, message },
});

/** 4.0–4.8, 11.19, 12.4 may this unit move at all now? (null = yes) */
export function cannotMove(sim: Sim, u: Unit | undefined, unitId: string): Failure | null {
  const { state } = sim;
  if (!u || u.side !== sim.side || u.box !== 'MAP' || u.hex === null || u.cls === 'SF') {
    return fail('move.unknown-unit', ['unitId'], '4.0', `You have no unit '${unitId}' on the map.`, true);
  }
  const n = u.designation;
  if (sim.selfMoved.has(u.id) || (sim.carried.has(u.id) && !sim.passengerMayMoveAlone)) {
    return fail(
      'move.already-moved',
      ['unitId'],
      '4.1, 6.5',
      `${n} has already moved this segment; each unit moves once, on its own.`,
      true,
    );
  }
  if (u.movement <= 0)
    return fail(
      'move.immobile',
      ['unitId'],
      '4.7, 4.8',
      `${n} has a Movement Allowance of 0: it moves only when carried (11.32).`,
      true,
    );
  if (u.landedOnTurn === state.turn)
    return fail('move.landed', ['unitId'], '11.19', `${n} was landed from space this turn and may not move.`, true);
  if (sim.supplyKnown && u.outOfSupply)
    return fail(
      'move.unsupplied',
      ['unitId'],
      '4.6, 12.12',
      `${n} is out of supply and may not move this segment.`,
      true,
    );
  if (sim.ferry.has(u.id) || (sim.supplyKnown && u.ferrying)) {
    return fail(
      'move.ferrying',
      ['unitId'],
      '12.4',
      `${n} is inverted to ferry supplies and may not move this turn.`,
      true,
    );
  }
  if (state.phaseScratch?.enteredEnemyHex.includes(u.id)) {
    return fail(
      'move.entered-enemy-hex',
      ['unitId'],
      '4.5',
      `${n} entered a hex held by the enemy and may not leave it this turn.`,
      true,
    );
  }
  return null;
}

function pathError(
  check: Extract<PathCheck, { ok: false }>,
  full: HexId[],
  rules: Rules,
  u: Unit,
  sim: Sim,
): OrderError {
  const i = check.index;
  const hex = full[i];
  const at = ['path', i - 1];
  const e = (code: string, rule: string, message: string): OrderError => ({ code, path: at, rule, message });
  switch (check.reason) {
    case 'unknown-hex':
    case 'empty-path':
      return e('move.unknown-hex', '4.2, 4.92', `There is no hex ${hex} on the map.`);
    case 'not-adjacent':
      return e(
        'move.not-adjacent',
        '4.2',
        `${hex} is not adjacent to ${full[i - 1]}: units move from hex to adjacent hex and may not skip hexes.`,
      );
    case 'impassable':
      return e(
        'move.storm',
        '15.71',
        `Entering ${hex} costs ${moveCost(hex) + sim.intensity(hex)} MP with its storm, more than ${u.designation} has; the one hex of 4.7 does not cover storm costs.`,
      );
    case 'over-budget': {
      const storm = sim.intensity(hex);
      const stormy = full.slice(1, i + 1).some((h) => sim.intensity(h) > 0);
      return e(
        'move.too-far',
        stormy ? '4.3, 15.7' : '4.3',
        `Entering ${hex} costs ${moveCost(hex) + storm} MP but ${u.designation} has only ${rules.budget - check.cost} of its ${rules.budget} left.`,
      );
    }
    case 'continues-after-stop': {
      const stop = full[i - 1];
      if (check.cost > rules.budget)
        return e(
          'move.too-far',
          '4.7',
          `${u.designation} used its one guaranteed hex (4.7) entering ${stop} and may go no further.`,
        );
      if (rules.enemyAt(stop))
        return e(
          'move.enemy-hex',
          '4.5, 5.2',
          `${stop} holds enemy units: a unit entering it stops there and may not leave it this turn.`,
        );
      return e(
        'move.zoc',
        '5.1',
        `${stop} is in an enemy Zone of Control: a unit entering it stops, or goes on only into the hex of an enemy unit exerting it.`,
      );
    }
    case 'cannot-end-here':
      return e(
        'move.all-water',
        '4.4, 9.21',
        `A unit may pass through All Water but may not end its movement in ${hex}.`,
      );
  }
}

export interface Exec {
  moveIndex: number;
  unit: Unit;
  hexes: HexId[];
  mp: number;
  passenger: Unit | null;
  /** Step at which the passenger or supplies are loaded (11.33; 0 = start hex). */
  loadAt: number;
  /** Step at which the passenger or the supplies leave the Transport (11.33). */
  dropAt: number;
  load: number;
  /** Installations the loaded supplies come from, and how many from each (Spaceports first). */
  sources: [Unit, number][];
  into: Unit | null;
}
export type Check = { ok: true; exec: Exec } | Failure;

const isOwnOnMap = (sim: Sim, x: Unit | undefined): x is Unit =>
  !!x && x.side === sim.side && x.box === 'MAP' && x.cls !== 'SF';
const cargoSupplies = (u: Unit): number => (u.cargo && 'supplies' in u.cargo ? u.cargo.supplies : 0);
const supplyCap = (x: Unit): number =>
  x.cls === 'SPACEPORT' && !x.reduced
    ? (tablesData.supply.spaceportCap.value as number)
    : (tablesData.supply.baseCap.value as number);

/** Checks one order against the simulated state of the moment (nothing is changed). */
export function checkMove(sim: Sim, move: MoveOrder, moveIndex: number): Check {
  const { state } = sim;
  const u = unitById(state, move.unitId);
  const blocked = cannotMove(sim, u, move.unitId);
  if (blocked) return blocked;
  const unit = u!;
  const n = unit.designation;
  const full = [unit.hex!, ...move.path];
  const len = move.path.length;
  const cargoField = move.load
    ? 'load'
    : move.unloadAtStep !== undefined
      ? 'unloadAtStep'
      : move.unloadSuppliesInto !== undefined
        ? 'unloadSuppliesInto'
        : null;
  if (cargoField && unit.cls !== 'TRANSPORT')
    return fail(
      'move.not-transport',
      [cargoField],
      '11.32',
      `${n} is not a Transport company and carries nothing.`,
      true,
    );
  const pid = move.load?.passengerId;
  const p = pid === undefined ? undefined : unitById(state, pid);
  // A passenger loaded in the start hex leaves it with the Transport (5.3, 5.5 are evaluated without both).
  const exclude = new Set([unit.id]);
  if (p && move.load!.atStep === 0 && isOwnOnMap(sim, p) && p.hex === unit.hex) exclude.add(p.id);
  const rules = moveRules(sim, unit, exclude);
  const check = validatePath(mapFor(state.options), full, rules);
  if (!check.ok) return { ok: false, fatal: false, error: pathError(check, full, rules, unit, sim) };

  const exec: Exec = {
    moveIndex,
    unit,
    hexes: full,
    mp: check.cost,
    passenger: null,
    loadAt: 0,
    dropAt: len,
    load: 0,
    sources: [],
    into: null,
  };
  let loadAt = 0;
  if (move.load) {
    const k = (loadAt = exec.loadAt = move.load.atStep);
    if (k > len)
      return fail(
        'move.load-step',
        ['load', 'atStep'],
        '11.33',
        `Step ${k} is beyond the end of the path (${len} hexes).`,
      );
    if (unit.cargo !== null)
      return fail(
        'move.transport-full',
        ['load'],
        '11.32',
        `${n} already carries a load and may carry only one at a time.`,
      );
    const here = full[k];
    if (pid !== undefined) {
      if (!isOwnOnMap(sim, p) || p.id === unit.id)
        return fail('move.unknown-unit', ['load', 'passengerId'], '11.33', `You have no unit '${pid}' on the map.`);
      const pn = p.designation;
      const at = ['load', 'passengerId'];
      if (p.hex !== here)
        return fail(
          'move.passenger-not-here',
          at,
          '11.33',
          `${pn} is not in ${here}; a Transport loads in a hex it begins in or enters.`,
        );
      if (!unitsData.classes[p.cls]!.transportCompanyCarries)
        return fail(
          'move.cannot-carry',
          at,
          '11.32',
          `A Transport company carries one Base or one Infantry battalion, not ${pn}.`,
        );
      if (sim.carried.has(p.id) || (sim.selfMoved.has(p.id) && !sim.passengerMayMoveAlone)) {
        return fail(
          'move.passenger-moved',
          at,
          '11.34',
          `${pn} has already moved this segment and may not be carried as well.`,
        );
      }
      if (state.phaseScratch?.enteredEnemyHex.includes(p.id))
        return fail(
          'move.entered-enemy-hex',
          at,
          '4.5',
          `${pn} entered a hex held by the enemy and may not leave it this turn.`,
        );
      if (p.landedOnTurn === state.turn)
        return fail('move.landed', at, '11.19', `${pn} was landed from space this turn and may not move.`);
      if (sim.supplyKnown && p.outOfSupply)
        return fail(
          'move.passenger-unsupplied',
          at,
          '4.6, 12.12',
          `${pn} is out of supply and may not move, even carried.`,
        );
      exec.passenger = p;
    } else {
      const want = move.load.supplies!;
      const stocks = state.units
        .filter((x) => isOwnOnMap(sim, x) && x.hex === here && (x.cls === 'BASE' || x.cls === 'SPACEPORT'))
        .sort((a, b) => (a.cls === b.cls ? (a.id < b.id ? -1 : 1) : a.cls === 'SPACEPORT' ? -1 : 1));
      const have = stocks.reduce((s, x) => s + x.supplies, 0);
      let need = want;
      for (const x of stocks) {
        const take = Math.min(need, x.supplies);
        need -= take;
        if (take > 0) exec.sources.push([x, take]);
      }
      if (!stocks.length)
        return fail(
          'move.no-installation',
          ['load', 'supplies'],
          '12.5',
          `A Transport loads supplies only at a friendly Base or Spaceport; there is none in ${here}.`,
        );
      if (have < want)
        return fail(
          'move.no-supplies',
          ['load', 'supplies'],
          '12.5',
          `Only ${have} supply factors are stockpiled in ${here}.`,
        );
      exec.load = want;
    }
  }
  const supplies = exec.load || cargoSupplies(unit);
  if (move.unloadAtStep !== undefined) {
    const s = move.unloadAtStep;
    if (s > len || s < loadAt)
      return fail(
        'move.unload-step',
        ['unloadAtStep'],
        '11.33',
        `Unloading must come at or after loading and within the path (step ${loadAt} to ${len}).`,
      );
    if (!exec.passenger && !supplies)
      return fail('move.nothing-to-unload', ['unloadAtStep'], '11.33', `${n} carries nothing to unload.`);
    exec.dropAt = s;
  }
  const dropHex = full[exec.dropAt];
  if (exec.passenger && !mayEndMovement(dropHex))
    return fail(
      'move.all-water',
      ['unloadAtStep'],
      '4.4',
      `A passenger may not be unloaded in the All Water hex ${dropHex}.`,
    );
  const target = move.unloadSuppliesInto;
  if (target !== undefined) {
    if (!supplies)
      return fail('move.nothing-to-unload', ['unloadSuppliesInto'], '12.5', `${n} carries no supplies to unload.`);
    const t = unitById(state, target);
    const kinds = sim.suppliesIntoSpaceport ? 'Base or Spaceport' : 'Base';
    if (
      !isOwnOnMap(sim, t) ||
      t.hex !== dropHex ||
      !(t.cls === 'BASE' || (t.cls === 'SPACEPORT' && sim.suppliesIntoSpaceport))
    ) {
      return fail(
        'move.unload-target',
        ['unloadSuppliesInto'],
        '12.5',
        `Supplies are unloaded only into a friendly ${kinds} in the hex where they are unloaded (${dropHex}).`,
      );
    }
    const taken = exec.sources.find(([x]) => x === t)?.[1] ?? 0;
    if (t.supplies - taken + supplies > supplyCap(t))
      return fail(
        'move.unload-cap',
        ['unloadSuppliesInto'],
        '12.2',
        `${t.designation} may hold at most ${supplyCap(t)} supply factors.`,
      );
    exec.into = t;
  } else if (exec.load && move.unloadAtStep !== undefined) {
    return fail(
      'move.unload-target',
      ['unloadAtStep'],
      '12.5',
      'Supplies are unloaded only into a friendly Base or Spaceport: name it in unloadSuppliesInto.',
    );
  }
  return { ok: true, exec };
}

const reveal = (u: Unit, reason: string): GameEvent => ({
  type: 'unit.revealed',
  visibleTo: 'all',
  data: { unitId: u.id, typeId: u.typeId, hex: u.hex, reason, rule: '14.12' },
});

/** Carries out a checked move on the simulated state. */
export function execute(sim: Sim, x: Exec, events: GameEvent[]): void {
  const { state, side } = sim;
  const enemy = enemyOf(side);
  const { unit, passenger: p } = x;
  // 14.12: a face-down unit that moves is turned face up (a carried one moves too).
  for (const m of p ? [unit, p] : [unit]) {
    if (m.faceDown) {
      m.faceDown = false;
      events.push(reveal(m, 'moved'));
    }
  }
  const end = x.hexes[x.hexes.length - 1];
  unit.hex = end;
  if (p) p.hex = x.hexes[x.dropAt];
  const data: Record<string, GameEvent['data']> = { unitId: unit.id, side, path: x.hexes, mp: x.mp };
  if (p) Object.assign(data, { passengerId: p.id, unloadedAt: p.hex });
  events.push({ type: 'unit.moved', visibleTo: 'all', data });
  // 14.12: a face-down enemy unit is turned up when a unit moves adjacent to it (or into its hex).
  const map = mapFor(state.options);
  const entered = new Set(x.hexes.slice(1).flatMap((h) => [h, ...map.neighbors(h)]));
  for (const e of state.units) {
    if (e.side === enemy && e.box === 'MAP' && e.faceDown && e.hex !== null && entered.has(e.hex)) {
      e.faceDown = false;
      events.push(reveal(e, 'enemy moved adjacent'));
    }
  }
  // 11.33, 12.5 supplies: private to the owner while an installation involved is face down.
  const seen = (list: (Unit | null)[]): GameEvent['visibleTo'] => (list.some((i) => i?.faceDown) ? [side] : 'all');
  if (x.load) {
    const from: Record<string, number> = {};
    for (const [s, take] of x.sources) {
      s.supplies -= take;
      from[s.id] = take;
    }
    unit.cargo = { supplies: x.load };
    events.push({
      type: 'transport.supplies-loaded',
      visibleTo: seen(x.sources.map(([s]) => s)),
      data: { transportId: unit.id, supplies: x.load, from, hex: x.hexes[x.loadAt] },
    });
  }
  if (x.into) {
    const amount = cargoSupplies(unit);
    x.into.supplies += amount;
    unit.cargo = null;
    events.push({
      type: 'transport.supplies-unloaded',
      visibleTo: seen([x.into, ...x.sources.map(([s]) => s)]),
      data: { transportId: unit.id, supplies: amount, into: x.into.id, hex: x.into.hex },
    });
  }
  const scratch = state.phaseScratch!;
  for (const m of p ? [unit, p] : [unit]) {
    if (!scratch.moved.includes(m.id)) scratch.moved.push(m.id);
    if (hasUnitsOf(state, enemy, m.hex!) && !scratch.enteredEnemyHex.includes(m.id)) scratch.enteredEnemyHex.push(m.id); // 4.5
  }
  sim.selfMoved.add(unit.id);
  if (p) sim.carried.add(p.id);
}
