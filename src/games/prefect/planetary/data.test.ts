import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { lookup, oddsColumn, shiftColumn, type Provenance, type ResultsTable } from '#engine/tables.js';
import { buildCrt, buildLiberation } from './data/build-data.js';
import { buildMap, formatMap } from './data/build-map.js';
import { loadDataFile, mapSchema, prefectData, scenarioProblems, unitsFileSchema, type MapFile } from './data/index.js';
import {
  distance,
  hexById,
  hexGraph,
  isHex,
  isWaterHex,
  neighboursOf,
  terrainTypesOf,
  urbanAreaOf,
  zoneOf,
} from './map.js';
import type { CrtCell, GroundUnitType } from './types.js';

const DATA = new URL('./data/', import.meta.url);
const read = (f: string): string => readFileSync(new URL(f, DATA), 'utf8');
const { terrain, map, unitTypes, baseTypes, crt, scenarios } = prefectData;
const lib = scenarios.liberation;
const ut = (id: string): GroundUnitType => {
  const t = unitTypes[id];
  if (!t) throw new Error(`no unit type ${id}`);
  return t;
};
const fieldProv = (
  rec: { provenance: Provenance; fieldProvenance?: Partial<Record<string, Provenance>> },
  f: string,
): Provenance => rec.fieldProvenance?.[f] ?? rec.provenance;
const isRulebook = (p: Provenance): boolean => p.source === 'rulebook' && /L\d+/.test(p.rule);
// A rulebook tag names a line of the book; a digest decision (D-nn) is a reconstruction and says so.
const wellFormed = (p: Provenance): boolean => (p.source === 'rulebook' ? /\bL\d+/.test(p.rule) : p.reason.length > 10);

describe('the data pack loads and is what the build scripts generate', () => {
  it('every file parses through its zod schema', () => {
    expect(map.hexes.length).toBeGreaterThanOrEqual(300);
    expect(map.hexes.length).toBeLessThanOrEqual(600);
    expect(Object.keys(terrain).sort()).toEqual(['clear', 'crater', 'forest', 'mountain', 'rough', 'urban', 'water']);
    expect(crt.rows).toHaveLength(10);
    expect(lib.id).toBe('liberation');
  });

  it('a broken map (one-way adjacency) fails loudly with the file name', () => {
    const dir = mkdtempSync(join(tmpdir(), 'prefect-pack-'));
    const bad = JSON.parse(read('map.json')) as MapFile;
    bad.hexes[40].neighbours = bad.hexes[40].neighbours.slice(1);
    writeFileSync(join(dir, 'map.json'), JSON.stringify(bad));
    expect(() => loadDataFile('map.json', mapSchema, pathToFileURL(`${dir}/`))).toThrow(
      /map\.json is invalid[\s\S]*does not list it back/,
    );
  });

  it('a rebuild cost that is not twice the reorganisation cost is rejected (L830)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'prefect-pack-'));
    const bad = JSON.parse(read('units.json')) as { unitTypes: Record<string, { rebuildCost: number }> };
    bad.unitTypes['tog-heavy-cohort'].rebuildCost = 12;
    writeFileSync(join(dir, 'units.json'), JSON.stringify(bad));
    expect(() => loadDataFile('units.json', unitsFileSchema, pathToFileURL(`${dir}/`))).toThrow(/2 × reorganisation/);
  });

  it('map.json, crt.json and liberation.json are exactly what the build scripts write', () => {
    expect(read('map.json')).toBe(formatMap(buildMap()));
    expect(read('crt.json')).toBe(`${JSON.stringify(buildCrt(), null, 1)}\n`);
    expect(read('liberation.json')).toBe(`${JSON.stringify(buildLiberation(), null, 1)}\n`);
  });
});

