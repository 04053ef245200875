/**
 * Rule coverage list of the prefect module, the Planetary Game (src/engine/fuzz.ts ruleCoverage):
 * every rule reference its events cite, each exercised by the CI games or with the reason it is
 * not (rules/README.md "Rule coverage"). ./rule-coverage.test.ts (`ownTest`) plays the engine fuzz's
 * CI games with bot games (the shipped bots, and Centurion battles with the
 * interactive interleave) and prints the counts of every rule. Rules checked only when orders are
 * validated have no event of their own and are covered by their unit tests.
 */
import type { RuleCoverageList } from '#engine/fuzz.js';

/** Reached by the bot games of ./rule-coverage.test.ts (which fail without it), not by the few random-play games of the engine fuzz. */
const BOT_GAMES =
  'exercised by the bot games of ./rule-coverage.test.ts (the bots or a test policy choose it; random play of the engine fuzz seldom does)';

/** A rule the Planetary bot never uses, with why, and the test that plays it. */
const BOT = (what: string, why: string, test: string) => `the bot never ${what} (${why}); ${test} plays it`;
/** A rule that only a rare position reaches, which the CI games do not produce. */
const RARE = (what: string, test: string) => `needs ${what}, which the CI games do not produce; ${test}`;
/** A rule that refuses an order: its event is the refusal, which legal bot play never meets. */
const VALIDATION = (what: string, test: string) =>
  `checked when orders are validated (${what} is refused); the bots send legal orders; ${test} checks it`;

export const ruleCoverageList: RuleCoverageList = {
  module: 'prefect',
  ownTest: { file: 'src/games/prefect/planetary/module/rule-coverage.test.ts', fuzzGames: 2 },
  rules: [
    { rule: 'D-32' },
    { rule: 'D-37' },
    { rule: 'D-40' },
    { rule: 'D-44' },
    { rule: 'D-48', unreachable: VALIDATION('a part of an adjustment order that breaks a rule', 'phases.test.ts') },
    { rule: 'D-51' },
    { rule: 'L264' },
    { rule: 'L359', unreachable: RARE('a mover sent back by a counter-action', 'movement.test.ts') },
    {
      rule: 'L405',
      unreachable: RARE(
        'a planned counter-action voided by its allowance, spent by the moves before it',
        'counteractions.test.ts',
      ),
    },
    {
      rule: 'L415',
      unreachable: RARE('a planned counter-action made illegal by the moves before it', 'counteractions.test.ts'),
    },
    {
      rule: 'L415-433',
      unreachable: RARE('a planned counter-action made illegal by the moves before it', 'counteractions.test.ts'),
    },
    { rule: 'L435' },
    {
      rule: 'L435-441',
      unreachable: RARE('a planned counter-attack made illegal by the moves before it', 'counteractions.test.ts'),
    },
    { rule: 'L445' },
    { rule: 'L567', unreachable: RARE('an attack by support units only', 'combat.test.ts') },
    { rule: 'L613', unreachable: RARE('a retreating TF with no hex to retreat to', 'combat.test.ts') },
    { rule: 'L655' },
    {
      rule: 'L679',
      unreachable: RARE(
        'a declared attack whose target is gone before it is resolved',
        'combat-phase.test.ts (L679) plays it',
      ),
    },
    { rule: 'L766-774' },
    { rule: 'L782' },
    { rule: 'L796-800' },
    { rule: 'L828-846', moduleFuzz: BOT_GAMES },
    { rule: 'L854' },
    { rule: 'L860' },
    { rule: 'L876', unreachable: RARE('a TF emptied in TF adjustment', 'module.test.ts') },
    { rule: 'L894-896' },
    { rule: 'L906-908' },
    {
      rule: 'L918-920',
      unreachable: BOT(
        'form independent TFs in these games',
        'bot-independents.ts detaches the non-gravitic units a retreat merged into a TF, which the CI games do not produce, and bot-bases.ts rebuilds no non-gravitic unit (balance, ../data/README.md)',
        'independent-adjust.test.ts',
      ),
    },
    { rule: 'L934', unreachable: RARE('a retreat across water', 'combat.test.ts') },
    { rule: 'L952' },
    { rule: 'L952-964' },
    { rule: 'L954' },
    { rule: 'L2729', moduleFuzz: BOT_GAMES },
    { rule: 'L2731', moduleFuzz: BOT_GAMES },
  ],
};
