/**
 * D-87: bot-v-bot "Hold the Line" games with externalCombat 'LEVIATHAN'. Both bots enter the
 * prompt's public suggestion (entry.ts suggestedEntry), so every battle is agreed in its first
 * round; every order is legal, none defaulted, no view or prompt during a pause shows a real TF id
 * or the phase snapshot, the replayed phase never diverges, and the game ends.
 */
import { describe, expect, it } from 'vitest';
import prefectSpace from '../module/index.js';
import type { Side } from '../module/types.js';
import { playTo } from './testing.js';

const REAL_TF = /"(?:tog|cw)-(?:tf\d|dis-)/;

describe('bot game with externalCombat LEVIATHAN (D-87)', () => {
  it.each(['lvb-1', 'lvb-2'])(
    'seed %s: every battle agreed at once and applied; the game ends',
    (seed) => {
      const counts: Record<string, number> = {};
      const kinds: Record<string, number> = {};
      const end = playTo(seed, () => false, {
        each: (prev, orders, events) => {
          for (const [side, o] of Object.entries(orders))
            expect(prefectSpace.validate(prev, side, o), `${prev.step} ${side}`).toEqual([]);
          expect(events.filter((e) => e.type === 'orders.defaulted')).toEqual([]);
          if (prev.external?.pending) {
            kinds[prev.external.pending.battle.kind] = (kinds[prev.external.pending.battle.kind] ?? 0) + 1;
            for (const viewer of ['TOG', 'CW', null] as (Side | null)[]) {
              const text = JSON.stringify([
                prefectSpace.view(prev, viewer),
                prefectSpace.prompts(prev).filter((p) => p.side === viewer),
              ]);
              expect(text).not.toMatch(REAL_TF);
              expect(text).not.toContain('snapshot');
            }
          }
          expect(
            JSON.stringify(events.filter((e) => e.type.startsWith('external.') || e.type === 'LEVIATHAN_RESULT')),
          ).not.toMatch(REAL_TF);
          for (const e of events) counts[e.type] = (counts[e.type] ?? 0) + 1;
        },
      });
      expect(prefectSpace.outcome(end)).not.toBeNull();
      expect(counts['external.open']).toBeGreaterThan(0);
      expect(counts['external.agreed']).toBe(counts['external.open']);
      expect(counts.LEVIATHAN_RESULT).toBe(counts['external.open']);
      expect(counts['external.differ'] ?? 0).toBe(0);
      expect(counts['external.fallback'] ?? 0).toBe(0);
      console.log('D-87 Leviathan bot game:', JSON.stringify({ seed, result: end.result?.summary, battles: kinds }));
    },
    60_000,
  );
});