describe('provenance on every value', () => {
  it('every terrain, unit and base value is tagged rulebook (with a line) or reconstructed (with a reason)', () => {
    const records = [...Object.values(terrain), ...Object.values(unitTypes), ...Object.values(baseTypes)];
    for (const r of records) {
      for (const f of Object.keys(r)) {
        if (['id', 'name', 'provenance', 'fieldProvenance'].includes(f)) continue;
        expect(wellFormed(fieldProv(r, f)), `${r.id}.${f}`).toBe(true);
      }
      for (const f of Object.keys(r.fieldProvenance ?? {}))
        expect(f in r, `${r.id}: provenance for missing field ${f}`).toBe(true);
    }
  });

  it('map, CRT, scenario records and schedules carry provenance', () => {
    for (const p of [map.provenance, crt.provenance, lib.provenance, ...map.urbanAreas.map((a) => a.provenance)])
      expect(wellFormed(p)).toBe(true);
    for (const p of [...lib.supply, ...lib.reinforcements, ...lib.victory].map((x) => x.provenance))
      expect(wellFormed(p)).toBe(true);
    for (const p of Object.values(map.valueProvenance ?? {})) expect(wellFormed(p!)).toBe(true);
    expect(lib.extraBasesProvenance && wellFormed(lib.extraBasesProvenance)).toBe(true);
    for (const [f, p] of Object.entries(lib.fieldProvenance ?? {}))
      expect(wellFormed(p!), `liberation.${f}`).toBe(true);
    // L246 / L252 leave turns and first attacker to the lost Scenario Book: designed values.
    expect([fieldProv(lib, 'turns').source, fieldProv(lib, 'firstAttacker').source]).toEqual([
      'reconstructed',
      'reconstructed',
    ]);
    expect(JSON.stringify(lib.provenance)).toContain(`${lib.turns}-turn`);
  });

  it('the values the text fixes are tagged rulebook', () => {
    expect(isRulebook(fieldProv(terrain.urban, 'defenceFactor'))).toBe(true); // L583
    expect(isRulebook(fieldProv(terrain.forest, 'defenceFactor'))).toBe(true); // L625
    expect(isRulebook(fieldProv(ut('signals-century'), 'sig'))).toBe(true); // L525
    expect(isRulebook(fieldProv(ut('tog-medium-cohort'), 'attack'))).toBe(true);
    expect(isRulebook(fieldProv(ut('cw-light-cohort'), 'sig'))).toBe(true);
    expect(isRulebook(fieldProv(ut('cw-heavy-cohort'), 'sig'))).toBe(true);
    for (const id of [
      'tog-light-cohort',
      'tog-medium-cohort',
      'tog-heavy-cohort',
      'infantry-cohort',
      'artillery-cohort',
      'marine-cohort',
      'combat-engineer-century',
      'asd-century',
    ]) {
      expect(isRulebook(fieldProv(ut(id), 'reorgCost')), id).toBe(true);
    }
    for (const b of Object.values(baseTypes)) expect(isRulebook(fieldProv(b, 'value'))).toBe(true);
    // and what is designed says so
    expect(fieldProv(terrain.urban, 'detectionModifier').source).toBe('reconstructed');
    expect(crt.provenance.source).toBe('reconstructed');
  });
});

describe('Terrain Effects Chart (D-04)', () => {
  it('keeps urban DF 3 (L583) and forest DF 2 (L625)', () => {
    expect(terrain.urban.defenceFactor).toBe(3);
    expect(terrain.forest.defenceFactor).toBe(2);
  });
  it('L377: ZOC does not extend into rough, craters, mountains, forests or urban areas against Combat mode', () => {
    const blocking = Object.values(terrain)
      .filter((t) => t.blocksZocVsCombatMode)
      .map((t) => t.id)
      .sort();
    expect(blocking).toEqual(['crater', 'forest', 'mountain', 'rough', 'urban']);
  });
  it('D-04: cover makes detection harder (signed modifiers, never easier than clear)', () => {
    for (const t of Object.values(terrain))
      expect(t.detectionModifier).toBeLessThanOrEqual(terrain.clear.detectionModifier);
    expect(terrain.water.water).toBe(true);
  });
});

const table: ResultsTable<CrtCell> = {
  name: 'Prefect planetary CRT',
  columns: crt.columns,
  rows: Object.fromEntries(crt.rows.map((r, i) => [i + 1, r])),
};
const cell = (column: string, roll: number): CrtCell => lookup(table, column, roll);

