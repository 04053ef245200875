/**
 * D-87 option externalCombat 'CENTURION': a declared attack pauses the Combat Phase, both sides
 * enter the agreed Centurion result (sealed), agreement applies the converted result through the
 * normal Prefect combat (L2749-2798, L605-617), disagreement asks again without revealing either
 * entry, a missed deadline falls back to Prefect resolution. Through the module contract where
 * ids are redacted (each side names the enemy's units by the opaque ids it was shown).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { GameEvent, Json } from '#engine/contract.js';
import { seededDice } from '#engine/dice.js';
import { prefect } from '../module/index.js';
import { useRulesData } from '../rules-data.js';
import { advance, owedAt } from '../module/sequence.js';
import { hx, makeTestState, useFixtureMap } from '../testing.js';
import type { PrefectState, Side } from '../types.js';
import { checkOrder } from '../module/validate.js';
import { hiddenIds } from '../module/view.js';
import { prefectCampaign } from '../../campaign/index.js';
import { MAX_ROUNDS } from './agreement.js';

afterEach(() => useRulesData(null));

const MED = 'tog-medium-cohort';
const CWL = 'cw-light-cohort';

/** TOG A1 (two Medium Cohorts 9 pts each, Signals) attacks CW D1 (two Light Cohorts, 6 pts each); paused for the entries. */
function paused(external: 'OFF' | 'CENTURION' = 'CENTURION'): PrefectState {
  useFixtureMap();
  const s = makeTestState({
    attacker: 'TOG',
    options: { externalCombat: external },
    tfs: [
      {
        id: 'A1',
        side: 'TOG',
        hex: hx(4, 3),
        units: [
          { id: 't1', type: MED },
          { id: 't2', type: MED },
          { id: 'tsig', type: 'signals-century' },
        ],
      },
      {
        id: 'D1',
        side: 'CW',
        hex: hx(4, 4),
        units: [
          { id: 'c1', type: CWL },
          { id: 'c2', type: CWL },
        ],
      },
      { id: 'X9', side: 'TOG', hex: hx(0, 0), units: [{ id: 'tfar', type: MED }] },
    ],
  });
  s.step = 'COMBAT_DECLARE';
  s.combat = { attacks: [], order: [], resolved: [] };
  advance(
    s,
    {
      TOG: checkOrder(s, 'TOG', { kind: 'combat-declare', attacks: [{ target: { tf: 'D1' }, attackers: ['A1'] }] })
        .order!,
    },
    seededDice('d'),
  );
  const ev = advance(s, { CW: checkOrder(s, 'CW', { kind: 'combat-detect' }).order! }, seededDice('e'));
  if (external === 'CENTURION') expect(ev.map((e) => e.type)).toEqual(['external.open']);
  return s;
}

/** Each side's entry in its own ids: own units real, enemy units by the opaque id its prompt showed. */
function entry(s: PrefectState, side: Side, lost: string[], extra: Record<string, Json> = {}): Json {
  const hidden = hiddenIds(s, side);
  return {
    kind: 'external-result',
    attack: 'a1',
    destroyed: lost.map((id) => hidden.get(id) ?? id),
    leftMap: [],
    ...extra,
  };
}
const errs = (s: PrefectState, side: Side, o: Json) => prefect.validate(s, side, o).map((e) => `${e.code}@${e.rule}`);
const types = (events: GameEvent[]) => events.map((e) => e.type);

describe('options (D-87)', () => {
  it('Planetary: externalCombat OFF by default, bad values refused; the Campaign offers its own (CENTURION pauses its ground half, campaign/module/external-link.ts)', () => {
    expect(prefect.options.find((o) => o.id === 'externalCombat')).toMatchObject({
      default: 'OFF',
      values: ['OFF', 'CENTURION'],
    });
    expect(() => prefect.setup('liberation', { externalCombat: 'LEVIATHAN' }, seededDice('o', 0))).toThrow(
      /externalCombat/,
    );
    expect(() => prefect.setup('liberation', { externalResultSeconds: 5 }, seededDice('o', 0))).toThrow(
      /externalResultSeconds/,
    );
    expect(prefectCampaign.options.filter((o) => o.id === 'externalCombat').map((o) => o.values)).toEqual([
      ['OFF', 'LEVIATHAN', 'CENTURION', 'BOTH'],
    ]);
    expect(
      (
        prefectCampaign.setup('invasion', { externalCombat: 'CENTURION' }, seededDice('o', 0)) as {
          planetary: { options: { externalCombat: string } };
        }
      ).planetary.options.externalCombat,
    ).toBe('CENTURION');
  });
});

