/**
 * Legion bases as naval supply sources in the Campaign's Supply Phase (5.C.8, L2334-2346, D-66).
 * In the Space Game "Legion bases of class GL1, GL2, GL3 or GL4 may not be used for naval supply"
 * (L1935); the Campaign changes that: a GL2 may relieve the fatigue of fighters in its sector
 * (L2342), a GL3/GL4 may also reorganise fighter squadrons (L2344), never ships (L2346); a
 * disorganised base spends nothing (L2297). The class limits are `navalBaseLimitErrors`
 * (supply-link.ts); this file lets the Space library pay from the Legion base's SP.
 *
 * A naval Supply order names a Legion base by its planetary id as a `rearm` / `reorganise` source.
 * For that one order the named bases stand in as ground naval bases (legion-bases.ts) holding
 * the Legion base's SP, the source ids are translated, the Space module checks and applies the
 * order as for any base (same sector L1947, undisrupted L1927/L1933, enough SP L1957), and the SP
 * it spent are taken from the Legion base (L770: as every spending, this turn's delivery first
 * stays unspendable for transfers only). The stand-ins never outlive the call.
 * Limits kept here: a stand-in is never a `transfers` / `baseReorganise` end (naval ids only;
 * Legion SP move by step 3, supply-link.ts), and it makes no reorganisation legal that names no
 * Legion source (L1955 still needs a naval base unless a GL3+ pays, L2344).
 */
import type { OrderError } from '#engine/contract.js';
import { hasUndisruptedBase } from '../../space/index.js';
import { sectorOf } from '../../space/index.js';
import { resolveAliases } from '../../space/index.js';
import { LEGION_PREFIX, standInClass, standInId } from './legion-bases.js';
import { campaignData } from '../data/index.js';
import { segmentOfZone, zoneOfHex } from '../map-link.js';
import type { CampaignGameState, Side } from './types.js';

type Spend = { tf?: unknown; sources?: { from?: unknown; sp?: unknown }[] };
type NavalRaw = { rearm?: Spend[]; reorganise?: Spend[] } & Record<string, unknown>;

const list = (x: unknown): Spend[] => (Array.isArray(x) ? (x as Spend[]) : []);
const sourcesOf = (s: Spend): { from?: unknown }[] => (s && Array.isArray(s.sources) ? s.sources : []);

/** The side's Legion bases named as rearm / reorganise sources (not ids of the naval map). */
export function legionSources(cs: CampaignGameState, side: Side, raw: unknown): Set<string> {
  const out = new Set<string>();
  if (cs.stage !== 'SUPPLY' || !raw || typeof raw !== 'object') return out;
  const o = raw as NavalRaw;
  for (const s of [...list(o.rearm), ...list(o.reorganise)]) {
    for (const src of sourcesOf(s)) {
      const id = src?.from;
      if (typeof id !== 'string' || cs.space.bases[id] || cs.space.units[id]) continue;
      const b = cs.planetary.bases[id];
      if (b && b.side === side && standInClass(b.type)) out.add(id);
    }
  }
  return out;
}

/**
 * Campaign-only refusals of a naval Supply order naming Legion bases (paths under `naval`): a
 * stand-in id typed by hand (L1935: the Legion base is named by its own id); a reorganisation
 * with no naval base in its sector that no GL3+ Legion base pays for (L1955, L2344).
 */
export function legionSupplyErrors(cs: CampaignGameState, side: Side, rawNaval: unknown): OrderError[] {
  if (cs.stage !== 'SUPPLY' || !rawNaval || typeof rawNaval !== 'object') return [];
  const out: OrderError[] = [];
  if (JSON.stringify(rawNaval).includes(LEGION_PREFIX)) {
    out.push({
      code: 'STAND_IN_ID',
      rule: 'L1935, L2334-2346',
      message: `name a Legion base by its own id, not '${LEGION_PREFIX}…'`,
      path: ['naval'],
    });
  }
  const named = legionSources(cs, side, rawNaval);
  if (!named.size) return out;
  const o = resolveAliases(cs.space, rawNaval) as NavalRaw;
  list(o.reorganise).forEach((r, i) => {
    if (sourcesOf(r).some((s) => typeof s?.from === 'string' && named.has(s.from))) return; // the GL3+ is the base (L2344; class checked by navalBaseLimitErrors)
    const tf = typeof r?.tf === 'string' ? cs.space.tfs[r.tf] : undefined;
    const sector = tf && tf.side === side ? sectorOf(tf) : undefined;
    if (sector && !hasUndisruptedBase(cs.space, side, sector)) {
      out.push({
        code: 'NO_BASE',
        rule: 'L1955, L2344',
        message: `no undisrupted friendly naval base in ${sector}, and no Legion base pays for this reorganisation`,
        path: ['naval', 'reorganise', i],
      });
    }
  });
  return out;
}

/** The order with the named Legion ids replaced by their stand-ins' ids (rearm / reorganise sources only). */
function translate(raw: NavalRaw, named: Set<string>): NavalRaw {
  const o = structuredClone(raw);
  for (const s of [...list(o.rearm), ...list(o.reorganise)]) {
    for (const src of sourcesOf(s))
      if (typeof src?.from === 'string' && named.has(src.from)) src.from = standInId(src.from);
  }
  return o;
}

/**
 * Runs `run` (the Space module's check, or check-and-apply, of the side's naval Supply order)
 * with the named Legion bases standing in as naval sources holding their SP; afterwards the SP
 * the stand-ins lost are taken from the Legion bases and the stand-ins are removed. An order that
 * names none, or that `legionSupplyErrors` refuses, runs as it is (the Space module refuses it).
 */
export function withLegionSources<T>(
  cs: CampaignGameState,
  side: Side,
  rawNaval: unknown,
  run: (naval: unknown) => T,
): T {
  const named = legionSources(cs, side, rawNaval);
  if (!named.size || legionSupplyErrors(cs, side, rawNaval).length) return run(rawNaval);
  const sector = campaignData.rules.planetSector;
  const before = new Map<string, number>();
  for (const id of named) {
    const b = cs.planetary.bases[id];
    const sid = standInId(id);
    if (cs.space.bases[sid]) throw new Error(`naval base id ${sid} collides with a Legion stand-in`);
    cs.space.bases[sid] = {
      id: sid,
      side,
      type: standInClass(b.type)!,
      status: b.status,
      sector,
      segment: segmentOfZone(zoneOfHex(b.hex)),
      supply: b.supply,
    };
    before.set(id, b.supply);
  }
  try {
    return run(translate(rawNaval as NavalRaw, named));
  } finally {
    for (const [id, sp] of before) {
      const sid = standInId(id);
      const spent = sp - (cs.space.bases[sid]?.supply ?? sp);
      delete cs.space.bases[sid];
      const b = cs.planetary.bases[id];
      if (spent > 0 && b) {
        b.supply -= spent;
        b.deliveredThisTurn = Math.min(b.deliveredThisTurn, b.supply);
      }
    }
  }
}
