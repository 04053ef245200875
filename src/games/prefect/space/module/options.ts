/**
 * Named options of the Space Game module (DESIGN.md principle 5). The scenario settles the rules'
 * open choices (D-01, D-53 ...); the options only say how asynchronous play runs.
 */
import type { Json, OptionSpec } from '../../../../engine/contract.js';
import type { SpaceOptions } from './types.js';

export const DEFAULT_OPTIONS: SpaceOptions = { reactionWindowSeconds: 600 };

export const OPTION_SPECS: OptionSpec[] = [
  {
    id: 'reactionWindowSeconds', type: 'number', default: 600, rule: 'L1397',
    description: 'Seconds the detecting player has to reassign his sector-defence units after T-space detections (H20).',
  },
];

/** The platform's raw option map, checked: a wrong type fails at set-up, never mid-game. */
export function spaceOptions(raw: Record<string, Json>): SpaceOptions {
  const out: SpaceOptions = { ...DEFAULT_OPTIONS };
  for (const [k, v] of Object.entries(raw ?? {})) {
    if (k !== 'reactionWindowSeconds') throw new RangeError(`prefect-space has no option '${k}'`);
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 10) throw new RangeError('reactionWindowSeconds must be a whole number of seconds ≥ 10');
    out.reactionWindowSeconds = v;
  }
  return out;
}
