/**
 * Weather (rule 15, digest §5.14), the optional `weather` rule: the storm procedure of the
 * weather step of the Space Superiority Resolution Segment (15.3, 15.4).
 *
 * - 15.3, 15.8: every storm already on the map moves first, one d6 each, in the base direction
 *   of its Storm Generation hex arrow (kept for the storm's life in `Storm.baseDir`).
 *   ACF (15.8 ARCTIC COLD FRONT TABLE): 1–2 hex "A", 3–4 stays, 5–6 hex "B".
 *   TS (15.8 TROPICAL STORM TABLE): 1 "W", 2 "X", 3 "X"*, 4 "Y"*, 5 "Y", 6 "Z".
 *   The direction diagrams are lost (digest G4); the reading of tables.json `directionDiagrams`
 *   is used: A/X = the neighbour ahead on the west side, B/Y = the one ahead on the east side
 *   (map.ts forwardPair), W/Z = the neighbours west/east in the same row (map.ts step).
 *   A storm with no hex in the rolled direction stays put (it never leaves the map).
 * - 15.8 *: the TS intensity changes by the hex it just moved INTO: Mountain −2, land of a named
 *   continent −1, All Water or Island +1 (option `tsIntensityRolls`: on rolls 3 and 4; option
 *   `tsPartialWaterHex`: a Partial Water hex counts as land), never above 3 (15.11). A storm with
 *   no hex in the rolled direction does not move and its intensity does not change.
 *   Only ACF markers merge (15.74); Tropical Storms sharing a hex simply overlap (15.73).
 * - 15.52: an ACF whose marker reaches a hex adjacent to the Equator (one row from it) is removed.
 *   15.53: its intensity never changes.
 * - 15.63: a TS is removed at intensity 0 or on entering a hex more than 5 rows from the Equator.
 * - 15.74: two ACF markers in one hex merge, intensities added (max 3, 15.73); the marker that
 *   moved in returns to the pool.
 * - 15.4, 15.91: then generation: if a marker is free (15.2, five), d6 1–3 creates a storm; a
 *   second d6 names the Storm Generation hex; if any storm marker is on it or within two hexes,
 *   nothing is placed. The kind is the hex's (15.5 ACF at #1, #2, #6; 15.6 TS at #3, #4, #5).
 *   15.61 a TS starts at 1; an ACF at the BEGINNING WEATHER INTENSITY CHART value for the season
 *   of its hemisphere (15.9: option `season` is the northern one, the south has the opposite).
 *   A storm does not move on its creation turn (15.4: created after the movement step).
 *
 * The effects (15.7–15.73) are computed from `state.storms` by zoc.ts `stormIntensityAt` and used
 * by movement, ZOC, supply, transport, SF, fire support and combat.
 */
import type { GameEvent } from '#engine/contract.js';
import type { Dice } from '#engine/dice.js';
import { optionValues, tablesData, type Direction } from './data/index.js';
import {
  continentOf,
  forwardPair,
  hemisphere,
  hex as hexRecord,
  isAllWater,
  isMountain,
  mapFor,
  rowsFromEquator,
  step,
  stormGenHex,
  stormGenHexes,
} from './map.js';
import { ruleOptions } from './options-rules.js';
import type { CerberusState, HexId, Storm } from './state.js';

const W = tablesData.weather;
/** 15.9 the four seasons; the named one is the northern hemisphere's. */
export const SEASONS = ['SPRING', 'SUMMER', 'FALL', 'WINTER'] as const;
export type Season = (typeof SEASONS)[number];
const OPPOSITE: Record<Season, Season> = { SPRING: 'FALL', SUMMER: 'WINTER', FALL: 'SPRING', WINTER: 'SUMMER' };
/** `Storm.baseDir` encoding: index into this list (15.3). */
export const BASE_DIRECTIONS: readonly Direction[] = ['N', 'S', 'E', 'W', 'NE', 'NW', 'SE', 'SW'];

const pub = (type: string, data: Record<string, unknown>): GameEvent => ({
  type,
  visibleTo: 'all',
  data: data as GameEvent['data'],
});

/** 15.9 the season in force at a hex: the chosen (northern) one, or its opposite in the south. */
export function seasonAt(state: CerberusState, hex: HexId): Season {
  const north = (state.season ?? String(optionValues(state.options).season)) as Season;
  const south = W.southernHemisphereSeason.value === 'OPPOSITE' ? OPPOSITE[north] : north;
  return hemisphere(hex) === 'SOUTH' ? south : north;
}

/** 15.91 BEGINNING WEATHER INTENSITY CHART (15.61: every TS starts at 1). */
export function beginningIntensity(kind: Storm['kind'], season: Season): number {
  const row = W.beginningIntensity.find((r) => r.season === season)!;
  return row[kind];
}

/** The arrow (base direction) a storm keeps for its life (15.3). */
export function baseDirectionOf(storm: Storm): 'N' | 'S' {
  const d = BASE_DIRECTIONS[storm.baseDir] ?? stormGenHex(storm.genHex).arrow;
  return d === 'N' ? 'N' : 'S';
}

/** 15.8 the hex a storm would move to for a die roll (null = stays), and whether its intensity changes. */
export function stormMoveTarget(
  state: CerberusState,
  storm: Storm,
  die: number,
): { to: HexId | null; move: string; intensityChange: boolean } {
  const map = mapFor(state.options);
  const [ahead1, ahead2] = forwardPair(storm.hex, baseDirectionOf(storm), map);
  if (storm.kind === 'ACF') {
    const move = W.acfMovement.rows.find((r) => r.die === die)!.move;
    return { to: move === 'A' ? ahead1 : move === 'B' ? ahead2 : null, move, intensityChange: false };
  }
  const row = W.tsMovement.rows.find((r) => r.die === die)!;
  const literal = optionValues(state.options).tsIntensityRolls !== 'quick-reference'; // 15.8, digest C14
  const to =
    row.move === 'W'
      ? step(storm.hex, 'W', map)
      : row.move === 'X'
        ? ahead1
        : row.move === 'Y'
          ? ahead2
          : step(storm.hex, 'E', map);
  return { to, move: row.move, intensityChange: literal && row.intensityChange };
}

