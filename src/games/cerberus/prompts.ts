/**
 * What each side owes now as kernel Prompts (contract.ts): the sequence's `owedAt` (3.1) with its
 * secret flag unchanged (only the simultaneous Major Effort declaration is sealed, 3.2 A.3), the
 * legal choices a client needs so it knows no rules, and the default orders used at a deadline.
 *
 * Choices are computed from what the owing side may see (face-down enemy units as opaque ids,
 * odds against them unknown) and redacted for that side by the module. Choices for segments later
 * in the same Player Phase are computed on the present positions: they say what is possible now.
 */
import type { Json, Prompt } from '#engine/contract.js';
import { legalAttacks } from './combat.js';
import { optionValues, unitsData } from './data/index.js';
import { holdsSupplies, isInstallation, stockCap, type LogisticsHooks } from './logistics.js';
import { defaultLossesOrder, lossesPayload } from './losses.js';
import { resourceHexes } from './map.js';
import { movementChoices } from './movement.js';
import { PLAYER_SEGMENTS, type CerberusOrder } from './orders.js';
import { fleetCapacity, fleetCount } from './reinforcements.js';
import { defaultOrder, owedAt, playerSegmentIndex, type Owed } from './sequence.js';
import { awaitingDeployment, humanChoosesSeason, planCetianSetup, planHumanSetup } from './setup.js';
import { SEASONS } from './weather.js';
import {
  canLandSuppliesOnUnits,
  majorEffortsAvailable,
  majorEffortShift,
  sfCap,
  spaceSupply,
  transportPoints,
} from './space.js';
import { sfCapRemaining, sfInFleet } from './special-forces.js';
import { SPACE_DATA } from './space-data.js';
import { autoSupply } from './supply.js';
import { transportChoices } from './prompts-transport.js';
import { evacuateCost, shuttleCost } from './transport-cost.js';
import { enemyOf, type CerberusState, type PlayerSegment, type Side, type Unit } from './state.js';
import { ruleOptions } from './options-rules.js';
import { knownState } from './known-state.js';

const j = (v: unknown): Json => JSON.parse(JSON.stringify(v ?? null)) as Json;

/** The order used when nothing arrives by the deadline: the sequence's default, else a pure one (set-up 14.12–14.13, losses 7.7). */
export function defaultFor(state: CerberusState, owed: Owed): CerberusOrder {
  const d = defaultOrder(state, owed);
  if (d) return d;
  switch (owed.kind) {
    case 'setup-cetian':
      return planCetianSetup(state);
    case 'setup-human':
      return planHumanSetup(state);
    case 'losses': {
      const decision = state.pending.find((p) => p.id === owed.decisionId);
      if (decision) return defaultLossesOrder(state, decision);
      break;
    }
  }
  throw new Error(`Cerberus: no default order for '${owed.kind}'`);
}

const SEGMENT_NAMES: Record<PlayerSegment, string> = {
  SPECIAL_FORCES: 'Special Forces',
  SUPPLY: 'Supply',
  MOVEMENT: 'Ground Unit Movement',
  COMBAT: 'Ground Combat',
  TRANSPORTATION: 'Transportation',
};

export function describe(state: CerberusState, o: Owed): string {
  switch (o.kind) {
    case 'setup-cetian':
      return 'Deploy your 18 units on Cerberus (face down if you wish), Bases and the Spaceport on distinct Resource hexes, and spread 40 supply factors among them (14.12).';
    case 'setup-human':
      return humanChoosesSeason(state)
        ? 'Choose up to 12 units to start with the Fleet besides your 4 SF; the rest stay on Earth (14.13). Choose the season of the invasion in the northern hemisphere (15.9).'
        : 'Choose up to 12 units to start with the Fleet besides your 4 SF; the rest stay on Earth (14.13).';
    case 'major-effort':
      return o.secret
        ? 'Both players may call a Major Effort: write your call in secret; both are revealed together (3.2 A.3).'
        : 'You alone may call a Major Effort this turn: announce it openly (3.2 A.2).';
    case 'phase-plan':
      return `Plan your Player Phase from the ${SEGMENT_NAMES[o.from ?? 'SPECIAL_FORCES']} Segment on (3.2 ${state.phasing === 'HUMAN' ? 'B' : 'C'}).`;
    case 'strategic-human':
      return 'Strategic Transportation: up to 4 units from Earth to the Fleet, any from the Fleet to Earth; the Fleet holds 6 (3.2 D.2).';
    case 'strategic-cetian':
      return 'Strategic Transportation: System and Fleet (Fleet holds 5), then up to 2 units from Tau Ceti to the System (3.2 D.3).';
    case 'losses':
      return 'Choose which of your units are eliminated by the combat result (7.7).';
  }
}

