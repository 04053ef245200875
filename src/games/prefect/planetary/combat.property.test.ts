import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededDice } from '#engine/dice.js';
import { resolveCombat } from './combat.js';
import { unitsIn } from './composition.js';
import { isAdjacent, useRulesData } from './rules-data.js';
import { hx, makeTestState, neighbours, useFixtureMap, type TestTf } from './testing.js';
import type { PrefectState, Side } from './types.js';

const TYPES: Record<Side, string[]> = {
  TOG: [
    'tog-light-cohort',
    'tog-medium-cohort',
    'tog-heavy-cohort',
    'artillery-cohort',
    'marine-cohort',
    'legion-hq',
    'signals-century',
    'combat-engineer-century',
  ],
  CW: [
    'cw-light-cohort',
    'cw-medium-cohort',
    'cw-heavy-cohort',
    'infantry-cohort',
    'militia-regiment',
    'manus-hq',
    'signals-century',
  ],
};

/** Invariants every combat must keep (L171-187, L613, L655, L717, D-33). */
function check(s: PrefectState, before: number): void {
  expect(Object.keys(s.units)).toHaveLength(before);
  const hexes = new Map<string, string>();
  for (const tf of Object.values(s.tfs)) {
    expect(unitsIn(s, tf.id).length).toBeGreaterThan(0); // L876
    expect(tf.fatigue).toBeGreaterThanOrEqual(0);
    expect(tf.fatigue).toBeLessThanOrEqual(3);
    expect(hexes.has(tf.hex)).toBe(false); // merges keep one TF per hex
    hexes.set(tf.hex, tf.side);
  }
  for (const u of Object.values(s.units)) {
    if (u.status === 'ACTIVE') expect(s.tfs[u.tf!]?.side).toBe(u.side);
    if (u.status === 'DISORGANISED') {
      expect(u.tf).toBeUndefined();
      expect(u.hex).toBeDefined();
      const holder = hexes.get(u.hex!);
      if (holder) expect(holder).toBe(u.side); // never left under an enemy TF
    }
    if (u.status === 'DESTROYED') expect([u.tf, u.hex]).toEqual([undefined, undefined]);
  }
}

beforeAll(() => {
  useFixtureMap({ terrain: { [hx(4, 4)]: ['clear', 'forest'], [hx(4, 5)]: ['urban'] }, water: { [hx(5, 5)]: 'FULL' } });
});
afterAll(() => useRulesData(null));

describe('resolveCombat keeps the state consistent (random combats)', () => {
  it('250 seeded combats: invariants, tempo credit only on BT/CA, fatigue +1 on survivors', () => {
    for (let n = 0; n < 250; n++) {
      const dice = seededDice(`combat-${n}`);
      const pick = <T>(xs: T[]): T => (xs.length === 1 ? xs[0] : xs[dice.roll(xs.length, 'setup') - 1]);
      const target = hx(4, 4);
      const ring = neighbours(target);
      const tfs: TestTf[] = [
        {
          id: 'D',
          side: 'CW',
          hex: target,
          units: Array.from({ length: dice.roll(4, 'n') }, () => pick(TYPES.CW)),
          fatigue: (dice.roll(4, 'f') - 1) as 0 | 1 | 2 | 3,
          detected: dice.roll(2, 'd') === 1,
        },
      ];
      const attackers: string[] = [];
      ring.forEach((h, i) => {
        if (dice.roll(3, 'who') === 1) {
          tfs.push({
            id: `A${i}`,
            side: 'TOG',
            hex: h,
            units: Array.from({ length: dice.roll(4, 'n') }, () => pick(TYPES.TOG)),
            fatigue: (dice.roll(3, 'f') - 1) as 0 | 1 | 2,
            detected: dice.roll(2, 'd') === 1,
            movedLafThisTurn: dice.roll(3, 'l') === 1,
          });
          attackers.push(`A${i}`);
        } else if (dice.roll(4, 'friend') === 1) tfs.push({ id: `F${i}`, side: 'CW', hex: h, units: [pick(TYPES.CW)] });
      });
      if (attackers.length === 0) continue;
      const s = makeTestState({
        tfs,
        disorganised:
          dice.roll(3, 'loose') === 1 ? [{ id: 'loose', type: 'cw-light-cohort', side: 'CW', hex: target }] : [],
      });
      const before = Object.keys(s.units).length;
      const survivorsBefore = new Map(Object.values(s.tfs).map((t) => [t.id, t.fatigue]));
      resolveCombat(s, dice, {
        attackers,
        target: { tf: 'D' },
        context: 'COMBAT_PHASE',
        shiftPolicy: { TOG: 'FAVOURABLE', CW: 'FAVOURABLE' },
        advance: pick(attackers),
        defenderAdvance: 'auto',
      });
      check(s, before);
      expect(s.tempo.TOG + s.tempo.CW).toBeLessThanOrEqual(1);
      for (const id of [...attackers, 'D']) {
        const tf = s.tfs[id];
        if (tf && tf.hex && survivorsBefore.has(id))
          expect(tf.fatigue).toBeGreaterThanOrEqual(Math.min(3, survivorsBefore.get(id)! + 1));
      }
      for (const id of attackers)
        if (s.tfs[id])
          expect(
            s.tfs[id].hex === target ||
              isAdjacent(s.tfs[id].hex, target) ||
              ring.some((h) => isAdjacent(h, s.tfs[id].hex)),
          ).toBe(true);
    }
  });
});
