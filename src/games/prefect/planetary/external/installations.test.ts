/**
 * D-87, Centurion set-up and bases: half strength (L2622-2626), the defender's bases' defensive
 * installations (L2630-2646) shown to both players, entered per base and converted (L2796).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { GameEvent, Json } from '#engine/contract.js';
import { seededDice } from '#engine/dice.js';
import { prefect } from '../module/index.js';
import { useRulesData } from '../rules-data.js';
import { advance } from '../module/sequence.js';
import { hx, makeTestState, useFixtureMap, type TestSpec } from '../testing.js';
import type { PrefectState, Side } from '../types.js';
import { checkOrder } from '../module/validate.js';
import { hiddenIds } from '../module/view.js';
import { baseOutcomes, halfStrength, INSTALLATIONS } from './installations.js';

afterEach(() => useRulesData(null));

const MED = 'tog-medium-cohort';
const CWL = 'cw-light-cohort';

let opened: GameEvent[] = [];

/** TOG A1 (+ A2) attacks CW D1; `bases` and detection flags as given; paused for the entries. */
function paused(
  o: { bases?: TestSpec['bases']; detected?: { A1?: boolean; A2?: boolean; D1?: boolean } } = {},
): PrefectState {
  useFixtureMap();
  const d = o.detected ?? {};
  const s = makeTestState({
    attacker: 'TOG',
    options: { externalCombat: 'CENTURION' },
    tfs: [
      {
        id: 'A1',
        side: 'TOG',
        hex: hx(4, 3),
        detected: d.A1,
        units: [
          { id: 't1', type: MED },
          { id: 't2', type: MED },
        ],
      },
      { id: 'A2', side: 'TOG', hex: hx(3, 4), detected: d.A2, units: [{ id: 't3', type: MED }] },
      {
        id: 'D1',
        side: 'CW',
        hex: hx(4, 4),
        detected: d.D1,
        units: [
          { id: 'c1', type: CWL },
          { id: 'c2', type: CWL },
        ],
      },
    ],
    bases: o.bases,
  });
  s.step = 'COMBAT_DECLARE';
  s.combat = { attacks: [], order: [], resolved: [] };
  advance(
    s,
    {
      TOG: checkOrder(s, 'TOG', {
        kind: 'combat-declare',
        attacks: [{ target: { tf: 'D1' }, attackers: ['A1', 'A2'] }],
      }).order!,
    },
    seededDice('d'),
  );
  const ev = advance(s, { CW: checkOrder(s, 'CW', { kind: 'combat-detect' }).order! }, seededDice('e'));
  expect(ev.map((e) => e.type)).toEqual(['external.open']);
  opened = ev;
  return s;
}

const entry = (s: PrefectState, side: Side, lost: string[], extra: Record<string, Json> = {}): Json => {
  const hidden = hiddenIds(s, side);
  return {
    kind: 'external-result',
    attack: 'a1',
    destroyed: lost.map((id) => hidden.get(id) ?? id),
    leftMap: [],
    ...extra,
  };
};
const setUpOf = (s: PrefectState, side: Side) =>
  (prefect.prompts(s).find((p) => p.side === side)!.choices as { setUp: Record<string, Json> }).setUp;
const errs = (s: PrefectState, side: Side, o: Json) => prefect.validate(s, side, o).map((e) => `${e.code}@${e.rule}`);
const GL2 = { id: 'b-cw', side: 'CW' as Side, type: 'GL2' as const, hex: hx(4, 4) };

describe('half strength (L2622-2626, L587)', () => {
  it('L2622: the defender detected and no attacker detected → the defender at half strength; shown alike to both and in the open event', () => {
    const s = paused({ detected: { D1: true } });
    for (const side of ['TOG', 'CW'] as Side[])
      expect(setUpOf(s, side)).toMatchObject({
        halfStrength: { TOG: false, CW: true },
        detected: { TOG: false, CW: true },
      });
    expect(halfStrength(s, ['A1', 'A2'], 'D1')).toMatchObject({ TOG: false, CW: true });
  });

  it('L2624, L587: one of the attacking TFs detected makes the attacker detected → the attacker at half strength', () => {
    const s = paused({ detected: { A2: true } });
    expect(setUpOf(s, 'CW')).toMatchObject({ halfStrength: { TOG: true, CW: false } });
  });

  it('L2626: both detected, or neither → nobody at half strength', () => {
    expect(setUpOf(paused({ detected: { A1: true, D1: true } }), 'TOG')).toMatchObject({
      halfStrength: { TOG: false, CW: false },
    });
    expect(setUpOf(paused(), 'TOG')).toMatchObject({ halfStrength: { TOG: false, CW: false }, installations: null });
  });
});

