/**
 * The Strategic Transportation and Reinforcement Phase (3.2 D, 14.2, digest §3.4, §5.11):
 * scheduled reinforcements and returning SF (D1), extended-game rebuilds (16.3), and the two
 * strategic movement segments between the Earth/Fleet and Tau Ceti/System/Fleet boxes (D2, D3),
 * including cutting down the Human Fleet overloaded on turn 1 (2.6, 14.13).
 */
import type { GameEvent, OrderError } from '#engine/contract.js';
import type { CetianStrategicOrder, HumanStrategicOrder } from './orders.js';
import { ruleOptions } from './options-rules.js';
import { SPACE_DATA } from './space-data.js';
import {
  destroyUnit,
  putInBox,
  unitById,
  unitsOf,
  type CerberusState,
  type HexId,
  type Side,
  type Unit,
} from './state.js';

const D = SPACE_DATA;

/** What this module needs from the stacking rules (6), supplied by the movement module. */
export interface ReinforcementHooks {
  /** Would `unit` join its owner's stack in `hex` without breaking the stacking limits? */
  canStack(state: CerberusState, unit: Unit, hex: HexId): boolean;
}

function pub(type: string, data: GameEvent['data']): GameEvent {
  return { type, visibleTo: 'all', data };
}

// ---------------------------------------------------------------- Fleet capacity (2.6)

/** Units in the Fleet box proper (the SF box is separate, G33). */
export function fleetCount(state: CerberusState, side: Side): number {
  return state.units.filter((u) => u.side === side && u.box === 'FLEET').length;
}

/** 2.6 Fleet capacity: Human 6 (12 on turn 1 until his Strategic Segment), Cetian 5. */
export function fleetCapacity(state: CerberusState, side: Side): number {
  if (side === 'HUMAN' && state.turn === 1 && state.phase !== 'STRATEGIC' && state.phase !== 'OVER') {
    return D.fleet.humanTurnOneCapacity;
  }
  return D.fleet.capacity[side];
}

/** 14.13 the Human Fleet still holds more than six units (must be fixed by the end of turn 1). */
export function humanFleetOverloaded(state: CerberusState): boolean {
  return fleetCount(state, 'HUMAN') > D.fleet.capacity.HUMAN;
}

// ---------------------------------------------------------------- D1 Reinforcement Segment

/** 16.3 rebuild credits earned on `turn` (extended game). */
export function rebuildRate(turn: number): { EARTH: number; SYSTEM: number; TAU_CETI: number } {
  const row = D.rebuild.rows.find((r) => turn >= r.fromTurn && (r.toTurn === null || turn <= r.toTurn));
  return row ? { EARTH: row.EARTH, SYSTEM: row.SYSTEM, TAU_CETI: row.TAU_CETI } : { EARTH: 0, SYSTEM: 0, TAU_CETI: 0 };
}

/**
 * 14.22 turn 1: the Provisional battalion arrives at the Cetian Spaceport, waits (only while the
 * Spaceport is disrupted or off the map), or is lost. A full Spaceport hex does not delay it: the
 * stacking limits hold only at the end of a Movement or Transportation Segment (6.8), so the hex
 * is marked for relief by the end of its owner's next Movement Segment (movement.ts).
 */
