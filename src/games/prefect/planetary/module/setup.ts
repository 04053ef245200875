/**
 * Planetary set-up (L226-242, digest §4.1): the initial state from the scenario, the sealed
 * assignment of every unit to a TF (SETUP_ASSIGN, H2), and the placement of TF counters —
 * alternating after an initiative roll (L238-240, D-11 re-roll ties) or sealed (option
 * setupPlacement). Positions are public (H3), contents hidden (H1).
 */
import type { GameEvent, OrderError } from '#engine/contract.js';
import type { Dice } from '#engine/dice.js';
import { hexesWithin } from '#engine/hexgrid.js';
import { newTaskForce, tfLimit } from '../composition.js';
import { prefectOptions } from './options.js';
import { rulesData, scenarioDef } from '../rules-data.js';
import { combatUnits, unitType } from '../rules.js';
import type { Json } from '#engine/contract.js';
import type { GroundUnit, PrefectState, SetupAssignOrder, SetupPlaceOrder, Side, TaskForce } from '../types.js';
import { SIDES } from '../types.js';

const HEX_CHARS = '0123456789abcdef';

/** The state before set-up orders: units unassigned, bases and urban control from the scenario. */
export function initialState(scenarioId: string, rawOptions: Record<string, Json>, dice: Dice): PrefectState {
  const sc = scenarioDef(scenarioId);
  if (!sc) throw new RangeError(`Prefect has no scenario '${scenarioId}'`);
  const options = prefectOptions(rawOptions);
  const units: Record<string, GroundUnit> = {};
  for (const u of sc.units)
    units[u.id] = {
      id: u.id,
      type: u.type,
      side: u.side,
      org: u.org,
      ...(u.counterId !== undefined ? { counterId: u.counterId } : {}),
      status: 'ACTIVE',
    };
  for (const r of sc.reinforcements) {
    for (const u of r.units)
      units[u.id] = {
        id: u.id,
        type: u.type,
        side: u.side,
        org: u.org,
        ...(u.counterId !== undefined ? { counterId: u.counterId } : {}),
        status: 'NOT_ARRIVED',
      };
  }
  let secret = '';
  for (let i = 0; i < 32; i++) secret += HEX_CHARS[dice.roll(16, 'view secret') - 1];
  dice.drain(); // the secret's rolls are never shown
  return {
    module: 'prefect',
    version: 1,
    scenario: sc.id,
    options,
    turn: 1,
    maxTurns: sc.turns,
    attacker: sc.firstAttacker ?? 'TOG',
    step: 'SETUP_ASSIGN',
    units,
    tfs: {},
    orgs: Object.fromEntries(sc.orgs.map((o) => [o.id, { ...o, countersInUse: [] }])),
    bases: Object.fromEntries(
      sc.bases.map((b) => [
        b.id,
        {
          id: b.id,
          side: b.side,
          originalSide: b.side,
          type: b.type,
          hex: b.hex,
          status: 'ACTIVE' as const,
          supply: b.supply,
          deliveredThisTurn: 0,
          rebuildsThisTurn: 0,
        },
      ]),
    ),
    urban: { ...sc.urbanControl },
    hqSupply: { ...sc.hqSupply },
    tempo: { TOG: 0, CW: 0 },
    detections: [],
    availableBases: [],
    seq: 1,
    destroyedCombat: { TOG: 0, CW: 0 },
    viewSecret: secret,
  };
}

/** Own units that must be assigned at set-up (on the map at the start, L230). */
export const setupUnits = (state: PrefectState, side: Side): GroundUnit[] =>
  Object.values(state.units).filter((u) => u.side === side && u.status === 'ACTIVE' && !u.tf);

const zoneOf = (state: PrefectState, side: Side): Set<string> => new Set(scenarioDef(state.scenario).setupZones[side]);

function checkPlacements(
  state: PrefectState,
  side: Side,
  placements: { tf: number | string; hex: string }[],
  names: Set<string>,
  at: string,
): OrderError[] {
  const errors: OrderError[] = [];
  const zone = zoneOf(state, side);
  const used = new Set(
    Object.values(state.tfs)
      .filter((t) => t.hex)
      .map((t) => t.hex),
  );
  placements.forEach((p, i) => {
    if (!names.has(String(p.tf)))
      errors.push({
        code: 'place.unknown-tf',
        path: [at, i, 'tf'],
        message: 'No unplaced Task Force of yours by that name.',
        rule: 'L238',
      });
    if (!zone.has(p.hex))
      errors.push({
        code: 'place.zone',
        path: [at, i, 'hex'],
        message: 'A Task Force is placed in your operational zone.',
        rule: 'L238',
      });
    else if (used.has(p.hex))
      errors.push({
        code: 'place.stacked',
        path: [at, i, 'hex'],
        message: 'Only one Task Force may be placed in a hex.',
        rule: 'L242',
      });
    used.add(p.hex);
  });
  return errors;
}

