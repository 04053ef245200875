import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyAdjustment, validateAdjustment } from './adjustment.js';
import { useRulesData } from './rules-data.js';
import { applySupply, scheduledDeliveries, validateSupply } from './supply.js';
import { hx, makeTestState, useFixtureMap } from './testing.js';
import type { AdjustmentOrder, SupplyOrder } from './types.js';

const none: SupplyOrder = { kind: 'supply', transfers: [], fatigue: [], reorganise: [], rebuild: [], build: [] };
const order = (o: Partial<SupplyOrder>): SupplyOrder => ({ ...none, ...o });
const adj = (o: Partial<AdjustmentOrder>): AdjustmentOrder => ({
  kind: 'adjustment',
  transfers: [],
  create: [],
  reinforcements: [],
  assignBases: [],
  ...o,
});
const codes = (e: { code: string }[]) => e.map((x) => x.code);

beforeEach(() => {
  useFixtureMap({ water: { [hx(8, 8)]: 'FULL' } });
});
afterEach(() => useRulesData(null));

describe('fatigue (L687-719, L778-794)', () => {
  it('L930: an independent non-gravitic unit ringed by water has no LOC for fatigue removal; a gravitic TF there has', () => {
    const ring = [hx(3, 3), hx(3, 4), hx(4, 3), hx(4, 5), hx(5, 3), hx(5, 4)];
    useFixtureMap({ water: Object.fromEntries(ring.map((h) => [h, 'FULL' as const])) });
    const mk = (independent: boolean, type: string) =>
      makeTestState({
        tfs: [{ id: 'tf', side: 'CW', hex: hx(4, 4), units: [type], fatigue: 1, independent }],
        bases: [{ id: 'b', side: 'CW', type: 'GL3', hex: hx(2, 2), supply: 20 }],
      });
    const rest = order({ fatigue: [{ tf: 'tf', levels: 1, sources: [{ id: 'b', amount: 1 }] }] });
    const ind = mk(true, 'militia-regiment');
    expect(validateSupply(ind, 'CW', rest)).toMatchObject([{ code: 'no-loc', rule: 'L780, L930' }]);
    expect(ind.tfs.tf.fatigue).toBe(1);
    const grav = mk(false, 'cw-light-cohort');
    expect(validateSupply(grav, 'CW', rest)).toEqual([]);
    applySupply(grav, 'CW', rest);
    expect(grav.tfs.tf.fatigue).toBe(0);
  });

  it('T-P12 / L719: a Light Cohort from a TF at fatigue 2 joins a TF at fatigue 0 → fatigue 2', () => {
    const s = makeTestState({
      tfs: [
        {
          id: 'a',
          side: 'TOG',
          hex: hx(4, 4),
          units: [{ id: 'l', type: 'tog-light-cohort' }, 'tog-medium-cohort'],
          fatigue: 2,
        },
        { id: 'b', side: 'TOG', hex: hx(4, 5), units: ['tog-heavy-cohort'] },
      ],
    });
    const o = adj({ transfers: [{ from: 'a', to: 'b', units: ['l'] }] });
    expect(validateAdjustment(s, 'TOG', o)).toEqual([]);
    applyAdjustment(s, { TOG: o });
    expect(s.units.l.tf).toBe('b');
    expect(s.tfs.b.fatigue).toBe(2);
    expect(s.tfs.a.fatigue).toBe(2); // the rest of the old TF keeps its level
  });

  it('T-P13 / L792: signals + light + heavy at fatigue 2: 6 SP → 0, 3 SP → 1, 4 SP for one unit is illegal', () => {
    const mk = () =>
      makeTestState({
        tfs: [
          {
            id: 'tf',
            side: 'CW',
            hex: hx(4, 4),
            units: ['signals-century', 'cw-light-cohort', 'cw-heavy-cohort'],
            fatigue: 2,
          },
        ],
        bases: [{ id: 'b', side: 'CW', type: 'GL3', hex: hx(2, 2), supply: 20 }],
      });
    const s = mk();
    const full = order({ fatigue: [{ tf: 'tf', levels: 2, sources: [{ id: 'b', amount: 6 }] }] });
    expect(validateSupply(s, 'CW', full)).toEqual([]);
    applySupply(s, 'CW', full);
    expect([s.tfs.tf.fatigue, s.bases.b.supply]).toEqual([0, 14]);
    const t = mk();
    applySupply(t, 'CW', order({ fatigue: [{ tf: 'tf', levels: 1, sources: [{ id: 'b', amount: 3 }] }] }));
    expect(t.tfs.tf.fatigue).toBe(1);
    const u = mk();
    expect(
      codes(validateSupply(u, 'CW', order({ fatigue: [{ tf: 'tf', levels: 2, sources: [{ id: 'b', amount: 4 }] }] }))),
    ).toEqual(['wrong-cost']);
    expect(
      codes(validateSupply(u, 'CW', order({ fatigue: [{ tf: 'tf', levels: 3, sources: [{ id: 'b', amount: 9 }] }] }))),
    ).toEqual(['bad-levels']);
    expect(u.tfs.tf.fatigue).toBe(2); // validation applies nothing
  });

  it('D-43: every source needs a LOC to the TF; several sources may pay', () => {
    const s = makeTestState({
      tfs: [
        { id: 'tf', side: 'CW', hex: hx(0, 0), units: ['cw-light-cohort', 'cw-light-cohort'], fatigue: 1 },
        { id: 'hqtf', side: 'CW', hex: hx(6, 6), units: [{ id: 'hq', type: 'legion-hq' }] },
        { id: 'enemy', side: 'TOG', hex: hx(1, 1), units: ['tog-light-cohort'] },
      ],
      bases: [{ id: 'b', side: 'CW', type: 'GL3', hex: hx(5, 5), supply: 1 }],
      hqSupply: { hq: 5 },
    });
    // 0000 is boxed in by the TOG TF's active ZOC (0001, 0100, 0101 all next to 0101).
    expect(
      codes(
        validateSupply(
          s,
          'CW',
          order({
            fatigue: [
              {
                tf: 'tf',
                levels: 1,
                sources: [
                  { id: 'b', amount: 1 },
                  { id: 'hq', amount: 1 },
                ],
              },
            ],
          }),
        ),
      ),
    ).toEqual(['no-loc']);
    s.tfs.enemy.hex = hx(7, 0);
    s.tfs.tf.hex = hx(2, 2);
    expect(
      validateSupply(
        s,
        'CW',
        order({
          fatigue: [
            {
              tf: 'tf',
              levels: 1,
              sources: [
                { id: 'b', amount: 1 },
                { id: 'hq', amount: 1 },
              ],
            },
          ],
        }),
      ),
    ).toEqual([]);
  });
});

