/**
 * Space transportation costs and where units may be placed (11.11–11.19, 14.23, 15.72):
 * `landingCost`, `legalLandings` for the view, and the placement checks shared by landing,
 * shuttle and the Cetian special insertion.
 *
 * Cost (11.12 chart, data pack tables.json `transport`): Fleet 2, System 3 (Cetian), Earth or
 * Tau Ceti 5; a Spaceport pays triple and never gets an adjustment (11.13, 11.143); Paratroopers
 * and Transports −1 (11.145), E-Fields −2 (11.144); −1 when landed at an own Spaceport or E-Field
 * (11.141, 11.144; an E-Field unit never gets it), or as the first unit of the turn at an own Base
 * (11.142). An installation gives nothing on the turn it lands itself (11.141), nor while
 * disrupted (10.412, option disruptedLanding). Never below 0.
 *
 * The two worked examples of 11.35 disagree with the chart in places (digest C4: "one point to land
 * from the Fleet"; C5: "two points" for a second Mobile battalion landed at the Spaceport). The data
 * pack keeps the printed chart (Fleet 2, Spaceport −1), which reproduces every total the examples
 * reach by their own arithmetic (0 for Paratroopers at a Spaceport, 1 for the first Mobile): see
 * transport.test.ts.
 */
import type { OrderError } from '#engine/contract.js';
import { allHexIds, hasHex, mayLand } from './map.js';
import {
  TRANSPORT,
  actsAs,
  canStackHere,
  enemyZoc,
  intensityOf,
  isParatroop,
  onMap,
  ownUnit,
  packOption,
  type IntensityAt,
  type LogisticsHooks,
} from './logistics.js';
import { isLowSpaceState, transportPoints } from './space.js';
import {
  enemyOf,
  newPhaseScratch,
  type CerberusState,
  type HexId,
  type PhaseScratch,
  type Side,
  type Unit,
} from './state.js';

export type Origin = 'FLEET' | 'SYSTEM' | 'EARTH' | 'TAU_CETI';
const ORIGINS: Record<Side, Origin[]> = { HUMAN: ['FLEET', 'EARTH'], CETIAN: ['FLEET', 'SYSTEM', 'TAU_CETI'] };
/** How a unit reaches the map: by landing (11.1), shuttle (11.16) or the turn-1 insertion (14.23). */
export type Placement = Origin | 'SHUTTLE' | 'INSERTION';

/** The phasing player's bookkeeping of this phase (created for direct calls outside a phase). */
export function scratchOf(state: CerberusState, side: Side): PhaseScratch {
  if (!state.phaseScratch || state.phaseScratch.side !== side) state.phaseScratch = newPhaseScratch(side);
  return state.phaseScratch;
}

/** 11.11 Space Transport Points `side` still has this Transportation Segment. */
export function stpLeft(state: CerberusState, side: Side): number {
  return Math.max(0, transportPoints(state, side) - scratchOf(state, side).stpUsed);
}

/** The box a unit would be landed from, or null if it is not in one of `side`'s landing boxes (11.12). */
export function originOf(side: Side, u: Unit): Origin | null {
  return u.side === side && u.cls !== 'SF' && (ORIGINS[side] as string[]).includes(u.box) ? (u.box as Origin) : null;
}

/** 11.144, 11.145 Paratroopers, Transports and E-Fields may not be landed at own state −4..−6. */
export function bannedAtLowState(state: CerberusState, side: Side, u: Unit): boolean {
  return isLowSpaceState(state, side) && (isParatroop(u) || u.cls === 'TRANSPORT' || u.cls === 'EFIELD');
}

/** 10.412, 11.141 may an own installation serve this landing (not landed this turn, not disrupted for this origin)? */
function serves(state: CerberusState, inst: Unit, how: Placement): boolean {
  if (inst.landedOnTurn === state.turn) return false;
  if (!inst.disrupted) return true;
  return packOption(state, 'disruptedLanding') === 'fleet-only' && how !== 'FLEET';
}

