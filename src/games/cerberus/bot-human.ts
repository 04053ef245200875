/**
 * The Human bot's strategy where it differs from the Cetian's. The Human wins only at 2 to 1 in
 * victory points (14.5), and a continent held alone is 10–25 points, so on the last turn the Human
 * puts units on every continent the Cetian holds alone, up to three per continent he stands on
 * (the Cetian moves after him, 3.1, and kills what he reaches), and one on every empty continent
 * (EPSILON stood empty in every baseline game: 10 points for one unit): first by movement
 * (`denialMoves`), then by landing the cheapest units (`denialLandings`, Transport companies
 * first: 1 point if lost; a Base only where no enemy stands), as far from the enemy as he can. His
 * Transport companies wait off the map until then (bot-landing.ts, bot-strategic.ts). Through the
 * game the Human's campaign plan (`campaignBonus`) takes the fight to ALPHA, and his moves keep
 * stacks out of the enemy's reach at good odds (`exposureCost`: most Human losses were lone
 * Mobiles and Heavy Weapons caught at 3-1). Measured: README.md here. Tried and
 * dropped earlier (60 seeds each): attacking at 3-1 only or filling attacks to 4-1, always
 * calling Major Efforts, denial closer to the enemy. Everything is judged from what the Human may
 * see (the caller passes the known state).
 */
import { continentOf, isMountain, isResourceHex, mapFor } from './map.js';
import type { TransportAction } from './orders.js';
import { landHexes, landingGroup, landingUnitGroups, type LandingGroup } from './prompts-transport.js';
import { enemyOf, type CerberusState, type HexId, type Side, type Unit } from './state.js';
import { landingQuote, placementContext } from './transport-cost.js';
import { CONTINENT_VP, onMap } from './bot-knowledge.js';
import { unitsData } from './data/index.js';

/**
 * 14.5 last-turn denial: for each continent only the enemy holds, up to DENIAL_PASSES landings
 * (counting own units already there), and for each empty one a single landing, of the cheapest
 * unit (a Transport company first: 1 point if lost) in the land hex farthest from his units, within
 * `budget` STP. Returns the landings and the STP they use.
 */
export function denialLandings(
  state: CerberusState,
  side: Side,
  budget: number,
): { actions: TransportAction[]; cost: number } {
  const map = mapFor(state.options);
  const enemyHexes = [...new Set(state.units.filter((u) => u.side === enemyOf(side) && onMap(u)).map((u) => u.hex!))];
  const own = (c: string) => state.units.filter((u) => u.side === side && onMap(u) && continentOf(u.hex!) === c).length;
  const contested = (c: string) =>
    state.units.some((u) => u.side === enemyOf(side) && onMap(u) && continentOf(u.hex!) === c);
  // Empty continents take one unit; those the enemy stands on, up to DENIAL_PASSES with what is there (he moves after us, 3.1).
  const targets = Object.keys(CONTINENT_VP)
    .filter((c) => (contested(c) ? own(c) < DENIAL_PASSES : own(c) === 0))
    .sort((a, b) => CONTINENT_VP[b] - CONTINENT_VP[a] || a.localeCompare(b));
  if (!targets.length) return { actions: [], cost: 0 };
  // A Base (5 points if lost) goes only where no enemy stands: it then scores 2 and a Resource hex 2 (14.5).
  const rank = (u: Unit) =>
    u.cls === 'TRANSPORT'
      ? 0
      : u.cls === 'MOBILE'
        ? 1
        : u.cls === 'INFANTRY' && u.sub !== 'PARATROOP'
          ? 2
          : u.cls === 'BASE'
            ? 3
            : 9;
  const groups = landingUnitGroups(state, side)
    .filter((g) => rank(g[0]) < 9)
    .sort((a, b) => rank(a[0]) - rank(b[0]) || a[0].id.localeCompare(b[0].id));
  const ctx = placementContext(state, side);
  const used = new Set<string>();
  const actions: TransportAction[] = [];
  const placed = new Map<string, HexId[]>();
  let cost = 0;
  const order = Array.from({ length: DENIAL_PASSES }, (_, i) =>
    targets.filter((c) => (contested(c) ? own(c) + i < DENIAL_PASSES : i === 0)),
  ).flat();
  for (const c of order) {
    const mine = placed.get(c) ?? [];
    const hexes = landHexes().filter(
      (h) => continentOf(h) === c && mine.every((m) => map.distance(h, m) >= DENIAL_SPACING),
    );
    const far = (h: HexId) => enemyHexes.reduce((d, e) => Math.min(d, map.distance(h, e)), Infinity);
    let best: { unitId: string; hex: HexId; cost: number; far: number } | null = null;
    for (const g of groups) {
      const free = g.filter((u) => !used.has(u.id) && (u.cls !== 'BASE' || !contested(c)));
      if (!free.length) continue;
      const lg: LandingGroup = landingGroup(state, side, free, ctx, budget - cost, hexes);
      for (const h of lg.hexes) {
        // Far from the enemy (beyond 6 hexes all is alike), then on a Resource hex (a point more, 14.5).
        const d = far(h.hex);
        const key = Math.min(d, 7) + (isResourceHex(h.hex) ? 0.5 : 0);
        if (d >= 3 && (!best || key > best.far || (key === best.far && h.cost < best.cost)))
          best = { unitId: free[0].id, hex: h.hex, cost: h.cost, far: key };
      }
      if (best) break; // the cheapest kind that can go
    }
    if (!best) continue;
    const u = state.units.find((x) => x.id === best!.unitId)!;
    const q = landingQuote(state, side, u, best.hex);
    if (!q || cost + q.cost > budget) continue;
    used.add(u.id);
    cost += q.cost;
    placed.set(c, [...mine, best.hex]);
    actions.push({ type: 'land', unitId: u.id, hex: best.hex });
  }
  return { actions, cost };
}

