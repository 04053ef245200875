/**
 * Rule coverage list of the prefect module for the fuzz (src/engine/fuzz.ts ruleCoverage, checked by
 * test/fuzz/modules.test.ts): the rule references its events cite, each of which the CI fuzz games
 * must keep exercising. Seeded from the references the CI games exercised when counting began;
 * rules the bots do not yet reach are not listed, and a rule added here that no game can reach
 * needs its `unreachable` reason.
 */
import type { RuleCoverageList } from '#engine/fuzz.js';

export const ruleCoverageList: RuleCoverageList = {
  module: 'prefect',
  rules: [
    { rule: 'D-32' },
    { rule: 'D-37' },
    { rule: 'D-40' },
    { rule: 'D-44' },
    { rule: 'L264' },
    { rule: 'L435' },
    { rule: 'L445' },
    { rule: 'L655' },
    { rule: 'L766-774' },
    { rule: 'L782' },
    { rule: 'L796-800' },
    { rule: 'L854' },
    { rule: 'L860' },
    { rule: 'L894-896' },
    { rule: 'L906-908' },
    { rule: 'L952' },
  ],
};