/** Own installations in `hex` that act as a Spaceport for landing: Spaceports, and E-Fields (11.144). */
function landingPorts(state: CerberusState, side: Side, hex: HexId, how: Placement): Unit[] {
  return state.units.filter(
    (u) =>
      u.side === side &&
      onMap(u) &&
      u.hex === hex &&
      (actsAs(u) === 'SPACEPORT' || u.cls === 'EFIELD') &&
      serves(state, u, how),
  );
}

export interface LandingQuote {
  unitId: string;
  from: Origin;
  hex: HexId;
  base: number;
  adjustments: { id: string; value: number; rule: string }[];
  cost: number;
  /** The own Base whose first-landing discount this landing uses (11.142). */
  baseUsed: string | null;
}

/** 11.12–11.145 what landing `unit` in `hex` costs now, with each adjustment; null if it is not in a landing box. */
export function landingQuote(state: CerberusState, side: Side, unit: Unit, hex: HexId): LandingQuote | null {
  const from = originOf(side, unit);
  if (!from) return null;
  const q: LandingQuote = {
    unitId: unit.id,
    from,
    hex,
    base: TRANSPORT.originCost[from],
    adjustments: [],
    cost: 0,
    baseUsed: null,
  };
  if (actsAs(unit) === 'SPACEPORT') {
    q.base *= TRANSPORT.spaceportMultiplier.value; // 11.13, and never an adjustment (11.143)
  } else {
    const adj = TRANSPORT.adjustments;
    if (isParatroop(unit)) q.adjustments.push({ id: 'PARATROOP', value: adj.PARATROOP, rule: '11.145' });
    if (unit.cls === 'TRANSPORT') q.adjustments.push({ id: 'TRANSPORT', value: adj.TRANSPORT, rule: '11.145' });
    if (unit.cls === 'EFIELD') q.adjustments.push({ id: 'EFIELD', value: adj.EFIELD, rule: '11.144' });
    else if (landingPorts(state, side, hex, from).length) {
      q.adjustments.push({ id: 'AT_SPACEPORT', value: adj.AT_SPACEPORT, rule: '11.141, 11.144' });
    } else {
      const used = scratchOf(state, side).basesUsedForLanding;
      const base = state.units.find(
        (u) =>
          u.side === side &&
          onMap(u) &&
          u.hex === hex &&
          actsAs(u) === 'BASE' &&
          !used.includes(u.id) &&
          serves(state, u, from),
      );
      if (base) {
        q.adjustments.push({ id: 'FIRST_AT_BASE', value: adj.AT_SPACEPORT, rule: '11.142' });
        q.baseUsed = base.id;
      }
    }
  }
  q.cost = Math.max(TRANSPORT.minimumCost.value, q.base + q.adjustments.reduce((n, a) => n + a.value, 0));
  return q;
}

/** 11.12 the STP cost of landing unit `unitId` of `side` in `hex` now, or null if it is not waiting in a landing box. */
export function landingCost(state: CerberusState, side: Side, unitId: string, hex: HexId): number | null {
  const u = ownUnit(state, side, unitId);
  return u ? (landingQuote(state, side, u, hex)?.cost ?? null) : null;
}

/** 11.15, 11.16, 11.13 (G22) evacuation 1 and shuttle 2 STP per unit, triple for a Spaceport. */
export function evacuateCost(u: Unit): number {
  return (
    TRANSPORT.evacuateCost.value * (actsAs(u) === 'SPACEPORT' ? TRANSPORT.spaceportEvacuateShuttleMultiplier.value : 1)
  );
}
export function shuttleCost(u: Unit): number {
  return (
    TRANSPORT.shuttleCost.value * (actsAs(u) === 'SPACEPORT' ? TRANSPORT.spaceportEvacuateShuttleMultiplier.value : 1)
  );
}

// ---------------------------------------------------------------- placement (11.18)

/** A placement problem; `dynamic` ones depend on positions that movement and combat may still change. */
export type Problem = Omit<OrderError, 'path'> & { dynamic: boolean };
const problem = (code: string, message: string, rule: string, dynamic = false): Problem => ({
  code,
  message,
  rule,
  dynamic,
});

