/**
 * 5.C.6 Campaign supply (L2278-2299) and 5.C.8 base limitations (L2334-2362).
 * - No SP appear "by magic" on Legion bases: they come from the off-system zone (scenario) and a
 *   little from urban areas (L2282-2284).
 * - Order of the Supply Phase (L2286-2291): 1 rearm/reorganise → 2 rebuild → 3 transfers and
 *   unit creation → 4 orbital drops. Steps only move forward.
 * - Disorganised bases: attack 0, full defence; may receive SP but not transfer, rearm,
 *   reorganise or rebuild, and spend SP only on reorganising themselves (L2293-2299).
 * - What each base class may do (L2338-2350); Marines anywhere (L2350).
 * - Optional GL4 manufacturing: +25% (rounded down) on SP delivered straight from off-system (L2352-2362).
 */
import type { GameEvent } from '#engine/contract.js';
import { baseValue, rulesData } from '../planetary/index.js';
import type { Side } from '../common/types.js';
import type { LegionBaseClass } from '../planetary/index.js';
import { SIDES } from '../common/types.js';
import { campaignData } from './data/index.js';
import { zoneOfHex } from './map-link.js';
import { ruleError } from './state.js';
import type { CampaignScenario, CampaignState, RuleError } from './types.js';

export const SUPPLY_STEPS = [
  { step: 1, id: 'REARM_REORGANISE', rule: 'L2288' },
  { step: 2, id: 'REBUILD', rule: 'L2289' },
  { step: 3, id: 'TRANSFER', rule: 'L2290' },
  { step: 4, id: 'ORBITAL_DROP', rule: 'L2291' },
] as const;
export type SupplyStepId = (typeof SUPPLY_STEPS)[number]['id'];

/** L2286: operations "in the order given": entering an earlier step than the current one is refused. */
export function enterSupplyStep(cs: CampaignState, id: SupplyStepId): RuleError | null {
  const s = SUPPLY_STEPS.find((x) => x.id === id)!;
  if (s.step < cs.supplyStep)
    return ruleError('SUPPLY_ORDER', 'L2286-2291', `${id} comes before the current supply step`);
  cs.supplyStep = s.step;
  return null;
}

export type BaseAction = 'TRANSFER_OUT' | 'RECEIVE' | 'REARM' | 'REORGANISE' | 'REBUILD' | 'REORGANISE_SELF';
/** L2293-2299: what a base in `status` may do. */
export function disorganisedBaseMay(status: 'ACTIVE' | 'DISRUPTED', action: BaseAction): boolean {
  if (status === 'ACTIVE') return action !== 'REORGANISE_SELF';
  return action === 'RECEIVE' || action === 'REORGANISE_SELF';
}

/** L2293: a disorganised base attacks with 0 and keeps its defence (Campaign values, L2153-2157). */
export function legionBaseCombatValues(
  type: LegionBaseClass,
  status: 'ACTIVE' | 'DISRUPTED',
): { attack: number; defence: number; esm: number } {
  const v = campaignData.rules.legionBaseCombat[type];
  return { attack: status === 'ACTIVE' ? v.attack : 0, defence: v.defence, esm: v.esm };
}

export type BaseKind = LegionBaseClass | 'NAVAL' | 'TRANSPORT_AS_BASE';
export type Beneficiary = 'GROUND' | 'MARINE' | 'FIGHTER' | 'SHIP';
export type SupportUse = 'FATIGUE' | 'REORGANISE' | 'REBUILD';

/**
 * L2338-2350: may a base of `kind` spend SP on `use` for a `who` unit (in its sector)?
 * GL1: ground units only; GL2: + fighter fatigue; GL3/GL4: + fighter reorganisation; Legion
 * bases never ship fatigue; naval bases and transports-as-bases only rearm and reorganise naval
 * units; any base serves Marines (rearm, reorganise, rebuild).
 */
