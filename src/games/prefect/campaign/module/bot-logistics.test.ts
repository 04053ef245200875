/** The Campaign bot's cut of the Planetary bot's rebuilds to the 5.C.8 base limits (bot-logistics.ts). */
import { describe, expect, it } from 'vitest';
import type { Json } from '#engine/contract.js';
import { baseLimitErrors } from './supply-limits.js';
import { rebuildsWithinLimits } from './bot-logistics.js';
import { newGame } from './testing.js';

describe('rebuildsWithinLimits (L2295-2297)', () => {
  it('drops a rebuild at a disorganised Legion base and keeps the one at an active base', () => {
    const cs = newGame('bl-1');
    const bases = Object.values(cs.planetary.bases).filter((b) => b.side === 'CW');
    expect(bases.length).toBeGreaterThanOrEqual(2);
    const [hit, ok] = bases;
    hit.status = 'DISRUPTED';
    ok.status = 'ACTIVE';
    const unit = Object.values(cs.planetary.units).find((u) => u.side === 'CW')!.id;
    const ground = {
      kind: 'supply',
      transfers: [],
      fatigue: [],
      reorganise: [],
      rebuild: [
        { unit, base: hit.id },
        { unit, base: ok.id },
      ],
      build: [],
    } as unknown as Json;
    expect(baseLimitErrors(cs, 'CW', ground).map((e) => e.path)).toEqual([['ground', 'rebuild', 0, 'base']]);
    const kept = rebuildsWithinLimits(cs, 'CW', ground) as { rebuild: unknown[] };
    expect(kept.rebuild).toEqual([{ unit, base: ok.id }]);
    expect(baseLimitErrors(cs, 'CW', kept as unknown as Json)).toEqual([]);
    const none = { ...(ground as object), rebuild: [] } as unknown as Json;
    expect(rebuildsWithinLimits(cs, 'CW', none)).toBe(none);
  });
});
