import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { OptionSpec } from '#engine/contract.js';
import { lookup, oddsColumn, shiftColumn } from '#engine/tables.js';
import { buildMap, formatMap } from './data/build-map.js';
import {
  CONTINENTS,
  hexProvenance,
  loadDataFile,
  mapData,
  mapSchema,
  optionSpecs,
  optionValues,
  spaceEffects,
  tablesData,
  unitDefense,
  unitsData,
  unitType,
} from './data/index.js';
import { distance, hex, hexesOfContinent, neighbors, resourceHexes, rowsFromEquator, stormGenHexes } from './map.js';

const DATA = new URL('./data/', import.meta.url);
const readJson = (file: string): unknown => JSON.parse(readFileSync(new URL(file, DATA), 'utf8'));

describe('the data pack parses', () => {
  it('map, units, tables and options load through their schemas', () => {
    expect(mapData.hexes).toHaveLength(440);
    expect(unitsData.types.length).toBeGreaterThan(0);
    expect(tablesData.crt.columns).toHaveLength(9);
    const specs: OptionSpec[] = optionSpecs;
    expect(specs.length).toBeGreaterThan(2);
  });

  it('a broken pack fails loudly with the zod error and the file name', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cerberus-pack-'));
    const bad = readJson('map.json') as { hexes: { id: string; neighbors: string[] }[] };
    bad.hexes[5].neighbors = bad.hexes[5].neighbors.slice(1); // one-way adjacency
    writeFileSync(join(dir, 'map.json'), JSON.stringify(bad));
    expect(() => loadDataFile('map.json', mapSchema, pathToFileURL(`${dir}/`))).toThrow(
      /map\.json is invalid[\s\S]*does not list it back/,
    );
  });

  it('map.json is exactly what build-map.ts generates', () => {
    expect(readFileSync(new URL('map.json', DATA), 'utf8')).toBe(formatMap(buildMap()));
  });
});

