/**
 * The Planetary bot's base logistics (bot-bases.ts): assigning an available base, building it a
 * turn later on a good site, and rebuilding destroyed gravitic units within a base's Value.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyAdjustment } from '../adjustment.js';
import { useRulesData } from '../rules-data.js';
import { applySupply } from '../supply.js';
import { hx, makeTestState, useFixtureMap } from '../testing.js';
import type { AdjustmentOrder, SupplyOrder } from '../types.js';
import { assignBases, buildBases, rebuildUnits } from './bot-bases.js';

beforeEach(() => useFixtureMap());
afterEach(() => useRulesData(null));

const supply = (): SupplyOrder => ({
  kind: 'supply',
  transfers: [],
  fatigue: [],
  reorganise: [],
  rebuild: [],
  build: [],
});
const adjustment = (): AdjustmentOrder => ({
  kind: 'adjustment',
  transfers: [],
  create: [],
  reinforcements: [],
  assignBases: [],
});

function position() {
  const s = makeTestState({
    tfs: [
      { id: 'eng', side: 'TOG', hex: hx(5, 5), units: ['construction-engineer-century', 'tog-light-cohort'] },
      { id: 'plain', side: 'TOG', hex: hx(4, 5), units: ['tog-light-cohort'] },
      { id: 'hqtf', side: 'TOG', hex: hx(1, 0), units: [{ id: 'hq', type: 'legion-hq' }] },
      { id: 'cw', side: 'CW', hex: hx(8, 0), units: ['cw-light-cohort'] },
    ],
    bases: [{ id: 'g3', side: 'TOG', type: 'GL3', hex: hx(0, 0), supply: 30 }],
    destroyed: [
      { id: 'lost-med', type: 'tog-medium-cohort', side: 'TOG' },
      { id: 'lost-sig', type: 'signals-century', side: 'TOG' },
    ],
    hqSupply: { hq: 10 },
  });
  s.availableBases.push({ side: 'TOG', type: 'GL1' });
  return s;
}

describe('bot-bases.ts', () => {
  it('L952-956, D-51: the available GL1 goes to the TF with an engineer, and is built there the next turn', () => {
    const s = position();
    const a = adjustment();
    assignBases(s, 'TOG', a);
    expect(a.assignBases).toEqual([{ type: 'GL1', tf: 'eng' }]);
    applyAdjustment(s, { TOG: a });
    const same = supply();
    buildBases(s, 'TOG', same);
    expect(same.build).toEqual([]); // L956: not in the turn it was assigned
    s.turn++;
    const next = supply();
    buildBases(s, 'TOG', next);
    expect(next.build).toEqual([{ tf: 'eng', sources: [{ id: 'g3', amount: 5 }] }]); // fullest store first, L960-964
    const ev = applySupply(s, 'TOG', next);
    expect(ev.map((e) => e.type)).toContain('base.built');
  });

  it('L956: no build next to an enemy TF or near an own base', () => {
    const s = position();
    applyAdjustment(s, { TOG: { ...adjustment(), assignBases: [{ type: 'GL1', tf: 'eng' }] } });
    s.turn++;
    s.tfs.cw.hex = hx(6, 6);
    const o = supply();
    buildBases(s, 'TOG', o);
    expect(o.build).toEqual([]);
    s.tfs.cw.hex = hx(8, 0);
    s.tfs.eng.hex = hx(1, 1);
    buildBases(s, 'TOG', o);
    expect(o.build).toEqual([]);
  });

  it('L828-846: the destroyed combat unit is rebuilt first, within the GL3 Value and a 6 SP reserve', () => {
    const s = position();
    const o = supply();
    rebuildUnits(s, 'TOG', o);
    expect(o.rebuild).toEqual([
      { unit: 'lost-med', base: 'g3' },
      { unit: 'lost-sig', base: 'g3' },
    ]);
    s.bases.g3.supply = 14; // 10 for the cohort leaves 4 < 6: only the 4-SP Signals Century, 10 left
    const low = supply();
    rebuildUnits(s, 'TOG', low);
    expect(low.rebuild).toEqual([{ unit: 'lost-sig', base: 'g3' }]);
  });
});
