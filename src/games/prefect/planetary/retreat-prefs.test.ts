/**
 * L609-617, D-31: the retreating player chooses the adjacent retreat hex. Orders carry a standing
 * `retreat` choice per own TF (ranked hexes, or a policy); without one, the D-31 default ranking.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ScriptedDice } from '#engine/dice.js';
import { resolveCombat, type ShiftChoice } from './combat.js';
import { retreatCandidates } from './retreat.js';
import { storeRetreatPrefs, validateRetreatPrefs } from './retreat-prefs.js';
import { useRulesData } from './rules-data.js';
import { hx, makeTestState, useFixtureMap } from './testing.js';
import type { PrefectState, Side } from './types.js';
import { viewOf } from './module/view.js';

const NONE: Record<Side, ShiftChoice> = { TOG: 'NONE', CW: 'NONE' };
beforeEach(() => useFixtureMap());
afterEach(() => useRulesData(null));

function fight(bases: { id: string; side: Side; type: 'GL1'; hex: string }[] = []): PrefectState {
  return makeTestState({
    tfs: [
      { id: 'TF1', side: 'CW', hex: hx(2, 2), units: [{ id: 'm1', type: 'cw-medium-cohort' }] },
      { id: 'TF3', side: 'TOG', hex: hx(1, 2), units: ['tog-medium-cohort', 'tog-medium-cohort'] },
    ],
    bases,
  });
}
// Roll 8 on this column: +1 / −1 DR (T-P10, L661); the saves roll 1 (kept).
const dr = (s: PrefectState) =>
  resolveCombat(s, new ScriptedDice([8, 1, 1, 1]), {
    attackers: ['TF3'],
    target: { tf: 'TF1' },
    context: 'COMBAT_PHASE',
    shiftPolicy: NONE,
  });

describe('L609-617, D-31: the retreating player chooses the retreat hex', () => {
  it('without a choice the D-31 default is used (fewest adjacent enemy TFs, then base, then empty)', () => {
    const s = fight();
    expect(retreatCandidates(s, 'CW', hx(2, 2), new Set(), false)[0]).toBe('0201');
    dr(s);
    expect(s.tfs.TF1.hex).toBe('0201');
  });

  it('a ranked list: the first legal hex is taken (an illegal one, next to or on an enemy, is skipped)', () => {
    const s = fight();
    storeRetreatPrefs(s, 'CW', [{ tf: 'TF1', hexes: [hx(1, 2), '0203', '0302'] }]); // 0102 holds the enemy TF (L611)
    const ev = dr(s);
    expect(s.tfs.TF1.hex).toBe('0203');
    expect(ev.find((e) => e.type === 'retreat')!.data).toMatchObject({ tf: 'TF1', from: hx(2, 2), to: '0203' });
  });

  it("policy 'toward-base': the legal hex nearest a friendly base", () => {
    const s = fight([{ id: 'B1', side: 'CW', type: 'GL1', hex: '0403' }]);
    storeRetreatPrefs(s, 'CW', [{ tf: 'TF1', policy: 'toward-base' }]);
    dr(s);
    expect(s.tfs.TF1.hex).toBe('0302'); // 1 hex from 0403; the default 0201 is 2 away
  });

  it('validated: only own TFs and hexes of the map; the choice stays secret from the enemy (H1)', () => {
    const s = fight();
    expect(validateRetreatPrefs(s, 'CW', [{ tf: 'TF3', hexes: ['0203'] }]).map((e) => [e.code, e.rule])).toEqual([
      ['tf.unknown', 'L609, D-31'],
    ]);
    expect(validateRetreatPrefs(s, 'CW', [{ tf: 'TF1', hexes: ['9999'] }]).map((e) => e.code)).toEqual(['retreat.hex']);
    expect(validateRetreatPrefs(s, 'CW', [{ tf: 'TF1', hexes: ['0203'], policy: 'toward-base' }])).toEqual([]);
    storeRetreatPrefs(s, 'CW', [{ tf: 'TF1', hexes: ['0203'] }]);
    expect(JSON.stringify(viewOf(s, 'TOG'))).not.toContain('retreat');
    expect(JSON.stringify(viewOf(s, 'TOG'))).not.toContain('0203');
  });
});