describe('map data (digest §2.2–2.4)', () => {
  it('4.9: adjacency is symmetric, with no self-links or repeats', () => {
    for (const h of mapData.hexes) {
      expect(new Set(h.neighbors).size).toBe(h.neighbors.length);
      expect(h.neighbors).not.toContain(h.id);
      for (const n of h.neighbors) expect(hex(n).neighbors, `${n} lists ${h.id}`).toContain(h.id);
    }
  });

  it('8.42: 1109 is Resource hex #7 and land; 1009, 0605, 0812 and 1313 are land', () => {
    expect(hex('1109').resource).toBe(7);
    expect(hexProvenance(hex('1109'), 'resource')).toEqual({ source: 'rulebook', rule: '8.42' });
    for (const id of ['1109', '1009', '0605', '0812', '1313']) expect(hex(id).terrain).not.toBe('ALL_WATER');
  });

  it('8.42: North Polar lies within 6 of 0605, Beta within 6 of 0812, Delta within 6 of 1313', () => {
    const near = (from: string, c: (typeof CONTINENTS)[number]): number =>
      Math.min(...hexesOfContinent(c).map((h) => distance(from, h)));
    expect(near('0605', 'NORTH_POLAR')).toBeLessThanOrEqual(6);
    expect(near('0812', 'BETA')).toBeLessThanOrEqual(6);
    expect(near('1313', 'DELTA')).toBeLessThanOrEqual(6);
  });

  it('7.9: the combat example hexes 0920, 0918, 0919, 1017, 1119 and 0818 are land', () => {
    for (const id of ['0920', '0918', '0919', '1017', '1119', '0818']) expect(hex(id).terrain).not.toBe('ALL_WATER');
  });

  it('4.95: every hex of both 2/R paths costs 1 MP (no Mountain); 0217 and 0604 are land', () => {
    const path = [
      '0213',
      '0212',
      '0309',
      '0308',
      '0407',
      '0406',
      '0505',
      '0113',
      '0000',
      '0103',
      '0203',
      '0304',
      '0404',
      '0604',
      '0217',
    ];
    for (const id of path) expect(hex(id).terrain, id).not.toBe('MOUNTAIN');
    for (const id of ['0217', '0604']) expect(hex(id).terrain).not.toBe('ALL_WATER');
  });

  it('4.93/4.95: the rulebook-given neighbour lists are marked as such', () => {
    for (const id of ['0404', '0304', '0203', '0103'])
      expect(hexProvenance(hex(id), 'neighbors')).toEqual({ source: 'rulebook', rule: '4.95' });
    expect(hexProvenance(hex('2000'), 'neighbors')).toEqual({ source: 'rulebook', rule: '4.93' });
    // 4.93 prints 1028 for the North Pole; the stored 0128 is a recorded decision, not the text.
    expect(hex('0000').neighbors).toContain('0128');
    expect(hexProvenance(hex('0000'), 'neighbors')).toMatchObject({
      source: 'reconstructed',
      reason: expect.stringMatching(/decision.*1028/i),
    });
    expect(hexProvenance(hex('0505'), 'double')).toEqual({ source: 'rulebook', rule: '4.92' });
  });

  it('14.5/11.35: six named continents, islands apart; Alpha, Beta and Gamma can hold installations', () => {
    for (const c of CONTINENTS) expect(hexesOfContinent(c).length, c).toBeGreaterThanOrEqual(15);
    expect(mapData.hexes.some((h) => h.continent === 'ISLAND')).toBe(true);
    const resourcesOn = (c: string): number => resourceHexes().filter((h) => hex(h).continent === c).length;
    for (const c of CONTINENTS) expect(resourcesOn(c), c).toBeGreaterThanOrEqual(2); // every continent worth contesting
    expect(resourcesOn('ALPHA')).toBeGreaterThanOrEqual(resourcesOn('EPSILON'));
  });

  it('14.12: enough land Resource hexes for the Cetian Spaceport and four Bases', () => {
    const r = resourceHexes();
    expect(r.length).toBeGreaterThanOrEqual(7);
    for (const id of r) expect(hex(id).terrain).not.toBe('ALL_WATER');
  });

  it('15.5/15.6: ACF hexes #1, #2 north (arrow S) and #6 south (arrow N); TS hexes #3-#5 near the equator', () => {
    const s = stormGenHexes();
    expect(s.map((g) => g.no)).toEqual([1, 2, 3, 4, 5, 6]);
    for (const g of s) {
      if (g.no === 1 || g.no === 2) expect([g.kind, g.arrow, hex(g.hex).row < 10]).toEqual(['ACF', 'S', true]);
      else if (g.no === 6) expect([g.kind, g.arrow, hex(g.hex).row > 10]).toEqual(['ACF', 'N', true]);
      else expect(g.kind === 'TS' && rowsFromEquator(g.hex) <= 2).toBe(true);
    }
    for (const a of s) for (const b of s) if (a !== b) expect(distance(a.hex, b.hex)).toBeGreaterThan(2);
  });

  it('12.13: polar supply rows are 01-03, 17-19 and the Poles; the equator is row 10', () => {
    expect(mapData.grid.polarSupplyRows.value).toEqual([0, 1, 2, 3, 17, 18, 19, 20]);
    expect(mapData.grid.equatorRow.value).toBe(10);
    expect(neighbors('0000')).toHaveLength(6);
  });
});

