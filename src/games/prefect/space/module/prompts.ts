/**
 * Kernel Prompts for what each side owes (sequence.ts owedAt): a description, the legal choices a
 * client needs (computed only from the owing side's own forces and public markers, so a client
 * needs no rules), always-legal default orders, and the reaction window's own deadline (H20).
 */
import type { Json, Prompt } from '#engine/contract.js';
import { spaceData, spaceScenario } from '../data/index.js';
import { missionOrderErrors, tfsNeedingMission } from '../missions.js';
import { segmentsOf } from '../ofat.js';
import { reorganiseCost } from '../rearm.js';
import { basesIn, liveUnitsOf, sectorById, sectorOf, stats } from '../state.js';
import { tSpaceSignal } from '../tspace.js';
import type { Mission, MissionOrder } from '../types.js';
import { MISSIONS } from '../types.js';
import { resolvableTfs } from '../resolution/index.js';
import { mustEnter } from './apply.js';
import { deadlineDefault, entryChoices, promptDefault } from '../external/entry.js';
import { emptyPlan, standingReactions } from './combat-link.js';
import { movableTfs, owedAt, phasingOf, type Owed } from './sequence.js';
import type { Side, SpaceGameState, SpaceOrder } from './types.js';

const j = (v: unknown): Json => JSON.parse(JSON.stringify(v ?? null)) as Json;
export const SECTOR_IDS: readonly string[] = spaceData.map.sectors.map((x) => x.id);

/** A trial order for one TF and one mission, filled so that only the mission's own rules decide. */
export function trialMission(s: SpaceGameState, tf: string, mission: Mission): MissionOrder {
  const o: MissionOrder = { tf, mission };
  if (mission === 'SECTOR_DEFENCE') o.sdAllocation = { 1: liveUnitsOf(s, tf).map((u) => u.id) };
  if (mission === 'WITHDRAWAL') o.params = { destination: 'OFFSYSTEM' };
  return o;
}

/** Missions `tf` may take on its own (L1210-1296); the one-SD-per-sector rule binds the whole set. */
export function legalMissions(s: SpaceGameState, side: Side, tf: string): Mission[] {
  return MISSIONS.filter(
    (m) =>
      !missionOrderErrors(s, side, [trialMission(s, tf, m)]).some((e) => e.tf === tf && e.code !== 'MISSING_MISSION'),
  );
}

/** The order used when nothing (legal) arrives by the deadline. */
export function defaultFor(s: SpaceGameState, o: Owed): SpaceOrder {
  switch (o.kind) {
    case 'missions': {
      // SD where allowed, first TF per sector (L1250); else the first legal mission of the list.
      const sd = new Set<string>();
      return {
        kind: 'missions',
        missions: tfsNeedingMission(s, o.side)
          .sort((a, b) => a.id.localeCompare(b.id))
          .map((t) => {
            const legal = legalMissions(s, o.side, t.id);
            const sector = sectorOf(t);
            if (sector && legal.includes('SECTOR_DEFENCE') && !sd.has(sector)) {
              sd.add(sector);
              return trialMission(s, t.id, 'SECTOR_DEFENCE');
            }
            return trialMission(s, t.id, legal.find((m) => m !== 'SECTOR_DEFENCE') ?? 'WITHDRAWAL');
          }),
      };
    }
    case 'tspace':
      return { kind: 'tspace', enter: mustEnter(s, o.side), exits: [] };
    // L1387, L1401: the sectors named at exit, else the first sector of the map.
    case 'place':
      return {
        kind: 'place',
        places: (s.placing?.tfs ?? []).map((x) => ({ tf: x.tf, sector: x.sector ?? SECTOR_IDS[0] })),
      };
    case 'reaction':
      return { kind: 'reaction', moves: [] };
    case 'move':
      return { kind: 'move', moves: [] };
    case 'combat-plan':
      return { kind: 'combat-plan', plan: emptyPlan() };
    case 'combat-reactions':
      return { kind: 'combat-reactions', reactions: standingReactions() };
    case 'adjust':
      return { kind: 'adjust', form: [], exchanges: [], deploy: [], disorganise: [], destroySurplus: [], rebuild: [] };
    case 'supply':
      return {
        kind: 'supply',
        rearm: [],
        reorganise: [],
        baseReorganise: [],
        transfers: [],
        load: [],
        loadMarines: [],
        unload: [],
      };
    case 'external-result':
      return deadlineDefault(s); // D-87: a missed deadline asks for the Prefect resolution
    // D-91: the owner's own standing choice (his plan's segment, his reactions' policy).
    case 'combat-decision':
      return { kind: 'combat-decision', ...(s.external?.asking?.standing ?? {}) };
  }
}

