/**
 * Campaign Supply order, step 3 (L2290) links between the two maps, judged after the naval and
 * ground steps (supply-steps.ts; the 5.C.8 base limits are supply-limits.ts). Parts of
 * `campaign-supply` (./types.ts CampaignSupplyOrder):
 * - `deliver`: SP carried by a Supply TF's transport down to a Legion base of the zone whose
 *   segment it reached this turn (L2280-2282, L1921); with the GL4 option, +25 % on SP loaded in
 *   the off-system zone and never passed through a base (L2352-2362, T-C05);
 * - `lift`: SP up from a Legion base to a transport or naval base of its segment (L2290, L1919-1927;
 *   supply-lift.ts);
 * - `unload` / `load`: ground units between a Supply TF's transports and a friendly base it
 *   reached (L2307, L2323-2332, D-85);
 * - `build`: a ground base of rank 1-3 built by a TF's Construction Engineers (L2412-2416, D-51);
 * - `placeBases`: a carried (dismantled) naval ground base handed to a TF with Construction
 *   Engineers in the zone reached (L2418-2424).
 * Every part is tried in order on a copy first: an error names its rule and path and nothing is
 * applied. New bases are announced to the opponent (L2426, H15); the rest goes to the owner only.
 */
import { z } from 'zod';
import type { GameEvent, Json, OrderError, Prompt } from '#engine/contract.js';
import { tfsAt, unitType, unitsIn, removeTfIfEmpty } from '../../planetary/index.js';
import { hasLoc } from '../../planetary/index.js';
import { rulesData } from '../../planetary/index.js';
import { storeOf } from '../../planetary/index.js';
import { aliasTfIds, resolveOrderIds } from '../../planetary/index.js';
import { stats } from '../../space/index.js';
import { resolveAliases } from '../../space/index.js';
import type { LegionBaseClass } from '../../planetary/index.js';
import { baseInHex, placeGroundBase, type GroundBaseClass } from '../build-bases.js';
import { buildAssignmentError, consumeAssignment } from '../base-availability.js';
import { loadBaseComponents, placeCarriedBase } from '../carried-bases.js';
import { newBasesChoices } from './base-orders.js';
import { campaignData } from '../data/index.js';
import { segmentOfZone, zoneOfHex } from '../map-link.js';
import { ruleError } from '../state.js';
import { deliveredSp } from '../supply.js';
import { loadUnit, unloadAtBase } from '../transport.js';
export { baseLimitErrors, navalBaseLimitErrors } from './supply-limits.js';
import { liftSp, type Lift } from './supply-lift.js';
import { supplyStepsTrial } from './supply-steps.js';
export { clampOffSystemSp, noteOffSystemLoads } from './supply-steps.js';
import type { RuleError } from '../types.js';
import type { CampaignGameState, Side } from './types.js';

const str = z.string();
export const linkSchema = z.object({
  deliver: z.array(z.object({ transport: str, base: str, sp: z.number().int().positive() }).strict()).optional(),
  unload: z.array(z.object({ units: z.array(str).min(1), base: str, into: str.optional() }).strict()).optional(),
  load: z
    .array(z.object({ unit: str, transports: z.array(str).min(1), dump: z.record(z.number()).optional() }).strict())
    .optional(),
  build: z
    .array(
      z
        .object({
          tf: str,
          type: str,
          sources: z.array(z.object({ id: str, amount: z.number().int().positive() }).strict()).min(1),
        })
        .strict(),
    )
    .optional(),
  placeBases: z.array(z.object({ base: str, tf: str, via: str.optional() }).strict()).optional(),
  loadBases: z
    .array(
      z
        .object({
          type: str,
          loads: z.array(z.object({ transport: str, sp: z.number().int().positive() }).strict()).min(1),
        })
        .strict(),
    )
    .optional(),
  lift: z.array(z.object({ base: str, to: str, sp: z.number().int().positive() }).strict()).optional(),
});
export type SupplyLink = z.infer<typeof linkSchema>;
const PARTS = ['deliver', 'lift', 'unload', 'load', 'build', 'placeBases', 'loadBases'] as const;

