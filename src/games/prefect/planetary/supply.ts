/**
 * Supply Phase (L737-846, D-40..D-45, D-51), secret and simultaneous (H14). Order (L751-756,
 * D-40): (1) transfers with a LOC and storage caps (L758-776); scenario deliveries recorded
 * (L766-772; after spending with option `deliveriesAfterSpending`); (2) fatigue removal,
 * 1 SP per unit per level, whole TF, several sources each with a LOC (L778-794, D-43);
 * (3) reorganisation at an HQ or Legion base with the HQ rules (L796-826, D-44);
 * (4) rebuilding at Legion bases within their Value with SP from that base only (L828-846, D-45);
 * then base building by an assigned TF (L952-964, D-51).
 * validateSupply runs the same procedure on a copy and returns its errors; applySupply skips
 * anything invalid. Only new TF counters and new bases are public.
 */
import type { GameEvent, OrderError } from '#engine/contract.js';
import type { PrefectState, Side, SupplyOrder } from './types.js';
import {
  freeCounter,
  isAllGravitic,
  joinTf,
  tfCreatedEvents,
  newTaskForce,
  tfsAt,
  unitType,
  unitsIn,
} from './composition.js';
import { hasLoc, hasLocToAny } from './loc.js';
import { storeOf, supplyAnchors, type Store } from './supply-stores.js';
import { baseValue, isFullWater, rulesData, scenarioDef } from './rules-data.js';

type Err = (code: string, path: (string | number)[], message: string, rule: string) => void;

/** Scenario deliveries of `side` this turn (L766-772), once per turn (D-40). */
function deliver(state: PrefectState, side: Side): GameEvent[] {
  const done = (state.deliveriesDone ??= {});
  if (done[side] === state.turn) return [];
  done[side] = state.turn;
  const scenario = scenarioDef(state.scenario);
  const urban = Object.values(state.urban).filter((s) => s === side).length;
  const lines = [];
  for (const d of scenario?.supply ?? []) {
    if (d.side !== side || !(d.turn === 'each' || d.turn === state.turn)) continue;
    const base = state.bases[d.base];
    if (!base || base.side !== side) continue; // a captured base no longer receives (L770)
    const amount = d.amount + (d.perUrbanArea ?? 0) * urban; // L772
    const cap = rulesData().baseTypes[base.type]?.supplyMax ?? Infinity;
    const added = Math.max(0, Math.min(amount, cap - base.supply));
    base.supply += added;
    base.deliveredThisTurn += added;
    lines.push({ base: base.id, amount, added, lost: amount - added });
  }
  return lines.length
    ? [{ type: 'supply.delivered', visibleTo: [side], data: { deliveries: lines, rule: 'L766-774, D-40' } }]
    : [];
}

/** Deliveries for every side that has not had them this turn (idempotent; D-40). */
export function scheduledDeliveries(state: PrefectState, side?: Side): GameEvent[] {
  return (side ? [side] : (['TOG', 'CW'] as Side[])).flatMap((s) => deliver(state, s));
}

function pay(
  state: PrefectState,
  side: Side,
  sources: { id: string; amount: number }[],
  toHex: string,
  cost: number,
  path: (string | number)[],
  err: Err,
  rule: string,
  nonGravitic = false,
): boolean {
  const total = sources.reduce((a, s) => a + s.amount, 0);
  if (total !== cost) return (err('wrong-cost', path, `costs ${cost} SP, the sources give ${total}`, rule), false);
  const stores: [Store, number][] = [];
  for (const [i, s] of sources.entries()) {
    const st = storeOf(state, side, s.id);
    if (!st)
      return (err('bad-source', [...path, i, 'id'], `'${s.id}' is not one of your active bases or HQs`, 'L778'), false);
    if (!Number.isInteger(s.amount) || s.amount <= 0)
      return (err('bad-amount', [...path, i, 'amount'], 'amounts are whole positive SP', 'L778'), false);
    if (st.sp() < s.amount)
      return (err('not-enough-sp', [...path, i, 'amount'], `'${s.id}' holds only ${st.sp()} SP`, 'L776'), false);
    if (!hasLoc(state, side, st.hex, toHex, { nonGravitic }))
      return (
        err(
          'no-loc',
          [...path, i, 'id'],
          `no line of communication from '${s.id}'`,
          nonGravitic ? 'L762, L930, D-43' : 'L762, D-43',
        ),
        false
      );
    stores.push([st, s.amount]);
  }
  for (const [st, n] of stores) st.take(n);
  return true;
}

