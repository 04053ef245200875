import { describe, expect, it } from 'vitest';
import { cheapestPaths, validatePath } from '#engine/hexgrid.js';
import {
  allHexIds,
  cerberusMap,
  distance,
  forwardPair,
  hasHex,
  hex,
  hexesWithin,
  isAdjacent,
  isAllWater,
  isMountain,
  isPolarSupplyHex,
  mapFor,
  moveCost,
  neighbors,
  resourceHexes,
  rowsFromEquator,
  step,
  stormGenHex,
  terrainStepCost,
} from './map.js';

const sorted = (ids: readonly string[]): string[] => [...ids].sort();
const NORTH_POLE = ['0103', '0108', '0113', '0118', '0123', '0128'];
const SOUTH_POLE = ['1903', '1908', '1913', '1918', '1923', '1928'];

/** Checks a path hex by hex and returns the MP it costs (4.2, 4.3). */
function pathCost(path: string[]): number {
  let mp = 0;
  for (let i = 1; i < path.length; i++) {
    expect(isAdjacent(path[i - 1], path[i]), `${path[i - 1]} -> ${path[i]}`).toBe(true);
    mp += moveCost(path[i]);
  }
  return mp;
}

describe('4.9 the globe', () => {
  it('4.9: 440 hexes, ids RRCC plus the Poles 0000 and 2000', () => {
    expect(allHexIds()).toHaveLength(440);
    expect(hasHex('0000') && hasHex('2000')).toBe(true);
    for (const id of allHexIds()) expect(id).toMatch(/^\d{4}$/);
  });

  it('4.91: 0901 is adjacent to 0930, 1030 and 0830 across the east-west edge', () => {
    for (const n of ['0930', '1030', '0830']) {
      expect(isAdjacent('0901', n)).toBe(true);
      expect(isAdjacent(n, '0901')).toBe(true);
    }
  });

  it('4.942: a unit on 1101 may move to 1030, 1130 or 1230', () => {
    expect(neighbors('1101')).toEqual(expect.arrayContaining(['1030', '1130', '1230']));
  });

  it('4.942: a unit on 1001 may move to 0901, 1030 or 1101 (its western side)', () => {
    expect(neighbors('1001')).toEqual(expect.arrayContaining(['0901', '1030', '1101']));
  });

  it('4.92: 0505 is a double hex, there is no 0506, and it counts as one hex', () => {
    expect(hex('0505').double).toBe(true);
    expect(hasHex('0506')).toBe(false);
    expect(() => hex('0506')).toThrow(/unknown/);
    expect(sorted(neighbors('0505'))).toEqual(['0404', '0406', '0504', '0507', '0604', '0605', '0606']);
    expect(moveCost('0505')).toBe(1);
  });

  it('4.93: the North Pole is adjacent to 0103, 0108, 0113, 0118, 0123 and 0128 (printed "1028")', () => {
    expect(sorted(neighbors('0000'))).toEqual(NORTH_POLE);
  });

  it('4.93: the South Pole is adjacent to 1903, 1908, 1913, 1918, 1923 and 1928', () => {
    expect(sorted(neighbors('2000'))).toEqual(SOUTH_POLE);
  });

  it('4.93: the two Poles are not adjacent to each other', () => {
    expect(isAdjacent('0000', '2000')).toBe(false);
    expect(distance('0000', '2000')).toBeGreaterThan(10);
  });

  it('4.93: option northPoleNeighbor=1028 reads the list literally', () => {
    const literal = mapFor({ northPoleNeighbor: '1028' });
    expect(sorted(literal.neighbors('0000'))).toEqual(['0103', '0108', '0113', '0118', '0123', '1028']);
    expect(literal.isAdjacent('1028', '0000')).toBe(true);
    expect(literal.isAdjacent('0128', '0000')).toBe(false);
    expect(mapFor({})).toBe(cerberusMap);
  });

  it('4.941: a unit starting in 0302 and moving west returns to 0302', () => {
    let at = '0302';
    const visited: string[] = [];
    do {
      at = step(at, 'W')!;
      visited.push(at);
      expect(visited.length).toBeLessThanOrEqual(30);
    } while (at !== '0302');
    expect(visited).toHaveLength(18); // every hex of row 03
    expect(new Set(visited).size).toBe(18);
  });

  it('4.942: hexes across a curvature gap are adjacent for all purposes, both ways', () => {
    expect(isAdjacent('0217', '0213') && isAdjacent('0213', '0217')).toBe(true);
    expect(isAdjacent('0212', '0309')).toBe(true);
  });

  it('5.0: hexes have six (or in some cases seven) neighbours; the 12 with five border double hexes', () => {
    const degrees = new Map<number, string[]>();
    for (const id of allHexIds()) degrees.set(neighbors(id).length, [...(degrees.get(neighbors(id).length) ?? []), id]);
    expect(degrees.get(6)).toHaveLength(356);
    expect(degrees.get(7)).toHaveLength(72);
    expect(sorted(degrees.get(5)!)).toEqual([
      '0605',
      '0610',
      '0615',
      '0620',
      '0625',
      '0630',
      '1405',
      '1410',
      '1415',
      '1420',
      '1425',
      '1430',
    ]);
  });
});

