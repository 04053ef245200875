/**
 * The Transportation Segment's legal choices (11): landings with their cost per type and box
 * (11.1–11.19), evacuation (11.15), shuttle (11.16–11.19) and the Cetian sub-orbital trip (11.2),
 * each checked with the same helpers the segment uses (transport-cost.ts, transport.ts), on the
 * present positions.
 *
 * Speed: each hex is judged on the state cut down to that hex's units (transport-cost.ts
 * `hexLocal`): the same answer as on the whole state, without scanning every unit per land hex.
 */
import { holdsSupplies, isInstallation, onMap, stockCap, actsAs, type LogisticsHooks } from './logistics.js';
import { allHexIds, mayLand } from './map.js';
import { fleetCapacity, fleetCount } from './reinforcements.js';
import { isLowSpaceState } from './space.js';
import { enemyOf, type CerberusState, type HexId, type Side, type Unit } from './state.js';
import {
  bannedAtLowState,
  evacuateCost,
  hexLocal,
  landingQuote,
  originOf,
  placementChecker,
  placementContext,
  placementProblem,
  shuttleCost,
  stpLeft,
  type Origin,
  type PlacementContext,
} from './transport-cost.js';

export interface LandingGroup {
  /** Units of one type waiting in one box: they land alike (11.12). */
  unitIds: string[];
  typeId: string;
  from: Origin;
  hexes: { hex: HexId; cost: number }[];
}

let land: HexId[] | null = null;
/** Land hexes of the globe, sorted (4.4, G36). */
export const landHexes = (): HexId[] => (land ??= [...allHexIds()].filter(mayLand).sort());

/** 11.12 units waiting to land, grouped by box and type: they land alike. */
export function landingUnitGroups(state: CerberusState, side: Side): Unit[][] {
  const groups = new Map<string, Unit[]>();
  for (const u of state.units) {
    const from = originOf(side, u);
    if (!from || bannedAtLowState(state, side, u)) continue;
    const key = `${from}|${u.typeId}`;
    groups.set(key, [...(groups.get(key) ?? []), u]);
  }
  return [...groups.keys()].sort().map((k) => groups.get(k)!);
}

/** 11.1–11.19 the hexes among `hexes` where a unit of this group may land now, with the cost (landingQuote and placementProblem). */
export function landingGroup(
  state: CerberusState,
  side: Side,
  units: Unit[],
  ctx: PlacementContext,
  left: number,
  hexes: readonly HexId[] = landHexes(),
  local: (hex: HexId) => CerberusState = hexLocal(state),
): LandingGroup {
  const rep = units[0];
  const from = originOf(side, rep)!;
  const mayPlace = placementChecker(local, side, rep, from, ctx);
  const ok = hexes.flatMap((hex) => {
    const q = landingQuote(local(hex), side, rep, hex);
    return q && q.cost <= left && mayPlace(hex) ? [{ hex, cost: q.cost }] : [];
  });
  return { unitIds: units.map((u) => u.id).sort(), typeId: rep.typeId, from, hexes: ok };
}

/** Every legal landing now with its cost, one entry per type and box (asked once per group, not once per unit). */
export function landingGroups(
  state: CerberusState,
  side: Side,
  hooks: LogisticsHooks,
  ctx = placementContext(state, side, hooks),
): { stpLeft: number; groups: LandingGroup[] } {
  const left = stpLeft(state, side);
  const local = hexLocal(state);
  return {
    stpLeft: left,
    groups: landingUnitGroups(state, side).map((units) =>
      landingGroup(state, side, units, ctx, left, landHexes(), local),
    ),
  };
}

// ---------------------------------------------------------------- evacuation, shuttle (11.15–11.19)

/** Own map units that may still be picked up this segment (not SF, not moved this phase: 11.19). */
function liftable(state: CerberusState, side: Side): Unit[] {
  const moved = new Set(state.phaseScratch?.side === side ? state.phaseScratch.moved : []);
  return state.units
    .filter((u) => u.side === side && onMap(u) && u.cls !== 'SF' && !moved.has(u.id))
    .sort((a, b) => a.id.localeCompare(b.id));
}

export interface EvacuationChoices {
  /** Room left in the Fleet box (2.6). */
  fleetRoom: number;
  /** 11.15 the one free evacuation at own Space State −4..−6 is still unused. */
  freeAvailable: boolean;
  units: { unitId: string; hex: HexId; cost: number }[];
  rule: string;
}

/** 11.15 units that may be evacuated to the Fleet now, each with its cost (the free one counted once the player uses it). */
export function evacuationChoices(state: CerberusState, side: Side, left = stpLeft(state, side)): EvacuationChoices {
  const room = Math.max(0, fleetCapacity(state, side) - fleetCount(state, side));
  const free =
    isLowSpaceState(state, side) && !(state.phaseScratch?.side === side && state.phaseScratch.freeEvacuationUsed);
  const units =
    room === 0
      ? []
      : liftable(state, side)
          .map((u) => ({ unitId: u.id, hex: u.hex!, cost: free ? 0 : evacuateCost(u) }))
          .filter((c) => c.cost <= left);
  return { fleetRoom: room, freeAvailable: free, units, rule: '11.15' };
}

