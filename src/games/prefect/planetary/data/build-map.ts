/**
 * Builds map.json, the Planetary Map of Ku Crassus (D-05). Deterministic: `npx tsx
 * src/games/prefect/data/build-map.ts` rewrites map.json; data.test.ts checks the file matches.
 *
 * The printed map is lost (digest §2.2), so the whole sheet is designed here:
 * - drawn grid: 16 rows × 30 columns of pointy-top hexes, odd rows shifted half a hex east
 *   ("odd-r"); columns wrap east–west (L355), rows do not wrap over the poles (L357);
 * - curvature (L343-353): the sheet is cut into five gores of six columns. In the four rows
 *   nearest the poles the gores narrow, so some logical hexes are drawn as two parts: in rows
 *   1 and 14 the hex cut by each gore edge (columns 6k+5 and 6k+6) is ONE hex drawn in two
 *   halves; in the polar rows 0 and 15 every logical hex is two drawn cells. A logical hex is
 *   adjacent to every hex adjacent to any of its parts (L351);
 * - zones (L87): gore g (0..4) north of the equator (rows 0–7) is zone g+1, south (rows 8–15)
 *   zone g+6 — one zone per orbital segment for the Campaign (L2141-2145);
 * - terrain: one character per drawn cell (TERRAIN below), urban areas are letters A–I.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { formatMap } from '#engine/datapack.js';
import type { MapHex } from '../types.js';
export { formatMap };

type Prov = { source: 'rulebook'; rule: string } | { source: 'reconstructed'; reason: string };
const rb = (rule: string): Prov => ({ source: 'rulebook', rule });
const rc = (reason: string): Prov => ({ source: 'reconstructed', reason });

export const COLS = 30;
export const ROWS = 16;
export const GORE = 6;
const wrap = (c: number): number => ((c % COLS) + COLS) % COLS;
export const hexId = (r: number, c: number): string => `${String(r).padStart(2, '0')}${String(c).padStart(2, '0')}`;

// '.' clear · 'r' rough · 'c' crater · 'm' mountain · 'f' forest · '~' full water ·
// 'w' clear with a coast (partial water) · 'F' forest with a coast · A–I urban areas.
// Column 00 first; the first drawn part of a two-part hex gives its terrain.
//                     0         1         2
//                     012345678901234567890123456789
export const TERRAIN = [
  /* 00 */ 'rrccrr~~rrcrrrccrrcrrrrcrr~~rr',
  /* 01 */ 'rr.crr~~rr.rmmrcr.rcrr.rcc~~rr',
  /* 02 */ '.f..r.w~w.rmmm..f.rr.ffc.rw~w.',
  /* 03 */ '..f.r.w~w.fmmf.ff..r.f.c..w~w.',
  /* 04 */ '.ff.m..w..fmm.f.ff.rEf..c.w~~.',
  /* 05 */ '..rf.r.~w..fm.ff...rf..cc.w~~.',
  /* 06 */ '.f..f.w~wB..f.m..f..rr..c.w~w.',
  /* 07 */ '..A..fw~w..r.f.DD.f....r..~~~.',
  /* 08 */ '.....fw~w..r.ff...f...r..G~~w.',
  /* 09 */ 'r.f..rw~w.f..m.f..rr.c..c.w~w.',
  /* 10 */ '.rrf..w~w.f.fC..f.mr...fc.w~~.',
  /* 11 */ '.f.fI.w~w.f.m..f.f.c.F..c.w~w.',
  /* 12 */ '..f...w~wr..mm.ff..rr.f..c~~w.',
  /* 13 */ 'r.cr.r~~~r.rmmf..H.rr.r.cr~~~r',
  /* 14 */ 'rrcrrr~~rrcrmmrrcrrcrrrrcr~~rr',
  /* 15 */ 'rcrrcr~~rrcrrrcrrcrrrcrrcr~~rr',
];

export const URBAN: { letter: string; id: string; name: string }[] = [
  { letter: 'A', id: 'crassus-landing', name: 'Crassus Landing' },
  { letter: 'B', id: 'port-meridian', name: 'Port Meridian' },
  { letter: 'C', id: 'kessel-falls', name: 'Kessel Falls' },
  { letter: 'D', id: 'ku-crassus-prime', name: 'Ku Crassus Prime' },
  { letter: 'E', id: 'new-verdun', name: 'New Verdun' },
  { letter: 'F', id: 'tarsis', name: 'Tarsis' },
  { letter: 'G', id: 'ochre-gate', name: 'Ochre Gate' },
  { letter: 'H', id: 'sable-downs', name: 'Sable Downs' },
  { letter: 'I', id: 'varros-reach', name: "Varro's Reach" },
];

