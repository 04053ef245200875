/**
 * Rule coverage list of the prefect-campaign module (src/engine/fuzz.ts ruleCoverage): every rule
 * reference the Campaign's own events and its Space half's cite, and the Planetary rules its ground
 * half exercises, each exercised by the CI games or with the reason it is not (../../rules/README.md
 * "Rule coverage"). ./rule-coverage.test.ts (`ownTest`) plays the engine fuzz's CI games with bot games (the shipped bots, Leviathan battles) and prints the counts of every rule.
 * Rules checked only when orders are validated have no event of their own (a refused part of an
 * order is told to its sender only when a bot's order breaks it) and are covered by unit tests.
 */
import type { RuleCoverageList } from '#engine/fuzz.js';

/** Reached by the bot games of ./rule-coverage.test.ts (which fail without it), not by the few random-play games of the engine fuzz. */
const BOT_GAMES =
  'exercised by the bot games of ./rule-coverage.test.ts (the bots or a test policy choose it; random play of the engine fuzz seldom does)';

/** A rule the bots never use, with why, and the test that plays it. */
const BOT = (what: string, why: string, test: string) => `the bots never ${what} (${why}); ${test} plays it`;
/** Why the Campaign bot's Marines (bot-marines.ts) make no assault in bot play; measured in ../../rules/README.md "Rule coverage". */
const MARINES_WHY =
  "the invader bot keeps its cargo Marines aboard and assaults only while an enemy Legion base is disorganised with no other enemy base known in its segment (bot-marines.ts, L2035-2037); in the invasion's bot play every disorganised CW base shares its segment with the GN2, which no Attack can disrupt, or with the GL2, and none is disorganised at the turn-2 drop, so its Marines drop with the Legion";

/** A rule that only a rare position reaches, which the CI games do not produce. */
const RARE = (what: string, test: string) => `needs ${what}, which the CI games do not produce; ${test} plays it`;
/** A rule that refuses an order: its event is the refusal, which legal bot play never meets. */
const VALIDATION = (what: string, test: string) =>
  `checked when orders are validated (${what} is refused); the bots send legal orders, so only a refusal would cite it; ${test} checks it`;

/**
 * L2101, L2103-2109 in the Campaign: only a naval base in transit is damaged with an event (space
 * CARRIED_BASE_DAMAGED) and only an orbital base is unloaded in a segment (BASE_UNLOADED).
 */
const NO_NAVAL_CARRY =
  "the invasion scenario makes only Legion bases available (extraBases: TOG GL1 turn 2 and GL2 turn 5, CW GL1 turn 3) and puts no orbital base in an off-system Functional box, so no naval or orbital base can be loaded (L952, L2093); the invader bot carries its GL2 (bot-base-carry.ts, L2091-2099, L2418), whose carriers' losses destroy or disrupt it without a space event";