export interface PlacementContext {
  intensityAt: IntensityAt;
  zoc: Set<HexId>;
  hooks: LogisticsHooks;
}
export function placementContext(state: CerberusState, side: Side, hooks: LogisticsHooks = {}): PlacementContext {
  const intensityAt = intensityOf(state, hooks);
  return { intensityAt, zoc: enemyZoc(state, side, intensityAt), hooks };
}

/**
 * 11.18, 11.143, 11.19, 14.23, 15.72, G36 may `unit` be placed in `hex` (as `side` can tell)? A face-down enemy
 * unit is never named: a Paratrooper may be sent into its hex, and the landing is refused only when
 * the unit turns out to be a Spaceport (see transport.ts).
 */
export function placementProblem(
  state: CerberusState,
  side: Side,
  unit: Unit,
  hex: HexId,
  how: Placement,
  ctx: PlacementContext,
): Problem | null {
  if (!hasHex(hex)) return problem('transport.no-such-hex', `There is no hex ${hex} on Cerberus.`, '4.9');
  // Inferred (data: mayLandInAllWaterProvenance): 4.4/9.21 bar only ending a move there; 14.23 says 'land hex'.
  if (!mayLand(hex))
    return problem('transport.water', 'Units may be landed only on land, never in an All Water hex.', '14.23, G36');
  if (ctx.intensityAt(hex) >= 3)
    return problem('transport.storm', 'No unit may be landed into a hex under Intensity 3 weather.', '15.72', true);
  const here = state.units.filter((u) => onMap(u) && u.hex === hex && u.id !== unit.id);
  const enemies = here.filter((u) => u.side === enemyOf(side));
  if (actsAs(unit) === 'SPACEPORT' && here.some((u) => actsAs(u) === 'SPACEPORT' && (u.side === side || !u.faceDown))) {
    return problem(
      'transport.spaceport-on-spaceport',
      'A Spaceport may never be landed in the same hex as another Spaceport, friendly or enemy.',
      '11.143',
      true,
    );
  }
  if (how === 'INSERTION') {
    if (enemies.length)
      return problem(
        'transport.enemy-hex',
        'Inserted units may not land in a hex occupied by an enemy unit.',
        '14.23',
        true,
      );
    if (ctx.zoc.has(hex))
      return problem(
        'transport.enemy-zoc',
        'Inserted units may not land in an unsuppressed enemy Zone of Control.',
        '14.23',
        true,
      );
  } else if (!atFriendlyPort(state, side, hex, how)) {
    if (isParatroop(unit)) {
      if (enemies.some((u) => !u.faceDown && actsAs(u) === 'SPACEPORT')) {
        return problem(
          'transport.para-enemy-spaceport',
          'A Paratroop unit may land anywhere except in a hex holding an enemy Spaceport.',
          '11.18',
          true,
        );
      }
    } else if (enemies.length) {
      return problem(
        'transport.enemy-hex',
        'Units may not be landed in a hex holding an enemy unit, except at a friendly Spaceport or by Paratroopers.',
        '11.18',
        true,
      );
    } else if (ctx.zoc.has(hex)) {
      return problem(
        'transport.enemy-zoc',
        'Units may not be landed in an unsuppressed enemy Zone of Control, except at a friendly Spaceport or by Paratroopers.',
        '5.6, 11.18',
        true,
      );
    }
  }
  if (!canStackHere(state, unit, hex, ctx.hooks)) {
    return problem(
      'transport.stacking',
      `${unit.designation} would break the stacking limits in ${hex}.`,
      '6.8, 11.19',
      true,
    );
  }
  return null;
}

/** 11.18 exception (a): a friendly Spaceport (or E-Field, option efieldLandingExemption) that may be used for landing. */
function atFriendlyPort(state: CerberusState, side: Side, hex: HexId, how: Placement): boolean {
  const efields = packOption(state, 'efieldLandingExemption') === true;
  return landingPorts(state, side, hex, how).some((u) => u.cls !== 'EFIELD' || efields);
}

