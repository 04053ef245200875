/**
 * Rule coverage list of the prefect-space module (src/engine/fuzz.ts ruleCoverage): every rule
 * reference the module's events cite — collected from the code that writes events (the Space
 * Combat Phase procedure in ../resolution/, the step machine, T-space, adjustment and supply) —
 * each exercised by the CI games or with the reason it is not. ./rule-coverage.test.ts
 * (`ownTest`) plays the engine fuzz's CI games and the bot games (shipped bots, DSI with
 * every unit, the interactive phase, Leviathan battles) and prints the counts of every rule.
 * Rules checked only when orders are validated (shape, legality, D-91's answers) have no event of
 * their own and are covered by their unit tests; ../../rules/README.md "Rule coverage" says the same.
 */
import type { RuleCoverageList } from '#engine/fuzz.js';

/** Reached by the bot games of ./rule-coverage.test.ts (which fail without it), not by the few random-play games of the engine fuzz. */
const BOT_GAMES =
  'exercised by the bot games of ./rule-coverage.test.ts (the bots or a test policy choose it; random play of the engine fuzz seldom does)';

/** A rule the bots never use, with why, and the test that plays it (rules/README.md "Rule coverage"). */
const BOT = (what: string, why: string, test: string) => `the bots never ${what} (${why}); ${test} plays it`;
/** A rule that only a rare position reaches, which the CI games do not produce. */
const RARE = (what: string, test: string) => `needs ${what}, which the CI games do not produce; ${test} plays it`;

export const ruleCoverageList: RuleCoverageList = {
  module: 'prefect-space',
  ownTest: { file: 'src/games/prefect/space/module/rule-coverage.test.ts', fuzzGames: 6 },
  rules: [
    { rule: 'D-58', moduleFuzz: BOT_GAMES },
    { rule: 'D-59' },
    { rule: 'D-62' },
    { rule: 'D-68' },
    { rule: 'D-72' },
    { rule: 'D-74', moduleFuzz: BOT_GAMES },
    { rule: 'D-87', moduleFuzz: BOT_GAMES },
    { rule: 'H25' },
    { rule: 'L1421' },
    { rule: 'L1449' },
    { rule: 'L1469' },
    { rule: 'L1473-1487' },
    { rule: 'L1475-1481' },
    { rule: 'L1485-1495' },
    { rule: 'L1511' },
    { rule: 'L1511-1527' },
    { rule: 'L1581-1585', moduleFuzz: BOT_GAMES },
    { rule: 'L1581-1587' },
    { rule: 'L1581-1613' },
    {
      rule: 'L1647',
      unreachable: RARE(
        "a TF whose every unit was disorganised in the other side's phase of the same turn, before its own mission",
        'resolution/review.test.ts',
      ),
    },
    { rule: 'L1675' },
    { rule: 'L1695', moduleFuzz: BOT_GAMES },
    { rule: 'L1713' },
    { rule: 'L1723' },
    { rule: 'L1731', moduleFuzz: BOT_GAMES },
    { rule: 'L1743' },
    { rule: 'L1781' },
    { rule: 'L1783' },
    { rule: 'L1831-1841' },
    { rule: 'L1851' },
    { rule: 'L1853' },
    {
      rule: 'L1861',
      unreachable: RARE(
        'an opposing-SD round after which both sides still hold the segment (the bots allocate their SD to their own base segments, so rounds come only from random play; the bots leave a segment holding no base of theirs, bot.ts)',
        'resolution/decisions.test.ts and opposing-sd.test.ts',
      ),
    },
    { rule: 'L2033-2083', moduleFuzz: BOT_GAMES },
    { rule: 'L2049-2057', moduleFuzz: BOT_GAMES },
    {
      rule: 'L2101',
      unreachable: BOT(
        'carry base components',
        'Hold the Line gives no new bases to build, and the Supply bot spends its transports on SP',
        'bases.test.ts',
      ),
    },
    {
      rule: 'L2103-2109',
      unreachable: BOT(
        'carry base components',
        'Hold the Line gives no new bases to build, and the Supply bot spends its transports on SP',
        'bases.test.ts',
      ),
    },
    { rule: 'L2432-2526', moduleFuzz: BOT_GAMES },
    {
      rule: 'L2600',
      unreachable: RARE(
        'a Leviathan battle in which a disorganised transport squadron loses ships (option externalCombat)',
        'external/transport-losses.test.ts',
      ),
    },
  ],
};
