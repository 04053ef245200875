/**
 * The tables read by space superiority (13), special forces (10), reinforcements and strategic
 * movement (3.2 D, 14.2), garrison and victory (14.4-14.5) and the extended game (16), gathered
 * from the data pack (tables.json, units.json) plus data/space.json (strategic-movement limits,
 * which the pack lacks) into the shapes these modules use. Nothing here is a rule value of its own.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { provenanceSchema } from '#engine/tables.js';
import { tablesData, unitsData } from './data/index.js';
import type { Side } from './state.js';

const limit = z.object({ value: z.number().int().min(0), provenance: provenanceSchema }).strict();
export const SpaceJsonSchema = z.object({
  version: z.literal(1),
  strategic: z.object({ humanEarthToFleetMax: limit, cetianTauToSystemMax: limit }).strict(),
});

const spaceJson = SpaceJsonSchema.parse(
  JSON.parse(readFileSync(new URL('./data/space.json', import.meta.url), 'utf8')),
);

const T = tablesData;

function vp(list: { what: string; vp: number }[], what: string): number {
  const row = list.find((r) => r.what === what);
  if (!row) throw new Error(`Cerberus data pack: no victory-point entry '${what}'`);
  return row.vp;
}

function fleetBox(side: Side): { capacity: number; turnOneCapacity: number } {
  const box = unitsData.boxes.find((b) => b.id === 'FLEET' && b.side === side);
  if (!box || box.capacity === null) throw new Error(`Cerberus data pack: no Fleet box capacity for ${side}`);
  return { capacity: box.capacity, turnOneCapacity: box.turnOneCapacity ?? box.capacity };
}

export const SPACE_DATA = {
  deterioration: { byMagnitude: T.space.deterioration.byMagnitude },
  resolutionChart: { rows: T.space.resolution.rows },
  effectsChart: { rows: T.space.effects.rows },
  majorEffort: {
    total: T.majorEffort.total,
    firstTurn: T.majorEffort.firstTurn,
    spacing: T.majorEffort.spacing,
    shift: T.majorEffort.shift,
  },
  extended: {
    majorEffort: {
      spacingAfterThird: T.majorEffort.extendedSpacingAfterThird,
      earnFromTurn: T.majorEffort.extendedEarnFromTurn,
      earnEvery: T.majorEffort.extendedEarnEvery,
      shiftAfterThird: T.majorEffort.extendedShiftAfterThird,
    },
    /** 16.2 "after turn 15" */
    maxState: { afterTurn: 15, max: T.extended.maxStateAfterTurn15.value },
    sfCap: T.extended.sfCap.rows,
  },
  rebuild: T.extended.rebuild,
  specialForces: {
    boxCapacity: T.specialForces.boxCapacity.value,
    returnDelay: T.specialForces.returnDelayTurns.value,
    maxReturnsPerTurn: T.specialForces.maxReturnsPerTurn.value,
    pairSize: T.specialForces.combatSupport.pairSize,
    pairShift: T.specialForces.combatSupport.shift,
    survivalEliminatedOn: T.specialForces.combatSupport.survivalEliminatedOn,
    /** rows[die - 1][sfCount - 1] */
    vsInstallation: [1, 2, 3, 4, 5, 6].map((die) => {
      const row = T.specialForces.vsInstallation.rows[String(die)];
      if (!row) throw new Error(`Cerberus data pack: SF vs Spaceport table lacks row ${die}`);
      return row;
    }),
    vsSupplies: T.specialForces.vsSupplies.rows,
  },
  fleet: {
    capacity: { HUMAN: fleetBox('HUMAN').capacity, CETIAN: fleetBox('CETIAN').capacity },
    humanTurnOneCapacity: fleetBox('HUMAN').turnOneCapacity,
  },
  strategic: {
    humanEarthToFleetMax: spaceJson.strategic.humanEarthToFleetMax.value,
    cetianTauToSystemMax: spaceJson.strategic.cetianTauToSystemMax.value,
  },
  garrison: T.victory.garrison,
  victoryPoints: {
    destroyed: {
      eliteBattalion: vp(T.victory.destroyed, 'GUARDS_OR_PARATROOP_BATTALION'),
      combatUnit: vp(T.victory.destroyed, 'MOBILE_INFANTRY_OR_HEAVY_WEAPONS'),
      TRANSPORT: vp(T.victory.destroyed, 'TRANSPORT'),
      BASE: vp(T.victory.destroyed, 'BASE'),
      SPACEPORT: vp(T.victory.destroyed, 'SPACEPORT'),
      EFIELD: vp(T.victory.destroyed, 'EFIELD'),
      SF: vp(T.victory.destroyed, 'SF'),
    },
    remaining: {
      SPACEPORT: vp(T.victory.remaining, 'SPACEPORT'),
      BASE: vp(T.victory.remaining, 'BASE'),
      combatUnit: vp(T.victory.remaining, 'MOBILE_INFANTRY_OR_HEAVY_WEAPONS'),
    },
    continents: Object.fromEntries(T.victory.continents.map((c) => [c.continent, c.vp])) as Record<string, number>,
    resourceHex: {
      occupied: T.victory.resourceHex.occupied,
      withInstallation: T.victory.resourceHex.withBaseOrSpaceport,
    },
  },
  victoryLevels: { rows: [...T.victory.levels].sort((a, b) => b.minRatio - a.minRatio) },
};

export type SpaceData = typeof SPACE_DATA;
export type EffectsRow = SpaceData['effectsChart']['rows'][number];
