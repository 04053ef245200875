/**
 * Hidden information (H1, H36, D-19): under STRICT the public events about disorganised units say
 * how many and where, never their ids or types; their owner alone gets the list. TABLETOP (the
 * default) shows the face-up counters to all, as before.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GameEvent } from '#engine/contract.js';
import { ScriptedDice, seededDice } from '#engine/dice.js';
import { resolveCombat } from './combat.js';
import { destroyOnEntry } from './disorganised.js';
import { useRulesData } from './rules-data.js';
import { hx, makeTestState, useFixtureMap } from './testing.js';
import type { PrefectState } from './types.js';
import { applyWithdrawal } from './withdrawal.js';

beforeEach(() => useFixtureMap());
afterEach(() => useRulesData(null));

const publicText = (ev: GameEvent[]) => JSON.stringify(ev.filter((e) => e.visibleTo === 'all'));
const seenBy = (ev: GameEvent[], side: 'TOG' | 'CW') =>
  JSON.stringify(ev.filter((e) => e.visibleTo === 'all' || (Array.isArray(e.visibleTo) && e.visibleTo.includes(side))));

function mk(revealMode: 'STRICT' | 'TABLETOP'): PrefectState {
  return makeTestState({
    options: { revealMode },
    tfs: [{ id: 'A', side: 'TOG', hex: hx(4, 4), units: ['tog-medium-cohort'] }],
    disorganised: [
      { id: 'secret-x1', type: 'cw-heavy-cohort', side: 'CW', hex: hx(4, 4) },
      { id: 'secret-x2', type: 'cw-light-cohort', side: 'CW', hex: hx(4, 4) },
    ],
  });
}

describe('H36, D-19: disorganised units in public events', () => {
  it('destroying on entry (L459-465): STRICT publishes a count; the owner gets ids and types; TABLETOP shows them', () => {
    const s = mk('STRICT');
    const ev = destroyOnEntry(s, seededDice('r'), 'A', hx(4, 4), 2);
    expect(publicText(ev)).not.toMatch(/secret-x|cw-heavy|cw-light/);
    expect(ev.find((e) => e.type === 'disorganised.destroyed')!.data).toMatchObject({ hex: hx(4, 4), unitsCount: 2 });
    expect(seenBy(ev, 'TOG')).not.toMatch(/secret-x|cw-heavy|cw-light/);
    expect(seenBy(ev, 'CW')).toContain('secret-x1');
    const t = mk('TABLETOP');
    expect(publicText(destroyOnEntry(t, seededDice('r'), 'A', hx(4, 4), 2))).toContain('cw-heavy-cohort');
  });

  it('withdrawal with no LOC destroys them (L852): no id or type in public under STRICT', () => {
    const s = mk('STRICT');
    s.tfs.A.hex = hx(0, 0);
    const ev = applyWithdrawal(s, {});
    expect(s.units['secret-x1'].status).toBe('DESTROYED');
    expect(publicText(ev)).not.toMatch(/secret-x|cw-heavy|cw-light/);
    expect(seenBy(ev, 'CW')).toContain('cw-heavy-cohort');
  });

  it('a DR with disorganised units in the hex (L611): the retreat event gives only their count under STRICT', () => {
    const s = makeTestState({
      options: { revealMode: 'STRICT' },
      tfs: [
        { id: 'TF1', side: 'CW', hex: hx(2, 2), units: [{ id: 'secret-m1', type: 'cw-medium-cohort' }] },
        { id: 'TF3', side: 'TOG', hex: hx(1, 2), units: ['tog-medium-cohort', 'tog-medium-cohort'] },
      ],
      disorganised: [{ id: 'secret-x1', type: 'cw-light-cohort', side: 'CW', hex: hx(2, 2) }],
    });
    const ev = resolveCombat(s, new ScriptedDice([8, 1, 1, 1]), {
      attackers: ['TF3'],
      target: { tf: 'TF1' },
      context: 'COMBAT_PHASE',
      shiftPolicy: { TOG: 'NONE', CW: 'NONE' },
    });
    expect(ev.find((e) => e.type === 'retreat')!.data).toMatchObject({ tf: 'TF1', disorganisedCount: 1 });
    expect(seenBy(ev, 'TOG')).not.toMatch(/secret-|cw-medium|cw-light/);
  });
});
