/**
 * The `prefect-campaign` module's state and orders (issue 10): the library's CampaignState
 * (../types.ts) with its space half kept as the Space module's SpaceGameState (so the space phase
 * machine runs on it unchanged) plus the campaign stage (D-75 sequence, ../sequence.ts).
 */
import type { AdjustmentOrder as GroundAdjustmentOrder } from '../../planetary/index.js';
import type {
  AdjustOrder as NavalAdjustOrder,
  SupplyOrder as NavalSupplyOrder,
  SpaceGameState,
} from '../../space/index.js';
import type { CampaignState } from '../types.js';

export type { Side } from '../../common/types.js';

/**
 * D-75 stages of one campaign turn:
 * SPACE (items 1-7: the Space module's MISSIONS → both halves' T-space / move / combat) →
 * GROUND (items 8-9: planetary movement + counter-actions, then the combat phase) →
 * END_OF_COMBAT (item 10: independent GS attacks, Attacker then Defender, then drop attacks) →
 * ADJUST (item 11: ground and naval TF adjustment, sealed) → SUPPLY (item 12, sealed) →
 * WITHDRAWAL (item 13, only sides with disorganised units) → Tempo (item 14, automatic).
 */
export type CampaignStage = 'SPACE' | 'GROUND' | 'END_OF_COMBAT' | 'ADJUST' | 'SUPPLY' | 'WITHDRAWAL' | 'GAME_OVER';

export interface CampaignGameState extends CampaignState {
  space: SpaceGameState;
  stage: CampaignStage;
  /** Key of the campaign's own aliases (none yet) and part of the secrets probe. */
  viewSecret: string;
  /** Item 10: drop attacks ordered by a side, held until both sides' independent attacks are done (D-80). Never shown. */
  /** D-76: the Combat Phase waiting for GS commitments (the Defender's detect order, who commits, sealed commitments). */
  pendingSupport?: {
    detect: unknown;
    sides: ('TOG' | 'CW')[];
    sealed: Partial<Record<'TOG' | 'CW', { attack: string; units: string[] }[]>>;
  };
  /** GL4 manufacturing (L2356-2362): SP each transport loaded in the off-system zone and still holds (never shown). */
  offSystemSp?: Record<string, number>;
  heldDropAttacks?: Partial<Record<'TOG' | 'CW', { zone: number; fighters: string[] }[]>>;
  /** L2204, D-76: the counter-attacker's sealed naval support of his interactive counter-attack(s), kept until the combat (counter-support.ts). Never shown. */
  counterSupport?: { side: 'TOG' | 'CW'; list: { units: string[]; tfs?: string[] }[] };
  /** L2272: the turn's N-space detection of each naval TF at the planet, from the space phase's NSPACE_* events (public; nspace-record.ts). */
  nspaceDetected?: { turn: number; tfs: Record<string, boolean> };
}

/** Item 11 (L2171, D-75): one sealed order per side covering both maps. */
export interface CampaignAdjustOrder {
  kind: 'tf-adjustment';
  ground: GroundAdjustmentOrder;
  naval: NavalAdjustOrder;
  /** L2388: dropped units grouped into TFs; absent = one TF per zone and organisation. */
  drops?: { zone: number; units: string[] }[];
}

/** Item 12 (L2286-2291): the ground Supply Phase order and the naval Supply order, sealed together. */
export interface CampaignSupplyOrder {
  kind: 'campaign-supply';
  ground: unknown;
  naval: NavalSupplyOrder;
  /** L2390: the landing hex of each dropped group; absent = the legal hex of the zone nearest an objective. */
  landings?: { group: number; hex: string }[];
  /** Step 3 (L2290) links between the maps (supply-link.ts): SP carried down to Legion bases (L2280-2282, GL4 bonus L2352-2362). */
  deliver?: { transport: string; base: string; sp: number }[];
  /** L2323-2332: ground units aboard unloaded onto a friendly base reached on a Supply mission. */
  unload?: { units: string[]; base: string; into?: string }[];
  /** L2307, L2328: ground units at a friendly base loaded onto a Supply TF's transports there. */
  load?: { unit: string; transports: string[]; dump?: Record<string, number> }[];
  /** L2412-2416, D-51: ground bases of rank 1-3 built by a TF's Construction Engineers. */
  build?: { tf: string; type: string; sources: { id: string; amount: number }[] }[];
  /** L2418-2422: a carried (dismantled) base handed to a TF with Construction Engineers. */
  placeBases?: { base: string; tf: string }[];
  /** L2290, L1919-1927: SP up from a Legion base to a transport or naval base of its orbital segment (supply-lift.ts). */
  lift?: { base: string; to: string; sp: number }[];
}

/** Who owes what, with the campaign prompt kind (for TimeControl.perKind) and the sub-module's own kind. */
export interface CampaignOwed {
  side: 'TOG' | 'CW';
  kind: string;
  inner: string;
  secret: boolean;
}