describe('Planetary CRT (D-02)', () => {
  it('columns 1:2 … 5:1', () => {
    expect(crt.columns).toEqual(['1:2', '2:3', '1:1', '3:2', '2:1', '3:1', '4:1', '5:1']);
  });
  it('T-P09 (L629): 2:3 roll 3 = −2 AR / +2', () => {
    expect(cell('2:3', 3)).toEqual({ a: -2, aFlag: 'AR', d: 2 });
  });
  it('T-P10 (L661, D-84): 1:1 roll 8 = +1 / −1 DR', () => {
    expect(cell('1:1', 8)).toEqual({ a: 1, d: -1, dFlag: 'DR' });
  });
  it('T-C02 (L2222): 2:3 roll 8 = +1 / −1', () => {
    const c = cell('2:3', 8);
    expect([c.a, c.d]).toEqual([1, -1]);
  });
  it('the fixtures list names exactly those cells with their rules', () => {
    expect(crt.fixtures.map((f) => `${f.column}/${f.roll}`).sort()).toEqual(['1:1/8', '2:3/3', '2:3/8']);
    for (const f of crt.fixtures) expect(f.rule).toMatch(/L\d+/);
  });
  it('T-P07/T-P09: the engine odds column lands on the table (6:7 → 2:3; 12:11 → 1:1, shifted left 2:3)', () => {
    expect(oddsColumn(6, 7, crt.columns).column).toBe('2:3');
    const p = oddsColumn(12, 11, crt.columns);
    expect(p.column).toBe('1:1');
    expect(shiftColumn(crt.columns, p.index, -1).column).toBe('2:3');
    expect(oddsColumn(1, 5, crt.columns)).toMatchObject({ column: '1:2', belowMinimum: true }); // D-27 clamp
    expect(oddsColumn(30, 2, crt.columns)).toMatchObject({ column: '5:1', aboveMaximum: true });
  });
  it('higher odds and higher rolls never favour the defender more', () => {
    for (let r = 1; r <= 10; r++) {
      for (let c = 0; c < crt.columns.length; c++) {
        const x = crt.rows[r - 1][c];
        if (c > 0) {
          expect(x.a).toBeGreaterThanOrEqual(crt.rows[r - 1][c - 1].a);
          expect(x.d).toBeLessThanOrEqual(crt.rows[r - 1][c - 1].d);
        }
        if (r > 1) {
          expect(x.a).toBeGreaterThanOrEqual(crt.rows[r - 2][c].a);
          expect(x.d).toBeLessThanOrEqual(crt.rows[r - 2][c].d);
        }
      }
    }
  });
  it('BT grows more frequent with the odds, CA only at low odds', () => {
    const count = (c: number, f: string): number => crt.rows.filter((r) => r[c].dFlag === f || r[c].aFlag === f).length;
    const bt = crt.columns.map((_, c) => count(c, 'BT'));
    const ca = crt.columns.map((_, c) => count(c, 'CA'));
    for (let c = 1; c < bt.length; c++) expect(bt[c]).toBeGreaterThanOrEqual(bt[c - 1]);
    for (let c = 1; c < ca.length; c++) expect(ca[c]).toBeLessThanOrEqual(ca[c - 1]);
    expect(bt[bt.length - 1]).toBeGreaterThan(bt[0]);
    expect(ca[0]).toBeGreaterThan(0);
    expect(ca.slice(3).every((n) => n === 0)).toBe(true);
  });
});

const sum = (ids: string[], f: 'attack' | 'defence' | 'sig' | 'esm'): number => ids.reduce((a, id) => a + ut(id)[f], 0);

