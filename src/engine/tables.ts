/**
 * Results tables (CRTs and the like): choosing a column from odds or a differential, shifting
 * it, and reading a cell by die roll. Tables are data (DESIGN.md, "data over code"), so the
 * lookups fail loudly on a hole in the data instead of guessing, and every data-pack value
 * carries its provenance.
 */
import { z } from 'zod';

export interface ColumnPick {
  index: number;
  column: string;
  /** The true value is below the first column (clamped up to it); some games forbid this. */
  belowMinimum: boolean;
  /** The true value exceeds the last column (read as "or more"; clamped down to it). */
  aboveMaximum: boolean;
}

const RATIO = /^\s*(\d+(?:\.\d+)?)\s*[-:]\s*(\d+(?:\.\d+)?)/;
// First signed number in a label: '-3', '+2', '≤-3', '−2' (typographic minus), '6 or more'.
const SIGNED = /^[^\d+\-\u2212]*([+\-\u2212]?\d+(?:\.\d+)?)/;

/** Reads an odds label such as '1-4', '3:2' or '1:2(or less)'. */
export function parseRatio(label: string): { attack: number; defense: number } {
  const m = RATIO.exec(label);
  const attack = m ? Number(m[1]) : NaN;
  const defense = m ? Number(m[2]) : NaN;
  if (!(attack > 0 && defense > 0)) throw new Error(`'${label}' is not an odds column like '1-2' or '3:1'`);
  return { attack, defense };
}

/** Reads a differential label's lower bound, e.g. '-3', '+2', '≤-3', '6 or more'. */
export function parseDifferential(label: string): number {
  const m = SIGNED.exec(label);
  if (!m) throw new Error(`'${label}' is not a differential column like '-2' or '+3'`);
  return Number(m[1].replace('\u2212', '-'));
}

function checkStrength(name: string, v: number): void {
  if (!(Number.isFinite(v) && v >= 0)) throw new RangeError(`${name} strength must be a finite number >= 0, got ${v}`);
}

/**
 * Greatest index whose threshold the value reaches. `reaches(i)` must be monotone (true up to
 * some index, false after), which ascending columns guarantee.
 */
function pick(columns: readonly string[], reaches: (i: number) => boolean, aboveLast: boolean): ColumnPick {
  if (columns.length === 0) throw new Error('a results table needs at least one column');
  let index = -1;
  while (index + 1 < columns.length && reaches(index + 1)) index++;
  const belowMinimum = index < 0;
  if (belowMinimum) index = 0;
  return { index, column: columns[index], belowMinimum, aboveMaximum: aboveLast };
}

function requireAscending(columns: readonly string[], values: number[]): void {
  for (let i = 1; i < values.length; i++) {
    if (!(values[i] > values[i - 1])) throw new Error(`columns must ascend: '${columns[i - 1]}' then '${columns[i]}'`);
  }
}

/**
 * Ratio column for attack vs defense, rounded in the defender's favour: the highest column
 * whose ratio the attack reaches. Compared by cross-multiplication so 2-3 vs 6-9 is exact.
 */
export function oddsColumn(attack: number, defense: number, columns: readonly string[]): ColumnPick {
  checkStrength('attack', attack);
  checkStrength('defense', defense);
  if (attack === 0 && defense === 0) throw new RangeError('odds of 0 against 0 are undefined');
  const ratios = columns.map(parseRatio);
  requireAscending(
    columns,
    ratios.map((r) => r.attack / r.defense),
  );
  const reaches = (i: number): boolean => attack * ratios[i].defense >= ratios[i].attack * defense;
  const last = ratios[ratios.length - 1];
  const aboveLast = last !== undefined && attack * last.defense > last.attack * defense;
  return pick(columns, reaches, aboveLast);
}

/** Differential column for attack minus defense, rounded in the defender's favour (down). */
export function differentialColumn(attack: number, defense: number, columns: readonly string[]): ColumnPick {
  if (!Number.isFinite(attack) || !Number.isFinite(defense)) throw new RangeError('strengths must be finite');
  const diff = attack - defense;
  const bounds = columns.map(parseDifferential);
  requireAscending(columns, bounds);
  return pick(columns, (i) => diff >= bounds[i], bounds.length > 0 && diff > bounds[bounds.length - 1]);
}

