/**
 * Supply (rule 12, 3.2 B.2, digest §5.10): the Supply Segment of the phasing player.
 *
 * a. Resource Production (12.7): every undisrupted own Base or Spaceport on a Resource hex makes 2.
 * b. Space Supply Transport (3.2 B.2b, 13.7, 12.8): the chart's factors go to own Bases and
 *    Spaceports (never over their cap, G20) or, at parity or better, one factor straight onto a unit.
 * c. Supply Step (12.3–12.71): every other unit that needs supply draws one factor from a Base or
 *    Spaceport within its Movement Factor (12.4), through a Transport ferrying from one (6 MP,
 *    12.4), from a Transport's cargo in its hex (12.5), or from its Resource hex (12.71).
 *    Units not covered by the plan are assigned by maximum matching when `auto` is on.
 * Then unsupplied units flip (12.12) or, in rows 01–03, 17–19 and the Poles, are eliminated
 * (12.13), and stockpiles are cut back to their caps (12.2, G20).
 *
 * Validation replays the plan on a copy of the state, so it reports exactly the items the
 * segment would skip. Supply details go to the owner only; the enemy sees which face-up units
 * flip or recover and which units are eliminated (face-down units stay hidden until eliminated).
 */
import type { GameEvent, OrderError } from '#engine/contract.js';
import { isPolarSupplyHex, isResourceHex } from './map.js';
import { SupplyPlanSchema, type PhasePlanOrder, type SupplyPlan } from './orders.js';
import type { SegmentHandler } from './sequence.js';
import { canLandSuppliesOnUnits, spaceSupply } from './space.js';
import {
  SUPPLY,
  holdsSupplies,
  needsSupply,
  onMap,
  own,
  ownUnit,
  pub,
  publicRef,
  reveal,
  stockCap,
  type LogisticsHooks,
} from './logistics.js';
import {
  ferryDrawProblem,
  installationDrawProblem,
  matchSupply,
  poolsOf,
  produceSupplies,
  resourceDrawBarred,
  supplyWorld,
  type SupplyWorld,
} from './supply-trace.js';
import { destroyUnit, type CerberusState, type HexId, type Side, type Unit } from './state.js';
import { minimumGarrisonCheck } from './victory.js';
import { autoSupplyPlan } from './supply-auto.js';

export { produceSupplies };

type Source = SupplyPlan['draws'][number]['source'];
type Path = (string | number)[];

interface Run {
  state: CerberusState;
  side: Side;
  mode: 'validate' | 'apply';
  world: SupplyWorld;
  errors: OrderError[];
  events: GameEvent[];
  /** Unit id → how it was supplied this segment. */
  supplied: Map<string, string>;
  resourceUsed: Set<HexId>;
}

function fail(run: Run, path: Path, code: string, message: string, rule: string): void {
  if (run.mode === 'validate') run.errors.push({ code, path, message, rule });
  else run.events.push(own(run.side, 'supply.skipped', { path, code, message, rule }));
}

const mine = (state: CerberusState, side: Side): Unit[] => state.units.filter((u) => u.side === side && onMap(u));

// ---------------------------------------------------------------- b. space delivery (3.2 B.2b, 12.8)

