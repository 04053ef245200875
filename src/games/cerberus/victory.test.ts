import { describe, expect, it } from 'vitest';
import { unitFromCounter } from './counters.js';
import { destroyUnit, type CerberusState, type Side, type Unit } from './state.js';
import { stateAt, unit } from './testing.js';
import {
  cerberusVictoryMap,
  destroyedValue,
  endOfGameVictory,
  garrisonCombination,
  garrisonCount,
  minimumGarrisonCheck,
  victoryLevel,
  victoryPoints,
  type VictoryMap,
} from './victory.js';
import { ruleOptions } from './options-rules.js';

/** A toy map: hexes 01xx are ALPHA, 02xx BETA, others no continent; hexes ending in 5 are Resource hexes. */
const toyMap: VictoryMap = {
  continentOf: (h) => (h.startsWith('01') ? 'ALPHA' : h.startsWith('02') ? 'BETA' : null),
  isResource: (h) => h.endsWith('5'),
};

function garrison(side: Side, sp: number, bases: number, bns: number, hex = '1010'): Unit[] {
  return [
    ...Array.from({ length: sp }, () => unit(side, 'SPACEPORT', hex)),
    ...Array.from({ length: bases }, () => unit(side, 'BASE', hex)),
    ...Array.from({ length: bns }, (_, i) => unit(side, i % 2 ? 'MOBILE' : 'INFANTRY', hex)),
  ];
}

describe('14.4 Minimum Garrison', () => {
  it('14.4: combinations A-E', () => {
    expect(garrisonCombination({ spaceports: 1, bases: 1, battalions: 3 })).toBe('A');
    expect(garrisonCombination({ spaceports: 1, bases: 0, battalions: 5 })).toBe('B');
    expect(garrisonCombination({ spaceports: 0, bases: 2, battalions: 4 })).toBe('C');
    expect(garrisonCombination({ spaceports: 0, bases: 1, battalions: 6 })).toBe('D');
    expect(garrisonCombination({ spaceports: 0, bases: 0, battalions: 8 })).toBe('E');
    expect(garrisonCombination({ spaceports: 1, bases: 0, battalions: 4 })).toBeNull();
    expect(garrisonCombination({ spaceports: 0, bases: 3, battalions: 3 })).toBeNull();
    expect(garrisonCombination({ spaceports: 0, bases: 0, battalions: 7 })).toBeNull();
  });
  it('G7 (option garrisonSpaceportCountsAsBase): a second Spaceport may stand in for a Base', () => {
    expect(garrisonCombination({ spaceports: 2, bases: 0, battalions: 4 })).toBeNull();
    expect(garrisonCombination({ spaceports: 2, bases: 0, battalions: 4 }, true)).toBe('A'); // the second Spaceport is A's Base
  });
  it('G7: only map units count; Heavy Weapons and Transports are not battalions; a reduced Spaceport counts as a Base', () => {
    const units = [
      ...garrison('HUMAN', 0, 0, 3),
      unit('HUMAN', 'HEAVY_WEAPONS', '1010'),
      unit('HUMAN', 'TRANSPORT', '1010'),
      unit('HUMAN', 'INFANTRY', null, { box: 'FLEET' }),
      unit('HUMAN', 'SPACEPORT', '1011', { reduced: true }),
      unit('HUMAN', 'INFANTRY', '1012', { sub: 'PARATROOP', outOfSupply: true }),
    ];
    expect(garrisonCount(stateAt({}, units), 'HUMAN')).toEqual({ spaceports: 0, bases: 1, battalions: 4 });
  });
  it('14.4: not enforced before the end of turn 4; then a player below it loses at once', () => {
    const s = stateAt({ turn: 4 }, [...garrison('HUMAN', 1, 1, 3), ...garrison('CETIAN', 0, 0, 7)]);
    expect(minimumGarrisonCheck(s, 'continuous')).toEqual([]);
    expect(s.result).toBeNull();
    const ev = minimumGarrisonCheck(s, 'end-of-turn');
    expect(ev[0]).toMatchObject({ type: 'garrison.failed', data: { loser: 'CETIAN' } });
    expect(s.result).toMatchObject({ winner: 'HUMAN', level: 'MINIMUM_GARRISON', reason: 'GARRISON' });
  });
  it('14.4: both below when it is first enforced (end of turn 4): suspended until the end of turn 6', () => {
    const s = stateAt({ turn: 4 }, [...garrison('HUMAN', 0, 0, 2), ...garrison('CETIAN', 0, 0, 2)]);
    minimumGarrisonCheck(s, 'end-of-turn');
    expect(s.garrison.suspendedUntil).toBe(6);
    s.turn = 6;
    expect(minimumGarrisonCheck(s, 'continuous')).toEqual([]);
    s.units.push(...garrison('HUMAN', 0, 0, 6));
    minimumGarrisonCheck(s, 'end-of-turn');
    expect(s.result).toMatchObject({ winner: 'HUMAN' });
  });
  it('T31 14.4: both fall below in the Cetian combat of turn 14: the rule is suspended until the end of turn 16', () => {
    const s = stateAt({ turn: 14, options: { extended: true } }, [
      ...garrison('HUMAN', 0, 0, 8),
      ...garrison('CETIAN', 0, 0, 8),
    ]);
    expect(minimumGarrisonCheck(s, 'continuous')).toEqual([]);
    // One combat eliminates one battalion of each side.
    destroyUnit(
      s.units.find((u) => u.side === 'HUMAN' && u.box === 'MAP')!,
      14,
      'combat',
    );
    destroyUnit(
      s.units.find((u) => u.side === 'CETIAN' && u.box === 'MAP')!,
      14,
      'combat',
    );
    expect(minimumGarrisonCheck(s, 'continuous')[0]).toMatchObject({ type: 'garrison.suspended', data: { until: 16 } });
    for (const [turn, at] of [
      [14, 'end-of-turn'],
      [15, 'continuous'],
      [15, 'end-of-turn'],
      [16, 'continuous'],
    ] as const) {
      s.turn = turn;
      expect(minimumGarrisonCheck(s, at)).toEqual([]);
    }
    s.turn = 16;
    minimumGarrisonCheck(s, 'end-of-turn');
    expect(s.garrison.suspendedUntil).toBe(18); // still both below: suspended again
    expect(s.result).toBeNull();
  });
});

