/**
 * The Planetary Map of Ku Crassus as a BoardGeometry (contract `boards`), drawn from the data pack
 * (data/map.json, D-05): pointy-top hexes of the odd-r drawn grid, a logical hex drawn in two
 * parts placed at the middle of its parts, neighbours as the rules count them (map.ts: east–west
 * wrap and merged curvature hexes, L343-357), terrain and urban areas as the pack has them.
 */
import type { BoardBox, BoardGeometry, BoardHex } from '#engine/contract.js';
import { turnTrack } from '../../common/present/tracks.js';
import { prefectData } from '../data/index.js';
import { neighboursOf } from '../map.js';
import type { MapHex, ScenarioDef } from '../types.js';

export const PLANET_BOARD = 'ku-crassus';
const SQRT3 = Math.sqrt(3);
/** Drawn columns of the sheet (30, data/build-map.ts). */
const COLS = Math.max(...prefectData.map.hexes.flatMap((h) => h.parts.map((p) => p.col))) + 1;
/** The sheet wraps after COLS hex widths (L355-357). */
export const PLANET_WRAP_X = COLS * SQRT3;
const round = (v: number): number => Math.round(v * 1000) / 1000;

/** Off-map boxes of the Planetary Game. */
export const PLANET_BOXES: BoardBox[] = [
  { id: 'unplaced', title: 'Task Forces not yet placed (set-up, L238-240)' },
  { id: 'reinforcements', title: 'Reinforcements not yet arrived' },
  { id: 'available-bases', title: 'Bases available to build (L952)' },
  { id: 'eliminated', title: 'Destroyed units' },
];

/** Centre of a drawn cell (odd rows shifted half a hex east), in units of the outer radius. */
const cellCentre = (row: number, col: number): { x: number; y: number } => ({
  x: SQRT3 * (col + (row % 2 ? 0.5 : 0)),
  y: 1.5 * row,
});

/** The middle of a hex's drawn parts; a part across the wrap is taken on the far side first. */
export function hexCentre(h: MapHex): { x: number; y: number } {
  const first = h.parts[0];
  const cols = h.parts.map((p) =>
    p.col - first.col > COLS / 2 ? p.col - COLS : first.col - p.col > COLS / 2 ? p.col + COLS : p.col,
  );
  const pts = h.parts.map((p, i) => cellCentre(p.row, cols[i]));
  const x = pts.reduce((a, p) => a + p.x, 0) / pts.length;
  const y = pts.reduce((a, p) => a + p.y, 0) / pts.length;
  return { x: round(((x % PLANET_WRAP_X) + PLANET_WRAP_X) % PLANET_WRAP_X), y: round(y) };
}

function featuresOf(h: MapHex): string[] {
  const out: string[] = [`zone-${h.zone}`];
  if (h.water === 'PARTIAL') out.push('coast');
  if (h.urbanArea) out.push(`urban-area:${h.urbanArea}`);
  if (h.parts.length > 1) out.push(`drawn-in-${h.parts.length}-parts`);
  return out;
}

/** Scenario marks on the map: each side's set-up zone (L238-240) and reinforcement entry hexes. */
export function scenarioFeatures(sc: ScenarioDef): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const add = (hex: string, f: string): void => {
    const l = out.get(hex) ?? [];
    if (!l.includes(f)) l.push(f);
    out.set(hex, l);
  };
  for (const [side, hexes] of Object.entries(sc.setupZones)) for (const h of hexes) add(h, `setup-zone:${side}`);
  for (const r of sc.reinforcements) add(r.hex, `reinforcements:${r.side}`);
  return out;
}

export function planetHexes(extra: Map<string, string[]> = new Map()): BoardHex[] {
  const names = new Map(prefectData.map.urbanAreas.map((a) => [a.id, a.name]));
  return prefectData.map.hexes.map((h) => ({
    id: h.id,
    ...hexCentre(h),
    // A hex lists every terrain type present; the owner of a TF picks one (L515, D-20): joined by '+'.
    terrain: h.terrain.join('+'),
    features: [...featuresOf(h), ...(extra.get(h.id) ?? [])],
    neighbors: [...neighboursOf(h.id)],
    ...(h.urbanArea ? { label: names.get(h.urbanArea) } : {}),
  }));
}

export function planetBoard(turns: number, extraBoxes: BoardBox[] = [], marks?: Map<string, string[]>): BoardGeometry {
  return {
    id: PLANET_BOARD,
    title: prefectData.map.name,
    orientation: 'pointy',
    hexes: planetHexes(marks),
    boxes: [...PLANET_BOXES, ...extraBoxes],
    tracks: [turnTrack(turns)],
    wrapX: round(PLANET_WRAP_X),
    notes:
      'Ku Crassus (designed map, the printed sheet is lost): 16 rows of 30 pointy-top hexes, odd rows half a hex east, ids RRCC; ' +
      'the sheet wraps east–west (x modulo wrapX) and not over the poles. Near the poles a logical hex is drawn in two cells: ' +
      'its x, y is the middle of the two (feature drawn-in-2-parts). terrain lists every type in the hex joined by "+" (the TF owner picks one); ' +
      'features: zone-N (planetary zone, = orbital segment N in the Campaign), coast (partial water), urban-area:<id> (label = its name), ' +
      'and from the scenario setup-zone:<side> and reinforcements:<side> (entry hex). ' +
      'The map has no roads or rivers.',
  };
}
