/**
 * Shared ground truth for supply (12) and space transportation (11): installations, enemy Zones of
 * Control as landing (11.18) and supply paths (5.7, 12.4) see them, a stacking check for landings
 * (6, 11.19), the data-pack values of both rules, and events that keep hidden units hidden.
 *
 * ZOC and stacking come from zoc.ts and stacking.ts; a caller may pass its own `canStack` and
 * `intensityAt` (weather) hooks.
 */
import type { GameEvent, Json } from '#engine/contract.js';
import { optionValues, tablesData, unitsData } from './data/index.js';
import { mapFor, type CerberusMap } from './map.js';
import { canAddToStack } from './stacking.js';
import { stormIntensityAt, zocHexes, type IntensityAt } from './zoc.js';
import { enemyOf, type CerberusState, type HexId, type Side, type Unit } from './state.js';

export type { IntensityAt };

/** What these rules need from modules that are not theirs (weather, stacking). */
export interface LogisticsHooks {
  /** Storm intensity of a hex (15.7, 15.72); omitted = the storms in the state (zoc.ts stormIntensityAt). */
  intensityAt?: IntensityAt;
  /** May `unit` join its owner's stack in `hex` (6)? Omitted = stacking.ts canAddToStack. */
  canStack?: (state: CerberusState, unit: Unit, hex: HexId) => boolean;
}

// ---------------------------------------------------------------- data pack values

const S = tablesData.supply;
function supplyValue(key: string): number {
  const v = S[key]?.value;
  if (typeof v !== 'number') throw new Error(`Cerberus data pack: tables.json supply.${key} is missing`);
  return v;
}
export const SUPPLY = {
  baseCap: supplyValue('baseCap'),
  spaceportCap: supplyValue('spaceportCap'),
  baseArrival: supplyValue('baseArrival'),
  spaceportArrival: supplyValue('spaceportArrival'),
  production: supplyValue('production'),
  perUnit: supplyValue('perUnitPerTurn'),
  ferryRange: supplyValue('ferryRangeMp'),
};
export const TRANSPORT = tablesData.transport;
const CLASSES = unitsData.classes;

/** Options of data/options.json, defaults filled in. */
export function packOption(state: CerberusState, id: string): Json {
  return optionValues(state.options)[id];
}

export function mapOf(state: CerberusState): CerberusMap {
  return mapFor(state.options);
}

// ---------------------------------------------------------------- units

/** A Spaceport inverted by combat functions as a Base (CRT notes, G9). */
export function actsAs(u: Unit): Unit['cls'] {
  return u.cls === 'SPACEPORT' && u.reduced ? 'BASE' : u.cls;
}
export const isInstallation = (u: Unit): boolean => u.cls === 'BASE' || u.cls === 'SPACEPORT' || u.cls === 'EFIELD';
/** 12.2, 11.144 only Bases and Spaceports stock supplies. */
export const holdsSupplies = (u: Unit): boolean => u.cls === 'BASE' || u.cls === 'SPACEPORT';
/** 12.1 Infantry, Mobile, Heavy Weapons and Transport units need supply. */
export const needsSupply = (u: Unit): boolean => CLASSES[u.cls]?.needsSupply ?? false;
/** 12.2 stockpile cap (a reduced Spaceport holds what a Base does, G9). */
export function stockCap(u: Unit): number {
  if (!holdsSupplies(u)) return 0;
  return actsAs(u) === 'SPACEPORT' ? SUPPLY.spaceportCap : SUPPLY.baseCap;
}
export const onMap = (u: Unit): boolean => u.box === 'MAP' && u.hex !== null;
export const isParatroop = (u: Unit): boolean => u.sub === 'PARATROOP';

/** Own unit by id; null for a unit of the other side or an unknown id (the error never tells which: hidden units stay hidden). */
export function ownUnit(state: CerberusState, side: Side, id: string): Unit | null {
  const u = state.units.find((x) => x.id === id);
  return u && u.side === side ? u : null;
}

// ---------------------------------------------------------------- zones of control (5), stacking (6)

/** Storm intensity to use: the hook, else the storms in the state (zoc.ts). */
export function intensityOf(state: CerberusState, hooks: LogisticsHooks): IntensityAt {
  return hooks.intensityAt ?? stormIntensityAt(state);
}

/**
 * 5.0–5.3, 15.72 the hexes into which an unsuppressed ZOC of `side`'s enemies extends, as `side`
 * knows them (a face-down enemy unit counts as exerting one, 14.12): landing (5.6, 11.18) and
 * supply paths (5.7).
 */
export function enemyZoc(state: CerberusState, side: Side, intensityAt: IntensityAt): Set<HexId> {
  return new Set(zocHexes(state, enemyOf(side), { viewer: side, intensityAt }));
}

/** 6.8, 11.19 may `unit` join its owner's stack in `hex`? (the hook, else stacking.ts). */
export function canStackHere(state: CerberusState, unit: Unit, hex: HexId, hooks: LogisticsHooks = {}): boolean {
  if (hooks.canStack) return hooks.canStack(state, unit, hex);
  return canAddToStack(state, unit.side, hex, [unit]);
}

// ---------------------------------------------------------------- events

export function pub(type: string, data: Record<string, Json>): GameEvent {
  return { type, visibleTo: 'all', data };
}
export function own(side: Side, type: string, data: Record<string, Json>): GameEvent {
  return { type, visibleTo: [side], data };
}

/** How a unit is named to its enemy: a face-down unit only by its hex (14.12, 2.6). */
export function publicRef(u: Unit): Record<string, Json> {
  return u.faceDown ? { faceDown: true, hex: u.hex } : { unitId: u.id, typeId: u.typeId, hex: u.hex };
}

/** Turns a face-down unit face up (14.12, G17) with a public event naming it. */
export function reveal(u: Unit, reason: string, rule: string): GameEvent[] {
  if (!u.faceDown) return [];
  u.faceDown = false;
  return [pub('unit.revealed', { unitId: u.id, typeId: u.typeId, hex: u.hex, reason, rule })];
}
