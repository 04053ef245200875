/**
 * Capture of bases and urban areas (L898-912, D-49, D-50). Entering a hex with an enemy base
 * or an urban area (by either side, in any movement, advance or retreat of a TF or an
 * independent unit) changes its marker at once (D-49/D-50). The base's SP are captured when the
 * TF entered without attacking or after a BT, or the base held only disorganised units or a
 * support-only TF (L906-908); they are destroyed after a DR (L910).
 */
import type { GameEvent } from '#engine/contract.js';
import type { PrefectState } from './types.js';
import { otherSide } from './types.js';
import { urbanAreaAt } from './rules-data.js';

export function enterHex(
  state: PrefectState,
  tfId: string,
  hex: string,
  how: 'MOVE' | 'ADVANCE_DR' | 'ADVANCE_BT',
): GameEvent[] {
  const tf = state.tfs[tfId];
  if (!tf) return [];
  const side = tf.side;
  const events: GameEvent[] = [];
  const area = urbanAreaAt(hex);
  if (area && state.urban[area] !== side) {
    const from = state.urban[area] ?? null;
    state.urban[area] = side; // D-50
    events.push({ type: 'urban.captured', visibleTo: 'all', data: { area, hex, side, from, tf: tfId } });
  }
  for (const b of Object.values(state.bases)) {
    if (b.hex !== hex || b.side === side) continue;
    const lost = b.side;
    const supply = b.supply;
    const destroyed = how === 'ADVANCE_DR'; // L910
    b.side = side;
    if (destroyed) b.supply = 0;
    b.deliveredThisTurn = 0;
    events.push({ type: 'base.captured', visibleTo: 'all', data: { base: b.id, hex, side, from: lost, tf: tfId } });
    // H1: base SP are hidden; both owners (old and new) learn the amount, spectators do not.
    events.push({
      type: 'base.captured.supply',
      visibleTo: [side, otherSide(side)],
      data: {
        base: b.id,
        supply,
        captured: destroyed ? 0 : supply,
        destroyed: destroyed ? supply : 0,
        rule: destroyed ? 'L910' : 'L906-908',
      },
    });
  }
  return events;
}