describe('pausing the Combat Phase (D-87)', () => {
  it('with the option OFF (default) the attack is rolled at once', () => {
    const s = paused('OFF');
    expect(s.step).toBe('SUPPLY');
    expect(s.combat!.resolved).toEqual(['a1']);
  });

  it('with CENTURION both sides owe a sealed external-result with its own deadline; the prompt lists the forces (enemy ids opaque) and a suggestion', () => {
    const s = paused();
    expect(s.step).toBe('COMBAT_DETECT');
    expect(owedAt(s)).toEqual([
      { side: 'TOG', kinds: ['external-result'], kind: 'external-result', secret: true },
      { side: 'CW', kinds: ['external-result'], kind: 'external-result', secret: true },
    ]);
    const cw = prefect.prompts(s).find((p) => p.side === 'CW')!;
    expect(cw.deadlineSeconds).toBe(86400);
    const text = JSON.stringify(cw);
    expect(text).not.toContain('"t1"'); // TOG units hidden from CW (H1): opaque ids
    expect(text).toContain('"c1"');
    const forces = (cw.choices as { forces: Record<Side, { type: string }[]> }).forces;
    expect(forces.TOG.map((u) => u.type)).toEqual([MED, MED]); // L2786: Signals is not on the Centurion map
    expect(prefect.validate(s, 'CW', cw.defaultOrders)).toEqual([]);
  });
});

describe('bad entries are refused naming the rule, nothing changes', () => {
  it('unknown unit, unit not in the combat, the other attack, a unit twice, Prefect request with units, negative numbers', () => {
    const s = paused();
    const before = JSON.stringify(s);
    expect(errs(s, 'TOG', entry(s, 'TOG', ['nope']))).toEqual(['external.unit-unknown@L2628']);
    expect(errs(s, 'TOG', entry(s, 'TOG', ['tfar']))).toEqual(['external.unit-not-in-combat@L2616, L2628, L2786']);
    expect(errs(s, 'TOG', entry(s, 'TOG', ['tsig']))).toEqual(['external.unit-not-in-combat@L2616, L2628, L2786']);
    expect(errs(s, 'TOG', entry(s, 'TOG', [], { attack: 'a2' }))).toEqual(['external.attack@D-87']);
    expect(errs(s, 'TOG', { ...(entry(s, 'TOG', ['t1']) as object), leftMap: ['t1'] })).toEqual([
      'external.unit-twice@L2767, L2792',
    ]);
    expect(errs(s, 'TOG', entry(s, 'TOG', ['t1'], { prefect: true }))).toEqual(['external.prefect-with-units@D-87']);
    expect(errs(s, 'TOG', { kind: 'external-result', attack: 'a1', destroyed: [-1] })[0]).toBe(
      'MALFORMED@L2749-2798, D-87',
    );
    // CW naming a TOG unit by its real id (it saw only an opaque id) is refused as a guess.
    expect(errs(s, 'CW', { kind: 'external-result', attack: 'a1', destroyed: ['t1'] })).toEqual(['unit.unknown@L97']);
    expect(JSON.stringify(s)).toBe(before);
  });
});