describe('ground unit types match every example (digest §3.2)', () => {
  it('T-P05 (L505): TOG Light ESM 3 + Medium ESM 2 = 5; CW Heavy Sig 3 + Light Sig 1 = 4; target 9', () => {
    expect(sum(['tog-light-cohort', 'tog-medium-cohort'], 'esm')).toBe(5);
    expect(sum(['cw-heavy-cohort', 'cw-light-cohort'], 'sig')).toBe(4);
  });
  it('T-P06 (L525-537): Signals give ESM +3 / Sig −3 (TOG 8, CW 1)', () => {
    expect(ut('signals-century')).toMatchObject({ sig: -3, esm: 3, category: 'SUPPORT', flags: ['SIGNALS'] });
    expect(sum(['tog-light-cohort', 'tog-medium-cohort', 'signals-century'], 'esm')).toBe(8);
    expect(sum(['cw-heavy-cohort', 'cw-light-cohort', 'signals-century'], 'sig')).toBe(1);
  });
  it('T-P07/T-P10 (L583, L661): two Medium Cohorts attack 6; Light Cohort defence 4, Medium defence 6', () => {
    expect(sum(['tog-medium-cohort', 'tog-medium-cohort'], 'attack')).toBe(6);
    expect(ut('cw-light-cohort').defence).toBe(4);
    expect(ut('tog-medium-cohort').defence).toBe(6);
    expect(ut('tog-medium-cohort').defence + 1).toBe(7); // "7 or less" with +1
    expect(ut('cw-light-cohort').defence - 1).toBe(3); // "a roll of 3 (4 - 1)"
  });
  it('T-C02 (L2222): TOG Mediums attack 3 each, the Renegade Medium defends 6', () => {
    expect(ut('tog-medium-cohort').attack).toBe(3);
    expect(ut('cw-medium-cohort').defence).toBe(6);
  });
  it('side-specific types where the examples differ', () => {
    expect(ut('tog-light-cohort').side).toBe('TOG');
    expect(ut('cw-light-cohort').side).toBe('CW');
    expect(ut('tog-light-cohort').esm).toBe(3);
    expect(ut('cw-light-cohort').sig).toBe(1);
  });
  it('reorganisation table (L806-818) and D-09 defaults', () => {
    const reorg = (id: string): number | null => ut(id).reorgCost;
    expect([
      reorg('tog-light-cohort'),
      reorg('cw-medium-cohort'),
      reorg('cw-heavy-cohort'),
      reorg('infantry-cohort'),
      reorg('artillery-cohort'),
      reorg('marine-cohort'),
    ]).toEqual([3, 5, 8, 2, 5, 2]);
    expect([reorg('militia-regiment'), reorg('garrison-legion')]).toEqual([null, null]);
    expect([reorg('asd-century'), reorg('combat-engineer-century')]).toEqual([2, 2]);
    expect([
      reorg('signals-century'),
      reorg('construction-engineer-century'),
      reorg('manus-hq'),
      reorg('auxilia-hq'),
      reorg('legion-hq'),
    ]).toEqual([2, 2, 3, 3, 5]);
  });
  it('T-P16 (L830-834): Heavy rebuild 16, militia 1, garrison 4; a GL2 rebuilds 2 a turn', () => {
    expect(ut('tog-heavy-cohort').rebuildCost).toBe(16);
    expect(ut('militia-regiment').rebuildCost).toBe(1);
    expect(ut('garrison-legion').rebuildCost).toBe(4);
    expect(baseTypes.GL2.value).toBe(2);
  });
  it('non-gravitic: Marines, Militia, Garrison (L916); the rest are grav units', () => {
    const nonGrav = Object.values(unitTypes)
      .filter((t) => !t.gravitic)
      .map((t) => t.id)
      .sort();
    expect(nonGrav).toEqual(['garrison-legion', 'marine-cohort', 'militia-regiment']);
  });
  it('HQs have storage maxima (D-41: Legion 20, Auxilia 10)', () => {
    expect(ut('legion-hq')).toMatchObject({ hq: 'LEGION', supplyMax: 20 });
    expect(ut('auxilia-hq')).toMatchObject({ hq: 'AUXILIA', supplyMax: 10 });
    expect(ut('manus-hq').hq).toBe('MANUS');
  });
  it('bases GL1–GL4: value = rank (L195-199), construction (L958-962, T-P17), storage D-41', () => {
    expect(Object.values(baseTypes).map((b) => [b.id, b.value, b.supplyMax])).toEqual([
      ['GL1', 1, 10],
      ['GL2', 2, 25],
      ['GL3', 3, 50],
      ['GL4', 4, 100],
    ]);
    expect([baseTypes.GL1.build, baseTypes.GL2.build, baseTypes.GL3.build, baseTypes.GL4.build]).toEqual([
      { engineers: 1, sp: 5 },
      { engineers: 2, sp: 15 },
      { engineers: 3, sp: 50 },
      null,
    ]);
  });
});

