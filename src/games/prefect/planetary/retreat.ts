/**
 * Retreats (L609-617, L671-685, D-31): one hex, to an adjacent hex with no enemy TF (friendly
 * TFs allowed, D-25); none → destroyed (L613). Disorganised units in the hex go along (L611,
 * L681, L735). Into a friendly TF: the units join it with the higher fatigue (L673, L719) and
 * add no defence to it this turn (L675). Combined attackers may not retreat into another
 * attacking TF's former hex (L633, L621). Non-gravitic units forced into water are destroyed (L934).
 */
import type { GameEvent } from '#engine/contract.js';
import type { GroundUnit, PrefectState, Side } from './types.js';
import { otherSide } from './types.js';
import {
  destroy,
  disorganisedAt,
  isAllGravitic,
  joinTf,
  removeTfIfEmpty,
  tfsAt,
  unitType,
  unitsIn,
} from './composition.js';
import { enterHex } from './capture.js';
import { preferredRetreat } from './retreat-prefs.js';
import { isFullWater, neighboursOf } from './rules-data.js';

/** Legal retreat hexes for `side` from `from`, best first under the D-31 default ranking. */
export function retreatCandidates(
  state: PrefectState,
  side: Side,
  from: string,
  forbidden: Set<string>,
  nonGravitic: boolean,
): string[] {
  const enemy = otherSide(side);
  const enemyTfHexes = new Set(
    Object.values(state.tfs)
      .filter((t) => t.side === enemy)
      .map((t) => t.hex),
  );
  const ok = neighboursOf(from).filter(
    (h) =>
      !forbidden.has(h) &&
      !enemyTfHexes.has(h) &&
      !(nonGravitic && isFullWater(h)) &&
      disorganisedAt(state, h, enemy).length === 0, // L473: no ending in a hex with an enemy unit
  );
  const threat = (h: string) => neighboursOf(h).filter((n) => enemyTfHexes.has(n)).length;
  const base = (h: string) => (Object.values(state.bases).some((b) => b.hex === h && b.side === side) ? 0 : 1);
  const occupied = (h: string) => (tfsAt(state, h).length > 0 ? 1 : 0);
  return [...ok].sort(
    (a, b) => threat(a) - threat(b) || base(a) - base(b) || occupied(a) - occupied(b) || a.localeCompare(b),
  );
}

/**
 * L928, L934: a TF with a non-gravitic unit keeps off water while it has a dry hex; with none, a
 * mixed TF is forced into water (its non-gravitic units are destroyed there, L934) and an
 * all-non-gravitic one has no retreat (destroyed either way, L613).
 */
function tfRetreatCandidates(
  state: PrefectState,
  side: Side,
  tfId: string,
  from: string,
  forbidden: Set<string>,
): string[] {
  const all = retreatCandidates(state, side, from, forbidden, false);
  if (isAllGravitic(state, tfId)) return all;
  const dry = all.filter((h) => !isFullWater(h));
  if (dry.length || unitsIn(state, tfId).every((u) => !unitType(u).gravitic)) return dry;
  return all;
}

export interface RetreatResult {
  to: string | null;
  mergedInto?: string;
  destroyed: string[];
  events: GameEvent[];
}

/**
 * Retreats a TF (if `tfId` still exists) and the `side`'s disorganised units of `from`.
 * `choice` is the owner's hex if legal, else his standing choice (retreat-prefs.ts), else the D-31 default.
 */
export function retreatGroup(
  state: PrefectState,
  side: Side,
  tfId: string | null,
  from: string,
  forbidden: Set<string>,
  choice?: string,
): RetreatResult {
  const tf = tfId ? state.tfs[tfId] : undefined;
  const loose = disorganisedAt(state, from, side);
  const members: GroundUnit[] = [...(tf ? unitsIn(state, tf.id) : []), ...loose];
  if (members.length === 0) return { to: null, destroyed: [], events: [] };
  const candidates = tf
    ? tfRetreatCandidates(state, side, tf.id, from, forbidden)
    : retreatCandidates(state, side, from, forbidden, false);
  // D-31: the owner's choice (given, else his standing retreat choice for this TF), else the default.
  const to =
    choice && candidates.includes(choice)
      ? choice
      : (preferredRetreat(state, side, tfId, candidates) ?? candidates[0] ?? null);
  const destroyed: string[] = [];
  const events: GameEvent[] = [];
  if (to === null) {
    for (const u of members) {
      destroy(state, u);
      destroyed.push(u.id);
    }
    if (tf) removeTfIfEmpty(state, tf.id);
    events.push({
      type: 'retreat',
      visibleTo: 'all',
      data: { tf: tfId, from, to: null, destroyed: true, rule: 'L613' },
    });
    return { to, destroyed, events };
  }
  for (const u of loose) {
    if (!unitType(u).gravitic && isFullWater(to)) {
      destroy(state, u); // L934
      destroyed.push(u.id);
      continue;
    }
    u.hex = to;
    delete u.under;
  }
  let mergedInto: string | undefined;
  if (tf && isFullWater(to)) {
    // L934: forced into water, a mixed TF loses its non-gravitic units; the gravitic ones go on.
    const lost = unitsIn(state, tf.id).filter((x) => !unitType(x).gravitic);
    for (const u of lost) {
      destroy(state, u);
      destroyed.push(u.id);
    }
    // TF contents are the owner's (H1), as combat losses are.
    events.push({
      type: 'retreat.water-losses',
      visibleTo: [side],
      data: { tf: tf.id, hex: to, destroyed: lost.map((u) => u.id), rule: 'L934' },
    });
  }
  if (tf) {
    const host = tfsAt(state, to).find((t) => t.side === side && t.id !== tf.id);
    if (host) {
      joinTf(state, unitsIn(state, tf.id), host.id, { from: tf, retreated: true });
      mergedInto = host.id;
    } else {
      tf.hex = to;
      events.push(...enterHex(state, tf.id, to, 'MOVE'));
    }
  }
  const movedIds = loose.filter((u) => u.status === 'DISORGANISED').map((u) => u.id);
  events.unshift({
    type: 'retreat',
    visibleTo: 'all',
    // H36, D-19: the ids of the disorganised units that went along are public at TABLETOP only (their owner sees them in his view).
    data: {
      tf: tfId,
      from,
      to,
      mergedInto: mergedInto ?? null,
      ...(state.options.revealMode === 'TABLETOP'
        ? { disorganised: movedIds }
        : { disorganisedCount: movedIds.length }),
    },
  });
  return { to, mergedInto, destroyed, events };
}
