import { describe, expect, it } from 'vitest';
import { ScriptedDice, SeededDice } from '#engine/dice.js';
import { combatOdds, combatShifts } from './combat.js';
import { mapData } from './data/index.js';
import { forwardPair, rowsFromEquator, step, stormGenHex } from './map.js';
import type { Json } from '#engine/contract.js';
import type { CerberusState, Storm } from './state.js';
import { stateAt } from './testing.js';
import {
  BASE_DIRECTIONS,
  beginningIntensity,
  generateStorm,
  moveStorms,
  seasonAt,
  stormMoveTarget,
  tsIntensityDelta,
  weatherSegment,
} from './weather.js';
import { stormIntensityAt } from './zoc.js';
import cerberus, { SEGMENT_HANDLERS, UNWIRED_SEGMENTS } from './index.js';

const weatherState = (options: Record<string, string | boolean> = {}, turn = 5) =>
  stateAt({ turn, segment: 'WEATHER', options: { weather: true, ...options } });
const storm = (f: Partial<Storm> & Pick<Storm, 'kind' | 'hex' | 'intensity' | 'genHex'>): Storm => ({
  id: `s-${f.hex}`,
  baseDir: BASE_DIRECTIONS.indexOf(stormGenHex(f.genHex).arrow),
  createdTurn: 1,
  ...f,
});
const hexById = new Map(mapData.hexes.map((h) => [h.id, h]));
/** A hex (rows 06–14, not a Pole) whose TS "X" neighbour (ahead-west, arrow N) satisfies `pred`. */
function tsStartWithXTarget(pred: (id: string) => boolean): string {
  for (const h of mapData.hexes) {
    if (h.col === null || h.row < 7 || h.row > 13) continue;
    const [x] = forwardPair(h.id, 'N');
    if (x && pred(x)) return h.id;
  }
  throw new Error('no such hex on the map');
}

describe('15.91 storm generation', () => {
  it('15.91: a die of 4, 5 or 6 creates no storm (and no second roll)', () => {
    for (const d of [4, 5, 6]) {
      const s = weatherState();
      const dice = new ScriptedDice([d]);
      generateStorm(s, dice);
      expect(s.storms).toEqual([]);
      expect(dice.log).toHaveLength(1);
    }
  });

  it('15.91, 15.6, 15.61: 1-3 creates a storm at the Storm Generation hex the second die names; #3 makes a TS at intensity 1', () => {
    const s = weatherState();
    const ev = generateStorm(s, new ScriptedDice([2, 3]));
    expect(s.storms).toHaveLength(1);
    expect(s.storms[0]).toMatchObject({ kind: 'TS', hex: stormGenHex(3).hex, intensity: 1, genHex: 3, createdTurn: 5 });
    expect(ev[0]).toMatchObject({ type: 'storm.created', visibleTo: 'all' });
  });

  it('15.5, 15.91 BEGINNING WEATHER INTENSITY CHART: an ACF starts at the season value (Spring/Fall 2, Winter 3, Summer 1)', () => {
    for (const [season, want] of [
      ['SPRING', 2],
      ['FALL', 2],
      ['WINTER', 3],
      ['SUMMER', 1],
    ] as const) {
      const s = weatherState({ season });
      generateStorm(s, new ScriptedDice([1, 1]));
      expect(s.storms[0]).toMatchObject({ kind: 'ACF', hex: stormGenHex(1).hex, intensity: want });
    }
    expect(beginningIntensity('TS', 'WINTER')).toBe(1);
  });

  it('15.9: the named season is the northern one; Storm Generation hex #6 (south) has the opposite season', () => {
    const s = weatherState({ season: 'WINTER' });
    expect(seasonAt(s, stormGenHex(1).hex)).toBe('WINTER');
    expect(seasonAt(s, stormGenHex(6).hex)).toBe('SUMMER');
    generateStorm(s, new ScriptedDice([3, 6]));
    expect(s.storms[0]).toMatchObject({ kind: 'ACF', hex: stormGenHex(6).hex, intensity: 1 });
  });

  it('15.91: no storm is placed when a storm marker is on, or within two hexes of, the generation hex', () => {
    const s = weatherState();
    const gen = stormGenHex(4).hex;
    const near = step(step(gen, 'E')!, 'E')!;
    s.storms = [storm({ kind: 'TS', hex: near, intensity: 1, genHex: 4 })];
    const ev = generateStorm(s, new ScriptedDice([1, 4]));
    expect(s.storms).toHaveLength(1);
    expect(ev[0]).toMatchObject({ type: 'storm.none', data: { blockedBy: `s-${near}` } });
  });

  it('15.2: with five storm markers on the map no storm is created (no die is rolled)', () => {
    const s = weatherState();
    s.storms = [1, 2, 3, 4, 5].map((i) => storm({ id: `m${i}`, kind: 'TS', hex: '1010', intensity: 1, genHex: 3 }));
    const dice = new ScriptedDice([]);
    generateStorm(s, dice);
    expect(s.storms).toHaveLength(5);
  });

  it('15.4: storms move first, then generation; a new storm does not move on its creation turn', () => {
    const s = weatherState();
    const dice = new ScriptedDice([1, 3]);
    weatherSegment(s, dice);
    expect(s.storms[0].hex).toBe(stormGenHex(3).hex);
    expect(dice.log.map((r) => r.label)).toEqual(['storm creation', 'storm generation hex']);
    const next = new ScriptedDice([2, 6]);
    s.turn++;
    weatherSegment(s, next);
    expect(next.log.map((r) => r.label)).toEqual([`storm ${s.storms[0].id} movement`, 'storm creation']);
  });

  it('15.0: without the weather option the weather step does nothing', () => {
    const s = stateAt({ turn: 5, segment: 'WEATHER' });
    expect(weatherSegment(s, new ScriptedDice([]))).toEqual([]);
  });
});

