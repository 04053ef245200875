/**
 * Seeded bot-vs-bot games to the end, invariants checked after every step (fuzz-harness.ts).
 * 50 games here; the thousand-game run is `npm run fuzz:cerberus -- --games 1000`.
 */
import { describe, expect, it } from 'vitest';
import { checkState, playFuzzGame, type FuzzGame } from './fuzz-harness.js';
import { ruleCoverage } from '#engine/fuzz.js';
import { ruleCoverageList } from './rule-coverage.js';
import cerberus from './index.js';
import { seededDice } from '#engine/dice.js';
import type { CerberusState } from './state.js';

const GAMES = 50;
const PER_TEST = 5;

const played: FuzzGame[] = [];

describe('Cerberus fuzz: bot-vs-bot games to the end', () => {
  it.each(Array.from({ length: GAMES / PER_TEST }, (_, i) => i))(
    'games %i',
    (batch) => {
      for (let g = 0; g < PER_TEST; g++) {
        const game = playFuzzGame(`unit-${batch * PER_TEST + g}`);
        played.push(game);
        expect(game.turn).toBeLessThanOrEqual(12);
        expect(game.level).toBeTruthy();
      }
    },
    300_000,
  );

  it('rule coverage: over these games every rule of rule-coverage.ts is exercised, or its list says why it cannot be', () => {
    expect(played.length).toBe(GAMES);
    const sum = (pick: (g: FuzzGame) => Record<string, number>) => {
      const out: Record<string, { events: number; games: number }> = {};
      for (const g of played)
        for (const [k, n] of Object.entries(pick(g)))
          out[k] = { events: (out[k]?.events ?? 0) + n, games: (out[k]?.games ?? 0) + 1 };
      return out;
    };
    const rows = ruleCoverage({ rules: sum((g) => g.rules), eventTypes: sum((g) => g.eventTypes) }, ruleCoverageList, {
      moduleFuzz: true,
    });
    expect(rows.filter((r) => r.status === 'missing').map((r) => `${r.rule} ${r.title ?? ''}`)).toEqual([]);
    // Actions a bot could easily leave alone (ADZ suppression, transport, shuttle, evacuation, raids) are in use.
    for (const rule of ['8.41', '10.42', '11.15', '11.16', '11.2'])
      expect(rows.find((r) => r.rule === rule)!.events, rule).toBeGreaterThan(0);
  });

  it('the invariants catch a broken state', () => {
    const s = cerberus.setup('campaign', {}, seededDice('broken', 0)) as CerberusState;
    expect(checkState(s)).toEqual([]);
    const bad = structuredClone(s);
    bad.units[0].box = 'MAP';
    bad.units[1] = { ...bad.units[1], id: bad.units[2].id };
    expect(checkState(bad).join('; ')).toMatch(/in MAP with hex null.*appears twice|appears twice.*in MAP/);
  });
});