function arriveAtSpaceport(state: CerberusState, unit: Unit, hooks: ReinforcementHooks): GameEvent[] {
  const opts = ruleOptions(state.options);
  const ports = unitsOf(state, unit.side).filter((u) => u.cls === 'SPACEPORT');
  const port = ports.find((p) => p.box === 'MAP' && p.hex !== null);
  const lost = () => {
    destroyUnit(unit, state.turn, 'spaceport-lost');
    return [pub('reinforcement.lost', { unitId: unit.id, reason: 'spaceport destroyed', rule: '14.22' })];
  };
  // 14.12 the unit and the state of a face-down Spaceport are the owner's to know: the opponent
  // sees only what the printed turn track shows (one more unit due next turn).
  const wait = (reason: string) => {
    unit.due = state.turn + 1;
    return [
      {
        type: 'reinforcement.delayed',
        visibleTo: [unit.side],
        data: { unitId: unit.id, reason, until: unit.due, rule: '14.22' },
      },
      pub('reinforcement.delayed', { side: unit.side, until: unit.due, rule: '14.22' }),
    ];
  };
  if (!port) return ports.some((p) => p.box !== 'DESTROYED') ? wait('spaceport not on the map') : lost();
  if (port.reduced && !opts.provisionalAtReducedSpaceport) return lost();
  if (port.disrupted) return wait('spaceport disrupted');
  const overstacks = !hooks.canStack(state, unit, port.hex!);
  unit.box = 'MAP';
  unit.hex = port.hex;
  unit.due = null;
  unit.arrivesAt = null;
  const events = [pub('reinforcement.arrived', { unitId: unit.id, side: unit.side, at: port.hex, rule: '14.22' })];
  if (overstacks) {
    (state.reliefDue ??= []).push({ side: unit.side, hex: port.hex! });
    events.push({
      type: 'stacking.relief-due',
      visibleTo: [unit.side],
      data: { hex: port.hex, by: 'end of your next Movement Segment', rule: '6.8' },
    });
  }
  return events;
}

/**
 * 3.2 D.1, 14.2 Reinforcement Segment for both players: units due on the turn track arrive
 * (scheduled reinforcements 14.22; destroyed SF, at most one per side per turn, 10.3), and the
 * extended game adds rebuild credits (16.3).
 */
export function reinforcementSegment(state: CerberusState, hooks: ReinforcementHooks): GameEvent[] {
  const events: GameEvent[] = [];
  if (ruleOptions(state.options).extended) {
    const rate = rebuildRate(state.turn);
    state.players.HUMAN.rebuildCredit.EARTH += rate.EARTH;
    state.players.CETIAN.rebuildCredit.SYSTEM += rate.SYSTEM;
    state.players.CETIAN.rebuildCredit.TAU_CETI += rate.TAU_CETI;
  }
  const due = state.units
    .filter((u) => u.box === 'TURN_TRACK' && u.due !== null && u.due <= state.turn)
    .sort((a, b) => a.due! - b.due!);
  const sfTaken: Record<Side, number> = { HUMAN: 0, CETIAN: 0 };
  for (const u of due) {
    if (u.cls === 'SF') {
      if (sfTaken[u.side] >= D.specialForces.maxReturnsPerTurn) {
        u.due = state.turn + 1;
        events.push(
          pub('reinforcement.delayed', { unitId: u.id, reason: 'one SF per turn', until: u.due, rule: '10.3' }),
        );
        continue;
      }
      sfTaken[u.side]++;
      putInBox(u, 'FLEET_SF');
      u.sfStatus = 'READY';
      events.push(pub('reinforcement.arrived', { unitId: u.id, side: u.side, at: 'FLEET_SF', rule: '10.3' }));
    } else if (u.arrivesAt === 'SPACEPORT') {
      events.push(...arriveAtSpaceport(state, u, hooks));
    } else {
      const at = u.arrivesAt ?? (u.side === 'HUMAN' ? 'EARTH' : 'TAU_CETI');
      putInBox(u, at);
      const data = { unitId: u.id, side: u.side, at, rule: '14.22' };
      // 2.6, H5 Earth, System and Tau Ceti are hidden boxes: the opponent sees only their counts.
      events.push(
        at === 'FLEET' || at === 'FLEET_SF'
          ? pub('reinforcement.arrived', data)
          : { type: 'reinforcement.arrived', visibleTo: [u.side], data },
      );
    }
  }
  return events;
}

// ---------------------------------------------------------------- rebuilds (16.3)

