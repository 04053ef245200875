/**
 * The bot's Player Phase plans (3.2 B/C). It plans one stretch at a time so every part meets the
 * positions it will be played on: at the Special Forces Segment it sends missions, leaves supply
 * to the engine's automatic plan (12) and moves (4); at the Ground Combat Segment it attacks (7,
 * 8); at the Transportation Segment it lands (11). Only what its side may see is used: a
 * face-down enemy unit is a position with an assumed defense, never its real factors.
 */
import { legalAttacks, combatOdds, type LegalAttack } from './combat.js';
import { defenseFactor } from './losses.js';
import { continentOf, isPolarSupplyHex, isResourceHex, mapFor, mayLand, resourceHexes } from './map.js';
import { reachableHexes } from './movement.js';
import type { AttackOrder, MoveOrder, PhasePlanOrder, SpecialForcesPlan, TransportAction, TransportationPlan } from './orders.js';
import { sfCapRemaining, sfInFleet } from './special-forces.js';
import { canAddToStack, isStackingLegal } from './stacking.js';
import { enemyOf, type CerberusState, type HexId, type PlayerSegment, type Side, type Unit } from './state.js';
import { landingQuote, placementContext, placementProblem, stpLeft } from './transport-cost.js';
import { landingGroup, landingUnitGroups } from './prompts.js';
import { SPACE_DATA } from './space-data.js';

/** What a face-down enemy unit is assumed to defend with (the commonest Cetian battalions, 3-4-2). */
const ASSUMED_DEFENSE = 4;
/** CRT column indexes (1-4 … 4-1): 3-2 is 5, 2-1 is 6, 3-1 is 7. */
const COL_3_2 = 5;
const COL_2_1 = 6;
const COL_3_1 = 7;

const CONTINENT_VP: Record<string, number> = SPACE_DATA.victoryPoints.continents;

interface EnemyStack {
  hex: HexId;
  count: number;
  /** Defense as the bot's side can tell (face-down units assumed). */
  defense: number;
  /** Known installations (face up). */
  installations: number;
  known: boolean;
}

const onMap = (u: Unit) => u.box === 'MAP' && u.hex !== null;
const isInst = (u: Unit) => u.cls === 'BASE' || u.cls === 'SPACEPORT';
const isBattalion = (u: Unit) => u.cls === 'INFANTRY' || u.cls === 'MOBILE';

function enemyStacks(state: CerberusState, side: Side): Map<HexId, EnemyStack> {
  const out = new Map<HexId, EnemyStack>();
  for (const u of state.units) {
    if (u.side !== enemyOf(side) || !onMap(u)) continue;
    const s = out.get(u.hex!) ?? { hex: u.hex!, count: 0, defense: 0, installations: 0, known: true };
    s.count++;
    if (u.faceDown) {
      s.known = false;
      s.defense += ASSUMED_DEFENSE;
    } else {
      s.defense += defenseFactor(u);
      if (isInst(u)) s.installations++;
    }
    out.set(u.hex!, s);
  }
  return out;
}

/** Own supply sources on the map (12.4): Bases and Spaceports. */
function anchors(state: CerberusState, side: Side): HexId[] {
  return state.units.filter((u) => u.side === side && onMap(u) && isInst(u)).map((u) => u.hex!);
}

function nearest(state: CerberusState, from: HexId, to: HexId[]): number {
  const map = mapFor(state.options);
  let best = Infinity;
  for (const h of to) best = Math.min(best, map.distance(from, h));
  return best;
}

// ---------------------------------------------------------------- Special Forces (10)