/** Last-turn denial landings per contested continent and their spacing in hexes (measured: README.md here). */
export const DENIAL_PASSES = 3;
export const DENIAL_SPACING = 3;

/** Is this the last turn of a game with one (14.3; the extended game has none, 16.0)? */
export function lastTurn(state: CerberusState): boolean {
  return state.lastTurn !== null && state.turn >= state.lastTurn;
}

/**
 * Continents to claim on the last turn (14.5), richest first: those only the enemy holds (his
 * points) and those nobody holds (ours for one unit: EPSILON stood empty in every baseline game).
 */
export function continentsToClaim(state: CerberusState, side: Side): string[] {
  const present = (c: string, s: Side) =>
    state.units.some((u) => u.side === s && onMap(u) && continentOf(u.hex!) === c);
  return Object.keys(CONTINENT_VP)
    .filter((c) => !present(c, side))
    .sort((a, b) => CONTINENT_VP[b] - CONTINENT_VP[a] || a.localeCompare(b));
}

/**
 * 14.5 last-turn denial by movement: for each continent only the enemy holds, the cheapest unit
 * that can reach it (a Transport company, then a Mobile battalion) moves to the hex there farthest
 * from his units. `movers` are the units free to move, `reach` their legal destinations.
 */
export function denialMoves(
  state: CerberusState,
  side: Side,
  movers: Unit[],
  reach: (u: Unit) => { hex: HexId; path: HexId[] }[],
): { unitId: string; path: HexId[] }[] {
  const map = mapFor(state.options);
  const enemyHexes = [...new Set(state.units.filter((u) => u.side === enemyOf(side) && onMap(u)).map((u) => u.hex!))];
  const far = (h: HexId) => enemyHexes.reduce((d, e) => Math.min(d, map.distance(h, e)), Infinity);
  const rank = (u: Unit) => (u.cls === 'TRANSPORT' ? 0 : u.cls === 'MOBILE' ? 1 : 2);
  const pool = [...movers].sort((a, b) => rank(a) - rank(b) || a.id.localeCompare(b.id));
  const out: { unitId: string; path: HexId[] }[] = [];
  const used = new Set<string>();
  for (const c of continentsToClaim(state, side)) {
    let best: { u: Unit; hex: HexId; path: HexId[]; d: number } | null = null;
    for (const u of pool) {
      if (used.has(u.id)) continue;
      for (const r of reach(u)) {
        if (continentOf(r.hex) !== c) continue;
        const d = far(r.hex);
        if (d >= 2 && (!best || rank(u) < rank(best.u) || (rank(u) === rank(best.u) && d > best.d)))
          best = { u, hex: r.hex, path: r.path, d };
      }
      if (best && best.u === u) break;
    }
    if (!best) continue;
    used.add(best.u.id);
    out.push({ unitId: best.u.id, path: best.path });
  }
  return out;
}

