import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ScriptedDice } from '#engine/dice.js';
import { attemptDetection, detectionTarget, esmAllowed, maxEsm, sigTotal } from './detection.js';
import { useRulesData } from './rules-data.js';
import { hx, makeTestState, useFixtureMap } from './testing.js';
import type { TestTf } from './testing.js';

beforeEach(() => {
  useFixtureMap({ terrain: { [hx(5, 5)]: ['clear', 'forest'] }, urban: { city: [hx(2, 2)] } });
});
afterEach(() => useRulesData(null));

const tog = (extra: string[] = []): TestTf => ({
  id: 'tog',
  side: 'TOG',
  hex: hx(4, 4),
  units: ['tog-light-cohort', 'tog-medium-cohort', ...extra],
});
const cw = (extra: string[] = [], hex = hx(4, 5)): TestTf => ({
  id: 'cw',
  side: 'CW',
  hex,
  units: ['cw-heavy-cohort', 'cw-light-cohort', ...extra],
});

describe('T-P05 (L505): ESM 3 + 2 against Sig 3 + 1', () => {
  it('max ESM 5, announce 1..5, target 9: a 9 detects, a 10 fails', () => {
    const s = makeTestState({ tfs: [tog(), cw()] });
    expect(maxEsm(s, 'tog')).toBe(5);
    expect(sigTotal(s, 'cw')).toBe(4);
    expect([0, 1, 5, 6, 2.5].map((e) => esmAllowed(s, 'tog', e))).toEqual([false, true, true, false, false]); // D-18
    expect(detectionTarget(s, 5, 'cw')).toBe(9);
    attemptDetection(s, new ScriptedDice([9]), { phase: 'COMBAT', detector: 'tog', target: 'cw', esm: 5 });
    expect(s.tfs.cw.detected).toBe(true);
    const s2 = makeTestState({ tfs: [tog(), cw()] });
    attemptDetection(s2, new ScriptedDice([10]), { phase: 'COMBAT', detector: 'tog', target: 'cw', esm: 5 });
    expect(s2.tfs.cw.detected).toBe(false);
    expect(s2.detections[0]).toMatchObject({ targetNumber: 9, roll: 10, success: false, announcedEsm: 5 });
  });
});

describe('T-P06 (L527-537): Signals Centuries, not cumulative (L525)', () => {
  it('both 9, only TOG 12, only CW 6; two Signals count as one', () => {
    const target = (togSig: number, cwSig: number) => {
      const s = makeTestState({
        tfs: [tog(Array(togSig).fill('signals-century')), cw(Array(cwSig).fill('signals-century'))],
      });
      return detectionTarget(s, maxEsm(s, 'tog'), 'cw');
    };
    expect(target(1, 1)).toBe(9);
    expect(target(1, 0)).toBe(12);
    expect(target(0, 1)).toBe(6);
    expect(target(2, 2)).toBe(9);
    const s = makeTestState({ tfs: [tog(['signals-century', 'signals-century']), cw(['signals-century'])] });
    expect([maxEsm(s, 'tog'), sigTotal(s, 'cw')]).toEqual([8, 1]);
  });
  it('L223: a target of 12 still fails on a 10; a target ≤ 0 still succeeds on a 1', () => {
    const s = makeTestState({ tfs: [tog(['signals-century']), cw()] });
    attemptDetection(s, new ScriptedDice([10]), { phase: 'COMBAT', detector: 'tog', target: 'cw', esm: 8 });
    expect(s.detections[0]).toMatchObject({ targetNumber: 12, success: false });
    const t = makeTestState({
      options: { baseDetectionSign: -1 },
      tfs: [tog(), cw(['signals-century'], hx(2, 2))],
      bases: [{ id: 'b', side: 'CW', type: 'GL3', hex: hx(2, 2) }],
    });
    t.tfs.tog.hex = hx(2, 3);
    // 1 + 1 − 2 (urban) − 3 (GL3 Value, D-04) = −3: only a 1 detects
    expect(detectionTarget(t, 1, 'cw')).toBe(-3);
    attemptDetection(t, new ScriptedDice([1]), { phase: 'COMBAT', detector: 'tog', target: 'cw', esm: 1 });
    expect(t.tfs.cw.detected).toBe(true);
  });
});

describe('terrain and bases (L511-519, D-04, D-20)', () => {
  it('one terrain modifier, chosen by the detected player; default = the type with the highest DF; base sign option', () => {
    const s = makeTestState({ tfs: [tog(), cw([], hx(5, 5))] });
    expect(detectionTarget(s, 5, 'cw')).toBe(9 - 1); // forest −1 (highest DF 2), not clear 0 and not both
    s.tfs.cw.terrainChoice = { [hx(5, 5)]: 'clear' };
    expect(detectionTarget(s, 5, 'cw')).toBe(9);
    const b = makeTestState({
      options: { baseDetectionSign: 1 },
      tfs: [tog(), cw()],
      bases: [{ id: 'b', side: 'CW', type: 'GL2', hex: hx(4, 5) }],
    });
    expect(detectionTarget(b, 5, 'cw')).toBe(11); // literal +Value reading
  });

  it('D-19 STRICT: the public event has the announced ESM and the outcome only; the target owner sees roll and number', () => {
    const s = makeTestState({ options: { revealMode: 'STRICT' }, tfs: [tog(), cw()] });
    const ev = attemptDetection(s, new ScriptedDice([4]), { phase: 'MOVEMENT', detector: 'tog', target: 'cw', esm: 3 });
    const pub = ev.filter((e) => e.visibleTo === 'all');
    expect(pub).toHaveLength(1);
    expect(pub[0].data).toMatchObject({ esm: 3, success: true });
    expect(pub[0].data).not.toHaveProperty('roll');
    expect(pub[0].data).not.toHaveProperty('targetNumber');
    expect(pub[0].rolls).toBeUndefined();
    expect(ev.find((e) => e.type === 'detection.detail')!.visibleTo).toEqual(['CW']);
    expect(s.tfs.tog.detectedDuringMovement).toBe(true);
  });
});
