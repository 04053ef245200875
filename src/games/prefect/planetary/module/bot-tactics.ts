/**
 * Bot tactics that use the rules' finer options, from public knowledge only (enemy TF counters,
 * their mode and independence, enemy disorganised units on the map) plus the side's own forces:
 * - standing retreat choices (L609-617, D-31; retreat-prefs.ts): away from enemy zones of control,
 *   never into another own counter, toward a base or HQ that can reorganise the units (L796-826);
 * - destroying enemy disorganised units by moving into their hex (L459-475), as attacker and, by
 *   L475, as defender in counter-moves, and by attacking their hex in the Combat Phase (L721-729).
 */
import { cheapestPaths, type MoveRules } from '#engine/hexpaths.js';
import {
  attackerRules,
  defenderRules,
  enemyDisorganisedAt,
  mayEndIn,
  movementAllowance,
  validateAttackerMove,
  validateDefenderMove,
} from '../movement.js';
import { combatUnits, isAllGravitic, unitsIn } from '../rules.js';
import { isFullWater, neighboursOf, rulesData } from '../rules-data.js';
import type { MoveOrder, PrefectState, RetreatPreference, Side, TaskForce } from '../types.js';

type Destroy = NonNullable<MoveOrder['destroy']>;

const enemyCounters = (s: PrefectState, side: Side): TaskForce[] =>
  Object.values(s.tfs).filter((t) => t.side !== side && t.hex);

/**
 * Hexes in the zone of control of enemy counters as the side can see them: every neighbour of an
 * enemy TF counter in Combat mode that is not an independent unit (L373-375, L922, L429-431). Mode
 * and independence are public; whether a TF holds a gravitic unit is not, so every TF counts.
 */
export function publicEnemyZoc(s: PrefectState, side: Side): Set<string> {
  const out = new Set<string>();
  for (const t of enemyCounters(s, side))
    if (!t.independent && t.mode === 'COMBAT') for (const n of neighboursOf(t.hex)) out.add(n);
  return out;
}

/** Breadth-first distance from `hex` to the nearest of `goals` (Infinity when none). */
export function distanceTo(hex: string, goals: Set<string>, blocked: (h: string) => boolean = () => false): number {
  if (goals.has(hex)) return 0;
  const seen = new Set([hex]);
  let frontier = [hex];
  for (let d = 1; frontier.length && d < 60; d++) {
    const next: string[] = [];
    for (const h of frontier)
      for (const n of neighboursOf(h)) {
        if (seen.has(n) || blocked(n)) continue;
        if (goals.has(n)) return d;
        seen.add(n);
        next.push(n);
      }
    frontier = next;
  }
  return Infinity;
}

const terrainDf = (hex: string): number =>
  Math.max(
    0,
    ...rulesData()
      .hex(hex)
      .terrain.map((t) => rulesData().terrain[t]?.defenceFactor ?? 0),
  );

/**
 * The bot's ranked retreat hexes for its TF `tfId` (L609-617, D-31): legal hexes only (no enemy
 * counter or enemy unit, L611, L473; no water for a non-gravitic TF, L934), ranked by the number
 * of enemy zones of control on the hex, then adjacent independents, then an own counter there (a
 * merge adds no defence this turn, L675, and slows gravitic units to 1 hex if one side is
 * non-gravitic, L928), then an own base, then distance to an own base or HQ (reorganisation,
 * L796-826), then defensive terrain.
 */
export function rankRetreat(s: PrefectState, side: Side, tfId: string): string[] {
  const tf = s.tfs[tfId];
  if (!tf?.hex) return [];
  const enemies = enemyCounters(s, side);
  const enemyHex = new Set(enemies.map((t) => t.hex));
  const nonGrav = !isAllGravitic(s, tfId);
  const ownHex = new Set(
    Object.values(s.tfs)
      .filter((t) => t.side === side && t.id !== tfId && t.hex)
      .map((t) => t.hex),
  );
  const ownBases = new Set(
    Object.values(s.bases)
      .filter((b) => b.side === side && b.status === 'ACTIVE')
      .map((b) => b.hex),
  );
  const hqHexes = Object.values(s.tfs)
    .filter(
      (t) =>
        t.side === side && t.id !== tfId && t.hex && unitsIn(s, t.id).some((u) => rulesData().unitTypes[u.type]?.hq),
    )
    .map((t) => t.hex);
  const supply = new Set([...ownBases, ...hqHexes]);
  const zocOn = (h: string) =>
    enemies.filter((t) => !t.independent && t.mode === 'COMBAT' && neighboursOf(t.hex).includes(h)).length;
  const indepOn = (h: string) => enemies.filter((t) => t.independent && neighboursOf(t.hex).includes(h)).length;
  const legal = neighboursOf(tf.hex).filter(
    (h) => !enemyHex.has(h) && enemyDisorganisedAt(s, side, h) === 0 && !(nonGrav && isFullWater(h)),
  );
  const key = (h: string): number[] => [
    zocOn(h),
    indepOn(h),
    ownHex.has(h) ? 1 : 0,
    ownBases.has(h) ? 0 : 1,
    Math.min(99, distanceTo(h, supply)),
    -terrainDf(h),
  ];
  const keys = new Map(legal.map((h) => [h, key(h)]));
  return [...legal].sort((a, b) => {
    const ka = keys.get(a)!;
    const kb = keys.get(b)!;
    for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return ka[i] - kb[i];
    return a.localeCompare(b);
  });
}