export { landingGroup, landingGroups, landingUnitGroups, type LandingGroup } from './prompts-transport.js';

const brief = (u: Unit) => ({
  unitId: u.id,
  typeId: u.typeId,
  cls: u.cls,
  sub: u.sub,
  designation: u.designation,
  attack: u.attack,
  defense: u.defense,
  movement: u.movement,
});

function setupCetianChoices(state: CerberusState): Json {
  const o = optionValues(state.options);
  return j({
    units: awaitingDeployment(state).map(brief),
    resourceHexes: resourceHexes(),
    supplies: unitsData.setup.CETIAN.supplies.value,
    caps: { BASE: 8, SPACEPORT: 40 },
    mayBeFaceDown: unitsData.setup.CETIAN.map.mayBeFaceDown,
    installationSetup: o.installationSetup,
    rule: '14.12',
  });
}

function setupHumanChoices(state: CerberusState): Json {
  return j({
    units: state.units.filter((u) => u.side === 'HUMAN' && u.box === 'EARTH').map(brief),
    max: unitsData.setup.HUMAN.FLEET.maxCounters,
    // 15.9 the Human picks the northern season when the game leaves it to him (the south has the opposite one).
    ...(humanChoosesSeason(state)
      ? { season: { values: SEASONS, default: optionValues(state.options).season, rule: '15.9' } }
      : {}),
    rule: '14.13',
  });
}

function majorEffortChoices(state: CerberusState, o: Owed): Json {
  const rec = state.space.current;
  const me = state.players[o.side].majorEfforts;
  return j({
    call: [true, false],
    sealed: o.secret,
    eligible: rec?.eligible ?? null,
    spaceState: state.space.state,
    effortsLeft: majorEffortsAvailable(me, state.turn, ruleOptions(state.options).extended),
    shift: majorEffortShift(me),
    cancelRollIfSoleCaller: [true, false],
    rule: o.secret ? '3.2 A.3, 13.4' : '3.2 A.2, 13.4',
  });
}

function strategicChoices(state: CerberusState, side: Side): Json {
  const inBox = (box: Unit['box']) =>
    state.units.filter((u) => u.side === side && u.box === box && u.cls !== 'SF').map(brief);
  const common = {
    fleet: inBox('FLEET'),
    fleetCount: fleetCount(state, side),
    fleetCapacity: SPACE_DATA.fleet.capacity[side],
  };
  return j(
    side === 'HUMAN'
      ? {
          ...common,
          earth: inBox('EARTH'),
          earthToFleetMax: SPACE_DATA.strategic.humanEarthToFleetMax,
          rule: '3.2 D.2',
        }
      : {
          ...common,
          system: inBox('SYSTEM'),
          tauCeti: inBox('TAU_CETI'),
          tauToSystemMax: SPACE_DATA.strategic.cetianTauToSystemMax,
          rule: '3.2 D.3',
        },
  );
}

