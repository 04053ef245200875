/**
 * Seeded bot-vs-bot games with the optional rules on, the same invariants checked after every
 * step as the main fuzz (fuzz-harness.ts): the Extended Game (16) past turn 15, where its Major
 * Effort, Space State, SF and rebuild rules change, and weather (15) in several seasons.
 */
import { describe, expect, it } from 'vitest';
import { playFuzzGame } from './fuzz-harness.js';

describe('Cerberus fuzz with the optional rules', () => {
  it('16 extended game: bot games run past turn 12 to turn 17 (or a Minimum Garrison end) with every invariant held', () => {
    for (const seed of ['ext-1', 'ext-2']) {
      const game = playFuzzGame(seed, { options: { extended: true }, maxTurns: 17 });
      if (game.unfinished) {
        expect(game.turn).toBe(18);
        expect(game.winner).toBeNull();
      } else {
        expect(game.level).toBe('MINIMUM_GARRISON'); // 16.0 the only way an extended game ends
      }
      expect(game.kinds['strategic-human']).toBeGreaterThan(12);
    }
  }, 600_000);

  it('15 weather: bot games in winter and spring (the Human choosing it, 15.9) end by turn 12 with every invariant held', () => {
    for (const [seed, options] of [
      ['wx-1', { weather: true, season: 'WINTER' }],
      ['wx-2', { weather: true, seasonChosenBy: 'human', season: 'SPRING' }],
    ] as const) {
      const game = playFuzzGame(seed, { options: { ...options } });
      expect(game.unfinished).toBeUndefined();
      expect(game.turn).toBeLessThanOrEqual(12);
      expect(game.level).toBeTruthy();
    }
  }, 600_000);

  it('15 and 16 together: weather in an extended game to turn 14', () => {
    const game = playFuzzGame('wx-ext', { options: { weather: true, extended: true, season: 'FALL' }, maxTurns: 14 });
    expect(game.unfinished ? game.turn : 15).toBe(15);
  }, 600_000);
});
