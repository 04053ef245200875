/**
 * The bot's Transportation Segment (11, 14.23): landings within the STP left, best units and
 * hexes first, stacking kept legal as they pile up; the Cetian turn-1 Special Insertion.
 */
import { continentOf, isPolarSupplyHex, isResourceHex, mapFor, mayLand, resourceHexes } from './map.js';
import type { TransportAction, TransportationPlan } from './orders.js';
import { landingGroup, landingUnitGroups } from './prompts.js';
import { canAddToStack } from './stacking.js';
import { enemyOf, type CerberusState, type HexId, type Side, type Unit } from './state.js';
import { landingQuote, placementContext, placementProblem, scratchOf, stpLeft } from './transport-cost.js';
import { CAMPAIGN_WEIGHT, campaignBonus, denialLandings, lastTurn } from './bot-human.js';
import { lastTurnShuttles, logisticsActions } from './bot-logistics.js';
import {
  CONTINENT_VP,
  anchors,
  enemyStacks,
  hexScore,
  isInst,
  nearest,
  onMap,
  type EnemyStack,
} from './bot-knowledge.js';

/** Landing priority: a Spaceport first if none is down, then fighting units (Fleet before home boxes), Bases last (11.12). */
function landingRank(state: CerberusState, side: Side, u: Unit): number {
  const count = (cls: Unit['cls']) => state.units.filter((x) => x.side === side && onMap(x) && x.cls === cls).length;
  const far = u.box === 'FLEET' ? 0 : 0.5;
  if (u.cls === 'SPACEPORT') return count('SPACEPORT') === 0 ? 0 : 50;
  if (u.sub === 'PARATROOP') return 1 + far;
  if (u.cls === 'MOBILE') return 2 + far;
  if (u.cls === 'HEAVY_WEAPONS') return 3 + far;
  if (u.cls === 'INFANTRY') return 4 + far;
  if (u.cls === 'BASE') return count('BASE') < 4 ? 2.8 + far : 40;
  // 14.5 the Human keeps his Transport companies off the map for the last turn's denial landings (bot-human.ts).
  if (u.cls === 'TRANSPORT') return side === 'HUMAN' && !lastTurn(state) ? 40 : 6 + far;
  return 30;
}

/** 14.5 a continent is worth its points, less so the more enemy units stand on it. */
function continentAppeal(state: CerberusState, side: Side, hex: HexId): number {
  const c = continentOf(hex);
  if (!c || c === 'ISLAND') return 0;
  const enemies = state.units.filter((u) => u.side === enemyOf(side) && onMap(u) && continentOf(u.hex!) === c).length;
  return (CONTINENT_VP[c] ?? 0) / (1 + enemies);
}

/** Where a landed unit does most good: installations on Resource hexes of open continents, troops within supply near the enemy. */
function landingScore(
  state: CerberusState,
  side: Side,
  u: Unit,
  hex: HexId,
  enemies: Map<HexId, EnemyStack>,
  sources: HexId[],
): number {
  if (isPolarSupplyHex(hex)) return -50;
  const map = mapFor(state.options);
  const dist = (h: HexId) => map.distance(hex, h);
  const nearEnemy = [...enemies.keys()].reduce((d, h) => Math.min(d, dist(h)), Infinity);
  const threat = [...enemies.values()].filter((e) => dist(e.hex) <= 2).reduce((n, e) => n + e.count, 0);
  if (u.cls === 'SPACEPORT') {
    return (
      (isResourceHex(hex) ? 8 : 0) +
      continentAppeal(state, side, hex) +
      map.neighbors(hex).filter(mayLand).length -
      3 * threat +
      campaignBonus(state, side, hex, CAMPAIGN_WEIGHT.port)
    );
  }
  if (isInst(u)) {
    // A Base alone next to the enemy is 5 points for him (14.5): land it by own troops, out of reach.
    const guarded = [hex, ...map.neighbors(hex)].some((h) =>
      state.units.some((x) => x.side === side && onMap(x) && x.hex === h && x.attack > 0),
    );
    let s = (isResourceHex(hex) ? 6 : 0) + (guarded ? 4 : -8) - 3 * threat + continentAppeal(state, side, hex) / 4;
    if (nearEnemy <= 2) s -= 6;
    if (sources.length) s -= Math.abs(nearest(state, hex, sources) - 3); // spread the air and supply network
    return s + campaignBonus(state, side, hex, CAMPAIGN_WEIGHT.land);
  }
  if (!sources.length) return -10;
  const d = nearest(state, hex, sources);
  const reach = Math.max(1, Math.min(u.movement, 4));
  let s = d <= reach ? 10 - d : -20;
  s += hexScore(state, side, u, hex, enemies, sources) / 4 + continentAppeal(state, side, hex) / 10 - threat;
  return s + campaignBonus(state, side, hex, CAMPAIGN_WEIGHT.land);
}

/** Hexes worth considering for landings: near own installations and on Resource hexes (all land while none is down). */
function landingCandidates(state: CerberusState, side: Side): HexId[] | undefined {
  const sources = anchors(state, side);
  if (!sources.length) return undefined;
  const map = mapFor(state.options);
  const set = new Set<HexId>(resourceHexes());
  for (const a of sources) for (const h of map.hexesWithin(a, 4)) set.add(h);
  return [...set].filter(mayLand).sort();
}