function deliver(run: Run, plan: SupplyPlan): void {
  const { state, side } = run;
  let left = spaceSupply(state, side);
  const available = left;
  const delivered: { to: string; factors: number }[] = [];
  plan.spaceDelivery.forEach((d, i) => {
    const at: Path = ['spaceDelivery', i];
    const exhausted = (need: number) =>
      fail(
        run,
        at,
        'supply.space-exhausted',
        `The Fleet delivers ${available} supply factors this turn (13.7); only ${left} are left for this delivery of ${need}.`,
        '3.2 B.2b',
      );
    if (d.kind === 'installation') {
      const inst = ownUnit(state, side, d.installationId);
      if (!inst || !onMap(inst))
        return fail(
          run,
          [...at, 'installationId'],
          'supply.not-yours',
          `${d.installationId} is not one of your installations on the map.`,
          '3.2 B.2b',
        );
      if (!holdsSupplies(inst))
        return fail(
          run,
          [...at, 'installationId'],
          'supply.cannot-stock',
          'Only Bases and Spaceports hold supplies; E-Fields cannot stock them.',
          '11.144',
        );
      if (d.factors > left) return exhausted(d.factors);
      const room = Math.max(0, stockCap(inst) - inst.supplies);
      if (d.factors > room) {
        return fail(
          run,
          [...at, 'factors'],
          'supply.over-cap',
          `${inst.designation} holds ${inst.supplies} of ${stockCap(inst)} factors: it can take ${room} more.`,
          '12.2',
        );
      }
      inst.supplies += d.factors;
      left -= d.factors;
      delivered.push({ to: inst.id, factors: d.factors });
      return;
    }
    if (!canLandSuppliesOnUnits(state, side)) {
      return fail(
        run,
        at,
        'supply.direct-needs-parity',
        'Supplies may be landed directly onto units only when the Space State is parity or better for you.',
        '12.8',
      );
    }
    const u = ownUnit(state, side, d.unitId);
    if (!u || !onMap(u))
      return fail(
        run,
        [...at, 'unitId'],
        'supply.not-yours',
        `${d.unitId} is not one of your units on the map.`,
        '12.8',
      );
    if (!needsSupply(u))
      return fail(run, [...at, 'unitId'], 'supply.no-need', `${u.designation} never needs supplies.`, '12.1');
    if (run.supplied.has(u.id))
      return fail(
        run,
        [...at, 'unitId'],
        'supply.twice',
        `${u.designation} already receives its factor; one factor supplies a unit for one turn.`,
        '12.11',
      );
    if (SUPPLY.perUnit > left) return exhausted(SUPPLY.perUnit);
    run.supplied.set(u.id, 'space');
    left -= SUPPLY.perUnit;
    delivered.push({ to: u.id, factors: SUPPLY.perUnit });
  });
  if (state.phaseScratch?.side === side) {
    state.phaseScratch.spaceSupplyUsed += available - left;
    state.phaseScratch.suppliedFromSpace.push(...[...run.supplied.keys()]);
  }
  if (run.mode === 'apply' && delivered.length) {
    run.events.push(own(side, 'supply.delivered', { available, delivered, unused: left, rule: '3.2 B.2b' }));
  }
}

// ---------------------------------------------------------------- c. the supply step (12.4–12.71)

function dumpAndFerry(run: Run, plan: SupplyPlan): void {
  const { state, side } = run;
  plan.dumpCargo.forEach((d, i) => {
    const t = ownUnit(state, side, d.transportId);
    const carried = t?.cargo && 'supplies' in t.cargo ? t.cargo.supplies : 0;
    if (!t || !onMap(t) || carried < d.factors) {
      return fail(
        run,
        ['dumpCargo', i],
        'supply.no-cargo',
        `${d.transportId} does not carry ${d.factors} supply factors.`,
        '12.5',
      );
    }
    t.cargo = carried === d.factors ? null : { supplies: carried - d.factors };
    if (run.mode === 'apply')
      run.events.push(own(side, 'supply.cargo-destroyed', { transportId: t.id, factors: d.factors, rule: '12.5' }));
  });
  for (const u of mine(state, side)) if (u.cls === 'TRANSPORT') u.ferrying = false;
  plan.ferry.forEach((id, i) => {
    const t = ownUnit(state, side, id);
    if (!t || !onMap(t) || t.cls !== 'TRANSPORT')
      return fail(
        run,
        ['ferry', i],
        'supply.not-transport',
        `${id} is not one of your Transport companies on the map.`,
        '12.4',
      );
    if (t.ferrying) return fail(run, ['ferry', i], 'supply.twice', `${t.designation} is listed twice.`, '12.4');
    if (!mine(state, side).some((u) => holdsSupplies(u) && u.hex === t.hex)) {
      return fail(
        run,
        ['ferry', i],
        'supply.ferry-not-on-installation',
        `${t.designation} must sit on one of your Bases or Spaceports to ferry its supplies.`,
        '12.4',
      );
    }
    t.ferrying = true;
  });
}

