/**
 * GL2+ Legion bases as naval supply sources (5.C.8, L2334-2346; legion-bases-supply.ts) in the
 * Supply prompt and the bot, and the check that a side's naval and ground orders together do not
 * spend one Legion base's SP twice (L1957 / L774: a base spends only what it holds; the naval
 * order runs first, L2286-2291).
 *
 * Prompt: `legionSources` lists the side's own Legion bases that may pay for fighters this turn
 * (GL2 fatigue L2342, GL3/GL4 also reorganisation L2344; disorganised ones pay nothing, L2297),
 * with their SP — the owner's record sheet only.
 * Bot: after the Space bot's naval order (which sees only naval bases), each fatigued or
 * disorganised all-fighter TF at the planet that the order leaves untreated is paid from the
 * Legion bases (most SP first), part by part, each part kept only if the whole order still
 * validates — so the ground order keeps the SP it needs.
 */
import type { Json, Prompt } from '#engine/contract.js';
import { stats } from '../../space/index.js';
import { resolveAliases } from '../../space/index.js';
import { campaignData } from '../data/index.js';
import { segmentOfZone, zoneOfHex } from '../map-link.js';
import { baseSupportError, type SupportUse } from '../supply.js';
import { spaceAt, spacePrompts } from './halves.js';
import { standInClass } from './legion-bases.js';
import type { CampaignGameState, Side } from './types.js';

interface Source {
  base: string;
  type: string;
  status: string;
  sector: string;
  segment: number;
  supply: number;
  rearmFighters: boolean;
  reorganiseFighters: boolean;
}

const may = (type: string, status: string, use: SupportUse): boolean =>
  baseSupportError(type as never, status === 'ACTIVE' ? 'ACTIVE' : 'DISRUPTED', use, 'FIGHTER') === null;

/** The side's Legion bases that may pay for its fighters in the Supply Phase (L2342-2346, L2297). */
export function legionSourceList(cs: CampaignGameState, side: Side): Source[] {
  return Object.values(cs.planetary.bases)
    .filter((b) => b.side === side && standInClass(b.type))
    .map((b) => ({
      base: b.id,
      type: b.type,
      status: b.status,
      sector: campaignData.rules.planetSector,
      segment: segmentOfZone(zoneOfHex(b.hex)),
      supply: b.supply,
      rearmFighters: may(b.type, b.status, 'FATIGUE'),
      reorganiseFighters: may(b.type, b.status, 'REORGANISE'),
    }))
    .filter((x) => x.rearmFighters || x.reorganiseFighters)
    .sort((a, b) => a.base.localeCompare(b.base));
}

/** The Supply prompt with `legionSources` (owner only) and how to name them. */
export function withLegionSourcesPrompt(cs: CampaignGameState, p: Prompt): Prompt {
  return {
    ...p,
    description: `${p.description} Legion bases as naval sources (5.C.8): a naval \`rearm\` / \`reorganise\` source may name one of your \`legionSources\` by its id — a GL2 relieves fighter fatigue (L2342), a GL3/GL4 also reorganises fighter squadrons (L2344), never ships (L2346), a disorganised base pays nothing (L2297); the SP come off the Legion base before your ground Supply spends (L2286-2291).`,
    choices: {
      ...(p.choices as Record<string, Json>),
      legionSources: JSON.parse(JSON.stringify(legionSourceList(cs, p.side as Side))) as Json,
    },
  };
}

type Spend = { tf: string; levels?: number; sources: { from: string; sp: number }[] };
type Naval = { kind?: string; rearm?: Spend[]; reorganise?: Spend[] } & Record<string, unknown>;

/** The bot's naval order with Legion sources added for untreated all-fighter TFs at the planet; `ok` judges the whole campaign order. */
export function withBotLegionSources<T extends { naval?: unknown }>(
  cs: CampaignGameState,
  side: Side,
  order: T,
  ok: (o: T) => boolean,
): T {
  const naval = order.naval as Naval | null;
  if (cs.stage !== 'SUPPLY' || !naval || naval.kind !== 'supply') return order;
  const sources = legionSourceList(cs, side).filter((x) => x.status === 'ACTIVE' && x.supply > 0);
  if (!sources.length) return order;
  const choices = spacePrompts(spaceAt(cs.space, 'SUPPLY')).find((p) => p.side === side)?.choices as
    | {
        fatigued?: { tf: string; sector: string; fatigue: number; costPerLevel: number }[];
        disorganised?: { tf: string; sector: string; cost: number }[];
      }
    | undefined;
  const real = (tf: string): string => resolveAliases(cs.space, tf) as string;
  const treated = (list: Spend[] | undefined, tf: string): boolean => (list ?? []).some((x) => real(x.tf) === real(tf));
  const fightersOnly = (tf: string): boolean => {
    const units = Object.values(cs.space.units).filter((u) => u.tf === real(tf) && u.status !== 'DESTROYED');
    return units.length > 0 && units.every((u) => stats(u).kind === 'FIGHTER');
  };
  const left = new Map(sources.map((x) => [x.base, x.supply]));
  const pay = (cost: number, use: 'rearmFighters' | 'reorganiseFighters'): { from: string; sp: number }[] | null => {
    const out: { from: string; sp: number }[] = [];
    for (const x of [...sources]
      .filter((y) => y[use])
      .sort((a, b) => left.get(b.base)! - left.get(a.base)! || a.base.localeCompare(b.base))) {
      if (cost <= 0) break;
      const sp = Math.min(cost, left.get(x.base)!);
      if (sp > 0) {
        out.push({ from: x.base, sp });
        cost -= sp;
      }
    }
    return cost > 0 ? null : out;
  };
  let best = order;
  const tryPart = (part: 'rearm' | 'reorganise', entry: Spend): void => {
    const n = best.naval as Naval;
    const next = { ...best, naval: { ...n, [part]: [...(n[part] ?? []), entry] } };
    if (ok(next)) {
      best = next;
      for (const s of entry.sources) left.set(s.from, left.get(s.from)! - s.sp);
    }
  };
  const planet = campaignData.rules.planetSector;
  for (const d of choices?.disorganised ?? []) {
    if (d.sector !== planet || treated(naval.reorganise, d.tf) || !fightersOnly(d.tf)) continue;
    const s = pay(d.cost, 'reorganiseFighters');
    if (s) tryPart('reorganise', { tf: d.tf, sources: s });
  }
  for (const f of choices?.fatigued ?? []) {
    if (f.sector !== planet || treated(naval.rearm, f.tf) || !fightersOnly(f.tf)) continue;
    const s = pay(f.costPerLevel * f.fatigue, 'rearmFighters');
    if (s) tryPart('rearm', { tf: f.tf, levels: f.fatigue, sources: s });
  }
  return best;
}