/** 15.8 * the TS intensity change for the hex it just moved into. */
export function tsIntensityDelta(hex: HexId, partialWaterAs: 'land' | 'water' = 'land'): number {
  const t = W.tsIntensityChange;
  if (isMountain(hex)) return t.MOUNTAIN;
  if (isAllWater(hex)) return t.WATER_OR_ISLAND;
  if (partialWaterAs === 'water' && hexRecord(hex).partialWater) return t.WATER_OR_ISLAND; // option tsPartialWaterHex
  const c = continentOf(hex);
  return c === null || c === 'ISLAND' ? t.WATER_OR_ISLAND : t.CONTINENT_LAND;
}

/** 15.3, 15.8, 15.52, 15.63, 15.74 moves every storm on the map (one d6 each, in marker order). */
export function moveStorms(state: CerberusState, dice: Dice): GameEvent[] {
  const events: GameEvent[] = [];
  const cap = W.maxIntensity.value;
  const partialWaterAs = optionValues(state.options).tsPartialWaterHex === 'water' ? 'water' : 'land';
  const kept: Storm[] = [];
  for (const s of [...state.storms].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))) {
    const die = dice.d6(`storm ${s.id} movement`);
    const { to, move, intensityChange } = stormMoveTarget(state, s, die);
    const from = s.hex;
    if (to !== null) s.hex = to;
    const before = s.intensity;
    if (s.kind === 'TS' && intensityChange && to !== null)
      s.intensity = Math.min(W.tsIntensityChange.max, s.intensity + tsIntensityDelta(to, partialWaterAs));
    events.push(
      pub('storm.moved', {
        stormId: s.id,
        kind: s.kind,
        die,
        move,
        from,
        to: s.hex,
        intensity: s.intensity,
        intensityBefore: before,
        rule: '15.8',
      }),
    );
    if (s.kind === 'TS' && s.intensity <= 0) {
      events.push(pub('storm.removed', { stormId: s.id, hex: s.hex, reason: 'intensity 0', rule: '15.63' }));
      continue;
    }
    if (s.kind === 'TS' && to !== null && rowsFromEquator(s.hex) > W.tsRemovalBeyondRowsFromEquator.value) {
      events.push(
        pub('storm.removed', {
          stormId: s.id,
          hex: s.hex,
          reason: 'more than 5 hexes from the Equator',
          rule: '15.63',
        }),
      );
      continue;
    }
    if (s.kind === 'ACF' && rowsFromEquator(s.hex) <= 1) {
      events.push(
        pub('storm.removed', { stormId: s.id, hex: s.hex, reason: 'adjacent to the Equator', rule: '15.52' }),
      );
      continue;
    }
    const other = s.kind === 'ACF' ? kept.find((k) => k.kind === 'ACF' && k.hex === s.hex) : undefined;
    if (other) {
      other.intensity = Math.min(cap, other.intensity + s.intensity);
      events.push(
        pub('storm.merged', {
          stormId: other.id,
          absorbed: s.id,
          hex: s.hex,
          intensity: other.intensity,
          rule: '15.74',
        }),
      );
      continue;
    }
    kept.push(s);
  }
  // Merging is judged on final positions: a later marker ending where an earlier one ended merges into it (15.74).
  state.storms = kept;
  return events;
}

/** 15.91 storm generation (after movement, 15.4). */
export function generateStorm(state: CerberusState, dice: Dice): GameEvent[] {
  const g = W.generation;
  if (state.storms.length >= W.maxStorms.value)
    return [pub('storm.none', { reason: 'no storm marker free', rule: '15.2, 15.91' })];
  const die = dice.d6('storm creation');
  if (!g.createOn.includes(die)) return [pub('storm.none', { die, rule: '15.91' })];
  const no = dice.roll(g.hexDie, 'storm generation hex');
  const gen = stormGenHexes().find((h) => h.no === no);
  if (!gen) return [pub('storm.none', { die, hexRoll: no, rule: '15.91' })];
  const map = mapFor(state.options);
  const near = state.storms.find((s) => map.distance(s.hex, gen.hex) <= g.blockedWithin);
  if (near) return [pub('storm.none', { die, hexRoll: no, hex: gen.hex, blockedBy: near.id, rule: '15.91' })];
  const intensity = beginningIntensity(gen.kind, seasonAt(state, gen.hex));
  const storm: Storm = {
    id: `storm-t${state.turn}`,
    kind: gen.kind,
    hex: gen.hex,
    intensity,
    baseDir: BASE_DIRECTIONS.indexOf(gen.arrow),
    genHex: gen.no,
    createdTurn: state.turn,
  };
  state.storms.push(storm);
  return [
    pub('storm.created', {
      stormId: storm.id,
      kind: storm.kind,
      hex: storm.hex,
      genHex: no,
      intensity,
      die,
      rule: '15.91',
    }),
  ];
}

/** 15.3, 15.4 the weather step: move the storms, then generate. No-op without the option. */
export function weatherSegment(state: CerberusState, dice: Dice): GameEvent[] {
  if (!ruleOptions(state.options).weather) return [];
  return [...moveStorms(state, dice), ...generateStorm(state, dice)];
}