/** The Human's campaign objective (issue 3): ALPHA, the richest continent (25 VP, 5 Resource hexes, the Cetian Spaceport at set-up). */
export const CAMPAIGN_CONTINENT = 'ALPHA';
const campaignHexes = new Map<string, HexId[]>();
/**
 * Weights of the campaign plan (campaignBonus): a move, a troop or Base landing, and the Spaceport
 * landing. Measured on fuzz seeds 0–59, then 0–299 (README "Cerberus", balance): the Spaceport weight is what
 * takes the fight to ALPHA; the move and landing weights follow it there.
 */
export const CAMPAIGN_WEIGHT = { move: 4, land: 6, port: 10 };

/**
 * How much the Human's campaign plan favours a hex: `weight` on ALPHA, less the farther from it
 * (nothing beyond 6 hexes); 0 for the Cetian.
 */
export function campaignBonus(state: CerberusState, side: Side, hex: HexId, weight: number): number {
  if (side !== 'HUMAN' || weight === 0) return 0;
  if (continentOf(hex) === CAMPAIGN_CONTINENT) return weight;
  const map = mapFor(state.options);
  let target = campaignHexes.get(CAMPAIGN_CONTINENT);
  if (!target)
    campaignHexes.set(CAMPAIGN_CONTINENT, (target = landHexes().filter((h) => continentOf(h) === CAMPAIGN_CONTINENT)));
  const d = target.reduce((m, h) => Math.min(m, map.distance(hex, h)), Infinity);
  return (weight / 2) * Math.max(0, 1 - d / 6);
}

/**
 * Weights of the Human's exposure check (`exposureCost`), in hexScore points: what ending a move
 * where the Cetian can reach the stack at 3-2, 2-1 or 3-1 and better costs. Measured on fuzz seeds
 * (README.md here): the Human lost most of his units as defender (336 of 488 over seeds 0–29),
 * lone Mobiles and Heavy Weapons caught at 3-1 by Cetian Mobiles with support.
 */
export const EXPOSURE_WEIGHT = { odds32: 2, odds21: 5, odds31: 9 };

/**
 * The enemy's attack that can reach `hex` next turn, doubled for his fire support (8.1, 8.63:
 * support up to the ground attack factors). A Mobile or Heavy Weapons unit attacks from next door
 * (7.2), an Infantry unit only in its own hex; hidden units count as the stand-in (3 to attack)
 * with a Mobile's reach, as any of them may be one.
 */
export function enemyReach(state: CerberusState, side: Side, hex: HexId): number {
  const map = mapFor(state.options);
  const hiddenMove = Math.max(
    ...unitsData.types.filter((t) => t.side === enemyOf(side) && t.cls !== 'SF').map((t) => t.movement ?? 0),
  );
  let attack = 0;
  for (const u of state.units) {
    if (u.side === side || !onMap(u) || u.attack <= 0 || u.outOfSupply) continue;
    const move = u.faceDown ? hiddenMove : u.movement;
    const reach = u.cls === 'INFANTRY' && !u.faceDown ? move : move + 1;
    if (map.distance(hex, u.hex!) <= reach) attack += u.attack;
  }
  return 2 * attack;
}

/** 7.61 what it costs the Human to end in `hex` with `stack` (own units there after the move); 0 for the Cetian. */
export function exposureCost(state: CerberusState, side: Side, hex: HexId, stack: Unit[], reach: number): number {
  if (side !== 'HUMAN' || reach <= 0) return 0;
  const defense = stack.reduce((n, u) => n + (u.outOfSupply ? Math.ceil(u.defense / 2) : u.defense), 0);
  if (defense <= 0) return 0;
  // 7.8 a Mountain costs the attacker a column: read as half as much again in odds.
  const odds = reach / defense / (isMountain(hex) ? 1.5 : 1);
  return odds >= 3
    ? EXPOSURE_WEIGHT.odds31
    : odds >= 2
      ? EXPOSURE_WEIGHT.odds21
      : odds >= 1.5
        ? EXPOSURE_WEIGHT.odds32
        : 0;
}
