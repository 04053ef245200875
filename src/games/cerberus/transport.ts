/**
 * Space transportation (rule 11, 3.2 B.5/C.5, 14.23, digest §5.9): the phasing player's
 * Transportation Segment. Actions run in the order given (STP, stacking and the first-unit Base
 * discount depend on it): landing from the Fleet, System or home box (11.1), evacuation to the
 * Fleet (11.15, one free at own state −4..−6), shuttle (11.16–11.19), and the Cetian's one
 * sub-orbital trip (11.2). On Cetian turn 1 the special insertion (14.23) comes first.
 *
 * Validation replays the plan on a copy of the state. Before the Transportation Segment itself
 * (a whole-phase plan sent at its start) it leaves out what movement and combat may still change:
 * enemy units and ZOC at the destination, stacking, storms; units the plan's movement part moves
 * count as moved (11.19). At resolution an action that has become illegal is skipped (or stops the
 * segment, `ifIllegal`) with an event to its owner.
 *
 * Hidden information: the enemy learns what appears on or leaves the map, never the box a unit came
 * from, its cost or the STP left; face-down units leaving the map are named only by their hex.
 */
import type { GameEvent, OrderError } from '#engine/contract.js';
import type { Dice } from '#engine/dice.js';
import {
  actsAs,
  holdsSupplies,
  isInstallation,
  isParatroop,
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
  TransportationPlanSchema,
  type PhasePlanOrder,
  type TransportAction,
  type TransportationPlan,
} from './orders.js';
import { fleetCapacity, fleetCount } from './reinforcements.js';
import type { SegmentHandler } from './sequence.js';
import { isLowSpaceState } from './space.js';
import { enemyOf, putInBox, type CerberusState, type HexId, type Side, type Unit } from './state.js';
import {
  bannedAtLowState,
  evacuateCost,
  landingQuote,
  originOf,
  placementContext,
  placementProblem,
  scratchOf,
  shuttleCost,
  stpLeft,
  type PlacementContext,
  type Problem,
} from './transport-cost.js';
import { insertion } from './transport-insertion.js';
import { err, place, report, revealAround, spend, type TransportRun } from './transport-run.js';
import { minimumGarrisonCheck } from './victory.js';

type Path = (string | number)[];

// ---------------------------------------------------------------- actions

function land(run: TransportRun, a: Extract<TransportAction, { type: 'land' }>, ctx: PlacementContext): Problem | null {
  const { state, side } = run;
  const u = ownUnit(state, side, a.unitId);
  if (!u || !originOf(side, u))
    return err(
      'transport.not-landable',
      `${a.unitId} is not one of your units waiting in the Fleet, the System or your home box.`,
      '11.1',
    );
  if (bannedAtLowState(state, side, u)) {
    return err(
      'transport.low-state',
      'Paratroopers, Transport companies and E-Fields may not be landed in Space States −4 to −6.',
      '11.144, 11.145',
    );
  }
  const q = landingQuote(state, side, u, a.hex)!;
  const left = stpLeft(state, side);
  if (q.cost > left)
    return err(
      'transport.stp',
      `Landing ${u.designation} in ${a.hex} costs ${q.cost} Space Transport Points; you have ${left} left.`,
      '11.11',
    );
  const p = placementProblem(state, side, u, a.hex, q.from, ctx);
  if (p && (p.dynamic ? run.final : true)) return p;
  if (run.mode === 'apply' && isParatroop(u) && !paratroopLandingStands(run, a.hex)) {
    return {
      ...err(
        'transport.para-enemy-spaceport',
        'A Paratroop unit may land anywhere except in a hex holding an enemy Spaceport.',
        '11.18',
      ),
      dynamic: true,
    };
  }
  spend(run, q.cost);
  if (q.baseUsed) scratchOf(state, side).basesUsedForLanding.push(q.baseUsed);
  place(run, u, a.hex, true);
  if (run.mode === 'apply') {
    run.events.push(pub('transport.landed', { side, unitId: u.id, typeId: u.typeId, hex: a.hex, rule: '11.1' }));
    run.events.push(
      own(side, 'transport.landing-cost', {
        unitId: u.id,
        from: q.from,
        cost: q.cost,
        adjustments: q.adjustments,
        stpLeft: stpLeft(state, side),
        rule: '11.12',
      }),
    );
  }
  revealAround(run, a.hex);
  return null;
}