/** The installation a ferrying Transport issues from: the best-stocked own Base/Spaceport in its hex. */
function ferrySource(state: CerberusState, side: Side, t: Unit): Unit | undefined {
  return mine(state, side)
    .filter((u) => holdsSupplies(u) && u.hex === t.hex && u.supplies > 0)
    .sort((a, b) => b.supplies - a.supplies || a.id.localeCompare(b.id))[0];
}

/** Why `source` cannot supply `u` now, as [code, message, rule, field], or null (and the factor is taken). */
function takeFrom(run: Run, u: Unit, source: Source): [string, string, string, string | null] | null {
  const { state, side, world } = run;
  const name = u.designation;
  if (source.kind === 'installation') {
    const inst = ownUnit(state, side, source.installationId);
    if (!inst || !onMap(inst) || !holdsSupplies(inst))
      return [
        'supply.not-installation',
        `${source.installationId} is not one of your Bases or Spaceports on the map.`,
        '12.4',
        'installationId',
      ];
    if (inst.supplies < 1)
      return ['supply.stock-exhausted', `${inst.designation} has no supply factors left.`, '12.2', 'installationId'];
    const why = installationDrawProblem(world, u, inst);
    if (why === 'disrupted-range')
      return [
        'supply.disrupted-source',
        `${inst.designation} is disrupted: it issues supplies only to units in its hex or next to it.`,
        '10.412',
        'installationId',
      ];
    if (why)
      return [
        'supply.out-of-range',
        `${name} is not within its Movement Factor (${u.movement}) of ${inst.designation} along a path clear of enemy Zones of Control.`,
        '12.4',
        'installationId',
      ];
    inst.supplies -= 1;
    return null;
  }
  if (source.kind === 'ferry') {
    const t = ownUnit(state, side, source.transportId);
    if (!t || !t.ferrying)
      return [
        'supply.not-ferrying',
        `${source.transportId} is not one of your Transports inverted on a Base or Spaceport this turn (list it under ferry).`,
        '12.4',
        'transportId',
      ];
    const inst = ferrySource(state, side, t);
    if (!inst)
      return [
        'supply.stock-exhausted',
        `The installation ${t.designation} ferries from has no supply factors left.`,
        '12.2',
        'transportId',
      ];
    const why = ferryDrawProblem(world, u, t);
    if (why === 'infantry-only')
      return [
        'supply.ferry-infantry-only',
        'A ferrying Transport supplies only Infantry units (option ferrySupplies).',
        '12.4',
        null,
      ];
    if (why)
      return [
        'supply.out-of-range',
        `${name} is not within ${SUPPLY.ferryRange} Movement Points of ${t.designation} along a path clear of enemy Zones of Control.`,
        '12.4',
        'transportId',
      ];
    inst.supplies -= 1;
    return null;
  }
  if (source.kind === 'cargo') {
    const t = ownUnit(state, side, source.transportId);
    const carried = t?.cargo && 'supplies' in t.cargo ? t.cargo.supplies : 0;
    if (t && onMap(t) && t.hex !== u.hex)
      return [
        'supply.cargo-not-here',
        'A Transport issues the supplies it carries only to units in its own hex.',
        '12.5',
        'transportId',
      ];
    if (!t || !onMap(t) || carried < 1)
      return ['supply.no-cargo', `${source.transportId} carries no supplies.`, '12.5', 'transportId'];
    t.cargo = carried === 1 ? null : { supplies: carried - 1 };
    return null;
  }
  if (!isResourceHex(u.hex!)) return ['supply.not-resource', `${name} is not in a Resource hex.`, '12.71', null];
  if (resourceDrawBarred(state, side, u.hex!))
    return [
      'supply.resource-barred',
      'A friendly Base or Spaceport in this Resource hex produces there instead; no unit may draw from the hex itself.',
      '12.71',
      null,
    ];
  if (run.resourceUsed.has(u.hex!))
    return [
      'supply.resource-once',
      'Only one of your units may draw from a Resource hex each Supply Segment.',
      '12.71',
      null,
    ];
  run.resourceUsed.add(u.hex!);
  return null;
}