describe('Ku Crassus map (D-05)', () => {
  const g = hexGraph();
  it('adjacency is symmetric with no self-links (graphFromAdjacency checks it) and the map is connected', () => {
    for (const id of g.ids()) for (const n of g.neighbors(id)) expect(g.neighbors(n)).toContain(id);
    for (const id of g.ids()) expect(() => distance('0702', id)).not.toThrow();
  });
  it('L355: east–west wrap (column 00 touches column 29)', () => {
    expect(neighboursOf('0700')).toEqual(expect.arrayContaining(['0729', '0701', '0600', '0601', '0800', '0801']));
    expect(neighboursOf('0600')).toEqual(expect.arrayContaining(['0629', '0529', '0729']));
    expect(distance('0700', '0729')).toBe(1);
    expect(distance('0715', '0700')).toBe(15); // half-way round the equator
  });
  it('L357: no wrap across the poles', () => {
    const rowOf = (id: string): number => Number(id.slice(0, 2));
    for (const h of map.hexes.filter((x) => rowOf(x.id) === 0))
      expect(h.neighbours.every((n) => rowOf(n) <= 1)).toBe(true);
    for (const h of map.hexes.filter((x) => rowOf(x.id) === 15))
      expect(h.neighbours.every((n) => rowOf(n) >= 14)).toBe(true);
    expect(distance('0001', '1501')).toBe(15);
  });
  it('L343-353: a hex drawn in two parts is one hex, adjacent to the neighbours of all its parts', () => {
    const h = hexById('0105'); // row 1, cells 05 and 06 split by the gore edge
    expect(h.parts).toEqual([
      { row: 1, col: 5 },
      { row: 1, col: 6 },
    ]);
    expect(isHex('0106')).toBe(false);
    expect(h.neighbours).toEqual(['0005', '0007', '0104', '0107', '0205', '0206', '0207']);
    expect(hexById('0207').neighbours).toContain('0105'); // seen from the part at col 06 only
    expect(hexById('0029').parts).toEqual([
      { row: 0, col: 29 },
      { row: 0, col: 0 },
    ]); // split across the wrap
    expect(distance('0104', '0107')).toBe(2); // the merged hex counts once (L349)
  });
  it('every hex has 4–7 neighbours (6 away from the curvature rows)', () => {
    for (const h of map.hexes) {
      expect(h.neighbours.length).toBeGreaterThanOrEqual(4);
      expect(h.neighbours.length).toBeLessThanOrEqual(7);
      const row = Number(h.id.slice(0, 2));
      if (row >= 3 && row <= 12) expect(h.neighbours).toHaveLength(6);
    }
  });
  it('L87: ten zones, all present; zoneOf', () => {
    expect(new Set(map.hexes.map((h) => h.zone))).toEqual(new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]));
    expect(zoneOf('0702')).toBe(1);
    expect(zoneOf('0817')).toBe(8);
    expect(zoneOf('1121')).toBe(9);
  });
  it('terrain of the text: all types present, full- and partial-water hexes, named urban areas', () => {
    const types = new Set(map.hexes.flatMap((h) => h.terrain));
    expect([...types].sort()).toEqual(['clear', 'crater', 'forest', 'mountain', 'rough', 'urban', 'water']);
    const full = map.hexes.filter((h) => isWaterHex(h));
    expect(full.length).toBeGreaterThan(20);
    const partial = map.hexes.find((h) => h.water === 'PARTIAL')!;
    expect(isWaterHex(partial)).toBe(false);
    expect(terrainTypesOf(partial).map((t) => t.id)).toContain('water');
    expect(map.urbanAreas.length).toBe(9);
    for (const a of map.urbanAreas) for (const h of a.hexes) expect(urbanAreaOf(h)).toBe(a.id);
    expect(urbanAreaOf('0715')).toBe('ku-crassus-prime');
  });
  it('hexById throws RangeError on an unknown hex', () => {
    expect(() => hexById('9999')).toThrow(RangeError);
    expect(isHex('0702')).toBe(true);
  });
});