export const DESCRIPTIONS: Record<SpaceOrder['kind'], string> = {
  missions:
    'Mission Assignment: one mission for each of your Task Forces in the system or off-system; sector-defence units to orbital segments (sealed, L1210-1296).',
  tspace:
    'T-space movement: put off-system Task Forces on space 0 and name the Task Forces that exit; a sector named here is the default of the placement that follows the detection rolls (required with arrivalPlacement with-exit) (L1356-1401).',
  place:
    'Place your arriving Task Forces: the detected ones now that the rolls are known (L1387), the undetected ones after the opponent\u2019s transfers (L1401).',
  reaction:
    'Enemy Task Forces were detected arriving: reassign units between your sector-defence Task Forces (L1395-1399).',
  move: 'Intra-system movement: move Task Forces that began the turn in the system; withdrawal Task Forces may leave (L1405-1421).',
  'combat-plan': 'Space Combat: order and choices for your missions (sealed, L1443-1829).',
  'combat-reactions':
    'Space Combat: your standing reactions to the enemy\u2019s missions — interceptions, segment attacks, withdrawal interceptions (sealed, L1509-1785).',
  adjust:
    'Task Force Adjustment: form, exchange, deploy transports as bases, rebuild (sealed, L1869-1889, L1975-1981).',
  supply:
    'Supply: rearm, reorganise, load off-system (SP, Marine cohorts), transfer and unload, in that order (sealed, L1891-1967, L2055).',
  'combat-decision':
    'Option spaceCombatPlay interactive (D-91): decide now — which eligible units intercept the detected incoming force (L1509-1521); whether your undetected interceptors use the column to the right (`shift`, L1543-1547); which orbital segment your surviving force moves to (L1675-1681); which of your units and bases in the segment fire on the enemy Supply, Ground Support or Orbital Drop Task Force, any, some or none (L1741-1745); whether you try to detect a withdrawing enemy Task Force (`attempt`, L1777-1781) and which eligible units attack it (L1783); or which of your units move out of an opposing sector-defence segment after its round (sealed, L1861). The default is your standing choice.',
  'external-result':
    'Option externalCombat (D-87): the battle was fought with Leviathan — enter its result in Prefect terms: units destroyed, units disorganised, and whether the phasing Task Force broke off (sealed; applied when both entries agree, L2572-2600).',
};

/** Every prompt kind of the module, for time controls per kind (contract `promptKinds`). */
export const PROMPT_KINDS = Object.entries(DESCRIPTIONS).map(([kind, description]) => ({ kind, description }));

