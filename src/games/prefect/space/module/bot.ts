/**
 * The Space Game bot: always-legal orders for every prompt, trying to win under D-01 (bases and
 * units destroyed, GS missions at the scenario's key sector). It reads only what its side may
 * see — its own view (viewOf) and its own prompt, both already under TF aliases — plus the
 * public scenario (which named places exist). Each candidate order is checked with the module's
 * validator (whose answers name only the sender's own things); what is refused is dropped, and
 * the prompt's default is the last resort.
 */
import type { Json, OrderError, Prompt } from '#engine/contract.js';
import type { Dice } from '#engine/dice.js';
import { segmentsOf } from '../ofat.js';
import { sectorById } from '../state.js';
import { missions } from './bot-missions.js';
import { attackTarget, enemyBase, invader, targets, type V } from './bot-targets.js';
import { invaderMissions, quietSegment } from './bot-invader.js';
import { marineAssaults, marineLoads, waitsForMarines } from './bot-marines.js';

type Check = (orders: Json) => OrderError[];

function tspace(view: V, p: V, side: string): Json {
  const own = new Map<string, V>(view.own.tfs.map((t: V) => [t.id, t]));
  // Wait one turn on the track where the mission allows (+3 → +2 at 2 turns, L1374), but never past turn 3.
  const exits = p.choices.track
    .filter((t: V) => t.turns >= 1 || view.turn >= 3)
    .map((t: V) => {
      const m = own.get(t.tf)?.mission;
      const friendly = view.own.bases.find((b: V) => b.status === 'ACTIVE')?.sector;
      // an Attack TF lands where it has something to fight (bot-targets.ts); the others at a base of ours
      const to =
        m === 'SUPPLY' || m === 'SECTOR_DEFENCE'
          ? (friendly ?? attackTarget(view, side))
          : (attackTarget(view, side) ?? friendly);
      return { tf: t.tf, sector: to ?? targets(view.scenario)[0] };
    });
  // L2055: a transport TF that can take the side's off-system Marines waits for the Supply Phase.
  const enter = (p.choices.enter as string[]).filter((id) => !waitsForMarines(view, own.get(id)));
  return { kind: 'tspace', enter, exits };
}

/**
 * Detection reaction (L1395-1399, D-57): when a detected enemy TF lands on the scenario's key
 * sector, SD TFs of quiet sectors with no base of ours to guard send everything they have there (ships
 * carry their fighters). Stripping a guarded base lost more than it saved in bot games (62-38 vs 57-43).
 */
function reaction(view: V, p: V, side: string): Json {
  const key = targets(view.scenario)[0];
  const landed = view.map.arrivals.some(
    (a: V) => a.side !== side && a.detected && a.sector === key && a.turn === view.turn,
  );
  const sd: V[] = p.choices.sdTfs;
  const there = sd.find((t) => t.sector === key);
  if (!landed || !there) return { kind: 'reaction', moves: [] };
  // spread over the key sector's base segments, as the SD allocation does
  const segs: number[] = [
    ...new Set<number>(
      view.own.bases.filter((b: V) => b.sector === key && b.status === 'ACTIVE').map((b: V) => b.segment as number),
    ),
  ].sort();
  const guarded = (sector: string) => view.own.bases.some((b: V) => b.sector === sector && b.status !== 'DESTROYED');
  const quiet = sd.filter(
    (t) =>
      t.tf !== there.tf &&
      t.units.length &&
      !guarded(t.sector) &&
      !view.map.tfs.some((e: V) => e.side !== side && e.sector === t.sector),
  );
  return {
    kind: 'reaction',
    moves: quiet.map((t, i) => ({
      units: t.units.map((u: V) => u.id),
      from: t.tf,
      to: there.tf,
      segment: segs.length ? segs[i % segs.length] : 1,
    })),
  };
}

/**
 * Intra-system moves: withdrawals to a base go there (off-system ones leave after Combat, D-68); attackers go to the chosen place; a TF with nothing to do
 * where it is (no base of ours, or the sector already defended) goes to a base sector of ours that
 * has no sector-defence TF, to be split into a garrison there (adjust).
 */
