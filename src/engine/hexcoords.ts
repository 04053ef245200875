/**
 * Coordinate math for regular hex grids (rectangular maps and Star Cruiser's open plane).
 * Irregular maps do not use this: they are adjacency graphs (hexgrid.ts). Conventions follow
 * the widely used axial/cube scheme: axial (q, r), cube (q, r, s) with q + r + s = 0.
 *
 * Offset layouts use 0-based rows and columns: 'odd-q' means flat-top hexes whose odd columns
 * (0, 1, 2... counting from 0) are shoved down half a hex; 'even-q' shoves the even columns;
 * 'odd-r'/'even-r' are the pointy-top equivalents with rows shoved right. A printed map whose
 * columns are numbered from 01 usually becomes 'even-q' here, because its column 01 is index 0.
 */

export type OffsetLayout = 'odd-q' | 'even-q' | 'odd-r' | 'even-r';

export interface Axial {
  q: number;
  r: number;
}

export interface Cube {
  q: number;
  r: number;
  s: number;
}

export interface Offset {
  row: number;
  col: number;
}

/** Parity that ignores sign, so negative coordinates (open plane) convert correctly. */
const odd = (n: number): number => n & 1;

// `+ 0` turns a -0 from the arithmetic into 0, so results compare equal with toEqual.
export function offsetToAxial(row: number, col: number, layout: OffsetLayout): Axial {
  switch (layout) {
    case 'odd-q':
      return { q: col, r: row - (col - odd(col)) / 2 + 0 };
    case 'even-q':
      return { q: col, r: row - (col + odd(col)) / 2 + 0 };
    case 'odd-r':
      return { q: col - (row - odd(row)) / 2 + 0, r: row };
    case 'even-r':
      return { q: col - (row + odd(row)) / 2 + 0, r: row };
  }
}

export function axialToOffset(a: Axial, layout: OffsetLayout): Offset {
  switch (layout) {
    case 'odd-q':
      return { col: a.q, row: a.r + (a.q - odd(a.q)) / 2 + 0 };
    case 'even-q':
      return { col: a.q, row: a.r + (a.q + odd(a.q)) / 2 + 0 };
    case 'odd-r':
      return { row: a.r, col: a.q + (a.r - odd(a.r)) / 2 + 0 };
    case 'even-r':
      return { row: a.r, col: a.q + (a.r + odd(a.r)) / 2 + 0 };
  }
}

export function axialToCube(a: Axial): Cube {
  return { q: a.q, r: a.r, s: -a.q - a.r + 0 };
}

export function cubeToAxial(c: Cube): Axial {
  return { q: c.q, r: c.r };
}

/** Exact hex distance on an unbroken grid: the largest of the three cube deltas. */
export function cubeDistance(a: Cube, b: Cube): number {
  return Math.max(Math.abs(a.q - b.q), Math.abs(a.r - b.r), Math.abs(a.s - b.s));
}

export function axialDistance(a: Axial, b: Axial): number {
  return cubeDistance(axialToCube(a), axialToCube(b));
}

/** Exact distance between two offset positions of the same layout. */
export function offsetDistance(a: Offset, b: Offset, layout: OffsetLayout): number {
  return axialDistance(offsetToAxial(a.row, a.col, layout), offsetToAxial(b.row, b.col, layout));
}

/**
 * The six axial directions, counter-clockwise starting east (pointy-top) / south-east
 * (flat-top). Index i and (i + 3) % 6 are opposite, which facing rules rely on.
 */
export const AXIAL_DIRECTIONS: readonly Readonly<Axial>[] = Object.freeze([
  { q: 1, r: 0 },
  { q: 1, r: -1 },
  { q: 0, r: -1 },
  { q: -1, r: 0 },
  { q: -1, r: 1 },
  { q: 0, r: 1 },
]);

export function axialNeighbor(a: Axial, direction: number): Axial {
  const d = AXIAL_DIRECTIONS[((direction % 6) + 6) % 6];
  return { q: a.q + d.q, r: a.r + d.r };
}

export function axialNeighbors(a: Axial): Axial[] {
  return AXIAL_DIRECTIONS.map((d) => ({ q: a.q + d.q, r: a.r + d.r }));
}