describe('transfers and deliveries (L758-776, D-40, D-41)', () => {
  it('surplus over the storage cap is lost; delivered SP may not be transferred this turn (L770)', () => {
    const d = useFixtureMap();
    const lib = d.scenarios.liberation;
    d.scenarios = {
      liberation: {
        ...lib,
        supply: [
          { turn: 'each', side: 'CW', base: 'cw-base-1', amount: 4, perUrbanArea: 1, provenance: lib.provenance },
        ],
      },
    };
    const s = makeTestState({
      tfs: [{ id: 'hqtf', side: 'CW', hex: hx(6, 6), units: [{ id: 'hq', type: 'legion-hq' }] }],
      bases: [{ id: 'cw-base-1', side: 'CW', type: 'GL3', hex: hx(2, 2), supply: 30 }],
      hqSupply: { hq: 15 },
      urban: { x: 'CW', y: 'CW', z: 'TOG' },
    });
    applySupply(s, 'CW', order({ transfers: [{ from: 'cw-base-1', to: 'hq', amount: 10 }] }));
    expect(s.hqSupply.hq).toBe(20); // legion-hq cap 20: 5 lost
    expect(s.bases['cw-base-1']).toMatchObject({ supply: 20 + 4 + 2, deliveredThisTurn: 6 }); // 4 + 1 per urban area held (L772)
    const t = makeTestState({
      tfs: [{ id: 'hqtf', side: 'CW', hex: hx(6, 6), units: [{ id: 'hq', type: 'legion-hq' }] }],
      bases: [{ id: 'cw-base-1', side: 'CW', type: 'GL3', hex: hx(2, 2), supply: 0 }],
    });
    scheduledDeliveries(t, 'CW');
    expect(codes(validateSupply(t, 'CW', order({ transfers: [{ from: 'cw-base-1', to: 'hq', amount: 1 }] })))).toEqual([
      'not-enough-sp',
    ]);
    expect(scheduledDeliveries(t, 'CW')).toEqual([]); // idempotent per side and turn (D-40)
    expect(t.bases['cw-base-1'].supply).toBe(4);
  });
});

