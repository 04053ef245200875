/**
 * The Human bot's strategy where it differs from the Cetian's. The Human wins only at 2 to 1 in
 * victory points (14.5), and a continent the Cetian holds alone is 10–25 of his points, so on the
 * last turn the Human puts a unit on every such continent ("only friendly units on this
 * continent"): first by movement (`denialMoves`), then by landing the cheapest units
 * (`denialLandings`, Transport companies first: 1 point if lost), as far from the enemy as he can;
 * the turn before, his Transport companies wait in the Fleet (bot-strategic.ts). Tried and dropped
 * (fuzz, 20 seeds each): attacking only at 4-1, and keeping stacks out of reach of enemy attacks;
 * both cost the Human more points than they saved. Through the game the Human's campaign plan
 * (`campaignBonus`) takes the fight to ALPHA: Cetian wins fell from 71% to 61% over 300 seeds.
 * Also tried with it and dropped (60 seeds each): attacking at 3-1 only and filling attacks to
 * 4-1; always calling Major Efforts; denial closer to the enemy; and, in the data, a deadlier
 * 3-1/4-1 on the reconstructed CRT rows (fewer Human kills). None moved the VP ratio.
 * Everything is judged from what the Human may see (the caller passes the known state).
 */
import { continentOf, mapFor } from './map.js';
import type { TransportAction } from './orders.js';
import { landHexes, landingGroup, landingUnitGroups, type LandingGroup } from './prompts-transport.js';
import { enemyOf, type CerberusState, type HexId, type Side, type Unit } from './state.js';
import { landingQuote, placementContext } from './transport-cost.js';
import { CONTINENT_VP, onMap } from './bot-knowledge.js';

/**
 * 14.5 last-turn denial: for each continent only the enemy holds, one landing of the cheapest unit
 * (a Transport company first: 1 point if lost) in the land hex farthest from his units, within
 * `budget` STP. Returns the landings and the STP they use.
 */
export function denialLandings(state: CerberusState, side: Side, budget: number): { actions: TransportAction[]; cost: number } {
  const map = mapFor(state.options);
  const enemyHexes = [...new Set(state.units.filter((u) => u.side === enemyOf(side) && onMap(u)).map((u) => u.hex!))];
  const present = (c: string, s: Side) => state.units.some((u) => u.side === s && onMap(u) && continentOf(u.hex!) === c);
  const targets = Object.keys(CONTINENT_VP)
    .filter((c) => present(c, enemyOf(side)) && !present(c, side))
    .sort((a, b) => CONTINENT_VP[b] - CONTINENT_VP[a] || a.localeCompare(b));
  if (!targets.length) return { actions: [], cost: 0 };
  const rank = (u: Unit) => (u.cls === 'TRANSPORT' ? 0 : u.cls === 'MOBILE' ? 1 : u.cls === 'INFANTRY' && u.sub !== 'PARATROOP' ? 2 : 9);
  const groups = landingUnitGroups(state, side).filter((g) => rank(g[0]) < 9).sort((a, b) => rank(a[0]) - rank(b[0]) || a[0].id.localeCompare(b[0].id));
  const ctx = placementContext(state, side);
  const used = new Set<string>();
  const actions: TransportAction[] = [];
  const placed = new Map<string, HexId[]>();
  let cost = 0;
  // Two passes: a second unit, far from the first, in case the enemy reaches one of them.
  for (const c of [...targets, ...targets]) {
    const mine = placed.get(c) ?? [];
    const hexes = landHexes().filter((h) => continentOf(h) === c && mine.every((m) => map.distance(h, m) >= 4));
    const far = (h: HexId) => enemyHexes.reduce((d, e) => Math.min(d, map.distance(h, e)), Infinity);
    let best: { unitId: string; hex: HexId; cost: number; far: number } | null = null;
    for (const g of groups) {
      const free = g.filter((u) => !used.has(u.id));
      if (!free.length) continue;
      const lg: LandingGroup = landingGroup(state, side, free, ctx, budget - cost, hexes);
      for (const h of lg.hexes) {
        const d = far(h.hex);
        if (d >= 3 && (!best || d > best.far || (d === best.far && h.cost < best.cost))) best = { unitId: free[0].id, hex: h.hex, cost: h.cost, far: d };
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

/** Is this the last turn of a game with one (14.3; the extended game has none, 16.0)? */
export function lastTurn(state: CerberusState): boolean {
  return state.lastTurn !== null && state.turn >= state.lastTurn;
}



/** Continents only the enemy holds now (14.5), richest first. */
export function enemyOnlyContinents(state: CerberusState, side: Side): string[] {
  const present = (c: string, s: Side) => state.units.some((u) => u.side === s && onMap(u) && continentOf(u.hex!) === c);
  return Object.keys(CONTINENT_VP)
    .filter((c) => present(c, enemyOf(side)) && !present(c, side))
    .sort((a, b) => CONTINENT_VP[b] - CONTINENT_VP[a] || a.localeCompare(b));
}

/**
 * 14.5 last-turn denial by movement: for each continent only the enemy holds, the cheapest unit
 * that can reach it (a Transport company, then a Mobile battalion) moves to the hex there farthest
 * from his units. `movers` are the units free to move, `reach` their legal destinations.
 */
export function denialMoves(state: CerberusState, side: Side, movers: Unit[], reach: (u: Unit) => { hex: HexId; path: HexId[] }[]): { unitId: string; path: HexId[] }[] {
  const map = mapFor(state.options);
  const enemyHexes = [...new Set(state.units.filter((u) => u.side === enemyOf(side) && onMap(u)).map((u) => u.hex!))];
  const far = (h: HexId) => enemyHexes.reduce((d, e) => Math.min(d, map.distance(h, e)), Infinity);
  const rank = (u: Unit) => (u.cls === 'TRANSPORT' ? 0 : u.cls === 'MOBILE' ? 1 : 2);
  const pool = [...movers].sort((a, b) => rank(a) - rank(b) || a.id.localeCompare(b.id));
  const out: { unitId: string; path: HexId[] }[] = [];
  const used = new Set<string>();
  for (const c of enemyOnlyContinents(state, side)) {
    let best: { u: Unit; hex: HexId; path: HexId[]; d: number } | null = null;
    for (const u of pool) {
      if (used.has(u.id)) continue;
      for (const r of reach(u)) {
        if (continentOf(r.hex) !== c) continue;
        const d = far(r.hex);
        if (d >= 2 && (!best || rank(u) < rank(best.u) || (rank(u) === rank(best.u) && d > best.d))) best = { u, hex: r.hex, path: r.path, d };
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
  if (!target) campaignHexes.set(CAMPAIGN_CONTINENT, (target = landHexes().filter((h) => continentOf(h) === CAMPAIGN_CONTINENT)));
  const d = target.reduce((m, h) => Math.min(m, map.distance(hex, h)), Infinity);
  return (weight / 2) * Math.max(0, 1 - d / 6);
}
