/**
 * Registry of the modules' rule coverage lists (each kept in its module's folder, with the reason
 * for every rule fuzz games cannot reach), for the fuzz test and `npm run fuzz`. A module without a
 * list is fuzzed as before, its rule counts reported but not checked.
 */
import type { RuleCoverageList } from '#engine/fuzz.js';
import { ruleCoverageList as cerberus } from '#games/cerberus/rule-coverage.js';
import { ruleCoverageList as prefect } from '#games/prefect/planetary/module/rule-coverage.js';
import { ruleCoverageList as prefectSpace } from '#games/prefect/space/module/rule-coverage.js';
import { ruleCoverageList as prefectCampaign } from '#games/prefect/campaign/module/rule-coverage.js';

export const ruleCoverageLists: Record<string, RuleCoverageList> = Object.fromEntries(
  [cerberus, prefect, prefectSpace, prefectCampaign].map((l) => [l.module, l]),
);
