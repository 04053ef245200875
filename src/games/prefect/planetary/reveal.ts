/**
 * Public events about disorganised units on the map (H36, D-19): at the TABLETOP default their ids
 * and types are public, as the counters lie face up; under STRICT only that counters moved, were
 * placed or were removed is public (how many, where), and their owner alone gets ids and types.
 */
import type { GameEvent, Json } from '#engine/contract.js';
import type { PrefectState, Side } from './types.js';

type Listed = { unit: string; type?: string } & Record<string, Json | undefined>;

/**
 * `data[key]` lists units of possibly both sides. TABLETOP: one public event. STRICT: the public
 * event carries `${key}Count` instead of the list; each owner gets `${type}.detail` with his own units.
 */
export function disorganisedEvent(
  state: PrefectState,
  type: string,
  data: Record<string, Json>,
  key: string,
  units: Listed[],
): GameEvent[] {
  if (state.options.revealMode === 'TABLETOP')
    return [{ type, visibleTo: 'all', data: { ...data, [key]: units as Json } }];
  const out: GameEvent[] = [{ type, visibleTo: 'all', data: { ...data, [`${key}Count`]: units.length } }];
  for (const side of ['TOG', 'CW'] as Side[]) {
    const mine = units.filter((u) => state.units[u.unit]?.side === side);
    if (mine.length) out.push({ type: `${type}.detail`, visibleTo: [side], data: { ...data, [key]: mine as Json } });
  }
  return out;
}
