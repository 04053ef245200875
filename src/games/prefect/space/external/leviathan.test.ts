/**
 * D-87, option externalCombat 'LEVIATHAN' (L2432-2600): a battle of the Space Combat Phase pauses,
 * both players enter the result in Prefect terms (sealed), identical entries are applied (L2572-2600),
 * differing ones are asked again without revealing either, and a missed deadline, a Prefect request
 * or MAX_ROUNDS differing rounds fall back to the Prefect CRT. Through the module contract.
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent, Json } from '#engine/contract.js';
import { seededDice } from '#engine/dice.js';
import { prefectCampaign } from '../../campaign/index.js';
import { MAX_ROUNDS } from '../../common/external-protocol.js';
import prefectSpace from '../module/index.js';
import { owedAt } from '../module/sequence.js';
import type { Side, SpaceGameState } from '../module/types.js';
import { tfAlias } from '../module/view.js';
import { battleOf, entry, finishPhase, playTo } from './testing.js';

const errs = (s: SpaceGameState, side: Side, o: Json) =>
  prefectSpace.validate(s, side, o).map((e) => `${e.code}@${e.rule}`);
const ofType = (events: GameEvent[], type: string) => events.filter((e) => e.type === type);
const other = (side: Side): Side => (side === 'TOG' ? 'CW' : 'TOG');
const segmentAttack = (s: SpaceGameState) =>
  battleOf(s).kind === 'SEGMENT' &&
  s.tfs[battleOf(s).tf].mission === 'ATTACK' &&
  battleOf(s).units[other(battleOf(s).phasing)].length > 0;

describe('options (D-87)', () => {
  it('externalCombat OFF by default, LEVIATHAN offered, bad values refused; the Campaign passes LEVIATHAN to its space half', () => {
    expect(prefectSpace.options.find((o) => o.id === 'externalCombat')).toMatchObject({
      default: 'OFF',
      values: ['OFF', 'LEVIATHAN'],
    });
    expect(prefectSpace.promptKinds!.map((k) => k.kind)).toContain('external-result');
    expect((prefectSpace.setup('hold-the-line', {}, seededDice('o', 0)) as SpaceGameState).options.externalCombat).toBe(
      'OFF',
    );
    expect(() => prefectSpace.setup('hold-the-line', { externalCombat: 'CENTURION' }, seededDice('o', 0))).toThrow(
      /externalCombat/,
    );
    expect(() => prefectSpace.setup('hold-the-line', { externalResultSeconds: 5 }, seededDice('o', 0))).toThrow(
      /externalResultSeconds/,
    );
    expect(prefectCampaign.options.find((o) => o.id === 'externalCombat')?.values).toContain('LEVIATHAN');
    expect(
      (
        prefectCampaign.setup('invasion', { externalCombat: 'LEVIATHAN' }, seededDice('o', 0)) as {
          space: SpaceGameState;
        }
      ).space.options.externalCombat,
    ).toBe('LEVIATHAN');
  });

  it('with the option OFF the same game has no pause: the phase is resolved at once on the CRT', () => {
    const seen: string[] = [];
    playTo('lv-off', () => false, {
      options: { externalCombat: 'OFF' },
      each: (_p, _o, ev) => seen.push(...ev.map((e) => e.type)),
    });
    expect(seen.filter((t) => t.startsWith('external.'))).toEqual([]);
    expect(seen).toContain('COMBAT');
  }, 60_000);
});

describe('the pause (L2432-2526)', () => {
  it('both sides owe a sealed external-result with the option\u2019s deadline; the battle is public, fatigue and status only for the owner', () => {
    const s = playTo('lv1', segmentAttack, { options: { externalResultSeconds: 3600 } });
    const b = battleOf(s);
    expect(s.step).toBe('COMBAT');
    expect(owedAt(s)).toEqual([
      { side: 'TOG', kind: 'external-result', secret: true },
      { side: 'CW', kind: 'external-result', secret: true },
    ]);
    for (const side of ['TOG', 'CW'] as Side[]) {
      const p = prefectSpace.prompts(s).find((x) => x.side === side)!;
      expect(p.deadlineSeconds).toBe(3600);
      expect(prefectSpace.validate(s, side, p.defaultOrders)).toEqual([]);
      const units = (p.choices as { units: Record<Side, Record<string, unknown>[]> }).units;
      expect(Object.keys(units[side][0]).sort()).toEqual(['attack', 'defence', 'fatigue', 'id', 'status', 'type']);
      expect(Object.keys(units[other(side)][0]).sort()).toEqual(['id', 'type']); // H16: the enemy record sheet stays hidden
      expect(JSON.stringify(p)).not.toContain(`"${b.tf}"`); // TF ids under their aliases
    }
  }, 60_000);
});

describe('agreement (L2572-2600)', () => {
  it('identical entries: named units destroyed / disorganised, no CRT roll, the TF still tires (L2580)', () => {
    const s = playTo('lv1', segmentAttack);
    const b = battleOf(s);
    const victim = b.units[other(b.phasing)][0];
    const hurt = b.units[b.phasing][0];
    const r = prefectSpace.resolve(
      s,
      {
        TOG: entry(s, { destroyed: [victim], disorganised: [hurt] }),
        CW: entry(s, { disorganised: [hurt], destroyed: [victim] }),
      },
      seededDice('ag'),
    );
    expect(r.events[0]).toMatchObject({ type: 'external.agreed', visibleTo: 'all', data: { battle: b.id, round: 1 } });
    expect(r.events.map((e) => e.type)).not.toContain('COMBAT_PHASE_START'); // the replayed part of the phase is not sent again
    expect(
      JSON.stringify(
        prefectSpace.resolve(
          s,
          {
            TOG: entry(s, { destroyed: [victim], disorganised: [hurt] }),
            CW: entry(s, { disorganised: [hurt], destroyed: [victim] }),
          },
          seededDice('ag'),
        ),
      ),
    ).toBe(JSON.stringify(r));
    const res = ofType(r.events, 'LEVIATHAN_RESULT')[0];
    expect(res.data).toMatchObject({
      battle: b.id,
      destroyed: [victim],
      disorganised: [hurt],
      brokeOff: [],
      rule: 'L2572-2600, D-87',
    });
    expect(r.events.slice(0, r.events.indexOf(res)).map((e) => e.type)).not.toContain('COMBAT'); // the battle was not rolled on the CRT
    const st = r.state as SpaceGameState;
    expect(st.units[victim]).toMatchObject({ status: 'DESTROYED', offSystemBox: 'DESTROYED' }); // L2584
    expect(st.units[hurt].status).toBe('DISORGANISED'); // L2586
    const rest = finishPhase(st, 'ag');
    const fatigue = ofType(rest.events, 'SPACE_FATIGUE').map((e) => (e.data as { tf: string }).tf);
    expect(fatigue).toContain(tfAlias(s, b.tf)); // L2580, L1835: the fatigue follows the Prefect rules
    expect(rest.state.step).not.toBe('COMBAT');
  }, 60_000);

  it('L2570: a phasing TF that broke off leaves the segment; each side may name it by its own id or alias', () => {
    const s = playTo('lv1', segmentAttack);
    const b = battleOf(s);
    const [mine, theirs] = b.phasing === 'TOG' ? ['TOG', 'CW'] : ['CW', 'TOG'];
    const r = prefectSpace.resolve(
      s,
      { [mine]: entry(s, { brokeOff: [b.tf] }), [theirs]: entry(s, { brokeOff: [tfAlias(s, b.tf)] }) } as Record<
        string,
        Json
      >,
      seededDice('bo'),
    );
    expect(ofType(r.events, 'external.agreed')).toHaveLength(1);
    expect(ofType(r.events, 'LEVIATHAN_RESULT')[0].data).toMatchObject({ brokeOff: [tfAlias(s, b.tf)] });
    expect(ofType(r.events, 'RETREAT').some((e) => (e.data as { tf?: string }).tf === tfAlias(s, b.tf))).toBe(true);
  }, 60_000);

  it('L2530-2534: a force that broke off in a deep-space interception does not reach its segment (mission failed)', () => {
    const s = playTo('lv2', (x) => battleOf(x).kind === 'DSI', { interceptAll: true });
    const b = battleOf(s);
    const alias = tfAlias(s, b.tf);
    const on = prefectSpace.resolve(s, { TOG: entry(s), CW: entry(s) }, seededDice('dsi'));
    expect(on.events.some((e) => e.type === 'SEGMENT_CHOSEN' && (e.data as { tf: string }).tf === alias)).toBe(true);
    const off = prefectSpace.resolve(
      s,
      { TOG: entry(s, { brokeOff: [b.tf] }), CW: entry(s, { brokeOff: [b.tf] }) },
      seededDice('dsi'),
    );
    expect(off.events.some((e) => e.type === 'SEGMENT_CHOSEN' && (e.data as { tf: string }).tf === alias)).toBe(false);
    expect(
      off.events.find((e) => e.type === 'MISSION_RESULT' && (e.data as { tf: string }).tf === alias)!.data,
    ).toMatchObject({ status: 'FAILED' });
  }, 60_000);
});

describe('disagreement and fallbacks (D-87)', () => {
  it('differing entries: "entries differ" and asked again, nothing of either entry shown; after MAX_ROUNDS the Prefect CRT', () => {
    let s = playTo('lv1', segmentAttack);
    const b = battleOf(s);
    const [x, y] = [b.units[b.phasing][0], b.units[other(b.phasing)][0]];
    const seen = (r: { state: unknown; events: GameEvent[] }) => {
      const st = r.state as SpaceGameState;
      return JSON.stringify([
        r.events,
        st,
        prefectSpace.view(st, 'TOG'),
        prefectSpace.view(st, 'CW'),
        prefectSpace.view(st, null),
        prefectSpace.prompts(st),
      ]);
    };
    for (let round = 1; round < MAX_ROUNDS; round++) {
      const r = prefectSpace.resolve(
        s,
        { TOG: entry(s, { destroyed: [x] }), CW: entry(s, { destroyed: [y] }) },
        seededDice(`d${round}`),
      );
      expect(r.events.map((e) => e.type)).toEqual(['external.differ', 'external.open']);
      expect(r.events[0].data).toEqual({ battle: b.id, round, rule: 'D-87' });
      // Secrecy: another pair of differing entries leaves the same events, state, views and prompts.
      const r2 = prefectSpace.resolve(
        s,
        { TOG: entry(s, { disorganised: [y, x] }), CW: entry(s) },
        seededDice(`d${round}`),
      );
      expect(seen(r2)).toBe(seen(r));
      s = r.state as SpaceGameState;
      expect(s.external!.pending!.round).toBe(round + 1);
    }
    const last = prefectSpace.resolve(
      s,
      { TOG: entry(s, { destroyed: [x] }), CW: entry(s, { destroyed: [y] }) },
      seededDice('dl'),
    );
    expect(last.events[0]).toMatchObject({
      type: 'external.fallback',
      data: { reason: 'entries differ', resolution: 'PREFECT' },
    });
    const crt = ofType(last.events, 'COMBAT')[0].data as { roll: number; saves: unknown[] };
    expect(crt.roll).toBeGreaterThanOrEqual(1); // rolled on the Space CRT (L1565)
    expect(crt.saves.length).toBeGreaterThan(0);
  }, 60_000);

  it('a missed deadline (one entry only) and a Prefect request fall back to the CRT, and the event says which', () => {
    const s = playTo('lv1', segmentAttack);
    const dl = prefectSpace.resolve(s, { TOG: entry(s) }, seededDice('dl'));
    expect(dl.events.find((e) => e.type === 'external.fallback')!.data).toMatchObject({
      reason: 'deadline',
      resolution: 'PREFECT',
    });
    expect(ofType(dl.events, 'COMBAT').length).toBeGreaterThan(0);
    expect(ofType(dl.events, 'LEVIATHAN_RESULT')).toHaveLength(0);
    const rq = prefectSpace.resolve(s, { TOG: entry(s), CW: entry(s, { prefect: true }) }, seededDice('dl'));
    expect(rq.events.find((e) => e.type === 'external.fallback')!.data).toMatchObject({ reason: 'requested' });
  }, 60_000);
});

describe('bad entries are refused naming the rule, nothing changes', () => {
  it('ids outside the battle (made up, own, enemy: one answer), twice, Prefect with a result, wrong battle, forged deadline, wrong TF, withdrawal breaking off', () => {
    const s = playTo('lv1', segmentAttack);
    const b = battleOf(s);
    const before = JSON.stringify(s);
    const me = b.phasing;
    const ownOut = Object.values(s.units).find((u) => u.side === me && !b.units[me].includes(u.id))!.id;
    const enemyOut = Object.values(s.units).find((u) => u.side !== me && !b.units[other(me)].includes(u.id))!.id;
    const notIn = ['EXTERNAL_NOT_IN_BATTLE@L2478-2526, L2582'];
    expect(errs(s, me, entry(s, { destroyed: ['made-up'] }))).toEqual(notIn);
    expect(errs(s, me, entry(s, { destroyed: [ownOut] }))).toEqual(notIn);
    expect(errs(s, me, entry(s, { disorganised: [enemyOut] }))).toEqual(notIn);
    expect(prefectSpace.validate(s, me, entry(s, { destroyed: [enemyOut] }))[0].message).toBe(
      prefectSpace.validate(s, me, entry(s, { destroyed: ['made-up'] }))[0].message,
    );
    expect(errs(s, me, entry(s, { destroyed: [b.units[me][0]], disorganised: [b.units[me][0]] }))).toEqual([
      'EXTERNAL_TWICE@L2578',
    ]);
    expect(errs(s, me, entry(s, { destroyed: [b.units[me][0]], prefect: true }))).toEqual([
      'EXTERNAL_PREFECT_WITH_RESULT@D-87',
    ]);
    expect(errs(s, me, { ...(entry(s) as object), battle: 'TOG-t1-b99' })).toEqual(['EXTERNAL_BATTLE@D-87']);
    expect(errs(s, me, { ...(entry(s) as object), deadline: true })[0]).toMatch(/^MALFORMED@L2572-2600, D-87$/);
    expect(errs(s, me, { ...(entry(s) as object), destroyed: [5] })[0]).toMatch(/^MALFORMED@/);
    const enemyTf = Object.values(s.tfs).find((t) => t.side !== me)!.id;
    const wrongTf = ['EXTERNAL_NOT_PHASING_TF@L2530-2534, L2570'];
    expect(
      errs(
        s,
        other(me),
        entry(s, { brokeOff: [tfAlias(s, enemyTf === b.tf ? Object.keys(s.tfs).find((t) => t !== b.tf)! : enemyTf)] }),
      ),
    ).toEqual(wrongTf);
    expect(errs(s, other(me), entry(s, { brokeOff: ['tf_0000000000000000'] }))).toEqual(wrongTf);
    expect(JSON.stringify(s)).toBe(before);
    const w = playTo('lv1', (x) => battleOf(x).kind === 'WITHDRAWAL_INTERCEPT');
    expect(battleOf(w).kind).toBe('WITHDRAWAL_INTERCEPT');
    expect(errs(w, 'TOG', entry(w, { brokeOff: [battleOf(w).tf] }))).toEqual(['EXTERNAL_WITHDRAWAL_BREAKS_OFF@L2542']);
  }, 60_000);

  it('errors never depend on the other side\u2019s entry, and an entry is refused outside a pause', () => {
    const s = playTo('lv1', segmentAttack);
    const b = battleOf(s);
    const a = errs(s, 'CW', entry(s, { destroyed: [b.units.TOG[0]] }));
    prefectSpace.validate(s, 'TOG', entry(s, { destroyed: [b.units.CW[0]] }));
    expect(errs(s, 'CW', entry(s, { destroyed: [b.units.TOG[0]] }))).toEqual(a);
    expect(a).toEqual([]);
    const fresh = prefectSpace.setup('hold-the-line', { externalCombat: 'LEVIATHAN' }, seededDice('o', 0));
    expect(errs(fresh as SpaceGameState, 'TOG', entry(s))).toEqual(['WRONG_KIND@D-53']);
  }, 60_000);
});

describe('secrecy at the pause (H16-H18)', () => {
  it('the mission of a phasing TF outside the battle changes neither the opponent\u2019s view nor his prompt', () => {
    const s = playTo(
      'lv1',
      (x) =>
        segmentAttack(x) &&
        Object.values(x.tfs).some(
          (t) => t.side === battleOf(x).phasing && t.id !== battleOf(x).tf && t.mission === 'ATTACK',
        ),
    );
    const b = battleOf(s);
    const t2 = structuredClone(s);
    const tf = Object.values(t2.tfs).find((t) => t.side === b.phasing && t.id !== b.tf && t.mission === 'ATTACK')!;
    tf.mission = 'HS_ATTACK';
    (t2.external!.snapshot as unknown as SpaceGameState).tfs[tf.id].mission = 'HS_ATTACK';
    const opp = other(b.phasing);
    expect(JSON.stringify(prefectSpace.view(t2, b.phasing))).not.toBe(JSON.stringify(prefectSpace.view(s, b.phasing)));
    expect(JSON.stringify(prefectSpace.view(t2, opp))).toBe(JSON.stringify(prefectSpace.view(s, opp)));
    expect(JSON.stringify(prefectSpace.view(t2, null))).toBe(JSON.stringify(prefectSpace.view(s, null)));
    expect(JSON.stringify(prefectSpace.prompts(t2).filter((p) => p.side === opp))).toBe(
      JSON.stringify(prefectSpace.prompts(s).filter((p) => p.side === opp)),
    );
  }, 60_000);
});