describe('units (2.5, 14.1, 14.2)', () => {
  const count = (side: string): number =>
    unitsData.types.filter((t) => t.side === side && t.cls !== 'SF').reduce((n, t) => n + t.count, 0);
  const sf = (side: string): number =>
    unitsData.types.filter((t) => t.side === side && t.cls === 'SF').reduce((n, t) => n + t.count, 0);

  it('2.5: Cetian 45 units + 4 SF, Human 48 units + 4 SF', () => {
    expect([count('CETIAN'), sf('CETIAN'), count('HUMAN'), sf('HUMAN')]).toEqual([45, 4, 48, 4]);
  });

  it('2.5: printed factors of every unit type', () => {
    const f = (code: string): string => {
      const t = unitType(code);
      return `${t.attack}-${t.defense}-${t.movement}`;
    };
    expect(
      [
        'C_INFANTRY',
        'C_PARATROOP',
        'C_PROVISIONAL',
        'C_ASSAULT',
        'C_MOBILE',
        'C_STORM',
        'C_GUARDS_HW',
        'C_GUARDS_MOBILE',
        'C_GUARDS_INFANTRY',
      ].map(f),
    ).toEqual(['3-4-2', '3-4-2', '1-4-2', '4-3-2', '3-3-6', '4-2-6', '5-3-6', '4-4-6', '4-5-2']);
    expect(
      ['H_MOBILE', 'H_INFANTRY', 'H_HEAVY_WEAPONS', 'H_TRANSPORT', 'H_PARATROOP', 'H_BASE', 'C_BASE', 'C_EFIELD'].map(
        f,
      ),
    ).toEqual(['2-4-8', '3-5-1', '4-1-6', '0-1-6', '3-5-1', '0-5-0', '0-4-0', '0-1-0']);
  });

  it('C1: Spaceport defense follows option spaceportFactorsFrom (default 2.5: Cetian 10, Human 12)', () => {
    expect([unitDefense('C_SPACEPORT'), unitDefense('H_SPACEPORT')]).toEqual([10, 12]);
    expect([
      unitDefense('C_SPACEPORT', { spaceportFactorsFrom: '14.1' }),
      unitDefense('H_SPACEPORT', { spaceportFactorsFrom: '14.1' }),
    ]).toEqual([12, 10]);
  });

  it('14.12/14.22: Cetian set-up and reinforcements place every Cetian counter exactly once', () => {
    const s = unitsData.setup.CETIAN;
    expect(s.map.counters).toHaveLength(18);
    expect([
      s.FLEET.counters.length,
      s.FLEET_SF.counters.length,
      s.SYSTEM.counters.length,
      s.TAU_CETI.counters.length,
    ]).toEqual([4, 1, 7, 6]);
    const placed = [s.map, s.FLEET, s.FLEET_SF, s.SYSTEM, s.TAU_CETI]
      .flatMap((p) => p.counters)
      .concat(unitsData.reinforcements.flatMap((r) => r.counters));
    const all = unitsData.counters.filter((c) => c.id.startsWith('C:')).map((c) => c.id);
    expect([...placed].sort()).toEqual([...all].sort());
    expect(s.supplies.value).toBe(40);
    expect(unitsData.setup.spaceState.value).toBe(6);
  });

  it('14.22: reinforcement turns 1-8 as scheduled', () => {
    expect(unitsData.reinforcements.map((r) => `${r.turn}:${r.at}:${r.counters.join(',')}`)).toEqual([
      '1:SPACEPORT:C:1/P',
      '2:FLEET_SF:C:SF2',
      '3:TAU_CETI:C:2/4,C:2/8',
      '4:FLEET_SF:C:SF3',
      '5:TAU_CETI:C:2/16,C:3/16,C:4/16,C:T/16',
      '6:FLEET_SF:C:SF4',
      '7:TAU_CETI:C:1/G',
      '8:TAU_CETI:C:3/G,C:H/G',
    ]);
  });

  it('14.13/2.6: the Human may put 4 SF and 12 other units with the Fleet (6 slots, two each on turn 1)', () => {
    expect(unitsData.setup.HUMAN.FLEET.maxCounters).toBe(12);
    expect(unitsData.setup.HUMAN.FLEET_SF.counters).toHaveLength(4);
    const fleet = unitsData.boxes.find((b) => b.id === 'FLEET' && b.side === 'HUMAN')!;
    expect([fleet.capacity, fleet.turnOneCapacity]).toEqual([6, 12]);
  });
});

