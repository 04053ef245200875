/**
 * What the bot knows and how it values a hex, shared by its phase plans (bot-plan.ts) and its
 * landings (bot-landing.ts). Only what its side may see is used: a face-down enemy unit is a
 * position with an assumed defense, never its real factors (14.12).
 */
import { defenseFactor } from './losses.js';
import { continentOf, isPolarSupplyHex, isResourceHex, mapFor } from './map.js';
import { SPACE_DATA } from './space-data.js';
import { enemyOf, type CerberusState, type HexId, type Side, type Unit } from './state.js';

/** What a face-down enemy unit is assumed to defend with (the commonest Cetian battalions, 3-4-2). */
export const ASSUMED_DEFENSE = 4;
/** CRT column indexes (1-4 … 4-1): 3-2 is 5, 2-1 is 6, 3-1 is 7. */
export const COL_3_2 = 5;
export const COL_2_1 = 6;
export const COL_3_1 = 7;

export const CONTINENT_VP: Record<string, number> = SPACE_DATA.victoryPoints.continents;

export interface EnemyStack {
  hex: HexId;
  count: number;
  /** Defense as the bot's side can tell (face-down units assumed). */
  defense: number;
  /** Known installations (face up). */
  installations: number;
  known: boolean;
}

export const onMap = (u: Unit) => u.box === 'MAP' && u.hex !== null;
export const isInst = (u: Unit) => u.cls === 'BASE' || u.cls === 'SPACEPORT';
export const isBattalion = (u: Unit) => u.cls === 'INFANTRY' || u.cls === 'MOBILE';

export function enemyStacks(state: CerberusState, side: Side): Map<HexId, EnemyStack> {
  const out = new Map<HexId, EnemyStack>();
  for (const u of state.units) {
    if (u.side !== enemyOf(side) || !onMap(u)) continue;
    const s = out.get(u.hex!) ?? { hex: u.hex!, count: 0, defense: 0, installations: 0, known: true };
    s.count++;
    if (u.faceDown) {
      s.known = false;
      s.defense += ASSUMED_DEFENSE;
    } else {
      s.defense += defenseFactor(u);
      if (isInst(u)) s.installations++;
    }
    out.set(u.hex!, s);
  }
  return out;
}

/** Own supply sources on the map (12.4): Bases and Spaceports. */
export function anchors(state: CerberusState, side: Side): HexId[] {
  return state.units.filter((u) => u.side === side && onMap(u) && isInst(u)).map((u) => u.hex!);
}

export function nearest(state: CerberusState, from: HexId, to: HexId[]): number {
  const map = mapFor(state.options);
  let best = Infinity;
  for (const h of to) best = Math.min(best, map.distance(from, h));
  return best;
}

/** How good it is for `u` to end its move in `hex` (higher is better). */
export function hexScore(
  state: CerberusState,
  side: Side,
  u: Unit,
  hex: HexId,
  enemies: Map<HexId, EnemyStack>,
  sources: HexId[],
): number {
  const map = mapFor(state.options);
  let score = 0;
  // 12.4 stay within reach of a supply source; 12.13 never risk the polar rows unsupplied.
  const d = nearest(state, hex, sources);
  const supplied = d <= Math.max(1, u.movement - (u.movement > 2 ? 1 : 0));
  if (supplied) score += 10;
  else if (isResourceHex(hex)) score += 3;
  else score -= 20;
  if (!supplied && isPolarSupplyHex(hex)) score -= 100;
  // 14.5 Resource hexes and continents are points.
  const here = enemies.get(hex);
  if (isResourceHex(hex) && !here) score += 3;
  const cont = continentOf(hex);
  if (cont && cont !== 'ISLAND') score += (CONTINENT_VP[cont] ?? 0) / 10;
  // 7.2 Mobiles and Heavy Weapons attack from next door; Infantry only in their own hex.
  if (u.attack > 0) {
    const targets =
      u.cls === 'INFANTRY'
        ? here
          ? [here]
          : []
        : map
            .neighbors(hex)
            .map((n) => enemies.get(n))
            .filter((e): e is EnemyStack => !!e);
    for (const e of targets) {
      const worth = 1 + 2 * e.installations + (isResourceHex(e.hex) ? 1 : 0);
      score += (6 * worth * u.attack) / Math.max(1, e.defense);
    }
    if (u.cls !== 'INFANTRY' && here) score -= 5; // engaged units may attack only their own hex
    // Close in on the enemy while supplied, so next turn brings attacks.
    if (supplied && u.cls !== 'INFANTRY' && enemies.size) {
      const d = [...enemies.keys()].reduce((m, h) => Math.min(m, map.distance(hex, h)), Infinity);
      score += 4 / (1 + d);
    }
  }
  return score;
}
