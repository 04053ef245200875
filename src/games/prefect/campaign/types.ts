/**
 * Renegade Legion: Prefect — Campaign Game vocabulary (rulebook L2119-2426, digest §4.5-4.6,
 * §5.C, D-75-D-86). The campaign state holds the planetary and the space state side by side
 * and adds what links them: a Ground Support (GS) box and an Orbital Drop (OD) box per
 * planetary zone (L2147), ground units carried by transports (L2301-2332), and the per-turn
 * bookkeeping of GS use (D-83). Plain JSON; rules functions mutate a working copy (callers clone).
 */
import type { Provenance } from '#engine/tables.js';
import type { FieldProvenance, Side } from '../common/types.js';
import type { PrefectState } from '../planetary/index.js';
import type { NavalBaseClass, SpaceState } from '../space/index.js';

export type { Side } from '../common/types.js';
export type { RuleError } from '../space/index.js';

/** A naval unit waiting in a zone's GS box (L2202): still a member of its naval TF. */
export interface GsEntry {
  unit: string;
  tf: string;
  side: Side;
}

/** One transport's load in a zone's OD box (L2378, L2402). */
export interface OdEntry {
  side: Side;
  transport: string;
  tf: string;
  /** Ground units dropped (they are off both maps while in the box). */
  units: string[];
  /** Supply dropped to a Legion/Auxilia HQ (L2398-2406). */
  supply?: number;
  /** Supply-drop recipient HQ unit id. */
  toHq?: string;
  /** A dismantled rank 1-3 base dropped to a TF with Construction Engineers (L2408). */
  base?: { type: string; toTf: string; id?: string; loads?: { transport: string; sp: number }[] };
  /** Set by TF Adjustment (L2388): the dropped TF each unit belongs to. */
  group?: number;
}

/** Ground TF formed from dropped units (L2388), waiting to land at the end of Supply (L2390). */
export interface DropGroup {
  id: number;
  side: Side;
  zone: number;
  org: string;
  units: string[];
}

export interface ZoneBoxes {
  gs: GsEntry[];
  od: OdEntry[];
}

/** Where a carried ground unit is (L2307): under one or several transports of one TF (L2322). */
export interface Cargo {
  transports: string[];
}

export interface CampaignOptions {
  /** H39: who sees the GS/OD boxes. 'PUBLIC' (digest suggestion): counters and their types; 'OWNER': counts only. */
  boxVisibility: 'PUBLIC' | 'OWNER';
  /** D-76: GS commitment to a ground combat as sealed simultaneous orders, or attacker first. */
  gsCommitMode: 'SIMUL' | 'ATTACKER_FIRST';
  /** L2352-2362 optional rule: Planetary Support Base (GL4) manufacturing, +25% on direct deliveries. */
  gl4Manufacturing: boolean;
  /** D-75: campaign end-of-turn order; 'PLANETARY' = Supply → Withdrawal → TF Adjustment. */
  phaseOrder: 'D75' | 'PLANETARY';
  /** L1767, L1867, L2155: Legion ground bases at Ku Crassus take part in space combat in their segment (module/legion-bases.ts). */
  legionBasesInSpace: boolean;
}

export const DEFAULT_CAMPAIGN_OPTIONS: CampaignOptions = {
  boxVisibility: 'PUBLIC',
  gsCommitMode: 'SIMUL',
  gl4Manufacturing: false,
  phaseOrder: 'D75',
  legionBasesInSpace: true,
};

export interface CampaignState {
  module: 'prefect-campaign';
  scenario: string;
  turn: number;
  maxTurns: number;
  attacker: Side;
  options: CampaignOptions;
  planetary: PrefectState;
  space: SpaceState;
  /** Zone 1..10 → its GS and OD boxes (L2147). */
  zones: Record<number, ZoneBoxes>;
  /** Naval units committed this turn, to a support or an independent attack (D-83). */
  gsUsed: string[];
  /** Ground unit id → transports carrying it. */
  cargo: Record<string, Cargo>;
  dropGroups: DropGroup[];
  /** Campaign Supply step reached this turn (L2286-2291): 0 = not started, 1..4. */
  supplyStep: number;
  /** D-76: sealed GS commitments to the ground combat being resolved (hidden until both are in). */
  pendingGs?: { combat: string; zone: number; sealed: Partial<Record<Side, string[]>> };
  /** End of the Ground Combat Phase (L2256-2258, L2380, D-80): who has finished his independent attacks. */
  endOfCombat: { independentDone: Side[]; dropAttacksDone: boolean };
  /** Naval ground bases (GN) built or deployed on the planetary map (L2414): base id → hex. */
  navalBaseHexes: Record<string, string>;
  seq: number;
  /** D-51, L952-956: scenario base slots given out (indices into the scenario's `extraBases`) and TF assignments awaiting construction (base-availability.ts). */
  basePool?: { used: number[]; assigned: Record<string, { type: string; turn: number; slot: number }> };
  /** L2418, L2095-2101: dismantled rank 1-3 Legion bases aboard transports; each carrier's `baseLoad` holds its share (carried-bases.ts). */
  carriedBases?: Record<string, { side: Side; type: 'GL1' | 'GL2' | 'GL3' }>;
  /** Set at game end (L2175, D-01). */
  result?: { winner: Side; summary: string };
}

