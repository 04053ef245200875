/**
 * Where the Space bot's Attack missions may go, from what its side may see (its view: own
 * record sheets, public TF counters, public/announced bases, sightings of placed segments).
 *
 * An Attack fights only what the opponent places in the chosen orbital segment: his orbital
 * bases and his sector-defence units (L1701, L1705; ground bases are no target, L1771). Against
 * a segment with nothing placed there is no combat, yet the TF still tires (L1713, L1833). So an
 * Attack is worth giving only where the enemy holds an orbital base or is likely to defend.
 */
import { spaceData, spaceScenario } from '../data/index.js';
import { segmentsOf } from '../ofat.js';
import { sectorById } from '../state.js';

/** The bot reads the JSON view and prompt a client would get: loosely typed on purpose. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the view's JSON, as a client reads it
export type V = any;

/** The side that comes to take the system (the scenario's first Attacker); the other holds the line. */
export const invader = (view: V, side: string): boolean => spaceScenario(view.scenario).firstAttacker === side;

/** Sectors the bot may attack: the scenario's key sector first, then the other named bodies (public map). */
export function targets(scenario: string): string[] {
  const key = spaceScenario(scenario).victory.perMissionCompleted.sector;
  const named = spaceData.map.sectors.filter((x) => x.name && x.body && x.id !== key).map((x) => x.id);
  return [key, ...named];
}

/**
 * Is this sighted (or public) base the enemy's now? Our record sheet lists every base of ours,
 * destroyed ones too, so a base it lacks is the enemy's, including one he captured from us (L2079)
 * that was sighted as ours before.
 */
export const enemyBase = (view: V, id: string): boolean => !view.own.bases.some((b: V) => b.id === id);

/**
 * Where attacking TFs of the invader go (all to one place): where an enemy base was last seen,
 * else the named place with the fewest enemy TFs on the map whose segments are not all searched.
 */
export function attackSector(view: V, side: string): string {
  const tgt = targets(view.scenario);
  const enemy: string[] = view.map.tfs.filter((t: V) => t.side !== side).map((t: V) => t.sector);
  const seen: V[] = view.map.sightings;
  const count = (x: string) => enemy.filter((e) => e === x).length;
  const known = tgt.filter((x) => seen.some((g) => g.sector === x && g.bases.some((b: V) => enemyBase(view, b.id))));
  const open = tgt.filter(
    (x) =>
      seen.filter((g) => g.sector === x && !g.bases.some((b: V) => enemyBase(view, b.id))).length <
      segmentsOf(sectorById(x)!),
  );
  const pool = known.length ? known : open.length ? open : tgt;
  return [...pool].sort((a, b) => count(a) - count(b) || tgt.indexOf(a) - tgt.indexOf(b))[0];
}

/**
 * Sectors where the enemy is known to hold an orbital base (L1701, L1771): public enemy bases
 * (bodiless sectors H38, announced bases H33), the latest sighting of a segment showing an
 * enemy orbital base (H25), and own bases sighted before that are no longer on our sheet
 * (captured, L2079). Sorted by the scenario's named places first, then by id (deterministic).
 */
export function enemyHeldSectors(view: V, side: string): string[] {
  const held = new Set<string>();
  for (const b of view.map.bases as V[])
    if (b.side !== side && enemyBase(view, b.id) && b.status !== 'DESTROYED') held.add(b.sector);
  for (const a of view.map.announced as V[]) if (a.side !== side && enemyBase(view, a.id)) held.add(a.sector);
  for (const g of view.map.sightings as V[])
    if (g.bases.some((b: V) => !b.ground && enemyBase(view, b.id))) held.add(g.sector);
  const tgt = targets(view.scenario);
  const rank = (x: string) => (tgt.includes(x) ? tgt.indexOf(x) : tgt.length);
  return [...held].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/**
 * Where an Attack of `side` would go: the invader's chosen place (attackSector), or for the
 * holder of the line a sector the enemy holds (null when there is none: no Attack then).
 */
export function attackTarget(view: V, side: string): string | null {
  if (invader(view, side)) return attackSector(view, side);
  return enemyHeldSectors(view, side)[0] ?? null;
}
