/**
 * The invader's (the scenario's first Attacker, TOG in Hold the Line) additions to the Space bot,
 * from its own view only (H11). Against a full sector-defence garrison (bot-missions.ts gives CW's
 * SD to the strongest TF of each base sector) the old plan — every TF attacks, every disorganised
 * group withdraws off-system — lost most of its units to withdrawal interceptions (L1777-1785):
 * disorganised units that fail a save are destroyed (L1657), and the interceptors save at +2 (L1785).
 *  - Quiet segments: Supply and Ground Support missions go to an orbital segment where no enemy
 *    base was ever sighted (L1743: only the segment's own SD units and bases may fire on them),
 *    the one farthest from the sighted enemy bases.
 *  - A transport deployed as a base in the key sector (L2111-2115) lets disorganised units
 *    reorganise there (L1953-1957) instead of withdrawing past the garrison, and fatigued TFs rearm
 *    (L1941).
 *  - At the key sector: the strongest fresh TF attacks (all attackers mass on one segment, the
 *    combat plan), the other fresh TFs fly Ground Support over the planet (D-01 scores it, L1807),
 *    and a TF at fatigue 3 holds on a Supply mission (no fatigue, L1833) where it can rearm.
 */
import { segmentsOf } from '../ofat.js';
import { sectorById } from '../state.js';
import { strength } from './bot-missions.js';
import { enemyBase, targets, type V } from './bot-targets.js';

/** Segments of `sector` where an enemy base was last sighted (public sightings, H25). */
function baseSegments(view: V, sector: string): number[] {
  return (view.map.sightings as V[]).filter((g) => g.sector === sector && g.bases.some((b: V) => enemyBase(view, b.id))).map((g) => g.segment);
}

/**
 * L1743: a protected mission is fired on only by the SD units and bases of its own segment. The
 * quiet segment is one with no sighted enemy base, as far as possible from those that have one
 * (ties: the higher number, away from segment 1 where a search begins).
 */
export function quietSegment(view: V, sector: string): number {
  const n = segmentsOf(sectorById(sector)!);
  const hot = baseSegments(view, sector);
  const gap = (g: number) => (hot.length ? Math.min(...hot.map((h) => Math.abs(h - g))) : 0);
  return Array.from({ length: n }, (_, i) => n - i).filter((g) => !hot.includes(g)).sort((a, b) => gap(b) - gap(a) || b - a)[0] ?? n;
}

/** Our transports deployed as bases (L2115) in `sector`, with their SP (record sheet). */
export function deployedIn(view: V, sector: string): { id: string; supply: number; segment: number }[] {
  const sp = new Map<string, number>((view.own.ledger as V[]).map((l) => [l.id, l.supply]));
  return (view.own.offSystemUnits as V[])
    .filter((u) => u.deployedAsBase?.sector === sector && u.status === 'ACTIVE')
    .map((u) => ({ id: u.id, supply: sp.get(u.id) ?? 0, segment: u.deployedAsBase.segment }));
}

/**
 * The invader's missions at the key sector, on top of the general choice (`base`): the strongest
 * fresh TF attacks, the other fresh TFs fly Ground Support, a TF at fatigue 3 (L1841) holds on
 * Supply where a deployed transport can rearm it.
 */
export function invaderMissions(view: V, p: V, base: V): V {
  if (process.env.H11_NOMIS) return base;
  const key = targets(view.scenario)[0];
  const own = new Map<string, V>(view.own.tfs.map((t: V) => [t.id, t]));
  const at = (c: V) => c.place.kind === 'SECTOR' && c.place.sector === key;
  const fresh = (p.choices.tfs as V[]).filter((c) => at(c) && !own.get(c.tf)?.disorganisedGroup && (own.get(c.tf)?.fatigue ?? 0) < 3 && c.missions.includes('ATTACK'));
  const lead = [...fresh].sort((a, b) => strength(own.get(b.tf)) - strength(own.get(a.tf)))[0]?.tf;
  const rearm = deployedIn(view, key).reduce((n, d) => n + d.supply, 0) > 0;
  const missions = (base.missions as V[]).map((m) => {
    const c = (p.choices.tfs as V[]).find((x) => x.tf === m.tf);
    const tf = own.get(m.tf);
    if (!c || !tf || !at(c) || tf.disorganisedGroup || (tf.units as V[]).some((u) => u.kind === 'TRANSPORT')) return m;
    if (tf.fatigue >= 3) return rearm && c.missions.includes('SUPPLY') ? { tf: m.tf, mission: 'SUPPLY' } : m;
    if (m.tf === lead) return c.missions.includes('ATTACK') ? { tf: m.tf, mission: 'ATTACK' } : m;
    if (c.missions.includes('GROUND_SUPPORT') && (m.mission === 'ATTACK' || m.mission === 'GROUND_SUPPORT' || m.mission === 'SUPPLY')) return { tf: m.tf, mission: 'GROUND_SUPPORT' };
    return m;
  });
  return { ...base, missions };
}

/** L2111-2113: deploy an organised transport of ours in the key sector as a base, in a quiet segment. */
export function invaderDeploy(view: V): V[] {
  if (process.env.H11_NODEP) return [];
  const key = targets(view.scenario)[0];
  if (deployedIn(view, key).length) return [];
  const tf = (view.own.tfs as V[]).find((t) => t.place?.kind === 'SECTOR' && t.place.sector === key && !t.disorganisedGroup
    && (t.units as V[]).some((u) => u.kind === 'TRANSPORT' && u.status === 'ACTIVE' && (u.supply ?? 0) > 0));
  if (!tf) return [];
  const trm = (tf.units as V[]).find((u) => u.kind === 'TRANSPORT' && u.status === 'ACTIVE' && (u.supply ?? 0) > 0);
  return [{ deploy: [{ unit: trm.id, segment: quietSegment(view, key) }] }];
}
