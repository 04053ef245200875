/**
 * The invader's campaign play (issue 10 balance, D-01): what the two modules' bots cannot know.
 * Measured before these functions (20 seeds): the whole Legion dropped in segment 1 (the plan's default,
 * L1677), landed as one 17-unit TF (Combat allowance 10 − C + H = 1, L303-331) on the urban hex
 * of zone 1 — which a landing does not capture (D-50 is an entry by movement) — and never moved
 * again because it stood on its own objective. These helpers aim the drop at the zone of the key
 * base, split the dropped units into small fast TFs (L2388), land each next to its own objective
 * (L2390), keep combat units out of HQ stacks, and mass four TFs on one key base at a time.
 * Then (2026-11-30): drop zones clear of Legion bases, GS aimed at the assaulted zone, garrisons on
 * held cities.
 * Reads only the side's own record sheet and public positions. Figures: README "Balance".
 */
import type { Json } from '#engine/contract.js';
import { objectiveHexes } from '../../planetary/index.js';
import { prefectData } from '../../planetary/index.js';
import { distance } from '../../planetary/index.js';
import { resolveAliases } from '../../space/index.js';
import type { Side } from '../../common/types.js';
import type { AdjustmentOrder } from '../../planetary/index.js';
import { hasHq, tfLimit, unitsIn, unitType } from '../../planetary/index.js';
import { neighboursOf } from '../../planetary/index.js';
import { attackerReach } from '../../planetary/index.js';
import { mayAttack } from '../../planetary/index.js';
import { aliasTfIds, tfAlias } from '../../planetary/index.js';
import { campaignData } from '../data/index.js';
import { landingError } from '../drops.js';
import { segmentOfZone, zoneOfHex } from '../map-link.js';
import type { CampaignGameState } from './types.js';

const typeOf = (cs: CampaignGameState, u: string) => prefectData.unitTypes[cs.planetary.units[u].type];

/** The planet's segments holding an enemy naval base, or an enemy Legion base with `legionBasesInSpace` (public positions). */
export function guardedSegments(cs: CampaignGameState, side: Side): Set<number> {
  const guarded = new Set(
    Object.values(cs.space.bases)
      .filter((b) => b.side !== side && b.status !== 'DESTROYED')
      .map((b) => b.segment),
  );
  if (cs.options.legionBasesInSpace !== false)
    for (const b of Object.values(cs.planetary.bases))
      if (b.side !== side && b.hex) guarded.add(segmentOfZone(zoneOfHex(b.hex)));
  return guarded;
}

/**
 * D-01: the invader drops in the zone nearest the enemy key base of the highest class (the GL4
 * capital first) whose segment holds no enemy naval base: measured, an OD TF sent into the
 * GN2's segment was stopped there turn after turn (L1745, L1767) and the Legion landed on turn 9.
 * With Legion bases in space combat (option `legionBasesInSpace`, L1767, L2141, L2155) a segment
 * whose zone holds an enemy Legion base is guarded too: measured (b1-b20), the GL1 of zone 8
 * fired on the unescorted OD TF at 1:2, disrupted transports aborted (L2374) and were caught
 * withdrawing, 7 of 19 units lost as cargo on average; zone 2 (5 hexes from the GL4) loses none.
 */
export function targetZone(cs: CampaignGameState, side: Side): number | null {
  const v = campaignData.scenarios[cs.scenario].victory;
  const key = Object.values(cs.planetary.bases)
    .filter((b) => b.side !== side && v.baseClasses.includes(b.type) && b.hex)
    .sort((a, b) => b.type.localeCompare(a.type) || a.id.localeCompare(b.id));
  if (!key.length) return null;
  const guarded = guardedSegments(cs, side);
  const zones = Object.keys(campaignData.rules.zoneToSegment)
    .map(Number)
    .filter((z) => !guarded.has(segmentOfZone(z)));
  const near = (z: number) =>
    Math.min(...prefectData.map.hexes.filter((h) => h.zone === z).map((h) => distance(h.id, key[0].hex)));
  zones.sort((a, b) => near(a) - near(b) || a - b);
  return zones[0] ?? zoneOfHex(key[0].hex);
}

