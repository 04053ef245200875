/**
 * Named options of the Campaign (DESIGN.md principle 5), each settling a gap of the text with the
 * digest's suggestion as default, plus the optional manufacturing rule. The module adds these to
 * the planetary OPTION_SPECS (../options.ts), which also apply to the ground half.
 */
import type { Json, OptionSpec } from '#engine/contract.js';
import { DEFAULT_CAMPAIGN_OPTIONS, type CampaignOptions } from './types.js';

export const CAMPAIGN_OPTION_SPECS: OptionSpec[] = [
  {
    id: 'boxVisibility',
    type: 'string',
    default: 'PUBLIC',
    values: ['PUBLIC', 'OWNER'],
    rule: 'H39',
    description:
      'Ground Support and Orbital Drop boxes: PUBLIC shows the enemy the counters (types) in them; OWNER shows only how many.',
  },
  {
    id: 'gsCommitMode',
    type: 'string',
    default: 'SIMUL',
    values: ['SIMUL', 'ATTACKER_FIRST'],
    rule: 'D-76',
    description:
      'Naval ground support for a combat: sealed orders revealed together, or the combat attacker first (as in the example).',
  },
  {
    id: 'gl4Manufacturing',
    type: 'boolean',
    default: false,
    rule: 'L2352-2362',
    description:
      'Optional rule: Planetary Support Bases (GL4) add 25% (rounded down) to SP delivered straight from the off-system zone.',
  },
  {
    id: 'legionBasesInSpace',
    type: 'boolean',
    default: true,
    rule: 'L1767, L1867, L2155',
    description:
      'Legion ground bases on Ku Crassus fight in space combat in the orbital segment of their zone (as the rules say); false leaves them out (the invader bot was tuned without them).',
  },
  {
    id: 'phaseOrder',
    type: 'string',
    default: 'D75',
    values: ['D75', 'PLANETARY'],
    rule: 'D-75',
    description:
      'End of turn: TF Adjustment → Supply → Withdrawal → Tempo (D-75), or the planetary Supply → Withdrawal → TF Adjustment.',
  },
];

/** Checked campaign options: defaults for what is missing; unknown ids and wrong values throw. */
export function campaignOptions(raw: Record<string, Json> | undefined): CampaignOptions {
  const out: CampaignOptions = { ...DEFAULT_CAMPAIGN_OPTIONS };
  for (const [id, v] of Object.entries(raw ?? {})) {
    const spec = CAMPAIGN_OPTION_SPECS.find((o) => o.id === id);
    if (!spec) throw new RangeError(`Prefect campaign option '${id}' does not exist`);
    if (typeof v !== spec.type || (spec.values && !spec.values.includes(v as string))) {
      throw new RangeError(
        `Prefect campaign option '${id}' must be ${spec.values ? `one of ${spec.values.join(', ')}` : `a ${spec.type}`} (${spec.rule})`,
      );
    }
    (out as unknown as Record<string, Json>)[id] = v;
  }
  return out;
}
