/**
 * The Campaign sequence of play (L2177-2192, digest §4.5, D-75) as data, with a per-phase-kind
 * time-control table of documented defaults for the platform (the lead wires them). Items 1-10
 * are the rulebook's; 11-14 are reconstructed from L2171 ("Supply, Task Force Adjustment and
 * Tempo phases ... grouped") in the D-75 order; option `phaseOrder: 'PLANETARY'` gives
 * Supply → Withdrawal → TF Adjustment instead (drops then group at landing).
 */
import type { PromptKindInfo } from '#engine/contract.js';
import type { CampaignOptions } from './types.js';

export type PhaseKind = 'SEALED_ORDERS' | 'PLANNED_MOVES' | 'REACTION' | 'RESOLUTION' | 'ADMIN';
export type Who = 'BOTH_SIMUL' | 'ATTACKER' | 'DEFENDER' | 'SEQ_ATTACKER_FIRST' | 'SERVER';

export interface CampaignPhase {
  id: string;
  name: string;
  map: 'SPACE' | 'PLANETARY' | 'BOTH';
  who: Who;
  kind: PhaseKind;
  rule: string;
  /** True when the item is not printed as such (D-75). */
  reconstructed: boolean;
  note?: string;
}

export const CAMPAIGN_SEQUENCE_D75: readonly CampaignPhase[] = [
  {
    id: 'MISSION_ASSIGNMENT',
    name: 'Naval Mission Assignment',
    map: 'SPACE',
    who: 'BOTH_SIMUL',
    kind: 'SEALED_ORDERS',
    rule: 'L2179, H17',
    reconstructed: false,
  },
  {
    id: 'ATTACKER_TSPACE',
    name: 'Attacker T-Space Movement',
    map: 'SPACE',
    who: 'ATTACKER',
    kind: 'PLANNED_MOVES',
    rule: 'L2180',
    reconstructed: false,
    note: 'detection reaction window for the Defender (H20)',
  },
  {
    id: 'ATTACKER_INTRA',
    name: 'Attacker Intra-System Movement',
    map: 'SPACE',
    who: 'ATTACKER',
    kind: 'PLANNED_MOVES',
    rule: 'L2181',
    reconstructed: false,
  },
  {
    id: 'ATTACKER_SPACE_COMBAT',
    name: 'Attacker Space Combat',
    map: 'SPACE',
    who: 'ATTACKER',
    kind: 'RESOLUTION',
    rule: 'L2182, L2198, L2370',
    reconstructed: false,
    note: 'GS survivors enter GS boxes; OD transports enter OD boxes; DSI windows for the Defender (H23)',
  },
  {
    id: 'DEFENDER_TSPACE',
    name: 'Defender T-Space Movement',
    map: 'SPACE',
    who: 'DEFENDER',
    kind: 'PLANNED_MOVES',
    rule: 'L2183',
    reconstructed: false,
  },
  {
    id: 'DEFENDER_INTRA',
    name: 'Defender Intra-System Movement',
    map: 'SPACE',
    who: 'DEFENDER',
    kind: 'PLANNED_MOVES',
    rule: 'L2184',
    reconstructed: false,
  },
  {
    id: 'DEFENDER_SPACE_COMBAT',
    name: 'Defender Space Combat',
    map: 'SPACE',
    who: 'DEFENDER',
    kind: 'RESOLUTION',
    rule: 'L2185, L2198, L2370',
    reconstructed: false,
  },
  {
    id: 'GROUND_MOVEMENT',
    name: 'Attacker Ground Movement + Defender Ground Movement and Combat (interleaved)',
    map: 'PLANETARY',
    who: 'ATTACKER',
    kind: 'PLANNED_MOVES',
    rule: 'L2186-2187, D-75',
    reconstructed: false,
    note: 'phases 8 and 9 run as one interleaved phase; GS may support counter-attacks (L2204)',
  },
  {
    id: 'GROUND_COMBAT',
    name: 'Ground Combat',
    map: 'PLANETARY',
    who: 'SEQ_ATTACKER_FIRST',
    kind: 'RESOLUTION',
    rule: 'L2188-2190, D-76',
    reconstructed: false,
    note: 'GS commitments sealed per combat (D-76)',
  },
  {
    id: 'INDEPENDENT_ATTACKS',
    name: 'Independent GS attacks, then fighter attacks on OD boxes',
    map: 'BOTH',
    who: 'SEQ_ATTACKER_FIRST',
    kind: 'SEALED_ORDERS',
    rule: 'L2256-2258, L2380, D-80',
    reconstructed: false,
  },
  {
    id: 'CAMPAIGN_TF_ADJUSTMENT',
    name: 'Campaign TF Adjustment (ground, naval, grouping drops, naval rebuild)',
    map: 'BOTH',
    who: 'BOTH_SIMUL',
    kind: 'SEALED_ORDERS',
    rule: 'L2171, L2388, D-75',
    reconstructed: true,
  },
  {
    id: 'CAMPAIGN_SUPPLY',
    name: 'Campaign Supply (rearm/reorganise → rebuild → transfers → drops; drops land at the end)',
    map: 'BOTH',
    who: 'BOTH_SIMUL',
    kind: 'SEALED_ORDERS',
    rule: 'L2171, L2286-2291, L2390, D-75',
    reconstructed: true,
  },
  {
    id: 'GROUND_WITHDRAWAL',
    name: 'Ground Withdrawal',
    map: 'PLANETARY',
    who: 'BOTH_SIMUL',
    kind: 'SEALED_ORDERS',
    rule: 'L848-864, D-75',
    reconstructed: true,
  },
  {
    id: 'CAMPAIGN_TEMPO',
    name: 'Campaign Tempo (ground + space BT/CA)',
    map: 'BOTH',
    who: 'SERVER',
    kind: 'ADMIN',
    rule: 'L2171, D-39',
    reconstructed: true,
  },
];

