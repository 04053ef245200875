/**
 * D-87: the Retreat/Breakthrough Conversion table (L2777-2782) with the D-87 readings (totals are
 * the value of the enemy units destroyed; between rows toward the defender as L573), and which
 * units are on the Centurion map (L2786, L2664).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { useRulesData } from '../rules-data.js';
import { makeTestState } from '../testing.js';
import { CONVERSION_TABLE, conversionRow, effectCell, isRepresented, totals, unitPoints } from './conversion.js';

afterEach(() => useRulesData(null));

describe('Retreat/Breakthrough Conversion (L2777-2782)', () => {
  it('the table rows are the rulebook\u2019s, in order', () => {
    expect(CONVERSION_TABLE.map((r) => `${r.ratio}=${r.effect}`)).toEqual([
      '1 to 3=CA',
      '1 to 2=AR',
      '1 to 1=NONE',
      '2 to 1=DR',
      '3 to 1=BT',
    ]);
  });

  it('L2778 1 to 3 → CA', () => expect(conversionRow(4, 12).effect).toBe('CA'));
  it('L2779 1 to 2 → AR', () => expect(conversionRow(6, 12).effect).toBe('AR'));
  it('L2780 1 to 1 → no effect', () => expect(conversionRow(9, 9).effect).toBe('NONE'));
  it('L2781 2 to 1 → DR', () => expect(conversionRow(18, 9).effect).toBe('DR'));
  it('L2782 3 to 1 → BT', () => expect(conversionRow(27, 9).effect).toBe('BT'));

  it('D-87/L573: between rows the ratio is rounded toward the defender', () => {
    expect(conversionRow(25, 10).effect).toBe('DR'); // 2.5 to 1 → 2 to 1
    expect(conversionRow(19, 10).effect).toBe('NONE'); // 1.9 to 1 → 1 to 1
    expect(conversionRow(100, 10).effect).toBe('BT'); // beyond 3 to 1
    expect(conversionRow(9, 10).effect).toBe('AR'); // 1 to 1.1 → 1 to 2
    expect(conversionRow(4, 10).effect).toBe('CA'); // 1 to 2.5 → 1 to 3
    expect(conversionRow(1, 10).effect).toBe('CA'); // beyond 1 to 3
  });

  it('D-87: zero totals — nothing lost: no effect; only the defender lost: BT; only the attacker: CA', () => {
    expect(conversionRow(0, 0).effect).toBe('NONE');
    expect(conversionRow(6, 0).effect).toBe('BT');
    expect(conversionRow(0, 6).effect).toBe('CA');
    expect(() => conversionRow(-1, 3)).toThrow(RangeError);
  });

  it('L605-607: the effect as a Prefect cell carries only the flag, no save modifier', () => {
    expect(effectCell('BT')).toEqual({ a: 0, d: 0, dFlag: 'BT' });
    expect(effectCell('CA')).toEqual({ a: 0, d: 0, aFlag: 'CA' });
    expect(effectCell('NONE')).toEqual({ a: 0, d: 0 });
  });
});

describe('Totals and represented units (L2749, L2769, L2786)', () => {
  const s = makeTestState({
    tfs: [
      {
        id: 'A1',
        side: 'TOG',
        hex: 'x',
        units: [
          { id: 't1', type: 'tog-medium-cohort' },
          { id: 'tsig', type: 'signals-century' },
          { id: 'tart', type: 'artillery-cohort' },
          { id: 'thq', type: 'legion-hq' },
        ],
      },
      {
        id: 'D1',
        side: 'CW',
        hex: 'y',
        units: [
          { id: 'c1', type: 'cw-light-cohort' },
          { id: 'cce', type: 'combat-engineer-century' },
        ],
      },
    ],
  });

  it('L2786: HQ, Signals and Artillery have no representatives; combat cohorts and Combat Engineers do (L2798)', () => {
    expect(['t1', 'tsig', 'tart', 'thq', 'c1', 'cce'].filter((id) => isRepresented(s.units[id]))).toEqual([
      't1',
      'c1',
      'cce',
    ]);
  });

  it('D-87: each side\u2019s total is the points (attack + defence) of the enemy units it destroyed', () => {
    expect(unitPoints(s.units.t1)).toBe(9);
    expect(unitPoints(s.units.c1)).toBe(6);
    expect(totals(s, 'TOG', ['c1'])).toEqual({ attacker: 6, defender: 0 });
    expect(totals(s, 'TOG', ['t1', 'c1', 'c1'])).toEqual({ attacker: 6, defender: 9 });
  });
});
