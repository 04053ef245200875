/**
 * Rule coverage of prefect-space (rule-coverage.ts): over the CI fuzz games and these bot games —
 * the shipped bots, the interactive Space Combat Phase (D-91) with interception by every eligible
 * unit, and Leviathan battles (D-87) — every listed rule is exercised, or the list says why it
 * cannot be. The counts are printed for every rule.
 */
import { describe, expect, it } from 'vitest';
import type { Json, Prompt } from '#engine/contract.js';
import { contractBotGame, coverageReport, coverageRows, type BotGame } from '../../common/rule-coverage-games.js';
import prefectSpace from './index.js';
import { ruleCoverageList } from './rule-coverage.js';

type V = Record<string, unknown>;
/** DSI with everything (the bots hold back, bot.ts): so that interceptions, shifts and their fights come up. */
const interceptAll = (order: Json, prompt: Prompt): Json =>
  prompt.kind === 'combat-reactions'
    ? ({
        kind: 'combat-reactions',
        reactions: { ...((order as V).reactions as V), intercept: { default: 'ALL' } },
      } as unknown as Json)
    : order;

const BOT_GAMES: readonly BotGame[] = [
  ...Array.from({ length: 6 }, (_, i) => contractBotGame(prefectSpace, `cov-${i}`)),
  ...Array.from({ length: 3 }, (_, i) => contractBotGame(prefectSpace, `cov-dsi-${i}`, { variant: interceptAll })),
  contractBotGame(prefectSpace, 'cov-ic-0', { options: { spaceCombatPlay: 'interactive' }, variant: interceptAll }),
  contractBotGame(prefectSpace, 'cov-lv-0', { options: { externalCombat: 'LEVIATHAN' }, variant: interceptAll }),
];

describe('prefect-space rule coverage', () => {
  it('every rule of rule-coverage.ts is exercised by the fuzz and bot games, or its entry says why it cannot be', () => {
    const rows = coverageRows(prefectSpace, ruleCoverageList, BOT_GAMES);
    console.log(`prefect-space rule coverage\n${coverageReport(rows)}`);
    expect(rows.filter((r) => r.status === 'missing').map((r) => r.rule)).toEqual([]);
    expect(rows.length).toBe(ruleCoverageList.rules.length);
  }, 600_000);
});