describe('15.5 Arctic Cold Fronts', () => {
  const gen1 = () => stormGenHex(1); // arrow S
  it('15.8 ARCTIC COLD FRONT TABLE: 1-2 to hex A, 3-4 stays, 5-6 to hex B (the two hexes ahead along the arrow)', () => {
    const [a, b] = forwardPair(gen1().hex, 'S');
    for (const [die, want] of [
      [1, a],
      [2, a],
      [3, gen1().hex],
      [4, gen1().hex],
      [5, b],
      [6, b],
    ] as const) {
      const s = weatherState();
      s.storms = [storm({ kind: 'ACF', hex: gen1().hex, intensity: 2, genHex: 1 })];
      moveStorms(s, new ScriptedDice([die]));
      expect(s.storms[0].hex, `die ${die}`).toBe(want);
      expect(s.storms[0].intensity).toBe(2); // 15.53 never changes
    }
  });

  it("15.3: the base direction of the generation hex is kept for the storm's life (#6 blows north)", () => {
    const s = weatherState();
    const h = stormGenHex(6).hex;
    s.storms = [storm({ kind: 'ACF', hex: h, intensity: 1, genHex: 6 })];
    moveStorms(s, new ScriptedDice([1]));
    expect(s.storms[0].hex).toBe(forwardPair(h, 'N')[0]);
  });

  it('15.52: an ACF reaching a hex adjacent to the Equator is removed', () => {
    const s = weatherState();
    const start = mapData.hexes.find((h) => h.row === 8 && h.col !== null)!.id;
    s.storms = [storm({ kind: 'ACF', hex: start, intensity: 3, genHex: 1 })];
    const ev = moveStorms(s, new ScriptedDice([5]));
    expect(rowsFromEquator(forwardPair(start, 'S')[1]!)).toBe(1);
    expect(s.storms).toEqual([]);
    expect(ev.at(-1)).toMatchObject({ type: 'storm.removed', data: { rule: '15.52' } });
  });

  it('15.74: two ACF markers in one hex merge, intensities added up to 3; the other marker returns to the pool', () => {
    const s = weatherState();
    const h = '0615';
    const [a] = forwardPair(h, 'S');
    s.storms = [
      storm({ id: 'a', kind: 'ACF', hex: a!, intensity: 2, genHex: 1 }),
      storm({ id: 'b', kind: 'ACF', hex: h, intensity: 2, genHex: 1 }),
    ];
    const ev = moveStorms(s, new ScriptedDice([3, 1])); // a stays, b moves onto a
    expect(s.storms).toEqual([expect.objectContaining({ id: 'a', hex: a, intensity: 3 })]);
    expect(ev.at(-1)).toMatchObject({ type: 'storm.merged', data: { absorbed: 'b', rule: '15.74' } });
  });
});