describe('agreement, disagreement, deadline', () => {
  it('L2782 agreed 3 to 1 or better → BT: the defender is disorganised and retreats, the attacker loses nothing and rolls no CRT die', () => {
    const s = paused();
    const r = prefect.resolve(s, { TOG: entry(s, 'TOG', ['c1']), CW: entry(s, 'CW', ['c1']) }, seededDice('bt'));
    const agreed = r.events.find((e) => e.type === 'external.agreed')!;
    expect(agreed.data).toMatchObject({
      attack: 'a1',
      effect: 'BT',
      ratio: '3 to 1',
      totals: { attacker: 6, defender: 0 },
    });
    const combat = r.events.find((e) => e.type === 'combat')!;
    expect(combat.data).toMatchObject({ result: { aFlag: null, dFlag: 'BT' }, roll: null, external: { effect: 'BT' } });
    expect(combat.rolls ?? []).toEqual([]); // no die was rolled: represented units take the agreed outcome (L2790)
    expect(r.state.units.c1.status).toBe('DISORGANISED');
    expect(r.state.units.c2.status).toBe('DISORGANISED'); // L605: BT disorganises the whole TF
    expect(['t1', 't2'].map((u) => r.state.units[u].status)).toEqual(['ACTIVE', 'ACTIVE']);
    expect(r.state.tempo.TOG).toBe(1); // D-37
    expect(r.state.step).toBe('SUPPLY');
  });

  it('L2780/L2794 agreed 12:9 → no effect; units whose representatives were destroyed are only disorganised', () => {
    const s = paused();
    const r = prefect.resolve(
      s,
      { TOG: entry(s, 'TOG', ['c1', 'c2', 't1']), CW: entry(s, 'CW', ['t1', 'c2', 'c1']) },
      seededDice('ne'),
    );
    expect(r.events.find((e) => e.type === 'external.agreed')!.data).toMatchObject({
      effect: 'NONE',
      totals: { attacker: 12, defender: 9 },
    });
    expect(['t1', 't2', 'c1', 'c2'].map((u) => r.state.units[u].status)).toEqual([
      'DISORGANISED',
      'ACTIVE',
      'DISORGANISED',
      'DISORGANISED',
    ]);
    expect(r.state.tfs.A1.hex).toBe(hx(4, 3)); // no retreat
  });

  it('L2778 agreed 6:18 → CA: the attacker is broken and retreats', () => {
    const s = paused();
    const r = prefect.resolve(
      s,
      { TOG: entry(s, 'TOG', ['t1', 't2', 'c1']), CW: entry(s, 'CW', ['c1', 't2', 't1']) },
      seededDice('ca'),
    );
    expect(r.events.find((e) => e.type === 'external.agreed')!.data).toMatchObject({ effect: 'CA', ratio: '1 to 3' });
    expect(r.state.tempo.CW).toBe(1);
    expect(r.state.units.tsig.status).not.toBe('ACTIVE'); // L2786: the unrepresented Signals rolled its save under the CA
    expect(r.events.find((e) => e.type === 'combat')!.rolls!.length).toBe(1);
  });

  it('differing entries: "entries differ", asked again, neither entry shown anywhere; after MAX_ROUNDS Prefect resolution', () => {
    let s = paused();
    for (let round = 1; round < MAX_ROUNDS; round++) {
      const before = s;
      const r = prefect.resolve(
        s,
        { TOG: entry(s, 'TOG', ['c2']), CW: entry(s, 'CW', ['t2']) },
        seededDice(`x${round}`),
      );
      expect(types(r.events)).toEqual(['external.differ', 'external.open']);
      expect(r.events[0]).toMatchObject({ visibleTo: 'all', data: { attack: 'a1', round } });
      s = r.state as PrefectState;
      expect(s.combat!.external).toEqual({ attack: 'a1', round: round + 1 });
      // Secrecy: a different pair of differing entries leaves exactly the same events, state, views and prompts.
      const other = prefect.resolve(
        before,
        { TOG: entry(before, 'TOG', ['t1', 'c1']), CW: entry(before, 'CW', []) },
        seededDice(`x${round}`),
      );
      const seen = (x: { state: unknown; events: GameEvent[] }) => {
        const st = x.state as PrefectState;
        return JSON.stringify([
          x.events,
          st,
          prefect.view(st, 'TOG'),
          prefect.view(st, 'CW'),
          prefect.view(st, null),
          prefect.prompts(st),
        ]);
      };
      expect(seen(other)).toBe(seen(r));
    }
    const last = prefect.resolve(s, { TOG: entry(s, 'TOG', ['c2']), CW: entry(s, 'CW', ['t2']) }, seededDice('xl'));
    expect(last.events[0].data).toMatchObject({ reason: 'entries differ', resolution: 'PREFECT' });
    expect(last.events.find((e) => e.type === 'combat')!.rolls!.length).toBeGreaterThan(0); // the CRT roll and saves
  });

  it('a missed deadline (one entry only) falls back to the Prefect CRT, and the event says so', () => {
    const s = paused();
    const r = prefect.resolve(s, { TOG: entry(s, 'TOG', ['c1']) }, seededDice('dl'));
    expect(r.events.find((e) => e.type === 'external.fallback')!.data).toMatchObject({
      attack: 'a1',
      reason: 'deadline',
      resolution: 'PREFECT',
      rule: 'D-87',
    });
    const combat = r.events.find((e) => e.type === 'combat')!;
    expect(typeof (combat.data as { roll: unknown }).roll).toBe('number');
    expect(combat.data).not.toHaveProperty('external');
    expect((r.state as PrefectState).step).toBe('SUPPLY');
  });

  it('an entry may ask for the Prefect resolution', () => {
    const s = paused();
    const r = prefect.resolve(
      s,
      { TOG: entry(s, 'TOG', []), CW: { kind: 'external-result', attack: 'a1', prefect: true } },
      seededDice('rq'),
    );
    expect(r.events.find((e) => e.type === 'external.fallback')!.data).toMatchObject({ reason: 'requested' });
  });

  it('errors for one side never depend on the other side\u2019s entry (validation sees only the state)', () => {
    const s = paused();
    const a = errs(s, 'CW', entry(s, 'CW', ['c1']));
    prefect.validate(s, 'TOG', entry(s, 'TOG', ['t1', 't2']));
    expect(errs(s, 'CW', entry(s, 'CW', ['c1']))).toEqual(a);
    expect(a).toEqual([]);
  });
});