function describe(source: Source): string {
  return source.kind === 'installation'
    ? source.installationId
    : source.kind === 'resource'
      ? 'resource'
      : `${source.kind}:${source.transportId}`;
}

function draws(run: Run, plan: SupplyPlan): void {
  const { state, side } = run;
  const drawn: { unitId: string; from: string }[] = [];
  plan.draws.forEach((d, i) => {
    const at: Path = ['draws', i];
    const u = ownUnit(state, side, d.unitId);
    if (!u || !onMap(u))
      return fail(
        run,
        [...at, 'unitId'],
        'supply.not-yours',
        `${d.unitId} is not one of your units on the map.`,
        '12.3',
      );
    if (!needsSupply(u))
      return fail(run, [...at, 'unitId'], 'supply.no-need', `${u.designation} never needs supplies.`, '12.1');
    if (run.supplied.has(u.id))
      return fail(
        run,
        [...at, 'unitId'],
        'supply.twice',
        `${u.designation} is already supplied this segment; one factor supplies a unit for one turn.`,
        '12.11',
      );
    const problem = takeFrom(run, u, d.source);
    if (problem) {
      const [code, message, rule, field] = problem;
      return fail(run, field ? [...at, 'source', field] : [...at, 'source'], code, message, rule);
    }
    run.supplied.set(u.id, describe(d.source));
    drawn.push({ unitId: u.id, from: describe(d.source) });
  });
  if (plan.auto && run.mode === 'apply') {
    const pools = poolsOf(
      state,
      side,
      mine(state, side)
        .filter((t) => t.ferrying)
        .map((t) => t.id),
    );
    pools.resourceUsed = run.resourceUsed;
    const rest = mine(state, side).filter((u) => needsSupply(u) && !run.supplied.has(u.id));
    for (const [id, e] of matchSupply(run.world, pools, rest)) {
      const key = e.pool.slice(e.pool.indexOf(':') + 1);
      if (e.pool.startsWith('inst:')) ownUnit(state, side, key)!.supplies -= 1;
      else if (takeFrom(run, ownUnit(state, side, id)!, e.source)) continue;
      run.supplied.set(id, describe(e.source));
      drawn.push({ unitId: id, from: describe(e.source) });
    }
  }
  if (run.mode === 'apply' && drawn.length) run.events.push(own(side, 'supply.drawn', { draws: drawn, rule: '12.4' }));
}

// ---------------------------------------------------------------- flipping, elimination, caps

