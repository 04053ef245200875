/**
 * The bot's use of the rarer Transportation Segment actions (11.15, 11.16, 11.2) and of SF raids
 * on stockpiles (10.42), where they help it, from the legal-choice lists the prompts offer
 * (prompts-transport.ts):
 * - 11.15 evacuate a unit that would be lost to supply (in a polar row with no stocked own
 *   installation in reach, 12.13) or, with the free evacuation of a low Space State, any
 *   out-of-supply unit: it can land again later;
 * - 11.16 shuttle an out-of-supply combat unit, or one beyond reach of any stocked own
 *   installation, next to an own installation that holds supplies; on the Human's last turn, a
 *   spare unit onto a continent he has no unit on (14.5 continents held, `lastTurnShuttles`);
 * - 11.2 (Cetian) carry supplies from a well-stocked installation to a short one, or a unit to an
 *   installation with enemy troops near it;
 * - 10.42 raid the stockpile of a known enemy Base or Spaceport with SF left over from the other missions;
 * - 8.41 suppress an enemy Air Defense Zone when the attacks it shields become stronger for it.
 * Actions go after the landings: what the STP no longer covers is dropped by the bot's self-check.
 */
import { airReach, fireEnv, type AdzSuppression } from './fire-support.js';
import { continentOf, isPolarSupplyHex, isResourceHex, mapFor } from './map.js';
import type { AttackOrder, SpecialForcesPlan, TransportAction } from './orders.js';
import { evacuationChoices, shuttleChoices, subOrbitalChoices } from './prompts-transport.js';
import { enemyOf, newPhaseScratch, unitById, type CerberusState, type Side, type Unit } from './state.js';
import { onMap } from './bot-knowledge.js';

const isInstallationUnit = (u: Unit) => u.cls === 'BASE' || u.cls === 'SPACEPORT';

/** 11.15, 11.16, 11.2 actions for `side`'s Transportation Segment, after its landings. */
export function logisticsActions(state: CerberusState, side: Side): TransportAction[] {
  const actions: TransportAction[] = [];
  const taken = new Set<string>();
  // 11.15: a unit in a polar row beyond reach of a stocked own installation dies at the next
  // Supply Segment (12.13); the free evacuation of a low Space State also saves an unsupplied one.
  const evac = evacuationChoices(state, side);
  const map = mapFor(state.options);
  const stocked = state.units
    .filter((u) => u.side === side && onMap(u) && isInstallationUnit(u) && u.supplies > 0 && !u.disrupted)
    .map((u) => u.hex!);
  const stranded = (u: Unit) =>
    !isInstallationUnit(u) &&
    u.cls !== 'EFIELD' &&
    !isResourceHex(u.hex!) &&
    !stocked.some((h) => map.distance(h, u.hex!) <= Math.max(1, Math.min(u.movement, 6)));
  const doomed = (id: string) => {
    const u = unitById(state, id)!;
    return (stranded(u) && isPolarSupplyHex(u.hex!)) || ((u.outOfSupply || stranded(u)) && evac.freeAvailable);
  };
  for (const c of evac.units.filter((c) => doomed(c.unitId)).slice(0, Math.min(2, evac.fleetRoom))) {
    actions.push({ type: 'evacuate', unitId: c.unitId });
    taken.add(c.unitId);
  }
  // 11.16: an unsupplied or stranded combat unit shuttled next to a stocked own installation is supplied next turn.
  const nearStock = new Set(stocked.flatMap((h) => [h, ...map.neighbors(h)]));
  let shuttles = 0;
  for (const c of shuttleChoices(state, side, {})) {
    for (const id of c.unitIds) {
      const u = unitById(state, id)!;
      if (shuttles >= 2 || taken.has(id) || !(u.outOfSupply || stranded(u)) || u.attack === 0) continue;
      const hex = c.hexes.find((h) => nearStock.has(h));
      if (!hex) continue;
      actions.push({ type: 'shuttle', unitId: id, hex });
      taken.add(id);
      shuttles++;
    }
  }
  const sub = subOrbitalChoices(state, side, {});
  if (sub.available && sub.routes.length) {
    const inst = (id: string) => unitById(state, id)!;
    const enemyNear = (hex: string) =>
      state.units.some((u) => u.side === enemyOf(side) && onMap(u) && map.distance(u.hex!, hex) <= 2);
    const supply = sub.routes
      .filter((r) => r.maxSupplies > 0 && inst(r.fromId).supplies >= inst(r.toId).supplies + 4)
      .sort(
        (a, b) =>
          inst(b.fromId).supplies - inst(b.toId).supplies - (inst(a.fromId).supplies - inst(a.toId).supplies) ||
          a.fromId.localeCompare(b.fromId),
      )[0];
    const troop = sub.routes.find(
      (r) =>
        enemyNear(r.toHex) &&
        !enemyNear(r.fromHex) &&
        r.unitIds.some((id) => !taken.has(id) && unitById(state, id)!.attack > 0),
    );
    if (supply) {
      const n = Math.min(
        supply.maxSupplies,
        Math.floor((inst(supply.fromId).supplies - inst(supply.toId).supplies) / 2),
      );
      actions.push({ type: 'sub-orbital', fromId: supply.fromId, toId: supply.toId, supplies: n });
    } else if (troop) {
      const unitId = troop.unitIds.find((id) => !taken.has(id) && unitById(state, id)!.attack > 0)!;
      actions.push({ type: 'sub-orbital', fromId: troop.fromId, toId: troop.toId, unitId });
    }
  }
  return actions;
}