export function baseMaySupport(kind: BaseKind, use: SupportUse, who: Beneficiary): { ok: boolean; rule: string } {
  if (who === 'MARINE') return { ok: true, rule: 'L2350' };
  if (kind === 'NAVAL' || kind === 'TRANSPORT_AS_BASE') {
    return { ok: (who === 'SHIP' || who === 'FIGHTER') && use !== 'REBUILD', rule: 'L2348' };
  }
  if (who === 'GROUND') return { ok: true, rule: 'L2340' };
  if (who === 'SHIP') return { ok: false, rule: 'L2346' };
  const rank = baseValue(kind);
  if (use === 'FATIGUE') return { ok: rank >= 2, rule: 'L2342' };
  if (use === 'REORGANISE') return { ok: rank >= 3, rule: 'L2344' };
  return { ok: false, rule: 'L2340-2344' };
}

/** RuleError form of baseMaySupport + disorganisedBaseMay for the supply validators. */
export function baseSupportError(
  kind: BaseKind,
  status: 'ACTIVE' | 'DISRUPTED',
  use: SupportUse,
  who: Beneficiary,
): RuleError | null {
  const action: BaseAction = use === 'FATIGUE' ? 'REARM' : use === 'REORGANISE' ? 'REORGANISE' : 'REBUILD';
  if (!disorganisedBaseMay(status, action))
    return ruleError('DISRUPTED_BASE', 'L2295-2297', 'a disorganised base may only receive SP and reorganise itself');
  const m = baseMaySupport(kind, use, who);
  return m.ok
    ? null
    : ruleError('BASE_LIMIT', m.rule, `a ${kind} base may not ${use.toLowerCase()} ${who.toLowerCase()} units`);
}

/** L2356-2360 option: SP a transport delivers to a base; +25% (floor) to a GL4 when straight from off-system. */
export function deliveredSp(
  cs: CampaignState,
  sp: number,
  to: { kind: BaseKind },
  fromOffSystemDirect: boolean,
): number {
  if (!cs.options.gl4Manufacturing || to.kind !== 'GL4' || !fromOffSystemDirect) return sp;
  return Math.floor(sp * (1 + campaignData.rules.manufacturingBonus.fraction));
}

/** L2282: SP reaching `side`'s off-system zone this turn (the scenario's schedule). */
export function offSystemSupply(s: CampaignScenario, side: Side, turn: number): number {
  return s.offSystemSupply
    .filter((x) => x.side === side && (x.turn === 'each' || x.turn === turn))
    .reduce((a, x) => a + x.sp, 0);
}

/**
 * L2284: each urban area produces the scenario's SP for its controller, delivered to his active
 * Legion base in the same zone with the most room (reconstructed: the text does not say where);
 * none there → lost. Returns the deliveries (private to each side).
 */
export function urbanProduction(cs: CampaignState, s: CampaignScenario): GameEvent[] {
  const ps = cs.planetary;
  const events: GameEvent[] = [];
  for (const side of SIDES) {
    const got: { area: string; base: string | null; sp: number }[] = [];
    for (const [area, owner] of Object.entries(ps.urban)) {
      if (owner !== side) continue;
      const hexes = urbanHexes(area);
      if (hexes.length === 0) continue;
      const zone = zoneOfHex(hexes[0]);
      const bases = Object.values(ps.bases)
        .filter((b) => b.side === side && b.status === 'ACTIVE' && zoneOfHex(b.hex) === zone)
        .map((b) => ({ b, room: campaignBaseMax(b.type) - b.supply }))
        .filter((x) => x.room > 0)
        .sort((x, y) => y.room - x.room || x.b.id.localeCompare(y.b.id));
      const sp = s.urbanProduction.sp;
      if (bases.length === 0) {
        got.push({ area, base: null, sp: 0 });
        continue;
      }
      const add = Math.min(sp, bases[0].room);
      bases[0].b.supply += add;
      bases[0].b.deliveredThisTurn += add;
      got.push({ area, base: bases[0].b.id, sp: add });
    }
    if (got.length) events.push({ type: 'supply.urban', visibleTo: [side], data: { deliveries: got, rule: 'L2284' } });
  }
  return events;
}

const urbanHexes = (area: string): string[] => rulesData().map.urbanAreas.find((a) => a.id === area)?.hexes ?? [];
const campaignBaseMax = (type: LegionBaseClass): number => rulesData().baseTypes[type].supplyMax;