/** L228-236 (H2): every unit in exactly one TF of its own organisation, TF limits (D-07), independents non-gravitic (L918). */
export function validateSetupAssign(state: PrefectState, side: Side, o: SetupAssignOrder): OrderError[] {
  const errors: OrderError[] = [];
  const mine = new Map(setupUnits(state, side).map((u) => [u.id, u]));
  const seen = new Set<string>();
  const counters = new Map<string, Set<number>>();
  const take = (id: string, path: (string | number)[]) => {
    if (!mine.has(id))
      errors.push({ code: 'unit.unknown', path, message: 'No unit of yours to assign by that id.', rule: 'L230' });
    else if (seen.has(id))
      errors.push({ code: 'unit.twice', path, message: 'A unit is assigned to one Task Force only.', rule: 'L230' });
    seen.add(id);
  };
  o.taskForces.forEach((t, i) => {
    const org = state.orgs[t.org];
    if (!org || org.side !== side) {
      errors.push({
        code: 'org.unknown',
        path: ['taskForces', i, 'org'],
        message: 'No organisation of yours by that id.',
        rule: 'L105',
      });
      return;
    }
    const set = counters.get(t.org) ?? new Set<number>();
    counters.set(t.org, set);
    if (t.counter < 1 || t.counter > tfLimit(state, t.org))
      errors.push({
        code: 'tf.counter',
        path: ['taskForces', i, 'counter'],
        message: `Counters of this organisation run 1..${tfLimit(state, t.org)}.`,
        rule: 'L107, L183, D-07',
      });
    if (set.has(t.counter))
      errors.push({
        code: 'tf.counter-twice',
        path: ['taskForces', i, 'counter'],
        message: 'Each Task Force counter is used once.',
        rule: 'L107',
      });
    set.add(t.counter);
    if (!t.units.length)
      errors.push({
        code: 'tf.empty',
        path: ['taskForces', i, 'units'],
        message: 'A Task Force holds at least one unit.',
        rule: 'L181',
      });
    t.units.forEach((id, j) => {
      take(id, ['taskForces', i, 'units', j]);
      const u = mine.get(id);
      if (u && u.org !== t.org)
        errors.push({
          code: 'unit.org',
          path: ['taskForces', i, 'units', j],
          message: 'A unit joins a Task Force of its own organisation.',
          rule: 'L105',
        });
    });
  });
  (o.independents ?? []).forEach((id, j) => {
    take(id, ['independents', j]);
    const u = mine.get(id);
    if (u && unitType(u).gravitic)
      errors.push({
        code: 'independent.gravitic',
        path: ['independents', j],
        message: 'Only non-gravitic units may operate on their own counter.',
        rule: 'L918',
      });
  });
  for (const id of mine.keys())
    if (!seen.has(id))
      errors.push({
        code: 'unit.unassigned',
        path: ['taskForces'],
        message: `Unit ${id} is not assigned: each unit must be assigned to a specific Task Force.`,
        rule: 'L230',
      });
  if (state.options.setupPlacement === 'sealed') {
    const names = new Set<string>([...o.taskForces.map((t) => `${t.org}#${t.counter}`), ...(o.independents ?? [])]);
    const p = o.placements ?? [];
    errors.push(...checkPlacements(state, side, p, names, 'placements'));
    const placed = new Set(p.map((x) => String(x.tf)));
    for (const n of names)
      if (!placed.has(n))
        errors.push({
          code: 'place.missing',
          path: ['placements'],
          message: `Task Force ${n} is not placed.`,
          rule: 'L240',
        });
  }
  return errors;
}

/** Creates the TFs (unplaced: hex ''); in sealed mode places them too. */
export function applySetupAssign(state: PrefectState, side: Side, o: SetupAssignOrder): void {
  const place = new Map((o.placements ?? []).map((p) => [String(p.tf), p.hex]));
  for (const t of o.taskForces) {
    const tf = newTaskForce(state, side, t.org, place.get(`${t.org}#${t.counter}`) ?? '', t.counter);
    for (const id of t.units) state.units[id].tf = tf.id;
  }
  for (const id of o.independents ?? []) {
    const u = state.units[id];
    const tf: TaskForce = {
      id: `ind-${id}`,
      side,
      org: u.org,
      counter: 0,
      hex: place.get(id) ?? '',
      mode: 'COMBAT',
      fatigue: 0,
      independent: true,
      movedThisTurn: false,
      movedLafThisTurn: false,
      attackedThisTurn: false,
      detected: false,
    };
    state.tfs[tf.id] = tf;
    u.tf = tf.id;
  }
}

/** The name an unplaced TF is placed by: the TF id, or `org#counter`. */
export const unplaced = (state: PrefectState, side: Side): TaskForce[] =>
  Object.values(state.tfs)
    .filter((t) => t.side === side && !t.hex)
    .sort((a, b) => a.id.localeCompare(b.id));

