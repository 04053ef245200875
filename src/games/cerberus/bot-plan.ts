/**
 * The bot's Player Phase plans (3.2 B/C). It plans one stretch at a time so every part meets the
 * positions it will be played on: at the Special Forces Segment it sends missions, leaves supply
 * to the engine's automatic plan (12) and moves (4); at the Ground Combat Segment it attacks (7,
 * 8); at the Transportation Segment it lands (11, bot-landing.ts). Only what its side may see is
 * used (bot-knowledge.ts).
 */
import { combatOdds, legalAttacks, type LegalAttack } from './combat.js';
import { isResourceHex } from './map.js';
import { reachableHexes } from './movement.js';
import type { AttackOrder, MoveOrder, PhasePlanOrder, SpecialForcesPlan } from './orders.js';
import { sfCapRemaining, sfInFleet } from './special-forces.js';
import { isStackingLegal } from './stacking.js';
import { enemyOf, type CerberusState, type HexId, type PlayerSegment, type Side, type Unit } from './state.js';
import {
  ASSUMED_DEFENSE,
  COL_2_1,
  COL_3_1,
  COL_3_2,
  anchors,
  enemyStacks,
  hexScore,
  isBattalion,
  isInst,
  onMap,
} from './bot-knowledge.js';
import { planTransportation } from './bot-landing.js';
import { planRaids, planSuppression } from './bot-logistics.js';
import { CAMPAIGN_WEIGHT, campaignBonus, denialMoves, enemyReach, exposureCost, lastTurn } from './bot-human.js';

// ---------------------------------------------------------------- Special Forces (10)

/** 10.41 disrupt a known enemy Spaceport (it fires, flies and lands nothing while disrupted); hold a pair for combat (10.43); raid with the rest (10.42). */
function planSf(state: CerberusState, side: Side): SpecialForcesPlan {
  const ready = sfInFleet(state, side, 'READY').map((u) => u.id);
  let cap = Math.min(ready.length, sfCapRemaining(state, side));
  const plan: SpecialForcesPlan = { disrupt: [], raid: [], hold: [] };
  const port = state.units.find(
    (u) =>
      u.side === enemyOf(side) &&
      onMap(u) &&
      !u.faceDown &&
      u.cls === 'SPACEPORT' &&
      !u.disrupted &&
      !state.turnScratch.disruptionTargets.includes(u.id),
  );
  if (port && cap >= 2) {
    const n = Math.min(3, cap);
    plan.disrupt.push({ targetId: port.id, sfIds: ready.slice(0, n) });
    cap -= n;
    ready.splice(0, n);
  }
  // Pairs held now count against the cap only when placed (G14); keep two for a supported attack.
  if (cap >= 2 && ready.length >= 2) plan.hold.push(...ready.splice(0, 2));
  // 10.42 the rest raid enemy stockpiles (bot-logistics.ts).
  planRaids(state, side, plan, ready, cap);
  return plan;
}

// ---------------------------------------------------------------- movement (4, 5)

