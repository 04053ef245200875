import { describe, expect, it } from 'vitest';
import { forwardPair, isAdjacent, mapFor, neighbors, step } from './map.js';
import type { Storm } from './state.js';
import { stateAt, unit } from './testing.js';
import { exertsZoc, isInZoc, isSuppressed, stormIntensityAt, zocField, zocHexes } from './zoc.js';

const sorted = (a: readonly string[]): string[] => [...a].sort();
const at = (units: ReturnType<typeof unit>[], options = {}) =>
  stateAt({ turn: 4, segment: 'MOVEMENT', phasing: 'HUMAN', options }, units);

describe('5.0 who exerts a Zone of Control, and where', () => {
  it('5.0: a ground unit exerts a ZOC into its six adjacent hexes but not into its own', () => {
    const s = at([unit('CETIAN', 'MOBILE', '1009')]);
    expect(zocHexes(s, 'CETIAN')).toEqual(sorted(neighbors('1009')));
    expect(isInZoc(s, 'CETIAN', '1009')).toBe(false);
    expect(zocHexes(s, 'HUMAN')).toEqual([]);
  });
  it('5.0: Infantry, Mobile, Heavy Weapons, Transport, Base and Spaceport exert a ZOC; E-Fields and SF never do', () => {
    for (const cls of ['INFANTRY', 'MOBILE', 'HEAVY_WEAPONS', 'TRANSPORT', 'BASE', 'SPACEPORT'] as const) {
      expect(exertsZoc(unit('CETIAN', cls, '1009')), cls).toBe(true);
    }
    expect(exertsZoc(unit('CETIAN', 'EFIELD', '1009'))).toBe(false);
    expect(zocHexes(at([unit('CETIAN', 'EFIELD', '1009')]), 'CETIAN')).toEqual([]);
  });
  it('5.0, 4.942: "six (or in some cases seven)": the ZOC follows gap jumps and reaches the Pole', () => {
    const s = at([unit('HUMAN', 'INFANTRY', '0103')]);
    expect(zocHexes(s, 'HUMAN')).toEqual(['0000', '0108', '0128', '0202', '0203', '0207', '0228']);
    expect(zocHexes(at([unit('HUMAN', 'INFANTRY', '0505')]), 'HUMAN')).toHaveLength(7); // 4.92 double hex
  });
  it('5.1: the ZOC extends regardless of the units or terrain in the adjacent hexes', () => {
    const s = at([unit('CETIAN', 'INFANTRY', '1008'), unit('HUMAN', 'MOBILE', '1009')]);
    expect(isInZoc(s, 'CETIAN', '1009')).toBe(true); // a hex holding Human units
    expect(isInZoc(s, 'CETIAN', '1007')).toBe(true); // Mountain
    expect(isInZoc(at([unit('CETIAN', 'INFANTRY', '0910')]), 'CETIAN', '0911')).toBe(true); // All Water
  });
});

describe('5.3 suppression', () => {
  it('5.3: a Human and a Cetian unit in one hex suppress the ZOCs of all units there, whoever has more', () => {
    const s = at([
      unit('HUMAN', 'MOBILE', '1009'),
      unit('HUMAN', 'MOBILE', '1009'),
      unit('CETIAN', 'INFANTRY', '1009'),
    ]);
    expect(zocHexes(s, 'CETIAN')).toEqual([]);
    expect(zocHexes(s, 'HUMAN')).toEqual([]);
    expect(s.units.every((u) => isSuppressed(s, u))).toBe(true);
  });
  it('5.3: the ZOC is active again the instant no enemy unit is left in the hex (moving units are left out)', () => {
    const h = unit('HUMAN', 'MOBILE', '1009', { id: 'h' });
    const s = at([h, unit('CETIAN', 'INFANTRY', '1009')]);
    expect(zocHexes(s, 'CETIAN', { exclude: ['h'] })).toEqual(sorted(neighbors('1009')));
  });
  it('5.3: other hexes are unaffected: a suppressed stack does not shield its neighbours from another enemy unit', () => {
    const s = at([
      unit('HUMAN', 'MOBILE', '1009'),
      unit('CETIAN', 'INFANTRY', '1009'),
      unit('CETIAN', 'INFANTRY', '1011'),
    ]);
    expect(zocField(s, 'CETIAN').get('1010')).toEqual(['1011']);
  });
});