/** 11.18, G17 a Paratrooper dropped onto face-down units turns them up; an enemy Spaceport among them stops the landing. */
function paratroopLandingStands(run: TransportRun, hex: HexId): boolean {
  const hidden = run.state.units.filter((u) => u.side === enemyOf(run.side) && onMap(u) && u.hex === hex && u.faceDown);
  for (const u of hidden) run.events.push(...reveal(u, 'Paratroopers landed in its hex', '11.18'));
  return !hidden.some((u) => actsAs(u) === 'SPACEPORT');
}

function pickUp(run: TransportRun, unitId: string): Unit | Problem {
  const u = ownUnit(run.state, run.side, unitId);
  if (!u || !onMap(u) || u.cls === 'SF')
    return err('transport.not-on-map', `${unitId} is not one of your units on the map.`, '11.15');
  if (run.moved.has(u.id))
    return err(
      'transport.moved',
      `${u.designation} moved in the Ground Unit Movement Segment and may not be picked up.`,
      '11.19',
    );
  return u;
}

function evacuate(run: TransportRun, a: Extract<TransportAction, { type: 'evacuate' }>): Problem | null {
  const { state, side } = run;
  const u = pickUp(run, a.unitId);
  if ('code' in u) return u;
  if (fleetCount(state, side) + 1 > fleetCapacity(state, side)) {
    return err('transport.fleet-full', `Your Fleet box is full (${fleetCapacity(state, side)} units).`, '11.15, 2.6');
  }
  const scratch = scratchOf(state, side);
  const free = isLowSpaceState(state, side) && !scratch.freeEvacuationUsed;
  const cost = free ? 0 : evacuateCost(u);
  const left = stpLeft(state, side);
  if (cost > left)
    return err(
      'transport.stp',
      `Evacuating ${u.designation} costs ${cost} Space Transport Points; you have ${left} left.`,
      '11.15',
    );
  if (free) scratch.freeEvacuationUsed = true;
  spend(run, cost);
  const seen = publicRef(u);
  putInBox(u, 'FLEET');
  u.supplies = 0;
  u.cargo = null;
  if (run.mode === 'apply') {
    run.events.push(pub('transport.evacuated', { side, ...seen, rule: '11.15' }));
    run.events.push(
      own(side, 'transport.evacuation-cost', {
        unitId: u.id,
        cost,
        free,
        stpLeft: stpLeft(state, side),
        rule: '11.15',
      }),
    );
  }
  return null;
}

function shuttle(
  run: TransportRun,
  a: Extract<TransportAction, { type: 'shuttle' }>,
  ctx: PlacementContext,
): Problem | null {
  const { state, side } = run;
  const u = pickUp(run, a.unitId);
  if ('code' in u) return u;
  const cost = shuttleCost(u);
  const left = stpLeft(state, side);
  if (cost > left)
    return err(
      'transport.stp',
      `Shuttling ${u.designation} costs ${cost} Space Transport Points; you have ${left} left.`,
      '11.16',
    );
  const p = placementProblem(state, side, u, a.hex, 'SHUTTLE', ctx);
  if (p && (p.dynamic ? run.final : true)) return p;
  if (run.mode === 'apply' && isParatroop(u) && !paratroopLandingStands(run, a.hex)) {
    return {
      ...err(
        'transport.para-enemy-spaceport',
        'A Paratroop unit may land anywhere except in a hex holding an enemy Spaceport.',
        '11.18',
      ),
      dynamic: true,
    };
  }
  spend(run, cost);
  const from = u.hex!;
  if (run.mode === 'apply') run.events.push(...reveal(u, 'shuttled', '14.12'));
  place(run, u, a.hex, false);
  if (run.mode === 'apply') {
    run.events.push(
      pub('transport.shuttled', { side, unitId: u.id, typeId: u.typeId, from, hex: a.hex, rule: '11.16' }),
    );
    run.events.push(
      own(side, 'transport.shuttle-cost', { unitId: u.id, cost, stpLeft: stpLeft(state, side), rule: '11.16' }),
    );
  }
  revealAround(run, a.hex);
  return null;
}

const SUB_ORBITAL_CLASSES: Unit['cls'][] = ['INFANTRY', 'MOBILE', 'TRANSPORT', 'HEAVY_WEAPONS'];

