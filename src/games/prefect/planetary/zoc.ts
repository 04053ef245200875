/**
 * Zones of control (L371-391, D-16). "The six hexes immediately surrounding" a TF (L373);
 * attacking or disorganised units and independent non-gravitic units have none (L375, L922);
 * a LAF TF has no active ZOC until it is back in Combat mode (L429-431). ZOC does not extend
 * into rough, craters, mountains, forests, urban areas or bases against a Combat-mode mover
 * (L377); in the blocking sense (defender moves L431, LOC L762, withdrawal L856) it covers all
 * six neighbours (D-16).
 */
import type { PrefectState, Side, TaskForce } from './types.js';
import { otherSide } from './types.js';
import { unitsIn, unitType } from './composition.js';
import { isAdjacent, neighboursOf, rulesData } from './rules-data.js';

/** D-16: activeZOC(tf) = Combat mode, not independent, at least one gravitic unit. */
export function hasActiveZoc(state: PrefectState, tf: TaskForce): boolean {
  if (tf.independent || tf.mode !== 'COMBAT') return false;
  return unitsIn(state, tf.id).some((u) => unitType(u).gravitic);
}

/** L377: a hex ZOC does not reach against a Combat-mode mover (blocking terrain or any base). */
export function zocBlockedTerrain(state: PrefectState, hex: string): boolean {
  const d = rulesData();
  if (d.hex(hex).terrain.some((t) => d.terrain[t]?.blocksZocVsCombatMode)) return true;
  return Object.values(state.bases).some((b) => b.hex === hex);
}

/**
 * L381-385: may the defending TF `defTfId` interrupt a mover entering `hex`? It must be
 * adjacent to `hex` with an active ZOC (D-16); against a Combat-mode mover the ZOC does not
 * extend into the L377 terrain or a base hex; against LAF it covers all six hexes (L379).
 */
export function zocAppliesAgainstMover(
  state: PrefectState,
  defTfId: string,
  hex: string,
  moverMode: 'COMBAT' | 'LAF',
): boolean {
  const def = state.tfs[defTfId];
  if (!def || !hasActiveZoc(state, def)) return false;
  if (!isAdjacent(def.hex, hex)) return false;
  if (moverMode === 'LAF') return true;
  return !zocBlockedTerrain(state, hex);
}

/** D-16 blocking sense: every neighbour of an enemy (of `side`) TF with an active ZOC. */
export function enemyActiveZocHexes(state: PrefectState, side: Side): Set<string> {
  const out = new Set<string>();
  const enemy = otherSide(side);
  for (const tf of Object.values(state.tfs)) {
    if (tf.side !== enemy || !hasActiveZoc(state, tf)) continue;
    for (const n of neighboursOf(tf.hex)) out.add(n);
  }
  return out;
}