/** 16.3 credits a rebuild costs (Spaceport 3), or null if the unit may never be rebuilt. */
export function rebuildCost(unit: Unit): number | null {
  if (unit.sub === 'GUARDS' || unit.sub === 'PARATROOP' || unit.cls === 'SF') return null;
  return unit.cls === 'SPACEPORT' ? D.rebuild.spaceportCost : 1;
}

function checkRebuilds(
  state: CerberusState,
  side: Side,
  list: { unitId: string; box: 'EARTH' | 'SYSTEM' | 'TAU_CETI' }[],
  errors: OrderError[],
): void {
  if (list.length && !ruleOptions(state.options).extended) {
    errors.push({
      code: 'rebuild.not-extended',
      path: ['rebuild'],
      message: 'Units are rebuilt only in the Extended Game.',
      rule: '16.3',
    });
    return;
  }
  const spent = { EARTH: 0, SYSTEM: 0, TAU_CETI: 0 };
  list.forEach((r, i) => {
    const u = unitById(state, r.unitId);
    const cost = u ? rebuildCost(u) : null;
    if (!u || u.side !== side || u.box !== 'DESTROYED' || cost === null) {
      errors.push({
        code: 'rebuild.bad-unit',
        path: ['rebuild', i],
        message: `${r.unitId} is not a destroyed unit of yours that may be rebuilt (never Guards or Paratroopers).`,
        rule: '16.3',
      });
      return;
    }
    spent[r.box] += cost;
  });
  for (const box of ['EARTH', 'SYSTEM', 'TAU_CETI'] as const) {
    if (spent[box] > state.players[side].rebuildCredit[box] + 1e-9) {
      errors.push({
        code: 'rebuild.credit',
        path: ['rebuild'],
        message: `Rebuilds into ${box} cost ${spent[box]}; you have ${state.players[side].rebuildCredit[box]}.`,
        rule: '16.3',
      });
    }
  }
}

function applyRebuilds(
  state: CerberusState,
  side: Side,
  list: { unitId: string; box: 'EARTH' | 'SYSTEM' | 'TAU_CETI' }[],
): void {
  for (const r of list) {
    const u = unitById(state, r.unitId)!;
    state.players[side].rebuildCredit[r.box] -= rebuildCost(u)!;
    putInBox(u, r.box);
    u.reduced = false;
    u.faceDown = false;
    u.landedOnTurn = null;
  }
}

// ---------------------------------------------------------------- D2 Human

function uniq(lists: string[][]): string | null {
  const seen = new Set<string>();
  for (const l of lists)
    for (const id of l) {
      if (seen.has(id)) return id;
      seen.add(id);
    }
  return null;
}

/** 3.2 D.2, 14.13 validation of the Human Strategic Transportation order. */
export function validateHumanStrategic(state: CerberusState, order: HumanStrategicOrder): OrderError[] {
  const errors: OrderError[] = [];
  const rebuild = order.rebuild.map((unitId) => ({ unitId, box: 'EARTH' as const }));
  checkRebuilds(state, 'HUMAN', rebuild, errors);
  const dup = uniq([order.earthToFleet, order.fleetToEarth]);
  if (dup) errors.push({ code: 'strategic.twice', path: [], message: `${dup} is moved twice.` });
  if (order.earthToFleet.length > D.strategic.humanEarthToFleetMax) {
    errors.push({
      code: 'strategic.earth-limit',
      path: ['earthToFleet'],
      message: 'At most four units may move from Earth to the Fleet.',
      rule: '3.2 D.2',
    });
  }
  order.earthToFleet.forEach((id, i) => {
    const u = unitById(state, id);
    const onEarth = u && u.side === 'HUMAN' && (u.box === 'EARTH' || order.rebuild.includes(id));
    if (!onEarth || u!.cls === 'SF')
      errors.push({
        code: 'strategic.not-on-earth',
        path: ['earthToFleet', i],
        message: `${id} is not a unit of yours on Earth.`,
        rule: '3.2 D.2',
      });
  });
  order.fleetToEarth.forEach((id, i) => {
    const u = unitById(state, id);
    if (!u || u.side !== 'HUMAN' || u.box !== 'FLEET')
      errors.push({
        code: 'strategic.not-in-fleet',
        path: ['fleetToEarth', i],
        message: `${id} is not in your Fleet box.`,
        rule: '3.2 D.2',
      });
  });
  const after = fleetCount(state, 'HUMAN') - order.fleetToEarth.length + order.earthToFleet.length;
  if (after > D.fleet.capacity.HUMAN) {
    errors.push({
      code: 'strategic.fleet-full',
      path: ['fleetToEarth'],
      message: `The Fleet would hold ${after} units; it carries six${state.turn === 1 ? ' (the turn-1 overload must be gone by the end of turn 1)' : ''}.`,
      rule: state.turn === 1 ? '14.13' : '2.6',
    });
  }
  return errors;
}

