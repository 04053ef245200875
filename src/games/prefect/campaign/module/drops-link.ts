/**
 * The campaign's orbital-drop hand-offs (L2364-2410) between the space half and the ground half:
 * after a space combat, an OD transport that came through drops its eligible cargo into the OD box
 * of its segment's zone (L2368-2378); at TF Adjustment the owner groups the dropped units (L2388);
 * at the end of Supply the groups land (L2390-2396). The rules are ../drops.ts; this file decides
 * only what the orders leave open, with documented defaults.
 */
import type { GameEvent } from '#engine/contract.js';
import { prefectData } from '../../planetary/index.js';
import { distance } from '../../planetary/index.js';
import { objectiveHexes } from '../../planetary/index.js';
import type { Side } from '../../common/types.js';
import { stats } from '../../space/index.js';
import { tfAlias } from '../../space/index.js';
import { campaignData } from '../data/index.js';
import { dropEligible, enterOdBox, groupDrops, landDrops, landingError } from '../drops.js';
import { zoneOfSegment } from '../map-link.js';
import { isRuleError, ruleError } from '../state.js';
import { z } from 'zod';
import { resolveAliases } from '../../space/index.js';
import { enterSupplyStep } from '../supply.js';
import { resolveOrderIds } from '../../planetary/index.js';
import type { CampaignState, RuleError } from '../types.js';

/** The segment of the planet a TF's mission reached in this combat, from the procedure's events (L1677, H25). */
export function segmentReached(cs: CampaignState, tfId: string, events: GameEvent[]): number | null {
  const alias = tfAlias(cs.space as never, tfId);
  let seg: number | null = null;
  for (const e of events) {
    const d = e.data as { tf?: string; sector?: string; segment?: unknown } | null;
    if (
      d &&
      (d.tf === alias || d.tf === tfId) &&
      d.sector === campaignData.rules.planetSector &&
      typeof d.segment === 'number'
    )
      seg = d.segment;
  }
  return seg;
}

/**
 * L2368-2378: after the phasing side's space combat, each transport of its OD TFs at the planet
 * that came through drops every eligible unit aboard (gravitic or Marines, L2372) whose every
 * transport is in that TF (a shared load drops together, L2322) — unless the plan's `odLoads`
 * names what the transport drops (units, or SP for an HQ in the zone, L2398).
 */
export interface OdLoad {
  transport: string;
  units?: string[];
  supply?: number;
  toHq?: string;
  base?: { base: string; toTf: string };
}

/** `base`: a dismantled Legion base the transport carries, dropped to a friendly ground TF of the zone (L2408, L2418-2422; carried-bases.ts). */
export const odLoadsSchema = z.array(
  z
    .object({
      transport: z.string(),
      units: z.array(z.string()).optional(),
      supply: z.number().int().optional(),
      toHq: z.string().optional(),
      base: z.object({ base: z.string(), toTf: z.string() }).strict().optional(),
    })
    .strict(),
);

/** The plan's `odLoads` with the side's ground TF aliases (`toTf`, `toHq`) resolved to ids; null when malformed. */
export function readOdLoads(cs: CampaignState, side: Side, raw: unknown): OdLoad[] | null {
  const p = odLoadsSchema.safeParse(resolveOrderIds(cs.planetary, side, raw));
  return p.success ? p.data : null;
}

/** A campaign combat plan: the Space module's order plus `odLoads` (L2368-2378, L2398) — split apart. */
export function splitPlan(raw: unknown): { plan: unknown; odLoads: unknown } {
  if (!raw || typeof raw !== 'object' || (raw as { kind?: unknown }).kind !== 'combat-plan' || !('odLoads' in raw))
    return { plan: raw, odLoads: undefined };
  const { odLoads, ...plan } = raw as Record<string, unknown>;
  return { plan, odLoads };
}

/**
 * L2368-2378, L2398: what each named transport drops (units, or SP for an HQ of the zone) if its
 * TF comes through, checked on a copy against the segment the plan names (default 1, L1677).
 */
export function odLoadErrors(cs: CampaignState, side: Side, plan: unknown, odLoads: unknown): RuleError | null {
  const loads = readOdLoads(cs, side, odLoads);
  if (!loads)
    return ruleError(
      'MALFORMED',
      'L2378',
      'odLoads: a list of { transport, units?, supply?, toHq?, base?: { base, toTf } }',
    );
  const tfs = (plan as { plan?: { tfs?: { tf: string; segment?: number }[] } })?.plan?.tfs ?? [];
  const seen = new Set<string>();
  for (const l of loads) {
    if (seen.has(l.transport)) return ruleError('TWICE', 'L2378', `${l.transport} is named twice`);
    seen.add(l.transport);
    const tfId = cs.space.units[l.transport]?.side === side ? cs.space.units[l.transport].tf : undefined;
    const segment = tfs.find((t) => resolveAliases(cs.space as never, t.tf) === tfId)?.segment ?? 1;
    const r = enterOdBox(structuredClone(cs), side, l.transport, zoneOfSegment(segment), l);
    if (isRuleError(r)) return r;
  }
  return null;
}