type Fail = { error: RuleError; path: (string | number)[] };
const fail = (error: RuleError, path: (string | number)[]): Fail => ({ error, path });
const isFail = (x: unknown): x is Fail => !!x && typeof x === 'object' && 'error' in x && 'path' in x;

/** The link parts of a raw order, with the viewer's aliases (ground TFs, space TFs) resolved. */
export function readLink(cs: CampaignGameState, side: Side, raw: unknown): SupplyLink | Fail {
  const o = (raw ?? {}) as Record<string, unknown>;
  const picked: Record<string, unknown> = {};
  for (const k of PARTS) if (o[k] !== undefined) picked[k] = o[k];
  const p = linkSchema.safeParse(resolveAliases(cs.space, resolveOrderIds(cs.planetary, side, picked)));
  if (!p.success)
    return fail(
      ruleError('MALFORMED', 'L2290', `supply link: ${p.error.issues[0]?.message ?? 'malformed'}`),
      p.error.issues[0]?.path ?? [],
    );
  return p.data;
}

/** The Supply TF of `transport` reached `segment` of the planet sector this turn (L1921, L2330). */
function reached(cs: CampaignGameState, transport: string, segment: number): boolean {
  const tf = cs.space.tfs[cs.space.units[transport]?.tf ?? ''];
  return (
    !!tf &&
    tf.mission === 'SUPPLY' &&
    tf.place.kind === 'SECTOR' &&
    tf.place.sector === campaignData.rules.planetSector &&
    tf.suppliedSegment?.segment === segment &&
    tf.suppliedSegment.turn === cs.space.turn
  );
}
const segmentOfHex = (hex: string): number => segmentOfZone(zoneOfHex(hex));

/** L2280-2282, L2352-2362: SP from a transport to a Legion base below its segment. */
function deliver(
  cs: CampaignGameState,
  side: Side,
  d: NonNullable<SupplyLink['deliver']>[number],
): GameEvent[] | RuleError {
  const t = cs.space.units[d.transport];
  if (!t || t.side !== side || stats(t).kind !== 'TRANSPORT' || t.status === 'DESTROYED')
    return ruleError('NOT_TRANSPORT', 'L1919', `${d.transport} is not one of your transports`);
  if (t.status !== 'ACTIVE')
    return ruleError('DISRUPTED_TRANSPORT', 'L1925-1927', 'a disrupted transport may not give SP');
  const b = cs.planetary.bases[d.base];
  // L2295: a disorganised base may still receive SP.
  if (!b || b.side !== side) return ruleError('BAD_BASE', 'L2280-2282', 'SP are delivered to one of your Legion bases');
  if (!reached(cs, d.transport, segmentOfHex(b.hex)))
    return ruleError(
      'NOT_AT_BASE',
      'L1921, L2280-2282',
      "the transport's Supply TF did not reach the base's segment this turn",
    );
  if (d.sp > (t.supply ?? 0)) return ruleError('NOT_ENOUGH_SP', 'L1919', `${d.transport} carries ${t.supply ?? 0} SP`);
  // L774 (as planetary transfers): SP beyond the base's storage are lost, not refused.
  const room = Math.max(0, rulesData().baseTypes[b.type].supplyMax - b.supply);
  const direct = Math.min(d.sp, cs.offSystemSp?.[d.transport] ?? 0, t.supply ?? 0);
  const got = deliveredSp(cs, direct, { kind: b.type }, true) + (d.sp - direct);
  const added = Math.min(got, room);
  t.supply = (t.supply ?? 0) - d.sp;
  if (cs.offSystemSp?.[d.transport]) cs.offSystemSp[d.transport] -= direct;
  b.supply += added;
  b.deliveredThisTurn += added;
  return [
    {
      type: 'supply.delivered-down',
      visibleTo: [side],
      data: {
        transport: d.transport,
        base: d.base,
        sp: d.sp,
        received: added,
        bonus: got - d.sp,
        lost: got - added,
        rule: got > d.sp ? 'L2352-2362' : 'L2280-2282',
      },
    },
  ];
}