/** One move per unit that gains by moving, keeping each end hex's stack legal (6.8) and a battalion on every own installation. */
function planMovement(state: CerberusState, side: Side): MoveOrder[] {
  const enemies = enemyStacks(state, side);
  const sources = anchors(state, side);
  const stacks = new Map<HexId, Unit[]>();
  for (const u of state.units)
    if (u.side === side && onMap(u) && u.cls !== 'SF') stacks.set(u.hex!, [...(stacks.get(u.hex!) ?? []), u]);
  const movers = state.units
    .filter(
      (u) =>
        u.side === side &&
        onMap(u) &&
        u.movement > 0 &&
        u.attack > 0 &&
        !u.outOfSupply &&
        u.landedOnTurn !== state.turn,
    )
    .sort((a, b) => Number(a.cls === 'INFANTRY') - Number(b.cls === 'INFANTRY') || a.id.localeCompare(b.id));
  const moves: MoveOrder[] = [];
  const memo = new Map<string, number>();
  const score = (u: Unit, hex: HexId) => {
    const key = `${u.cls}|${u.attack}|${u.movement}|${hex}`;
    let v = memo.get(key);
    if (v === undefined)
      memo.set(
        key,
        (v = hexScore(state, side, u, hex, enemies, sources) + campaignBonus(state, side, hex, CAMPAIGN_WEIGHT.move)),
      );
    return v;
  };
  // 7.61 the Human keeps his stacks out of reach of good odds (bot-human.ts); memoised per hex.
  const reaches = new Map<HexId, number>();
  const reachAt = (hex: HexId) => {
    let v = reaches.get(hex);
    if (v === undefined) reaches.set(hex, (v = side === 'HUMAN' ? enemyReach(state, side, hex) : 0));
    return v;
  };
  // 14.5 the Human's last turn: first put a unit on every continent the Cetian holds alone (bot-human.ts).
  if (side === 'HUMAN' && lastTurn(state)) {
    const free = state.units
      .filter(
        (u) =>
          u.side === side &&
          onMap(u) &&
          u.movement > 0 &&
          !u.outOfSupply &&
          u.landedOnTurn !== state.turn &&
          !(isInst(u) || u.cls === 'SF'),
      )
      .filter(
        (u) =>
          !(
            (stacks.get(u.hex!) ?? []).some(isInst) &&
            (stacks.get(u.hex!) ?? []).filter(isBattalion).length <= 1 &&
            isBattalion(u)
          ),
      );
    for (const m of denialMoves(state, side, free, (u) => reachableHexes(state, u.id))) {
      const u = free.find((x) => x.id === m.unitId)!;
      const end = m.path.at(-1)!;
      if (!isStackingLegal([...(stacks.get(end) ?? []), u])) continue;
      moves.push(m);
      stacks.set(
        u.hex!,
        (stacks.get(u.hex!) ?? []).filter((x) => x.id !== u.id),
      );
      stacks.set(end, [...(stacks.get(end) ?? []), u]);
    }
  }
  const denied = new Set(moves.map((m) => m.unitId));
  for (const u of movers) {
    if (denied.has(u.id)) continue;
    const from = u.hex!;
    const stack = stacks.get(from) ?? [];
    // Keep the last battalion on an own installation: it holds the hex and the garrison (14.4).
    if (stack.some(isInst) && stack.filter(isBattalion).length <= 1 && isBattalion(u)) continue;
    const stay = score(u, from) - exposureCost(state, side, from, stack, reachAt(from));
    let best: { hex: HexId; path: HexId[]; score: number } | null = null;
    for (const r of reachableHexes(state, u.id)) {
      const end = [...(stacks.get(r.hex) ?? []), u];
      if (!isStackingLegal(end)) continue;
      const s =
        score(u, r.hex) - 0.05 * r.cost - (r.hex === from ? 0 : exposureCost(state, side, r.hex, end, reachAt(r.hex)));
      if (s > stay + 1 && (!best || s > best.score)) best = { hex: r.hex, path: r.path, score: s };
    }
    if (!best) continue;
    moves.push({ unitId: u.id, path: best.path });
    stacks.set(
      from,
      stack.filter((x) => x.id !== u.id),
    );
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
  for (const o of options)
    for (const a of o.support.air) if (!pools.air.has(a.installationId)) pools.air.set(a.installationId, a.points);
  const used = new Set<string>();
  const held = sfInFleet(state, side, 'HELD').map((u) => u.id);
  const defenseOf = (o: LegalAttack) => o.defense ?? o.defenders * ASSUMED_DEFENSE;
  const value = (o: LegalAttack) => (1 + (isResourceHex(o.targetHex) ? 1 : 0)) / Math.max(1, defenseOf(o));
  const attacks: AttackOrder[] = [];
  for (const o of [...options].sort((a, b) => value(b) - value(a) || a.targetHex.localeCompare(b.targetHex))) {
    const free = o.attackers
      .filter((a) => !used.has(a.unitId))
      .sort((a, b) => b.attack - a.attack || a.unitId.localeCompare(b.unitId));
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

// ---------------------------------------------------------------- the plan

/** The bot's phase plan from segment `from`: SF + movement at the start, then combat, then transportation, each asked for when it comes. */
export function planPhase(state: CerberusState, side: Side, from: PlayerSegment): PhasePlanOrder {
  switch (from) {
    case 'SPECIAL_FORCES':
      return {
        kind: 'phase-plan',
        through: 'MOVEMENT',
        specialForces: planSf(state, side),
        movement: { moves: planMovement(state, side), ifBlocked: 'truncate' },
      };
    case 'SUPPLY':
    case 'MOVEMENT':
      return {
        kind: 'phase-plan',
        through: 'MOVEMENT',
        movement: { moves: planMovement(state, side), ifBlocked: 'truncate' },
      };
    case 'COMBAT': {
      const attacks = planCombat(state, side);
      return {
        kind: 'phase-plan',
        through: 'COMBAT',
        combat: planSuppression(state, side, planCombat, attacks) ?? { suppress: [], attacks },
      };
    }
    case 'TRANSPORTATION':
      return { kind: 'phase-plan', through: 'TRANSPORTATION', transportation: planTransportation(state, side) };
  }
}