describe('14.5 victory points', () => {
  const opts = ruleOptions({});
  it('14.5: points for enemy units destroyed', () => {
    const v = (cls: Unit['cls'], sub: Unit['sub'] = 'REGULAR') =>
      destroyedValue(unit('CETIAN', cls, null, { sub }), opts);
    expect(v('MOBILE', 'GUARDS')).toBe(4);
    expect(v('INFANTRY', 'PARATROOP')).toBe(4);
    expect(v('INFANTRY', 'GUARDS')).toBe(4);
    expect([
      v('MOBILE'),
      v('INFANTRY'),
      v('HEAVY_WEAPONS'),
      v('MOBILE', 'STORM'),
      v('INFANTRY', 'PROVISIONAL'),
    ]).toEqual([3, 3, 3, 3, 3]);
    expect([v('TRANSPORT'), v('BASE'), v('SPACEPORT'), v('EFIELD'), v('SF')]).toEqual([1, 5, 10, 2, 0]);
    expect(v('HEAVY_WEAPONS', 'GUARDS')).toBe(3); // G27 option guardsHeavyWeaponsVp
    expect(
      destroyedValue(
        unit('CETIAN', 'HEAVY_WEAPONS', null, { sub: 'GUARDS' }),
        ruleOptions({ guardsHeavyWeaponsVp: 4 }),
      ),
    ).toBe(4);
  });
  it('14.5: points for own units remaining on the map, continents held and Resource hexes occupied', () => {
    const s = stateAt({ turn: 12 }, [
      unit('HUMAN', 'SPACEPORT', '0105'), // ALPHA, resource with installation: 2
      unit('HUMAN', 'MOBILE', '0101'),
      unit('HUMAN', 'TRANSPORT', '0101'), // 0 remaining
      unit('HUMAN', 'INFANTRY', '0201'), // BETA contested
      unit('CETIAN', 'MOBILE', '0202'),
      unit('CETIAN', 'BASE', '0305'), // resource with a Base, no continent
      unit('HUMAN', 'INFANTRY', '0315'), // resource, occupied: 1
      unit('CETIAN', 'INFANTRY', '0325'), // contested resource
      unit('HUMAN', 'INFANTRY', '0325'),
    ]);
    const vp = victoryPoints(s, toyMap);
    expect(vp.HUMAN).toMatchObject({
      remaining: 3 + 1 + 1 + 1 + 1,
      continents: 25,
      continentsHeld: ['ALPHA'],
      resources: 2 + 1,
      destroyed: 0,
    });
    expect(vp.CETIAN).toMatchObject({ remaining: 1 + 2 + 1, continents: 0, resources: 2 });
  });
  it('14.5 (default, as written): a destroyed Spaceport scores 10, reduced first or not; a reduced one scores nothing before and counts as a Base for its owner', () => {
    const units = [unit('CETIAN', 'SPACEPORT', '1010', { reduced: true }), unit('HUMAN', 'MOBILE', '1111')];
    const s = stateAt({}, units);
    expect(victoryPoints(s, toyMap).HUMAN.destroyed).toBe(0);
    expect(victoryPoints(s, toyMap).CETIAN.remaining).toBe(2);
    destroyUnit(units[0], 5, 'combat');
    expect(victoryPoints(s, toyMap).HUMAN.destroyed).toBe(10);
  });
  it('14.5, G9 (option reducedSpaceportVp = split): a reduced Spaceport scores half for the enemy at once, the other half when destroyed', () => {
    const units = [unit('CETIAN', 'SPACEPORT', '1010', { reduced: true }), unit('HUMAN', 'MOBILE', '1111')];
    const s = stateAt({ options: { reducedSpaceportVp: 'split' } }, units);
    expect(victoryPoints(s, toyMap).HUMAN.destroyed).toBe(5);
    destroyUnit(units[0], 5, 'combat');
    expect(victoryPoints(s, toyMap).HUMAN.destroyed).toBe(10);
  });
  it('12.13, G27 (option supplyEliminationScoresVp): units lost for lack of supply count as destroyed', () => {
    const dead = unit('CETIAN', 'INFANTRY', '0210');
    destroyUnit(dead, 6, 'supply');
    const s = stateAt({}, [dead]);
    expect(victoryPoints(s, toyMap).HUMAN.destroyed).toBe(3);
    s.options = { supplyEliminationScoresVp: false };
    expect(victoryPoints(s, toyMap).HUMAN.destroyed).toBe(0);
  });
  it('14.5: the real map knows Resource hex #7 (8.42 example: 1109) and the continents', () => {
    expect(cerberusVictoryMap.isResource('1109')).toBe(true);
    const s = stateAt({}, [unitFromCounter('C:B1', 'MAP')]);
    s.units[0].hex = '1109';
    expect(victoryPoints(s, cerberusVictoryMap).CETIAN.resources).toBe(2);
  });
});