/** 10.41 disrupt a known enemy Spaceport (it fires, flies and lands nothing while disrupted); else hold a pair for combat (10.43). */
function planSf(state: CerberusState, side: Side): SpecialForcesPlan {
  const ready = sfInFleet(state, side, 'READY').map((u) => u.id);
  let cap = Math.min(ready.length, sfCapRemaining(state, side));
  const plan: SpecialForcesPlan = { disrupt: [], raid: [], hold: [] };
  const port = state.units.find(
    (u) => u.side === enemyOf(side) && onMap(u) && !u.faceDown && u.cls === 'SPACEPORT' && !u.disrupted && !state.turnScratch.disruptionTargets.includes(u.id),
  );
  if (port && cap >= 2) {
    const n = Math.min(3, cap);
    plan.disrupt.push({ targetId: port.id, sfIds: ready.slice(0, n) });
    cap -= n;
    ready.splice(0, n);
  }
  // Pairs held now count against the cap only when placed (G14); keep two for a supported attack.
  if (cap >= 2 && ready.length >= 2) plan.hold.push(...ready.slice(0, 2));
  return plan;
}

// ---------------------------------------------------------------- movement (4, 5)

/** How good it is for `u` to end its move in `hex` (higher is better). */
function hexScore(state: CerberusState, side: Side, u: Unit, hex: HexId, enemies: Map<HexId, EnemyStack>, sources: HexId[]): number {
  const map = mapFor(state.options);
  let score = 0;
  // 12.4 stay within reach of a supply source; 12.13 never risk the polar rows unsupplied.
  const d = nearest(state, hex, sources);
  const supplied = d <= Math.max(1, u.movement - (u.movement > 2 ? 1 : 0));
  if (supplied) score += 10;
  else if (isResourceHex(hex)) score += 3;
  else score -= 20;
  if (!supplied && isPolarSupplyHex(hex)) score -= 100;
  // 14.5 Resource hexes and continents are points.
  const here = enemies.get(hex);
  if (isResourceHex(hex) && !here) score += 3;
  const cont = continentOf(hex);
  if (cont && cont !== 'ISLAND') score += (CONTINENT_VP[cont] ?? 0) / 10;
  // 7.2 Mobiles and Heavy Weapons attack from next door; Infantry only in their own hex.
  if (u.attack > 0) {
    const targets = u.cls === 'INFANTRY' ? (here ? [here] : []) : map.neighbors(hex).map((n) => enemies.get(n)).filter((e): e is EnemyStack => !!e);
    for (const e of targets) {
      const worth = 1 + 2 * e.installations + (isResourceHex(e.hex) ? 1 : 0);
      score += (6 * worth * u.attack) / Math.max(1, e.defense);
    }
    if (u.cls !== 'INFANTRY' && here) score -= 5; // engaged units may attack only their own hex
    // Close in on the enemy while supplied, so next turn brings attacks.
    if (supplied && u.cls !== 'INFANTRY' && enemies.size) {
      const d = [...enemies.keys()].reduce((m, h) => Math.min(m, map.distance(hex, h)), Infinity);
      score += 4 / (1 + d);
    }
  }
  return score;
}

/** One move per unit that gains by moving, keeping each end hex's stack legal (6.8) and a battalion on every own installation. */
function planMovement(state: CerberusState, side: Side): MoveOrder[] {
  const enemies = enemyStacks(state, side);
  const sources = anchors(state, side);
  const stacks = new Map<HexId, Unit[]>();
  for (const u of state.units) if (u.side === side && onMap(u) && u.cls !== 'SF') stacks.set(u.hex!, [...(stacks.get(u.hex!) ?? []), u]);
  const movers = state.units
    .filter((u) => u.side === side && onMap(u) && u.movement > 0 && u.attack > 0 && !u.outOfSupply && u.landedOnTurn !== state.turn)
    .sort((a, b) => Number(a.cls === 'INFANTRY') - Number(b.cls === 'INFANTRY') || a.id.localeCompare(b.id));
  const moves: MoveOrder[] = [];
  const memo = new Map<string, number>();
  const score = (u: Unit, hex: HexId) => {
    const key = `${u.cls}|${u.attack}|${u.movement}|${hex}`;
    let v = memo.get(key);
    if (v === undefined) memo.set(key, (v = hexScore(state, side, u, hex, enemies, sources)));
    return v;
  };
  for (const u of movers) {
    const from = u.hex!;
    const stack = stacks.get(from) ?? [];
    // Keep the last battalion on an own installation: it holds the hex and the garrison (14.4).
    if (stack.some(isInst) && stack.filter(isBattalion).length <= 1 && isBattalion(u)) continue;
    const stay = score(u, from);
    let best: { hex: HexId; path: HexId[]; score: number } | null = null;
    for (const r of reachableHexes(state, u.id)) {
      const end = [...(stacks.get(r.hex) ?? []), u];
      if (!isStackingLegal(end)) continue;
      const s = score(u, r.hex) - 0.05 * r.cost;
      if (s > stay + 1 && (!best || s > best.score)) best = { hex: r.hex, path: r.path, score: s };
    }
    if (!best) continue;
    moves.push({ unitId: u.id, path: best.path });
    stacks.set(from, stack.filter((x) => x.id !== u.id));
    stacks.set(best.hex, [...(stacks.get(best.hex) ?? []), u]);
  }
  return moves;
}

