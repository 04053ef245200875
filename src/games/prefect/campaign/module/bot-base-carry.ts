/**
 * The invader bot carries a dismantled Legion base (L2418-2424, by the Space Game's L2091-2099).
 * The `invasion` scenario makes a TOG GL2 available on turn 5 that TOG cannot build: it needs two
 * Construction Engineer Centuries (L958-962) and TOG has one, so it can only come dismantled
 * (campaign/data/build-campaign.ts `extraBases`). A GL2 stores 25 SP against a GL1's 10 (D-41) and
 * is worth 2 (L195-199). Where a base is available that no own TF has the engineers to build, and
 * a TF with an organised Construction Engineer Century is on the map, with turns left to use it:
 * - Missions (turn T): a TF of transports only at the planet, with two organised transports that
 *   have the room and no droppable cargo, withdraws off-system (L1421, D-68);
 * - Supply (turn T, off-system): the base's 20 SP per rank go aboard two of them (L2093-2099);
 * - Missions (T+1): the carriers' TF takes Orbital Drop (L2364, L2408) and, as every invader OD TF,
 *   comes out at the planet (bot.ts `steerInvader`);
 * - Combat Phase plan (T+2): it aims at the segment of the engineer TF's zone, clear of enemy
 *   bases where one is (as bot-invader.ts `targetZone`, L1767), and its `odLoads` drop the base to
 *   that TF (L2408, L2422): it is placed disrupted in the TF's hex at the end of Supply (L2424).
 *   Only an engineer TF off any base hex takes it (one base per hex, L2416). Measured on b1-b20:
 *   also moving the engineers off the GL1 they built into a new TF (D-47) placed the GL2 in 17
 *   games, not 11, but TOG won 5, not 8 (cause not traced), so the bot does not move them;
 * - Supply, when the carriers' TF instead reached a segment on Supply: `placeBases` through an own
 *   ground base to the engineer TF (L2420).
 * The naval ground base slots these rules also move (GN, L2101, L2103-2109) do not exist in the
 * shipped scenario. Each addition is kept only if the whole order still validates (`keepIfLegal`).
 * Reads only the side's own record sheet (its transports, cargo, carried bases) and public positions.
 */
import type { Json } from '#engine/contract.js';
import { tfAlias, unitType, unitsIn } from '../../planetary/index.js';
import { resolveAliases, stats } from '../../space/index.js';
import { basesAvailable } from '../base-availability.js';
import { baseInHex, engineersNeeded, type GroundBaseClass } from '../build-bases.js';
import { carriersOfBase, componentsSp } from '../carried-bases.js';
import { campaignData } from '../data/index.js';
import { dropEligible } from '../drops.js';
import { segmentOfZone, zoneOfHex } from '../map-link.js';
import { capacityOf, roomUsed } from '../transport.js';
import { keepIfLegal } from './bot-logistics.js';
import { spacePrompts } from './halves.js';
import type { CampaignGameState, Side } from './types.js';

type Cs = CampaignGameState;
type Order = Record<string, unknown>;

const engineersOf = (cs: Cs, tf: string): string[] =>
  unitsIn(cs.planetary, tf)
    .filter((u) => u.status === 'ACTIVE' && unitType(u).flags.includes('CONSTRUCTION_ENGINEER'))
    .map((u) => u.id);

/** Own TFs on the map holding an organised Construction Engineer Century (L2420-2422), by id. */
export const engineerTfs = (cs: Cs, side: Side): string[] =>
  Object.values(cs.planetary.tfs)
    .filter((t) => t.side === side && t.hex && !t.independent && engineersOf(cs, t.id).length > 0)
    .map((t) => t.id)
    .sort();

/** Dismantled Legion bases of `side` aboard transports (carried-bases.ts). */
export const carriedOf = (cs: Cs, side: Side): string[] =>
  Object.entries(cs.carriedBases ?? {})
    .filter(([, b]) => b.side === side)
    .map(([id]) => id)
    .sort();

/**
 * L952, L958-962, L2418: an available Legion base no own TF has the engineers to build (so it can
 * only come dismantled), while an engineer TF can take it, with turns left: loaded on T, dropped on
 * T+2, reorganised on T+3 (L2424).
 */
export function baseToCarry(cs: Cs, side: Side): GroundBaseClass | null {
  const sc = campaignData.scenarios[cs.scenario];
  if (side !== sc.invader || cs.turn + 3 > sc.turns || carriedOf(cs, side).length) return null;
  const tfs = engineerTfs(cs, side);
  if (!tfs.length) return null;
  const most = Math.max(...tfs.map((t) => engineersOf(cs, t).length));
  const slot = basesAvailable(cs, side).find(
    (b) => b.type.startsWith('GL') && engineersNeeded(b.type as GroundBaseClass) > most,
  );
  return slot ? (slot.type as GroundBaseClass) : null;
}

