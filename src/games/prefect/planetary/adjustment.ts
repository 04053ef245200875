/**
 * TF Adjustment Phase (L866-878, D-47, D-48, D-07), simultaneous and hidden (H14): adjacent
 * TFs exchange units with the higher fatigue and LAF status following them (L872-878, L719),
 * new TFs near an HQ TF or a friendly base (D-47) within the TF limit (D-07), reinforcements
 * arriving at their scenario hex (L264), new bases assigned to a TF with a LOC (L954, D-51),
 * standing terrain choices (D-20). Resolved attacker first (D-48): a later order that conflicts
 * is skipped and reported to its side. Only new or removed TF counters are public.
 */
import type { GameEvent, OrderError } from '#engine/contract.js';
import type { AdjustmentOrder, GroundUnit, PrefectState, Side, TaskForce } from './types.js';
import { otherSide } from './types.js';
import {
  disorganisedAt,
  freeCounter,
  tfCreatedEvents,
  hasHq,
  joinTf,
  newTaskForce,
  removeTfIfEmpty,
  tfLimit,
  unitType,
} from './composition.js';
import { hasLocToAny } from './loc.js';
import { supplyAnchors } from './supply-stores.js';
import { isAdjacent, isFullWater, rulesData, scenarioDef } from './rules-data.js';

type Err = (code: string, path: (string | number)[], message: string, rule: string) => void;
const near = (a: string, b: string): boolean => a === b || isAdjacent(a, b);

/** Scenario reinforcements of `side` due by this turn and not yet on the map (L264). */
export function dueReinforcements(state: PrefectState, side: Side): { unit: GroundUnit; hex: string }[] {
  const out: { unit: GroundUnit; hex: string }[] = [];
  for (const r of scenarioDef(state.scenario)?.reinforcements ?? []) {
    if (r.side !== side || r.turn > state.turn) continue;
    for (const d of r.units) {
      state.units[d.id] ??= {
        id: d.id,
        type: d.type,
        side: d.side,
        org: d.org,
        counterId: d.counterId,
        status: 'NOT_ARRIVED',
      };
      if (state.units[d.id].status === 'NOT_ARRIVED') out.push({ unit: state.units[d.id], hex: r.hex });
    }
  }
  return out;
}

/** Units that may leave `from`: a TF's units, or active units waiting under a base (D-44). */
function unitsFrom(
  state: PrefectState,
  side: Side,
  from: string,
): { hex: string; tf?: TaskForce; units: GroundUnit[] } | null {
  const tf = state.tfs[from];
  if (tf)
    return tf.side === side
      ? { hex: tf.hex, tf, units: Object.values(state.units).filter((u) => u.status === 'ACTIVE' && u.tf === from) }
      : null;
  const b = state.bases[from];
  if (b && b.side === side)
    return {
      hex: b.hex,
      units: Object.values(state.units).filter((u) => u.status === 'ACTIVE' && !u.tf && u.under === from),
    };
  return null;
}

