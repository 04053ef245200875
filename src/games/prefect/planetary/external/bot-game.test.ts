/**
 * D-87: a bot-vs-bot Liberation game with externalCombat 'CENTURION'. Both bots enter the
 * server's public suggestion (external/agreement.ts suggestedEntry, shown to both in the prompt),
 * so every external combat is agreed in its first round; every order is legal, none defaulted,
 * no hidden unit id in any view or prompt, and the game ends.
 */
import { describe, expect, it } from 'vitest';
import { prefect } from '../module/index.js';
import { playExternalBotGame } from './bot-play.js';

function play(seed: string) {
  const { s, counts, agreed } = playExternalBotGame(
    seed,
    { externalCombat: 'CENTURION' },
    4000,
    (st) => !!st.combat?.external,
  );
  return { s, counts, effects: agreed.map((e) => (e.data as { effect: string }).effect) };
}

describe('bot game with externalCombat CENTURION (D-87)', () => {
  it('every external combat is agreed at once and applied; the game ends', () => {
    const { s, counts, effects } = play('ext1');
    expect(prefect.outcome(s)).not.toBeNull();
    expect(counts['external.open']).toBeGreaterThan(0);
    expect(counts['external.agreed']).toBe(counts['external.open']);
    expect(counts['external.differ'] ?? 0).toBe(0);
    expect(counts['external.fallback'] ?? 0).toBe(0);
    console.log(
      'D-87 bot game:',
      JSON.stringify({
        turns: s.turn,
        result: s.result,
        open: counts['external.open'],
        effects: Object.fromEntries([...new Set(effects)].map((e) => [e, effects.filter((x) => x === e).length])),
      }),
    );
  }, 120_000);
});
