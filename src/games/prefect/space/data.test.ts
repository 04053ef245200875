import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Provenance } from '#engine/tables.js';
import { buildAll, sectorId } from './data/build-space.js';
import {
  loadSpaceFile,
  spaceCrtSchema,
  spaceData,
  spaceScenarioProblems,
  spaceScenarioSchema,
  systemMapSchema,
} from './data/index.js';
import { segmentsOf } from './ofat.js';
import type { NavalUnitType, SpaceCrt, SpaceScenario, SystemMap } from './types.js';

const DATA = new URL('./data/', import.meta.url);
const read = (f: string): string => readFileSync(new URL(f, DATA), 'utf8');
const { map, unitTypes, baseTypes, crt, scenarios } = spaceData;
const ut = (id: string): NavalUnitType => {
  const t = unitTypes[id];
  if (!t) throw new Error(`no type ${id}`);
  return t;
};
const fieldProv = (
  rec: { provenance: Provenance; fieldProvenance?: Partial<Record<string, Provenance>> },
  f: string,
): Provenance => rec.fieldProvenance?.[f] ?? rec.provenance;
// A rulebook tag names a line of the book; a digest decision (D-nn) is a reconstruction and says so.
const wellFormed = (p: Provenance): boolean => (p.source === 'rulebook' ? /\bL\d+/.test(p.rule) : p.reason.length > 20);
const tmpPack = (file: string, value: unknown): URL => {
  const dir = mkdtempSync(join(tmpdir(), 'prefect-space-'));
  writeFileSync(join(dir, file), JSON.stringify(value));
  return pathToFileURL(`${dir}/`);
};

describe('space data pack: files are what build-space.ts generates', () => {
  it('no JSON file is stale', () => {
    for (const [file, text] of Object.entries(buildAll())) expect(read(file), file).toBe(text);
  });
});

describe('Africannus system map (D-06)', () => {
  it('11 zones, Sun in 0, sectors only in 1-7 (L982-984); (2,10) exists (L986)', () => {
    expect(map.zones).toHaveLength(11);
    expect(map.zones[0].sectors).toBe(0);
    for (const z of [8, 9, 10]) expect(map.zones[z].sectors).toBe(0);
    expect(map.sectors.every((s) => s.zone >= 1 && s.zone <= 7)).toBe(true);
    expect(map.sectors.some((s) => s.zone === 2 && s.index === 10)).toBe(true);
  });

  it('asteroid belts in zones 1 and 7 give 4-segment sectors (L1060, L1124)', () => {
    const belt = map.sectors.filter((s) => s.zone === 1 || s.zone === 7);
    expect(belt.length).toBeGreaterThan(0);
    expect(belt.every((s) => s.body?.kind === 'ASTEROID' && segmentsOf(s) === 4)).toBe(true);
  });

  it('named places: Ku Crassus 10 segments, Sizzle Stone 4 (L1441), Traverse and New Mandella exist, labelled', () => {
    const by = (n: string) => map.sectors.find((s) => s.name === n);
    expect(segmentsOf(by('Ku Crassus')!)).toBe(10);
    expect(segmentsOf(by('Sizzle Stone')!)).toBe(4);
    expect(by('New Mandella')?.body).toBeDefined();
    expect(segmentsOf(by('Traverse')!)).toBe(1);
    for (const n of ['Ku Crassus', 'New Mandella', 'Sizzle Stone', 'Traverse'])
      expect(map.valueProvenance?.[n]?.source).toBe('reconstructed');
  });

  it('a map with a belt sector that is not an asteroid fails loudly', () => {
    const bad = JSON.parse(read('africannus.json')) as SystemMap;
    const i = bad.sectors.findIndex((s) => s.zone === 1);
    delete bad.sectors[i].body;
    expect(() => loadSpaceFile('africannus.json', systemMapSchema, tmpPack('africannus.json', bad))).toThrow(
      /asteroid sector \(L1060\)/,
    );
  });
});