// ============================================================== data pack

/** Ground-base values used against space forces in the Campaign (L2153-2157). */
export interface GroundBaseCombat {
  id: string; // 'GL1'..'GL4', 'GN1'..'GN3'
  attack: number;
  defence: number;
  esm: number;
  provenance: Provenance;
}

export interface CampaignRules {
  /** Ku Crassus sector on the system map: its 10 OFAT segments are the 10 zones (L2139-2145). */
  planetSector: string;
  /** Zone n ↔ segment n (L2145). */
  zoneToSegment: Record<string, number>;
  zoneProvenance: Provenance;
  /** The ASD Century (L2133-2137): its planetary type id and the save modifier per Century. */
  asd: {
    unitType: string;
    saveModifierPerCentury: number;
    reorgCost: number;
    provenance: Provenance;
    fieldProvenance?: FieldProvenance;
  };
  /** SP of transport room per ground unit type (L2309-2314); others use `default`. */
  transportSp: { byType: Record<string, number>; default: number; provenance: Provenance };
  legionBaseCombat: Record<string, GroundBaseCombat>;
  /** L2358: manufacturing bonus (fraction), rounded down. */
  manufacturingBonus: { fraction: number; provenance: Provenance };
  /** Ships fail against air defence only on this roll (L2232). */
  shipAirDefenceFailRoll: { roll: number; provenance: Provenance };
  /** ESM penalty per spacecraft in an independent attack's detection (L2266). */
  spacecraftEsmPenalty: { value: number; provenance: Provenance };
}

export interface CampaignVictory {
  kind: 'invasion';
  invader: Side;
  /** Every base of these classes on Ku Crassus must be controlled by the invader (D-01). */
  baseClasses: string[];
  /** Fraction of the urban areas the invader must control (D-01: half). */
  urbanFraction: number;
  provenance: Provenance;
}

export interface CampaignScenario {
  id: string;
  title: string;
  description: string;
  turns: number;
  firstAttacker: Side;
  invader: Side;
  /** Ground forces (planetary unit types). */
  ground: {
    orgs: { id: string; side: Side; kind: 'LEGION' | 'AUXILIA'; name: string }[];
    units: { id: string; type: string; side: Side; org: string }[];
    /** Units on the map at set-up: TF groups placed in a hex (the defender's forces). */
    tfs: { side: Side; org: string; counter: number; hex: string; units: string[] }[];
    /** Units aboard transports at set-up (the invader's forces). */
    cargo: { unit: string; transports: string[] }[];
    bases: { id: string; side: Side; type: 'GL1' | 'GL2' | 'GL3' | 'GL4'; hex: string; supply: number }[];
    urbanControl: Record<string, Side | null>;
    hqSupply: Record<string, number>;
  };
  naval: {
    units: { id: string; type: string; side: Side; independent?: boolean; supply?: number }[];
    tfs: { id: string; side: Side; counterNo: number; place: 'OFFSYSTEM' | string; units: string[] }[];
    bases: { id: string; side: Side; type: NavalBaseClass; sector: string; segment: number; supply: number }[];
  };
  /** SP reaching each side's off-system zone per turn (L2282-2284): loaded onto transports there. */
  offSystemSupply: { side: Side; turn: number | 'each'; sp: number; provenance: Provenance }[];
  /** SP produced per turn by each controlled urban area (L2284). */
  urbanProduction: { sp: number; provenance: Provenance };
  rebuildLimit: number;
  /** D-51, L952: ground bases made available during the scenario (built by Construction Engineers or carried dismantled, L2414-2422). */
  extraBases?: { turn: number; side: Side; type: 'GL1' | 'GL2' | 'GL3' | 'GN1' | 'GN2' | 'GN3' }[];
  victory: CampaignVictory;
  provenance: Provenance;
  fieldProvenance?: FieldProvenance;
}