function run(state: PrefectState, side: Side, o: SupplyOrder, err: Err): GameEvent[] {
  const ev: GameEvent[] = [];
  const mine = (data: GameEvent['data'], type: string) => ev.push({ type, visibleTo: [side], data });
  // D-51: bases built on an earlier turn are reorganised, and become active, at the start of this
  // Supply Phase, with no order. Why automatic (a decision, reading the rules): the only rules for
  // a newly placed base are L2107 ("considered disrupted and may be reorganised normally during the
  // following Supply Phase") and L2297-2299 (a disorganised base spends SP "only to reorganise
  // itself"), but no reorganisation cost for a base is given anywhere (the table L804-818 lists
  // units only), so reorganising it costs nothing and there is no reason to
  // decline it: an order would be a formality with one sensible answer. Automatic activation gives
  // the same state as that order; it happens before the transfers (1), so the base may receive and
  // spend SP in this same phase, as "during the following Supply Phase" allows.
  for (const b of Object.values(state.bases)) {
    if (b.side === side && b.status === 'DISRUPTED' && b.builtTurn !== undefined && b.builtTurn < state.turn) {
      b.status = 'ACTIVE';
      ev.push({ type: 'base.active', visibleTo: 'all', data: { base: b.id, rule: 'D-51' } });
    }
  }
  // (1) transfers (L758-764, L774)
  o.transfers.forEach((t, i) => {
    const p = ['transfers', i];
    const from = storeOf(state, side, t.from);
    const to = storeOf(state, side, t.to);
    if (!from) return err('bad-source', [...p, 'from'], `'${t.from}' is not one of your active bases or HQs`, 'L758');
    if (!to || t.to === t.from)
      return err('bad-destination', [...p, 'to'], `'${t.to}' is not another of your bases or HQs`, 'L758');
    if (!Number.isInteger(t.amount) || t.amount <= 0)
      return err('bad-amount', [...p, 'amount'], 'amounts are whole positive SP', 'L758');
    if (from.transferable() < t.amount)
      return err(
        'not-enough-sp',
        [...p, 'amount'],
        `'${t.from}' can transfer only ${from.transferable()} SP (SP delivered this turn stay, L770)`,
        'L770',
      );
    if (!hasLoc(state, side, from.hex, to.hex, { nonGravitic: to.nonGravitic || from.nonGravitic })) {
      return err('no-loc', p, 'no valid line of communication between sender and receiver', 'L762-764');
    }
    from.take(t.amount);
    const lost = to.give(t.amount);
    mine({ from: t.from, to: t.to, amount: t.amount, lost, rule: 'L758, L774' }, 'supply.transfer');
  });
  if (!state.options.deliveriesAfterSpending) ev.push(...deliver(state, side));
  // (2) fatigue removal (L778-794, D-43)
  const rested = new Set<string>();
  o.fatigue.forEach((f, i) => {
    const p = ['fatigue', i];
    const tf = state.tfs[f.tf];
    if (!tf || tf.side !== side)
      return err('not-own-tf', [...p, 'tf'], `'${f.tf}' is not one of your Task Forces`, 'L780');
    if (rested.has(f.tf)) return err('tf-twice', [...p, 'tf'], 'rest a Task Force in one entry', 'L786');
    rested.add(f.tf);
    if (!Number.isInteger(f.levels) || f.levels < 1 || f.levels > tf.fatigue) {
      return err('bad-levels', [...p, 'levels'], `the Task Force has fatigue ${tf.fatigue}`, 'L784-786');
    }
    // L930: the lines of communication of an independent non-gravitic unit may not cross water.
    const nonGravitic = !!tf.independent && !isAllGravitic(state, tf.id);
    if (!hasLocToAny(state, side, tf.hex, supplyAnchors(state, side), { nonGravitic })) {
      return err(
        'no-loc',
        [...p, 'tf'],
        'the Task Force has no line of communication to a Legion HQ or base',
        nonGravitic ? 'L780, L930' : 'L780',
      );
    }
    const cost = unitsIn(state, tf.id).length * f.levels; // L782: 1 SP per unit per level, the whole TF (L792)
    if (!pay(state, side, f.sources, tf.hex, cost, [...p, 'sources'], err, 'L782, L792', nonGravitic)) return;
    tf.fatigue = (tf.fatigue - f.levels) as typeof tf.fatigue;
    mine({ tf: tf.id, levels: f.levels, cost, fatigue: tf.fatigue, rule: 'L782' }, 'supply.rest');
  });
  ev.push(...reorganise(state, side, o, err));
  ev.push(...rebuild(state, side, o, err));
  ev.push(...build(state, side, o, err));
  if (state.options.deliveriesAfterSpending) ev.push(...deliver(state, side));
  return ev;
}