/**
 * L2198, L2218: GS units support only combats in their box's zone. Measured (b2): the GS TF sat in
 * the drop zone's box while every assault was on the GL4 next door, so it never fired. Once the
 * side has ground TFs on the map, the GS zone is that of the enemy key base being assaulted
 * (`concentrate`: the highest class first), else the drop zone.
 */
export function supportZone(cs: CampaignGameState, side: Side): number | null {
  const ps = cs.planetary;
  const v = campaignData.scenarios[cs.scenario].victory;
  const onMap = Object.values(ps.tfs).some((t) => t.side === side && t.hex);
  const key = Object.values(ps.bases)
    .filter((b) => b.side !== side && v.baseClasses.includes(b.type) && b.hex)
    .sort((a, b) => b.type.localeCompare(a.type) || a.id.localeCompare(b.id))[0];
  return onMap && key ? zoneOfHex(key.hex) : targetZone(cs, side);
}

/** L1677, L2368: the invader's OD TFs at the planet take the segment of the drop zone, its GS TFs that of the support zone. */
export function aimSegments(cs: CampaignGameState, side: Side, order: Json): Json {
  const o = order as { kind?: string; plan?: { tfs?: { tf: string; segment?: number }[] } } | null;
  if (o?.kind !== 'combat-plan') return order;
  const zone = targetZone(cs, side);
  const gsZone = supportZone(cs, side);
  const out = structuredClone(o);
  for (const t of out.plan?.tfs ?? []) {
    const tf = cs.space.tfs[resolveAliases(cs.space, t.tf) as string];
    if (!tf || tf.place.kind !== 'SECTOR' || tf.place.sector !== campaignData.rules.planetSector) continue;
    if (tf.mission === 'ORBITAL_DROP' && zone !== null) t.segment = segmentOfZone(zone);
    if (tf.mission === 'GROUND_SUPPORT' && gsZone !== null) t.segment = segmentOfZone(gsZone);
  }
  return out as Json;
}

/** Combat units per dropped TF: 10 − 3 leaves a Combat allowance of 7 (L303-331) and still a 3:2 punch. */
const PER_TF = 3;

/**
 * L2388: per zone, the gravitic combat units in TFs of three (strongest spread first, so each TF
 * gets a heavy or medium cohort), the gravitic support units (HQs, centuries) in one TF, the
 * non-gravitic units (Marines, 1 hex a turn L924) in one TF.
 */
export function invaderGroups(cs: CampaignGameState, side: Side): { zone: number; units: string[] }[] {
  const out: { zone: number; units: string[] }[] = [];
  for (const [z, box] of Object.entries(cs.zones)) {
    const units = box.od.filter((e) => e.side === side).flatMap((e) => e.units);
    const byOrg = new Map<string, string[]>();
    for (const u of units) byOrg.set(cs.planetary.units[u].org, [...(byOrg.get(cs.planetary.units[u].org) ?? []), u]);
    for (const list of byOrg.values()) {
      const combat = list
        .filter((u) => typeOf(cs, u)?.category === 'COMBAT' && typeOf(cs, u)?.gravitic)
        .sort((a, b) => typeOf(cs, b).attack - typeOf(cs, a).attack || a.localeCompare(b));
      const n = Math.max(1, Math.ceil(combat.length / PER_TF));
      const tfs: string[][] = Array.from({ length: n }, () => []);
      combat.forEach((u, i) => tfs[i % n].push(u));
      const support = list.filter((u) => !combat.includes(u) && typeOf(cs, u)?.gravitic);
      const slow = list.filter((u) => !typeOf(cs, u)?.gravitic);
      for (const g of [...tfs, support, slow]) if (g.length) out.push({ zone: Number(z), units: g });
    }
  }
  return out;
}

/**
 * L2390-2392: each combat group lands on a legal hex next to an objective not yet claimed, nearest
 * first; support and slow groups land on the legal hex nearest the combat groups. Groups never
 * share a hex (they would merge). A landing on an objective would take it (D-49/D-50), but measured
 * over 100 seeds (b-f) landing a group on the drop zone's city won 25/100 against 45/100 for this:
 * the combat groups then spread towards farther objectives. Landing all next to the key base: 36/100.
 */
