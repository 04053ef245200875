/**
 * The campaign bot's base logistics (D-51, L952-964, L2412-2416), added to the joint orders the
 * Planetary and Space bots wrote:
 * - TF Adjustment: each base the scenario made available is assigned to the own TF holding the
 *   Construction Engineers its rank needs (L958), on a hex with no base (L2416), tracing a LOC to
 *   a friendly base or HQ (L954) — most engineers first, then by id;
 * - Supply, a later turn (L956): an assigned base is built when affordable — its SP (L960-964)
 *   taken from own bases and HQs with a LOC to the TF, fullest first;
 * - Supply: the Planetary bot's rebuilds (L828-846) cut to the Campaign's base limits (5.C.8);
 * - Supply, step 3 (L2290, L1919-1923): a naval base at the planet short of SP is filled from
 *   the Legion bases of its orbital segment, with what they hold beyond their own ground units'
 *   needs (`withNavalLift`).
 * Every addition is kept only if the whole order still validates, so the bot stays legal. A base
 * no own TF has the engineers to build comes dismantled: bot-base-carry.ts. Not done: loading
 * troops (the invader's Legion starts aboard and drops; nothing returns to its transports) and
 * lifting SP to a plain transport (the bot's Supply link sends a transport's SP down to the bases
 * below on its next visit, so they would only go round).
 */
import type { Json } from '#engine/contract.js';
import { unitType, unitsIn } from '../../planetary/index.js';
import { hasLoc, hasLocToAny } from '../../planetary/index.js';
import { storeOf, supplyAnchors } from '../../planetary/index.js';
import { rulesData } from '../../planetary/index.js';
import type { LegionBaseClass } from '../../planetary/index.js';
import { basesAvailable } from '../base-availability.js';
import { baseInHex, engineersNeeded, type GroundBaseClass } from '../build-bases.js';
import { actsAsBase, capacityOf, holderOf, locationOf, supplyOf } from '../../space/index.js';
import { campaignData } from '../data/index.js';
import { segmentOfZone, zoneOfHex } from '../map-link.js';
import type { CampaignGameState, Side } from './types.js';
import { validateOrders } from './validate.js';
import { baseLimitErrors } from './supply-limits.js';
import { readLink, runLink } from './supply-link.js';
import { supplyStepsTrial } from './supply-steps.js';

const engineers = (cs: CampaignGameState, tf: string): number =>
  unitsIn(cs.planetary, tf).filter((u) => u.status === 'ACTIVE' && unitType(u).flags.includes('CONSTRUCTION_ENGINEER'))
    .length;

export const keepIfLegal = (cs: CampaignGameState, side: Side, before: Json, after: Json): Json =>
  validateOrders(cs, side, after).length ? before : after;

/** D-51, L952-954: available bases assigned to TFs able to build them. */
export function withBaseAssignments(cs: CampaignGameState, side: Side, order: Json): Json {
  const ps = cs.planetary;
  const assigned = new Set(Object.keys(cs.basePool?.assigned ?? {}).filter((tf) => ps.tfs[tf]));
  const anchors = supplyAnchors(ps, side, { anyHq: true });
  const list: { tf: string; type: string }[] = [];
  for (const { type } of basesAvailable(cs, side)) {
    const tf = Object.values(ps.tfs)
      .filter((t) => t.side === side && !t.independent && !assigned.has(t.id) && !list.some((x) => x.tf === t.id))
      .filter(
        (t) =>
          engineers(cs, t.id) >= engineersNeeded(type as GroundBaseClass) &&
          !baseInHex(cs, t.hex) &&
          hasLocToAny(ps, side, t.hex, anchors),
      )
      .sort((a, b) => engineers(cs, b.id) - engineers(cs, a.id) || a.id.localeCompare(b.id))[0];
    if (tf) list.push({ tf: tf.id, type });
  }
  if (!list.length) return order;
  return keepIfLegal(cs, side, order, { ...(order as Record<string, Json>), assignBases: list } as Json);
}

/** L956-964: assigned bases built when the SP are there (own bases and HQs with a LOC to the TF). */
export function withBaseBuilds(cs: CampaignGameState, side: Side, order: Json): Json {
  const ps = cs.planetary;
  let out = order;
  for (const [tf, a] of Object.entries(cs.basePool?.assigned ?? {}).sort(([x], [y]) => x.localeCompare(y))) {
    const t = ps.tfs[tf];
    const spec = rulesData().baseTypes[`GL${a.type.slice(2)}` as LegionBaseClass]?.build;
    if (!t || t.side !== side || a.turn >= cs.turn || !spec || engineers(cs, tf) < spec.engineers) continue;
    const ids = [
      ...Object.values(ps.bases)
        .filter((b) => b.side === side)
        .map((b) => b.id),
      ...Object.keys(ps.hqSupply),
    ];
    const stores = ids
      .map((id) => storeOf(ps, side, id))
      .filter((s) => s && s.sp() > 0 && hasLoc(ps, side, s.hex, t.hex))
      .sort((x, y) => y!.sp() - x!.sp() || x!.id.localeCompare(y!.id));
    const sources: { id: string; amount: number }[] = [];
    let need = spec.sp;
    for (const s of stores) {
      if (need <= 0) break;
      const amount = Math.min(need, s!.sp());
      sources.push({ id: s!.id, amount });
      need -= amount;
    }
    if (need > 0) continue; // not affordable this turn
    const o = out as Record<string, Json>;
    const build = [...((o.build as Json[] | undefined) ?? []), { tf, type: a.type, sources }] as Json;
    out = keepIfLegal(cs, side, out, { ...o, build } as Json);
  }
  return out;
}

