import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '#engine/dice.js';
import { sectorId } from './data/build-space.js';
import { canMove, carrierCapacity, fighterSurplus } from './fighters.js';
import { buildState, sector, statsIn } from './testing.js';
import {
  advanceTrack,
  applyReaction,
  enterTSpace,
  exitErrors,
  placeArrival,
  reactionErrors,
  rollArrivals,
  travelTimeModifier,
  tSpaceSignal,
} from './tspace.js';

const KU = sectorId(3, 4);
const NM = sectorId(4, 9);

describe('fighter transport (L1310-1338)', () => {
  it('T-S01: D Sqn (4) + P Sqn (5) carry 9; a TOG FGV adds 15 → 24 (L1322-1324)', () => {
    const s = buildState([
      {
        id: 't',
        side: 'TOG',
        place: { kind: 'OFFSYSTEM' },
        units: [
          ['tog-D', 1],
          ['tog-P', 1, { overrides: { carry: 5 } }],
        ],
      },
    ]);
    expect(carrierCapacity(statsIn(s, 't'))).toBe(9);
    const s2 = buildState([
      {
        id: 't',
        side: 'TOG',
        place: { kind: 'OFFSYSTEM' },
        units: [
          ['tog-D', 1],
          ['tog-P', 1, { overrides: { carry: 5 } }],
          ['tog-FGV', 1],
        ],
      },
    ]);
    expect(carrierCapacity(statsIn(s2, 't'))).toBe(24);
  });

  it('T-S02: BB (6) + P (4) with 2 independent and 11 normal squadrons cannot move until one is destroyed (L1338)', () => {
    const spec = (n: number) =>
      buildState([
        {
          id: 't',
          side: 'TOG',
          place: { kind: 'OFFSYSTEM' },
          units: [
            ['tog-BB', 1],
            ['tog-P', 1],
            ['tog-FM1', 2, { independent: true }],
            ['tog-FH1', n],
          ],
        },
      ]);
    expect(carrierCapacity(statsIn(spec(11), 't'))).toBe(10);
    expect(fighterSurplus(statsIn(spec(11), 't'))).toBe(1);
    expect(canMove(statsIn(spec(11), 't'))).toBe(false);
    expect(canMove(statsIn(spec(10), 't'))).toBe(true);
  });

  it('transports carry SP, not fighters (L1094)', () => {
    const s = buildState([
      {
        id: 't',
        side: 'TOG',
        place: { kind: 'OFFSYSTEM' },
        units: [
          ['tog-TRM', 1],
          ['tog-FM1', 1],
        ],
      },
    ]);
    expect(canMove(statsIn(s, 't'))).toBe(false);
  });
});

