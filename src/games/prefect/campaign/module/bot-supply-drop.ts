/**
 * The invader bot's supply drops to its HQs (L2398, L2406). Its Legion lands with full HQs (L2394,
 * D-82) and then draws on what it captures; the SP its transports still carry stayed aboard all
 * game (measured: 100 SP on tog-TRM-4 from turn 1 to the end on seeds c1/c2), since its Supply TF
 * has no friendly naval base to aim at. So, when one of its Legion or Auxilia HQs on the map is low
 * (`isLow`), a TF of transports carrying SP and no troops takes the Orbital Drop mission (L2364)
 * and its plan aims at the zone of the neediest low HQ whose segment no enemy base guards
 * (bot-invader.ts `guardedSegments`), dropping SP up to the HQ's room (`odLoads`, L2398). The
 * defender's HQs draw on its Legion bases, which its Supply TF feeds (L2280-2282), so it keeps
 * that mission. Each change is kept only if the whole order still validates. Reads only the
 * side's own record sheet (its HQs, transports, TFs) and public base positions.
 */
import type { Json } from '#engine/contract.js';
import { unitType } from '../../planetary/index.js';
import { resolveAliases, stats } from '../../space/index.js';
import type { Side } from '../../common/types.js';
import { campaignData } from '../data/index.js';
import { dropEligible } from '../drops.js';
import { segmentOfZone, zoneOfHex } from '../map-link.js';
import { guardedSegments } from './bot-invader.js';
import { spacePrompts } from './halves.js';
import type { CampaignGameState } from './types.js';
import { validateOrders } from './validate.js';

/** An HQ is low when it holds three quarters of its maximum or less (a design threshold: worth a transport's mission). */
const LOW = 0.75;

export interface LowHq {
  hq: string;
  zone: number;
  room: number;
}

/** L2398: the side's active Legion and Auxilia HQs on the map holding at most `LOW` of their maximum, most room first. */
export function lowHqs(cs: CampaignGameState, side: Side): LowHq[] {
  const ps = cs.planetary;
  const out: LowHq[] = [];
  for (const u of Object.values(ps.units)) {
    const t = unitType(u);
    const hex = u.tf ? ps.tfs[u.tf]?.hex : undefined;
    if (u.side !== side || u.status !== 'ACTIVE' || !hex || (t.hq !== 'LEGION' && t.hq !== 'AUXILIA')) continue;
    const max = t.supplyMax ?? 0;
    const sp = ps.hqSupply[u.id] ?? 0;
    if (max > 0 && sp <= LOW * max) out.push({ hq: u.id, zone: zoneOfHex(hex), room: max - sp });
  }
  return out.sort((a, b) => b.room - a.room || a.hq.localeCompare(b.hq));
}

/** Own active transports of space TF `tf` carrying SP, and whether the TF carries droppable troops. */
function supplyTransports(cs: CampaignGameState, tf: string): { ids: string[]; troops: boolean } {
  const units = cs.space.tfs[tf]?.units ?? [];
  const ids = units
    .filter((id) => {
      const u = cs.space.units[id];
      return u && u.status === 'ACTIVE' && stats(u).kind === 'TRANSPORT' && (u.supply ?? 0) > 0;
    })
    .sort();
  const troops = Object.entries(cs.cargo).some(
    ([u, c]) => c.transports.some((t) => units.includes(t)) && dropEligible(cs.planetary.units[u]),
  );
  return { ids, troops };
}

const isInvader = (cs: CampaignGameState, side: Side): boolean => campaignData.scenarios[cs.scenario].invader === side;

/** The low HQs a drop may reach: those whose zone's segment no enemy base guards. */
const reachable = (cs: CampaignGameState, side: Side): LowHq[] => {
  const guarded = guardedSegments(cs, side);
  return lowHqs(cs, side).filter((h) => !guarded.has(segmentOfZone(h.zone)));
};

/** L2364, L2398: mission assignment — an SP-carrying TF of transports without troops takes Orbital Drop while an HQ is low. */
export function supplyDropMissions(cs: CampaignGameState, side: Side, order: Json): Json {
  const o = order as { kind?: string; missions?: { tf: string; mission: string; params?: unknown }[] } | null;
  if (o?.kind !== 'missions' || !isInvader(cs, side) || !reachable(cs, side).length) return order;
  const prompt = spacePrompts(cs.space).find((p) => p.side === side);
  const legal = new Map(
    ((prompt?.choices as { tfs?: { tf: string; missions: string[] }[] } | null)?.tfs ?? []).map((t) => [
      t.tf,
      t.missions,
    ]),
  );
  const out = structuredClone(o);
  for (const m of out.missions ?? []) {
    const { ids, troops } = supplyTransports(cs, resolveAliases(cs.space, m.tf) as string);
    if (!ids.length || troops || !legal.get(m.tf)?.includes('ORBITAL_DROP')) continue;
    m.mission = 'ORBITAL_DROP';
    delete m.params;
  }
  return validateOrders(cs, side, out as Json).length ? order : (out as Json);
}

/**
 * L2368-2378, L2398: combat plan — each OD TF at the planet carrying SP and no troops aims at the
 * zone of the neediest low HQ in an unguarded segment and names its SP transports' drops, up to
 * the HQ's room (what does not fit would stay aboard, L2406).
 */
export function supplyDropLoads(cs: CampaignGameState, side: Side, order: Json): Json {
  const o = order as { kind?: string; plan?: { tfs?: { tf: string; segment?: number }[] }; odLoads?: unknown[] } | null;
  if (o?.kind !== 'combat-plan' || !isInvader(cs, side)) return order;
  const hqs = reachable(cs, side);
  if (!hqs.length) return order;
  const out = structuredClone(o);
  const loads: { transport: string; supply: number; toHq: string }[] = [];
  const room = new Map(hqs.map((h) => [h.hq, h.room]));
  for (const t of out.plan?.tfs ?? []) {
    const id = resolveAliases(cs.space, t.tf) as string;
    const tf = cs.space.tfs[id];
    if (
      !tf ||
      tf.mission !== 'ORBITAL_DROP' ||
      tf.place.kind !== 'SECTOR' ||
      tf.place.sector !== campaignData.rules.planetSector
    )
      continue;
    const { ids, troops } = supplyTransports(cs, id);
    const first = hqs.find((h) => room.get(h.hq)! > 0);
    if (!ids.length || troops || !first) continue;
    t.segment = segmentOfZone(first.zone);
    // L2378: one load per transport; the zone's low HQs in turn, neediest first.
    const zoneHqs = hqs.filter((h) => h.zone === first.zone);
    for (const tr of ids) {
      const hq = zoneHqs.find((h) => room.get(h.hq)! > 0);
      if (!hq) break;
      const sp = Math.min(cs.space.units[tr].supply ?? 0, room.get(hq.hq)!);
      loads.push({ transport: tr, supply: sp, toHq: hq.hq });
      room.set(hq.hq, room.get(hq.hq)! - sp);
    }
  }
  if (!loads.length) return order;
  out.odLoads = [...(out.odLoads ?? []), ...loads];
  return validateOrders(cs, side, out as Json).length ? order : (out as Json);
}