export function invaderLandings(cs: CampaignGameState, side: Side): { group: number; hex: string }[] {
  const goals = objectiveHexes(cs.planetary, side);
  const goalSet = new Set(goals);
  const taken = new Set(
    Object.values(cs.planetary.tfs)
      .filter((t) => t.hex)
      .map((t) => t.hex as string),
  );
  const claimed = new Set<string>();
  const landed: string[] = [];
  const groups = cs.dropGroups.filter((g) => g.side === side);
  const isCombat = (g: (typeof groups)[number]) =>
    g.units.some((u) => typeOf(cs, u)?.category === 'COMBAT' && typeOf(cs, u)?.gravitic);
  const out: { group: number; hex: string }[] = [];
  for (const g of [...groups.filter(isCombat), ...groups.filter((x) => !isCombat(x))]) {
    const nonGrav = g.units.some((u) => !typeOf(cs, u)?.gravitic);
    const legal = prefectData.map.hexes
      .filter(
        (h) =>
          h.zone === g.zone && !taken.has(h.id) && !goalSet.has(h.id) && !landingError(cs, side, g.zone, h.id, nonGrav),
      )
      .map((h) => h.id)
      .sort();
    if (!legal.length) return [];
    const score = (h: string): number => {
      if (!isCombat(g)) return landed.length ? Math.min(...landed.map((l) => distance(h, l))) : 0;
      const free = goals.filter((x) => !claimed.has(x));
      const pool = free.length ? free : goals;
      return pool.length ? Math.min(...pool.map((x) => distance(h, x))) : 0;
    };
    legal.sort((a, b) => score(a) - score(b) || a.localeCompare(b));
    const hex = legal[0];
    taken.add(hex);
    landed.push(hex);
    if (isCombat(g)) {
      const near = goals.filter((x) => distance(hex, x) === score(hex));
      if (near[0]) claimed.add(near[0]);
    }
    out.push({ group: g.id, hex });
  }
  return out;
}

/**
 * L870-872 at TF Adjustment: measured, the invader's combat units that were reorganised (L2396)
 * or retreated into the HQ's TF piled up there (up to 11 units: Combat allowance 1) and stopped
 * moving. The combat units of an HQ TF leave it in new TFs of three, each created in an empty
 * hex next to the HQ (L870, D-47), within the organisation's counters (D-07).
 */
export function splitStacks(cs: CampaignGameState, side: Side, ground: AdjustmentOrder): AdjustmentOrder {
  const ps = cs.planetary;
  const out: AdjustmentOrder = { ...ground, create: [...ground.create] };
  const taken = new Set(
    Object.values(ps.tfs)
      .filter((t) => t.hex)
      .map((t) => t.hex as string),
  );
  const moved = new Set([...ground.transfers.flatMap((t) => t.units), ...ground.create.flatMap((c) => c.units)]);
  const used = new Map<string, Set<number>>();
  for (const t of Object.values(ps.tfs))
    if (!t.independent) used.set(t.org, (used.get(t.org) ?? new Set()).add(t.counter));
  for (const c of ground.create) used.set(c.org, (used.get(c.org) ?? new Set()).add(c.counter));
  const hqTfs = Object.values(ps.tfs)
    .filter((t) => t.side === side && t.hex && !t.independent && hasHq(ps, t.id))
    .sort((a, b) => a.id.localeCompare(b.id));
  for (const tf of hqTfs) {
    const combat = unitsIn(ps, tf.id)
      .filter(
        (u) => u.status === 'ACTIVE' && !moved.has(u.id) && unitType(u).category === 'COMBAT' && unitType(u).gravitic,
      )
      .sort((a, b) => unitType(b).attack - unitType(a).attack || a.id.localeCompare(b.id));
    if (!combat.length) continue;
    const n = Math.ceil(combat.length / PER_TF);
    const spots = neighboursOf(tf.hex as string)
      .filter((h) => !taken.has(h))
      .slice()
      .sort();
    for (let i = 0; i < n && i < spots.length; i++) {
      const counters = used.get(tf.org) ?? new Set<number>();
      let counter = 1;
      while (counters.has(counter)) counter++;
      if (counter > tfLimit(ps, tf.org) || counters.size >= tfLimit(ps, tf.org)) break;
      counters.add(counter);
      used.set(tf.org, counters);
      taken.add(spots[i]);
      out.create.push({
        org: tf.org,
        counter,
        hex: spots[i],
        units: combat.filter((_, j) => j % n === i).map((u) => u.id),
      });
    }
  }
  return out;
}