/** L2307, L2330: a unit at a friendly undisrupted base boards transports whose Supply TF reached that base's segment. */
function load(cs: CampaignGameState, side: Side, l: NonNullable<SupplyLink['load']>[number]): GameEvent[] | RuleError {
  const ps = cs.planetary;
  const u = ps.units[l.unit];
  const hex = u?.hex ?? (u?.tf ? ps.tfs[u.tf]?.hex : undefined);
  const base = hex ? Object.values(ps.bases).find((b) => b.hex === hex && b.side === side) : undefined;
  if (!u || u.side !== side || !base)
    return ruleError('NOT_AT_BASE', 'L2307, L2330', 'only your units at one of your bases are loaded');
  if (base.status !== 'ACTIVE') return ruleError('DISRUPTED_BASE', 'L2330', 'the base must be undisrupted');
  for (const t of l.transports)
    if (!reached(cs, t, segmentOfHex(base.hex)))
      return ruleError('NOT_AT_BASE', 'L2324, L2330', `${t}'s Supply TF did not reach the base's segment this turn`);
  const from = u.tf;
  const r = loadUnit(cs, side, l.unit, l.transports, l.dump ?? {});
  if (!('code' in r) && from) removeTfIfEmpty(ps, from);
  return r;
}

/** L2412-2416, D-51: the TF's engineers build a rank 1-3 base; its SP (the GL of that rank's cost, D-51/M12) come from sources with a LOC. */
function build(
  cs: CampaignGameState,
  side: Side,
  b: NonNullable<SupplyLink['build']>[number],
): GameEvent[] | RuleError {
  const ps = cs.planetary;
  const tf = ps.tfs[b.tf];
  if (!tf || tf.side !== side) return ruleError('BAD_TF', 'L2414', 'not one of your TFs');
  const spec = rulesData().baseTypes[`GL${b.type.slice(2)}` as LegionBaseClass]?.build;
  if (!/^G[LN][123]$/.test(b.type) || !spec)
    return ruleError('RANK', 'L2414', 'only Legion and naval ground bases of rank 1, 2 or 3 are built');
  const assigned = buildAssignmentError(cs, b.tf, b.type); // L952-956, D-51: available, assigned in an earlier TF Adjustment
  if (assigned) return assigned;
  const total = b.sources.reduce((a, s) => a + s.amount, 0);
  if (total !== spec.sp)
    return ruleError('WRONG_COST', 'L960-964, D-51', `a ${b.type} costs ${spec.sp} SP; the sources give ${total}`);
  const stores = b.sources.map((s) => ({ s, st: storeOf(ps, side, s.id) }));
  for (const { s, st } of stores) {
    if (!st) return ruleError('BAD_SOURCE', 'L778, L2295-2297', `'${s.id}' is not one of your active bases or HQs`);
    if (st.sp() < s.amount) return ruleError('NOT_ENOUGH_SP', 'L776', `'${s.id}' holds ${st.sp()} SP`);
    if (!hasLoc(ps, side, st.hex, tf.hex))
      return ruleError('NO_LOC', 'L762, D-43', `no line of communication from '${s.id}'`);
  }
  const r = placeGroundBase(cs, side, b.tf, b.type as GroundBaseClass, 'BUILT');
  if (!('code' in r)) {
    for (const { s, st } of stores) st!.take(s.amount);
    consumeAssignment(cs, b.tf);
  }
  return r;
}