describe('reorganisation (L796-826, D-44)', () => {
  it('at an HQ: pays the cost and joins the HQ’s TF; a disrupted Legion HQ needs a rank-3 base', () => {
    const s = makeTestState({
      tfs: [{ id: 'hqtf', side: 'TOG', hex: hx(4, 4), units: [{ id: 'hq', type: 'legion-hq' }] }],
      disorganised: [
        { id: 'm', type: 'tog-medium-cohort', side: 'TOG', hex: hx(4, 4) },
        { id: 'mil', type: 'militia-regiment', side: 'TOG', hex: hx(4, 4) },
        { id: 'lhq', type: 'legion-hq', side: 'TOG', hex: hx(4, 4) },
      ],
      bases: [{ id: 'g2', side: 'TOG', type: 'GL2', hex: hx(2, 2), supply: 10 }],
      hqSupply: { hq: 6 },
    });
    const o = order({ reorganise: [{ unit: 'm', source: 'hq' }] });
    expect(validateSupply(s, 'TOG', o)).toEqual([]);
    expect(
      codes(
        validateSupply(
          s,
          'TOG',
          order({
            reorganise: [
              { unit: 'mil', source: 'hq' },
              { unit: 'lhq', source: 'hq' },
              { unit: 'm', source: 'g2' },
            ],
          }),
        ),
      ),
    ).toEqual(['cannot-reorganise', 'hq-reorganiser', 'bad-source']);
    applySupply(s, 'TOG', o);
    expect(s.units.m).toMatchObject({ status: 'ACTIVE', tf: 'hqtf' });
    expect(s.hqSupply.hq).toBe(1);
  });
});

describe('rebuilding (L828-846)', () => {
  it('T-P16: a Heavy Cohort at a GL2 base costs 16 SP from that base; ≤ 2 rebuilds; militia 1 SP, garrison 4 SP', () => {
    const s = makeTestState({
      destroyed: [
        { id: 'h', type: 'tog-heavy-cohort', side: 'TOG' },
        { id: 'mil', type: 'militia-regiment', side: 'TOG' },
        { id: 'gar', type: 'garrison-legion', side: 'TOG' },
      ],
      bases: [{ id: 'g2', side: 'TOG', type: 'GL2', hex: hx(2, 2), supply: 21 }],
    });
    const o = order({
      rebuild: [
        { unit: 'h', base: 'g2' },
        { unit: 'mil', base: 'g2' },
        { unit: 'gar', base: 'g2' },
      ],
    });
    expect(codes(validateSupply(s, 'TOG', o))).toEqual(['base-value']); // the third exceeds Value 2
    const ok = order({
      rebuild: [
        { unit: 'h', base: 'g2', into: 'NEW' },
        { unit: 'gar', base: 'g2' },
      ],
    });
    // TOG's scenario delivery goes to tog-base-1, not g2: 21 − 16 − 4 = 1
    expect(validateSupply(s, 'TOG', ok)).toEqual([]);
    const ev = applySupply(s, 'TOG', ok);
    expect(s.bases.g2.supply).toBe(1);
    expect(s.units.h.tf).toBe(s.units.gar.tf);
    // The public event shows a TF appearing, never its organisation or counter (the alias hides them).
    const pub = ev.find((e) => e.type === 'tf.created' && e.visibleTo === 'all')!;
    expect(Object.keys(pub.data as object).sort()).toEqual(['hex', 'rule', 'side', 'tf']);
    expect(ev.find((e) => e.type === 'tf.created.detail')).toMatchObject({
      visibleTo: ['TOG'],
      data: { tf: s.units.h.tf, org: s.tfs[s.units.h.tf!].org, counter: s.tfs[s.units.h.tf!].counter },
    });
    const poor = makeTestState({
      destroyed: [{ id: 'h', type: 'tog-heavy-cohort', side: 'TOG' }],
      bases: [{ id: 'g2', side: 'TOG', type: 'GL2', hex: hx(2, 2), supply: 15 }],
    });
    expect(codes(validateSupply(poor, 'TOG', order({ rebuild: [{ unit: 'h', base: 'g2' }] })))).toEqual([
      'not-enough-sp',
    ]);
  });

  it('D-45: no free TF counter under the limit → not rebuilt', () => {
    const s = makeTestState({
      options: { legionTfLimit: 18 },
      tfs: Array.from({ length: 18 }, (_, i) => ({
        id: `t${i}`,
        side: 'TOG' as const,
        hex: hx(Math.floor(i / 9) + 5, i % 9),
        units: ['tog-light-cohort'],
      })),
      destroyed: [{ id: 'h', type: 'infantry-cohort', side: 'TOG' }],
      bases: [{ id: 'g2', side: 'TOG', type: 'GL2', hex: hx(2, 2), supply: 20 }],
    });
    expect(codes(validateSupply(s, 'TOG', order({ rebuild: [{ unit: 'h', base: 'g2' }] })))).toEqual(['no-tf-slot']);
  });
});