function subOrbital(
  run: TransportRun,
  a: Extract<TransportAction, { type: 'sub-orbital' }>,
  ctx: PlacementContext,
): [Problem, string?] | null {
  const { state, side } = run;
  if (side !== 'CETIAN')
    return [err('transport.sub-orbital-cetian', 'Only the Cetian player has Sub-Orbital Transports.', '11.2')];
  const scratch = scratchOf(state, side);
  if (scratch.subOrbitalUsed)
    return [
      err(
        'transport.sub-orbital-once',
        'Sub-Orbital Transport moves one unit (or up to six supply factors) per Transportation Segment.',
        '11.21',
      ),
    ];
  const ends: Unit[] = [];
  for (const [id, field] of [
    [a.fromId, 'fromId'],
    [a.toId, 'toId'],
  ] as const) {
    const inst = ownUnit(state, side, id);
    if (!inst || !onMap(inst) || !isInstallation(inst))
      return [
        err(
          'transport.sub-orbital-installation',
          `${id} is not one of your Spaceports, E-Fields or Bases on the map.`,
          '11.22',
        ),
        field,
      ];
    if (inst.disrupted)
      return [
        err(
          'transport.sub-orbital-disrupted',
          `${inst.designation} is disrupted and cannot be used for Sub-Orbital Transport.`,
          '11.21, 10.412',
        ),
        field,
      ];
    if (state.units.some((e) => e.side === enemyOf(side) && onMap(e) && e.hex === inst.hex)) {
      return [
        {
          ...err(
            'transport.sub-orbital-enemy',
            `The hex of ${inst.designation} must be totally clear of enemy units.`,
            '11.23',
          ),
          dynamic: true,
        },
        field,
      ];
    }
    ends.push(inst);
  }
  const [from, to] = ends;
  if (from.id === to.id)
    return [
      err('transport.sub-orbital-same', 'Sub-Orbital Transport runs between two different installations.', '11.21'),
      'toId',
    ];
  if (actsAs(from) === 'BASE' && actsAs(to) === 'BASE')
    return [
      err(
        'transport.sub-orbital-bases',
        'Both installations may not be Bases: one end must be a Spaceport or an E-Field.',
        '11.22',
      ),
      'toId',
    ];
  if (ctx.intensityAt(to.hex!) >= 3)
    return [
      {
        ...err(
          'transport.storm',
          'No unit may be landed by Sub-Orbital Transport into a hex under Intensity 3 weather.',
          '15.72',
        ),
        dynamic: true,
      },
      'toId',
    ];
  if ((a.unitId === undefined) === (a.supplies === undefined))
    return [
      err(
        'transport.sub-orbital-load',
        'Sub-Orbital Transport carries either one combat unit or up to six supply factors.',
        '11.21, 11.25',
      ),
    ];
  if (a.supplies !== undefined) {
    if (!holdsSupplies(from) || !holdsSupplies(to))
      return [
        err(
          'transport.sub-orbital-stock',
          'Supplies go from one stockpile to another: E-Fields hold none.',
          '11.25, 11.144',
        ),
        'supplies',
      ];
    if (from.supplies < a.supplies)
      return [
        {
          ...err(
            'transport.sub-orbital-stock',
            `${from.designation} holds only ${from.supplies} supply factors.`,
            '11.25',
          ),
          dynamic: true,
        },
        'supplies',
      ];
    if (to.supplies + a.supplies > stockCap(to))
      return [
        {
          ...err(
            'transport.over-cap',
            `${to.designation} can hold ${Math.max(0, stockCap(to) - to.supplies)} more supply factors.`,
            '12.2',
          ),
          dynamic: true,
        },
        'supplies',
      ];
    from.supplies -= a.supplies;
    to.supplies += a.supplies;
    scratch.subOrbitalUsed = true;
    if (run.mode === 'apply')
      run.events.push(
        pub('transport.sub-orbital', { side, fromHex: from.hex, toHex: to.hex, supplies: a.supplies, rule: '11.25' }),
      );
    return null;
  }
  const u = ownUnit(state, side, a.unitId!);
  if (!u || !onMap(u) || u.hex !== from.hex || !SUB_ORBITAL_CLASSES.includes(u.cls)) {
    return [
      {
        ...err(
          'transport.sub-orbital-unit',
          `${a.unitId} is not one of your Infantry, Mobile, Transport or Heavy Weapons units at ${from.designation}.`,
          '11.21',
        ),
        dynamic: !!u && onMap(u) && SUB_ORBITAL_CLASSES.includes(u.cls),
      },
      'unitId',
    ];
  }
  const p = placementProblem(state, side, u, to.hex!, 'SHUTTLE', { ...ctx, zoc: new Set() });
  if (p?.code === 'transport.stacking') return [p, 'toId'];
  scratch.subOrbitalUsed = true;
  const fromHex = u.hex!;
  if (run.mode === 'apply') run.events.push(...reveal(u, 'moved by Sub-Orbital Transport', '14.12'));
  u.hex = to.hex;
  if (run.mode === 'apply')
    run.events.push(
      pub('transport.sub-orbital', { side, unitId: u.id, typeId: u.typeId, fromHex, toHex: to.hex, rule: '11.21' }),
    );
  return null;
}