/**
 * D-01 is judged at game end and an empty city is taken back by entry (D-49): one TF (the weakest
 * there) stays on each urban area and key base the side holds, while an enemy key base remains
 * (`concentrate`). Measured (2026-11-30): with the Legion-free drop zone, b1-b20 5 → 9/20, c1-c20 2 → 8/20.
 */
export function garrisons(cs: CampaignGameState, side: Side): string[] {
  const ps = cs.planetary;
  const v = campaignData.scenarios[cs.scenario].victory;
  const spots = prefectData.map.urbanAreas.filter((a) => ps.urban[a.id] === side).map((a) => a.hexes);
  for (const b of Object.values(ps.bases))
    if (b.side === side && v.baseClasses.includes(b.type) && b.hex) spots.push([b.hex]);
  const strength = (id: string) =>
    unitsIn(ps, id).reduce((a, u) => a + (u.status === 'ACTIVE' ? unitType(u).attack : 0), 0);
  const out = new Set<string>();
  for (const hexes of spots) {
    const here = Object.values(ps.tfs)
      .filter((t) => t.side === side && t.hex && hexes.includes(t.hex) && unitsIn(ps, t.id).length)
      .sort((a, b) => strength(a.id) - strength(b.id) || a.id.localeCompare(b.id));
    if (here.length && !here.some((t) => out.has(t.id))) out.add(here[0].id);
  }
  return [...out].sort();
}

/** Combat TFs sent against the key base (measured over 20 seeds: 2 → 1.10 bases held, 3 → 1.20, 4 → 1.55, 5 → 1.35). */
const ASSAULT_TFS = 4;
/** One key base at a time (measured: assaulting both at once left no TF for the cities, 0-1/20 won). */
const ONE_AT_A_TIME = 1;

/**
 * D-01, L2218-2252: the Planetary bot sends each TF to its nearest target, so the key bases
 * (the GL4 capital with the Renegade HQ) were never attacked by more than one or two TFs. The
 * invader's plan keeps the Planetary bot's moves but sends the strongest combat TFs nearest each
 * enemy G3/G4 base onto free hexes next to it (or as close as the Combat allowance reaches), so
 * the Combat Phase declares one massed attack there (the Planetary bot attacks at 3:2 or better
 * with every adjacent TF, with GS support from `commitBot`).
 */
