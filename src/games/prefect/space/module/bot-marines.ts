/**
 * The Space bot's Marines (L2033-2083, D-74), from its own view only. The side's off-system cohorts
 * (scenario data) go aboard in the Supply Phase, as SP would (L2049-2057), so a transport TF that
 * could take them stays off-system until it has (the first turn for Hold the Line's TOG transport,
 * which its bot never used for SP). A TF carrying cohorts then flies an Attack on arrival (like the
 * other arrivals, bot-missions.ts) into the segment where an enemy orbital base was last sighted
 * (H25) and names every such base there for the assault: the assault is made only if the Attack
 * leaves the base disrupted and alone in its segment (L2035-2037, checked at resolution), and a
 * capture scores as a destroyed base (D-01) while keeping its SP for the captor (L2079).
 */
import { MARINE_LIMIT, SP_PER_MARINE } from '../supply.js';
import { enemyBase, type V } from './bot-targets.js';

const transports = (tf: V): V[] =>
  ((tf?.units ?? []) as V[]).filter((u) => u.kind === 'TRANSPORT' && u.status === 'ACTIVE');

const code = (u: V): string => String(u.type).split('-').pop()!;

/** L2051, L2053: how many cohorts this transport could still take (10 SP of room each, TRL 1 / TRM 10). */
function room(u: V): number {
  const byLimit = (MARINE_LIMIT[code(u)] ?? 0) - (u.marines ?? 0);
  const bySpace = Math.floor((u.carry - (u.supply ?? 0) - SP_PER_MARINE * (u.marines ?? 0)) / SP_PER_MARINE);
  return Math.max(0, Math.min(byLimit, bySpace));
}

/** Does this TF carry Marine cohorts on an organised transport (L2057, L2065)? */
export const carriesMarines = (tf: V): boolean => transports(tf).some((u) => (u.marines ?? 0) > 0);

/** L2055: an off-system TF that should wait for the Supply Phase to take the side's off-system cohorts aboard. */
export const waitsForMarines = (view: V, tf: V): boolean =>
  (view.own.offSystemMarines ?? 0) > 0 && tf?.place?.kind === 'OFFSYSTEM' && transports(tf).some((u) => room(u) > 0);

/** L2049-2057: the Supply order's `loadMarines`, every off-system cohort onto off-system transports with room. */
export function marineLoads(view: V): { unit: string; cohorts: number }[] {
  let left: number = view.own.offSystemMarines ?? 0;
  const out: { unit: string; cohorts: number }[] = [];
  for (const tf of view.own.tfs as V[]) {
    if (tf.place?.kind !== 'OFFSYSTEM') continue;
    for (const u of transports(tf)) {
      const n = Math.min(left, room(u));
      if (n > 0) out.push({ unit: u.id, cohorts: n });
      left -= n;
    }
  }
  return out;
}

/** L2063: the assaults an Attack TF names for `segment` of `sector`: each transport with cohorts on each sighted enemy orbital base. */
export function marineAssaults(view: V, tf: V, sector: string, segment: number): { transport: string; base: string }[] {
  const seen = (view.map.sightings as V[])
    .filter((g) => g.sector === sector && g.segment === segment)
    .sort((a, b) => b.turn - a.turn)[0];
  const bases: string[] = ((seen?.bases ?? []) as V[])
    .filter((b) => !b.ground && enemyBase(view, b.id))
    .map((b) => b.id);
  return transports(tf)
    .filter((u) => (u.marines ?? 0) > 0)
    .flatMap((u) => bases.map((base) => ({ transport: u.id, base })));
}
