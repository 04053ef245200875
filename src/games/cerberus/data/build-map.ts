/**
 * Builds map.json, the Cerberus globe (rule 4.9). Deterministic: `npx tsx
 * src/games/cerberus/data/build-map.ts` rewrites map.json; data.test.ts checks the file matches.
 *
 * Geometry (digest §2.2, reproduces every example of 4.91–4.95): pointy-top hexes in rows
 * 01..19, odd rows at x = col, even rows at x = col + 0.5, columns wrap mod 30. Rows 01–04 and
 * 16–19 keep only some columns (curvature gaps, 4.94); rows 05 and 15 merge columns m=0 and m+1
 * into double hexes (4.92); the Poles 0000/2000 touch every hex of rows 01/19 (4.93).
 * The mapsheet is lost, so terrain, continents, resources and storm hexes are designed here.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { formatMap } from '#engine/datapack.js';
export { formatMap };

type Prov = { source: 'rulebook'; rule: string } | { source: 'reconstructed'; reason: string };
const rb = (rule: string): Prov => ({ source: 'rulebook', rule });
const rc = (reason: string): Prov => ({ source: 'reconstructed', reason });

export const COLS = 30;
export const ROWS = 19;
const wrap = (c: number): number => ((((c - 1) % COLS) + COLS) % COLS) + 1;
export const hexId = (r: number, c: number): string => `${String(r).padStart(2, '0')}${String(c).padStart(2, '0')}`;
const x = (r: number, c: number): number => c + (r % 2 === 0 ? 0.5 : 0);

/** Columns kept in a curvature row, by col mod 5 (digest §2.2); rows 16–19 mirror 04–01. */
function keptInRow(r: number, c: number): boolean {
  const m = c % 5;
  const rr = r <= 10 ? r : 20 - r;
  if (rr === 1) return m === 3;
  if (rr === 2) return m === 2 || m === 3;
  if (rr === 3) return m >= 2;
  if (rr === 4) return m !== 0;
  return true;
}
const isDoubleRow = (r: number): boolean => r === 5 || r === 15;

/** Id of the hex covering grid position (r, c), or null in a curvature gap (and off the rows). */
export function owner(r: number, c: number): string | null {
  if (r < 1 || r > ROWS) return null;
  const cc = wrap(c);
  if (isDoubleRow(r) && cc % 5 === 1) return hexId(r, wrap(cc - 1)); // right half of a double hex
  return keptInRow(r, cc) ? hexId(r, cc) : null;
}

interface Cell { id: string; row: number; col: number; double: boolean }
function cells(): Cell[] {
  const out: Cell[] = [];
  for (let r = 1; r <= ROWS; r++) {
    for (let c = 1; c <= COLS; c++) {
      if (owner(r, c) === hexId(r, c)) out.push({ id: hexId(r, c), row: r, col: c, double: isDoubleRow(r) && c % 5 === 0 });
    }
  }
  return out;
}

/** Ordinary hex-grid neighbours of one position (before gap jumps). */
function offsets(r: number, c: number): [number, number][] {
  const d = r % 2 === 1 ? [c - 1, c] : [c, c + 1]; // the two columns touched in rows r±1
  return [[r, c - 1], [r, c + 1], [r - 1, d[0]], [r - 1, d[1]], [r + 1, d[0]], [r + 1, d[1]]];
}

/**
 * Gap jump (4.942) from (r, c) in direction s (+1 east, -1 west) into row r2: skip the existing
 * position within half a hex (an ordinary neighbour), pass one run of missing positions, and
 * the first existing hex after it is adjacent.
 */
function jump(r: number, c: number, s: 1 | -1, r2: number): string | null {
  const x0 = x(r, c);
  const shift = r2 % 2 === 0 ? 0.5 : 0;
  // first column of row r2 strictly beyond x0 in direction s
  let cc = s === 1 ? Math.floor(x0 - shift) + 1 : Math.ceil(x0 - shift) - 1;
  if (r2 === r) cc = c + s;
  if (Math.abs(cc + shift - x0) <= 0.5 && owner(r2, cc)) cc += s; // ordinary neighbour
  if (owner(r2, cc)) return null; // no gap on this side in row r2
  for (let i = 0; i < COLS; i++, cc += s) if (owner(r2, cc)) return owner(r2, cc);
  return null;
}