function run(state: PrefectState, side: Side, o: AdjustmentOrder, err: Err): GameEvent[] {
  const ev: GameEvent[] = [];
  const own = (id: string): TaskForce | undefined => (state.tfs[id]?.side === side ? state.tfs[id] : undefined);
  const move = (units: string[], from: string, into: TaskForce, p: (string | number)[]): boolean => {
    const src = unitsFrom(state, side, from);
    if (!src)
      return (err('bad-source', [...p, 'from'], `'${from}' is not one of your Task Forces or bases`, 'L872'), false);
    if (!near(src.hex, into.hex))
      return (err('not-adjacent', p, 'only adjacent Task Forces exchange units', 'L872'), false);
    const picked = units.map((id) => src.units.find((u) => u.id === id));
    const bad = picked.findIndex((u) => !u);
    if (bad >= 0 || units.length === 0)
      return (err('unit-not-there', [...p, 'units', Math.max(0, bad)], `unit not in '${from}'`, 'L872'), false);
    joinTf(state, picked as GroundUnit[], into.id, { from: src.tf }); // L874 higher fatigue, L878 LAF
    return true;
  };
  const created = new Map<string, TaskForce>();
  const createdAt = new Map<string, number>();
  o.create.forEach((c, i) => {
    const p = ['create', i];
    const org = state.orgs[c.org];
    if (!org || org.side !== side)
      return err('not-own-org', [...p, 'org'], `'${c.org}' is not your organisation`, 'L105');
    if (!Number.isInteger(c.counter) || c.counter < 1 || c.counter > tfLimit(state, c.org)) {
      return err('bad-counter', [...p, 'counter'], `counters run 1..${tfLimit(state, c.org)}`, 'L107, L183, D-07');
    }
    if (
      Object.values(state.tfs).some((t) => t.org === c.org && t.counter === c.counter) ||
      freeCounter(state, c.org) === null
    ) {
      return err(
        'counter-in-use',
        [...p, 'counter'],
        'this counter is in use or the organisation is at its Task Force limit',
        'D-07',
      );
    }
    if (!rulesData().graph.has(c.hex)) return err('unknown-hex', [...p, 'hex'], `no hex '${c.hex}'`, 'D-05');
    if (
      Object.values(state.tfs).some((t) => t.hex === c.hex) ||
      disorganisedAt(state, c.hex, otherSide(side)).length > 0
    ) {
      return err(
        'hex-occupied',
        [...p, 'hex'],
        'a new Task Force needs a hex with no other Task Force or enemy unit',
        'L359, D-48',
      );
    }
    const anchor =
      Object.values(state.tfs).some((t) => t.side === side && isAdjacent(t.hex, c.hex) && hasHq(state, t.id)) ||
      Object.values(state.bases).some((b) => b.side === side && near(b.hex, c.hex));
    if (!anchor)
      return err(
        'not-near-hq',
        [...p, 'hex'],
        'create new Task Forces next to a Task Force with an HQ or at a friendly base',
        'L870, D-47',
      );
    const tf = newTaskForce(state, side, c.org, c.hex, c.counter);
    created.set(`${c.org}#${c.counter}`, tf);
    createdAt.set(tf.id, i);
    for (const [j, id] of c.units.entries()) {
      const u = state.units[id];
      const from = u?.side === side ? (u.tf ?? u.under) : undefined;
      if (!from || !move([id], from, tf, [...p, 'units', j])) continue;
    }
    ev.push(...tfCreatedEvents(tf, 'L870'));
  });
  o.transfers.forEach((t, i) => {
    const p = ['transfers', i];
    const into = own(t.to);
    if (!into) return err('not-own-tf', [...p, 'to'], `'${t.to}' is not one of your Task Forces`, 'L872');
    if (into.independent)
      return err(
        'into-independent',
        [...p, 'to'],
        'an independent unit is on its own counter: it joins a Task Force, not the reverse',
        'L918-920, D-52',
      );
    if (t.from === t.to) return err('same-tf', p, 'transfer between two different Task Forces', 'L872');
    if (move(t.units, t.from, into, p))
      ev.push({ type: 'adjust.transfer', visibleTo: [side], data: { from: t.from, to: t.to, units: t.units } });
  });
  const due = dueReinforcements(state, side);
  o.reinforcements.forEach((r, i) => {
    const p = ['reinforcements', i];
    const d = due.find((x) => x.unit.id === r.unit);
    if (!d) return err('not-arriving', [...p, 'unit'], `'${r.unit}' is not one of your reinforcements due now`, 'L264');
    let into: TaskForce | undefined;
    if (typeof r.tf === 'string') {
      into = own(r.tf);
      if (!into || !near(into.hex, d.hex))
        return err('bad-tf', [...p, 'tf'], 'reinforcements join a Task Force at or next to their arrival hex', 'L264');
    } else {
      const want = r.tf;
      into = created.get(`${want.org}#${want.newCounter}`);
      if (!into) {
        const org = state.orgs[want.org];
        const inUse = Object.values(state.tfs).some((t) => t.org === want.org && t.counter === want.newCounter);
        if (
          !org ||
          org.side !== side ||
          inUse ||
          freeCounter(state, want.org) === null ||
          want.newCounter > tfLimit(state, want.org)
        ) {
          return err('bad-counter', [...p, 'tf'], 'no free Task Force counter under the limit', 'D-07');
        }
        if (Object.values(state.tfs).some((t) => t.hex === d.hex))
          return err('hex-occupied', [...p, 'tf'], 'the arrival hex holds a Task Force: join it', 'L359');
        into = newTaskForce(state, side, want.org, d.hex, want.newCounter);
        created.set(`${want.org}#${want.newCounter}`, into);
        ev.push(...tfCreatedEvents(into, 'L264'));
      }
    }
    joinTf(state, [d.unit], into.id);
    ev.push({ type: 'reinforcement', visibleTo: [side], data: { unit: d.unit.id, tf: into.id } });
  });
  o.assignBases.forEach((a, i) => {
    const p = ['assignBases', i];
    const tf = own(a.tf);
    const k = state.availableBases.findIndex((b) => b.side === side && b.type === a.type);
    if (k < 0) return err('no-base-available', [...p, 'type'], `no ${a.type} base is available to you`, 'L952');
    if (!tf) return err('not-own-tf', [...p, 'tf'], `'${a.tf}' is not one of your Task Forces`, 'L954');
    if (tf.buildAssignment)
      return err('already-assigned', [...p, 'tf'], 'this Task Force already has a base to build', 'L954');
    if (!hasLocToAny(state, side, tf.hex, supplyAnchors(state, side, { anyHq: true }))) {
      return err('no-loc', [...p, 'tf'], 'the Task Force must trace a LOC to a friendly base or HQ', 'L954');
    }
    state.availableBases.splice(k, 1);
    tf.buildAssignment = { type: a.type, assignedTurn: state.turn };
    ev.push({ type: 'base.assigned', visibleTo: [side], data: { tf: tf.id, type: a.type, rule: 'L954, D-51' } });
  });
  (o.terrain ?? []).forEach((t, i) => {
    const p = ['terrain', i];
    const tf = own(t.tf);
    if (!tf) return err('not-own-tf', [...p, 'tf'], `'${t.tf}' is not one of your Task Forces`, 'D-20');
    if (!rulesData().graph.has(t.hex) || !rulesData().hex(t.hex).terrain.includes(t.terrain)) {
      return err(
        'bad-terrain',
        [...p, 'terrain'],
        `'${t.terrain}' is not a terrain type of hex '${t.hex}'`,
        'L515, D-20',
      );
    }
    (tf.terrainChoice ??= {})[t.hex] = t.terrain;
  });
  (o.independent ?? []).forEach((x, i) => ev.push(...goIndependent(state, side, x, ['independent', i], err)));
  for (const [id, i] of createdAt) {
    if (!Object.values(state.units).some((u) => u.status === 'ACTIVE' && u.tf === id)) {
      err('empty-tf', ['create', i, 'units'], 'a Task Force counter on the map must hold at least one unit', 'L181');
    }
  }
  for (const tf of Object.values(state.tfs)) {
    if (tf.side === side && removeTfIfEmpty(state, tf.id))
      ev.push({ type: 'tf.removed', visibleTo: 'all', data: { tf: tf.id, rule: 'L876' } });
  }
  return ev;
}

