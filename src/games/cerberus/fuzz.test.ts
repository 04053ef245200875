/**
 * Seeded bot-vs-bot games to the end, invariants checked after every step (fuzz-harness.ts).
 * 50 games here; the thousand-game run is `npm run fuzz:cerberus -- --games 1000`.
 */
import { describe, expect, it } from 'vitest';
import { checkState, playFuzzGame } from './fuzz-harness.js';
import cerberus from './index.js';
import { seededDice } from '../../engine/dice.js';
import type { CerberusState } from './state.js';

const GAMES = 50;
const PER_TEST = 5;

describe('Cerberus fuzz: bot-vs-bot games to the end', () => {
  it.each(Array.from({ length: GAMES / PER_TEST }, (_, i) => i))('games %i', (batch) => {
    for (let g = 0; g < PER_TEST; g++) {
      const game = playFuzzGame(`unit-${batch * PER_TEST + g}`);
      expect(game.turn).toBeLessThanOrEqual(12);
      expect(game.level).toBeTruthy();
    }
  }, 300_000);

  it('the invariants catch a broken state', () => {
    const s = cerberus.setup('campaign', {}, seededDice('broken', 0)) as CerberusState;
    expect(checkState(s)).toEqual([]);
    const bad = structuredClone(s);
    bad.units[0].box = 'MAP';
    bad.units[1] = { ...bad.units[1], id: bad.units[2].id };
    expect(checkState(bad).join('; ')).toMatch(/in MAP with hex null.*appears twice|appears twice.*in MAP/);
  });
});