describe('T-space movement and detection (L1340-1403)', () => {
  it('T-S04: the travel-time table (L1374-1381)', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 20].map(travelTimeModifier)).toEqual([
      3, 3, 2, 2, 1, 1, 0, 0, -1, -1, -2, -2, -3, -3,
    ]);
    expect(() => travelTimeModifier(-1)).toThrow();
  });

  it('T-S03: independent 0 + P 1 + D 2 + modifier +1 after 5 turns = 4; carried fighters excluded (L1393)', () => {
    const s = buildState([
      {
        id: 't',
        side: 'TOG',
        place: { kind: 'TSPACE', turns: 5 },
        units: [
          ['tog-FM1', 1, { independent: true }],
          ['tog-P', 1],
          ['tog-D', 1],
          ['tog-FH1', 4, { overrides: { sig: 1 } }],
        ],
      },
    ]);
    expect(tSpaceSignal(statsIn(s, 't'), 5)).toEqual({ sig: 3, modifier: 1, total: 4 });
    // detected on 1-4: a 4 detects, a 5 does not
    expect(rollArrivals(s, new ScriptedDice([4]), ['t'])[0]).toMatchObject({
      total: 4,
      modifier: 1,
      roll: 4,
      detected: true,
    });
    expect(rollArrivals(s, new ScriptedDice([5]), ['t'])[0].detected).toBe(false);
  });

  it('a 1 always detects and a 10 never does (L1391)', () => {
    const quiet = buildState([
      { id: 't', side: 'TOG', place: { kind: 'TSPACE', turns: 14 }, units: [['tog-FM1', 1, { independent: true }]] },
    ]);
    expect(rollArrivals(quiet, new ScriptedDice([1]), ['t'])[0]).toMatchObject({ total: -3, detected: true });
    const loud = buildState([{ id: 't', side: 'TOG', place: { kind: 'TSPACE', turns: 0 }, units: [['tog-BB', 3]] }]);
    expect(rollArrivals(loud, new ScriptedDice([10]), ['t'])[0]).toMatchObject({ total: 15, detected: false });
  });

  it('advance, enter at space 0 (needs a mission and carrier room), exit and place in any sector', () => {
    const s = buildState([
      { id: 'a', side: 'TOG', place: { kind: 'OFFSYSTEM' }, units: [['tog-D', 1]], mission: 'ATTACK' },
      { id: 'b', side: 'TOG', place: { kind: 'OFFSYSTEM' }, units: [['tog-D', 1]] },
      {
        id: 'c',
        side: 'TOG',
        place: { kind: 'OFFSYSTEM' },
        units: [
          ['tog-D', 1],
          ['tog-FM1', 5],
        ],
        mission: 'ATTACK',
      },
      { id: 'd', side: 'TOG', place: { kind: 'TSPACE', turns: 2 }, units: [['tog-P', 1]], mission: 'ATTACK' },
    ]);
    expect(enterTSpace(s, 'TOG', ['b']).map((e) => e.code)).toEqual(['NO_MISSION']);
    expect(enterTSpace(s, 'TOG', ['c']).map((e) => [e.code, e.rule])).toEqual([['FIGHTERS_OVER_CAPACITY', 'L1326']]);
    expect(enterTSpace(s, 'CW', ['a']).map((e) => e.code)).toEqual(['UNKNOWN_TF']);
    advanceTrack(s, 'TOG');
    expect(s.tfs.d.place).toEqual({ kind: 'TSPACE', turns: 3 });
    expect(enterTSpace(s, 'TOG', ['a'])).toEqual([]);
    expect(s.tfs.a.place).toEqual({ kind: 'TSPACE', turns: 0 });
    expect(exitErrors(s, 'TOG', ['a', 'b']).map((e) => e.code)).toEqual(['NOT_IN_TSPACE']);
    expect(placeArrival(s, 'a', 'nowhere')?.code).toBe('NO_SUCH_SECTOR');
    expect(placeArrival(s, 'a', sectorId(6, 7))).toBeNull();
    expect(s.tfs.a).toMatchObject({ place: { kind: 'SECTOR', sector: sectorId(6, 7) }, arrivedThisTurn: true });
  });

  it('T-S05: Renegade reacts to a detected arrival at New Mandella by moving CA + D + 5 fighters from Ku Crassus (L1403)', () => {
    const s = buildState([
      {
        id: 'ku',
        side: 'CW',
        place: sector(KU),
        units: [
          ['cw-CA', 1],
          ['cw-D', 1],
          ['cw-FL1', 5],
          ['cw-FM1', 2],
        ],
        mission: 'SECTOR_DEFENCE',
      },
      { id: 'nm', side: 'CW', place: sector(NM), units: [['cw-CA', 1]], mission: 'SECTOR_DEFENCE' },
      { id: 'trav', side: 'CW', place: sector(sectorId(6, 7)), units: [['cw-P', 1]], mission: 'ATTACK' },
    ]);
    const moved = [
      'ku-cw-CA-1',
      'ku-cw-D-1',
      'ku-cw-FL1-1',
      'ku-cw-FL1-2',
      'ku-cw-FL1-3',
      'ku-cw-FL1-4',
      'ku-cw-FL1-5',
    ];
    // CA carries 2 + D carries 4 = 6 ≥ 5 fighters
    expect(reactionErrors(s, 'CW', [{ units: moved, from: 'ku', to: 'nm', segment: 7 }])).toEqual([]);
    // fighters without enough ships are refused (L1399)
    expect(
      reactionErrors(s, 'CW', [{ units: moved.slice(2), from: 'ku', to: 'nm', segment: 1 }]).map((e) => e.rule),
    ).toEqual(['L1336, L1399']);
    // only between SD TFs, only to real segments
    expect(
      reactionErrors(s, 'CW', [{ units: ['trav-cw-P-1'], from: 'trav', to: 'nm', segment: 1 }]).map((e) => e.code),
    ).toEqual(['REACTION_NOT_SD']);
    expect(
      reactionErrors(s, 'CW', [{ units: ['ku-cw-CA-1'], from: 'ku', to: 'nm', segment: 11 }]).map((e) => e.code),
    ).toEqual(['NO_SUCH_SEGMENT']);
    applyReaction(s, [{ units: moved, from: 'ku', to: 'nm', segment: 7 }]);
    expect(s.tfs.nm.units).toHaveLength(8);
    expect(s.tfs.nm.sdAllocation?.[7]).toEqual(moved);
    expect(s.units['ku-cw-CA-1'].tf).toBe('nm');
  });
});