/**
 * L918-920: a non-gravitic unit of a TF goes on its own counter (a pseudo-TF, D-52) in an empty hex
 * adjacent to its TF (DECISION: D-52 counts it for stacking so it cannot stay in the TF's hex; D-47
 * places new counters next to their source), not water (L926), keeping the TF's fatigue (L719).
 */
function goIndependent(
  state: PrefectState,
  side: Side,
  x: { unit: string; hex: string },
  p: (string | number)[],
  err: Err,
): GameEvent[] {
  const u = state.units[x.unit];
  const from = u?.side === side && u.status === 'ACTIVE' && u.tf ? state.tfs[u.tf] : undefined;
  if (!u || !from || from.independent)
    return (err('unit-not-there', [...p, 'unit'], 'not a unit in one of your Task Forces', 'L918'), []);
  if (unitType(u).gravitic)
    return (
      err('independent.gravitic', [...p, 'unit'], 'only non-gravitic units may operate on their own counter', 'L918'),
      []
    );
  if (!rulesData().graph.has(x.hex) || !isAdjacent(from.hex, x.hex))
    return (
      err(
        'not-adjacent',
        [...p, 'hex'],
        'the unit\u2019s counter goes in a hex adjacent to its Task Force',
        'L918-920, D-47',
      ),
      []
    );
  if (isFullWater(x.hex))
    return (err('water', [...p, 'hex'], 'non-gravitic units may not enter water hexes', 'L926'), []);
  if (
    Object.values(state.tfs).some((t) => t.hex === x.hex) ||
    disorganisedAt(state, x.hex, otherSide(side)).length > 0
  ) {
    return (
      err('hex-occupied', [...p, 'hex'], 'the hex holds another Task Force or counter, or an enemy unit', 'L359, D-52'),
      []
    );
  }
  const tf: TaskForce = {
    id: `ind-${u.id}`,
    side,
    org: u.org,
    counter: 0,
    hex: x.hex,
    mode: 'COMBAT',
    fatigue: from.fatigue,
    independent: true,
    movedThisTurn: false,
    movedLafThisTurn: false,
    attackedThisTurn: false,
    detected: false,
  };
  state.tfs[tf.id] = tf;
  u.tf = tf.id;
  // Its type is public once on its own counter (H35); the TF it left is not named.
  return [
    {
      type: 'tf.created',
      visibleTo: 'all',
      data: { tf: tf.id, side, hex: x.hex, independent: true, unit: { id: u.id, type: u.type }, rule: 'L918-920' },
    },
  ];
}