export function concentrate(cs: CampaignGameState, side: Side, order: Json): Json {
  const o = order as { kind?: string; moves?: { tf: string; mode: string; path: string[] }[] } | null;
  if (o?.kind !== 'movement-plan') return order;
  const ps = cs.planetary;
  const v = campaignData.scenarios[cs.scenario].victory;
  const keys = Object.values(ps.bases)
    .filter((b) => b.side !== side && v.baseClasses.includes(b.type) && b.hex)
    .sort((a, b) => b.type.localeCompare(a.type) || a.id.localeCompare(b.id));
  // With every key base held the Planetary bot's moves stand unchanged, garrisons may leave
  // (measured: keeping every garrison then won 11/60 seeds b-d, key bases only 18/60, none 23/60: the
  // cities still to take need the TFs).
  if (!keys.length) return order;
  const occupied = new Set(
    Object.values(ps.tfs)
      .filter((t) => t.hex)
      .map((t) => t.hex as string),
  );
  const mine = Object.values(ps.tfs).filter(
    (t) =>
      t.side === side &&
      t.hex &&
      !t.independent &&
      !t.movedThisTurn &&
      t.fatigue < 3 &&
      unitsIn(ps, t.id).some((u) => u.status === 'ACTIVE' && unitType(u).category === 'COMBAT' && unitType(u).gravitic),
  );
  const used = new Set<string>(garrisons(cs, side));
  const ends = new Set<string>();
  const moves: { tf: string; mode: string; path: string[] }[] = [];
  for (const base of keys.slice(0, ONE_AT_A_TIME)) {
    const strength = (id: string) =>
      unitsIn(ps, id).reduce((a, u) => a + (u.status === 'ACTIVE' ? unitType(u).attack : 0), 0);
    const pick = mine
      .filter((t) => !used.has(t.id))
      .sort(
        (a, b) =>
          distance(a.hex as string, base.hex) - distance(b.hex as string, base.hex) ||
          strength(b.id) - strength(a.id) ||
          a.id.localeCompare(b.id),
      )
      .slice(0, ASSAULT_TFS);
    // An empty key base is taken by entering it (D-49): the nearest TF that reaches it ends there.
    const empty = !Object.values(ps.tfs).some((t) => t.side !== side && t.hex === base.hex);
    for (const tf of pick) {
      used.add(tf.id);
      const here = distance(tf.hex as string, base.hex);
      if (here <= 1 && !(empty && !ends.has(base.hex))) continue; // already in place: it holds (and attacks)
      let best: { hex: string; path: string[]; d: number } | null = null;
      for (const [hex, path] of attackerReach(ps, tf.id, 'COMBAT')) {
        if (ends.has(hex) || occupied.has(hex)) continue;
        const d = distance(hex, base.hex);
        if (d < 1 && !empty) continue;
        if (
          !best ||
          d < best.d ||
          (d === best.d && (path.length < best.path.length || (path.length === best.path.length && hex < best.hex)))
        )
          best = { hex, path, d };
      }
      if (!best || best.d >= here) continue;
      ends.add(best.hex);
      moves.push({ tf: tf.id, mode: 'COMBAT', path: best.path });
    }
  }
  // D-01 is judged at the end: a TF standing on a key base it holds stays there.
  const held = new Set(
    Object.values(ps.bases)
      .filter((x) => x.side === side && v.baseClasses.includes(x.type) && x.hex)
      .map((b) => b.hex),
  );
  for (const t of mine) if (held.has(t.hex as string) && !used.has(t.id)) used.add(t.id);
  if (!used.size) return order;
  const aliased = aliasTfIds(ps, moves as unknown as Json) as unknown as typeof moves;
  const gone = new Set([...used].map((id) => tfAlias(ps, id)));
  const kept = (o.moves ?? []).filter((m) => !gone.has(m.tf) && !m.path.some((h) => ends.has(h)));
  return { ...o, moves: [...aliased, ...kept] } as unknown as Json;
}

/**
 * L547-565: the Planetary bot declares only at an estimated 3:2 (its public estimate of an
 * unknown TF, H1), which the capital's stack never offered. Against an enemy TF on a key base the
 * invader declares with every adjacent TF that may attack (taken out of its other attacks) once
 * the assault has at least two TFs; GS support comes at the commitment prompt (D-76).
 */
export function assaultKeyBases(cs: CampaignGameState, side: Side, order: Json): Json {
  const o = order as {
    kind?: string;
    attacks?: { target: { tf?: string; hex?: string }; attackers: string[]; advance: string | null }[];
  } | null;
  if (o?.kind !== 'combat-declare') return order;
  const ps = cs.planetary;
  const v = campaignData.scenarios[cs.scenario].victory;
  const keyHexes = new Set(
    Object.values(ps.bases)
      .filter((b) => b.side !== side && v.baseClasses.includes(b.type) && b.hex)
      .map((b) => b.hex),
  );
  let attacks = [...(o.attacks ?? [])];
  for (const target of Object.values(ps.tfs)
    .filter((t) => t.side !== side && t.hex && keyHexes.has(t.hex))
    .sort((a, b) => a.id.localeCompare(b.id))) {
    const alias = tfAlias(ps, target.id);
    const mine = Object.values(ps.tfs)
      .filter((t) => t.side === side && t.hex && distance(t.hex, target.hex as string) === 1 && mayAttack(ps, t.id))
      .map((t) => tfAlias(ps, t.id))
      .sort();
    if (mine.length < 2) continue;
    const taken = new Set(mine);
    attacks = attacks
      .map((a) => ({ ...a, attackers: a.attackers.filter((x) => !taken.has(x)) }))
      .filter((a) => a.attackers.length && a.target.tf !== alias);
    attacks.forEach((a) => {
      if (a.advance && !a.attackers.includes(a.advance)) a.advance = a.attackers[0];
    });
    attacks.push({ target: { tf: alias }, attackers: mine, advance: mine[0] });
  }
  return { ...o, attacks } as unknown as Json;
}
