/**
 * Rule coverage of prefect, the Planetary Game (rule-coverage.ts): over the CI fuzz games and a few
 * bot-vs-bot games, every listed rule is exercised, or the list says why it cannot be. The counts
 * are printed for every rule.
 */
import { describe, expect, it } from 'vitest';
import { contractBotGame, coverageReport, coverageRows } from '../../common/rule-coverage-games.js';
import prefect from './index.js';
import { ruleCoverageList } from './rule-coverage.js';

describe('prefect rule coverage', () => {
  it('every rule of rule-coverage.ts is exercised by the fuzz and bot games, or its entry says why it cannot be', () => {
    const games = [
      ...Array.from({ length: 4 }, (_, i) => contractBotGame(prefect, `cov-${i}`)),
      // D-87: Centurion battles, with the interactive interleave so that counter-attacks pause too (L2725-2732)
      contractBotGame(prefect, 'cov-ct-0', { options: { externalCombat: 'CENTURION', interleave: 'interactive' } }),
    ];
    const rows = coverageRows(prefect, ruleCoverageList, games);
    console.log(`prefect rule coverage\n${coverageReport(rows)}`);
    expect(rows.filter((r) => r.status === 'missing').map((r) => r.rule)).toEqual([]);
    expect(rows.length).toBe(ruleCoverageList.rules.length);
  }, 600_000);
});