/** The choices of each Player Phase segment from `from` on (10, 12, 4, 7–8, 11). */
function phaseChoices(state: CerberusState, side: Side, from: PlayerSegment, hooks: LogisticsHooks): Json {
  const out: Record<string, Json> = { from };
  const enemyOnMap = state.units.filter((u) => u.side === enemyOf(side) && u.box === 'MAP' && u.hex !== null);
  const wanted = (seg: PlayerSegment) => playerSegmentIndex(seg) >= playerSegmentIndex(from);
  if (wanted('SPECIAL_FORCES')) {
    // 10.41–10.42 a face-down counter may be targeted (the mission is wasted if it is not a valid target, G17).
    const target = (pred: (u: Unit) => boolean) =>
      enemyOnMap.filter((u) => u.faceDown || pred(u)).map((u) => ({ unitId: u.id, hex: u.hex, faceDown: u.faceDown }));
    out.SPECIAL_FORCES = j({
      ready: sfInFleet(state, side, 'READY').map((u) => u.id),
      held: sfInFleet(state, side, 'HELD').map((u) => u.id),
      capThisTurn: sfCap(state, side),
      capRemaining: sfCapRemaining(state, side),
      disruptTargets: target(isInstallation),
      raidTargets: target(holdsSupplies),
      rule: '10.4',
    });
  }
  if (wanted('SUPPLY')) {
    out.SUPPLY = j({
      spaceSupply: spaceSupply(state, side),
      directToUnits: canLandSuppliesOnUnits(state, side),
      installations: state.units
        .filter((u) => u.side === side && u.box === 'MAP' && holdsSupplies(u))
        .map((u) => ({ unitId: u.id, hex: u.hex, supplies: u.supplies, cap: stockCap(u) })),
      suggested: autoSupply(state, side, hooks),
      rule: '3.2 B.2, 12',
    });
  }
  if (wanted('MOVEMENT')) out.MOVEMENT = j({ reachable: movementChoices(state, side), rule: '4, 5' });
  if (wanted('COMBAT')) out.COMBAT = j({ attacks: legalAttacks(state, side), rule: '7, 8' });
  if (wanted('TRANSPORTATION')) {
    out.TRANSPORTATION = j({
      stp: transportPoints(state, side),
      fleet: { count: fleetCount(state, side), capacity: fleetCapacity(state, side) },
      // 11.1 landings, 11.15 evacuation, 11.16 shuttle, 11.2 sub-orbital (prompts-transport.ts).
      ...transportChoices(state, side, hooks),
      // 11.15–11.16 own map units that may leave by space if they do not move (costs; the segment checks the rest).
      lift: state.units
        .filter((u) => u.side === side && u.box === 'MAP' && u.cls !== 'EFIELD')
        .map((u) => ({ unitId: u.id, hex: u.hex, evacuate: evacuateCost(u), shuttle: shuttleCost(u) })),
      rule: '11',
    });
  }
  return out;
}

/** The choices of one owed submission (before redaction for its side). */
export function choicesFor(state: CerberusState, o: Owed, hooks: LogisticsHooks): Json {
  switch (o.kind) {
    case 'setup-cetian':
      return setupCetianChoices(state);
    case 'setup-human':
      return setupHumanChoices(state);
    case 'major-effort':
      return majorEffortChoices(state, o);
    case 'phase-plan':
      return phaseChoices(state, o.side, o.from ?? PLAYER_SEGMENTS[0], hooks);
    case 'strategic-human':
    case 'strategic-cetian':
      return strategicChoices(state, o.side);
    case 'losses': {
      const d = state.pending.find((p) => p.id === o.decisionId);
      return d ? j({ ...lossesPayload(d), rule: '7.7' }) : null;
    }
  }
}

/**
 * 3.1 the prompts of the current decision point (of `only` side, if given); `redact` hides from
 * each side what it may not see. Choices and default orders are computed from the state as the
 * owing side knows it (known-state.ts), so they never depend on what that side cannot see.
 */
export function buildPrompts(
  state: CerberusState,
  hooks: LogisticsHooks,
  redact: (side: Side, v: Json) => Json,
  only?: Side,
): Prompt[] {
  if (state.segment === 'GAME_OVER') return [];
  return owedAt(state)
    .filter((o) => only === undefined || o.side === only)
    .map((o) => {
      const known = knownState(state, o.side);
      return {
        side: o.side,
        kind: o.kind,
        secret: o.secret,
        description: describe(state, o),
        choices: redact(o.side, choicesFor(known, o, hooks)),
        defaultOrders: redact(o.side, j(defaultFor(known, o))),
      };
    });
}