/** (3) L796-826, D-44, D-09. */
function reorganise(state: PrefectState, side: Side, o: SupplyOrder, err: Err): GameEvent[] {
  const ev: GameEvent[] = [];
  const done = new Set<string>();
  o.reorganise.forEach((r, i) => {
    const p = ['reorganise', i];
    const u = state.units[r.unit];
    if (!u || u.side !== side)
      return err('not-own-unit', [...p, 'unit'], `'${r.unit}' is not one of your units`, 'L796');
    if (u.status !== 'DISORGANISED' || !u.hex || done.has(u.id))
      return err('not-disorganised', [...p, 'unit'], 'only disorganised units are reorganised', 'L796');
    const t = unitType(u);
    if (t.reorgCost === null)
      return err('cannot-reorganise', [...p, 'unit'], `${t.name} cannot be reorganised`, 'L804-818, D-09');
    const src = storeOf(state, side, r.source);
    if (!src || src.hex !== u.hex)
      return err(
        'bad-source',
        [...p, 'source'],
        'the unit must be in the hex of a friendly Legion base or of a TF with an HQ',
        'L798',
      );
    const base = state.bases[r.source];
    const hqUnit = base ? undefined : state.units[r.source];
    const hqKind = hqUnit ? unitType(hqUnit).hq : undefined;
    if (hqUnit && isFullWater(src.hex))
      return err('hq-in-water', [...p, 'source'], 'an HQ in a full-water hex may not reorganise', 'L826');
    if (t.hq) {
      const rank = base ? baseValue(base.type) : 0;
      const ok =
        t.hq === 'LEGION'
          ? rank >= 3 // L824
          : t.hq === 'MANUS'
            ? rank >= 2 || (hqKind === 'LEGION' && hqUnit?.org === u.org) // L822
            : !!base || hqKind === 'LEGION'; // L820
      if (!ok)
        return err(
          'hq-reorganiser',
          [...p, 'source'],
          `a disrupted ${t.hq} HQ needs a higher-ranked reorganiser`,
          'L820-824',
        );
    }
    if (src.sp() < t.reorgCost)
      return err('not-enough-sp', [...p, 'source'], `costs ${t.reorgCost} SP; '${r.source}' holds ${src.sp()}`, 'L800');
    // D-44 destination: the HQ's TF; at a base a given or present own TF, else a new TF, else waiting at the base.
    let into: string | undefined;
    if (hqUnit) into = hqUnit.tf;
    else {
      const here = tfsAt(state, u.hex).filter((x) => x.side === side && !x.independent);
      if (r.into !== undefined && !here.some((x) => x.id === r.into))
        return err('bad-into', [...p, 'into'], 'join one of your Task Forces in the base hex', 'D-44');
      into = r.into ?? here[0]?.id;
      if (!into) {
        const n = freeCounter(state, u.org);
        if (n !== null) {
          const tf = newTaskForce(state, side, u.org, u.hex, n);
          into = tf.id;
          ev.push(...tfCreatedEvents(tf, 'D-44'));
        }
      }
    }
    src.take(t.reorgCost);
    done.add(u.id);
    if (into) joinTf(state, [u], into);
    else {
      u.status = 'ACTIVE'; // D-44: active, waiting under the base for the next TF Adjustment
      u.under = r.source;
    }
    ev.push({
      type: 'supply.reorganised',
      visibleTo: [side],
      data: { unit: u.id, source: r.source, cost: t.reorgCost, into: into ?? null, rule: 'L796-800' },
    });
  });
  return ev;
}