/** 3.2 D.2 applies a validated Human order: rebuilds, Fleet → Earth, then Earth → Fleet. */
export function applyHumanStrategic(state: CerberusState, order: HumanStrategicOrder): GameEvent[] {
  applyRebuilds(
    state,
    'HUMAN',
    order.rebuild.map((unitId) => ({ unitId, box: 'EARTH' as const })),
  );
  for (const id of order.fleetToEarth) putInBox(unitById(state, id)!, 'EARTH');
  for (const id of order.earthToFleet) putInBox(unitById(state, id)!, 'FLEET');
  return strategicEvents(state, 'HUMAN', {
    toFleet: order.earthToFleet,
    fromFleet: order.fleetToEarth,
    rebuilt: order.rebuild,
  });
}

/** The order used when the Human sends nothing: on turn 1, send the excess Fleet units back to Earth (14.13). */
export function defaultHumanStrategic(state: CerberusState): HumanStrategicOrder {
  const fleet = state.units.filter((u) => u.side === 'HUMAN' && u.box === 'FLEET');
  const excess = Math.max(0, fleet.length - D.fleet.capacity.HUMAN);
  return {
    kind: 'strategic-human',
    earthToFleet: [],
    fleetToEarth: fleet.slice(fleet.length - excess).map((u) => u.id),
    rebuild: [],
  };
}

// ---------------------------------------------------------------- D3 Cetian

/** 3.2 D.3 validation of the Cetian Strategic Transportation order. */
export function validateCetianStrategic(state: CerberusState, order: CetianStrategicOrder): OrderError[] {
  const errors: OrderError[] = [];
  checkRebuilds(state, 'CETIAN', order.rebuild, errors);
  const rebuiltTo = (id: string) => order.rebuild.find((r) => r.unitId === id)?.box;
  const dup =
    uniq([order.fleetToSystem, order.systemToFleet, order.tauToSystem]) ??
    uniq([order.systemToFleet, order.systemToTau]);
  if (dup) errors.push({ code: 'strategic.twice', path: [], message: `${dup} is moved twice.` });
  const inBox = (id: string, box: 'FLEET' | 'SYSTEM' | 'TAU_CETI') => {
    const u = unitById(state, id);
    return !!u && u.side === 'CETIAN' && u.cls !== 'SF' && (u.box === box || rebuiltTo(id) === box);
  };
  order.fleetToSystem.forEach((id, i) => {
    if (!inBox(id, 'FLEET'))
      errors.push({
        code: 'strategic.not-in-fleet',
        path: ['fleetToSystem', i],
        message: `${id} is not in your Fleet box.`,
        rule: '3.2 D.3',
      });
  });
  order.systemToFleet.forEach((id, i) => {
    if (!inBox(id, 'SYSTEM'))
      errors.push({
        code: 'strategic.not-in-system',
        path: ['systemToFleet', i],
        message: `${id} is not in the System box (units from Tau Ceti may not go straight to the Fleet).`,
        rule: '3.2 D.3',
      });
  });
  if (order.tauToSystem.length > D.strategic.cetianTauToSystemMax) {
    errors.push({
      code: 'strategic.tau-limit',
      path: ['tauToSystem'],
      message: 'At most two units may move from Tau Ceti to the System.',
      rule: '3.2 D.3',
    });
  }
  order.tauToSystem.forEach((id, i) => {
    if (!inBox(id, 'TAU_CETI'))
      errors.push({
        code: 'strategic.not-on-tau',
        path: ['tauToSystem', i],
        message: `${id} is not on Tau Ceti.`,
        rule: '3.2 D.3',
      });
  });
  order.systemToTau.forEach((id, i) => {
    if (!inBox(id, 'SYSTEM') && !order.fleetToSystem.includes(id)) {
      errors.push({
        code: 'strategic.not-in-system',
        path: ['systemToTau', i],
        message: `${id} is not in the System box.`,
        rule: '3.2 D.3',
      });
    }
  });
  const after = fleetCount(state, 'CETIAN') - order.fleetToSystem.length + order.systemToFleet.length;
  if (after > D.fleet.capacity.CETIAN) {
    errors.push({
      code: 'strategic.fleet-full',
      path: ['systemToFleet'],
      message: `The Fleet would hold ${after} units; it carries five.`,
      rule: '2.6',
    });
  }
  return errors;
}