describe('defensive installations (L2630-2646, L2796)', () => {
  it('L2636-2644: the table, row by row; GL4 (absent from it) is labelled reconstructed with its reason', () => {
    expect(Object.fromEntries(Object.entries(INSTALLATIONS).map(([k, v]) => [k, v.count]))).toEqual({
      GL1: 2,
      GL2: 3,
      GL3: 5,
      GL4: 5,
      GN1: 1,
      GN2: 2,
      GN3: 2,
      GN4: 4,
      GN5: 3,
      GN6: 5,
    });
    expect(INSTALLATIONS.GL4.provenance).toMatchObject({
      source: 'reconstructed',
      reason: expect.stringMatching(/missing from the table/),
    });
    expect(INSTALLATIONS.GN3.provenance).toEqual({ source: 'rulebook', rule: 'L2641 (GN2/3)' });
  });

  it('L2630: a defender\u2019s base in the defending TF\u2019s hex adds its installations to the set-up both players see; bases elsewhere or of the attacker do not', () => {
    const s = paused({
      bases: [
        GL2,
        { id: 'b-far', side: 'CW', type: 'GL3', hex: hx(0, 0) },
        { id: 'b-tog', side: 'TOG', type: 'GL1', hex: hx(4, 3) },
      ],
    });
    const [t, c] = [setUpOf(s, 'TOG'), setUpOf(s, 'CW')];
    expect(t).toEqual(c);
    expect(t.installations).toMatchObject({
      bases: [{ base: 'b-cw', type: 'GL2', status: 'ACTIVE', installations: 3 }],
      total: 3,
      rule: 'L2630-2646, L2796',
    });
    expect(opened[0]).toMatchObject({
      type: 'external.open',
      visibleTo: 'all',
      data: { setUp: { installations: t.installations } },
    });
  });

  it('L2796: 2 of 3 installations lost (50 % or more) → the base is disorganised; totals and ratio unchanged (L2749: destroyed bases not counted)', () => {
    const s = paused({ bases: [GL2] });
    const inst = { installations: [{ base: 'b-cw', lost: 2 }] };
    const r = prefect.resolve(
      s,
      { TOG: entry(s, 'TOG', ['c1'], inst), CW: entry(s, 'CW', ['c1'], inst) },
      seededDice('b'),
    );
    const agreed = r.events.find((e) => e.type === 'external.agreed')!;
    expect(agreed.data).toMatchObject({
      effect: 'BT',
      totals: { attacker: 6, defender: 0 },
      bases: [{ base: 'b-cw', installations: 3, lost: 2, disorganised: true, rule: 'L2796' }],
    });
    expect((r.state as PrefectState).bases['b-cw'].status).toBe('DISRUPTED');
    const plain = prefect.resolve(s, { TOG: entry(s, 'TOG', ['c1']), CW: entry(s, 'CW', ['c1']) }, seededDice('b'));
    const p = plain.events.find((e) => e.type === 'external.agreed')!.data as Record<string, unknown>;
    expect([p.ratio, p.effect, p.totals]).toEqual([
      (agreed.data as Record<string, unknown>).ratio,
      'BT',
      { attacker: 6, defender: 0 },
    ]);
    expect((plain.state as PrefectState).bases['b-cw'].status).toBe('ACTIVE');
  });

  it('L2796: under 50 % the base is unharmed; exactly 50 % (1 of a GL1\u2019s 2) disorganises; a disrupted base stays disrupted (L2794 reading: only disorganised)', () => {
    const s = paused({ bases: [GL2] });
    const inst = { installations: [{ base: 'b-cw', lost: 1 }] };
    const r = prefect.resolve(s, { TOG: entry(s, 'TOG', [], inst), CW: entry(s, 'CW', [], inst) }, seededDice('u'));
    expect((r.state as PrefectState).bases['b-cw'].status).toBe('ACTIVE');
    const b = { base: 'g1', type: 'GL1', installations: 2, status: 'ACTIVE' };
    expect(baseOutcomes([b], [{ base: 'g1', lost: 1 }])).toEqual([
      { base: 'g1', installations: 2, lost: 1, disorganised: true },
    ]);
    expect(baseOutcomes([b], [])).toEqual([{ base: 'g1', installations: 2, lost: 0, disorganised: false }]);
    const d = paused({ bases: [{ ...GL2, status: 'DISRUPTED' }] });
    const all = { installations: [{ base: 'b-cw', lost: 3 }] };
    const r2 = prefect.resolve(d, { TOG: entry(d, 'TOG', [], all), CW: entry(d, 'CW', [], all) }, seededDice('u2'));
    expect((r2.state as PrefectState).bases['b-cw']).toMatchObject({ status: 'DISRUPTED' });
  });

  it('entries that differ only in the installations lost differ (asked again, nothing shown); a 0 entry equals no entry', () => {
    const s = paused({ bases: [GL2] });
    const r = prefect.resolve(
      s,
      { TOG: entry(s, 'TOG', [], { installations: [{ base: 'b-cw', lost: 2 }] }), CW: entry(s, 'CW', []) },
      seededDice('x'),
    );
    expect(r.events.map((e) => e.type)).toEqual(['external.differ', 'external.open']);
    expect(JSON.stringify(r.events)).not.toContain('"lost"');
    expect((r.state as PrefectState).combat!.external).toMatchObject({
      round: 2,
      bases: [{ base: 'b-cw', installations: 3 }],
    });
    const other = prefect.resolve(
      s,
      { TOG: entry(s, 'TOG', []), CW: entry(s, 'CW', [], { installations: [{ base: 'b-cw', lost: 3 }] }) },
      seededDice('x'),
    );
    const seen = (x: { state: unknown; events: GameEvent[] }) =>
      JSON.stringify([
        x.events,
        x.state,
        prefect.view(x.state as PrefectState, 'TOG'),
        prefect.view(x.state as PrefectState, 'CW'),
        prefect.prompts(x.state as PrefectState),
      ]);
    expect(seen(other)).toBe(seen(r));
    const zero = prefect.resolve(
      s,
      { TOG: entry(s, 'TOG', [], { installations: [{ base: 'b-cw', lost: 0 }] }), CW: entry(s, 'CW', []) },
      seededDice('z'),
    );
    expect(zero.events[0].type).toBe('external.agreed');
  });

  it('bad installation entries are refused naming the rule, nothing changes', () => {
    const s = paused({ bases: [GL2, { id: 'b-far', side: 'CW', type: 'GL3', hex: hx(0, 0) }] });
    const before = JSON.stringify(s);
    const e = (list: Json, extra: Record<string, Json> = {}) =>
      errs(s, 'TOG', entry(s, 'TOG', [], { installations: list, ...extra }));
    expect(e([{ base: 'b-far', lost: 1 }])).toEqual(['external.base-not-in-combat@L2630']);
    expect(e([{ base: 'nope', lost: 1 }])).toEqual(['external.base-not-in-combat@L2630']);
    expect(e([{ base: 'b-cw', lost: 4 }])).toEqual(['external.installations@L2636-2644, L2796']);
    expect(
      e([
        { base: 'b-cw', lost: 1 },
        { base: 'b-cw', lost: 1 },
      ]),
    ).toEqual(['external.base-twice@L2796']);
    expect(e([{ base: 'b-cw', lost: 1 }], { prefect: true })).toEqual(['external.prefect-with-units@D-87']);
    expect(e([{ base: 'b-cw', lost: -1 }])[0]).toMatch(/^MALFORMED/);
    expect(JSON.stringify(s)).toBe(before);
  });
});
