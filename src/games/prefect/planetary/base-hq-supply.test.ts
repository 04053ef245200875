/**
 * D-51 / L2107, L2297-2299: a newly built base is reorganised at the start of the next Supply
 * Phase (automatic: no cost exists for it, see supply.ts). L774-776 + decision (L1669 analogy): an
 * HQ's stored SP are lost when it is destroyed, frozen while it is disorganised.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ScriptedDice } from '#engine/dice.js';
import { applySupply, validateSupply } from './supply.js';
import { destroy, disorganise } from './composition.js';
import { useRulesData } from './rules-data.js';
import { hx, makeTestState, useFixtureMap } from './testing.js';
import { hexMatesOfSevereResult } from './disorganised.js';
import type { SupplyOrder } from './types.js';

const none: SupplyOrder = { kind: 'supply', transfers: [], fatigue: [], reorganise: [], rebuild: [], build: [] };
const order = (o: Partial<SupplyOrder>): SupplyOrder => ({ ...none, ...o });
const codes = (e: { code: string }[]) => e.map((x) => x.code);
beforeEach(() => useFixtureMap());
afterEach(() => useRulesData(null));

describe('D-51, L2107: a new base is disrupted until the next Supply Phase, then reorganised with no order', () => {
  it('disrupted on the turn it is built (no source, no receiver); active at the start of the next Supply Phase, usable in it', () => {
    const s = makeTestState({
      tfs: [{ id: 'eng', side: 'TOG', hex: hx(4, 4), units: ['construction-engineer-century', 'tog-light-cohort'] }],
      bases: [{ id: 'g3', side: 'TOG', type: 'GL3', hex: hx(2, 2), supply: 20 }],
      turn: 2,
    });
    s.tfs.eng.buildAssignment = { type: 'GL1', assignedTurn: 1 };
    applySupply(s, 'TOG', order({ build: [{ tf: 'eng', sources: [{ id: 'g3', amount: 5 }] }] }));
    const nb = Object.values(s.bases).find((b) => b.hex === hx(4, 4))!;
    expect(nb.status).toBe('DISRUPTED');
    // Same turn: a disrupted base is no store (L2297 "may not transfer"; no receiving before it is placed active).
    expect(codes(validateSupply(s, 'TOG', order({ transfers: [{ from: 'g3', to: nb.id, amount: 2 }] })))).toEqual([
      'bad-destination',
    ]);
    s.turn = 3;
    const t = order({ transfers: [{ from: 'g3', to: nb.id, amount: 2 }] });
    expect(validateSupply(s, 'TOG', t)).toEqual([]); // reorganised first, then it receives in this phase
    const ev = applySupply(s, 'TOG', t);
    expect(ev[0]).toMatchObject({ type: 'base.active', visibleTo: 'all', data: { base: nb.id, rule: 'D-51' } });
    expect(s.bases[nb.id]).toMatchObject({ status: 'ACTIVE', supply: 2 });
  });
});

describe('L774-776: the SP stored at an HQ when the HQ is disorganised or destroyed (decision)', () => {
  const mk = () =>
    makeTestState({
      tfs: [
        { id: 'h', side: 'TOG', hex: hx(4, 4), units: [{ id: 'hq', type: 'legion-hq' }, 'tog-light-cohort'] },
        { id: 'o', side: 'TOG', hex: hx(4, 5), units: [{ id: 'hq2', type: 'legion-hq' }] },
      ],
      hqSupply: { hq: 12, hq2: 3 },
    });
  it('destroyed: its SP are lost (L1669 analogy) and a rebuilt HQ starts empty', () => {
    const s = mk();
    destroy(s, s.units.hq);
    expect(s.hqSupply.hq).toBeUndefined();
    expect(codes(validateSupply(s, 'TOG', order({ transfers: [{ from: 'hq', to: 'hq2', amount: 1 }] })))).toEqual([
      'bad-source',
    ]);
    // Destroyed through a BT on a hex without a base (L733): same result.
    const t = mk();
    disorganise(t.units.hq, hx(4, 4));
    hexMatesOfSevereResult(t, new ScriptedDice([]), 'TOG', hx(4, 4), [t.units.hq], 0);
    expect(t.units.hq.status).toBe('DESTROYED');
    expect(t.hqSupply.hq).toBeUndefined();
  });
  it('disorganised: its SP stay with it but cannot be spent, transferred or received until it is reorganised (L820)', () => {
    const s = mk();
    disorganise(s.units.hq, hx(4, 4));
    expect(s.hqSupply.hq).toBe(12);
    expect(codes(validateSupply(s, 'TOG', order({ transfers: [{ from: 'hq', to: 'hq2', amount: 1 }] })))).toEqual([
      'bad-source',
    ]);
    expect(codes(validateSupply(s, 'TOG', order({ transfers: [{ from: 'hq2', to: 'hq', amount: 1 }] })))).toEqual([
      'bad-destination',
    ]);
    s.units.hq.status = 'ACTIVE'; // reorganised back into its TF (L796-826)
    s.units.hq.tf = 'h';
    delete s.units.hq.hex;
    expect(validateSupply(s, 'TOG', order({ transfers: [{ from: 'hq', to: 'hq2', amount: 12 }] }))).toEqual([]);
  });
});