export interface ShiftResult {
  index: number;
  column: string;
  /** Columns actually moved (negative = left, towards the defender on a usual CRT). */
  applied: number;
  /** The shift would have run off the table and was stopped at its edge. */
  clamped: boolean;
}

/** Moves `shift` columns from `index` (negative = left), stopping at the table's edges. */
export function shiftColumn(columns: readonly string[], index: number, shift: number): ShiftResult {
  if (!Number.isInteger(index) || index < 0 || index >= columns.length) {
    throw new RangeError(`column index ${index} is outside 0..${columns.length - 1}`);
  }
  if (!Number.isInteger(shift)) throw new RangeError(`column shift must be a whole number, got ${shift}`);
  const wanted = index + shift;
  const to = Math.min(columns.length - 1, Math.max(0, wanted));
  return { index: to, column: columns[to], applied: to - index, clamped: to !== wanted };
}

/** A table read by column and die roll; JSON keys are strings, so rows['3'] is roll 3. */
export interface ResultsTable<R> {
  /** For error messages, e.g. 'Cerberus CRT 7.61'. */
  name?: string;
  columns: string[];
  /** One entry per die roll, each with one cell per column. */
  rows: Record<number, R[]>;
}

export interface LookupOptions {
  /** Treat modified rolls beyond the printed rows as the first / last row. */
  clampRoll?: boolean;
}

function rollKeys(table: ResultsTable<unknown>): number[] {
  return Object.keys(table.rows)
    .map(Number)
    .sort((a, b) => a - b);
}

export function lookup<R>(table: ResultsTable<R>, column: string | number, roll: number, opts: LookupOptions = {}): R {
  const name = table.name ?? 'results table';
  const ci = typeof column === 'number' ? column : table.columns.indexOf(column);
  if (!Number.isInteger(ci) || ci < 0 || ci >= table.columns.length) {
    throw new Error(`${name} has no column ${JSON.stringify(column)} (columns: ${table.columns.join(', ')})`);
  }
  const keys = rollKeys(table);
  let r = roll;
  if (opts.clampRoll && keys.length > 0) r = Math.min(keys[keys.length - 1], Math.max(keys[0], roll));
  const row = table.rows[r];
  if (!row) throw new Error(`${name} has no row for roll ${roll} (rows: ${keys.join(', ')})`);
  if (ci >= row.length || row[ci] === undefined) {
    throw new Error(`${name} has no cell for roll ${r}, column '${table.columns[ci]}'`);
  }
  return row[ci];
}

/** Problems that would make a lookup fail: odd row keys, rows with the wrong cell count. */
export function tableProblems(table: ResultsTable<unknown>): string[] {
  const problems: string[] = [];
  for (const [key, row] of Object.entries(table.rows)) {
    if (!/^-?\d+$/.test(key)) problems.push(`row key '${key}' is not a whole die roll`);
    if (row.length !== table.columns.length) {
      problems.push(`row ${key} has ${row.length} cells for ${table.columns.length} columns`);
    }
  }
  return problems;
}

/** Zod schema of a results table whose cells match `cell`; rejects ragged rows. */
export function resultsTableSchema<C extends z.ZodTypeAny>(cell: C) {
  return z
    .object({
      name: z.string().optional(),
      columns: z.array(z.string()).min(1),
      rows: z.record(z.string(), z.array(cell)),
    })
    .superRefine((t, ctx) => {
      for (const message of tableProblems(t)) ctx.addIssue({ code: z.ZodIssueCode.custom, message, path: ['rows'] });
    });
}

/** Where a data-pack value comes from: the printed rule, or why it had to be reconstructed. */
export type Provenance = { source: 'rulebook'; rule: string } | { source: 'reconstructed'; reason: string };

export const provenanceSchema: z.ZodType<Provenance> = z.discriminatedUnion('source', [
  z.object({ source: z.literal('rulebook'), rule: z.string().min(1) }).strict(),
  z.object({ source: z.literal('reconstructed'), reason: z.string().min(1) }).strict(),
]);

export const rulebook = (rule: string): Provenance => ({ source: 'rulebook', rule });
export const reconstructed = (reason: string): Provenance => ({ source: 'reconstructed', reason });

export interface WithProvenance<T> {
  value: T;
  provenance: Provenance;
}

/** Schema for `{ value, provenance }`, the shape every data-pack value is stored in. */
export function withProvenance<T extends z.ZodTypeAny>(value: T) {
  return z.object({ value, provenance: provenanceSchema }).strict();
}