describe('15.6 Tropical Storms', () => {
  it('15.8 TROPICAL STORM TABLE: 1 W, 2-3 X, 4-5 Y, 6 Z; only 3 and 4 change the intensity', () => {
    const h = '1015';
    const s = weatherState();
    const ts = storm({ kind: 'TS', hex: h, intensity: 2, genHex: 3 }); // arrow N
    const [x, y] = forwardPair(h, 'N');
    const want = [step(h, 'W'), x, x, y, y, step(h, 'E')];
    for (let die = 1; die <= 6; die++) {
      expect(stormMoveTarget(s, ts, die)).toMatchObject({ to: want[die - 1], intensityChange: die === 3 || die === 4 });
    }
    const quick = weatherState({ tsIntensityRolls: 'quick-reference' });
    expect(stormMoveTarget(quick, ts, 3).intensityChange).toBe(false);
  });

  it('15.8*: over a Mountain hex the TS drops two levels (and at 0 it is removed, 15.63)', () => {
    const start = tsStartWithXTarget((id) => hexById.get(id)!.terrain === 'MOUNTAIN');
    expect(tsIntensityDelta(forwardPair(start, 'N')[0]!)).toBe(-2);
    const s = weatherState();
    s.storms = [storm({ kind: 'TS', hex: start, intensity: 3, genHex: 3 })];
    moveStorms(s, new ScriptedDice([3]));
    expect(s.storms[0]).toMatchObject({ hex: forwardPair(start, 'N')[0], intensity: 1 });
    s.storms[0].intensity = 2;
    s.storms[0].hex = start;
    const ev = moveStorms(s, new ScriptedDice([3]));
    expect(s.storms).toEqual([]);
    expect(ev.at(-1)).toMatchObject({ type: 'storm.removed', data: { rule: '15.63' } });
  });

  it('15.8*: over land of a named continent the TS drops one level; over Water or an Island it gains one, never above 3 (15.11)', () => {
    const land = tsStartWithXTarget(
      (id) => hexById.get(id)!.terrain === 'CLEAR' && !['ISLAND', null].includes(hexById.get(id)!.continent),
    );
    const water = tsStartWithXTarget((id) => hexById.get(id)!.terrain === 'ALL_WATER');
    const island = mapData.hexes.find((h) => h.continent === 'ISLAND' && h.terrain !== 'MOUNTAIN')!.id;
    expect(tsIntensityDelta(island)).toBe(1);
    const run = (hex: string, intensity: number) => {
      const s = weatherState();
      s.storms = [storm({ kind: 'TS', hex, intensity, genHex: 3 })];
      moveStorms(s, new ScriptedDice([3]));
      return s.storms[0]?.intensity;
    };
    expect(run(land, 2)).toBe(1);
    expect(run(water, 1)).toBe(2);
    expect(run(water, 3)).toBe(3);
  });

  it('15.63: a TS entering a hex more than 5 hexes from the Equator is removed', () => {
    const start = mapData.hexes.find((h) => h.row === 5 && h.col !== null)!.id; // 5 rows north of row 10
    const s = weatherState();
    s.storms = [storm({ kind: 'TS', hex: start, intensity: 1, genHex: 3 })];
    moveStorms(s, new ScriptedDice([2]));
    expect(s.storms).toEqual([]);
  });
});

describe('15.7 effects of storms', () => {
  it('T14 (15.7): a 3-1 attack on a unit in a storm hex is resolved on 4-1', () => {
    const s = weatherState();
    s.turn = 6;
    s.storms = [storm({ kind: 'TS', hex: '1015', intensity: 1, genHex: 3 })];
    const i = stormIntensityAt(s);
    const target = step('1015', 'E')!;
    expect(i(target)).toBe(1);
    expect(combatOdds(6, 2).column).toBe('3-1');
    expect(combatOdds(6, 2, combatShifts(s, 'HUMAN', target, i)).column).toBe('4-1');
  });

  it('15.72: the assembled handlers read the storms in the state (SF segment and weather step wired)', () => {
    expect(SEGMENT_HANDLERS.WEATHER).toBeTypeOf('function');
    expect(UNWIRED_SEGMENTS).not.toContain('WEATHER');
    expect(cerberus.options?.some((o) => o.id === 'weather')).toBe(true);
    const s = weatherState();
    const ev = SEGMENT_HANDLERS.WEATHER!(s, { dice: new ScriptedDice([1, 5]), orders: {} });
    expect(ev[0]).toMatchObject({ type: 'storm.created' });
  });
});