/** Standing retreat choices for every own TF on the map (sent with each order that takes them). */
export function retreatChoices(s: PrefectState, side: Side): RetreatPreference[] {
  return Object.values(s.tfs)
    .filter((t) => t.side === side && t.hex)
    .sort((a, b) => a.id.localeCompare(b.id))
    .map((t) => ({ tf: t.id, hexes: rankRetreat(s, side, t.id) }))
    .filter((p) => p.hexes.length > 0);
}

/** Hexes holding enemy disorganised units and no TF counter (L459-475), most units first. */
export function disorganisedTargets(s: PrefectState, side: Side): { hex: string; count: number }[] {
  const tfHex = new Set(Object.values(s.tfs).map((t) => t.hex));
  const hexes = new Set(
    Object.values(s.units)
      .filter((u) => u.status === 'DISORGANISED' && u.side !== side && u.hex && !u.under)
      .map((u) => u.hex!),
  );
  return [...hexes]
    .filter((h) => !tfHex.has(h))
    .map((hex) => ({ hex, count: enemyDisorganisedAt(s, side, hex) }))
    .sort((a, b) => b.count - a.count || a.hex.localeCompare(b.hex));
}

/** May `tf` destroy disorganised units at all (L469: a combat unit; L705: fatigue below 3). */
const mayDestroy = (s: PrefectState, tf: TaskForce): boolean => combatUnits(s, tf.id).length > 0 && tf.fatigue < 3;

function pathInto(s: PrefectState, tf: TaskForce, hex: string, rules: MoveRules): string[] | null {
  const reach = cheapestPaths(rulesData().graph, tf.hex, rules);
  return reach.reached.get(hex)?.mayEnd ? reach.pathTo(hex) : null;
}

/**
 * A defender counter-move of `tfId` that ends in a hex of enemy disorganised units and destroys
 * them all (L475, L459-473: 1 MP each off the counter-move allowance), or null. Checked with the
 * rules' own validation.
 */
export function defenderDestroyMove(
  s: PrefectState,
  side: Side,
  tfId: string,
): { tf: string; path: string[]; destroy: Destroy } | null {
  const tf = s.tfs[tfId];
  if (!tf?.hex || tf.side !== side || tf.defenderAction || !mayDestroy(s, tf)) return null;
  for (const t of disorganisedTargets(s, side)) {
    const destroy = [{ hex: t.hex, count: t.count }];
    const path = pathInto(s, tf, t.hex, defenderRules(s, tf, destroy));
    if (path && path.length > 1 && validateDefenderMove(s, side, tf.id, path, [], destroy).length === 0)
      return { tf: tf.id, path, destroy };
  }
  return null;
}

/** The first own TF (weakest first: the save is its risk, L467) that can destroy enemy disorganised units by a counter-move. */
export function bestDefenderDestroy(
  s: PrefectState,
  side: Side,
  exclude: Set<string> = new Set(),
): { tf: string; path: string[]; destroy: Destroy } | null {
  const tfs = Object.values(s.tfs)
    .filter((t) => t.side === side && t.hex && !exclude.has(t.id))
    .sort((a, b) => combatUnits(s, a.id).length - combatUnits(s, b.id).length || a.id.localeCompare(b.id));
  for (const t of tfs) {
    const m = defenderDestroyMove(s, side, t.id);
    if (m) return m;
  }
  return null;
}

/**
 * An attacker move of `tfId` (Combat mode) into a hex of enemy disorganised units that destroys
 * them all (L459-473: 1 MP each, and it may end there only once all are gone), to a hex `ok`
 * accepts; or null. Checked with the rules' own validation.
 */
export function attackerDestroyMove(
  s: PrefectState,
  side: Side,
  tfId: string,
  ok: (hex: string) => boolean,
): MoveOrder | null {
  const tf = s.tfs[tfId];
  if (!tf?.hex || tf.side !== side || !mayDestroy(s, tf)) return null;
  const allowance = movementAllowance(s, tf.id, 'COMBAT');
  for (const t of disorganisedTargets(s, side)) {
    if (!ok(t.hex) || t.count >= allowance) continue;
    const rules: MoveRules = {
      ...attackerRules(s, tf, allowance - t.count),
      mayEndIn: (h) => mayEndIn(s, tf, h, h === t.hex ? t.count : 0),
    };
    const path = pathInto(s, tf, t.hex, rules);
    const m: MoveOrder = { tf: tf.id, mode: 'COMBAT', path: path ?? [], destroy: [{ hex: t.hex, count: t.count }] };
    if (path && path.length > 1 && validateAttackerMove(s, side, m, []).length === 0) return m;
  }
  return null;
}