export interface ShuttleChoice {
  /** Units of one type in one hex: they may go to the same hexes. */
  unitIds: string[];
  fromHex: HexId;
  cost: number;
  hexes: HexId[];
}

/** 11.16–11.19 where each own unit may be shuttled now (2 STP, 6 for a Spaceport), grouped by type and hex. */
export function shuttleChoices(
  state: CerberusState,
  side: Side,
  hooks: LogisticsHooks,
  ctx = placementContext(state, side, hooks),
  left = stpLeft(state, side),
): ShuttleChoice[] {
  const local = hexLocal(state);
  const groups = new Map<string, Unit[]>();
  for (const u of liftable(state, side)) {
    if (shuttleCost(u) > left) continue;
    const key = `${u.hex}|${u.typeId}`;
    groups.set(key, [...(groups.get(key) ?? []), u]);
  }
  return [...groups.keys()].sort().map((k) => {
    const units = groups.get(k)!;
    const rep = units[0];
    const mayPlace = placementChecker(local, side, rep, 'SHUTTLE', ctx);
    const hexes = landHexes().filter((hex) => hex !== rep.hex && mayPlace(hex));
    return { unitIds: units.map((u) => u.id), fromHex: rep.hex!, cost: shuttleCost(rep), hexes };
  });
}

// ---------------------------------------------------------------- sub-orbital transport (11.2)

const SUB_ORBITAL_CLASSES: Unit['cls'][] = ['INFANTRY', 'MOBILE', 'TRANSPORT', 'HEAVY_WEAPONS'];

export interface SubOrbitalRoute {
  fromId: string;
  toId: string;
  fromHex: HexId;
  toHex: HexId;
  /** Units that may ride (11.21): Infantry, Mobile, Transport or Heavy Weapons at the start installation, stacking kept at the end. */
  unitIds: string[];
  /** Most supply factors that may go (11.25, 12.2); 0 when either end holds no stockpile. */
  maxSupplies: number;
}

/**
 * 11.2 the Cetian's one sub-orbital trip this segment: routes between two of his installations on
 * the map (not both Bases, 11.22; neither disrupted, 11.21; both hexes clear of enemy units, 11.23;
 * the end not under Intensity 3 weather, 15.72). Empty for the Human or once used.
 */
export function subOrbitalChoices(
  state: CerberusState,
  side: Side,
  hooks: LogisticsHooks,
  ctx = placementContext(state, side, hooks),
): { available: boolean; routes: SubOrbitalRoute[]; rule: string } {
  const used = state.phaseScratch?.side === side && state.phaseScratch.subOrbitalUsed;
  if (side !== 'CETIAN' || used) return { available: false, routes: [], rule: '11.2' };
  const enemyHexes = new Set(state.units.filter((u) => u.side === enemyOf(side) && onMap(u)).map((u) => u.hex!));
  const ends = state.units
    .filter((u) => u.side === side && onMap(u) && isInstallation(u) && !u.disrupted && !enemyHexes.has(u.hex!))
    .sort((a, b) => a.id.localeCompare(b.id));
  const local = hexLocal(state);
  const routes: SubOrbitalRoute[] = [];
  for (const from of ends) {
    for (const to of ends) {
      if (from.id === to.id || (actsAs(from) === 'BASE' && actsAs(to) === 'BASE') || ctx.intensityAt(to.hex!) >= 3)
        continue;
      const riders = state.units.filter(
        (u) => u.side === side && onMap(u) && u.hex === from.hex && SUB_ORBITAL_CLASSES.includes(u.cls),
      );
      const noZoc = { ...ctx, zoc: new Set<HexId>() };
      const unitIds = riders
        .filter(
          (u) => placementProblem(local(to.hex!), side, u, to.hex!, 'SHUTTLE', noZoc)?.code !== 'transport.stacking',
        )
        .map((u) => u.id)
        .sort();
      const maxSupplies =
        holdsSupplies(from) && holdsSupplies(to)
          ? Math.max(0, Math.min(6, from.supplies, stockCap(to) - to.supplies))
          : 0;
      if (unitIds.length || maxSupplies > 0)
        routes.push({ fromId: from.id, toId: to.id, fromHex: from.hex!, toHex: to.hex!, unitIds, maxSupplies });
    }
  }
  return { available: true, routes, rule: '11.2' };
}

/** Everything the Transportation Segment offers now (11), for the prompt. */
export function transportChoices(state: CerberusState, side: Side, hooks: LogisticsHooks) {
  const ctx = placementContext(state, side, hooks);
  const left = stpLeft(state, side);
  return {
    landings: landingGroups(state, side, hooks, ctx),
    evacuation: evacuationChoices(state, side, left),
    shuttle: shuttleChoices(state, side, hooks, ctx, left),
    subOrbital: subOrbitalChoices(state, side, hooks, ctx),
  };
}