const transportsOf = (cs: Cs, tfId: string) =>
  (cs.space.tfs[tfId]?.units ?? []).map((u) => cs.space.units[u]).filter((u) => u && stats(u).kind === 'TRANSPORT');

/** L2097-2099: two organised transports of the TF with room for half the components each (after `planned` SP), emptiest first. */
function carriersFor(cs: Cs, tfId: string, type: string, planned: Map<string, number> = new Map()) {
  const share = Math.ceil(componentsSp(type) / 2);
  const room = (id: string) => capacityOf(cs, id) - roomUsed(cs, id) - (planned.get(id) ?? 0);
  const pick = transportsOf(cs, tfId)
    .filter((u) => u.status === 'ACTIVE' && !u.baseLoad && room(u.id) >= share)
    .sort((a, b) => room(b.id) - room(a.id) || a.id.localeCompare(b.id))
    .slice(0, 2);
  if (pick.length < 2) return null;
  return [
    { transport: pick[0].id, sp: share },
    { transport: pick[1].id, sp: componentsSp(type) - share },
  ];
}

/** Droppable troops aboard the TF (L2372): such a TF is left to the drops (bot.ts `dropMissions`). */
const hasDroppable = (cs: Cs, tfId: string): boolean =>
  Object.entries(cs.cargo).some(
    ([u, c]) => c.transports.some((t) => cs.space.units[t]?.tf === tfId) && dropEligible(cs.planetary.units[u]),
  );

/** The side's legal missions per TF (as the prompt names them). */
function legalMissions(cs: Cs, side: Side): Map<string, string[]> {
  const prompt = spacePrompts(cs.space).find((p) => p.side === side);
  return new Map(
    ((prompt?.choices as { tfs?: { tf: string; missions: string[] }[] } | null)?.tfs ?? []).map((t) => [
      resolveAliases(cs.space, t.tf) as string,
      t.missions,
    ]),
  );
}

/**
 * Missions: the carriers of a loaded base take Orbital Drop (L2364, L2408); else, with a base to
 * carry, an empty transport TF at the planet withdraws off-system to load it (L1421, D-68).
 */
export function carryMissions(cs: Cs, side: Side, order: Json): Json {
  const o = order as { kind?: string; missions?: { tf: string; mission: string; params?: unknown }[] } | null;
  if (o?.kind !== 'missions' || !o.missions) return order;
  const legal = legalMissions(cs, side);
  const out = structuredClone(o);
  const entry = (tfId: string) => out.missions!.find((m) => resolveAliases(cs.space, m.tf) === tfId);
  const carrying = carriedOf(cs, side).map((b) => carriersOfBase(cs, b)[0]?.tf);
  for (const tfId of new Set(carrying)) {
    const m = tfId ? entry(tfId) : undefined;
    if (!m || !legal.get(tfId!)?.includes('ORBITAL_DROP')) continue;
    m.mission = 'ORBITAL_DROP';
    delete m.params;
  }
  const type = baseToCarry(cs, side);
  const planet = campaignData.rules.planetSector;
  // A TF already off-system with the room loads it in this turn's Supply Phase: none withdraws.
  const ready = (t: GroundBaseClass) =>
    Object.values(cs.space.tfs).some(
      (x) => x.side === side && x.place.kind === 'OFFSYSTEM' && carriersFor(cs, x.id, t),
    );
  if (type && !ready(type)) {
    const tf = Object.values(cs.space.tfs)
      .filter(
        (t) =>
          t.side === side &&
          t.place.kind === 'SECTOR' &&
          t.place.sector === planet &&
          t.units.length > 0 &&
          transportsOf(cs, t.id).length === t.units.length &&
          !hasDroppable(cs, t.id) &&
          legal.get(t.id)?.includes('WITHDRAWAL') &&
          carriersFor(cs, t.id, type),
      )
      .sort((a, b) => a.id.localeCompare(b.id))[0];
    const m = tf ? entry(tf.id) : undefined;
    if (m) {
      m.mission = 'WITHDRAWAL';
      m.params = { destination: 'OFFSYSTEM' };
    }
  }
  return keepIfLegal(cs, side, order, out as Json);
}

/** Supply: the base's components onto two transports of an off-system TF (L2418, L2093-2099), after the naval SP loads. */
export function carryLoads(cs: Cs, side: Side, order: Json): Json {
  const o = order as Order | null;
  if (o?.kind !== 'campaign-supply') return order;
  const type = baseToCarry(cs, side);
  if (!type) return order;
  const planned = new Map<string, number>();
  for (const l of (o.naval as { load?: { unit: string; sp: number }[] } | null)?.load ?? [])
    planned.set(l.unit, (planned.get(l.unit) ?? 0) + l.sp);
  const tfs = Object.values(cs.space.tfs)
    .filter((t) => t.side === side && t.place.kind === 'OFFSYSTEM')
    .sort((a, b) => a.id.localeCompare(b.id));
  for (const tf of tfs) {
    const loads = carriersFor(cs, tf.id, type, planned);
    if (!loads) continue;
    const next = { ...o, loadBases: [...((o.loadBases as unknown[]) ?? []), { type, loads }] } as Json;
    const kept = keepIfLegal(cs, side, order, next);
    if (kept !== order) return kept;
  }
  return order;
}