function moves(view: V, p: V, side: string): Json {
  const out: { tf: string; to: string }[] = [];
  const baseSectors: string[] = [
    ...new Set<string>(
      view.own.bases
        .filter((b: V) => b.status !== 'DESTROYED' && !b.offSystemBox && !b.carriedBy)
        .map((b: V) => b.sector),
    ),
  ];
  const sdAt = new Set<string>(
    view.own.tfs
      .filter((t: V) => t.mission === 'SECTOR_DEFENCE' && t.place?.kind === 'SECTOR')
      .map((t: V) => t.place.sector),
  );
  for (const c of p.choices.tfs as V[]) {
    if (c.mission === 'WITHDRAWAL') out.push({ tf: c.tf, to: c.to[0] });
    else if ((c.mission === 'ATTACK' || c.mission === 'HS_ATTACK') && attackTarget(view, side)) {
      // L1409: to the place the Attack was given for (the holder's: a sector the enemy holds)
      const to = attackTarget(view, side)!;
      if (to !== c.from) out.push({ tf: c.tf, to });
    } else if (!baseSectors.includes(c.from) || sdAt.has(c.from)) {
      const to = baseSectors.find((x) => !sdAt.has(x));
      if (to) {
        out.push({ tf: c.tf, to });
        sdAt.add(to);
      }
    }
  }
  return { kind: 'move', moves: out };
}

function adjust(view: V, p: V): V[] {
  const parts: V[] = [];
  // Defend bases with one strong SD TF per sector (L1250): fold the smaller organised TFs of a
  // base sector into the largest, transports apart (they may not take SD, L1258).
  const live = (t: V) => t.units.filter((u: V) => u.status !== 'DESTROYED');
  const bySector = new Map<string, V[]>();
  for (const t of view.own.tfs) {
    const sector = t.place?.kind === 'SECTOR' ? t.place.sector : null;
    if (
      !sector ||
      t.disorganisedGroup ||
      !view.own.bases.some((b: V) => b.sector === sector && b.status !== 'DESTROYED')
    )
      continue;
    if (live(t).some((u: V) => u.status !== 'ACTIVE' || u.kind === 'TRANSPORT') || !live(t).length) continue;
    bySector.set(sector, [...(bySector.get(sector) ?? []), t]);
  }
  // A TF of ships and transports at a base sector: the ships form a garrison TF of their own (L1873).
  for (const t of view.own.tfs) {
    const sector = t.place?.kind === 'SECTOR' ? t.place.sector : null;
    if (
      !sector ||
      t.disorganisedGroup ||
      !view.own.bases.some((b: V) => b.sector === sector && b.status !== 'DESTROYED')
    )
      continue;
    const ships = live(t).filter((u: V) => u.kind !== 'TRANSPORT' && u.status === 'ACTIVE');
    if (ships.length && ships.length < live(t).length)
      parts.push({ form: [{ units: ships.map((u: V) => u.id), at: sector }] });
  }
  for (const tfs of bySector.values()) {
    if (tfs.length < 2) continue;
    tfs.sort((a, b) => live(b).length - live(a).length);
    let room = 20 - live(tfs[0]).length;
    for (const t of tfs.slice(1)) {
      const ids = live(t).map((u: V) => u.id);
      if (ids.length <= room) {
        parts.push({ exchanges: [{ units: ids, to: tfs[0].id }] });
        room -= ids.length;
      }
    }
  }
  for (const id of p.choices.rebuildable.slice(0, p.choices.rebuildLimit)) parts.push({ rebuild: [id] });
  if (p.choices.functional.length) parts.push({ form: [{ units: p.choices.functional, at: 'OFFSYSTEM' }] });
  void view;
  return parts;
}