/** Start column and width of every logical hex in a row (curvature, L343-353). */
export function groupsOfRow(r: number): { start: number; width: number }[] {
  const polar = r === 0 || r === ROWS - 1;
  const narrowed = r === 1 || r === ROWS - 2;
  const out: { start: number; width: number }[] = [];
  if (polar) {
    for (let c = 1; c <= COLS; c += 2) out.push({ start: wrap(c), width: 2 }); // (01,02) … (29,00)
    return out;
  }
  for (let c = 0; c < COLS; c++) {
    if (narrowed && c % GORE === GORE - 1) {
      out.push({ start: c, width: 2 }); // cells 6k+5 and 6k+6, split by the gore edge
      continue;
    }
    if (narrowed && c % GORE === 0) continue; // second half of the previous gore-edge hex
    out.push({ start: c, width: 1 });
  }
  return out;
}

/** Logical hex id owning drawn cell (r, c), null off the north/south edge. */
export function owner(r: number, c: number): string | null {
  if (r < 0 || r >= ROWS) return null;
  const cc = wrap(c);
  for (const g of groupsOfRow(r)) {
    for (let i = 0; i < g.width; i++) if (wrap(g.start + i) === cc) return hexId(r, g.start);
  }
  throw new Error(`cell ${r},${cc} has no owner`);
}

/** Drawn neighbours of a cell in an odd-r layout (odd rows shifted east). */
function cellNeighbours(r: number, c: number): [number, number][] {
  const [a, b] = r % 2 === 0 ? [c - 1, c] : [c, c + 1];
  return [[r, c - 1], [r, c + 1], [r - 1, a], [r - 1, b], [r + 1, a], [r + 1, b]];
}

function kind(ch: string): { terrain: string[]; water: 'NONE' | 'PARTIAL' | 'FULL'; urban?: string } {
  const u = URBAN.find((x) => x.letter === ch);
  if (u) return { terrain: ['urban'], water: 'NONE', urban: u.id };
  switch (ch) {
    case '.': return { terrain: ['clear'], water: 'NONE' };
    case 'r': return { terrain: ['rough'], water: 'NONE' };
    case 'c': return { terrain: ['crater'], water: 'NONE' };
    case 'm': return { terrain: ['mountain'], water: 'NONE' };
    case 'f': return { terrain: ['forest'], water: 'NONE' };
    case '~': return { terrain: ['water'], water: 'FULL' };
    case 'w': return { terrain: ['clear', 'water'], water: 'PARTIAL' };
    case 'F': return { terrain: ['forest', 'water'], water: 'PARTIAL' };
    default: throw new Error(`unknown terrain character '${ch}'`);
  }
}

/** The built hexes are the map's logical hexes (types.ts, D-05). */
export type BuiltHex = MapHex;

export function buildMap(): Record<string, unknown> {
  if (TERRAIN.length !== ROWS) throw new Error(`TERRAIN needs ${ROWS} rows`);
  TERRAIN.forEach((row, r) => {
    if (row.length !== COLS) throw new Error(`TERRAIN row ${r} has ${row.length} cells, not ${COLS}`);
  });
  const hexes: BuiltHex[] = [];
  for (let r = 0; r < ROWS; r++) {
    for (const g of groupsOfRow(r)) {
      const id = hexId(r, g.start);
      const parts = Array.from({ length: g.width }, (_, i) => ({ row: r, col: wrap(g.start + i) }));
      const ns = new Set<string>();
      for (const p of parts) {
        for (const [r2, c2] of cellNeighbours(p.row, p.col)) {
          const o = owner(r2, c2);
          if (o && o !== id) ns.add(o);
        }
      }
      const k = kind(TERRAIN[r][g.start]);
      const zone = Math.floor(g.start / GORE) + 1 + (r < ROWS / 2 ? 0 : 5);
      const hex: BuiltHex = { id, zone, terrain: k.terrain, water: k.water, parts, neighbours: [...ns].sort() };
      if (k.urban) hex.urbanArea = k.urban;
      hexes.push(hex);
    }
  }
  const urbanAreas = URBAN.map((u) => ({
    id: u.id,
    name: u.name,
    hexes: hexes.filter((h) => h.urbanArea === u.id).map((h) => h.id),
    provenance: rc('Urban areas exist (L900-904) but the printed map is lost: names and positions designed for Liberation'),
  }));
  return {
    id: 'ku-crassus',
    name: 'Ku Crassus',
    provenance: rc('Planetary map of Ku Crassus (L81-87): the mapsheet is not in the text; designed grid, gores, terrain and zones (D-05)'),
    valueProvenance: {
      wrap: rb('L355-357'),
      parts: rb('L343-353'),
      zones: rb('L87'),
      neighbours: rc('Odd-r hex grid of 16 × 30 drawn cells, five gores of six columns narrowing in rows 0-1 and 14-15 (D-05)'),
      zone: rc('Zone = gore (1-5) north of the equator, +5 south of it; the printed zone borders are lost'),
      terrain: rc('Terrain types from the text (L377, L583, L625, L826) placed by design; the printed terrain is lost'),
      water: rc('Full-water seas (L826, L926) and partial-water coasts placed by design'),
    },
    hexes,
    urbanAreas,
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(new URL('./map.json', import.meta.url), formatMap(buildMap()));
}
