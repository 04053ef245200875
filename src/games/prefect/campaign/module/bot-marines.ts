/**
 * The Campaign bot's Marines (L2033-2083, D-74, L2307), from its own record sheet and public
 * positions. The Marines are ground units aboard transports (L2307); on the ground they are slow
 * (not gravitic: the L2388 default gives them a TF of their own), in space they can take a base.
 * While an assault target is there (below):
 * - an Orbital Drop transport drops its other eligible units and keeps its Marines aboard
 *   (`odLoads`, L2368-2378), and a TF whose only droppable cargo is Marines is not sent on Orbital
 *   Drop for them (bot.ts `dropMissions`); with no target they drop with the rest, as before;
 * - a TF at the planet with an organised transport carrying Marines (L2057, L2065) and no cargo
 *   to drop flies an Attack (L2063);
 * - that TF stays at the planet in the movement step;
 * - in the combat plan that Attack goes into the target's segment and names each such transport
 *   for the assault (`marines`, L2063); the cargo Marines count as its cohorts (marines-link.ts).
 * With no such target, an Attack TF at the planet carrying Marines names for the assault the enemy
 * orbital bases last sighted in the segment it attacks, as the Space bot does for its cohorts
 * (`marineAssaults`, ../../space/index.ts, with the cargo Marines counted): the Attack may leave
 * such a base disrupted.
 * A target: an enemy Legion base disorganised now (L2035, L2067; disrupted on the ground, it stands
 * in as a ground naval base in space combat, L2141, L2155, legion-bases.ts) with no other enemy
 * base known in its segment (L2037; naval bases by the public sightings, H25). The assault still needs the base
 * disrupted and alone at resolution (checked there). Measured (rules README "Rule coverage"): in
 * the invasion's bot play no target arises, so the Marines drop on turn 2 as before.
 * Every change is kept only if the whole order still validates.
 */
import type { Json } from '#engine/contract.js';
import { marineAssaults, resolveAliases, tfAlias, viewOf } from '../../space/index.js';
import type { SpaceGameState } from '../../space/index.js';
import { unitType } from '../../planetary/index.js';
import type { Side } from '../../common/types.js';
import { campaignData } from '../data/index.js';
import { dropEligible } from '../drops.js';
import { segmentOfZone, zoneOfHex } from '../map-link.js';
import { LEGION_PREFIX, standInId } from './legion-bases.js';
import { cargoMarines } from './marines-link.js';
import type { CampaignGameState } from './types.js';
import { validateOrders } from './validate.js';

const keepIfLegal = (cs: CampaignGameState, side: Side, before: Json, after: Json): Json =>
  validateOrders(cs, side, after).length ? before : after;

const isMarine = (cs: CampaignGameState, u: string): boolean =>
  !!cs.planetary.units[u] && unitType(cs.planetary.units[u]).flags.includes('MARINE');

/** L2372: does the bot drop this cargo unit now (Marines stay aboard while `assault`: a target is there)? */
export const dropsNow = (cs: CampaignGameState, u: string, assault: boolean): boolean =>
  dropEligible(cs.planetary.units[u]) && !(assault && isMarine(cs, u));

/** L2057, L2065: the organised transports of space TF `tf` carrying Marine units (first carrier). */
export function marineTransports(cs: CampaignGameState, tf: string): string[] {
  return (cs.space.tfs[tf]?.units ?? []).filter(
    (t) => cs.space.units[t]?.status === 'ACTIVE' && cargoMarines(cs, t).length > 0,
  );
}

export interface MarineTarget {
  /** The space id of the Legion base's stand-in (legion-bases.ts). */
  base: string;
  segment: number;
}

/**
 * H25: the segments at the planet where an enemy naval base was last sighted (the public
 * sightings; where a naval base at a planet lies and how it stands are hidden otherwise).
 */
function sightedNavalSegments(cs: CampaignGameState, side: Side): Set<number> {
  const latest = new Map<number, SpaceGameState['sightings'][number]>();
  for (const g of cs.space.sightings ?? [])
    if (g.sector === campaignData.rules.planetSector && (latest.get(g.segment)?.turn ?? -1) < g.turn)
      latest.set(g.segment, g);
  return new Set(
    [...latest.values()]
      .filter((g) => g.bases.some((b) => b.side !== side && !b.id.startsWith(LEGION_PREFIX)))
      .map((g) => g.segment),
  );
}

/**
 * L2035-2037, L2067: the enemy Legion bases disorganised now (status and hex are on the map,
 * L2141) with no other enemy base known in their segment: no other Legion base, no naval base
 * sighted there. Enemy SD units allocated there, or an unsighted naval base, would still stop
 * the assault (L2037, checked at resolution): the bot cannot see them in advance.
 */
export function marineTargets(cs: CampaignGameState, side: Side): MarineTarget[] {
  if (cs.options.legionBasesInSpace === false) return [];
  const legion = Object.values(cs.planetary.bases)
    .filter((b) => b.side !== side && b.hex)
    .map((b) => ({
      base: standInId(b.id),
      segment: segmentOfZone(zoneOfHex(b.hex)),
      disrupted: b.status === 'DISRUPTED',
    }));
  const naval = sightedNavalSegments(cs, side);
  return legion
    .filter((t) => t.disrupted && !naval.has(t.segment) && legion.filter((o) => o.segment === t.segment).length === 1)
    .map(({ base, segment }) => ({ base, segment }))
    .sort((a, b) => a.segment - b.segment || a.base.localeCompare(b.base));
}