/** The sequence for the chosen `phaseOrder` option (D-75). */
export function campaignSequence(o: Pick<CampaignOptions, 'phaseOrder'>): CampaignPhase[] {
  const seq = [...CAMPAIGN_SEQUENCE_D75];
  if (o.phaseOrder === 'D75') return seq;
  const head = seq.slice(0, 10);
  const byId = (id: string) => seq.find((p) => p.id === id)!;
  return [
    ...head,
    byId('CAMPAIGN_SUPPLY'),
    byId('GROUND_WITHDRAWAL'),
    { ...byId('CAMPAIGN_TF_ADJUSTMENT'), note: 'PLANETARY order: dropped units are grouped at landing' },
    byId('CAMPAIGN_TEMPO'),
  ];
}

/**
 * Time-control defaults per phase kind (documented defaults, not rules): sealed orders and
 * planned moves get two days, reaction windows a few hours, resolution steps run at once.
 */
export const TIME_CONTROLS: Readonly<Record<PhaseKind, { seconds: number; onTimeout: string; why: string }>> = {
  SEALED_ORDERS: {
    seconds: 48 * 3600,
    onTimeout: 'bot orders (standing orders / pass)',
    why: 'async play: one order set per player per day or two',
  },
  PLANNED_MOVES: { seconds: 48 * 3600, onTimeout: 'no moves', why: 'a whole movement plan, like sealed orders' },
  REACTION: {
    seconds: 4 * 3600,
    onTimeout: 'pass (standing orders apply)',
    why: 'short windows (interrupts, DSI, GS commitment) keep a turn within days',
  },
  RESOLUTION: { seconds: 0, onTimeout: 'n/a', why: 'the server resolves' },
  ADMIN: { seconds: 0, onTimeout: 'n/a', why: 'the server resolves' },
};

/**
 * Prompt kinds the campaign module will issue (GameModule.promptKinds) and their default step
 * lengths for TimeControl.perKind (seconds): thoughtful sealed phases two days, map moves a day
 * and a half, reaction windows (interrupts, DSI, GS commitment, detection reactions) four hours.
 */
export const CAMPAIGN_PROMPT_KINDS: readonly (PromptKindInfo & { phase: string; seconds: number })[] = [
  {
    kind: 'mission-assignment',
    phase: 'MISSION_ASSIGNMENT',
    seconds: 48 * 3600,
    description: 'Sealed naval missions for every TF (H17, H18).',
  },
  {
    kind: 'space-movement',
    phase: 'ATTACKER_TSPACE',
    seconds: 36 * 3600,
    description: 'T-space and intra-system moves of the phasing player.',
  },
  {
    kind: 'space-reaction',
    phase: 'ATTACKER_SPACE_COMBAT',
    seconds: 4 * 3600,
    description: 'Detection reactions and deep-space interception (H20, H23).',
  },
  {
    kind: 'ground-movement',
    phase: 'GROUND_MOVEMENT',
    seconds: 36 * 3600,
    description: "The Attacker's movement plan and the Defender's standing counter-orders.",
  },
  {
    kind: 'ground-reaction',
    phase: 'GROUND_MOVEMENT',
    seconds: 4 * 3600,
    description: 'Interactive interrupt / counter-attack windows.',
  },
  {
    kind: 'combat-declare',
    phase: 'GROUND_COMBAT',
    seconds: 24 * 3600,
    description: 'Attack declarations and detections.',
  },
  {
    kind: 'gs-commitment',
    phase: 'GROUND_COMBAT',
    seconds: 4 * 3600,
    description: 'Sealed naval ground-support commitment to one combat (D-76).',
  },
  {
    kind: 'independent-attacks',
    phase: 'INDEPENDENT_ATTACKS',
    seconds: 12 * 3600,
    description: 'Independent GS attacks, Attacker first, then drop attacks (L2258, D-80).',
  },
  {
    kind: 'tf-adjustment',
    phase: 'CAMPAIGN_TF_ADJUSTMENT',
    seconds: 48 * 3600,
    description: 'Ground and naval TF changes, grouping dropped units (L2388).',
  },
  {
    kind: 'supply',
    phase: 'CAMPAIGN_SUPPLY',
    seconds: 48 * 3600,
    description: 'The four supply steps and drop landings (L2286-2291, L2390).',
  },
  {
    kind: 'withdrawal',
    phase: 'GROUND_WITHDRAWAL',
    seconds: 24 * 3600,
    description: 'Moves of disorganised ground units.',
  },
];

/** Default TimeControl.perKind for a campaign game. */
export const DEFAULT_PER_KIND: Readonly<Record<string, number>> = Object.fromEntries(
  CAMPAIGN_PROMPT_KINDS.map((k) => [k.kind, k.seconds]),
);
