/**
 * Zones of control (rule 5, digest §5.3), and the storm intensities that bear on them and on
 * movement (15.7, 15.72).
 *
 * - Every ground unit on the map exerts a ZOC into its adjacent hexes, gap-jump and Pole
 *   adjacency included (4.942), whatever the terrain or units there; E-Fields and SF never do,
 *   and no unit exerts one into its own hex (5.0, 5.1).
 * - 5.3: where Human and Cetian units share a hex, the ZOCs of all units in it are suppressed
 *   and project nothing; they come back the instant the hex holds no enemy unit. Suppression is
 *   therefore computed from the positions of the moment, and a moving unit is left out of the
 *   picture (`exclude`): when the last friendly unit leaves a shared hex, the enemy there regains
 *   its ZOC at once (5.41), while others stay suppressed as long as one friendly unit remains (5.5).
 * - 15.72: ZOCs do not extend into or out of a hex under Intensity-3 weather.
 * - Hidden identity (14.12): for the player who cannot see a face-down enemy unit (`viewer`),
 *   that unit is taken to exert a ZOC, so no legal-move list or order error depends on what the
 *   counter really is. (Face-down units are set-up units, none of them an E-Field, so this is
 *   also what the rules give.)
 * Supply (5.7) and landing (5.6, 11.18) use the same field: `zocHexes(state, enemy)`.
 */
import { optionValues, tablesData, unitsData } from './data/index.js';
import { forwardPair, mapFor, step, stormGenHex } from './map.js';
import { ruleOptions } from './options-rules.js';
import type { IntensityAt } from './special-forces.js';
import { enemyOf, type CerberusState, type HexId, type Side, type Unit } from './state.js';

export type { IntensityAt };
const W = tablesData.weather;
export const noStorms: IntensityAt = () => 0;

/**
 * Storm intensity of every hex from `state.storms` (15.62–15.65 Tropical Storms, 15.51 Arctic
 * Cold Fronts in the digest §5.14 reading served by map.ts step/forwardPair), overlaps added and
 * capped at 3 (15.73). No storms unless the weather option is on. A weather module may pass its
 * own function instead (hooks.intensityAt).
 */
export function stormIntensityAt(state: CerberusState): IntensityAt {
  if (!ruleOptions(state.options).weather || state.storms.length === 0) return noStorms;
  const map = mapFor(state.options);
  const markerFront = optionValues(state.options).acfMarkerIntensity === 'front';
  const total = new Map<HexId, number>();
  for (const s of state.storms) {
    const mine = new Map<HexId, number>();
    const put = (h: HexId | null, i: number): void => {
      if (h !== null && i > 0) mine.set(h, Math.max(mine.get(h) ?? 0, i));
    };
    if (s.kind === 'TS') {
      const rings = W.tsArea.byIntensity[String(s.intensity)] ?? [];
      for (const h of map.hexesWithin(s.hex, rings.length)) {
        put(h, h === s.hex ? W.tsArea.eyeIntensity : rings[map.distance(s.hex, h) - 1]); // 15.62, 15.65
      }
    } else {
      const arrow = stormGenHex(s.genHex).arrow === 'N' ? 'N' : 'S';
      const fresh = s.createdTurn === state.turn; // 15.51: no second row on the creation turn
      const second = fresh ? 0 : s.intensity + W.acfSecondRowPenalty.value;
      const w1 = step(s.hex, 'W', map);
      const e1 = step(s.hex, 'E', map);
      for (const h of [w1, e1, w1 && step(w1, 'W', map), e1 && step(e1, 'E', map)]) put(h, second);
      const [fw, fe] = forwardPair(s.hex, arrow, map);
      for (const h of [fw, fe, fw && step(fw, 'W', map), fe && step(fe, 'E', map)]) put(h, s.intensity);
      put(s.hex, markerFront ? s.intensity : second);
    }
    for (const [h, i] of mine) total.set(h, (total.get(h) ?? 0) + i);
  }
  const cap = W.maxIntensity.value;
  return (hex) => Math.min(cap, total.get(hex) ?? 0);
}