describe('naval counters consistent with every example (digest §3.4)', () => {
  it('TOG values', () => {
    expect([ut('tog-D').sig, ut('tog-D').carry, ut('tog-P').sig, ut('tog-FGV').carry, ut('tog-BB').carry]).toEqual([
      2, 4, 1, 15, 6,
    ]);
    expect([ut('tog-FM1').attack, ut('tog-FM1').defence, ut('tog-FM1').esm, ut('tog-FM1').thrust]).toEqual([
      3, 6, 1, 7,
    ]);
    expect([ut('tog-FH1').attack, ut('tog-FH1').defence, ut('tog-FH1').esm, ut('tog-FH1').thrust]).toEqual([
      4, 7, 1, 6,
    ]);
    expect(ut('tog-D').attack + ut('tog-FH1').attack).toBe(7); // L2025
    expect(ut('tog-D').defence + ut('tog-FH1').defence).toBe(12); // L2025
    expect(ut('tog-FL1').attack).toBe(2); // L2222
  });

  it('Renegade values', () => {
    expect([ut('cw-CA').defence, ut('cw-CA').esm, ut('cw-CA').thrust, ut('cw-P').attack]).toEqual([8, 5, 3, 7]);
    expect([
      ut('cw-FL1').attack,
      ut('cw-FL1').defence,
      ut('cw-FL1').thrust,
      ut('cw-FM1').attack,
      ut('cw-FM1').defence,
      ut('cw-FM1').thrust,
    ]).toEqual([2, 3, 10, 3, 7, 6]);
    expect(ut('cw-FH1').attack).toBe(4);
    for (const t of Object.values(unitTypes))
      if (t.kind === 'FIGHTER') expect([t.sig, t.esm, t.carry]).toEqual([0, 1, 0]);
  });

  it('bases: ON1 station ESM 2, D 3; GN2 A 1, D 6; ground tougher, weaker (L2003)', () => {
    expect([baseTypes.ON1.esm, baseTypes.ON1.defence, baseTypes.GN2.attack, baseTypes.GN2.defence]).toEqual([
      2, 3, 1, 6,
    ]);
    for (let n = 1; n <= 6; n++) {
      const on = baseTypes[`ON${n}` as 'ON1'];
      const gn = baseTypes[`GN${n}` as 'GN1'];
      expect(gn.defence).toBeGreaterThan(on.defence);
      expect(gn.supplyMax).toBeGreaterThan(on.supplyMax);
      expect(gn.attack).toBeLessThan(on.attack);
      expect(gn.esm).toBeLessThan(on.esm);
    }
  });

  it('every value has a well-formed provenance; example values are tagged rulebook', () => {
    const fields = ['attack', 'defence', 'sig', 'esm', 'thrust', 'carry', 'reorgCost'];
    for (const t of Object.values(unitTypes))
      for (const f of fields) expect(wellFormed(fieldProv(t, f)), `${t.id}.${f}`).toBe(true);
    for (const b of Object.values(baseTypes))
      for (const f of ['attack', 'defence', 'esm', 'sig', 'supplyMax']) expect(wellFormed(fieldProv(b, f))).toBe(true);
    expect(fieldProv(ut('cw-CA'), 'esm')).toEqual({ source: 'rulebook', rule: 'L1499' });
    expect(fieldProv(ut('tog-BB'), 'attack').source).toBe('reconstructed');
    // D-65b / D-41 are the digest's designs: no line of the book gives naval reorganisation costs or base storage.
    for (const t of Object.values(unitTypes))
      expect(fieldProv(t, 'reorgCost').source, `${t.id}.reorgCost`).toBe('reconstructed');
    for (const b of Object.values(baseTypes))
      expect(fieldProv(b, 'supplyMax').source, `${b.id}.supplyMax`).toBe('reconstructed');
  });
});