/** (4) L828-846, D-45. */
function rebuild(state: PrefectState, side: Side, o: SupplyOrder, err: Err): GameEvent[] {
  const ev: GameEvent[] = [];
  o.rebuild.forEach((r, i) => {
    const p = ['rebuild', i];
    const u = state.units[r.unit];
    if (!u || u.side !== side)
      return err('not-own-unit', [...p, 'unit'], `'${r.unit}' is not one of your units`, 'L828');
    if (u.status !== 'DESTROYED')
      return err('not-destroyed', [...p, 'unit'], 'only destroyed units may be rebuilt', 'L840');
    const t = unitType(u);
    if (t.rebuildCost === null) return err('cannot-rebuild', [...p, 'unit'], `${t.name} cannot be rebuilt`, 'L830-834');
    const b = state.bases[r.base];
    if (!b || b.side !== side || b.status !== 'ACTIVE')
      return err('bad-base', [...p, 'base'], 'rebuild only at one of your active Legion bases', 'L828');
    if (b.rebuildsThisTurn >= baseValue(b.type))
      return err(
        'base-value',
        [...p, 'base'],
        `a ${b.type} base rebuilds at most ${baseValue(b.type)} units per turn`,
        'L832',
      );
    if (b.supply < t.rebuildCost)
      return err(
        'not-enough-sp',
        [...p, 'base'],
        `costs ${t.rebuildCost} SP, all from this base; it holds ${b.supply}`,
        'L844-846',
      );
    const here = tfsAt(state, b.hex).filter((x) => x.side === side && !x.independent);
    let into: string | null = null;
    if (r.into && r.into !== 'NEW') {
      if (!here.some((x) => x.id === r.into))
        return err('bad-into', [...p, 'into'], 'join one of your Task Forces in the base hex', 'L836');
      into = r.into;
    } else if (r.into === undefined && here.length > 0) into = here[0].id;
    else if (here.length > 0)
      return err('hex-occupied', [...p, 'into'], 'a Task Force is already in the base hex: join it', 'L359, L836');
    let created = false;
    if (!into) {
      const n = freeCounter(state, u.org);
      if (n === null)
        return err(
          'no-tf-slot',
          [...p, 'into'],
          'no Task Force counter is free under the limit: the unit is not rebuilt',
          'L838-839, D-45',
        );
      const tf = newTaskForce(state, side, u.org, b.hex, n);
      into = tf.id;
      created = true;
      ev.push(...tfCreatedEvents(tf, 'L836'));
    }
    b.supply -= t.rebuildCost;
    b.deliveredThisTurn = Math.min(b.deliveredThisTurn, b.supply);
    b.rebuildsThisTurn++;
    joinTf(state, [u], into);
    ev.push({
      type: 'supply.rebuilt',
      visibleTo: [side],
      data: { unit: u.id, base: b.id, cost: t.rebuildCost, into, newTf: created, rule: 'L828-846' },
    });
  });
  return ev;
}

/** L952-964, D-51: an assigned TF builds its base on a later turn's Supply Phase. */
function build(state: PrefectState, side: Side, o: SupplyOrder, err: Err): GameEvent[] {
  const ev: GameEvent[] = [];
  o.build.forEach((b, i) => {
    const p = ['build', i];
    const tf = state.tfs[b.tf];
    if (!tf || tf.side !== side)
      return err('not-own-tf', [...p, 'tf'], `'${b.tf}' is not one of your Task Forces`, 'L956');
    const a = tf.buildAssignment;
    if (!a) return err('no-assignment', [...p, 'tf'], 'no base is assigned to this Task Force', 'L954');
    if (a.assignedTurn >= state.turn)
      return err('too-early', [...p, 'tf'], 'the base is built in the Supply Phase of the following turn', 'L956');
    const spec = rulesData().baseTypes[a.type]?.build;
    if (!spec) return err('not-buildable', [...p, 'tf'], `a ${a.type} base cannot be built`, 'L958-962');
    const ces = unitsIn(state, tf.id).filter((u) => unitType(u).flags.includes('CONSTRUCTION_ENGINEER')).length;
    if (ces < spec.engineers)
      return err(
        'engineers',
        [...p, 'tf'],
        `needs ${spec.engineers} Construction Engineer Centuries, the TF has ${ces}`,
        'L958',
      );
    if (Object.values(state.bases).some((x) => x.hex === tf.hex))
      return err('base-present', [...p, 'tf'], 'a base is already in this hex', 'L2416');
    if (!pay(state, side, b.sources, tf.hex, spec.sp, [...p, 'sources'], err, 'L960-964')) return;
    const id = `base-${side}-${state.seq++}`;
    state.bases[id] = {
      id,
      side,
      originalSide: side,
      type: a.type,
      hex: tf.hex,
      status: 'DISRUPTED',
      supply: 0,
      deliveredThisTurn: 0,
      rebuildsThisTurn: 0,
      builtTurn: state.turn,
    };
    delete tf.buildAssignment;
    ev.push({
      type: 'base.built',
      visibleTo: 'all',
      data: { base: id, side, type: a.type, hex: tf.hex, rule: 'L952-964, D-51' },
    });
  });
  return ev;
}

export function validateSupply(state: PrefectState, side: Side, o: SupplyOrder): OrderError[] {
  const errors: OrderError[] = [];
  run(structuredClone(state), side, o, (code, path, message, rule) => errors.push({ code, path, message, rule }));
  return errors;
}

export function applySupply(state: PrefectState, side: Side, o: SupplyOrder): GameEvent[] {
  return run(state, side, o, () => undefined);
}
