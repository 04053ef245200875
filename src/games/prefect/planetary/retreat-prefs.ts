/**
 * The retreating player's choice of retreat hex (L609-617: "must move to an adjacent hex that does
 * not contain an enemy Task Force"; D-31: "one adjacent hex chosen by their owner"). Orders that
 * carry a `retreat` list (movement plan, counter-orders, combat declaration and detection,
 * adjustment) store it on each own TF as a standing choice, kept until changed; retreatGroup then
 * takes the first legal hex of the ranked list, else orders the legal hexes by the policy, else
 * keeps the D-31 default ranking (fewest adjacent enemy TFs, then a friendly base, then empty).
 */
import type { OrderError } from '#engine/contract.js';
import { rulesData } from './rules-data.js';
import type { PrefectState, RetreatPreference, Side } from './types.js';

export function validateRetreatPrefs(
  s: PrefectState,
  side: Side,
  prefs: RetreatPreference[] | undefined,
): OrderError[] {
  const errors: OrderError[] = [];
  (prefs ?? []).forEach((p, i) => {
    if (s.tfs[p.tf]?.side !== side)
      errors.push({
        code: 'tf.unknown',
        path: ['retreat', i, 'tf'],
        message: 'No Task Force of yours by that id.',
        rule: 'L609, D-31',
      });
    (p.hexes ?? []).forEach((h, k) => {
      if (!rulesData().graph.has(h))
        errors.push({
          code: 'retreat.hex',
          path: ['retreat', i, 'hexes', k],
          message: 'That hex is not on the map.',
          rule: 'D-05',
        });
    });
  });
  return errors;
}

/** Stores the standing choices on the side's own TFs (validated before). */
export function storeRetreatPrefs(s: PrefectState, side: Side, prefs: RetreatPreference[] | undefined): void {
  for (const p of prefs ?? []) {
    const tf = s.tfs[p.tf];
    if (!tf || tf.side !== side) continue;
    if (!p.hexes?.length && !p.policy) delete tf.retreatPref;
    else
      tf.retreatPref = {
        ...(p.hexes?.length ? { hexes: [...p.hexes] } : {}),
        ...(p.policy ? { policy: p.policy } : {}),
      };
  }
}

/** Distance (hexes) from `hex` to the nearest of `targets` (breadth-first over the map graph). */
function distanceTo(hex: string, targets: Set<string>): number {
  if (targets.has(hex)) return 0;
  const g = rulesData().graph;
  const seen = new Set([hex]);
  let frontier = [hex];
  for (let d = 1; frontier.length && d < 200; d++) {
    const next: string[] = [];
    for (const h of frontier)
      for (const n of g.neighbors(h)) {
        if (seen.has(n)) continue;
        if (targets.has(n)) return d;
        seen.add(n);
        next.push(n);
      }
    frontier = next;
  }
  return Infinity;
}

/**
 * The owner's hex among the legal `candidates` (already in D-31 default order) for TF `tfId`, or
 * undefined to keep the default. 'away-from-enemy' is the D-31 ranking itself; 'toward-base'
 * puts the hexes nearest a friendly active base first (ties keep the D-31 order).
 */
export function preferredRetreat(
  s: PrefectState,
  side: Side,
  tfId: string | null,
  candidates: string[],
): string | undefined {
  const pref = tfId ? s.tfs[tfId]?.retreatPref : undefined;
  if (!pref) return undefined;
  const ranked = pref.hexes?.find((h) => candidates.includes(h));
  if (ranked) return ranked;
  if (pref.policy === 'toward-base') {
    const bases = new Set(
      Object.values(s.bases)
        .filter((b) => b.side === side)
        .map((b) => b.hex),
    );
    if (!bases.size) return undefined;
    return [...candidates].map((h, i) => ({ h, i, d: distanceTo(h, bases) })).sort((a, b) => a.d - b.d || a.i - b.i)[0]
      ?.h;
  }
  return undefined;
}