/** L2418-2424: a carried naval ground base is placed, disrupted, in the hex of a TF with engineers in the zone below the carriers. */
function placeBase(
  cs: CampaignGameState,
  side: Side,
  p: NonNullable<SupplyLink['placeBases']>[number],
): GameEvent[] | RuleError {
  if (cs.carriedBases?.[p.base]) return placeCarriedBase(cs, side, p.base, p.tf, p.via); // a dismantled Legion base (L2420)
  const nb = cs.space.bases[p.base];
  const tf = cs.planetary.tfs[p.tf];
  if (!nb || nb.side !== side || !nb.carriedBy)
    return ruleError('NOT_CARRIED', 'L2095, L2418', `${p.base} is not one of your bases in transit`);
  if (!/^GN[123]$/.test(nb.type))
    return ruleError('RANK', 'L2414, L2418', 'only ground bases of rank 1, 2 or 3 are moved to the planet');
  if (!tf || tf.side !== side) return ruleError('BAD_TF', 'L2422', 'not one of your TFs');
  const carriers = Object.values(cs.space.units).filter((u) => u.baseLoad?.base === p.base);
  if (carriers.some((u) => u.status !== 'ACTIVE'))
    return ruleError('CARRIERS_DISRUPTED', 'L2101', 'the carrying transports are disrupted');
  if (!carriers.length || !reached(cs, carriers[0].id, segmentOfHex(tf.hex)))
    return ruleError('NOT_AT_BASE', 'L2103, L2420', "the carrying Supply TF did not reach the TF's zone this turn");
  if (!unitsIn(cs.planetary, p.tf).some((u) => unitType(u).flags.includes('CONSTRUCTION_ENGINEER')))
    return ruleError('ENGINEERS', 'L2420-2422', 'the TF needs a Construction Engineer Century');
  if (baseInHex(cs, tf.hex)) return ruleError('ONE_PER_HEX', 'L2416', 'only one base per hex');
  for (const u of carriers) delete u.baseLoad;
  delete nb.carriedBy;
  // reconstructed(components carry no SP, as space/new-bases unloadBase): the base starts empty.
  Object.assign(nb, {
    sector: campaignData.rules.planetSector,
    segment: segmentOfHex(tf.hex),
    status: 'DISRUPTED',
    placedTurn: cs.space.turn,
    supply: 0,
  });
  cs.navalBaseHexes[p.base] = tf.hex;
  return [
    {
      type: 'base.deployed',
      visibleTo: 'all',
      data: { side, base: p.base, type: nb.type, hex: tf.hex, status: 'DISRUPTED', rule: 'L2424-2426, H15' },
    },
    { type: 'base.deployed.detail', visibleTo: [side], data: { base: p.base, tf: p.tf, how: 'DELIVERED' } },
  ];
}

function unload(
  cs: CampaignGameState,
  side: Side,
  x: NonNullable<SupplyLink['unload']>[number],
): GameEvent[] | RuleError {
  const b = cs.planetary.bases[x.base];
  // L2332: join a TF already at the base, else form one.
  const here = b ? tfsAt(cs.planetary, b.hex).find((t) => t.side === side && !t.independent) : undefined;
  return unloadAtBase(cs, side, x.units, x.base, x.into ?? here?.id ?? 'NEW');
}

/** Runs the parts in order on `cs` (deliver → lift → unload → load → build → placeBases → loadBases); stops at the first error. */
export function runLink(cs: CampaignGameState, side: Side, o: SupplyLink): GameEvent[] | Fail {
  const events: GameEvent[] = [];
  const steps: [keyof SupplyLink, (x: never) => GameEvent[] | RuleError][] = [
    ['deliver', (x) => deliver(cs, side, x)],
    ['lift', (x: Lift) => liftSp(cs, side, x)],
    ['unload', (x) => unload(cs, side, x)],
    ['load', (x) => load(cs, side, x)],
    ['build', (x) => build(cs, side, x)],
    ['placeBases', (x) => placeBase(cs, side, x)],
    ['loadBases', (x: NonNullable<SupplyLink['loadBases']>[number]) => loadBaseComponents(cs, side, x.type, x.loads)],
  ];
  for (const [part, f] of steps) {
    for (const [i, x] of ((o[part] ?? []) as never[]).entries()) {
      const r = f(x);
      if ('code' in r) return fail(r, [part, i]);
      events.push(...r);
    }
  }
  return events;
}

const toErrors = (f: Fail): OrderError[] => [
  { code: f.error.code, rule: f.error.rule, message: f.error.message, path: f.path },
];

/** A copy where the side's own naval and ground Supply orders have run, step by step, as they do before the links (L2286-2290, supply-steps.ts). */
const afterOwnSupply = (cs: CampaignGameState, side: Side, raw: unknown): CampaignGameState =>
  supplyStepsTrial(cs, side, raw).trial;