const CURVATURE = (r: number): boolean => r <= 4 || r >= 16;

/** Adjacency of the whole globe, neighbours sorted by id. */
export function adjacency(): Map<string, string[]> {
  const adj = new Map<string, Set<string>>();
  const add = (a: string, b: string): void => {
    if (a === b) return;
    adj.get(a)!.add(b);
    adj.get(b)!.add(a);
  };
  const all = cells();
  adj.set('0000', new Set());
  adj.set('2000', new Set());
  for (const h of all) adj.set(h.id, new Set());
  for (const h of all) {
    const positions = h.double ? [h.col, h.col + 1] : [h.col];
    for (const p of positions) {
      for (const [r2, c2] of offsets(h.row, p)) {
        const o = owner(r2, c2);
        if (o) add(h.id, o);
      }
      if (!CURVATURE(h.row)) continue;
      for (const s of [1, -1] as const) {
        if (owner(h.row, p + s)) continue;
        for (const r2 of [h.row - 1, h.row, h.row + 1]) {
          const o = jump(h.row, p, s, r2);
          if (o) add(h.id, o);
        }
      }
    }
    if (h.row === 1) add('0000', h.id); // 4.93 (0128 for the printed "1028", digest C2)
    if (h.row === ROWS) add('2000', h.id);
  }
  const out = new Map<string, string[]>();
  for (const id of [...adj.keys()].sort()) out.set(id, [...adj.get(id)!].sort());
  return out;
}

// ---- Map design (the printed map is lost; digest §2.4). One string per row, column 01 first.
// N North Polar, A Alpha, B Beta, G Gamma, D Delta, E Epsilon, I island (no continent),
// ~ All Water, - no hex (curvature gap, or the right half of a double hex).
const REGIONS = [
  '--N----N----N----N----~----~--', // 01
  '-NN---NN---NN---NN---~~---~~--', // 02
  '-NNN--NNN--NN~--NN~--~~~--~~~-', // 03
  '~NNN-NNNN-~~~~-~~~~-~~~~-~~~~-', // 04
  '-NNNN-~~~~-BBB~-~~~~-II~~-~~~~', // 05
  '~~NNN~~~BBBBBBB~~~~~~II~~~~~~~', // 06
  '~~~~~~~BBBBBBBBB~~~~~~~~~~~~I~', // 07
  '~~~~~~AA~BBBBBB~~GGGG~~~~~~~~~', // 08
  '~~~~~AAAAA~~~~~~~GGGGG~~~~EEEE', // 09  (row 10 is the equator)
  '~~~~AAAAAAA~~~~~GGGGGG~~~EEEEE', // 10
  '~~~AAAAAAAA~~~~GGGGGG~~~~EEEE~', // 11
  '~~~~AAAAAAA~~~~~GGGG~~~~~EEEE~', // 12
  '~I~~AAAAAA~DDDDD~~~~~~~~EEEE~~', // 13
  '~~~~~~AAA~DDDDDD~~~~~~~~~~~~~~', // 14
  '-~~~~-~~~D-DDDD-~~~~-I~~~-~~~~', // 15
  '~~~~-~~~~-DDD~-~~~~-~~~~-~~~~-', // 16
  '-~~~--~~~--~~~--~~~--~~~--II~-', // 17
  '-~~---II---~~---~~---~~---~~--', // 18
  '--~----~----~----~----~----~--', // 19
];
const CONTINENT: Record<string, string> = {
  N: 'NORTH_POLAR', A: 'ALPHA', B: 'BETA', G: 'GAMMA', D: 'DELTA', E: 'EPSILON', I: 'ISLAND',
};
const POLE_REGION = { '0000': 'N', '2000': 'I' } as const;

const MOUNTAINS = ['0312', '0402', '0909', '1007', '1107', '1208', '0712', '0713', '1020', '1120', '1415', '1127', '1028'];
const PARTIAL_WATER = ['0409', '0810', '1205', '1217', '1328', '1611'];
/** Numbered west to east (by column, then row) so that 1109 is #7 (8.42). */
const RESOURCES = [
  '1302', '0203', '0906', '1206', '0408', '1308', '1109', '0610', '1011', '1512',
  '0313', '0513', '0714', '1314', '0918', '1218', '1021', '0523', '1226', '0928',
];
const STORMS = [
  { no: 1, hex: '0308', kind: 'ACF', arrow: 'S' },
  { no: 2, hex: '0423', kind: 'ACF', arrow: 'S' },
  { no: 3, hex: '1002', kind: 'TS', arrow: 'N' },
  { no: 4, hex: '1024', kind: 'TS', arrow: 'N' },
  { no: 5, hex: '1114', kind: 'TS', arrow: 'S' },
  { no: 6, hex: '1718', kind: 'ACF', arrow: 'N' },
] as const;

