import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hasLoc } from './loc.js';
import { useRulesData } from './rules-data.js';
import { hx, makeTestState, neighbours, useFixtureMap } from './testing.js';
import { enemyActiveZocHexes, hasActiveZoc, zocAppliesAgainstMover } from './zoc.js';

const C = hx(4, 4);
beforeEach(() => {
  useFixtureMap({
    terrain: { [hx(4, 5)]: ['forest'] },
    urban: { city: [hx(5, 4)] },
    water: { [hx(1, 1)]: 'FULL', [hx(1, 2)]: 'FULL', [hx(0, 1)]: 'FULL', [hx(2, 1)]: 'FULL' },
  });
});
afterEach(() => useRulesData(null));

describe('zones of control (L371-391, D-16)', () => {
  it('L377: against a Combat-mode mover no ZOC in forest, urban or base hexes; in LAF mode all six hexes (T-P04 semantics)', () => {
    const s = makeTestState({
      attacker: 'TOG',
      tfs: [{ id: 'd', side: 'CW', hex: C, units: ['cw-light-cohort'] }],
      bases: [{ id: 'b', side: 'TOG', type: 'GL1', hex: hx(3, 3) }],
    });
    expect(zocAppliesAgainstMover(s, 'd', hx(4, 3), 'COMBAT')).toBe(true); // clear
    expect(zocAppliesAgainstMover(s, 'd', hx(4, 5), 'COMBAT')).toBe(false); // forest
    expect(zocAppliesAgainstMover(s, 'd', hx(5, 4), 'COMBAT')).toBe(false); // urban
    expect(zocAppliesAgainstMover(s, 'd', hx(3, 3), 'COMBAT')).toBe(false); // base
    for (const h of neighbours(C)) expect(zocAppliesAgainstMover(s, 'd', h, 'LAF')).toBe(true);
    expect(zocAppliesAgainstMover(s, 'd', hx(6, 6), 'LAF')).toBe(false); // not adjacent
  });

  it('D-16: LAF TFs, independent and all-non-gravitic TFs have no active ZOC; blocking covers all six hexes', () => {
    const s = makeTestState({
      tfs: [
        { id: 'laf', side: 'CW', hex: C, units: ['cw-light-cohort'], mode: 'LAF' },
        { id: 'ind', side: 'CW', hex: hx(7, 7), units: ['militia-regiment'], independent: true },
        { id: 'ng', side: 'CW', hex: hx(1, 6), units: ['garrison-legion'] },
        { id: 'ok', side: 'CW', hex: hx(7, 2), units: ['cw-light-cohort', 'militia-regiment'] },
      ],
    });
    expect(['laf', 'ind', 'ng', 'ok'].map((id) => hasActiveZoc(s, s.tfs[id]))).toEqual([false, false, false, true]);
    const z = enemyActiveZocHexes(s, 'TOG');
    expect([...z].sort()).toEqual([...neighbours(hx(7, 2))].sort());
  });
});

describe('lines of communication (L762-764, L930, D-42)', () => {
  it('not through enemy TFs, disorganised units, bases or active ZOC; endpoints exempt', () => {
    const s = makeTestState({ tfs: [{ id: 'e', side: 'CW', hex: C, units: ['cw-light-cohort'] }] });
    // A wall: CW ZOC around 0404 plus CW units/bases across the 9-wide map on row 4.
    const wall = makeTestState({
      tfs: [{ id: 'e', side: 'CW', hex: C, units: ['cw-light-cohort'] }],
      disorganised: [0, 1, 2].map((c) => ({
        id: `d${c}`,
        type: 'cw-light-cohort',
        side: 'CW' as const,
        hex: hx(4, c),
      })),
      bases: [6, 7, 8].map((c) => ({ id: `b${c}`, side: 'CW' as const, type: 'GL1' as const, hex: hx(4, c) })),
    });
    expect(hasLoc(s, 'TOG', hx(0, 4), hx(8, 4))).toBe(true);
    expect(hasLoc(wall, 'TOG', hx(0, 4), hx(8, 4))).toBe(false);
    expect(hasLoc(wall, 'CW', hx(0, 4), hx(8, 4))).toBe(true); // own units never block
    expect(hasLoc(s, 'TOG', hx(3, 4), hx(2, 4))).toBe(true); // start in enemy ZOC: exempt (D-42)
    wall.tfs.e.mode = 'LAF'; // no active ZOC (D-16): 0403 and 0405 open a gap beside the TF
    expect(hasLoc(wall, 'TOG', hx(0, 4), hx(8, 4))).toBe(true);
  });

  it('L930: a LOC to a non-gravitic unit may not cross water', () => {
    const s = makeTestState();
    // Water at 0101, 0102, 0001, 0201 surrounds 0000-side hexes partly; 0100 → 0103 must go round.
    expect(hasLoc(s, 'TOG', hx(1, 0), hx(1, 3))).toBe(true);
    expect(hasLoc(s, 'TOG', hx(1, 0), hx(1, 3), { nonGravitic: true })).toBe(true);
    expect(hasLoc(s, 'TOG', hx(1, 0), hx(1, 1), { nonGravitic: true })).toBe(false); // into water
  });
});
