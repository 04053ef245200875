/**
 * Rule coverage list of the prefect-space module for the fuzz (src/engine/fuzz.ts ruleCoverage, checked by
 * test/fuzz/modules.test.ts): the rule references its events cite, each of which the CI fuzz games
 * must keep exercising. Seeded from the references the CI games exercised when counting began;
 * rules the bots do not yet reach are not listed, and a rule added here that no game can reach
 * needs its `unreachable` reason.
 */
import type { RuleCoverageList } from '#engine/fuzz.js';

export const ruleCoverageList: RuleCoverageList = {
  module: 'prefect-space',
  rules: [
    { rule: 'D-59' },
    { rule: 'D-62' },
    { rule: 'D-68' },
    { rule: 'D-72' },
    { rule: 'H25' },
    { rule: 'L1421' },
    { rule: 'L1449' },
    { rule: 'L1469' },
    { rule: 'L1473-1487' },
    { rule: 'L1475-1481' },
    { rule: 'L1485-1495' },
    { rule: 'L1511' },
    { rule: 'L1511-1527' },
    { rule: 'L1581-1613' },
    { rule: 'L1675' },
    { rule: 'L1713' },
    { rule: 'L1723' },
    { rule: 'L1743' },
    { rule: 'L1781' },
    { rule: 'L1783' },
    { rule: 'L1831-1841' },
    { rule: 'L1851' },
  ],
};