// ---------------------------------------------------------------- combat (7, 8)

interface Pools {
  fleet: number;
  missiles: Set<string>;
  air: Map<string, number>;
}

/** Attacks at 3-2 or better (3-1 when the garrison is thin), best targets first, with the fire support still free (8). */
function planCombat(state: CerberusState, side: Side): AttackOrder[] {
  const options = legalAttacks(state, side);
  if (!options.length) return [];
  const battalions = state.units.filter((u) => u.side === side && onMap(u) && isBattalion(u)).length;
  const threshold = battalions <= 9 ? COL_3_1 : COL_3_2;
  const pools: Pools = { fleet: options[0].support.fleet, missiles: new Set(), air: new Map() };
  for (const o of options) for (const a of o.support.air) if (!pools.air.has(a.installationId)) pools.air.set(a.installationId, a.points);
  const used = new Set<string>();
  const held = sfInFleet(state, side, 'HELD').map((u) => u.id);
  const defenseOf = (o: LegalAttack) => o.defense ?? o.defenders * ASSUMED_DEFENSE;
  const value = (o: LegalAttack) => (1 + (isResourceHex(o.targetHex) ? 1 : 0)) / Math.max(1, defenseOf(o));
  const attacks: AttackOrder[] = [];
  for (const o of [...options].sort((a, b) => value(b) - value(a) || a.targetHex.localeCompare(b.targetHex))) {
    const free = o.attackers.filter((a) => !used.has(a.unitId)).sort((a, b) => b.attack - a.attack || a.unitId.localeCompare(b.unitId));
    if (!free.length) continue;
    const defense = defenseOf(o);
    const pair = held.length >= 2;
    const shifts = [...o.shifts, ...(pair ? [{ id: 'SF_PAIR' as const, shift: 1, rule: '10.433' }] : [])];
    // Add attackers until 3-1 with full support, or all are in.
    const chosen: typeof free = [];
    let ground = 0;
    for (const a of free) {
      chosen.push(a);
      ground += a.attack;
      if (combatOdds(ground * 2, defense, shifts).index >= COL_3_1) break;
    }
    let room = ground;
    const fleet = Math.min(pools.fleet, room);
    room -= fleet;
    const missiles = o.support.missiles.filter((m) => !pools.missiles.has(m)).slice(0, room);
    room -= missiles.length;
    const air: { installationId: string; points: number }[] = [];
    for (const a of o.support.air) {
      const pts = Math.min(room, pools.air.get(a.installationId) ?? 0);
      if (pts > 0) {
        air.push({ installationId: a.installationId, points: pts });
        room -= pts;
      }
    }
    const total = 2 * ground - room;
    const need = o.defense === null ? Math.max(threshold, COL_2_1) : threshold;
    if (combatOdds(total, defense, shifts).index < need) continue;
    pools.fleet -= fleet;
    missiles.forEach((m) => pools.missiles.add(m));
    air.forEach((a) => pools.air.set(a.installationId, (pools.air.get(a.installationId) ?? 0) - a.points));
    chosen.forEach((a) => used.add(a.unitId));
    const order: AttackOrder = {
      targetHex: o.targetHex,
      attackers: chosen.map((a) => a.unitId),
      air,
      missiles,
      fleet,
      advance: 'all',
      attackerLosses: [],
      ifChanged: 'proceed',
    };
    if (pair) order.sfPair = [held.shift()!, held.shift()!];
    attacks.push(order);
  }
  return attacks;
}