/** L1767, L2141, L2155: segments holding an enemy naval base, or a Legion base when those fight in space. */
function guardedSegments(cs: Cs, side: Side): Set<number> {
  const out = new Set(
    Object.values(cs.space.bases)
      .filter((b) => b.side !== side && b.status !== 'DESTROYED')
      .map((b) => b.segment),
  );
  if (cs.options.legionBasesInSpace !== false)
    for (const b of Object.values(cs.planetary.bases))
      if (b.side !== side && b.hex) out.add(segmentOfZone(zoneOfHex(b.hex)));
  return out;
}

/** Engineer TFs that may receive a base in their hex (none there, L2416), in unguarded segments first. */
function receivers(cs: Cs, side: Side): string[] {
  const guarded = guardedSegments(cs, side);
  const ok = engineerTfs(cs, side).filter((t) => !baseInHex(cs, cs.planetary.tfs[t].hex as string));
  const g = (t: string) => (guarded.has(segmentOfZone(zoneOfHex(cs.planetary.tfs[t].hex as string))) ? 1 : 0);
  return ok.sort((a, b) => g(a) - g(b) || a.localeCompare(b));
}

/** Combat Phase plan: the carriers' OD TF at the planet drops the base to an engineer TF of the segment it aims at (L2408, L2422). */
export function carryDrop(cs: Cs, side: Side, order: Json): Json {
  const o = order as { kind?: string; plan?: { tfs?: { tf: string; segment?: number }[] }; odLoads?: unknown[] } | null;
  if (o?.kind !== 'combat-plan' || !o.plan?.tfs) return order;
  let out: Json = order;
  for (const base of carriedOf(cs, side)) {
    const carriers = carriersOfBase(cs, base);
    const tf = cs.space.tfs[carriers[0]?.tf ?? ''];
    if (
      !tf ||
      tf.mission !== 'ORBITAL_DROP' ||
      tf.place.kind !== 'SECTOR' ||
      tf.place.sector !== campaignData.rules.planetSector ||
      carriers.some((c) => Object.values(cs.cargo).some((x) => x.transports.includes(c.id)))
    )
      continue;
    for (const to of receivers(cs, side)) {
      const next = structuredClone(out) as { plan: { tfs: { tf: string; segment?: number }[] }; odLoads?: unknown[] };
      const t = next.plan.tfs.find((x) => resolveAliases(cs.space, x.tf) === tf.id);
      if (!t) break;
      t.segment = segmentOfZone(zoneOfHex(cs.planetary.tfs[to].hex as string));
      const toTf = tfAlias(cs.planetary, to);
      // L2099: the first carrier names the base; its other carriers drop their shares with it (drops.ts).
      next.odLoads = [...(next.odLoads ?? []), { transport: carriers[0].id, base: { base, toTf } }];
      const kept = keepIfLegal(cs, side, out, next as unknown as Json);
      if (kept !== out) {
        out = kept;
        break;
      }
    }
  }
  return out;
}

/** Supply, fallback: a base whose carriers' Supply TF reached a segment goes through an own ground base to an engineer TF (L2420). */
export function carryPlacements(cs: Cs, side: Side, order: Json): Json {
  const o = order as Order | null;
  if (o?.kind !== 'campaign-supply') return order;
  let out: Json = order;
  for (const base of carriedOf(cs, side)) {
    const tf = cs.space.tfs[carriersOfBase(cs, base)[0]?.tf ?? ''];
    if (tf?.mission !== 'SUPPLY' || tf.suppliedSegment?.turn !== cs.space.turn) continue;
    for (const to of receivers(cs, side)) {
      const cur = out as Order;
      const next = {
        ...cur,
        placeBases: [...((cur.placeBases as unknown[]) ?? []), { base, tf: tfAlias(cs.planetary, to) }],
      } as Json;
      const kept = keepIfLegal(cs, side, out, next);
      if (kept !== out) {
        out = kept;
        break;
      }
    }
  }
  return out;
}

/** The bot's order with its base carrying added, by stage (each part kept only if the order validates). */
export function withBaseCarry(cs: Cs, side: string, order: Json): Json {
  const s = side as Side;
  switch (cs.stage) {
    case 'SPACE':
      return carryDrop(cs, s, carryMissions(cs, s, order));
    case 'SUPPLY':
      return carryPlacements(cs, s, carryLoads(cs, s, order));
    default:
      return order;
  }
}