function supply(view: V, p: V): V[] {
  const parts: V[] = marineLoads(view).map((l) => ({ loadMarines: [l] }));
  const left = new Map<string, number>(
    view.own.ledger.filter((l: V) => l.kind === 'BASE').map((l: V) => [l.id, l.supply]),
  );
  const basesIn = (sector: string) =>
    view.own.bases.filter((b: V) => b.sector === sector && b.status === 'ACTIVE' && left.get(b.id));
  const pay = (sector: string, cost: number) => {
    const sources: { from: string; sp: number }[] = [];
    for (const b of basesIn(sector)) {
      if (cost <= 0) break;
      const sp = Math.min(cost, left.get(b.id)!);
      sources.push({ from: b.id, sp });
      cost -= sp;
    }
    return cost > 0 ? null : sources;
  };
  for (const d of p.choices.disorganised) {
    const sources = pay(d.sector, d.cost);
    if (sources) {
      parts.push({ reorganise: [{ tf: d.tf, sources }] });
      sources.forEach((x) => left.set(x.from, left.get(x.from)! - x.sp));
    }
  }
  for (const f of p.choices.fatigued) {
    const sources = pay(f.sector, f.costPerLevel * f.fatigue);
    if (sources) {
      parts.push({ rearm: [{ tf: f.tf, levels: f.fatigue, sources }] });
      sources.forEach((x) => left.set(x.from, left.get(x.from)! - x.sp));
    }
  }
  return parts;
}

/**
 * The phase plan (L1455-1459, H25): each resolvable mission aims at the segment where an enemy
 * base was last seen on the table (public sightings), else one not yet searched; Ground Support
 * strikes a sighted ground base (L1803); Supply goes to a friendly base's segment (L1921), and a
 * Supply TF without transports interrupts its mission (L1695); Recon tries the strongest-held segment (D-58).
 */
function combatPlan(view: V, p: V, side: string): Json {
  const own = new Map<string, V>(view.own.tfs.map((t: V) => [t.id, t]));
  const seen: V[] = view.map.sightings;
  const tfs: V[] = (p.choices.resolvable as string[]).map((id) => {
    const tf = own.get(id);
    const sector: string | undefined = tf?.place?.sector;
    if (!tf || !sector) return { tf: id };
    const n = segmentsOf(sectorById(sector)!);
    const here = seen.filter((x) => x.sector === sector).sort((a, b) => b.turn - a.turn);
    const unsearched =
      Array.from({ length: n }, (_, i) => i + 1).find((g) => !here.some((x) => x.segment === g)) ?? 1 + (view.turn % n);
    // L1695, L1833: a Supply TF of ships only has nothing to hand over once it has moved (L1753), and
    // Supply does not tire, so it interrupts: nothing of it is placed for the segment to fire on (L1743).
    if (tf.mission === 'SUPPLY' && !(tf.units as V[]).some((u) => u.kind === 'TRANSPORT' && u.status !== 'DESTROYED'))
      return { tf: id, interrupt: true };
    // D-58: after the disclosure, try the most strongly held segment: where the garrison's bases are.
    if (tf.mission === 'RECON') return { tf: id, reconSegment: 'HIGHEST_SIG' };
    if (tf.mission === 'SUPPLY') {
      const b = view.own.bases.find((x: V) => x.sector === sector && x.status !== 'DESTROYED');
      return { tf: id, segment: b?.segment ?? (invader(view, side) ? quietSegment(view, sector) : 1) };
    }
    if (tf.mission === 'GROUND_SUPPORT') {
      if (invader(view, side)) return { tf: id, segment: quietSegment(view, sector) }; // quiet segment (bot-invader.ts): L1743, no strike
      const g = here.find((x) => x.bases.some((b: V) => enemyBase(view, b.id) && b.ground));
      return g
        ? { tf: id, segment: g.segment, gsTarget: g.bases.find((b: V) => enemyBase(view, b.id) && b.ground).id }
        : { tf: id, segment: unsearched };
    }
    if (tf.mission === 'ATTACK' || tf.mission === 'HS_ATTACK') {
      // an enemy orbital base last seen there (a base captured from us counts, bot-targets.ts)
      const hit = here.find((x) => x.bases.some((b: V) => enemyBase(view, b.id) && !b.ground));
      const segment = hit?.segment ?? unsearched;
      const marines = tf.mission === 'ATTACK' ? marineAssaults(view, tf, sector, segment) : [];
      return marines.length ? { tf: id, segment, marines } : { tf: id, segment };
    }
    return { tf: id };
  });
  return { kind: 'combat-plan', plan: { tfs } };
}