/** 10.42 one raid per SF still ready after the other missions, on known enemy stockpiles (largest first). */
export function planRaids(
  state: CerberusState,
  side: Side,
  plan: SpecialForcesPlan,
  ready: string[],
  cap: number,
): void {
  const targets = state.units
    .filter(
      (u) =>
        u.side === enemyOf(side) &&
        onMap(u) &&
        !u.faceDown &&
        isInstallationUnit(u) &&
        (u.supplies > 0 || u.cls === 'SPACEPORT'),
    )
    .sort(
      (a, b) =>
        b.supplies - a.supplies ||
        Number(b.cls === 'SPACEPORT') - Number(a.cls === 'SPACEPORT') ||
        a.id.localeCompare(b.id),
    );
  for (const t of targets) {
    if (cap <= 0 || !ready.length) break;
    plan.raid.push({ targetId: t.id, sfId: ready.shift()! });
    cap--;
  }
}

/** Attacks planned for a state (bot-plan.ts planCombat), injected to keep the import graph one-way. */
export type CombatPlanner = (state: CerberusState, side: Side) => AttackOrder[];

/**
 * 8.41 whether to fly 8 air points against an enemy Air Defense Zone first: for each face-up enemy
 * Base or Spaceport with an attack target in or next to its hex, the points come from own
 * installations in range (4 each at most, 8.3); the attacks are planned again as if it were
 * suppressed, and the suppression is kept when it makes the attacks stronger (more of them, or
 * more support in all) than without it.
 */
export function planSuppression(
  state: CerberusState,
  side: Side,
  planCombat: CombatPlanner,
  without: AttackOrder[],
): { suppress: AdzSuppression[]; attacks: AttackOrder[] } | null {
  const env = fireEnv(state);
  const map = mapFor(state.options);
  const sources = state.units.filter((u) => u.side === side && onMap(u) && isInstallationUnit(u) && !u.disrupted);
  const used = state.phaseScratch?.side === side ? state.phaseScratch.airPointsUsed : {};
  const strength = (attacks: AttackOrder[]) =>
    attacks.length * 100 +
    attacks.reduce((n, a) => n + a.air.reduce((m, x) => m + x.points, 0) + a.fleet + a.missiles.length, 0);
  let best: { suppress: AdzSuppression[]; attacks: AttackOrder[]; score: number } | null = null;
  const targets = state.units.filter(
    (u) => u.side === enemyOf(side) && onMap(u) && isInstallationUnit(u) && !u.faceDown,
  );
  for (const t of targets) {
    const zone = new Set([t.hex!, ...map.neighbors(t.hex!)]);
    if (!state.units.some((u) => u.side === enemyOf(side) && onMap(u) && zone.has(u.hex!) && u.cls !== 'SF')) continue;
    const from: AdzSuppression['from'] = [];
    let points = 0;
    for (const s of sources) {
      const left = 4 - (used[s.id] ?? 0);
      if (left <= 0 || points >= 8 || airReach(env, s.hex!, t.hex!) !== 'ok') continue;
      const p = Math.min(left, 8 - points);
      from.push({ installationId: s.id, points: p });
      points += p;
    }
    if (points < 8) continue;
    const sim = structuredClone(state);
    sim.phaseScratch ??= newPhaseScratch(side);
    sim.phaseScratch.adzSuppression = {
      ...sim.phaseScratch.adzSuppression,
      [t.id]: (sim.phaseScratch.adzSuppression[t.id] ?? 0) + 8,
    };
    for (const f of from)
      sim.phaseScratch.airPointsUsed[f.installationId] =
        (sim.phaseScratch.airPointsUsed[f.installationId] ?? 0) + f.points;
    const attacks = planCombat(sim, side);
    const score = strength(attacks);
    if (score > strength(without) && (!best || score > best.score))
      best = { suppress: [{ targetInstallationId: t.id, from }], attacks, score };
  }
  return best && { suppress: best.suppress, attacks: best.attacks };
}

/**
 * 11.16, 14.5 the Human's last turn: shuttle spare units (2 STP each, cheaper than most landings)
 * onto continents he has no unit on, up to `stp`; the denial landings then cover the rest. Each
 * shuttle comes with its cost.
 */
export function lastTurnShuttles(
  state: CerberusState,
  side: Side,
  stp: number,
): { action: TransportAction; cost: number }[] {
  const out: { action: TransportAction; cost: number }[] = [];
  const covered = new Set(state.units.filter((u) => u.side === side && onMap(u)).map((u) => continentOf(u.hex!)));
  const spare = (id: string) => {
    const u = unitById(state, id)!;
    const stack = state.units.filter((x) => x.side === side && onMap(x) && x.hex === u.hex);
    return (
      !isInstallationUnit(u) &&
      u.cls !== 'EFIELD' &&
      u.attack > 0 &&
      !(stack.some(isInstallationUnit) && stack.filter((x) => x.attack > 0).length <= 1)
    );
  };
  for (const c of shuttleChoices(state, side, {})) {
    if (out.length >= 3 || c.cost > stp) continue;
    const id = c.unitIds.find(spare);
    const hex =
      id &&
      c.hexes.find((h) => {
        const k = continentOf(h);
        return !!k && k !== 'ISLAND' && !covered.has(k);
      });
    if (!id || !hex) continue;
    out.push({ action: { type: 'shuttle', unitId: id, hex }, cost: c.cost });
    covered.add(continentOf(hex));
    stp -= c.cost;
  }
  return out;
}
