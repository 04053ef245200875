/**
 * Named game options that settle ambiguities in the rules of space superiority, special forces,
 * reinforcements, strategic movement and victory (DESIGN.md principle 5). Each has a documented
 * default (the text as written where it is plain, else the digest's SUGGEST ruling) and names
 * the rule it settles.
 *
 * `RuleOptions` also carries the two optional rules these modules read, `extended` (16) and
 * `weather` (15), which are defined in the data pack's options.json (not repeated here).
 */
import type { Json, OptionSpec } from '#engine/contract.js';

export interface RuleOptions {
  /** 16 (data/options.json 'extended'): the Extended Game, no turn limit. */
  extended: boolean;
  /** 15 (data/options.json 'weather'): optional weather rules. */
  weather: boolean;
  /** C8 (13.41, 14.23): 'skip' = no Space Superiority Phase on turn 1, marker stays at Human +6. */
  turnOneSpacePhase: 'skip' | 'play';
  /** G31 (15.3): with weather on and Phase A skipped on turn 1, storms still move and generate. */
  weatherOnTurnOne: boolean;
  /** G29 (3.2 A.3, 13.41): when both call, 'both-spent' = both efforts used and both spacings restart. */
  majorEffortBothCall: 'both-spent' | 'none-spent';
  /** 10.41: the once-per-game-turn disruption limit applies to Spaceports only (as written) or to every installation (G15). */
  sfDisruptionLimit: 'every-installation' | 'spaceports-only';
  /** G14 (13.71 'SF UNITS'): whether SF merely held for combat (never placed) count toward the turn's cap. */
  sfHeldCountsTowardCap: boolean;
  /** 10.3: the one-SF-reinforcement-per-turn limit also counts scheduled Cetian SF reinforcements (14.22). */
  sfReturnQueueIncludesScheduled: boolean;
  /** G6 (14.22): the turn-1 Provisional still arrives if the Spaceport has been reduced to a Base (off: it is lost). */
  provisionalAtReducedSpaceport: boolean;
  /** G7 (14.4): a Spaceport may stand in for a Base in the Minimum Garrison combinations. */
  garrisonSpaceportCountsAsBase: boolean;
  /** 14.5: a Spaceport scores 10 for the enemy when destroyed, reduced or not ('on-destruction'), or 5 when reduced and 5 more when destroyed ('split', G9). */
  reducedSpaceportVp: 'split' | 'on-destruction';
  /** G27 (12.13, 14.5): units eliminated for lack of supply count as destroyed for the enemy's VP. */
  supplyEliminationScoresVp: boolean;
  /** G27 (14.5): VP for destroying the Cetian Guards Heavy Weapons company (a company, not a battalion). */
  guardsHeavyWeaponsVp: number;
  /** 7.7: losses are taken from each player's standing loss-priority order, or asked interactively. */
  lossChoice: 'standing' | 'interactive';
  /** H5 (2.6): the Fleet boxes are public (System, Earth and Tau Ceti show counts only). */
  fleetBoxPublic: boolean;
  /** H7 (15.9): who picks the season with weather on: fixed by the `season` option at creation, or the Human at his set-up. */
  seasonChosenBy: 'players' | 'human';
}

export const RULE_OPTION_DEFAULTS: RuleOptions = {
  extended: false,
  weather: false,
  turnOneSpacePhase: 'skip',
  weatherOnTurnOne: true,
  majorEffortBothCall: 'both-spent',
  sfDisruptionLimit: 'spaceports-only',
  sfHeldCountsTowardCap: false,
  sfReturnQueueIncludesScheduled: true,
  provisionalAtReducedSpaceport: true,
  garrisonSpaceportCountsAsBase: false,
  reducedSpaceportVp: 'on-destruction',
  supplyEliminationScoresVp: true,
  guardsHeavyWeaponsVp: 3,
  lossChoice: 'standing',
  fleetBoxPublic: true,
  seasonChosenBy: 'players',
};

