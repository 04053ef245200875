/**
 * The Campaign Supply Phase "in the order given" across both maps (L2286-2291):
 * 1. rearm and reorganise (L2288): the naval `rearm` / `reorganise` / `baseReorganise` (L1937-1957,
 *    5.C.8 Legion sources, legion-bases-supply.ts), then the ground `fatigue` / `reorganise`
 *    (L778-826);
 * 2. rebuild (L2289): the ground `rebuild` (L828-846); naval rebuilds are made in TF Adjustment, as
 *    in the Space module;
 * 3. transfers and new units (L2290): the naval `load` / `transfers` / `unload` (L1909-1933,
 *    L2095-2109), the ground `transfers` / `build` (L758-776, L952-964), urban production (L2284),
 *    then the links between the maps (supply-link.ts);
 * 4. orbital drops (L2291): sequence.ts.
 * The Planetary game's own order puts transfers first (L751-756, D-40); the Campaign's L2286-2291
 * replaces it, so SP transferred in step 3 never pay for a step-1 or step-2 spending of the same
 * phase. Each map's order is split by its parts (indexes unchanged, so error paths are the order's
 * own) and each part is judged against the state the earlier steps leave.
 */
import type { GameEvent, Json, OrderError } from '#engine/contract.js';
import type { Dice } from '#engine/dice.js';
import { applySupply as applyGroundSupply } from '../../planetary/index.js';
import { checkOrder as groundCheck } from '../../planetary/index.js';
import { otherSide } from '../../common/types.js';
import type { SupplyOrder as GroundSupplyOrder } from '../../planetary/index.js';
import { applySupply as applyNavalSupply } from '../../space/index.js';
import type { SupplyOrder as NavalSupply } from '../../space/index.js';
import { checkOrder as spaceCheck } from '../../space/index.js';
import { campaignData } from '../data/index.js';
import { enterSupplyStep, urbanProduction } from '../supply.js';
import { groundAt, groundErrors, resolveGround, spaceAt, spaceErrors } from './halves.js';
import { withLegionSources } from './legion-bases-supply.js';
import type { CampaignGameState, Side } from './types.js';

/** The parts of each map's Supply order in each step (L2288-2290); every other naval part (loading, transfers, unloading) is step 3. */
export const NAVAL_STEP1: readonly string[] = ['rearm', 'reorganise', 'baseReorganise'];
export const GROUND_PARTS: Record<1 | 2 | 3, readonly string[]> = {
  1: ['fatigue', 'reorganise'],
  2: ['rebuild'],
  3: ['transfers', 'build'],
};

const isObj = (x: unknown): x is Record<string, unknown> => !!x && typeof x === 'object' && !Array.isArray(x);

/** The ground order with only `keys` (and its kind); anything but an object is returned as it is (and refused as before). */
export function partOf(raw: unknown, keys: readonly string[]): unknown {
  if (!isObj(raw)) return raw;
  const out: Record<string, unknown> = { kind: raw.kind };
  for (const k of keys) if (raw[k] !== undefined) out[k] = raw[k];
  return out;
}

/** The naval order's step-1 or step-3 parts, the others given as empty lists (its schema is strict and requires them). */
export function navalPartOf(raw: unknown, step: 1 | 3): unknown {
  if (!isObj(raw)) return raw;
  const out: Record<string, unknown> = { ...raw };
  for (const k of Object.keys(raw)) if (k !== 'kind' && NAVAL_STEP1.includes(k) !== (step === 1)) out[k] = [];
  return out;
}

const under = (prefix: string, errors: OrderError[]): OrderError[] =>
  errors.map((e) => ({ ...e, path: [prefix, ...e.path] }));

/** GL4 (L2362): SP loaded off-system are "direct" while aboard; SP passed through a base never are. */
export function noteOffSystemLoads(cs: CampaignGameState, order: NavalSupply | undefined): void {
  for (const l of order?.load ?? []) {
    const t = cs.space.units[l.unit];
    if (!t) continue;
    const m = (cs.offSystemSp ??= {});
    m[l.unit] = Math.min((m[l.unit] ?? 0) + l.sp, t.supply ?? 0);
  }
}

/** Direct SP never exceed what a transport still holds (transfers out, losses). */
export function clampOffSystemSp(cs: CampaignGameState): void {
  for (const [id, sp] of Object.entries(cs.offSystemSp ?? {})) {
    const t = cs.space.units[id];
    const v = t && t.status !== 'DESTROYED' ? Math.min(sp, t.supply ?? 0) : 0;
    if (v > 0) cs.offSystemSp![id] = v;
    else delete cs.offSystemSp![id];
  }
}

/** One naval part checked against `cs` as it stands and applied if clean (step 1 with Legion sources, 5.C.8). */
function navalPart(
  cs: CampaignGameState,
  side: Side,
  raw: unknown,
  step: 1 | 3,
): { errors: OrderError[]; events: GameEvent[]; order?: NavalSupply } {
  const events: GameEvent[] = [];
  const run = (nv: unknown) => {
    const k = spaceCheck(spaceAt(cs.space, 'SUPPLY'), side, nv);
    if (k.order) events.push(...applyNavalSupply(cs.space, side, k.order as NavalSupply).events);
    return k;
  };
  const part = navalPartOf(raw, step);
  const k = step === 1 ? withLegionSources(cs, side, part, run) : run(part);
  return { errors: k.errors, events, order: k.order as NavalSupply | undefined };
}