/** 11.1–11.19 landings within the STP left, best units and hexes first, stacking kept legal as they pile up. */
function planLandings(state: CerberusState, side: Side): TransportAction[] {
  let budget = stpLeft(state, side);
  if (budget <= 0) return [];
  const candidates = landingCandidates(state, side);
  const ctx = placementContext(state, side);
  const work = structuredClone(state);
  const enemies = enemyStacks(state, side);
  const actions: TransportAction[] = [];
  // Groups in landing order; their hexes are looked up only when the group's turn comes.
  const hexesOf = new Map<Unit[], { hex: HexId; cost: number }[]>();
  const units = landingUnitGroups(state, side)
    .flatMap((g) => g.map((u) => ({ group: g, u: work.units.find((x) => x.id === u.id)! })))
    .sort((a, b) => landingRank(state, side, a.u) - landingRank(state, side, b.u) || a.u.id.localeCompare(b.u.id))
    .map(({ group, u }) => ({
      u,
      get hexes() {
        if (!hexesOf.has(group)) hexesOf.set(group, landingGroup(state, side, group, ctx, budget, candidates).hexes);
        return hexesOf.get(group)!;
      },
    }));
  // Scores depend on the unit's type and the installations down; they change only when one lands.
  let sources = anchors(work, side);
  let scores = new Map<string, number>();
  for (const entry of units) {
    const u = entry.u;
    if (budget <= 0) break;
    if (landingRank(state, side, u) >= 30) continue;
    const hexes = entry.hexes;
    if (!hexes.some((h) => h.cost <= budget)) continue;
    const ranked = hexes
      .filter((h) => h.cost <= budget)
      .map((h) => {
        const key = `${u.typeId}|${h.hex}`;
        let sc = scores.get(key);
        if (sc === undefined) scores.set(key, (sc = landingScore(work, side, u, h.hex, enemies, sources) - h.cost / 2));
        return { hex: h.hex, score: sc };
      })
      .filter((h) => h.score >= -5)
      .sort((a, b) => b.score - a.score || a.hex.localeCompare(b.hex));
    // The group's quote may change as units pile up (the first-unit Base discount, 11.142): quote again.
    const pick = ranked.find((h) => {
      const q = landingQuote(work, side, u, h.hex);
      return q && q.cost <= budget && canAddToStack(work, side, h.hex, [u]);
    });
    if (!pick) continue;
    const q = landingQuote(work, side, u, pick.hex)!;
    budget -= q.cost;
    if (q.baseUsed && work.phaseScratch?.side === side) work.phaseScratch.basesUsedForLanding.push(q.baseUsed);
    u.box = 'MAP';
    u.hex = pick.hex;
    u.landedOnTurn = work.turn;
    actions.push({ type: 'land', unitId: u.id, hex: pick.hex });
    if (isInst(u)) {
      sources = anchors(work, side);
      scores = new Map();
    }
  }
  return actions;
}

/** 14.23 Special Insertion: the Fleet units, each next to an own installation clear of the Human (no ZOC, no enemy). */
function planInsertion(state: CerberusState, side: Side): TransportationPlan['insertion'] {
  const fleet = state.units
    .filter((u) => u.side === side && u.box === 'FLEET')
    .sort((a, b) => a.id.localeCompare(b.id));
  if (!fleet.length) return undefined;
  const work = structuredClone(state);
  const ctx = placementContext(state, side);
  const map = mapFor(state.options);
  const sites = anchors(state, side).flatMap((h) => [h, ...map.neighbors(h)]);
  const priority: { unitId: string; hex: HexId }[] = [];
  for (const u of fleet) {
    const w = work.units.find((x) => x.id === u.id)!;
    const hex = sites.find((h) => mayLand(h) && !placementProblem(work, side, w, h, 'INSERTION', ctx));
    if (!hex) continue;
    w.box = 'MAP';
    w.hex = hex;
    priority.push({ unitId: u.id, hex });
  }
  return priority.length ? { priority } : undefined;
}

export function planTransportation(state: CerberusState, side: Side): TransportationPlan {
  // 14.5 the Human's last turn: first deny the Cetian his continents, shuttling spare units where
  // he can (bot-logistics.ts) and landing the rest (bot-human.ts), then land as usual.
  const final = side === 'HUMAN' && lastTurn(state);
  let rest = state;
  const shuttles = final ? lastTurnShuttles(state, side, stpLeft(state, side)) : [];
  const denial: TransportAction[] = [];
  if (final) {
    rest = structuredClone(state);
    for (const { action, cost } of shuttles) {
      if (action.type !== 'shuttle') continue;
      Object.assign(
        rest.units.find((x) => x.id === action.unitId)!,
        { hex: action.hex },
      );
      scratchOf(rest, side).stpUsed += cost;
    }
    denial.push(...denialLandings(rest, side, stpLeft(rest, side)).actions);
    for (const a of denial) {
      if (a.type !== 'land') continue;
      const u = rest.units.find((x) => x.id === a.unitId)!;
      scratchOf(rest, side).stpUsed += landingQuote(rest, side, u, a.hex)!.cost;
      Object.assign(u, { box: 'MAP', hex: a.hex, landedOnTurn: rest.turn });
    }
  }
  const plan: TransportationPlan = {
    actions: [
      ...shuttles.map((s) => s.action),
      ...denial,
      ...planLandings(rest, side),
      ...logisticsActions(state, side),
    ],
    ifIllegal: 'skip',
  };
  const insertion =
    side === 'CETIAN' && state.turn === 1 && stpLeft(state, side) >= 0 ? planInsertion(state, side) : undefined;
  if (insertion) plan.insertion = insertion;
  return plan;
}
