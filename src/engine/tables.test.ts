import { describe, it, expect } from 'vitest';
import { z } from 'zod';
import {
  differentialColumn,
  lookup,
  oddsColumn,
  parseDifferential,
  parseRatio,
  provenanceSchema,
  reconstructed,
  resultsTableSchema,
  rulebook,
  shiftColumn,
  tableProblems,
  withProvenance,
  type ResultsTable,
} from './tables.js';

const CERBERUS = ['1-4', '1-3', '1-2', '2-3', '1-1', '3-2', '2-1', '3-1', '4-1'];
const WHOLE = ['1-4', '1-3', '1-2', '1-1', '2-1', '3-1', '4-1', '5-1', '6-1'];
const PREFECT = ['1:2(or less)', '2:3', '1:1', '3:2', '2:1', '3:1', '4:1', '5:1(or more)'];

describe('oddsColumn', () => {
  it("rounds in the defender's favour (rulebook examples)", () => {
    expect(oddsColumn(23, 6, CERBERUS).column).toBe('3-1'); // Cerberus CRT notes
    expect(oddsColumn(2, 3, WHOLE).column).toBe('1-2'); // Bloodtree 9.10
    expect(oddsColumn(16, 5, WHOLE).column).toBe('3-1'); // Bloodtree 9.10
    expect(oddsColumn(6, 7, PREFECT).column).toBe('2:3'); // Prefect T-P10
    expect(oddsColumn(12, 11, PREFECT).column).toBe('1:1'); // Prefect T-P09
  });

  it('lands exactly on a column at its boundary and just below it otherwise', () => {
    expect(oddsColumn(3, 6, WHOLE).column).toBe('1-2');
    expect(oddsColumn(2.99, 6, WHOLE).column).toBe('1-3');
    expect(oddsColumn(6, 9, CERBERUS).column).toBe('2-3');
    expect(oddsColumn(3, 2, CERBERUS).column).toBe('3-2');
    expect(oddsColumn(3, 2, WHOLE).column).toBe('1-1');
    expect(oddsColumn(7.5, 2.5, WHOLE).column).toBe('3-1'); // halved values stay exact
  });

  it('clamps below the first column and says so', () => {
    const p = oddsColumn(5, 12, PREFECT); // Prefect T-S14: "1 to 3, rounded to 1 to 2"
    expect(p).toEqual({ index: 0, column: '1:2(or less)', belowMinimum: true, aboveMaximum: false });
    expect(oddsColumn(1, 5, CERBERUS)).toMatchObject({ column: '1-4', belowMinimum: true });
    expect(oddsColumn(1, 4, CERBERUS)).toMatchObject({ column: '1-4', belowMinimum: false });
    expect(oddsColumn(0, 4, CERBERUS)).toMatchObject({ index: 0, belowMinimum: true });
  });

  it('clamps above the last column and says so', () => {
    expect(oddsColumn(100, 1, CERBERUS)).toEqual({ index: 8, column: '4-1', belowMinimum: false, aboveMaximum: true });
    expect(oddsColumn(8, 2, CERBERUS)).toMatchObject({ column: '4-1', aboveMaximum: false });
    expect(oddsColumn(5, 0, CERBERUS)).toMatchObject({ column: '4-1', aboveMaximum: true });
  });

  it('rejects impossible inputs and malformed columns', () => {
    expect(() => oddsColumn(0, 0, WHOLE)).toThrow(RangeError);
    expect(() => oddsColumn(-1, 3, WHOLE)).toThrow(RangeError);
    expect(() => oddsColumn(NaN, 3, WHOLE)).toThrow(RangeError);
    expect(() => oddsColumn(1, 1, ['1-1', '1-2'])).toThrow(/ascend/);
    expect(() => oddsColumn(1, 1, ['even'])).toThrow(/not an odds column/);
    expect(() => oddsColumn(1, 1, [])).toThrow(/at least one column/);
    expect(parseRatio('3:2')).toEqual({ attack: 3, defense: 2 });
  });
});

describe('differentialColumn', () => {
  const DIFF = ['≤-3', '-2', '-1', '0', '+1', '+2', '+3', '+4 or more'];
  it('picks attack minus defense, rounding down, clamped at both ends', () => {
    expect(differentialColumn(7, 5, DIFF).column).toBe('+2');
    expect(differentialColumn(5, 5, DIFF).column).toBe('0');
    expect(differentialColumn(4.5, 5, DIFF).column).toBe('-1');
    expect(differentialColumn(1, 9, DIFF)).toMatchObject({ column: '≤-3', belowMinimum: true });
    expect(differentialColumn(2, 5, DIFF)).toMatchObject({ column: '≤-3', belowMinimum: false });
    expect(differentialColumn(20, 1, DIFF)).toMatchObject({ column: '+4 or more', aboveMaximum: true });
  });
  it('reads typographic minus signs', () => {
    expect(parseDifferential('\u22122')).toBe(-2);
    expect(() => parseDifferential('none')).toThrow();
  });
});

