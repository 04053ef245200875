/**
 * Cerberus rule coverage for the fuzz (src/engine/fuzz.ts ruleCoverage, checked by
 * test/fuzz/modules.test.ts): the rules whose play shows in events, each of which the CI fuzz games
 * must exercise, or the reason they cannot. A rule counts when an event cites it or a sub-rule of
 * it (its `rule` field), or when an event of a listed type occurs. Rules checked only when orders
 * are validated (movement costs, stacking limits, odds limits…) have no event of their own and
 * are covered by their unit tests instead.
 */
import type { RuleCoverageList } from '#engine/fuzz.js';

const OPTIONAL_OFF = (option: string, test: string) =>
  `an optional rule (option '${option}', off by default); the CI fuzz games play the default options, and ${test} plays it in bot games to the end`;

const BOT_FUZZ =
  'checked over the bot-vs-bot games of src/games/cerberus/fuzz.test.ts: the bots use it at particular moments (a doomed unit, the last turn), which the few random-play games of the engine fuzz seldom reach';

export const ruleCoverageList: RuleCoverageList = {
  module: 'cerberus',
  rules: [
    { rule: '3.2', title: 'sequence of play' },
    { rule: '4', title: 'ground unit movement', events: ['unit.moved'] },
    { rule: '6.8', title: 'stacking at the end of the segment (14.22 relief)' },
    { rule: '7.6', title: 'attacks resolved on the CRT' },
    { rule: '7.7', title: 'combat losses' },
    { rule: '7.9', title: 'advance after combat' },
    { rule: '8.1', title: 'fire support' },
    { rule: '8.41', title: 'Air Defence Zone suppression', events: ['air.adz-suppressed'] },
    { rule: '10.3', title: 'SF reinforcements' },
    { rule: '10.41', title: 'SF disruption of installations' },
    { rule: '10.42', title: 'SF raids on stockpiles' },
    { rule: '10.43', title: 'SF held for ground combat' },
    { rule: '11.1', title: 'landing from space' },
    { rule: '11.14', title: 'landing costs and discounts' },
    { rule: '11.15', title: 'evacuation to the Fleet', events: ['transport.evacuated'], moduleFuzz: BOT_FUZZ },
    { rule: '11.16', title: 'shuttle across the map', events: ['transport.shuttled'], moduleFuzz: BOT_FUZZ },
    { rule: '11.2', title: 'Cetian sub-orbital transport', events: ['transport.sub-orbital'] },
    { rule: '12.12', title: 'units out of supply' },
    { rule: '12.13', title: 'polar rows: out of supply is eliminated' },
    { rule: '12.4', title: 'drawing supplies from installations' },
    { rule: '12.7', title: 'production on Resource hexes' },
    { rule: '13.3', title: 'space superiority deterioration' },
    { rule: '13.4', title: 'Major Efforts' },
    { rule: '13.6', title: 'space superiority resolution' },
    { rule: '14.12', title: 'Cetian set-up, face down' },
    { rule: '14.13', title: 'Human set-up' },
    { rule: '14.22', title: 'Cetian reinforcements' },
    { rule: '14.23', title: 'Cetian special insertion' },
    { rule: '14.5', title: 'victory on points' },
    { rule: '15', title: 'weather', unreachable: OPTIONAL_OFF('weather', 'src/games/cerberus/fuzz-options.test.ts') },
    {
      rule: '16',
      title: 'extended game',
      unreachable: OPTIONAL_OFF('extended', 'src/games/cerberus/fuzz-options.test.ts'),
    },
  ],
};
