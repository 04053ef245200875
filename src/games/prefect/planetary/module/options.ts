/**
 * Named options of the Prefect Planetary Game (DESIGN.md principle 5): each settles an ambiguity
 * of the rulebook with the digest's suggested default (decision D-nn, digest §7) or chooses how
 * asynchronous play runs. `prefectOptions` turns the platform's raw option map into a checked
 * PrefectOptions (wrong types or values fail at set-up, never mid-game).
 */
import type { Json, OptionSpec } from '#engine/contract.js';
import type { PrefectOptions } from '../types.js';

export const DEFAULT_OPTIONS: PrefectOptions = {
  legionTfLimit: 18,
  lafSaveModifier: 2,
  engineerLiteral: false,
  baseDetectionSign: -1,
  revealMode: 'TABLETOP',
  deliveriesAfterSpending: false,
  terrainDecoupled: false,
  interleave: 'planned',
  setupPlacement: 'alternating',
  reactionWindowSeconds: 600,
  externalCombat: 'OFF',
  externalResultSeconds: 86400,
};

export const OPTION_SPECS: OptionSpec[] = [
  {
    id: 'legionTfLimit',
    type: 'number',
    default: 18,
    rule: 'D-07',
    description: 'Task Force counters per Legion: 18 (L107, record-sheet capacity) or 20 (L183).',
  },
  {
    id: 'lafSaveModifier',
    type: 'number',
    default: 2,
    rule: 'D-28',
    description:
      'Modifier to the save targets of units that moved in LAF mode this turn (L645): +2 as written, -2 or 0.',
  },
  {
    id: 'engineerLiteral',
    type: 'boolean',
    default: false,
    rule: 'D-29',
    description:
      'Combat Engineer Century: false = helps (+1 to one combat unit save target); true = the literal -1 (L944).',
  },
  {
    id: 'baseDetectionSign',
    type: 'number',
    default: -1,
    rule: 'D-04',
    description: 'A base Value makes detection harder (-1, default) or is added literally (+1) (L517).',
  },
  {
    id: 'revealMode',
    type: 'string',
    default: 'TABLETOP',
    values: ['TABLETOP', 'STRICT'],
    rule: 'D-19',
    description:
      'TABLETOP reveals detection targets, combat totals and rolls as at the table; STRICT shows only outcomes.',
  },
  {
    id: 'deliveriesAfterSpending',
    type: 'boolean',
    default: false,
    rule: 'D-40',
    description: 'Scenario supply deliveries after spending (L262 reading) instead of right after transfers (L766).',
  },
  {
    id: 'terrainDecoupled',
    type: 'boolean',
    default: false,
    rule: 'D-20',
    description:
      'Choose the detection terrain and the defence terrain of a multi-terrain hex independently (departs from L519).',
  },
  {
    id: 'interleave',
    type: 'string',
    default: 'planned',
    values: ['planned', 'interactive'],
    rule: 'L393-457',
    description:
      "Movement Phase play: 'planned' = sealed movement plan + standing counter-orders resolved in one step; 'interactive' = one prompt per attacker move and per defender reaction window.",
  },
  {
    id: 'setupPlacement',
    type: 'string',
    default: 'alternating',
    values: ['alternating', 'sealed'],
    rule: 'L238-240',
    description:
      "Set-up placement of TF counters: 'alternating' one at a time as written, or 'sealed' (both place all at once; the zones are disjoint).",
  },
  {
    id: 'reactionWindowSeconds',
    type: 'number',
    default: 600,
    rule: 'L393-457',
    description:
      'Deadline in seconds of each interactive reaction window (interrupt, counter-attack, mover detection, defender actions).',
  },
  {
    id: 'externalCombat',
    type: 'string',
    default: 'OFF',
    values: ['OFF', 'CENTURION'],
    rule: 'L2602-2798, D-87',
    description:
      "'CENTURION': each Combat Phase attack between Task Forces is played outside the server with Centurion and both players enter the agreed result (converted by L2749-2798); a missed deadline falls back to Prefect resolution. With interleave 'interactive' a Defender counter-attack during movement pauses the same way (L2725-2732); in planned play (movement resolved in one step) counter-attacks stay on the Prefect CRT. Planetary game only.",
  },
  {
    id: 'externalResultSeconds',
    type: 'number',
    default: 86400,
    rule: 'D-87',
    description: 'Deadline in seconds of each external-result entry (externalCombat).',
  },
];

function bad(id: string, why: string): never {
  throw new RangeError(`Prefect option '${id}' ${why}`);
}

/** Checked options: defaults for what is missing; unknown ids and wrong values are refused. */
export function prefectOptions(raw: Record<string, Json> | undefined): PrefectOptions {
  const out: PrefectOptions = { ...DEFAULT_OPTIONS };
  for (const [id, v] of Object.entries(raw ?? {})) {
    const spec = OPTION_SPECS.find((o) => o.id === id);
    if (!spec) bad(id, 'does not exist');
    if (typeof v !== spec.type) bad(id, `must be a ${spec.type}`);
    if (spec.values && !spec.values.includes(v as string)) bad(id, `must be one of ${spec.values.join(', ')}`);
    (out as unknown as Record<string, Json>)[id] = v;
  }
  if (out.legionTfLimit !== 18 && out.legionTfLimit !== 20) bad('legionTfLimit', 'must be 18 or 20');
  if (![2, -2, 0].includes(out.lafSaveModifier)) bad('lafSaveModifier', 'must be 2, -2 or 0');
  if (out.baseDetectionSign !== -1 && out.baseDetectionSign !== 1) bad('baseDetectionSign', 'must be -1 or 1');
  if (
    !Number.isInteger(out.reactionWindowSeconds) ||
    out.reactionWindowSeconds < 10 ||
    out.reactionWindowSeconds > 7 * 86400
  ) {
    bad('reactionWindowSeconds', 'must be a whole number of seconds between 10 and 604800');
  }
  const ext = out.externalResultSeconds ?? 86400;
  if (!Number.isInteger(ext) || ext < 60 || ext > 14 * 86400)
    bad('externalResultSeconds', 'must be a whole number of seconds between 60 and 1209600');
  return out;
}