describe('shiftColumn', () => {
  it('shifts within the table', () => {
    expect(shiftColumn(CERBERUS, 7, 1)).toEqual({ index: 8, column: '4-1', applied: 1, clamped: false });
    expect(shiftColumn(PREFECT, 2, -1)).toEqual({ index: 1, column: '2:3', applied: -1, clamped: false }); // T-P09
    expect(shiftColumn(CERBERUS, 4, 0)).toMatchObject({ index: 4, clamped: false });
  });
  it('stops at the edges and flags the clamp', () => {
    expect(shiftColumn(CERBERUS, 7, 3)).toEqual({ index: 8, column: '4-1', applied: 1, clamped: true });
    expect(shiftColumn(CERBERUS, 1, -2)).toEqual({ index: 0, column: '1-4', applied: -1, clamped: true });
    expect(shiftColumn(CERBERUS, 0, -1)).toMatchObject({ index: 0, applied: 0, clamped: true });
  });
  it('rejects bad indexes and fractional shifts', () => {
    expect(() => shiftColumn(CERBERUS, 9, 0)).toThrow(RangeError);
    expect(() => shiftColumn(CERBERUS, 2, 0.5)).toThrow(RangeError);
  });
});

describe('lookup', () => {
  const crt: ResultsTable<string> = {
    name: 'test CRT',
    columns: ['1-2', '1-1', '2-1'],
    rows: { 1: ['AE', 'AR', 'DR'], 2: ['AR', 'DR', 'DE'], 3: ['AR', 'DR'] },
  };
  it('reads cells by column label or index', () => {
    expect(lookup(crt, '1-1', 1)).toBe('AR');
    expect(lookup(crt, 2, 2)).toBe('DE');
  });
  it('throws clear errors for a missing row, column or cell', () => {
    expect(() => lookup(crt, '1-1', 4)).toThrow('test CRT has no row for roll 4 (rows: 1, 2, 3)');
    expect(() => lookup(crt, '3-1', 1)).toThrow(/test CRT has no column "3-1"/);
    expect(() => lookup(crt, 3, 1)).toThrow(/no column 3/);
    expect(() => lookup(crt, '2-1', 3)).toThrow("test CRT has no cell for roll 3, column '2-1'");
  });
  it('clamps modified rolls only when asked', () => {
    expect(lookup(crt, '1-2', 0, { clampRoll: true })).toBe('AE');
    expect(lookup(crt, '1-1', 9, { clampRoll: true })).toBe('DR');
    expect(() => lookup(crt, '1-2', 0)).toThrow(/no row for roll 0/);
  });
  it('finds ragged tables before play does', () => {
    expect(tableProblems(crt)).toEqual(['row 3 has 2 cells for 3 columns']);
    const schema = resultsTableSchema(z.string());
    expect(schema.safeParse(crt).success).toBe(false);
    const fixed = { ...crt, rows: { ...crt.rows, 3: ['AR', 'DR', 'DE'] } };
    const parsed = schema.parse(JSON.parse(JSON.stringify(fixed)));
    expect(lookup(parsed, '2-1', 3)).toBe('DE');
    expect(schema.safeParse({ columns: ['a'], rows: { x: ['1'] } }).success).toBe(false);
  });
});

describe('provenance', () => {
  it('accepts the two shapes and nothing else', () => {
    expect(provenanceSchema.parse(rulebook('7.61'))).toEqual({ source: 'rulebook', rule: '7.61' });
    expect(provenanceSchema.parse(reconstructed('row 4 missing'))).toEqual({
      source: 'reconstructed',
      reason: 'row 4 missing',
    });
    expect(provenanceSchema.safeParse({ source: 'rulebook' }).success).toBe(false);
    expect(provenanceSchema.safeParse({ source: 'rulebook', rule: '' }).success).toBe(false);
    expect(provenanceSchema.safeParse({ source: 'rulebook', reason: 'x' }).success).toBe(false);
    expect(provenanceSchema.safeParse({ source: 'guess', reason: 'x' }).success).toBe(false);
  });
  it('wraps data-pack values', () => {
    const mf = withProvenance(z.number().int());
    expect(mf.parse({ value: 8, provenance: rulebook('4.1') })).toEqual({
      value: 8,
      provenance: { source: 'rulebook', rule: '4.1' },
    });
    expect(mf.safeParse({ value: 8 }).success).toBe(false);
    expect(mf.safeParse({ value: 8.5, provenance: rulebook('4.1') }).success).toBe(false);
    expect(mf.safeParse({ value: 8, provenance: rulebook('4.1'), extra: 1 }).success).toBe(false);
  });
});