export interface ZocOptions {
  /** Units treated as absent: the unit moving and its passenger (5.3 dynamic evaluation, 5.4, 5.5). */
  exclude?: Iterable<string>;
  /** Whose knowledge: face-down units of the other side count as exerting a ZOC (14.12). */
  viewer?: Side;
  /** Storm intensity (15.72); default from the state. */
  intensityAt?: IntensityAt;
}

/** 5.0 does this map unit exert a ZOC (as far as `viewer` can tell)? */
export function exertsZoc(unit: Unit, viewer?: Side): boolean {
  if (unit.box !== 'MAP') return false;
  if (viewer !== undefined && unit.side !== viewer && unit.faceDown) return true;
  return unitsData.classes[unit.cls]!.exertsZoc;
}

type Occupancy = Map<HexId, Record<Side, Unit[]>>;

function occupancy(state: CerberusState, exclude: ReadonlySet<string>): Occupancy {
  const occ: Occupancy = new Map();
  for (const u of state.units) {
    if (u.box !== 'MAP' || u.hex === null || u.cls === 'SF' || exclude.has(u.id)) continue;
    let here = occ.get(u.hex);
    if (!here) occ.set(u.hex, (here = { HUMAN: [], CETIAN: [] }));
    here[u.side].push(u);
  }
  return occ;
}

/**
 * 5.0–5.3, 15.72 the ZOC `side` exerts now: each hex in it, with the hexes (sorted) of the
 * `side` units exerting it there. Suppressed ZOCs (5.3) are left out.
 */
export function zocField(state: CerberusState, side: Side, opts: ZocOptions = {}): Map<HexId, HexId[]> {
  const intensity = opts.intensityAt ?? stormIntensityAt(state);
  const map = mapFor(state.options);
  const out = new Map<HexId, HexId[]>();
  for (const [hex, here] of occupancy(state, new Set(opts.exclude ?? []))) {
    if (here[enemyOf(side)].length > 0) continue; // 5.3 suppressed while an enemy unit shares the hex
    if (!here[side].some((u) => exertsZoc(u, opts.viewer))) continue; // 5.0 E-Fields, SF
    if (intensity(hex) >= 3) continue; // 15.72 not out of an Intensity-3 hex
    for (const n of map.neighbors(hex)) {
      if (intensity(n) >= 3) continue; // 15.72 not into one
      const list = out.get(n);
      if (list) list.push(hex);
      else out.set(n, [hex]);
    }
  }
  for (const list of out.values()) list.sort();
  return out;
}

/** 5.0–5.3 the hexes in `side`'s unsuppressed ZOC, sorted (supply 5.7, landing 5.6/11.18, views). */
export function zocHexes(state: CerberusState, side: Side, opts: ZocOptions = {}): HexId[] {
  return [...zocField(state, side, opts).keys()].sort();
}

/** 5.1 is `hex` in the ZOC of `side`'s units? */
export function isInZoc(state: CerberusState, side: Side, hex: HexId, opts: ZocOptions = {}): boolean {
  return zocField(state, side, opts).has(hex);
}

/** 5.3 is this map unit's ZOC suppressed (an enemy unit in its hex)? */
export function isSuppressed(state: CerberusState, unit: Unit): boolean {
  if (unit.box !== 'MAP' || unit.hex === null) return false;
  return hasUnitsOf(state, enemyOf(unit.side), unit.hex);
}

/** Does `hex` hold map units of `side` (leaving out `exclude`)? */
export function hasUnitsOf(
  state: CerberusState,
  side: Side,
  hex: HexId,
  exclude: ReadonlySet<string> = new Set(),
): boolean {
  return state.units.some(
    (u) => u.side === side && u.box === 'MAP' && u.hex === hex && u.cls !== 'SF' && !exclude.has(u.id),
  );
}