// ---------------------------------------------------------------- legal choices for the view

/**
 * Per hex, the state cut down to the units in that hex (empty hexes share one). Every placement
 * rule (11.18 enemy units and exemptions, 11.143, 6.8 stacking, the 11.14 cost adjustments) looks
 * only at the units of the destination hex, plus the ZOC and storm fields of a PlacementContext
 * built from the whole state; so `landingQuote` and `placementProblem` give the same answer on the
 * cut state, without scanning every unit for each of the ~600 land hexes.
 */
export function hexLocal(state: CerberusState): (hex: HexId) => CerberusState {
  const byHex = new Map<HexId, Unit[]>();
  for (const u of state.units) if (onMap(u)) byHex.set(u.hex!, [...(byHex.get(u.hex!) ?? []), u]);
  const cut = new Map<HexId, CerberusState>();
  const local = (hex: HexId): CerberusState => {
    const units = byHex.get(hex);
    if (!units) return EMPTY(local);
    let s = cut.get(hex);
    if (!s) cut.set(hex, (s = { ...state, units }));
    return s;
  };
  emptyOf.set(local, { ...state, units: [] });
  return local;
}
const emptyOf = new WeakMap<(hex: HexId) => CerberusState, CerberusState>();
const EMPTY = (local: (hex: HexId) => CerberusState) => emptyOf.get(local)!;

/** Is this cut state the shared one of the hexes holding no unit? */
export function isEmptyCut(local: (hex: HexId) => CerberusState, s: CerberusState): boolean {
  return emptyOf.get(local) === s;
}

/**
 * Whether `unit` may be placed in each of many hexes (no `placementProblem`): exact on hexes
 * holding units; on empty ones the answer depends only on the storm intensity and the enemy ZOC
 * there (the unit alone, nothing to stack with or land at), so it is asked once per such pair.
 */
export function placementChecker(
  local: (hex: HexId) => CerberusState,
  side: Side,
  unit: Unit,
  how: Placement,
  ctx: PlacementContext,
): (hex: HexId) => boolean {
  const seen = new Map<string, boolean>();
  return (hex) => {
    const at = local(hex);
    if (!isEmptyCut(local, at)) return !placementProblem(at, side, unit, hex, how, ctx);
    const key = `${ctx.intensityAt(hex)}|${ctx.zoc.has(hex)}`;
    let ok = seen.get(key);
    if (ok === undefined) seen.set(key, (ok = !placementProblem(at, side, unit, hex, how, ctx)));
    return ok;
  };
}

export interface LandingChoices {
  stpLeft: number;
  units: { unitId: string; from: Origin; hexes: { hex: HexId; cost: number }[] }[];
}

/** Land hexes of the globe, sorted (4.4, G36). */
let landHexes: HexId[] | null = null;
function allLand(): HexId[] {
  if (!landHexes) landHexes = [...allHexIds()].filter(mayLand).sort();
  return landHexes;
}

/** Every legal landing of `side` now, with its cost (11.1): units in the landing boxes × land hexes within the STP left. */
export function legalLandings(state: CerberusState, side: Side, hooks: LogisticsHooks = {}): LandingChoices {
  const left = stpLeft(state, side);
  const ctx = placementContext(state, side, hooks);
  const local = hexLocal(state);
  const units = state.units
    .filter((u) => originOf(side, u) && !bannedAtLowState(state, side, u))
    .sort((a, b) => a.id.localeCompare(b.id))
    .map((u) => {
      const mayPlace = placementChecker(local, side, u, originOf(side, u)!, ctx);
      const hexes = allLand().flatMap((hex) => {
        const q = landingQuote(local(hex), side, u, hex)!;
        return q.cost <= left && mayPlace(hex) ? [{ hex, cost: q.cost }] : [];
      });
      return { unitId: u.id, from: originOf(side, u)!, hexes };
    });
  return { stpLeft: left, units };
}
