/**
 * The invader's (the scenario's first Attacker: TOG in Hold the Line) Mission Assignment and
 * segment choice, on top of the general bot, from its own view only. Against a full
 * sector-defence garrison (bot-missions.ts gives CW's SD to the strongest TF of each base sector)
 * the plain plan — every TF in the key sector attacks, one flies Ground Support into the segment it
 * searches — filled a must-withdraw group with disorganised units each turn (L1875), and the
 * garrison's unplaced units destroyed most of them as they withdrew (L1777-1785: +2 to the
 * interceptors' saves, and a disorganised unit that fails its save is destroyed, L1657). So:
 *  - Quiet segments: Supply and Ground Support TFs go to an orbital segment of their choice
 *    (L1793, L1813: "any orbital segment"), one where no enemy base was ever sighted, farthest from
 *    those where one was; only that segment's SD units and bases may fire on them (L1743).
 *  - In the key sector, once there, no more Attacks on the garrison (in bot games each cost more
 *    units than it destroyed, README "Balance (2026-11-30)"): the strongest fresh TF (below fatigue 3,
 *    L1841) flies the one Ground Support of the turn (D-01 scores it; it "serves only to fulfil
 *    victory conditions", L1807) and the others hold on a Supply mission, which neither fights nor
 *    tires (L1753, L1833). TFs arriving from off-system still attack on arrival (bot-missions.ts).
 *  - Reconnaissance (L1727-1735, D-58): while fewer than three orbital segments of the key sector
 *    have been placed on the table (sightings, H25), the weakest TF there at fatigue 0 that would
 *    only hold on Supply flies Recon instead. The segment it places (the most strongly held, bot.ts)
 *    shows where the garrison's bases are, so that the quiet segment (above) and the arrivals'
 *    Attacks aim better. It costs one fatigue level (L1833): taken from a TF that had fought
 *    (fatigue 1), it cost TOG 6 of 30 wins (README "Balance"), so only a fresh TF goes.
 */
import { segmentsOf } from '../ofat.js';
import { sectorById } from '../state.js';
import { strength } from './bot-missions.js';
import { enemyBase, targets, type V } from './bot-targets.js';

/** Segments of `sector` where an enemy base was last sighted (public sightings, H25). */
function baseSegments(view: V, sector: string): number[] {
  return (view.map.sightings as V[])
    .filter((g) => g.sector === sector && g.bases.some((b: V) => enemyBase(view, b.id)))
    .map((g) => g.segment);
}

/** H25: how many orbital segments of `sector` were ever placed on the table (public sightings)? */
export function sightedSegments(view: V, sector: string): number {
  return new Set((view.map.sightings as V[]).filter((g) => g.sector === sector).map((g) => g.segment)).size;
}

/**
 * L1743, L1793: the segment for a protected mission — none with a sighted enemy base, as far as
 * possible from those (ties: the higher number, away from segment 1 where searches begin).
 */
export function quietSegment(view: V, sector: string): number {
  const n = segmentsOf(sectorById(sector)!);
  const hot = baseSegments(view, sector);
  const gap = (g: number) => (hot.length ? Math.min(...hot.map((h) => Math.abs(h - g))) : 0);
  return (
    Array.from({ length: n }, (_, i) => n - i)
      .filter((g) => !hot.includes(g))
      .sort((a, b) => gap(b) - gap(a) || b - a)[0] ?? n
  );
}

/**
 * The invader's missions in the key sector, replacing the general choice (`base`) for its
 * organised ship TFs there below fatigue 3: the strongest flies Ground Support, the others hold
 * on Supply. TFs at fatigue 3, transports and disorganised groups keep `base`.
 */
/** Recon stops once this many of the key sector's segments have been seen (measured: README "Balance"). */
const SCOUTED = 3;

export function invaderMissions(view: V, p: V, base: V): V {
  const key = targets(view.scenario)[0];
  const own = new Map<string, V>(view.own.tfs.map((t: V) => [t.id, t]));
  // an organised TF of ours in the key sector, for the choice c
  const atKey = (c: V): V | undefined => {
    const tf = own.get(c.tf);
    return c.place.kind === 'SECTOR' && c.place.sector === key && tf && !tf.disorganisedGroup ? tf : undefined;
  };
  const fresh = (p.choices.tfs as V[])
    .filter((c) => {
      const tf = atKey(c);
      return (
        tf && tf.fatigue < 3 && !(tf.units as V[]).some((u) => u.kind === 'TRANSPORT') && c.missions.includes('SUPPLY')
      );
    })
    .sort((a, b) => strength(own.get(b.tf)) - strength(own.get(a.tf)) || (a.tf < b.tf ? -1 : 1));
  const plan = new Map<string, string>();
  fresh.forEach((c, i) =>
    plan.set(c.tf, i === 0 && c.missions.includes('GROUND_SUPPORT') ? 'GROUND_SUPPORT' : 'SUPPLY'),
  );
  // the scout: an unfatigued TF of the key sector that would only hold on Supply (the weakest first)
  const given = new Map<string, string>((base.missions as V[]).map((m) => [m.tf, m.mission]));
  const scout = (p.choices.tfs as V[])
    .filter((c) => {
      const tf = atKey(c);
      return (
        tf &&
        // a ship TF only while fresh: it flies the GS later; a transport TF flies no GS (above)
        (tf.fatigue === 0 || ((tf.units as V[]).some((u) => u.kind === 'TRANSPORT') && tf.fatigue < 2)) &&
        (plan.get(c.tf) ?? given.get(c.tf)) === 'SUPPLY' &&
        c.missions.includes('RECON')
      );
    })
    .sort((a, b) => strength(own.get(a.tf)) - strength(own.get(b.tf)) || (a.tf < b.tf ? -1 : 1))[0];
  if (scout && sightedSegments(view, key) < SCOUTED) plan.set(scout.tf, 'RECON');
  const missions = (base.missions as V[]).map((m) => (plan.has(m.tf) ? { tf: m.tf, mission: plan.get(m.tf) } : m));
  return { ...base, missions };
}