/** Reinforcements nobody placed join a TF in their hex, or form a new TF there (L264). */
function autoPlace(state: PrefectState, side: Side): GameEvent[] {
  const ev: GameEvent[] = [];
  for (const d of dueReinforcements(state, side)) {
    const here = Object.values(state.tfs).filter((t) => t.hex === d.hex);
    if (here.some((t) => t.side !== side)) continue; // blocked: tries again next turn
    let into = here.find((t) => t.side === side && !t.independent);
    if (!into) {
      const n = freeCounter(state, d.unit.org);
      if (n === null) continue;
      into = newTaskForce(state, side, d.unit.org, d.hex, n);
      ev.push(...tfCreatedEvents(into, 'L264'));
    }
    joinTf(state, [d.unit], into.id);
    ev.push({ type: 'reinforcement', visibleTo: [side], data: { unit: d.unit.id, tf: into.id, auto: true } });
  }
  return ev;
}

export function validateAdjustment(state: PrefectState, side: Side, o: AdjustmentOrder): OrderError[] {
  const errors: OrderError[] = [];
  run(structuredClone(state), side, o, (code, path, message, rule) => errors.push({ code, path, message, rule }));
  return errors;
}

export function applyAdjustment(
  state: PrefectState,
  ordersBySide: Partial<Record<Side, AdjustmentOrder>>,
): GameEvent[] {
  const events: GameEvent[] = [];
  for (const side of [state.attacker, otherSide(state.attacker)]) {
    // D-48: turn attacker first
    const o = ordersBySide[side];
    const rejected: OrderError[] = [];
    if (o)
      events.push(...run(state, side, o, (code, path, message, rule) => rejected.push({ code, path, message, rule })));
    if (rejected.length)
      events.push({
        type: 'orders.rejected',
        visibleTo: [side],
        data: { errors: rejected as unknown as GameEvent['data'], rule: 'D-48' },
      });
    events.push(...autoPlace(state, side));
  }
  return events;
}