const WHY = {
  neighbors: 'Globe model of digest §2.2 (offset rows, wrap mod 30, curvature gaps by column mod 5, double hexes in rows 05/15); it reproduces every adjacency, wrap, pole and path example of 4.91–4.95.',
  terrain: 'Mapsheet lost (digest G1): terrain designed for play. Land in the curvature rows (01–04, 16–19) and on North Polar is Ice, but for two Mountain hexes (0312, 0402); 13 Mountain hexes give defensive ground on every continent; hexes the text mentions are kept land and non-Mountain where its examples need it.',
  partialWater: 'Mapsheet lost: a few coastal hexes carry the Partial Water overlay, which has no effect of its own (9.23).',
  continent: 'Mapsheet lost: six continents sized roughly by their victory value (14.5) and placed to fit the examples (8.42: Human Bases 0605/0812/1313 near North Polar, Beta and Delta; 11.35: Cetian Spaceport on Alpha, Human Spaceport on Gamma and a Base on Beta); a few islands belong to none (15.8).',
  resource: 'Mapsheet lost: 20 Resource hexes spread over every continent (Alpha 5; Beta, Gamma, North Polar 3; Delta, Epsilon, islands 2), numbered west to east by column then row so that 1109 is #7 as in 8.42.',
  storm: 'Mapsheet lost: ACF hexes #1/#2 in the north (arrow S) and #6 in the south (arrow N) as 15.51 requires; TS hexes #3–#5 over tropical water near the equator, arrows poleward (15.63 removes a TS more than 5 rows from the equator).',
};
/** 4.93 prints 1028 among the North Pole's neighbours; the stored list reads 0128 (a decision, digest C2). */
const NORTH_POLE_READING =
  "A decision, not the printed text: 4.93 lists 1028 among the North Pole's neighbours, which is not in row 01. Read as 0128, as the pattern 0103-0123 and 0103's own list (4.95) show; option northPoleNeighbor '1028' (map variant) gives the literal list.";
const TEXT_NEIGHBORS: Record<string, string> = { '0404': '4.95', '0304': '4.95', '0203': '4.95', '0103': '4.95', '0000': '4.93', '2000': '4.93' };
/** Hexes the text mentions and what it requires of them (digest §2.3). */
const TEXT_CONSTRAINTS: Record<string, string> = {
  '1109': '8.42 example: a Cetian Base stands on this Resource hex #7, so land',
  '1009': '8.42 example: a Cetian Mobile battalion stands here, so land',
  '0605': '8.42 example: a Human Base stands here (land) within air range of North Polar and of 1109',
  '0812': '8.42 example: a Human Base stands here (land) within air range of Beta and of 1109',
  '1313': '8.42 example: a Human Base stands here (land) within air range of Delta and of 1109',
  '0918': '7.9 example: a Cetian Base stands here, so land', '0919': '7.9 example: units here, so land',
  '0920': '7.9 example: units here, so land', '1017': '7.9 example: units here, so land',
  '1119': '7.9 example: units here, so land', '0818': '7.9 example: units here, so land',
  '0217': '4.95 path start: a unit stands here (land, not Mountain)', '0604': '4.95 path end: land, not Mountain',
};
for (const h of ['0213', '0212', '0309', '0308', '0407', '0406', '0505', '0113', '0000', '0103', '0203', '0304', '0404']) {
  TEXT_CONSTRAINTS[h] ??= '4.95 path: an 8-MP unit pays 1 MP here, so not Mountain (kept land)';
}

