/**
 * D-19 for the campaign's own events: 'TABLETOP' (the planetary option's default) shows totals,
 * rolls and saves to everyone, as at the table; 'STRICT' shows everyone the outcome and gives
 * each side the details of its own part. One helper so every campaign combat event splits alike.
 */
import type { GameEvent, Json } from '#engine/contract.js';
import type { RollRecord } from '#engine/dice.js';
import type { Side } from '../common/types.js';
import type { CampaignState } from './types.js';

export function revealed(
  cs: CampaignState,
  type: string,
  full: Record<string, Json>,
  rolls: RollRecord[],
  strict: { public: Record<string, Json>; details: { side: Side; data: Record<string, Json>; rolls?: boolean }[] },
): GameEvent[] {
  if (cs.planetary.options.revealMode === 'TABLETOP') return [{ type, visibleTo: 'all', data: full, rolls }];
  return [
    { type, visibleTo: 'all', data: strict.public },
    ...strict.details.map((d) => ({
      type: `${type}.detail`,
      visibleTo: [d.side],
      data: d.data,
      ...(d.rolls ? { rolls } : {}),
    })),
  ];
}