describe('14.12 hidden identity', () => {
  it('14.12: for the player who cannot see it, a face-down unit counts as exerting a ZOC (nothing depends on what it is)', () => {
    const s = at([unit('CETIAN', 'EFIELD', '1009', { faceDown: true })]);
    expect(zocHexes(s, 'CETIAN')).toEqual([]); // the truth
    expect(zocHexes(s, 'CETIAN', { viewer: 'HUMAN' })).toEqual(sorted(neighbors('1009')));
    expect(zocHexes(s, 'CETIAN', { viewer: 'CETIAN' })).toEqual([]);
  });
});

describe('15 storms', () => {
  const storm = (fields: Partial<Storm> & Pick<Storm, 'kind' | 'hex' | 'intensity' | 'genHex'>): Storm => ({
    id: 's',
    baseDir: 0,
    createdTurn: 1,
    ...fields,
  });

  it('15.72: a ZOC does not extend into or out of a hex under Intensity-3 weather', () => {
    const s = at([unit('CETIAN', 'MOBILE', '1009'), unit('CETIAN', 'MOBILE', '1111')]);
    const into = zocHexes(s, 'CETIAN', { intensityAt: (h) => (h === '1010' ? 3 : h === '1110' ? 2 : 0) });
    expect(into).not.toContain('1010');
    expect(into).toContain('1110');
    const outOf = zocField(s, 'CETIAN', { intensityAt: (h) => (h === '1009' ? 3 : 0) });
    expect(outOf.get('1010')).toEqual(['1111']);
    expect(outOf.has('0909')).toBe(false);
  });

  it('15.62, 15.65: a Tropical Storm of Intensity 2: eye 1, adjacent 2, two hexes away 1', () => {
    const s = at([], { weather: true });
    s.storms = [storm({ kind: 'TS', hex: '1009', intensity: 2, genHex: 3 })];
    const i = stormIntensityAt(s);
    const map = mapFor();
    expect(i('1009')).toBe(1);
    for (const n of neighbors('1009')) expect(i(n)).toBe(2);
    const ring2 = map.hexesWithin('1009', 2).filter((h) => map.distance('1009', h) === 2);
    for (const h of ring2) expect(i(h)).toBe(1);
    expect(i('1014')).toBe(0);
  });

  it('15.73: overlapping storms add up, never beyond 3; no weather option, no storm effects', () => {
    const s = at([], { weather: true });
    s.storms = [
      storm({ kind: 'TS', hex: '1009', intensity: 3, genHex: 3 }),
      storm({ kind: 'TS', hex: '1011', intensity: 3, genHex: 4 }),
    ];
    expect(stormIntensityAt(s)('1010')).toBe(3);
    s.options = {};
    expect(stormIntensityAt(s)('1010')).toBe(0);
  });

  it('15.51: an Arctic Cold Front: front row at its intensity, the four other second-row hexes one less (none on its first turn)', () => {
    const s = at([], { weather: true });
    s.turn = 5;
    const hex = '0815';
    s.storms = [storm({ kind: 'ACF', hex, intensity: 3, genHex: 1, createdTurn: 4 })]; // #1 blows south
    const i = stormIntensityAt(s);
    const [fw, fe] = forwardPair(hex, 'S');
    const front = [fw!, fe!, step(fw!, 'W')!, step(fe!, 'E')!];
    const second = [step(hex, 'W')!, step(hex, 'E')!, step(step(hex, 'W')!, 'W')!, step(step(hex, 'E')!, 'E')!];
    expect(i(hex)).toBe(3);
    for (const h of front) expect(i(h)).toBe(3);
    for (const h of second) expect(i(h)).toBe(2);
    expect(isAdjacent(fw!, hex) && isAdjacent(fe!, hex)).toBe(true);
    s.storms[0].createdTurn = 5;
    const fresh = stormIntensityAt(s);
    for (const h of second) expect(fresh(h)).toBe(0);
    expect(fresh(front[0])).toBe(3);
  });
});
