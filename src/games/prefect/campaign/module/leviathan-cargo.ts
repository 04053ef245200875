/**
 * L2598 in the Campaign (D-87, option externalCombat 'LEVIATHAN' | 'BOTH'): "The Cohort or Century
 * is disrupted only if the Transport Squadron is disrupted by the destruction of one or more of its
 * ships." The exception to L2318 / D-85 (a disrupted transport does not disrupt its cargo): when an
 * agreed Leviathan result disorganises a transport squadron with ships lost (the Space module's
 * owner-only `TRANSPORT_LOSSES` event, space/external/transport-losses.ts), the ground units it
 * carries (`cs.cargo`) are disorganised aboard — they stay aboard, and unload or drop disorganised
 * (transport.ts unloadAtBase, drops.ts). Reading: every ground unit aboard, not only cohorts and
 * centuries (L2598 names the units the Leviathan rules let a transport carry); a unit shared by
 * several transports (L2322) is disrupted when any of them lost ships. Internal damage alone
 * (no ship lost) leaves the cargo as L2318 says. Called once the whole space phase is over, after
 * `destroyLostCargo` (L2316: cargo of a squadron destroyed later in the phase is gone).
 */
import type { GameEvent } from '#engine/contract.js';
import { stats } from '../../space/index.js';
import type { CampaignGameState, Side } from './types.js';

export const CARGO_LOSS_RULE = 'L2598, L2318';

interface LossData {
  unit?: unknown;
  shipsLost?: unknown;
}

/** Transports of the phase's `TRANSPORT_LOSSES` events that lost at least one ship and are still disorganised. */
function transportsWithShipsLost(cs: CampaignGameState, events: readonly GameEvent[]): Set<string> {
  const out = new Set<string>();
  for (const e of events) {
    if (e.type !== 'TRANSPORT_LOSSES') continue;
    const d = (e.data ?? {}) as LossData;
    if (typeof d.unit !== 'string' || typeof d.shipsLost !== 'number' || !(d.shipsLost >= 1)) continue;
    const t = cs.space.units[d.unit];
    if (!t || stats(t).kind !== 'TRANSPORT' || t.status !== 'DISORGANISED') continue;
    out.add(d.unit);
  }
  return out;
}

/**
 * L2598: disorganises the ground cargo of the transports that lost ships in the phase's Leviathan
 * results; one owner-only `cargo.disrupted` event per side (the cargo is on his record sheet, H1,
 * H16). Nothing under externalCombat OFF / CENTURION (no Leviathan result), nothing for an event
 * that names no transport of the state or no ship lost.
 */
export function disruptCargoOfLosses(cs: CampaignGameState, phaseEvents: readonly GameEvent[]): GameEvent[] {
  if (cs.space.options.externalCombat !== 'LEVIATHAN') return [];
  const hit = transportsWithShipsLost(cs, phaseEvents);
  if (hit.size === 0) return [];
  const bySide = new Map<Side, { unit: string; transports: string[] }[]>();
  for (const [unit, c] of Object.entries(cs.cargo).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const u = cs.planetary.units[unit];
    const by = c.transports.filter((t) => hit.has(t));
    if (!u || u.status !== 'ACTIVE' || by.length === 0) continue;
    u.status = 'DISORGANISED';
    const list = bySide.get(u.side) ?? [];
    list.push({ unit, transports: by });
    bySide.set(u.side, list);
  }
  return (['TOG', 'CW'] as Side[])
    .filter((s) => bySide.has(s))
    .map((side) => ({
      type: 'cargo.disrupted',
      visibleTo: [side],
      data: { units: bySide.get(side)!.map((x) => x.unit), by: bySide.get(side)!, rule: CARGO_LOSS_RULE },
    }));
}