describe('tables', () => {
  const cell = (die: number, col: string): string => {
    const c = lookup(tablesData.crt, col, die);
    return `${c.attacker || '-'}/${c.defender || '-'}`;
  };

  it('7.61: the CRT agrees with every printed value (rows 1 and 2, row 3 at 1-4)', () => {
    expect(tablesData.crt.columns).toEqual(['1-4', '1-3', '1-2', '2-3', '1-1', '3-2', '2-1', '3-1', '4-1']);
    expect(tablesData.crt.columns.map((c) => cell(1, c))).toEqual(Array(9).fill('-/-'));
    expect(tablesData.crt.columns.map((c) => cell(2, c))).toEqual([
      '1/1',
      '-/1',
      '-/1',
      '-/1',
      '-/1',
      '-/1',
      '-/1',
      '-/2',
      '-/2',
    ]);
    expect(cell(3, '1-4')).toBe('1/-');
    const printed = (die: number, i: number): boolean => die <= 2 || (die === 3 && i === 0);
    for (const [die, row] of Object.entries(tablesData.crt.rows)) {
      row.forEach((c, i) => expect(c.provenance.source).toBe(printed(Number(die), i) ? 'rulebook' : 'reconstructed'));
    }
  });

  it('17.0: reconstructed CRT rows never exceed two losses and are monotone like the printed rows', () => {
    const rows = tablesData.crt.rows;
    for (let die = 2; die <= 6; die++) {
      rows[die].forEach((c, i) => {
        expect(Math.max(c.attacker, c.defender)).toBeLessThanOrEqual(2);
        if (i > 0)
          expect(c.attacker <= rows[die][i - 1].attacker && c.defender >= rows[die][i - 1].defender).toBe(true);
        if (die > 2)
          expect(c.attacker >= rows[die - 1][i].attacker && c.defender <= rows[die - 1][i].defender).toBe(true);
      });
    }
  });

  it('CRT notes: 23 attack against 6 defense is 3-1; below 1-4 is not allowed; shifts stop at the edge', () => {
    expect(oddsColumn(23, 6, tablesData.crt.columns).column).toBe('3-1');
    expect(oddsColumn(1, 5, tablesData.crt.columns).belowMinimum).toBe(true);
    expect(oddsColumn(50, 6, tablesData.crt.columns).column).toBe('4-1');
    const storm = tablesData.columnShifts.shifts.find((s) => s.id === 'DEFENDER_IN_STORM')!.shift;
    expect(shiftColumn(tablesData.crt.columns, 7, storm).column).toBe('4-1'); // 15.7: 3-1 becomes 4-1
    expect(tablesData.columnShifts.shifts.find((s) => s.id === 'MOUNTAIN_DEFENDER')!.shift).toBe(-1);
  });

  it('13.71/11.35/11.15/11.141: the Effects Chart meets every figure the text gives', () => {
    expect([spaceEffects(2, 'HUMAN').supply, spaceEffects(2, 'CETIAN').supply]).toEqual([30, 5]);
    expect([spaceEffects(3, 'HUMAN').stp, spaceEffects(3, 'CETIAN').stp]).toEqual([10, 1]);
    for (const s of [4, 5, 6]) expect(spaceEffects(s, 'CETIAN').stp).toBe(0);
    expect(spaceEffects(6, 'HUMAN').stp).toBeGreaterThanOrEqual(6 + 6 * 2);
    for (const a of tablesData.space.effects.anchors) {
      expect([spaceEffects(a.state, 'HUMAN')[a.column], spaceEffects(a.state, 'CETIAN')[a.column]]).toEqual([
        a.HUMAN,
        a.CETIAN,
      ]);
    }
    for (const r of tablesData.space.effects.rows) expect(r.HUMAN.sf).toBeLessThanOrEqual(4);
  });

  it('13.6/13.3: space superiority resolution and deterioration', () => {
    const shift = (roll: number): number =>
      tablesData.space.resolution.rows.find((r) => roll >= r.min && roll <= r.max)!.shift;
    expect([2, 4, 7, 10, 12].map(shift)).toEqual([2, 1, 0, -1, -2]);
    expect([6, 5, 4, 3, 2, 1].map((m) => tablesData.space.deterioration.byMagnitude[m])).toEqual([3, 3, 2, 1, 1, 0]);
  });

  it('10.41: three SF rolling 1 get D2; row 6 (blank in print) is no effect', () => {
    expect(tablesData.specialForces.vsInstallation.rows['1'][2]).toBe('D2');
    expect(tablesData.specialForces.vsInstallation.rows['6']).toEqual(['-', '-', '-', '-']);
  });

  it('3.2 D: strategic movement limits (and data/space.json, if still present, agrees)', () => {
    expect([tablesData.strategic.humanEarthToFleetMax.value, tablesData.strategic.cetianTauToSystemMax.value]).toEqual([
      4, 2,
    ]);
    const url = new URL('space.json', DATA);
    const strategic = existsSync(url) ? JSON.parse(readFileSync(url, 'utf8')).strategic : undefined;
    if (strategic) {
      expect(strategic.humanEarthToFleetMax.value).toBe(4);
      expect(strategic.cetianTauToSystemMax.value).toBe(2);
    }
  });
});