describe('14.5 levels of victory', () => {
  it('14.5: the ratio bands, closed as in digest §1.4', () => {
    const cases: [number, number, string][] = [
      [400, 100, 'HUMAN_DECISIVE'],
      [399, 100, 'HUMAN_SUBSTANTIVE'],
      [300, 100, 'HUMAN_SUBSTANTIVE'],
      [299, 100, 'HUMAN_MARGINAL'],
      [200, 100, 'HUMAN_MARGINAL'],
      [199, 100, 'DRAW'],
      [100, 100, 'DRAW'],
      [100, 101, 'CETIAN_SUBSTANTIVE'],
      [99.5, 100, 'CETIAN_SUBSTANTIVE'], // the printed gap between 1:1.01 and 1:1
      [50, 100, 'CETIAN_SUBSTANTIVE'],
      [49, 100, 'CETIAN_DECISIVE'],
      [0, 100, 'CETIAN_DECISIVE'],
    ];
    for (const [h, c, level] of cases) expect(victoryLevel(h, c).level, `${h}:${c}`).toBe(level);
    expect(victoryLevel(150, 100).winner).toBeNull();
  });
  it('G28: with no Cetian points the Human wins decisively, unless neither scored (a draw)', () => {
    expect(victoryLevel(10, 0)).toEqual({ level: 'HUMAN_DECISIVE', winner: 'HUMAN' });
    expect(victoryLevel(0, 0)).toEqual({ level: 'DRAW', winner: null });
  });
  it('14.3, 14.5: points decide at the end of turn 12 only, and not in the extended game', () => {
    const build = (turn: number, extended = false): CerberusState => {
      const s = stateAt({ turn, options: { extended } }, [
        unit('HUMAN', 'MOBILE', '0101'),
        unit('CETIAN', 'MOBILE', '0201'),
      ]);
      s.lastTurn = extended ? null : 12;
      return s;
    };
    expect(endOfGameVictory(build(11), toyMap)).toEqual([]);
    expect(endOfGameVictory(build(12, true), toyMap)).toEqual([]);
    const s = build(12);
    const ev = endOfGameVictory(s, toyMap);
    expect(s.result).toMatchObject({ reason: 'POINTS', vp: { HUMAN: 26, CETIAN: 21 }, level: 'DRAW' });
    expect(ev[0].type).toBe('game.victory');
  });
});