describe('scenario Liberation', () => {
  const units = lib.units;
  const of = (side: string, type: string): number => units.filter((x) => x.side === side && x.type === type).length;
  it('is consistent with the map and the unit types', () => {
    expect(scenarioProblems(lib, map, { unitTypes, baseTypes })).toEqual([]);
  });
  it('detects a broken scenario', () => {
    const bad = {
      ...lib,
      units: [...lib.units, { id: 'x', type: 'tog-heavy-cohort', side: 'CW' as const, org: 'cw-legion' }],
    };
    expect(scenarioProblems(bad, map, { unitTypes, baseTypes })).toEqual(['x: type tog-heavy-cohort belongs to TOG']);
  });
  it('OOB: a TOG Legion of ten cohorts (L138) with a Legion HQ and five Manus HQs (L423)', () => {
    const togCombat = units.filter((x) => x.side === 'TOG' && ut(x.type).category === 'COMBAT');
    expect(togCombat).toHaveLength(10);
    expect(of('TOG', 'manus-hq')).toBe(5);
    expect(of('TOG', 'legion-hq')).toBe(1);
  });
  it('OOB: CW Legion with the Manus Primus HQ (ID 2, L423), an Auxilia, non-gravitic militia and garrison', () => {
    expect(units.filter((x) => x.side === 'CW' && x.type === 'manus-hq' && x.counterId === 2)).toHaveLength(1);
    expect(
      lib.orgs
        .filter((o) => o.side === 'CW')
        .map((o) => o.kind)
        .sort(),
    ).toEqual(['AUXILIA', 'LEGION']);
    expect(of('CW', 'auxilia-hq')).toBe(1);
    expect(of('CW', 'militia-regiment') + of('CW', 'garrison-legion')).toBeGreaterThan(0);
  });
  it("set-up zones are disjoint, on the map, without full water, and hold each side's bases", () => {
    const tog = new Set(lib.setupZones.TOG);
    expect(lib.setupZones.CW.some((h) => tog.has(h))).toBe(false);
    for (const h of [...lib.setupZones.TOG, ...lib.setupZones.CW]) expect(isWaterHex(h)).toBe(false);
    for (const b of lib.bases) expect(lib.setupZones[b.side]).toContain(b.hex);
    const min = Math.min(...lib.setupZones.TOG.flatMap((a) => lib.setupZones.CW.map((b) => distance(a, b))));
    expect(min).toBeGreaterThanOrEqual(3);
  });
  it('each set-up zone has room for every TF counter its side may field plus its independents (L240: one TF a hex)', () => {
    const nonGrav = (side: string): number => units.filter((x) => x.side === side && !ut(x.type).gravitic).length;
    const limit = (side: string): number =>
      lib.orgs.filter((o) => o.side === side).reduce((a, o) => a + (o.kind === 'LEGION' ? 20 : 6), 0);
    for (const side of ['TOG', 'CW'] as const)
      expect(lib.setupZones[side].length).toBeGreaterThanOrEqual(limit(side) + nonGrav(side));
  });
  it('first attacker, turns, urban control, supply, reinforcements, extra bases, HQ supply', () => {
    expect(lib.firstAttacker).toBe('TOG');
    expect(lib.turns).toBeGreaterThanOrEqual(8);
    expect(lib.turns).toBeLessThanOrEqual(12);
    expect(Object.keys(lib.urbanControl).sort()).toEqual(map.urbanAreas.map((a) => a.id).sort());
    expect(lib.supply.some((s) => s.turn === 'each' && s.perUrbanArea)).toBe(true); // L772
    expect(lib.reinforcements.length).toBeGreaterThan(0);
    expect(lib.extraBases.length).toBeGreaterThan(0); // L952
    const hqs = units.filter((x) => ut(x.type).hq);
    for (const h of hqs) expect(lib.hqSupply[h.id] ?? 0).toBeLessThanOrEqual(ut(h.type).supplyMax!);
  });
  it('victory (D-01): TOG needs ⅔ of urban areas and every CW base at the end; otherwise CW', () => {
    const end = lib.victory.find((v) => v.when === 'atEnd')!;
    expect(end.side).toBe('TOG');
    expect(end.all).toEqual([
      { kind: 'controlUrbanFraction', side: 'TOG', atLeast: 2 / 3 },
      { kind: 'controlAllBasesOf', side: 'TOG', enemy: 'CW' },
    ]);
    const last = lib.victory[lib.victory.length - 1];
    expect(last).toMatchObject({ side: 'CW', when: 'atEnd', all: [] }); // "otherwise the defender wins"
    expect(lib.victory.filter((v) => v.when === 'anyTime').map((v) => v.all[0].kind)).toEqual([
      'noActiveTaskForce',
      'noActiveTaskForce',
    ]);
  });
});