/** 12.12, 12.13, G20 end of the Supply Segment: flip or eliminate the unsupplied, right the supplied, trim stockpiles. */
function settle(run: Run): void {
  const { state, side, events } = run;
  const flipped: Unit[] = [];
  const recovered: Unit[] = [];
  const eliminated: Unit[] = [];
  for (const u of mine(state, side)) {
    if (!needsSupply(u)) continue;
    if (run.supplied.has(u.id)) {
      if (u.outOfSupply) recovered.push(u);
      u.outOfSupply = false;
    } else if (isPolarSupplyHex(u.hex!)) {
      events.push(...reveal(u, 'eliminated out of supply', '12.13'));
      eliminated.push(u);
    } else {
      u.outOfSupply = true;
      flipped.push(u);
    }
  }
  const gone = eliminated.map((u) => ({ ...publicRef(u) }));
  for (const u of eliminated) destroyUnit(u, state.turn, 'supply');
  const trimmed: { installationId: string; lost: number }[] = [];
  for (const u of mine(state, side)) {
    const cap = stockCap(u);
    if (holdsSupplies(u) && u.supplies > cap) {
      trimmed.push({ installationId: u.id, lost: u.supplies - cap });
      u.supplies = cap;
    }
  }
  const ids = (list: Unit[]) => list.map((u) => u.id);
  events.push(
    own(side, 'supply.result', {
      supplied: [...run.supplied.keys()],
      unsupplied: ids(flipped),
      recovered: ids(recovered),
      eliminated: gone,
      trimmed,
      rule: '12.12',
    }),
  );
  const faceUp = (list: Unit[]) => list.filter((u) => !u.faceDown).map(publicRef);
  events.push(
    pub('supply.status', {
      side,
      unsupplied: faceUp(flipped),
      recovered: faceUp(recovered),
      eliminated: gone,
      rule: '12.13',
    }),
  );
}

// ---------------------------------------------------------------- entry points

function run(state: CerberusState, side: Side, plan: SupplyPlan, hooks: LogisticsHooks, mode: Run['mode']): Run {
  const r: Run = {
    state,
    side,
    mode,
    world: supplyWorld(state, side, hooks),
    errors: [],
    events: [],
    supplied: new Map(),
    resourceUsed: new Set(),
  };
  const produced = produceSupplies(state, side);
  if (mode === 'apply') r.events.push(...produced);
  deliver(r, plan);
  dumpAndFerry(r, plan);
  draws(r, plan);
  if (mode === 'apply') settle(r);
  return r;
}

/** Checks a supply plan of `side` against the state (paths are relative to the plan). */
export function validateSupplyPlan(
  state: CerberusState,
  side: Side,
  plan: SupplyPlan,
  hooks: LogisticsHooks = {},
): OrderError[] {
  return run(structuredClone(state), side, plan, hooks, 'validate').errors;
}

/** 3.2 B.2 runs `side`'s Supply Segment with `plan`; items that are no longer legal are skipped with an event. */
export function applySupplyPlan(
  state: CerberusState,
  side: Side,
  plan: SupplyPlan,
  hooks: LogisticsHooks = {},
): GameEvent[] {
  return run(state, side, plan, hooks, 'apply').events;
}

/** A complete, legal supply plan for `side` now: deliveries, ferries and draws (for players, the bot and a missing plan). */
export function autoSupply(state: CerberusState, side: Side, hooks: LogisticsHooks = {}): SupplyPlan {
  return autoSupplyPlan(state, side, hooks);
}

/** The supply part of a phase plan, with paths into the order (['supply', …]). */
export function validatePlanSupply(
  state: CerberusState,
  side: Side,
  order: Pick<PhasePlanOrder, 'supply'>,
  hooks: LogisticsHooks = {},
): OrderError[] {
  if (!order.supply) return [];
  return validateSupplyPlan(state, side, order.supply, hooks).map((e) => ({ ...e, path: ['supply', ...e.path] }));
}

/** The SUPPLY segment handler: the stored plan's supply part, or `autoSupply` when the plan has none; then 14.4. */
export function supplyHandler(hooks: LogisticsHooks = {}): SegmentHandler {
  return (state) => {
    const side = state.phasing!;
    const given = state.plan?.side === side ? state.plan.order.supply : undefined;
    const plan = given ?? autoSupply(state, side, hooks);
    const events = applySupplyPlan(state, side, SupplyPlanSchema.parse(plan), hooks);
    return events.some((e) => e.type === 'supply.status' && (e.data as { eliminated: unknown[] }).eliminated.length)
      ? [...events, ...minimumGarrisonCheck(state, 'continuous')]
      : events;
  };
}