// ---------------------------------------------------------------- the segment

function runPlan(
  state: CerberusState,
  side: Side,
  plan: TransportationPlan,
  opts: { mode: TransportRun['mode']; hooks: LogisticsHooks; moving?: string[]; dice?: Dice },
): TransportRun {
  const final = opts.mode === 'apply' || (state.segment === 'TRANSPORTATION' && state.phasing === side);
  const scratch = scratchOf(state, side);
  const run: TransportRun = {
    state,
    side,
    mode: opts.mode,
    final,
    hooks: opts.hooks,
    errors: [],
    events: [],
    moved: new Set([...scratch.moved, ...(opts.moving ?? [])]),
    stopped: false,
  };
  if (plan.insertion) insertion(run, plan.insertion, opts.dice);
  const stop = plan.ifIllegal === 'stop';
  plan.actions.forEach((a, i) => {
    if (run.stopped) return;
    const at: Path = ['actions', i];
    const ctx = placementContext(state, side, opts.hooks);
    let result: [Problem, string?] | null = null;
    if (a.type === 'land') result = wrap(land(run, a, ctx), 'hex');
    else if (a.type === 'evacuate') result = wrap(evacuate(run, a), 'unitId');
    else if (a.type === 'shuttle') result = wrap(shuttle(run, a, ctx), 'hex');
    else result = subOrbital(run, a, ctx);
    if (result) {
      const [p, field] = result;
      const unitLevel = [
        'transport.not-landable',
        'transport.not-on-map',
        'transport.moved',
        'transport.low-state',
      ].includes(p.code);
      report(run, unitLevel ? [...at, 'unitId'] : field ? [...at, field] : at, p, stop);
    }
  });
  return run;
}

function wrap(p: Problem | null, field: string): [Problem, string] | null {
  return p ? [p, field] : null;
}

/** Checks a transportation plan of `side` (paths relative to the plan). `moving`: units the same phase plan moves (11.19). */
export function validateTransportationPlan(
  state: CerberusState,
  side: Side,
  plan: TransportationPlan,
  hooks: LogisticsHooks = {},
  moving: string[] = [],
): OrderError[] {
  return runPlan(structuredClone(state), side, plan, { mode: 'validate', hooks, moving }).errors;
}

/** 3.2 B.5/C.5 runs `side`'s Transportation Segment with `plan`; illegal actions are skipped (or stop it, `ifIllegal`). */
export function applyTransportationPlan(
  state: CerberusState,
  side: Side,
  plan: TransportationPlan,
  dice: Dice,
  hooks: LogisticsHooks = {},
): GameEvent[] {
  const run = runPlan(state, side, plan, { mode: 'apply', hooks, dice });
  const left = run.events.some((e) => e.type === 'transport.evacuated')
    ? minimumGarrisonCheck(state, 'continuous')
    : [];
  return [...run.events, ...left];
}

/** The transportation part of a phase plan, with paths into the order (['transportation', …]). */
export function validatePlanTransportation(
  state: CerberusState,
  side: Side,
  order: Pick<PhasePlanOrder, 'transportation' | 'movement'>,
  hooks: LogisticsHooks = {},
): OrderError[] {
  if (!order.transportation) return [];
  const moving = order.movement?.moves.map((m) => m.unitId) ?? [];
  return validateTransportationPlan(state, side, order.transportation, hooks, moving).map((e) => ({
    ...e,
    path: ['transportation', ...e.path],
  }));
}

/** The TRANSPORTATION segment handler: the stored plan's transportation part (nothing if it has none). */
export function transportationHandler(hooks: LogisticsHooks = {}): SegmentHandler {
  return (state, { dice }) => {
    const side = state.phasing!;
    const given = state.plan?.side === side ? state.plan.order.transportation : undefined;
    return applyTransportationPlan(state, side, given ?? TransportationPlanSchema.parse({}), dice, hooks);
  };
}