export function buildMap(): Record<string, unknown> {
  const adj = adjacency();
  const byId = new Map(cells().map((c) => [c.id, c]));
  const stormAt = new Map<string, (typeof STORMS)[number]>(STORMS.map((s) => [s.hex, s]));
  const hexes = [...adj.keys()].map((id) => {
    const cell = byId.get(id);
    const row = cell ? cell.row : id === '0000' ? 0 : 20;
    const code = cell ? REGIONS[row - 1][cell.col - 1] : POLE_REGION[id as '0000' | '2000'];
    if (!code || code === '-') throw new Error(`design grid has no terrain for existing hex ${id}`);
    const land = code !== '~';
    const polarRow = row <= 4 || row >= 16;
    const terrain = !land ? 'ALL_WATER' : MOUNTAINS.includes(id) ? 'MOUNTAIN' : code === 'N' || polarRow ? 'ICE' : 'CLEAR';
    const storm = stormAt.get(id);
    const provenance: Record<string, Prov> = {};
    if (TEXT_NEIGHBORS[id]) provenance.neighbors = id === '0000' ? rc(NORTH_POLE_READING) : rb(TEXT_NEIGHBORS[id]);
    if (cell?.double && id === '0505') provenance.double = rb('4.92');
    if (TEXT_CONSTRAINTS[id]) provenance.terrain = rc(`${WHY.terrain} Constraint: ${TEXT_CONSTRAINTS[id]}.`);
    if (id === '1109') provenance.resource = rb('8.42');
    return {
      id, row, col: cell ? cell.col : null,
      pole: id === '0000' ? 'NORTH' : id === '2000' ? 'SOUTH' : null,
      double: cell?.double ?? false,
      neighbors: adj.get(id)!,
      terrain, partialWater: PARTIAL_WATER.includes(id),
      continent: land ? CONTINENT[code] : null,
      resource: RESOURCES.includes(id) ? RESOURCES.indexOf(id) + 1 : null,
      storm: storm ? { no: storm.no, kind: storm.kind, arrow: storm.arrow } : null,
      ...(Object.keys(provenance).length ? { provenance } : {}),
    };
  });
  // Sanity: the design grid must leave '-' exactly where the geometry has no hex.
  REGIONS.forEach((line, i) => {
    if (line.length !== COLS) throw new Error(`design row ${i + 1} has ${line.length} columns`);
    [...line].forEach((ch, j) => {
      if ((ch === '-') !== (owner(i + 1, j + 1) !== hexId(i + 1, j + 1))) throw new Error(`design grid misaligned at ${hexId(i + 1, j + 1)}`);
    });
  });
  return {
    game: 'cerberus',
    description: 'Cerberus globe map: 440 hexes (ids RRCC, Poles 0000/2000), adjacency precomputed. Generated by build-map.ts.',
    grid: {
      rows: ROWS, cols: COLS, northPole: '0000', southPole: '2000',
      layout: { value: 'rows of pointy-top hexes; even rows shifted half a hex east; columns wrap mod 30', provenance: rc(WHY.neighbors) },
      equatorRow: { value: 10, provenance: rc('Not stated (15.52, 15.63 mention the equator): row 10 is the middle of rows 01–19 (digest §2.1).') },
      curvatureRows: { value: [1, 2, 3, 4, 16, 17, 18, 19], provenance: rb('4.94') },
      polarSupplyRows: { value: [0, 1, 2, 3, 17, 18, 19, 20], provenance: rb('12.13') },
    },
    provenance: {
      neighbors: rc(WHY.neighbors), double: rc(`${WHY.neighbors} 4.92 names only 0505; the other eleven doubles (twelve in all, six in each of rows 05 and 15) follow the same pattern.`),
      terrain: rc(WHY.terrain), partialWater: rc(WHY.partialWater), continent: rc(WHY.continent),
      resource: rc(WHY.resource), storm: rc(WHY.storm),
    },
    continents: [
      ['ALPHA', 'Alpha'], ['BETA', 'Beta'], ['NORTH_POLAR', 'North Polar'], ['GAMMA', 'Gamma'], ['DELTA', 'Delta'], ['EPSILON', 'Epsilon'],
    ].map(([id, name]) => ({ id, name, provenance: rb('14.5') })),
    variants: {
      northPoleLink1028: {
        description: 'Literal reading of 4.93: the North Pole touches 1028 instead of 0128.',
        remove: [['0000', '0128']], add: [['0000', '1028']], provenance: rb('4.93'),
      },
    },
    hexes,
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(new URL('./map.json', import.meta.url), formatMap(buildMap()));
}
