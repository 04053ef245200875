/**
 * Balance of the bot games (issue 3: "a playable, balanced game"; 14.5 victory levels). Forty fixed
 * fuzz seeds, played as the fuzz plays them: each side must win a fair share of the decided games
 * and the Human:Cetian VP ratio must sit in the draw band on average. The 300-seed table and the
 * command to reproduce it are in the module README (README.md here).
 */
import { describe, expect, it } from 'vitest';
import { playFuzzGame } from './fuzz-harness.js';

const SEEDS = Array.from({ length: 40 }, (_, i) => `fuzz-${i}`);

describe('Cerberus balance: bot-vs-bot over 40 fixed seeds', () => {
  it('14.5 each side wins at least a quarter of the decided games, and the mean VP ratio is between 1 and 2', () => {
    const games = SEEDS.map((seed) => playFuzzGame(seed, { checkViews: false }));
    const wins = (side: string) => games.filter((g) => g.winner === side).length;
    const decided = wins('HUMAN') + wins('CETIAN');
    expect(wins('HUMAN')).toBeGreaterThanOrEqual(3);
    expect(wins('CETIAN')).toBeGreaterThanOrEqual(3);
    expect(wins('HUMAN') / decided).toBeGreaterThanOrEqual(0.25);
    expect(wins('CETIAN') / decided).toBeGreaterThanOrEqual(0.25);
    const ratio = games.reduce((n, g) => n + g.vp!.HUMAN / Math.max(1, g.vp!.CETIAN), 0) / games.length;
    expect(ratio).toBeGreaterThan(1);
    expect(ratio).toBeLessThan(2);
  }, 300_000);
});