const atPlanet = (cs: CampaignGameState, tf: string): boolean => {
  const p = cs.space.tfs[tf]?.place;
  return p?.kind === 'SECTOR' && p.sector === campaignData.rules.planetSector;
};

/** L2063: a TF at the planet with Marines aboard an organised transport (and nothing to drop) flies an Attack when a target is there. */
export function withMarineMissions(cs: CampaignGameState, side: Side, order: Json, legal: Map<string, string[]>): Json {
  const o = order as { kind?: string; missions?: { tf: string; mission: string; params?: unknown }[] } | null;
  if (o?.kind !== 'missions' || !marineTargets(cs, side).length) return order;
  let out = order;
  for (const [i, m] of (o.missions ?? []).entries()) {
    const id = resolveAliases(cs.space, m.tf) as string;
    if (m.mission === 'ORBITAL_DROP' || !atPlanet(cs, id) || !marineTransports(cs, id).length) continue;
    if (!legal.get(m.tf)?.includes('ATTACK')) continue;
    const next = structuredClone(out) as { missions: { tf: string; mission: string; params?: unknown }[] };
    next.missions[i] = { tf: m.tf, mission: 'ATTACK' };
    out = keepIfLegal(cs, side, out, next as unknown as Json);
  }
  return out;
}

type PlanTf = { tf: string; segment?: number; marines?: { transport: string; base: string }[] } & Record<
  string,
  unknown
>;
type Plan = { kind?: string; plan?: { tfs?: PlanTf[] }; odLoads?: Json[] } & Record<string, unknown>;

/** The Space bot's own choice (bot-marines.ts) of orbital bases to assault, with the cargo Marines counted as cohorts. */
function spaceBotAssaults(cs: CampaignGameState, side: Side, tf: string, segment: number) {
  const ss = structuredClone(cs.space);
  for (const t of marineTransports(cs, tf))
    ss.units[t].marines = (ss.units[t].marines ?? 0) + cargoMarines(cs, t).length;
  const view = viewOf(ss, side) as { own?: { tfs?: { id: string }[] } };
  const alias = tfAlias(cs.space as never, tf);
  const v = (view.own?.tfs ?? []).find((x) => x.id === alias || x.id === tf);
  return v ? marineAssaults(view, v, campaignData.rules.planetSector, segment) : [];
}

/**
 * L2063, L2368-2378: in the combat plan each Attack TF at the planet with Marines aboard goes into
 * the first target's segment and names its transports there (else the Space bot's orbital
 * assaults, above); while a target is there each Orbital Drop transport keeps its Marines aboard.
 */
export function withMarinePlan(cs: CampaignGameState, side: Side, order: Json): Json {
  const o = order as Plan | null;
  if (o?.kind !== 'combat-plan' || !Array.isArray(o.plan?.tfs)) return order;
  let out = order;
  const targets = marineTargets(cs, side);
  for (const [i, entry] of o.plan!.tfs!.entries()) {
    const id = resolveAliases(cs.space, entry.tf) as string;
    const tf = cs.space.tfs[id];
    if (!tf || !atPlanet(cs, id)) continue;
    const carriers = marineTransports(cs, id);
    if (tf.mission === 'ATTACK' && carriers.length) {
      const t = targets[0];
      // No target of ours: the Space bot's own choice, the orbital bases sighted in the segment it attacks.
      const marines = t
        ? carriers.map((transport) => ({ transport, base: t.base }))
        : entry.segment !== undefined
          ? spaceBotAssaults(cs, side, id, entry.segment)
          : [];
      if (!marines.length) continue;
      const next = structuredClone(out) as Plan;
      next.plan!.tfs![i] = { ...entry, segment: t?.segment ?? entry.segment, marines };
      delete next.plan!.tfs![i].interrupt;
      out = keepIfLegal(cs, side, out, next as Json);
    } else if (tf.mission === 'ORBITAL_DROP' && targets.length) {
      const named = new Set((((out as Plan).odLoads ?? []) as { transport?: string }[]).map((l) => l.transport));
      const loads = tf.units
        .filter((t) => !named.has(t) && cargoMarines(cs, t).length && !(cs.space.units[t]?.baseLoad ?? null))
        .map((t) => ({
          transport: t,
          units: Object.entries(cs.cargo)
            .filter(([, c]) => c.transports[0] === t && c.transports.every((x) => tf.units.includes(x)))
            .map(([u]) => u)
            .filter((u) => dropsNow(cs, u, true))
            .sort(),
        }))
        .filter((l) => l.units.length);
      if (!loads.length) continue;
      const next = { ...(out as Plan), odLoads: [...(((out as Plan).odLoads ?? []) as Json[]), ...loads] };
      out = keepIfLegal(cs, side, out, next as unknown as Json);
    }
  }
  return out;
}

/** L1409, L2063: while a target is there, an Attack TF with Marines aboard stays at the planet (no move elsewhere). */
export function holdForAssault(cs: CampaignGameState, side: Side, order: Json): Json {
  const o = order as { kind?: string; moves?: { tf: string; to: string }[] } | null;
  if (o?.kind !== 'move' || !o.moves?.length || !marineTargets(cs, side).length) return order;
  const stays = (m: { tf: string }) => {
    const id = resolveAliases(cs.space, m.tf) as string;
    return cs.space.tfs[id]?.mission === 'ATTACK' && atPlanet(cs, id) && marineTransports(cs, id).length > 0;
  };
  if (!o.moves.some(stays)) return order;
  return keepIfLegal(cs, side, order, { ...o, moves: o.moves.filter((m) => !stays(m)) } as Json);
}
