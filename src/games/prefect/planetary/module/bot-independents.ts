/**
 * The bot's independent non-gravitic units (L914-934): militia, garrison legions and Marines move
 * one hex a turn (L924), never into water (L926), and have no zone of control (L922), so they are
 * no use chasing gravitic TFs. They work the victory objectives instead: one on an own base stays
 * (an enemy must attack it to take the base, L359), the others walk to retake cities and bases
 * the enemy left empty (D-49, D-50; measured in ../data/README.md "Balance"). In the TF Adjustment Phase the
 * bot puts non-gravitic units that ended up in a gravitic TF (by a retreat merge, L673) back on
 * their own counter (L918-920, D-52), since one of them slows the whole TF to 1 hex (L928).
 */
import { validateAdjustment } from '../adjustment.js';
import { assignBases } from './bot-bases.js';
import { attackerReach } from '../movement.js';
import { distanceTo, retreatChoices } from './bot-tactics.js';
import { unitsIn, unitType } from '../rules.js';
import { isFullWater, neighboursOf, rulesData } from '../rules-data.js';
import type { AdjustmentOrder, MoveOrder, PrefectState, Side } from '../types.js';

/** Hexes an independent of `side` should hold: own active bases first, then own urban hexes. */
function holdHexes(s: PrefectState, side: Side): { bases: Set<string>; urban: Set<string> } {
  const bases = new Set(
    Object.values(s.bases)
      .filter((b) => b.side === side)
      .map((b) => b.hex),
  );
  const urban = new Set(
    rulesData()
      .map.urbanAreas.filter((a) => s.urban[a.id] === side)
      .flatMap((a) => a.hexes),
  );
  return { bases, urban };
}

/** Distance over land (no full water, L926) from `hex` to the nearest of `goals`. */
const landDistance = (hex: string, goals: Set<string>): number => distanceTo(hex, goals, isFullWater);

/**
 * Moves of the side's independent units as attacker (Combat mode, 1 hex, L924), each legal by
 * attackerReach: capture an adjacent enemy-held base or urban hex with no counter (D-49, D-50),
 * else stay on an own base, else step toward the nearest enemy-held city or base with no enemy
 * counter, else toward an own one no own counter holds. `claimed`: end hexes already used by the plan.
 */
export function independentMoves(s: PrefectState, side: Side, claimed: Set<string>): MoveOrder[] {
  const moves: MoveOrder[] = [];
  const { bases, urban } = holdHexes(s, side);
  const enemyBase = new Set(
    Object.values(s.bases)
      .filter((b) => b.side !== side)
      .map((b) => b.hex),
  );
  const enemyUrban = new Set(
    rulesData()
      .map.urbanAreas.filter((a) => s.urban[a.id] !== side)
      .flatMap((a) => a.hexes),
  );
  const inds = Object.values(s.tfs)
    .filter((t) => t.side === side && t.independent && t.hex && !t.movedThisTurn && t.fatigue < 3)
    .sort((a, b) => a.id.localeCompare(b.id));
  const enemyTfHex = new Set(
    Object.values(s.tfs)
      .filter((t) => t.side !== side && t.hex)
      .map((t) => t.hex),
  );
  const held = new Set(
    Object.values(s.tfs)
      .filter((t) => t.side === side && t.hex)
      .map((t) => t.hex),
  );
  for (const tf of inds) {
    const reach = attackerReach(s, tf.id, 'COMBAT');
    const open = [...reach.keys()].filter((h) => !claimed.has(h)).sort();
    const take = open.find((h) => enemyBase.has(h)) ?? open.find((h) => enemyUrban.has(h));
    let to: string | undefined = take;
    // On an own base it stays (the enemy must attack it to take the base); otherwise it walks to
    // retake the nearest enemy-held city or base no enemy counter stands on, else to an own one.
    const retake = new Set([...enemyBase, ...enemyUrban].filter((h) => !enemyTfHex.has(h) && !claimed.has(h)));
    if (!to && !bases.has(tf.hex)) {
      const goals = retake.size ? retake : new Set([...bases, ...urban].filter((h) => !held.has(h) && !claimed.has(h)));
      const here = landDistance(tf.hex, goals);
      const best = open
        .map((h) => ({ h, d: landDistance(h, goals) }))
        .sort((a, b) => a.d - b.d || a.h.localeCompare(b.h))[0];
      if (best && best.d < here) to = best.h;
    }
    if (!to) continue;
    claimed.add(to);
    held.add(to);
    moves.push({ tf: tf.id, mode: 'COMBAT', path: reach.get(to)! });
  }
  return moves;
}

/**
 * The bot's TF Adjustment (L866-878): non-gravitic units inside a TF that also holds gravitic
 * units go on their own counter in an empty adjacent land hex (L918-920, D-52), an own base or
 * city first; available bases are assigned to TFs with engineers (bot-bases.ts); every item is
 * kept only if the whole order still validates. Also carries the standing retreat choices (D-31).
 */
export function botAdjustment(s: PrefectState, side: Side): AdjustmentOrder {
  const o: AdjustmentOrder = {
    kind: 'adjustment',
    transfers: [],
    create: [],
    reinforcements: [],
    assignBases: [],
    independent: [],
  };
  const { bases, urban } = holdHexes(s, side);
  const taken = new Set(
    Object.values(s.tfs)
      .filter((t) => t.hex)
      .map((t) => t.hex),
  );
  const enemyUnit = new Set(
    Object.values(s.units)
      .filter((u) => u.side !== side && u.status === 'DISORGANISED' && u.hex)
      .map((u) => u.hex!),
  );
  const mixed = Object.values(s.tfs)
    .filter((t) => t.side === side && t.hex && !t.independent)
    .filter(
      (t) => unitsIn(s, t.id).some((u) => unitType(u).gravitic) && unitsIn(s, t.id).some((u) => !unitType(u).gravitic),
    )
    .sort((a, b) => a.id.localeCompare(b.id));
  for (const tf of mixed) {
    for (const u of unitsIn(s, tf.id)
      .filter((x) => !unitType(x).gravitic)
      .sort((a, b) => a.id.localeCompare(b.id))) {
      const spots = neighboursOf(tf.hex)
        .filter((h) => !taken.has(h) && !enemyUnit.has(h) && !isFullWater(h))
        .sort(
          (a, b) =>
            Number(!bases.has(a)) - Number(!bases.has(b)) ||
            Number(!urban.has(a)) - Number(!urban.has(b)) ||
            a.localeCompare(b),
        );
      for (const hex of spots) {
        o.independent!.push({ unit: u.id, hex });
        if (validateAdjustment(s, side, o).length === 0) {
          taken.add(hex);
          break;
        }
        o.independent!.pop();
      }
    }
  }
  assignBases(s, side, o); // L952-954, D-51 (bot-bases.ts)
  const retreat = retreatChoices(s, side);
  if (retreat.length) {
    o.retreat = retreat;
    if (validateAdjustment(s, side, o).length) delete o.retreat;
  }
  return o;
}