export const RULE_OPTIONS: OptionSpec[] = [
  {
    id: 'turnOneSpacePhase',
    type: 'string',
    default: 'skip',
    values: ['skip', 'play'],
    rule: '13.41, 14.23',
    description:
      "Turn 1 has no Space Superiority Phase (the Human 'Massive effort'): the marker stays at Human +6 ('skip'), or the phase is played as on other turns ('play').",
  },
  {
    id: 'weatherOnTurnOne',
    type: 'boolean',
    default: true,
    rule: '15.3',
    description:
      'With weather on, storms move and generate on turn 1 even though the Space Superiority Phase is skipped.',
  },
  {
    id: 'majorEffortBothCall',
    type: 'string',
    default: 'both-spent',
    values: ['both-spent', 'none-spent'],
    rule: '3.2 A.3, 13.41',
    description:
      'When both players call a Major Effort they cancel; both efforts are spent and both spacings restart, or neither is spent.',
  },
  {
    id: 'sfDisruptionLimit',
    type: 'string',
    default: 'spaceports-only',
    values: ['spaceports-only', 'every-installation'],
    rule: '10.41',
    description:
      "Which installations may be attacked for disruption only once per game turn: 'spaceports-only' (default, 10.41 as written: 'A given Spaceport may only be attacked … one time in each game turn'), or every installation (Bases and E-Fields too).",
  },
  {
    id: 'sfHeldCountsTowardCap',
    type: 'boolean',
    default: false,
    rule: '10.43, 13.71',
    description: 'SF held for combat but never placed count toward the Effects Chart SF cap of the turn.',
  },
  {
    id: 'sfReturnQueueIncludesScheduled',
    type: 'boolean',
    default: true,
    rule: '10.3, 14.22',
    description: 'The one-SF-reinforcement-per-turn limit also counts the scheduled Cetian SF reinforcements.',
  },
  {
    id: 'provisionalAtReducedSpaceport',
    type: 'boolean',
    default: true,
    rule: '14.22',
    description:
      'The turn-1 Provisional battalion still arrives at a Spaceport reduced to a Base (off: it is lost, as if the Spaceport were destroyed).',
  },
  {
    id: 'garrisonSpaceportCountsAsBase',
    type: 'boolean',
    default: false,
    rule: '14.4',
    description: 'A Spaceport may stand in for a Base in the Minimum Garrison combinations.',
  },
  {
    id: 'reducedSpaceportVp',
    type: 'string',
    default: 'on-destruction',
    values: ['on-destruction', 'split'],
    rule: '14.5, CRT notes',
    description:
      "A Spaceport reduced to a Base scores the enemy 10 VP when destroyed and nothing before ('on-destruction', default, 14.5: 'Each Spaceport destroyed: 10 points'), or 5 at once and 5 more if destroyed ('split').",
  },
  {
    id: 'supplyEliminationScoresVp',
    type: 'boolean',
    default: true,
    rule: '12.13, 14.5',
    description: 'Units eliminated for lack of supply count as destroyed for the enemy.',
  },
  {
    id: 'guardsHeavyWeaponsVp',
    type: 'number',
    default: 3,
    rule: '14.5',
    description: 'VP for destroying the Guards Heavy Weapons company (3 as a Heavy Weapons unit, or 4 as Guards).',
  },
  {
    id: 'lossChoice',
    type: 'string',
    default: 'standing',
    values: ['standing', 'interactive'],
    rule: '7.7',
    description:
      "Combat losses come from each player's standing loss-priority order, or are asked for after each result.",
  },
  {
    id: 'fleetBoxPublic',
    type: 'boolean',
    default: true,
    rule: '2.6',
    description: 'The Fleet boxes are public; the System, Earth and Tau Ceti boxes show only a count to the opponent.',
  },
  {
    id: 'seasonChosenBy',
    type: 'string',
    default: 'players',
    values: ['players', 'human'],
    rule: '15.9',
    description:
      "With weather on, who selects the (northern) season: 'players' (default), agreed when the game is created through the season option; 'human', the Human player in his set-up order (he 'selected the actual date of the invasion'), the season option being his default.",
  },
];

/** Typed options from a game's option record: defaults filled in, wrong types rejected. */
export function ruleOptions(options: Record<string, Json> | undefined): RuleOptions {
  const out: RuleOptions = { ...RULE_OPTION_DEFAULTS };
  if (!options) return out;
  for (const id of ['extended', 'weather'] as const) {
    const v = options[id];
    if (v === undefined || v === null) continue;
    if (typeof v !== 'boolean') throw new TypeError(`option ${id} must be a boolean`);
    out[id] = v;
  }
  for (const spec of RULE_OPTIONS) {
    const v = options[spec.id];
    if (v === undefined || v === null) continue;
    if (typeof v !== spec.type) throw new TypeError(`option ${spec.id} must be a ${spec.type}`);
    if (spec.values && !spec.values.includes(v as string)) {
      throw new RangeError(`option ${spec.id} must be one of ${spec.values.join(', ')}`);
    }
    (out as unknown as Record<string, Json>)[spec.id] = v;
  }
  return out;
}