describe('15 weather properties', () => {
  const run = (seed: string, season: string) => {
    const s = weatherState({ season }, 1);
    const snapshots: string[] = [];
    for (let turn = 1; turn <= 80; turn++) {
      s.turn = turn;
      weatherSegment(s, new SeededDice({ seed, gameId: 'weather', step: turn }));
      snapshots.push(JSON.stringify(s.storms));
      expect(s.storms.length).toBeLessThanOrEqual(5); // 15.2
      for (const st of s.storms) {
        expect(hexById.has(st.hex), st.hex).toBe(true); // never off the map
        expect(st.intensity).toBeGreaterThanOrEqual(1); // 15.11
        expect(st.intensity).toBeLessThanOrEqual(3);
        if (st.kind === 'TS')
          expect(rowsFromEquator(st.hex)).toBeLessThanOrEqual(5); // 15.63
        else expect(rowsFromEquator(st.hex)).toBeGreaterThan(1); // 15.52
      }
      const i = stormIntensityAt(s);
      const bad = mapData.hexes.filter((h) => !(i(h.id) >= 0 && i(h.id) <= 3)); // 15.73
      expect(bad).toEqual([]);
    }
    return snapshots;
  };
  it('15.2, 15.11, 15.52, 15.63, 15.73: storms stay on the map, intensities in 1..3; the same seed gives the same weather', () => {
    let created = 0;
    for (const [k, seed] of ['a', 'b', 'c', 'd', 'e', 'f'].entries()) {
      const season = ['SPRING', 'SUMMER', 'FALL', 'WINTER'][k % 4];
      const one = run(seed, season);
      expect(run(seed, season)).toEqual(one);
      created += new Set(one.flatMap((x) => (JSON.parse(x) as Storm[]).map((st) => st.id))).size;
    }
    expect(created).toBeGreaterThan(10);
  });
});

describe('15.8 option tsPartialWaterHex', () => {
  it('15.8, 9.23: a Partial Water hex of a named continent is land (-1) by default, Water (+1) with the option', () => {
    const pw = mapData.hexes.find((h) => h.partialWater && h.terrain === 'CLEAR' && h.continent !== 'ISLAND')!.id;
    expect(tsIntensityDelta(pw)).toBe(-1);
    expect(tsIntensityDelta(pw, 'water')).toBe(1);
  });
});

describe('15 weather in a whole game', () => {
  it('15.3, 15.91: with the weather option a bot-vs-bot game runs the weather step each turn and storms appear', async () => {
    const { seededDice } = await import('#engine/dice.js');
    const { owedAt } = await import('./sequence.js');
    let state = cerberus.setup('campaign', { weather: true, season: 'WINTER' }, seededDice('wx', 0)) as CerberusState;
    const types = new Map<string, number>();
    for (let step = 1; step < 400 && !cerberus.outcome(state); step++) {
      const orders: Record<string, Json> = {};
      for (const owed of owedAt(state))
        orders[owed.side] = cerberus.bot(state, owed.side, seededDice(`wx|bot|${owed.side}`, step));
      const r = cerberus.resolve(state, orders, seededDice('wx', step));
      state = JSON.parse(JSON.stringify(r.state)) as CerberusState;
      for (const e of r.events) types.set(e.type, (types.get(e.type) ?? 0) + 1);
    }
    expect(cerberus.outcome(state)).toBeTruthy();
    expect(types.get('storm.created') ?? 0).toBeGreaterThan(0);
    expect((types.get('storm.moved') ?? 0) + (types.get('storm.none') ?? 0)).toBeGreaterThanOrEqual(12);
  }, 120_000);
});

describe('15.72 SF and storms in the assembled module', () => {
  it('15.72: the SF segment refuses a disruption into an Intensity-3 hex of the storms in the state', async () => {
    const { sfTeam, unit } = await import('./testing.js');
    const { SpecialForcesPlanSchema } = await import('./orders.js');
    const run = (withStorm: boolean) => {
      const base = unit('CETIAN', 'BASE', '1109', { id: 'C:B1' });
      const s = stateAt({ turn: 5, segment: 'SPECIAL_FORCES', phasing: 'HUMAN', options: { weather: true } }, [
        base,
        ...sfTeam('HUMAN', 4),
      ]);
      s.phaseScratch = null;
      if (withStorm) s.storms = [storm({ kind: 'TS', hex: step('1109', 'E')!, intensity: 3, genHex: 3 })];
      expect(stormIntensityAt(s)('1109')).toBe(withStorm ? 3 : 0);
      const specialForces = SpecialForcesPlanSchema.parse({
        disrupt: [{ targetId: 'C:B1', sfIds: ['H:SF1', 'H:SF2'] }],
      });
      s.plan = { side: 'HUMAN', through: 'SPECIAL_FORCES', order: { specialForces } } as never;
      const ev = SEGMENT_HANDLERS.SPECIAL_FORCES!(s, { dice: new ScriptedDice([1, 1, 1, 1, 1, 1]), orders: {} });
      return ev.map((e) => e.type);
    };
    expect(run(false)).toContain('sf.disruption');
    expect(run(true)).toEqual(['sf.mission-skipped']);
  });
});
