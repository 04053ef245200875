/**
 * Lines of communication (L762-764, L930, D-42): a continuous line of hexes from sender to
 * receiver, not crossing a hex with an enemy TF, enemy disorganised unit, enemy base or enemy
 * active ZOC (D-16 blocking sense); unlimited in range and terrain. The two endpoints are exempt
 * (D-42). To or from a non-gravitic unit the line may not cross water (L930).
 */
import type { PrefectState, Side } from './types.js';
import { otherSide } from './types.js';
import { enemyActiveZocHexes } from './zoc.js';
import { isFullWater, neighboursOf, rulesData } from './rules-data.js';

/** Hexes a LOC of `side` may not cross (L762): enemy TFs, disorganised units, bases, active ZOC. */
export function locBlockedHexes(state: PrefectState, side: Side): Set<string> {
  const enemy = otherSide(side);
  const blocked = enemyActiveZocHexes(state, side);
  for (const tf of Object.values(state.tfs)) if (tf.side === enemy) blocked.add(tf.hex);
  for (const u of Object.values(state.units))
    if (u.side === enemy && u.status === 'DISORGANISED' && u.hex) blocked.add(u.hex);
  for (const b of Object.values(state.bases)) if (b.side === enemy) blocked.add(b.hex);
  return blocked;
}

export function hasLoc(
  state: PrefectState,
  side: Side,
  fromHex: string,
  toHex: string,
  opts: { nonGravitic?: boolean } = {},
): boolean {
  return hasLocToAny(state, side, fromHex, [toHex], opts);
}

/** Is any of `targets` reachable by a LOC from `fromHex`? One search; the endpoints are exempt (D-42). */
export function hasLocToAny(
  state: PrefectState,
  side: Side,
  fromHex: string,
  targets: string[],
  opts: { nonGravitic?: boolean } = {},
): boolean {
  const graph = rulesData().graph;
  if (!graph.has(fromHex)) return false;
  const wanted = new Set(targets.filter((t) => graph.has(t) && !(opts.nonGravitic && isFullWater(t)))); // L930
  if (wanted.size === 0 || (opts.nonGravitic && isFullWater(fromHex))) return false;
  if (wanted.has(fromHex)) return true;
  const blocked = locBlockedHexes(state, side);
  const seen = new Set([fromHex]);
  const queue = [fromHex];
  for (let k = 0; k < queue.length; k++) {
    for (const n of neighboursOf(queue[k])) {
      if (wanted.has(n)) return true; // D-42: the receiving endpoint is exempt
      if (seen.has(n) || blocked.has(n)) continue;
      if (opts.nonGravitic && isFullWater(n)) continue;
      seen.add(n);
      queue.push(n);
    }
  }
  return false;
}