describe('provenance', () => {
  const files = ['map.json', 'units.json', 'tables.json'];
  const EXEMPT = new Set(['game', 'description', 'name', 'codes', 'id', 'what', 'level', 'code']);

  /** Collects primitive values with no provenance on themselves, an ancestor, or a `<key>Provenance` sibling. */
  function uncovered(node: unknown, path: string, covered: boolean, out: string[]): void {
    if (Array.isArray(node)) return node.forEach((v, i) => uncovered(v, `${path}[${i}]`, covered, out));
    if (node === null || typeof node !== 'object') {
      if (!covered) out.push(path);
      return;
    }
    const obj = node as Record<string, unknown>;
    const here = covered || 'provenance' in obj;
    for (const [k, v] of Object.entries(obj)) {
      if (k === 'provenance' || k.endsWith('Provenance') || EXEMPT.has(k)) continue;
      uncovered(v, `${path}.${k}`, here || `${k}Provenance` in obj, out);
    }
  }

  it.each(files)('every value in %s carries provenance', (file) => {
    const out: string[] = [];
    uncovered(readJson(file), file, false, out);
    expect(out).toEqual([]);
  });

  it('every reconstructed value has a reason, every rulebook value a rule number', () => {
    const bad: string[] = [];
    const walk = (node: unknown, path: string): void => {
      if (Array.isArray(node)) return node.forEach((v, i) => walk(v, `${path}[${i}]`));
      if (node === null || typeof node !== 'object') return;
      const o = node as Record<string, unknown>;
      if (o.source === 'reconstructed' && !(typeof o.reason === 'string' && o.reason.length >= 30)) bad.push(path);
      if (o.source === 'rulebook' && !(typeof o.rule === 'string' && /\d/.test(o.rule))) bad.push(path);
      for (const [k, v] of Object.entries(o)) walk(v, `${path}.${k}`);
    };
    for (const f of files) walk(readJson(f), f);
    expect(bad).toEqual([]);
  });
});

describe('options (digest §7)', () => {
  it('weather and extended are booleans defaulting to false; every option names its rule', () => {
    const byId = new Map(optionSpecs.map((o) => [o.id, o]));
    for (const id of ['weather', 'extended'])
      expect([byId.get(id)?.type, byId.get(id)?.default]).toEqual(['boolean', false]);
    expect(byId.get('spaceportFactorsFrom')?.default).toBe('2.5');
    expect(byId.get('northPoleNeighbor')?.default).toBe('0128');
    for (const o of optionSpecs) expect(o.rule).toMatch(/\d/);
  });

  it('optionValues fills defaults and rejects values outside the list', () => {
    expect(optionValues({}).season).toBe('SUMMER');
    expect(() => optionValues({ northPoleNeighbor: '0129' })).toThrow(/one of/);
  });
});