function choicesFor(s: SpaceGameState, o: Owed): unknown {
  const side = o.side;
  const own = Object.values(s.tfs)
    .filter((t) => t.side === side)
    .sort((a, b) => a.id.localeCompare(b.id));
  switch (o.kind) {
    case 'missions':
      return {
        tfs: tfsNeedingMission(s, side)
          .sort((a, b) => a.id.localeCompare(b.id))
          .map((t) => {
            const sector = sectorOf(t);
            return {
              tf: t.id,
              place: t.place,
              missions: legalMissions(s, side, t.id),
              units: liveUnitsOf(s, t.id).map((u) => u.id),
              segments: sector ? segmentsOf(sectorById(sector)!) : 0,
            };
          }),
        withdrawTo: ['OFFSYSTEM', ...SECTOR_IDS.filter((x) => basesIn(s, side, x).length > 0)],
      };
    case 'tspace':
      return {
        enter: own.filter((t) => t.place.kind === 'OFFSYSTEM' && t.mission).map((t) => t.id),
        mustEnter: mustEnter(s, side),
        track: own
          .filter((t) => t.place.kind === 'TSPACE')
          .map((t) => ({
            tf: t.id,
            turns: (t.place as { turns: number }).turns,
            ...tSpaceSignal(liveUnitsOf(s, t.id).map(stats), (t.place as { turns: number }).turns),
          })),
        sectors: SECTOR_IDS,
      };
    case 'place':
      return { detected: s.placing?.detected ?? false, tfs: s.placing?.tfs ?? [], sectors: SECTOR_IDS };
    case 'reaction':
      return {
        sdTfs: own
          .filter((t) => t.mission === 'SECTOR_DEFENCE' && t.place.kind === 'SECTOR')
          .map((t) => ({
            tf: t.id,
            sector: sectorOf(t),
            segments: segmentsOf(sectorById(sectorOf(t)!)!),
            units: liveUnitsOf(s, t.id)
              .filter((u) => u.status === 'ACTIVE')
              .map((u) => ({
                id: u.id,
                kind: stats(u).kind,
                carry: stats(u).carry,
                independent: stats(u).independent,
              })),
          })),
      };
    case 'move':
      return {
        tfs: movableTfs(s, side).map((id) => ({
          tf: id,
          from: sectorOf(s.tfs[id]),
          mission: s.tfs[id].mission,
          // a withdrawal goes to its declared base (off-system ones leave after Combat, D-68, and are not listed)
          to: s.tfs[id].mission === 'WITHDRAWAL' ? [s.tfs[id].missionParams?.destination] : 'ANY_SECTOR',
        })),
      };
    case 'combat-plan':
      return { resolvable: resolvableTfs(s, side).map((t) => t.id) };
    case 'combat-reactions':
      return { policies: ['ALL', 'NONE', 'STRONGEST'] };
    case 'adjust':
      return {
        rebuildable: [
          ...Object.values(s.units)
            .filter((u) => u.side === side && u.offSystemBox === 'DESTROYED')
            .map((u) => u.id),
          ...Object.values(s.bases)
            .filter((b) => b.side === side && b.status === 'DESTROYED' && spaceData.baseTypes[b.type].orbital)
            .map((b) => b.id),
        ].sort(),
        rebuildLimit: spaceScenario(s.scenario).rebuildLimit,
        functional: Object.values(s.units)
          .filter((u) => u.side === side && u.offSystemBox === 'FUNCTIONAL' && !u.tf)
          .map((u) => u.id)
          .sort(),
      };
    case 'external-result':
      return entryChoices(s, side);
    case 'combat-decision': {
      // D-91: the point names only the owner's own forces and what the phase made public; never his standing answer's source.
      const { standing: _standing, side: _side, ...point } = s.external!.asking!;
      return point;
    }
    case 'supply':
      return {
        fatigued: own
          .filter((t) => t.fatigue > 0 && sectorOf(t))
          .map((t) => ({
            tf: t.id,
            sector: sectorOf(t),
            fatigue: t.fatigue,
            costPerLevel: liveUnitsOf(s, t.id).length,
          })),
        disorganised: own
          .filter((t) => sectorOf(t) && reorganiseCost(s, t.id) > 0)
          .map((t) => ({ tf: t.id, sector: sectorOf(t), cost: reorganiseCost(s, t.id) })),
        offSystemMarines: s.offSystemMarines?.[side] ?? 0, // L2055: cohorts `loadMarines` may take (owner only)
      };
  }
}

/** Every prompt owed now; choices and defaults passed through `redact` (TF aliases) for the owing side. */
export function buildPrompts(s: SpaceGameState, redact: (v: unknown) => Json): Prompt[] {
  return owedAt(s).map((o) => ({
    side: o.side,
    kind: o.kind,
    secret: o.secret,
    description: DESCRIPTIONS[o.kind],
    choices: redact(j(choicesFor(s, o))),
    // D-87: the prompt offers the Prefect request; only the server's own deadline default carries `deadline`.
    defaultOrders: redact(j(o.kind === 'external-result' ? promptDefault(s) : defaultFor(s, o))),
    ...(o.kind === 'reaction' ? { deadlineSeconds: s.options.reactionWindowSeconds } : {}),
    ...(o.kind === 'external-result' ? { deadlineSeconds: s.options.externalResultSeconds ?? 86400 } : {}),
  }));
}

export { phasingOf };