/** Validation: the link tried on a copy after the side's own naval and ground supply. */
export function supplyLinkErrors(cs: CampaignGameState, side: Side, raw: unknown): OrderError[] {
  const o = readLink(cs, side, raw);
  if (isFail(o)) return toErrors(o);
  if (!PARTS.some((k) => o[k]?.length)) return [];
  const r = runLink(afterOwnSupply(cs, side, raw), side, o);
  return isFail(r) ? toErrors(r) : [];
}

/** Resolution: the link on a copy first (the naval and ground parts ran before it); applied whole or not at all. */
export function applySupplyLink(cs: CampaignGameState, side: Side, raw: unknown): GameEvent[] {
  const o = readLink(cs, side, raw);
  if (isFail(o) || !PARTS.some((k) => o[k]?.length)) return [];
  const trial = runLink(structuredClone(cs), side, o);
  if (isFail(trial))
    return [
      {
        type: 'supply.link-refused',
        visibleTo: [side],
        data: { code: trial.error.code, rule: trial.error.rule, message: trial.error.message, path: trial.path },
      },
    ];
  return runLink(cs, side, o) as GameEvent[];
}

/**
 * Bot: every Supply TF transport that reached a segment above own Legion bases unloads its SP
 * there (most room first, L2280-2282; GL4 bonus when so loaded) and its troops onto an own
 * undisrupted base (L2330). Kept only when the whole link passes on a copy.
 */
export function botSupplyLink(cs: CampaignGameState, side: Side): SupplyLink {
  const ps = cs.planetary;
  const room = new Map(
    Object.values(ps.bases)
      .filter((b) => b.side === side)
      .map((b) => [b.id, rulesData().baseTypes[b.type].supplyMax - b.supply]),
  );
  const basesBelow = (t: string) =>
    Object.values(ps.bases).filter((b) => b.side === side && reached(cs, t, segmentOfHex(b.hex)));
  const deliverList: NonNullable<SupplyLink['deliver']> = [];
  for (const t of Object.values(cs.space.units)
    .filter((u) => u.side === side && u.status === 'ACTIVE' && (u.supply ?? 0) > 0)
    .sort((a, b) => a.id.localeCompare(b.id))) {
    let left = t.supply ?? 0;
    for (const b of basesBelow(t.id).sort((x, y) => room.get(y.id)! - room.get(x.id)! || x.id.localeCompare(y.id))) {
      const sp = Math.min(left, room.get(b.id)!);
      if (sp <= 0) continue;
      deliverList.push({ transport: t.id, base: b.id, sp });
      room.set(b.id, room.get(b.id)! - sp);
      left -= sp;
    }
  }
  const byBase = new Map<string, string[]>();
  for (const [unit, c] of Object.entries(cs.cargo)) {
    if (ps.units[unit]?.side !== side || c.transports.some((t) => cs.space.units[t]?.status !== 'ACTIVE')) continue;
    const base = basesBelow(c.transports[0])
      .filter((b) => b.status === 'ACTIVE')
      .sort((x, y) => x.id.localeCompare(y.id))[0];
    if (base) byBase.set(base.id, [...(byBase.get(base.id) ?? []), unit]);
  }
  const o: SupplyLink = {};
  if (deliverList.length) o.deliver = deliverList;
  if (byBase.size) o.unload = [...byBase].map(([base, units]) => ({ base, units }));
  if (!o.deliver && !o.unload) return {};
  return isFail(runLink(structuredClone(cs), side, o)) ? {} : o;
}

/**
 * One-line hook for the module bot's Supply order: the link is chosen on a copy where the bot's
 * naval and ground orders have run (they may pass transport SP to naval bases first, L1919).
 */
export function withSupplyLink<T extends { naval?: unknown; ground?: unknown }>(
  cs: CampaignGameState,
  side: Side,
  order: T,
): T {
  const trial = afterOwnSupply(cs, side, order);
  const link = botSupplyLink(trial, side);
  return isFail(runLink(trial, side, link)) ? order : { ...order, ...link };
}