export function odHandOff(cs: CampaignState, phasing: Side, events: GameEvent[], loads: OdLoad[] = []): GameEvent[] {
  const out: GameEvent[] = [];
  for (const tf of Object.values(cs.space.tfs)) {
    if (
      tf.side !== phasing ||
      tf.mission !== 'ORBITAL_DROP' ||
      tf.place.kind !== 'SECTOR' ||
      tf.place.sector !== campaignData.rules.planetSector
    )
      continue;
    const seg = segmentReached(cs, tf.id, events);
    if (seg === null) continue;
    const zone = zoneOfSegment(seg);
    for (const t of tf.units) {
      const n = cs.space.units[t];
      if (!n || stats(n).kind !== 'TRANSPORT') continue;
      const chosen = loads.find((l) => l.transport === t);
      if (chosen) {
        const r = enterOdBox(cs, phasing, t, zone, chosen);
        if (!isRuleError(r)) {
          out.push(...r);
          continue;
        }
        out.push({
          type: 'od.load-refused',
          visibleTo: [phasing],
          data: { transport: t, code: r.code, rule: r.rule, message: r.message },
        });
      }
      const units = Object.entries(cs.cargo)
        .filter(
          ([u, c]) =>
            c.transports[0] === t &&
            c.transports.every((x) => tf.units.includes(x)) &&
            dropEligible(cs.planetary.units[u]),
        )
        .map(([u]) => u)
        .sort();
      if (!units.length) continue;
      const r = enterOdBox(cs, phasing, t, zone, { units });
      if (!isRuleError(r)) out.push(...r);
    }
  }
  return out;
}

/**
 * L2388 default: per zone and organisation, one TF of the gravitic units and one of the others
 * (Marines): a non-gravitic unit would hold the whole TF to its own movement allowance.
 */
export function defaultGroups(cs: CampaignState, side: Side): { zone: number; units: string[] }[] {
  const out = new Map<string, { zone: number; units: string[] }>();
  for (const [z, box] of Object.entries(cs.zones)) {
    for (const e of box.od) {
      if (e.side !== side) continue;
      for (const u of e.units) {
        const grav = prefectData.unitTypes[cs.planetary.units[u].type]?.gravitic ? 'G' : 'N';
        const key = `${z}|${cs.planetary.units[u].org}|${grav}`;
        if (!out.has(key)) out.set(key, { zone: Number(z), units: [] });
        out.get(key)!.units.push(u);
      }
    }
  }
  return [...out.values()];
}

export const hasDrops = (cs: CampaignState, side: Side): boolean =>
  Object.values(cs.zones).some((b) => b.od.some((e) => e.side === side && e.units.length));

/** L2388 at TF Adjustment: the given groups (or the default) — all or nothing. */
export function applyGroups(
  cs: CampaignState,
  side: Side,
  groups: { zone: number; units: string[] }[] | undefined,
): GameEvent[] | RuleError {
  if (!hasDrops(cs, side) && !groups?.length) return [];
  return groupDrops(cs, side, groups ?? defaultGroups(cs, side));
}

/** Hexes of `zone`, sorted by id (deterministic). */
const zoneHexes = (zone: number): string[] =>
  prefectData.map.hexes
    .filter((h) => h.zone === zone)
    .map((h) => h.id)
    .sort();

/** L2390 default: for each group the legal hex of its zone nearest the side's objectives (enemy bases, urban areas not held). */
export function defaultLandings(cs: CampaignState, side: Side): { group: number; hex: string }[] {
  const goals = objectiveHexes(cs.planetary, side);
  const near = (h: string) => (goals.length ? Math.min(...goals.map((g) => distance(h, g))) : 0);
  // Groups land apart (a group landing on a friendly TF merges with it, L2392, undoing the grouping).
  const taken = new Set(
    Object.values(cs.planetary.tfs)
      .filter((t) => t.side === side && t.hex)
      .map((t) => t.hex),
  );
  return cs.dropGroups
    .filter((g) => g.side === side)
    .flatMap((g) => {
      const nonGrav = g.units.some((u) => !prefectData.unitTypes[cs.planetary.units[u].type]?.gravitic);
      const legal = zoneHexes(g.zone).filter((h) => !landingError(cs, side, g.zone, h, nonGrav));
      if (!legal.length) return [];
      legal.sort((a, b) => Number(taken.has(a)) - Number(taken.has(b)) || near(a) - near(b) || a.localeCompare(b));
      taken.add(legal[0]);
      return [{ group: g.id, hex: legal[0] }];
    });
}

/** L2291, L2390, L2406: step 4 of Supply; the drops land (the given hexes, or the default) and dropped SP reach their HQs. */
export function applyLandings(
  cs: CampaignState,
  side: Side,
  landings: { group: number; hex: string }[] | undefined,
): GameEvent[] | RuleError {
  enterSupplyStep(cs, 'ORBITAL_DROP');
  // L2406: SP dropped to an HQ reach it here too when no group lands with them.
  const supplyDropped = Object.values(cs.zones).some((b) => b.od.some((e) => e.side === side && (e.supply ?? 0) > 0));
  if (!cs.dropGroups.some((g) => g.side === side) && !supplyDropped) return [];
  return landDrops(cs, side, landings ?? defaultLandings(cs, side));
}