export const ruleCoverageList: RuleCoverageList = {
  module: 'prefect-campaign',
  ownTest: { file: 'src/games/prefect/campaign/module/rule-coverage.test.ts', fuzzGames: 12 },
  rules: [
    { rule: 'D-01' },
    { rule: 'D-32' },
    { rule: 'D-37' },
    { rule: 'D-39' },
    {
      rule: 'D-43',
      unreachable: VALIDATION(
        'a supply source with no line of communication',
        'supply-link.test.ts and ../supply.test.ts',
      ),
    },
    { rule: 'D-44' },
    { rule: 'D-51' },
    { rule: 'D-58', moduleFuzz: BOT_GAMES },
    { rule: 'D-59' },
    { rule: 'D-62' },
    { rule: 'D-68' },
    { rule: 'D-72' },
    {
      rule: 'D-74',
      unreachable: BOT(
        'use Marines (cohorts loaded, assaults, Legion bases captured)',
        MARINES_WHY,
        'marines-link.test.ts',
      ),
    },
    { rule: 'D-75' },
    { rule: 'D-76' },
    { rule: 'D-77' },
    {
      rule: 'D-80',
      unreachable: RARE(
        'Ground Support fighters left unused in the zone of an enemy drop',
        '../drops.test.ts and end-of-combat.test.ts',
      ),
    },
    { rule: 'D-87', moduleFuzz: BOT_GAMES },
    { rule: 'H15' },
    { rule: 'H25' },
    { rule: 'H30' },
    { rule: 'H32' },
    { rule: 'H39' },
    { rule: 'L359' },
    {
      rule: 'L415',
      unreachable: RARE(
        "a defender's counter-move (the ground bot counter-moves only onto enemy disorganised units it can reach, L475; random play of the CI fuzz games met one in 1 of 12 games before issue 21's bot changes, none since)",
        '../../planetary/counteractions.test.ts',
      ),
    },
    { rule: 'L435' },
    { rule: 'L445' },
    { rule: 'L459-465' },
    { rule: 'L467' },
    { rule: 'L567' },
    { rule: 'L655' },
    {
      rule: 'L679',
      unreachable: RARE('a supported attack whose target is gone before it is resolved', 'support.test.ts'),
    },
    { rule: 'L725' },
    { rule: 'L727' },
    {
      rule: 'L762',
      unreachable: VALIDATION(
        'a supply source with no line of communication',
        'supply-link.test.ts and ../supply.test.ts',
      ),
    },
    { rule: 'L782' },
    { rule: 'L796-800' },
    { rule: 'L852' },
    { rule: 'L854' },
    { rule: 'L860' },
    { rule: 'L870' },
    { rule: 'L906-908' },
    { rule: 'L910' },
    { rule: 'L918-920' },
    { rule: 'L952-954' },
    { rule: 'L1421' },
    { rule: 'L1449' },
    { rule: 'L1469' },
    { rule: 'L1473-1487' },
    { rule: 'L1475-1481' },
    { rule: 'L1485-1495' },
    { rule: 'L1511' },
    { rule: 'L1511-1527' },
    {
      rule: 'L1581-1585',
      unreachable: RARE(
        'a phasing force told to retreat by a deep-space interception (the bots hold their DSI back, ../../space/module/bot.ts)',
        '../../space/module/rule-coverage.test.ts (bot games intercepting with every unit)',
      ),
    },
    { rule: 'L1581-1587' },
    { rule: 'L1581-1613' },
    {
      rule: 'L1647',
      unreachable: RARE(
        'a TF whose every unit was disorganised before its own mission in the same turn',
        '../../space/resolution/review.test.ts',
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
        'an opposing-SD round that leaves both sides in the segment (the bots allocate their SD to their own base segments; they leave a segment holding no base of theirs, ../../space/module/bot.ts)',
        '../../space/resolution/decisions.test.ts',
      ),
    },
    { rule: 'L1919-1923' },
    {
      rule: 'L2033-2083',
      unreachable: BOT(
        'use Marines (cohorts loaded, assaults, Legion bases captured)',
        MARINES_WHY,
        'marines-link.test.ts',
      ),
    },
    {
      rule: 'L2035',
      unreachable: BOT(
        'use Marines (cohorts loaded, assaults, Legion bases captured)',
        MARINES_WHY,
        'legion-bases.test.ts',
      ),
    },
    {
      rule: 'L2049-2057',
      unreachable: BOT(
        'use Marines (cohorts loaded, assaults, Legion bases captured)',
        MARINES_WHY,
        'marines-link.test.ts',
      ),
    },
    {
      rule: 'L2077',
      unreachable: BOT(
        'use Marines (cohorts loaded, assaults, Legion bases captured)',
        MARINES_WHY,
        'legion-bases.test.ts',
      ),
    },
    {
      rule: 'L2077-2081',
      unreachable: BOT(
        'use Marines (cohorts loaded, assaults, Legion bases captured)',
        MARINES_WHY,
        'marines-link.test.ts',
      ),
    },
    {
      rule: 'L2083',
      unreachable: BOT(
        'use Marines (cohorts loaded, assaults, Legion bases captured)',
        MARINES_WHY,
        'marines-link.test.ts',
      ),
    },
    { rule: 'L2091-2099' },
    {
      rule: 'L2101',
      unreachable: BOT('carry naval base components', NO_NAVAL_CARRY, '../new-bases.test.ts'),
    },
    {
      rule: 'L2103-2109',
      unreachable: BOT('carry naval base components', NO_NAVAL_CARRY, '../new-bases.test.ts'),
    },
    { rule: 'L2171' },
    { rule: 'L2175' },
    { rule: 'L2186-2187' },
    { rule: 'L2204', moduleFuzz: BOT_GAMES },
    { rule: 'L2204-2214' },
    { rule: 'L2226-2230' },
    { rule: 'L2230' },
    { rule: 'L2230-2232' },
    { rule: 'L2234' },
    { rule: 'L2246' },
    { rule: 'L2250-2252', moduleFuzz: BOT_GAMES },
    { rule: 'L2260-2262' },
    { rule: 'L2264-2268' },
    { rule: 'L2280-2282' },
    { rule: 'L2284' },
    {
      rule: 'L2286-2291',
      unreachable: VALIDATION("a supply operation out of the phase's order", 'supply-steps.test.ts'),
    },
    { rule: 'L2290' },
    {
      rule: 'L2307',
      unreachable: BOT(
        'load troops on transports',
        "bot-logistics.ts: the invader's Legion starts aboard and drops; nothing returns to its transports",
        '../transport.test.ts',
      ),
    },
    {
      rule: 'L2316',
      unreachable: RARE('a transport destroyed with troops aboard', '../map-link.test.ts and leviathan-cargo.test.ts'),
    },
    {
      rule: 'L2330-2332',
      unreachable: BOT(
        'use Marines (cohorts loaded, assaults, Legion bases captured)',
        MARINES_WHY,
        'supply-link.test.ts',
      ),
    },
    {
      rule: 'L2332',
      unreachable: BOT(
        'unload troops at a base',
        'bot-logistics.ts: nothing returns to the transports',
        'marines-link.test.ts',
      ),
    },
    { rule: 'L2374' },
    { rule: 'L2378' },
    {
      rule: 'L2380-2386',
      unreachable: RARE(
        'Ground Support fighters left unused in the zone of an enemy drop',
        '../drops.test.ts and end-of-combat.test.ts',
      ),
    },
    { rule: 'L2388' },
    { rule: 'L2390' },
    { rule: 'L2406' },
    { rule: 'L2418' },
    { rule: 'L2424-2426' },
    { rule: 'L2432-2526', moduleFuzz: BOT_GAMES },
    {
      rule: 'L2600',
      unreachable: RARE(
        'a Leviathan battle in which a disorganised transport squadron loses ships',
        '../../space/external/transport-losses.test.ts',
      ),
    },
  ],
};