/** What the Supply prompt offers for the links (the side's own transports, bases and engineer TFs; TF ids aliased). */
export function supplyLinkChoices(cs: CampaignGameState, side: Side): Json {
  const ps = cs.planetary;
  const over = (t: string): number | null => {
    const tf = cs.space.tfs[cs.space.units[t]?.tf ?? ''];
    const seg = tf?.suppliedSegment?.segment;
    return seg !== undefined && reached(cs, t, seg) ? seg : null;
  };
  const transports = Object.values(cs.space.units)
    .filter((u) => u.side === side && stats(u).kind === 'TRANSPORT' && u.status !== 'DESTROYED' && over(u.id) !== null)
    .map((u) => ({
      transport: u.id,
      segment: over(u.id),
      sp: u.supply ?? 0,
      direct: cs.offSystemSp?.[u.id] ?? 0,
      status: u.status,
      carriedBase: u.baseLoad?.base ?? null,
    }));
  const bases = Object.values(ps.bases)
    .filter((b) => b.side === side)
    .map((b) => ({
      base: b.id,
      type: b.type,
      status: b.status,
      hex: b.hex,
      segment: segmentOfHex(b.hex),
      room: rulesData().baseTypes[b.type].supplyMax - b.supply,
      transferable: Math.max(0, b.supply - b.deliveredThisTurn),
    }));
  const engineerTfs = Object.values(ps.tfs)
    .filter(
      (t) => t.side === side && unitsIn(ps, t.id).some((u) => unitType(u).flags.includes('CONSTRUCTION_ENGINEER')),
    )
    .map((t) => ({
      tf: t.id,
      hex: t.hex,
      segment: segmentOfHex(t.hex),
      engineers: unitsIn(ps, t.id).filter((u) => unitType(u).flags.includes('CONSTRUCTION_ENGINEER')).length,
    }));
  return aliasTfIds(ps, JSON.parse(JSON.stringify({ transports, bases, engineerTfs })) as Json);
}

/** The Supply prompt with the link parts described and offered (one-line hook in prompts.ts). */
export function withSupplyLinkPrompt(cs: CampaignGameState, p: Prompt): Prompt {
  return {
    ...p,
    description: `${p.description} Steps in the order given across both maps (L2286-2291): 1 naval rearm / reorganise then ground fatigue / reorganise, 2 ground rebuild, 3 naval loading / transfers / unloading, ground transfers / build, then these links; each part is judged against what the earlier steps leave. Step 3 links (L2290): \`deliver\` [{ transport, base, sp }] SP from a Supply TF that reached a segment down to a Legion base of its zone (L2280-2282; GL4 option +25 % on SP loaded off-system, L2352-2362); \`lift\` [{ base, to, sp }] SP up from an undisrupted Legion base (not those delivered this turn, L770) to a transport whose Supply TF reached its segment or to a naval base of that segment, within their room (L2290, L1919-1927, L2328); \`unload\` [{ units, base, into? }] / \`load\` [{ unit, transports, dump? }] troops at a base reached (L2307, L2323-2332); \`build\` [{ tf, type, sources }] a GL/GN base of rank 1-3 by Construction Engineers (L2412-2416, D-51); \`placeBases\` [{ base, tf, via? }] a carried base to a TF with engineers (L2418-2424; a Legion base through your ground base \`via\` of the segment reached, L2420); \`loadBases\` [{ type, loads: [{ transport, sp }] }] an available base's components onto two or more transports of an off-system TF (20 SP per rank, L2418, L2091-2099). \`build\` needs a base assigned to the TF in an earlier turn's TF Adjustment (\`assignBases\`, L952-956, D-51). New bases are announced to the enemy (L2426).`,
    choices: {
      ...(p.choices as Record<string, Json>),
      link: supplyLinkChoices(cs, p.side as Side),
      newBases: newBasesChoices(cs, p.side as Side),
    },
  };
}

/** L2426, H15: naval ground bases placed on the planetary map are public (place, type, side, status). */
export function navalGroundBasesView(cs: CampaignGameState): Json {
  return Object.entries(cs.navalBaseHexes)
    .filter(([id]) => cs.space.bases[id] && cs.space.bases[id].status !== 'DESTROYED')
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([id, hex]) => ({
      base: id,
      side: cs.space.bases[id].side,
      type: cs.space.bases[id].type,
      hex,
      status: cs.space.bases[id].status,
    }));
}
