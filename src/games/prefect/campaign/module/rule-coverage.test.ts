/**
 * Rule coverage of prefect-campaign (rule-coverage.ts): over the CI fuzz games and these bot games
 * (the shipped bots, and one with Leviathan battles, D-87), every listed rule
 * is exercised, or the list says why it cannot be. The counts are printed for every rule.
 */
import { describe, expect, it } from 'vitest';
import { contractBotGame, coverageReport, coverageRows, type BotGame } from '../../common/rule-coverage-games.js';
import { prefectCampaign } from './index.js';
import { ruleCoverageList } from './rule-coverage.js';

const BOT_GAMES: readonly BotGame[] = [
  contractBotGame(prefectCampaign, 'cov-2'), // the bots' naval support of a counter-attack (L2204) comes up in this one
  contractBotGame(prefectCampaign, 'cov-12'), // L2250-2252 (a supported attack on a base) comes up in this one, and L2204
  contractBotGame(prefectCampaign, 'cov-lv-0', { options: { externalCombat: 'LEVIATHAN' } }), // D-87 battles in space
];

describe('prefect-campaign rule coverage', () => {
  it('every rule of rule-coverage.ts is exercised by the fuzz and bot games, or its entry says why it cannot be', () => {
    const rows = coverageRows(prefectCampaign, ruleCoverageList, BOT_GAMES);
    console.log(`prefect-campaign rule coverage\n${coverageReport(rows)}`);
    expect(rows.filter((r) => r.status === 'missing').map((r) => r.rule)).toEqual([]);
    expect(rows.length).toBe(ruleCoverageList.rules.length);
  }, 900_000);
});