describe('space CRT (D-03)', () => {
  const cell = (column: string, roll: number) => crt.rows[roll - 1][crt.columns.indexOf(column)];
  it('T-S10: 2:3 / 6 = +1/0 (L1617)', () => expect(cell('2:3', 6)).toEqual({ a: 1, d: 0 }));
  it('T-S12: 1:1 / 4 = −1/+1 (L1725)', () => expect(cell('1:1', 4)).toEqual({ a: -1, d: 1 }));
  it('T-S14: 1:1 / 5 = 0/0 and a 1:2 cell 0/+2 (L2025)', () => {
    expect(cell('1:1', 5)).toEqual({ a: 0, d: 0 });
    expect(crt.rows.some((r) => JSON.stringify(r[0]) === JSON.stringify({ a: 0, d: 2 }))).toBe(true);
  });
  it('columns include 1:2 (or less), 2:3, 1:1 and 3:2 (L1567, L1725)', () => {
    expect(crt.columns.slice(0, 4)).toEqual(['1:2', '2:3', '1:1', '3:2']);
  });
  it('a higher roll or column is never worse for the roller', () => {
    for (let c = 0; c < crt.columns.length; c++) {
      for (let r = 1; r < 10; r++) {
        expect(crt.rows[r][c].a).toBeGreaterThanOrEqual(crt.rows[r - 1][c].a);
        expect(crt.rows[r][c].d).toBeLessThanOrEqual(crt.rows[r - 1][c].d);
        if (c > 0) expect(crt.rows[r][c].a).toBeGreaterThanOrEqual(crt.rows[r][c - 1].a);
      }
    }
  });
  it('an edited CRT that breaks a fixture is rejected at load', () => {
    const bad = JSON.parse(read('space-crt.json')) as SpaceCrt;
    bad.rows[5][1] = { a: 0, d: 0 };
    expect(() => loadSpaceFile('space-crt.json', spaceCrtSchema, tmpPack('space-crt.json', bad))).toThrow(
      /2:3\/6 .*not reproduced/,
    );
  });
});

describe('Hold the Line', () => {
  const s = scenarios['hold-the-line'];
  const { scenarios: _omit, ...pack } = spaceData;
  it('loads with no cross-file problems, D-01 victory and the L1977 rebuild limit', () => {
    expect(spaceScenarioProblems(s, pack)).toEqual([]);
    expect(s.victory).toMatchObject({ perBaseDestroyedOrCaptured: 2, perNavalUnitDestroyed: 1 });
    expect(s.victory.perMissionCompleted).toMatchObject({
      missions: ['GROUND_SUPPORT', 'ORBITAL_DROP'],
      sector: sectorId(3, 4),
    });
    expect(s.rebuildLimit).toBe(3);
  });
  it('rejects a second orbital base in a segment before the others are filled (L1164)', () => {
    const bad: SpaceScenario = JSON.parse(JSON.stringify(s));
    bad.bases.push({ id: 'x', side: 'CW', type: 'ON1', sector: sectorId(3, 4), segment: 1, supply: 0 });
    expect(spaceScenarioProblems(bad, pack)).toContain(
      `${sectorId(3, 4)}: orbital bases break the even-fill rule (L1164)`,
    );
  });
  it('rejects an over-capacity TF, a base in a missing segment and a stray unit', () => {
    const bad: SpaceScenario = JSON.parse(JSON.stringify(s));
    bad.units.push(...Array.from({ length: 30 }, (_, i) => ({ id: `f${i}`, type: 'cw-FL1', side: 'CW' as const })));
    bad.tfs[0].units.push(...Array.from({ length: 30 }, (_, i) => `f${i}`));
    bad.bases.push({ id: 'y', side: 'CW', type: 'ON1', sector: sectorId(6, 7), segment: 2, supply: 0 });
    bad.units.push({ id: 'lost', type: 'cw-CA', side: 'CW' });
    const p = spaceScenarioProblems(bad, pack);
    expect(p).toContain('cw-tf1: more fighters than its ships can carry (L1320)');
    expect(p).toContain(`y: ${sectorId(6, 7)} has no segment 2 (L1002)`);
    expect(p).toContain('lost: every unit must be in a TF at set-up (L1168)');
  });
  it('schema rejects an unknown mission in the victory conditions', () => {
    const bad = JSON.parse(read('hold-the-line.json'));
    bad.victory.perMissionCompleted.missions = ['BOMBARD'];
    expect(spaceScenarioSchema.safeParse(bad).success).toBe(false);
  });
});