/**
 * L1861: after an opposing-SD round the units stay where a base of ours is in the segment (they
 * defend it, and bases cannot leave, L1863); elsewhere they hold nothing, so they leave for the TF
 * box rather than fight the next round for no gain (D-01 scores only losses there).
 */
export function leaveSegment(view: V, p: V): Json {
  const { sector, segment, units } = p.choices as { sector: string; segment: number; units: string[] };
  const guarded = (view.own.bases as V[]).some(
    (b) => b.sector === sector && b.segment === segment && b.status !== 'DESTROYED' && !b.offSystemBox && !b.carriedBy,
  );
  return { kind: 'combat-decision', units: guarded ? [] : units };
}

/** Greedy: each part merged into the default order is kept only if the whole still validates. */
function greedy(base: V, parts: V[], check: Check): Json {
  let order = base;
  for (const part of parts) {
    const next = { ...order };
    for (const [k, v] of Object.entries(part)) next[k] = [...(order[k] ?? []), ...(v as V[])];
    if (check(next).length === 0) order = next;
  }
  return order;
}

export function botOrders(view: V, prompt: Prompt, side: string, check: Check, dice: Dice): Json {
  void dice; // deterministic: the bot needs no rolls of its own
  const p = prompt as V;
  let o: Json;
  switch (prompt.kind) {
    case 'missions':
      o = invader(view, side) ? invaderMissions(view, p, missions(view, p, side)) : missions(view, p, side);
      break;
    case 'tspace':
      o = tspace(view, p, side);
      break;
    case 'move':
      o = moves(view, p, side);
      break;
    case 'reaction':
      o = reaction(view, p, side);
      break;
    // DSI (L1511-1521) pits the interceptors alone against the whole incoming force: in bot games
    // intercepting with the strongest unit won CW 28 of 60 games, with all 2, holding back 43. Hold.
    case 'combat-reactions':
      o = { kind: 'combat-reactions', reactions: { ...p.defaultOrders.reactions, intercept: { default: 'NONE' } } };
      break;
    case 'combat-plan':
      o = combatPlan(view, p, side);
      break;
    case 'adjust':
      o = greedy(p.defaultOrders, adjust(view, p), check);
      break;
    case 'supply':
      o = greedy(p.defaultOrders, supply(view, p), check);
      break;
    // D-87: both bots enter the prompt's public suggestion (../external/entry.ts), so they agree at once.
    case 'external-result':
      o = p.choices?.suggested ?? p.defaultOrders;
      break;
    // D-91: the bot keeps to the standing choice it sealed (its plan, its reactions): the prompt's default;
    // after an opposing-SD round it decides then (L1861, leaveSegment).
    case 'combat-decision':
      o = p.choices?.kind === 'leave-segment' ? leaveSegment(view, p) : prompt.defaultOrders;
      break;
    default:
      o = prompt.defaultOrders; // combat reactions: the standing defaults
  }
  if (check(o).length === 0) return o;
  // A refused whole order: keep the legal parts of list orders (e.g. one bad exit), else the default.
  if (prompt.kind === 'move' || prompt.kind === 'tspace') {
    const list = (o as V)[prompt.kind === 'move' ? 'moves' : 'exits'] as V[];
    const parts = list.map((x) => ({ [prompt.kind === 'move' ? 'moves' : 'exits']: [x] }));
    const base: V =
      prompt.kind === 'move' ? { kind: 'move', moves: [] } : { kind: 'tspace', enter: (o as V).enter, exits: [] };
    const g = greedy(check(base).length ? p.defaultOrders : base, parts, check);
    if (check(g).length === 0) return g;
  }
  return prompt.defaultOrders;
}