/** One ground part checked against `cs.planetary` as it stands (Supply step) and applied if clean. */
function groundPart(
  cs: CampaignGameState,
  side: Side,
  raw: unknown,
  step: 1 | 2 | 3,
): { errors: OrderError[]; events: GameEvent[] } {
  const k = groundCheck(groundAt(cs.planetary, 'SUPPLY'), side, partOf(raw, GROUND_PARTS[step]));
  if (!k.order || k.order.kind !== 'supply') return { errors: k.errors, events: [] };
  return { errors: [], events: applyGroundSupply(cs.planetary, side, k.order as GroundSupplyOrder) };
}

/** The naval / ground orders' own shape (an object of kind 'supply'): refused whole, as the sub-modules do. */
function shapeErrors(cs: CampaignGameState, side: Side, o: { naval?: unknown; ground?: unknown }): OrderError[] {
  const out: OrderError[] = [];
  if (!isObj(o.ground) || o.ground.kind !== 'supply')
    out.push(...under('ground', groundErrors(groundAt(cs.planetary, 'SUPPLY'), side, o.ground)));
  if (!isObj(o.naval) || o.naval.kind !== 'supply') {
    out.push(
      ...under(
        'naval',
        withLegionSources(cs, side, o.naval, (nv) => spaceErrors(spaceAt(cs.space, 'SUPPLY'), side, nv)),
      ),
    );
  }
  return out;
}

/**
 * L2286-2290 for one side on a copy: each step's parts judged against the state the earlier steps
 * left (first refusal ends the trial; paths under `naval` / `ground`), then urban production
 * (L2284). `trial` is the state the step-3 links are judged against (supply-link.ts).
 */
export function supplyStepsTrial(
  cs: CampaignGameState,
  side: Side,
  raw: unknown,
): { errors: OrderError[]; trial: CampaignGameState } {
  const trial = structuredClone(cs);
  const o = (isObj(raw) ? raw : {}) as { naval?: unknown; ground?: unknown };
  const shape = shapeErrors(trial, side, o);
  if (shape.length) return { errors: shape, trial };
  const steps: [string, () => { errors: OrderError[]; order?: NavalSupply }][] = [
    ['naval', () => navalPart(trial, side, o.naval, 1)],
    ['ground', () => groundPart(trial, side, o.ground, 1)],
    ['ground', () => groundPart(trial, side, o.ground, 2)],
    ['naval', () => navalPart(trial, side, o.naval, 3)],
    ['ground', () => groundPart(trial, side, o.ground, 3)],
  ];
  for (const [i, [map, f]] of steps.entries()) {
    const r = f();
    if (r.errors.length)
      return {
        errors: under(map, r.errors).map((e) => ({ ...e, rule: `${e.rule}; L2286-2291 (step ${[1, 1, 2, 3, 3][i]})` })),
        trial,
      };
    if (i === 3) {
      noteOffSystemLoads(trial, r.order);
      clampOffSystemSp(trial);
    }
  }
  urbanProduction(trial, campaignData.scenarios[trial.scenario]);
  return { errors: [], trial };
}

/** Validation of the naval and ground Supply orders step by step (L2286-2291). */
export function supplyStepErrors(cs: CampaignGameState, side: Side, raw: unknown): OrderError[] {
  return supplyStepsTrial(cs, side, raw).errors;
}

/**
 * Resolution of steps 1-3 of both sides (attacker first in each step) up to the links: a part
 * refused against the state the earlier steps left is not applied (`supply.part-refused`, owner
 * only). The ground step 3 runs through the Planetary module, which then leaves its Supply step.
 */
export function applySupplySteps(
  cs: CampaignGameState,
  orders: Partial<Record<Side, { naval?: unknown; ground?: unknown }>>,
  dice: Dice,
): GameEvent[] {
  const events: GameEvent[] = [];
  const sides: Side[] = [cs.attacker, otherSide(cs.attacker)];
  const refused = (side: Side, map: string, step: number, errors: OrderError[]): GameEvent[] =>
    errors.length
      ? [
          {
            type: 'supply.part-refused',
            visibleTo: [side],
            data: { map, step, errors: errors.slice(0, 5) as unknown as Json, rule: 'L2286-2291' },
          },
        ]
      : [];
  const run = (side: Side, map: string, step: number, r: { errors: OrderError[]; events: GameEvent[] }): void => {
    events.push(...refused(side, map, step, r.errors), ...r.events);
  };
  enterSupplyStep(cs, 'REARM_REORGANISE');
  for (const side of sides)
    if (orders[side]?.naval !== undefined) run(side, 'naval', 1, navalPart(cs, side, orders[side]!.naval, 1));
  for (const side of sides)
    if (orders[side]?.ground !== undefined) run(side, 'ground', 1, groundPart(cs, side, orders[side]!.ground, 1));
  enterSupplyStep(cs, 'REBUILD');
  for (const side of sides)
    if (orders[side]?.ground !== undefined) run(side, 'ground', 2, groundPart(cs, side, orders[side]!.ground, 2));
  enterSupplyStep(cs, 'TRANSFER');
  for (const side of sides) {
    if (orders[side]?.naval === undefined) continue;
    const r = navalPart(cs, side, orders[side]!.naval, 3);
    run(side, 'naval', 3, r);
    noteOffSystemLoads(cs, r.order); // GL4 option: SP loaded off-system (L2362)
  }
  clampOffSystemSp(cs);
  const ground: Record<string, Json> = {};
  for (const side of sides)
    if (orders[side]?.ground !== undefined) ground[side] = partOf(orders[side]!.ground, GROUND_PARTS[3]) as Json;
  const r = resolveGround(cs.planetary, ground, dice);
  cs.planetary = r.state;
  events.push(...r.events);
  // L2284: each controlled urban area's SP reach a base of its zone with the transfers (step 3, L2290).
  events.push(...urbanProduction(cs, campaignData.scenarios[cs.scenario]));
  return events;
}