describe('T-P17 base building (L952-964, D-51)', () => {
  it('GL2: assigned in TF Adjustment, built next turn with 2 CE and 15 SP from sources with a LOC; placed disrupted', () => {
    const s = makeTestState({
      tfs: [
        {
          id: 'eng',
          side: 'TOG',
          hex: hx(4, 4),
          units: ['construction-engineer-century', 'construction-engineer-century', 'tog-light-cohort'],
        },
        { id: 'hqtf', side: 'TOG', hex: hx(6, 6), units: [{ id: 'hq', type: 'legion-hq' }] },
      ],
      bases: [{ id: 'g3', side: 'TOG', type: 'GL3', hex: hx(2, 2), supply: 10 }],
      hqSupply: { hq: 10 },
    });
    s.availableBases.push({ side: 'TOG', type: 'GL2' });
    const a = adj({ assignBases: [{ type: 'GL2', tf: 'eng' }] });
    expect(validateAdjustment(s, 'TOG', a)).toEqual([]);
    applyAdjustment(s, { TOG: a });
    const build = order({
      build: [
        {
          tf: 'eng',
          sources: [
            { id: 'g3', amount: 10 },
            { id: 'hq', amount: 5 },
          ],
        },
      ],
    });
    expect(codes(validateSupply(s, 'TOG', build))).toEqual(['too-early']);
    s.turn = 2;
    expect(
      codes(validateSupply(s, 'TOG', order({ build: [{ tf: 'eng', sources: [{ id: 'g3', amount: 10 }] }] }))),
    ).toEqual(['wrong-cost']);
    expect(validateSupply(s, 'TOG', build)).toEqual([]);
    const ev = applySupply(s, 'TOG', build);
    const nb = Object.values(s.bases).find((b) => b.hex === hx(4, 4))!;
    expect(nb).toMatchObject({ type: 'GL2', side: 'TOG', status: 'DISRUPTED' });
    expect(ev.find((e) => e.type === 'base.built')!.visibleTo).toBe('all'); // L2426
    const one = makeTestState({
      tfs: [{ id: 'eng', side: 'TOG', hex: hx(4, 4), units: ['construction-engineer-century'] }],
      bases: [{ id: 'g3', side: 'TOG', type: 'GL3', hex: hx(2, 2), supply: 20 }],
      turn: 3,
    });
    one.tfs.eng.buildAssignment = { type: 'GL2', assignedTurn: 2 };
    expect(
      codes(validateSupply(one, 'TOG', order({ build: [{ tf: 'eng', sources: [{ id: 'g3', amount: 15 }] }] }))),
    ).toEqual(['engineers']);
  });
});

describe('D-40 delivery timing and D-44 placement at a base', () => {
  const mk = (after: boolean) => {
    const d = useFixtureMap();
    const lib = d.scenarios.liberation;
    d.scenarios = {
      liberation: { ...lib, supply: [{ turn: 'each', side: 'TOG', base: 'g', amount: 4, provenance: lib.provenance }] },
    };
    return makeTestState({
      options: { deliveriesAfterSpending: after },
      destroyed: [{ id: 'i', type: 'infantry-cohort', side: 'TOG' }],
      bases: [{ id: 'g', side: 'TOG', type: 'GL2', hex: hx(2, 2), supply: 0 }],
    });
  };
  it('delivered SP may be spent by the receiving base this phase (default), not with deliveriesAfterSpending', () => {
    const o = order({ rebuild: [{ unit: 'i', base: 'g' }] }); // infantry rebuild = 4 SP
    expect(validateSupply(mk(false), 'TOG', o)).toEqual([]);
    expect(codes(validateSupply(mk(true), 'TOG', o))).toEqual(['not-enough-sp']);
    const s = mk(true);
    applySupply(s, 'TOG', order({}));
    expect(s.bases.g.supply).toBe(4); // delivered at the end instead
  });
  it('a unit reorganised at a base with no TF there forms a new TF, or waits under the base at the limit', () => {
    const s = makeTestState({
      disorganised: [{ id: 'm', type: 'tog-medium-cohort', side: 'TOG', hex: hx(2, 2) }],
      bases: [{ id: 'g', side: 'TOG', type: 'GL2', hex: hx(2, 2), supply: 10 }],
    });
    applySupply(s, 'TOG', order({ reorganise: [{ unit: 'm', source: 'g' }] }));
    expect(s.tfs[s.units.m.tf!].hex).toBe(hx(2, 2));
    expect(s.bases.g.supply).toBe(5);
    const full = makeTestState({
      tfs: Array.from({ length: 18 }, (_, i) => ({
        id: `t${i}`,
        side: 'TOG' as const,
        hex: hx(Math.floor(i / 9) + 5, i % 9),
        units: ['tog-light-cohort'],
      })),
      disorganised: [{ id: 'm', type: 'tog-medium-cohort', side: 'TOG', hex: hx(2, 2) }],
      bases: [{ id: 'g', side: 'TOG', type: 'GL2', hex: hx(2, 2), supply: 10 }],
    });
    applySupply(full, 'TOG', order({ reorganise: [{ unit: 'm', source: 'g' }] }));
    expect(full.units.m).toMatchObject({ status: 'ACTIVE', under: 'g', hex: hx(2, 2) });
    expect(full.units.m.tf).toBeUndefined();
  });
});