export function validateSetupPlace(state: PrefectState, side: Side, o: SetupPlaceOrder): OrderError[] {
  if (state.placement?.next !== side)
    return [{ code: 'not-owed', path: [], message: 'It is not your turn to place.', rule: 'L240' }];
  if (o.placements.length !== 1)
    return [
      {
        code: 'place.one',
        path: ['placements'],
        message: 'Players place one Task Force counter at a time.',
        rule: 'L240',
      },
    ];
  const names = new Set(unplaced(state, side).flatMap((t) => [t.id, `${t.org}#${t.counter}`]));
  return checkPlacements(state, side, o.placements, names, 'placements');
}

const findUnplaced = (state: PrefectState, side: Side, name: string | number) =>
  unplaced(state, side).find((t) => t.id === String(name) || `${t.org}#${t.counter}` === String(name));

export function applySetupPlace(state: PrefectState, side: Side, o: SetupPlaceOrder): GameEvent[] {
  const events: GameEvent[] = [];
  for (const p of o.placements) {
    const tf = findUnplaced(state, side, p.tf);
    if (!tf) continue;
    tf.hex = p.hex;
    events.push({
      type: 'setup.placed',
      visibleTo: 'all',
      data: { side, tf: tf.id, hex: p.hex, ...(tf.independent ? { unit: tf.id.slice(4) } : {}) },
    });
  }
  const other = SIDES.find((s) => s !== side)!;
  if (unplaced(state, other).length) state.placement!.next = other;
  else if (unplaced(state, side).length) state.placement!.next = side;
  return events;
}

/** L236-238, D-11: both roll a d10, ties re-rolled; the higher places first. */
export function initiative(dice: Dice): { first: Side; rolls: Record<Side, number>[] } {
  const rolls: Record<Side, number>[] = [];
  for (;;) {
    const r = { TOG: dice.roll(10, 'initiative TOG'), CW: dice.roll(10, 'initiative CW') };
    rolls.push(r);
    if (r.TOG !== r.CW) return { first: r.TOG > r.CW ? 'TOG' : 'CW', rolls };
  }
}

// ------------------------------------------------------------------ default set-up (bot, deadline)

/** A sensible assignment: per organisation TFs of up to 3 combat units with an HQ where possible, non-gravitic units independent. */
export function planSetupAssign(state: PrefectState, side: Side): SetupAssignOrder {
  const taskForces: SetupAssignOrder['taskForces'] = [];
  const independents: string[] = [];
  for (const org of Object.values(state.orgs).filter((o) => o.side === side)) {
    const us = setupUnits(state, side)
      .filter((u) => u.org === org.id)
      .sort((a, b) => a.id.localeCompare(b.id));
    const combat = us.filter((u) => unitType(u).category === 'COMBAT' && unitType(u).gravitic);
    const support = us.filter((u) => unitType(u).category === 'SUPPORT' && unitType(u).gravitic);
    independents.push(...us.filter((u) => !unitType(u).gravitic).map((u) => u.id));
    const limit = tfLimit(state, org.id);
    const n = Math.max(1, Math.min(limit, Math.ceil(combat.length / 3), combat.length || 1));
    const groups: string[][] = Array.from({ length: n }, () => []);
    combat.forEach((u, i) => groups[i % n].push(u.id));
    const hqs = support.filter((u) => unitType(u).hq);
    const rest = support.filter((u) => !unitType(u).hq);
    [...hqs, ...rest].forEach((u, i) => groups[i % n].push(u.id));
    groups.forEach((g, i) => {
      if (g.length) taskForces.push({ counter: i + 1, org: org.id, units: g });
    });
  }
  const order: SetupAssignOrder = { kind: 'setup-assign', taskForces, independents };
  if (state.options.setupPlacement === 'sealed') {
    const names = [...taskForces.map((t) => `${t.org}#${t.counter}`), ...independents];
    const hexes = placementHexes(state, side, new Set(), names.length);
    order.placements = names.map((tf, i) => ({ tf, hex: hexes[i] })).filter((p) => p.hex);
  }
  return order;
}

/** Free hexes of the own zone, nearest to the own first base (a compact, defensible deployment). */
export function placementHexes(state: PrefectState, side: Side, used: Set<string>, count: number): string[] {
  const zone = zoneOf(state, side);
  const base = Object.values(state.bases).find((b) => b.side === side)?.hex ?? [...zone][0];
  const near = hexesWithin(rulesData().graph, base, 60);
  const taken = new Set([
    ...used,
    ...Object.values(state.tfs)
      .filter((t) => t.hex)
      .map((t) => t.hex),
  ]);
  return [...zone]
    .filter((h) => !taken.has(h))
    .sort((a, b) => (near.get(a) ?? 999) - (near.get(b) ?? 999) || a.localeCompare(b))
    .slice(0, count);
}

/** The next alternating placement: the strongest unplaced TF nearest the base. */
export function planSetupPlace(state: PrefectState, side: Side): SetupPlaceOrder {
  const tf = unplaced(state, side).sort(
    (a, b) => combatUnits(state, b.id).length - combatUnits(state, a.id).length || a.id.localeCompare(b.id),
  )[0];
  const hex = placementHexes(state, side, new Set(), 1)[0];
  return { kind: 'setup-place', placements: tf && hex ? [{ tf: tf.id, hex }] : [] };
}