describe('4.95 examples of movement', () => {
  it('4.95: a unit on 0404 can move to 0406, 0307, 0505, 0504, 0403, 0304', () => {
    expect(sorted(neighbors('0404'))).toEqual(sorted(['0406', '0307', '0505', '0504', '0403', '0304']));
  });

  it('4.95: a unit on 0304 can move to 0203, 0207, 0307, 0406, 0404, 0403, 0303', () => {
    expect(sorted(neighbors('0304'))).toEqual(sorted(['0203', '0207', '0307', '0406', '0404', '0403', '0303']));
  });

  it('4.95: a unit on 0203 can move to 0202, 0303, 0304, 0307, 0207, 0108, 0103', () => {
    expect(sorted(neighbors('0203'))).toEqual(sorted(['0202', '0303', '0304', '0307', '0207', '0108', '0103']));
  });

  it('4.95: a unit on 0103 can move to 0108, 0207, 0203, 0202, 0228, 0128 or the North Pole', () => {
    expect(sorted(neighbors('0103'))).toEqual(sorted(['0108', '0207', '0203', '0202', '0228', '0128', '0000']));
  });

  it('4.95: 2/R (2-4-8) goes 0217-0213-0212-0309-0308-0407-0406-0505-0604 for 8 MP', () => {
    expect(pathCost(['0217', '0213', '0212', '0309', '0308', '0407', '0406', '0505', '0604'])).toBe(8);
  });

  it('4.95: or 0217-0113-North Pole-0103-0203-0304-0404-0505-0604, also 8 MP', () => {
    expect(pathCost(['0217', '0113', '0000', '0103', '0203', '0304', '0404', '0505', '0604'])).toBe(8);
  });

  it('4.95: the engine path tools accept both paths and find 0604 within 8 MP', () => {
    const rules = { budget: 8, cost: terrainStepCost, mayEndIn: (h: string) => !isAllWater(h) };
    expect(
      validatePath(cerberusMap, ['0217', '0213', '0212', '0309', '0308', '0407', '0406', '0505', '0604'], rules).ok,
    ).toBe(true);
    expect(
      validatePath(cerberusMap, ['0217', '0113', '0000', '0103', '0203', '0304', '0404', '0505', '0604'], rules).ok,
    ).toBe(true);
    const reach = cheapestPaths(cerberusMap, '0217', rules);
    expect(reach.reached.get('0604')?.cost).toBe(7);
    expect(distance('0217', '0604')).toBe(7);
  });

  it('4.3: a Mountain hex costs two MP to enter', () => {
    const mountain = allHexIds().find(isMountain)!;
    expect(moveCost(mountain)).toBe(2);
    expect(moveCost('0604')).toBe(1);
  });
});

describe('ranges and rows', () => {
  it('8.3/8.42: Human Bases at 0605, 0812 and 1313 are all within air range (6) of 1109', () => {
    expect(distance('0605', '1109')).toBe(6);
    expect(distance('0812', '1109')).toBe(5);
    expect(distance('1313', '1109')).toBe(5);
    expect(hexesWithin('1109', 6)).toEqual(expect.arrayContaining(['0605', '0812', '1313']));
  });

  it('8.42: the Cetian Mobile in 1009 is adjacent to the Base in 1109 (inside its ADZ)', () => {
    expect(isAdjacent('1009', '1109')).toBe(true);
  });

  it('7.9: 1017 is adjacent to 0918; 1119 is adjacent to none of 0918, 0919, 0818', () => {
    expect(isAdjacent('1017', '0918')).toBe(true);
    for (const h of ['0918', '0919', '0818']) expect(isAdjacent('1119', h)).toBe(false);
  });

  it('distance is symmetric and hexesWithin(id, 1) is the hex and its neighbours', () => {
    expect(distance('0103', '1928')).toBe(distance('1928', '0103'));
    expect(sorted(hexesWithin('0103', 1))).toEqual(sorted(['0103', ...neighbors('0103')]));
    expect(hexesWithin('0404', 0)).toEqual(['0404']);
  });

  it('G34: distanceAvoiding routes around blocked hexes', () => {
    const blocked = new Set(neighbors('1109').filter((n) => n !== '1010'));
    expect(cerberusMap.distanceAvoiding('1009', '1109', { blocked: (h) => blocked.has(h) && h !== '1109' })).toBe(1);
    expect(cerberusMap.distanceAvoiding('0000', '0103', { blocked: (h) => h === '0103' })).toBeNull();
  });

  it('12.13: rows 01-03, 17-19 and the Poles are polar supply hexes; 04 and 16 are not', () => {
    for (const id of ['0000', '2000', '0103', '0217', '0309', '1709', '1808', '1928'])
      expect(isPolarSupplyHex(id)).toBe(true);
    for (const id of ['0404', '1612', '1109', '0505']) expect(isPolarSupplyHex(id)).toBe(false);
  });

  it('15.52/15.63: distance from the equator (row 10) counts rows', () => {
    expect(rowsFromEquator('1009')).toBe(0);
    expect(rowsFromEquator('0404')).toBe(6);
    expect(rowsFromEquator('2000')).toBe(10);
  });

  it('8.42: Resource hex #7 is 1109', () => {
    expect(resourceHexes()[6]).toBe('1109');
    expect(hex('1109').resource).toBe(7);
  });

  it('15.51/15.8: storm directions give the neighbours ahead of a storm hex', () => {
    const acf = stormGenHex(1);
    expect(acf.kind).toBe('ACF');
    const [a, b] = forwardPair(acf.hex, acf.arrow as 'N' | 'S');
    for (const h of [a, b]) expect(h !== null && isAdjacent(acf.hex, h)).toBe(true);
    expect(step('0103', 'NE')).toBe('0000');
    expect(step('0404', 'NE')).toBe('0307'); // across the gap
    expect(step('0505', 'E')).toBe('0507'); // from the east half of the double hex
    expect(step('0000', 'S')).toBeNull();
  });
});
