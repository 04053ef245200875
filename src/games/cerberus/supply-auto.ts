/**
 * `autoSupply` (digest 8.2 item 8): a complete supply plan for the phasing player, for the player's
 * client to start from, for the bot, and for a phase plan sent without a supply part.
 *
 * On a copy of the state after production (12.7):
 * 1. match every unit needing supply to a source (maximum matching, units that would be
 *    eliminated in polar rows first, 12.13);
 * 2. invert a Transport on a Base or Spaceport to ferry (12.4) only where that supplies more units;
 * 3. spend the Fleet's delivery (3.2 B.2b): one factor onto each unit still unsupplied when the
 *    Space State allows it (12.8), else a factor into an installation that unit can reach; the rest
 *    into installations with room, emptiest first (never over the cap, 12.2);
 * 4. match again and write the draws out explicitly.
 */
import { canLandSuppliesOnUnits, spaceSupply } from './space.js';
import { holdsSupplies, needsSupply, onMap, stockCap, type LogisticsHooks } from './logistics.js';
import type { SupplyPlan } from './orders.js';
import {
  installationDrawProblem,
  matchSupply,
  poolsOf,
  produceSupplies,
  supplyWorld,
  supplyPriority,
  type SupplyWorld,
} from './supply-trace.js';
import type { CerberusState, Side, Unit } from './state.js';

type Delivery = SupplyPlan['spaceDelivery'][number];

export function autoSupplyPlan(state: CerberusState, side: Side, hooks: LogisticsHooks = {}): SupplyPlan {
  const s = structuredClone(state);
  produceSupplies(s, side);
  const w = supplyWorld(s, side, hooks);
  const mine = s.units.filter((u) => u.side === side && onMap(u));
  const needing = mine.filter(needsSupply).sort(supplyPriority);
  const installations = mine.filter(holdsSupplies);
  const count = (ferries: string[]) => matchSupply(w, poolsOf(s, side, ferries), needing).size;

  // 2. ferries that add supplied units
  const ferries: string[] = [];
  let best = count(ferries);
  for (const t of mine.filter((u) => u.cls === 'TRANSPORT' && installations.some((i) => i.hex === u.hex))) {
    const n = count([...ferries, t.id]);
    if (n > best) {
      ferries.push(t.id);
      best = n;
    }
  }

  // 3. the Fleet's delivery
  let left = spaceSupply(s, side);
  const toUnits: string[] = [];
  const toInst = new Map<string, number>();
  const room = (i: Unit) => stockCap(i) - i.supplies - (toInst.get(i.id) ?? 0);
  const give = (i: Unit, n: number) => {
    toInst.set(i.id, (toInst.get(i.id) ?? 0) + n);
    left -= n;
  };
  const matched = matchSupply(w, poolsOf(s, side, ferries), needing);
  for (const u of needing.filter((x) => !matched.has(x.id))) {
    if (left < 1) break;
    if (canLandSuppliesOnUnits(s, side)) {
      toUnits.push(u.id);
      left -= 1;
      continue;
    }
    const target = reachableWithRoom(w, installations, u, room);
    if (target) give(target, 1);
  }
  for (const i of [...installations].sort(
    (a, b) => a.supplies + (toInst.get(a.id) ?? 0) - b.supplies - (toInst.get(b.id) ?? 0) || a.id.localeCompare(b.id),
  )) {
    if (left < 1) break;
    const n = Math.min(left, Math.max(0, room(i)));
    if (n > 0) give(i, n);
  }
  for (const i of installations) i.supplies += toInst.get(i.id) ?? 0;

  // 4. the draws
  const pools = poolsOf(s, side, ferries);
  const rest = needing.filter((u) => !toUnits.includes(u.id));
  const draws = [...matchSupply(w, pools, rest)].map(([unitId, e]) => ({ unitId, source: e.source }));
  const spaceDelivery: Delivery[] = [
    ...[...toInst]
      .filter(([, n]) => n > 0)
      .map(([installationId, factors]) => ({ kind: 'installation' as const, installationId, factors })),
    ...toUnits.map((unitId) => ({ kind: 'unit' as const, unitId })),
  ];
  return { spaceDelivery, ferry: ferries, draws, auto: false, dumpCargo: [] };
}

function reachableWithRoom(
  w: SupplyWorld,
  installations: Unit[],
  u: Unit,
  room: (i: Unit) => number,
): Unit | undefined {
  return installations
    .filter((i) => room(i) > 0 && !installationDrawProblem(w, u, i))
    .sort((a, b) => room(b) - room(a) || a.id.localeCompare(b.id))[0];
}
