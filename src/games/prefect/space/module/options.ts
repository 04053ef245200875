/**
 * Named options of the Space Game module (DESIGN.md principle 5). The scenario settles the rules'
 * open choices (D-01, D-53 ...); the options say how asynchronous play runs, and whether battles
 * are fought outside the server with Leviathan (D-87, L2432-2600, ../external/).
 */
import type { Json, OptionSpec } from '#engine/contract.js';
import type { SpaceOptions } from './types.js';

export const DEFAULT_OPTIONS: SpaceOptions = {
  reactionWindowSeconds: 600,
  externalCombat: 'OFF',
  externalResultSeconds: 86400,
  arrivalPlacement: 'after-detection',
  spaceCombatPlay: 'standing',
};

export const OPTION_SPECS: OptionSpec[] = [
  {
    id: 'reactionWindowSeconds',
    type: 'number',
    default: 600,
    rule: 'L1397',
    description:
      'Seconds the detecting player has to reassign his sector-defence units after T-space detections (H20).',
  },
  {
    id: 'externalCombat',
    type: 'string',
    default: 'OFF',
    values: ['OFF', 'LEVIATHAN'],
    rule: 'L2432-2600, D-87',
    description:
      "'LEVIATHAN': each deep-space interception and orbital-segment battle of the Space Combat Phase pauses; both players fight it with Leviathan and enter the result (destroyed / disorganised units, TFs that broke off); differing entries are asked again, a missed deadline falls back to Prefect resolution. Space Game only.",
  },
  {
    id: 'externalResultSeconds',
    type: 'number',
    default: 86400,
    rule: 'D-87',
    description: 'Deadline in seconds of each external-result entry (externalCombat).',
  },
  {
    id: 'arrivalPlacement',
    type: 'string',
    default: 'after-detection',
    values: ['after-detection', 'with-exit'],
    rule: 'L1387, L1401',
    description:
      "'after-detection': the owner places each arriving Task Force once he knows whether it was detected — detected ones at once, the others after the opponent's reaction (as written); 'with-exit': the sectors are named with the exits (one prompt fewer).",
  },
  {
    id: 'spaceCombatPlay',
    type: 'string',
    default: 'standing',
    values: ['standing', 'interactive'],
    rule: 'L1509-1521, L1675, L1741-1745, D-91',
    description:
      "'standing': the Space Combat Phase runs at once from the phasing side's sealed plan and the other side's standing reactions; 'interactive': it stops at each decision point the rules place in the phase and asks the side that decides — deep-space interception once the incoming force is detected, the undetected interceptors' column shift, the target segment once the interception is over, which units and bases fire on a Supply, Ground Support or Orbital Drop Task Force (any, some or none), whether to try to intercept a withdrawing Task Force and with which units, and which units move out of an opposing sector-defence segment (both players, sealed) — the plan's and reactions' choices being the defaults. Same procedure, so the same choices give the same result.",
  },
];

/** The platform's raw option map, checked: a wrong type fails at set-up, never mid-game. */
export function spaceOptions(raw: Record<string, Json>): SpaceOptions {
  const out: SpaceOptions = { ...DEFAULT_OPTIONS };
  for (const [k, v] of Object.entries(raw ?? {})) {
    if (k === 'reactionWindowSeconds') {
      if (typeof v !== 'number' || !Number.isInteger(v) || v < 10)
        throw new RangeError('reactionWindowSeconds must be a whole number of seconds ≥ 10');
      out.reactionWindowSeconds = v;
    } else if (k === 'externalCombat') {
      if (v !== 'OFF' && v !== 'LEVIATHAN') throw new RangeError("externalCombat must be 'OFF' or 'LEVIATHAN' (D-87)");
      out.externalCombat = v;
    } else if (k === 'externalResultSeconds') {
      if (typeof v !== 'number' || !Number.isInteger(v) || v < 60 || v > 14 * 86400)
        throw new RangeError('externalResultSeconds must be a whole number of seconds between 60 and 1209600 (D-87)');
      out.externalResultSeconds = v;
    } else if (k === 'arrivalPlacement') {
      if (v !== 'after-detection' && v !== 'with-exit')
        throw new RangeError("arrivalPlacement must be 'after-detection' or 'with-exit' (L1387, L1401)");
      out.arrivalPlacement = v;
    } else if (k === 'spaceCombatPlay') {
      if (v !== 'standing' && v !== 'interactive')
        throw new RangeError("spaceCombatPlay must be 'standing' or 'interactive' (D-91)");
      out.spaceCombatPlay = v;
    } else throw new RangeError(`prefect-space has no option '${k}'`);
  }
  return out;
}