/** 3.2 D.3 applies a validated Cetian order in the rule's order: rebuilds, System ↔ Fleet, THEN Tau Ceti → System, System → Tau Ceti. */
export function applyCetianStrategic(state: CerberusState, order: CetianStrategicOrder): GameEvent[] {
  applyRebuilds(state, 'CETIAN', order.rebuild);
  for (const id of order.fleetToSystem) putInBox(unitById(state, id)!, 'SYSTEM');
  for (const id of order.systemToFleet) putInBox(unitById(state, id)!, 'FLEET');
  for (const id of order.tauToSystem) putInBox(unitById(state, id)!, 'SYSTEM');
  for (const id of order.systemToTau) putInBox(unitById(state, id)!, 'TAU_CETI');
  return strategicEvents(state, 'CETIAN', {
    toFleet: order.systemToFleet,
    fromFleet: order.fleetToSystem,
    rebuilt: order.rebuild.map((r) => r.unitId),
    other: { tauToSystem: order.tauToSystem, systemToTau: order.systemToTau },
  });
}

/** The order used when the Cetian sends nothing. */
export function defaultCetianStrategic(): CetianStrategicOrder {
  return {
    kind: 'strategic-cetian',
    fleetToSystem: [],
    systemToFleet: [],
    tauToSystem: [],
    systemToTau: [],
    rebuild: [],
  };
}

/**
 * Full details to the mover; to the opponent only counts, plus the ids entering or leaving the
 * Fleet when the Fleet box is public (H5, option fleetBoxPublic). Home and System boxes stay hidden (2.6).
 */
function strategicEvents(
  state: CerberusState,
  side: Side,
  moved: { toFleet: string[]; fromFleet: string[]; rebuilt: string[]; other?: Record<string, string[]> },
): GameEvent[] {
  const own: GameEvent = {
    type: 'strategic.moved',
    visibleTo: [side],
    data: { side, ...moved, other: moved.other ?? {} },
  };
  const fleetPublic = ruleOptions(state.options).fleetBoxPublic;
  const publicData = fleetPublic
    ? {
        side,
        toFleet: moved.toFleet,
        fromFleet: moved.fromFleet,
        rebuilt: moved.rebuilt.length,
        fleet: fleetCount(state, side),
      }
    : {
        side,
        toFleet: moved.toFleet.length,
        fromFleet: moved.fromFleet.length,
        rebuilt: moved.rebuilt.length,
        fleet: fleetCount(state, side),
      };
  const other: GameEvent = { type: 'strategic.summary', visibleTo: 'all', data: publicData };
  return [own, other];
}