// ---------------------------------------------------------------- transportation (11, 14.23)

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
  if (u.cls === 'TRANSPORT') return 6 + far;
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
function landingScore(state: CerberusState, side: Side, u: Unit, hex: HexId, enemies: Map<HexId, EnemyStack>, sources: HexId[]): number {
  if (isPolarSupplyHex(hex)) return -50;
  const map = mapFor(state.options);
  const dist = (h: HexId) => map.distance(hex, h);
  const nearEnemy = [...enemies.keys()].reduce((d, h) => Math.min(d, dist(h)), Infinity);
  const threat = [...enemies.values()].filter((e) => dist(e.hex) <= 2).reduce((n, e) => n + e.count, 0);
  if (u.cls === 'SPACEPORT') {
    return (isResourceHex(hex) ? 8 : 0) + continentAppeal(state, side, hex) + map.neighbors(hex).filter(mayLand).length - 3 * threat;
  }
  if (isInst(u)) {
    // A Base alone next to the enemy is 5 points for him (14.5): land it by own troops, out of reach.
    const guarded = [hex, ...map.neighbors(hex)].some((h) => state.units.some((x) => x.side === side && onMap(x) && x.hex === h && x.attack > 0));
    let s = (isResourceHex(hex) ? 6 : 0) + (guarded ? 4 : -8) - 3 * threat + continentAppeal(state, side, hex) / 4;
    if (nearEnemy <= 2) s -= 6;
    if (sources.length) s -= Math.abs(nearest(state, hex, sources) - 3); // spread the air and supply network
    return s;
  }
  if (!sources.length) return -10;
  const d = nearest(state, hex, sources);
  const reach = Math.max(1, Math.min(u.movement, 4));
  let s = d <= reach ? 10 - d : -20;
  s += hexScore(state, side, u, hex, enemies, sources) / 4 + continentAppeal(state, side, hex) / 10 - threat;
  return s;
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
  const fleet = state.units.filter((u) => u.side === side && u.box === 'FLEET').sort((a, b) => a.id.localeCompare(b.id));
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

function planTransportation(state: CerberusState, side: Side): TransportationPlan {
  const plan: TransportationPlan = { actions: planLandings(state, side), ifIllegal: 'skip' };
  const insertion = side === 'CETIAN' && state.turn === 1 && stpLeft(state, side) >= 0 ? planInsertion(state, side) : undefined;
  if (insertion) plan.insertion = insertion;
  return plan;
}

// ---------------------------------------------------------------- the plan

/** The bot's phase plan from segment `from`: SF + movement at the start, then combat, then transportation, each asked for when it comes. */
export function planPhase(state: CerberusState, side: Side, from: PlayerSegment): PhasePlanOrder {
  switch (from) {
    case 'SPECIAL_FORCES':
      return { kind: 'phase-plan', through: 'MOVEMENT', specialForces: planSf(state, side), movement: { moves: planMovement(state, side), ifBlocked: 'truncate' } };
    case 'SUPPLY':
    case 'MOVEMENT':
      return { kind: 'phase-plan', through: 'MOVEMENT', movement: { moves: planMovement(state, side), ifBlocked: 'truncate' } };
    case 'COMBAT':
      return { kind: 'phase-plan', through: 'COMBAT', combat: { suppress: [], attacks: planCombat(state, side) } };
    case 'TRANSPORTATION':
      return { kind: 'phase-plan', through: 'TRANSPORTATION', transportation: planTransportation(state, side) };
  }
}