/**
 * 5.C.8 (L2293-2299, L2334-2350): the Planetary bot's rebuilds (its bot-bases.ts) dropped where the
 * Campaign's base limits refuse them (a disorganised base, a naval ground base for non-Marines).
 */
export function rebuildsWithinLimits(cs: CampaignGameState, side: Side, ground: Json): Json {
  const g = ground as { kind?: string; rebuild?: unknown[] } | null;
  if (g?.kind !== 'supply' || !g.rebuild?.length) return ground;
  const refused = new Set(
    baseLimitErrors(cs, side, ground)
      .filter((e) => e.path?.[1] === 'rebuild')
      .map((e) => e.path![2] as number),
  );
  return refused.size ? ({ ...g, rebuild: g.rebuild.filter((_, i) => !refused.has(i)) } as Json) : ground;
}

/**
 * What a Legion base keeps for its own side's ground units at the next Supply Phase: one more
 * fatigue level than each TF with a LOC to it carries, at 1 SP per unit per level (L782, L762),
 * and the reorganisation of the disorganised units at the base (L800).
 */
export function groundReserve(cs: CampaignGameState, side: Side, base: string): number {
  const ps = cs.planetary;
  const b = ps.bases[base];
  let need = 0;
  for (const t of Object.values(ps.tfs))
    if (t.side === side && t.hex && hasLoc(ps, side, t.hex, b.hex)) need += unitsIn(ps, t.id).length * (t.fatigue + 1);
  for (const u of Object.values(ps.units))
    if (u.side === side && u.status === 'DISORGANISED' && (u.under === base || (!u.under && u.hex === b.hex)))
      need += unitType(u).reorgCost ?? 0;
  return need;
}

/**
 * L2290, L1919-1923 (bot): on the state the rest of the Supply order leaves (naval and ground
 * steps, then the other step-3 links, L2286-2291), each of the side's naval bases at the planet
 * (ground or orbital, or a transport deployed as one, L2115) below its storage (L1907) is filled
 * from the undisrupted Legion bases of its own orbital segment (L1923, L2141, L1927), most spare
 * first. A Legion base gives only SP not delivered this turn (L770) and beyond its
 * `groundReserve`. Ships rearm and reorganise from naval bases and Supply TFs' transports, never
 * from Legion bases (L1935, L2346, D-66), and what they will spend follows the next combat (D-65b
 * reorganisation costs), so the naval base is kept full rather than sized to today's fatigue; the
 * Legion base gains room for the next deliveries (L774). The lifts are kept only if the whole order
 * still validates.
 */
export function withNavalLift(cs: CampaignGameState, side: Side, order: Json): Json {
  const o = order as Record<string, Json>;
  if (o?.kind !== 'campaign-supply') return order;
  const trial = supplyStepsTrial(cs, side, o).trial;
  const link = readLink(trial, side, { ...o, lift: undefined });
  if ('error' in link || 'error' in runLink(trial, side, link)) return order;
  const planet = campaignData.rules.planetSector;
  const ps = trial.planetary;
  const spare = new Map(
    Object.values(ps.bases)
      .filter((b) => b.side === side && b.status === 'ACTIVE')
      .map((b) => [b.id, Math.min(b.supply - b.deliveredThisTurn, b.supply - groundReserve(trial, side, b.id))]),
  );
  const holders = [...Object.keys(trial.space.bases), ...Object.keys(trial.space.units)]
    .sort()
    .map((id) => holderOf(trial.space, id))
    .filter((h): h is NonNullable<typeof h> => !!h && h.side === side && actsAsBase(h))
    .map((h) => ({ h, at: locationOf(trial.space, h) }))
    .filter((x) => x.at?.sector === planet);
  const lift: { base: string; to: string; sp: number }[] = [];
  for (const { h, at } of holders) {
    let want = capacityOf(h) - supplyOf(h);
    const sources = Object.values(ps.bases)
      .filter((b) => (spare.get(b.id) ?? 0) > 0 && segmentOfZone(zoneOfHex(b.hex)) === at!.segment)
      .sort((x, y) => spare.get(y.id)! - spare.get(x.id)! || x.id.localeCompare(y.id));
    for (const b of sources) {
      if (want <= 0) break;
      const sp = Math.min(want, spare.get(b.id)!);
      lift.push({ base: b.id, to: h.id, sp });
      spare.set(b.id, spare.get(b.id)! - sp);
      want -= sp;
    }
  }
  if (!lift.length) return order;
  return keepIfLegal(cs, side, order, { ...o, lift: [...((o.lift as Json[] | undefined) ?? []), ...lift] } as Json);
}
