/**
 * D-87 with a Defender counter-attack (L2725-2732): in interactive play with externalCombat
 * 'CENTURION' a counter-attack during the Movement Phase pauses for both players' sealed
 * external-result entries; identical entries are converted (L2749-2798, the counter-attacking TFs
 * as the combat's attacker, L435) and applied as its result; the fallbacks roll the CRT; the
 * movement then resumes (L445). Planned play keeps counter-attacks on the CRT.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { GameEvent, Json } from '#engine/contract.js';
import type { Dice } from '#engine/dice.js';
import { currentPoint, newMovement, runMovement } from '../counteractions.js';
import { plannedDecider } from '../deciders.js';
import { prefect } from '../module/index.js';
import { useRulesData } from '../rules-data.js';
import { advance, owedAt } from '../module/sequence.js';
import { hx, labelDice, makeTestState, useFixtureMap } from '../testing.js';
import type { PrefectOrder, PrefectState, Side } from '../types.js';
import { checkOrder } from '../module/validate.js';
import { hiddenIds } from '../module/view.js';
import { playBots } from '../../campaign/module/testing.js';
import { playExternalBotGame } from './bot-play.js';

afterEach(() => useRulesData(null));

const L = 'tog-light-cohort';
const CWL = 'cw-light-cohort';
const PATH = [hx(4, 1), hx(4, 2), hx(4, 3), hx(3, 3), hx(2, 3)];
const types = (ev: GameEvent[]) => ev.map((e) => e.type);

/** One side's submission, checked as the module does, then applied. */
function submit(s: PrefectState, side: Side, raw: Json, dice: Dice): GameEvent[] {
  const c = checkOrder(s, side, raw);
  expect(c.errors, JSON.stringify(raw)).toEqual([]);
  return advance(s, { [side]: c.order! } as Partial<Record<Side, PrefectOrder>>, dice);
}

/** CW TF1 (two Light Cohorts) counter-attacks TOG TF2 (Light Cohort + Signals) moving along PATH; paused at the counter-attack. */
function pausedCounter(mode: 'interactive' | 'planned' = 'interactive', dice = labelDice({ detection: 1 })) {
  useFixtureMap();
  const s = makeTestState({
    attacker: 'TOG',
    options: { interleave: mode, externalCombat: 'CENTURION' },
    tfs: [
      {
        id: 'TF1',
        side: 'CW',
        hex: hx(4, 4),
        units: [
          { id: 'c1', type: CWL },
          { id: 'c2', type: CWL },
        ],
      },
      {
        id: 'TF2',
        side: 'TOG',
        hex: PATH[0],
        units: [
          { id: 't1', type: L },
          { id: 'tsig', type: 'signals-century' },
        ],
      },
    ],
  });
  s.movement = newMovement();
  const events = [
    ...submit(s, 'TOG', { kind: 'move', move: { tf: 'TF2', mode: 'COMBAT', path: PATH } }, dice),
    ...submit(s, 'CW', { kind: 'interrupt', detections: [{ tf: 'TF1', esm: 1 }] }, dice),
    ...submit(s, 'CW', { kind: 'counter-attack', tfs: ['TF1'] }, dice),
    ...submit(s, 'TOG', { kind: 'pass' }, dice),
  ];
  return { s, events, dice };
}

/** Each side's entry in its own ids (enemy units by the opaque id its prompt showed). */
function entry(s: PrefectState, side: Side, lost: string[], extra: Record<string, Json> = {}): Json {
  const hidden = hiddenIds(s, side);
  const attack = s.combat!.attacks[0].id;
  return { kind: 'external-result', attack, destroyed: lost.map((id) => hidden.get(id) ?? id), leftMap: [], ...extra };
}
const both = (s: PrefectState, tog: Json, cw: Json) => ({
  TOG: checkOrder(s, 'TOG', tog).order!,
  CW: checkOrder(s, 'CW', cw).order!,
});

describe('L2725-2732: a Defender counter-attack played with Centurion (interactive play)', () => {
  it('L2727-2732 pause: counter.attack then external.open with the counter-attack set-up; both owe a sealed entry; the mover waits', () => {
    const { s, events } = pausedCounter();
    expect(types(events).slice(-2)).toEqual(['counter.attack', 'external.open']);
    const open = events.at(-1)!.data as Record<string, Json>;
    expect(open).toMatchObject({ attackers: ['TF1'], target: 'TF2', round: 1 });
    expect((open.setUp as Record<string, Json>).counterAttack).toMatchObject({
      type: 'DEFENDER_COUNTER_ATTACK',
      conversionAttacker: 'CW',
      deployment: [
        { side: 'TOG', order: 1, map: 'northern', row: 'xx01' },
        { side: 'CW', order: 2, map: 'southern', row: 'xx14' },
      ],
    });
    expect(events.some((e) => (e.rolls ?? []).some((r) => r.label.startsWith('combat')))).toBe(false); // no CRT roll
    expect(s.step).toBe('MOVEMENT');
    expect(s.tfs.TF2.hex).toBe(PATH[2]);
    expect(owedAt(s)).toEqual([
      { side: 'TOG', kinds: ['external-result'], kind: 'external-result', secret: true },
      { side: 'CW', kinds: ['external-result'], kind: 'external-result', secret: true },
    ]);
    const p = prefect.prompts(s).find((x) => x.side === 'TOG')!;
    expect(p.deadlineSeconds).toBe(86400);
    expect(p.description).toMatch(/L2727-2732/);
    expect(((p.choices as Record<string, Json>).setUp as Record<string, Json>).counterAttack).toMatchObject({
      rule: 'L2725-2732',
    });
    expect(runMovement(s, labelDice({}), () => ({ kind: 'pass' }))).toEqual([]); // the phase stays paused
    expect(
      checkOrder(s, 'TOG', { kind: 'move', move: { tf: 'TF2', mode: 'COMBAT', path: PATH.slice(2) } }).errors.map(
        (e) => e.code,
      ),
    ).toEqual(['wrong-kind']);
  });

  it('L2749-2798 agreed BT (the counter-attackers destroyed the mover\u2019s unit, none lost): mover disorganised, no CRT roll, its move ends (L445), the phase resumes', () => {
    const { s } = pausedCounter();
    const dice = labelDice({});
    const ev = advance(s, both(s, entry(s, 'TOG', ['t1']), entry(s, 'CW', ['t1'])), dice);
    expect(types(ev)).toContain('external.agreed');
    expect(ev.find((e) => e.type === 'external.agreed')!.data).toMatchObject({
      effect: 'BT',
      totals: { attacker: expect.any(Number), defender: 0 },
    });
    expect(dice.log.some((r) => r.label.startsWith('combat'))).toBe(false);
    expect(s.units.t1.status).toBe('DISORGANISED'); // L2794: only disorganised
    expect(s.tfs.TF2).toBeUndefined();
    expect(s.combat).toBeUndefined();
    expect(types(ev)).toContain('move.end');
    expect(s.tempo.CW).toBeGreaterThan(0); // D-37: the BT is scored for the counter-attacker
    expect(currentPoint(s)).toMatchObject({ kind: 'attacker-move' });
  });

  it('L2749-2798 agreed no effect: nothing lost, the mover resumes its path with the MP left (L445)', () => {
    const { s } = pausedCounter();
    const ev = advance(s, both(s, entry(s, 'TOG', []), entry(s, 'CW', [])), labelDice({}));
    expect(ev.find((e) => e.type === 'external.agreed')!.data).toMatchObject({ effect: 'NONE' });
    expect(s.units.c1.status).toBe('ACTIVE');
    expect(s.units.t1.status).toBe('ACTIVE');
    expect(ev.findIndex((e) => e.type === 'move.hex')).toBeGreaterThan(ev.findIndex((e) => e.type === 'combat'));
    expect(s.tfs.TF2.hex).not.toBe(PATH[2]);
    expect(s.tfs.TF1.defenderAction).toBe('ATTACK');
  });

  it('L2771-2782 the counter-attackers count as attacker: they lost a unit and destroyed none → CA on them', () => {
    const { s } = pausedCounter();
    const ev = advance(s, both(s, entry(s, 'TOG', ['c1']), entry(s, 'CW', ['c1'])), labelDice({}));
    expect(ev.find((e) => e.type === 'external.agreed')!.data).toMatchObject({ effect: 'CA' });
    expect([s.units.c1.status, s.units.c2.status]).toEqual(['DISORGANISED', 'DISORGANISED']); // L605-607
    expect(s.units.t1.status).toBe('ACTIVE');
  });

  it('D-87 fallbacks: a Prefect request, or a missed deadline, rolls the counter-attack on the CRT and the movement goes on', () => {
    const r = pausedCounter();
    const dice = labelDice({ combat: 1 });
    const ev = advance(r.s, both(r.s, entry(r.s, 'TOG', [], { prefect: true }), entry(r.s, 'CW', [])), dice);
    expect(ev.find((e) => e.type === 'external.fallback')!.data).toMatchObject({
      reason: 'requested',
      resolution: 'PREFECT',
    });
    expect(dice.log.filter((x) => x.label.startsWith('combat'))).toHaveLength(1);
    expect(r.s.combat).toBeUndefined();
    const d = pausedCounter();
    const ev2 = advance(d.s, {}, labelDice({ combat: 1 }));
    expect(ev2.find((e) => e.type === 'external.fallback')!.data).toMatchObject({ reason: 'deadline' });
    expect(types(ev2)).toContain('combat');
  });

  it('D-87 bad entries: wrong attack, a unit not in the counter-attack, a guessed real id — structured errors naming the rule, nothing changes', () => {
    const { s } = pausedCounter();
    const before = JSON.stringify(s);
    const v = (side: Side, o: Json) => prefect.validate(s, side, o).map((e) => `${e.code}@${e.rule}`);
    expect(v('CW', { ...(entry(s, 'CW', []) as Record<string, Json>), attack: 'a1' })).toEqual([
      'external.attack@D-87',
    ]);
    expect(v('TOG', entry(s, 'TOG', ['tsig']))).toEqual(['external.unit-not-in-combat@L2616, L2628, L2786']);
    const guessed = hiddenIds(s, 'CW').has('t1')
      ? v('CW', { ...(entry(s, 'CW', []) as Record<string, Json>), destroyed: ['t1'] })
      : ['unit.unknown@L97'];
    expect(guessed).toEqual(['unit.unknown@L97']);
    expect(JSON.stringify(s)).toBe(before);
  });

  it('D-87 secrecy: different differing entries give identical events, state, views, prompts and errors', () => {
    const runs = [
      [['t1'], []],
      [[], ['c1', 'c2']],
    ].map(([tog, cw]) => {
      const { s } = pausedCounter();
      const ev = advance(s, both(s, entry(s, 'TOG', tog), entry(s, 'CW', cw)), labelDice({}));
      const bad = prefect.validate(s, 'TOG', entry(s, 'TOG', ['tsig']));
      return JSON.stringify([ev, s, prefect.view(s, 'TOG'), prefect.view(s, 'CW'), prefect.prompts(s), bad]);
    });
    expect(runs[0]).toContain('external.differ');
    expect(JSON.parse(runs[0])[0][0].data).toEqual({ attack: 'counter-t1-a1', round: 1, rule: 'D-87' }); // neither entry shown
    expect(runs[1]).toBe(runs[0]);
  });

  it('planned play: the movement resolves in one step, so the counter-attack stays on the CRT (option description)', () => {
    useFixtureMap();
    const s = makeTestState({
      attacker: 'TOG',
      options: { externalCombat: 'CENTURION' },
      tfs: [
        { id: 'TF1', side: 'CW', hex: hx(4, 4), units: [CWL, CWL] },
        { id: 'TF2', side: 'TOG', hex: PATH[0], units: [L] },
      ],
    });
    s.movement = {
      ...newMovement(),
      plan: { kind: 'movement-plan', moves: [{ tf: 'TF2', mode: 'COMBAT', path: PATH }] },
      counter: {
        kind: 'counter-orders',
        interrupt: { default: { detect: true, esm: 'max' } },
        counterAttacks: [{ tfs: ['TF1'] }],
        moves: [],
      },
    };
    const ev = runMovement(s, labelDice({ detection: 1, combat: 1 }), plannedDecider);
    expect(types(ev)).toContain('counter.attack');
    expect(types(ev)).not.toContain('external.open');
    expect(s.movement!.ended).toBe(true);
    expect(prefect.options.find((o) => o.id === 'externalCombat')!.description).toMatch(/planned play.*CRT/);
  });
});

describe('the Campaign keeps its counter-attacks on the CRT (its ground half pauses only in the Combat Phase)', () => {
  it('interactive Campaign bot game with CENTURION (c2): counter-attacks rolled, never paused; the Combat Phase pauses agreed; none defaulted', () => {
    const counts: Record<string, number> = {};
    let movementPauses = 0;
    playBots(
      'c2', // a seed whose bot play has counter-attacks (c1's has none since the Campaign bots' logistics)
      ({ prev, events }) => {
        for (const e of events) counts[e.type] = (counts[e.type] ?? 0) + 1;
        if (prev.planetary.step === 'MOVEMENT' && prev.planetary.combat?.external) movementPauses++;
      },
      { externalCombat: 'CENTURION', interleave: 'interactive' },
      3000,
    );
    expect(counts['counter.attack']).toBeGreaterThan(0);
    expect(movementPauses).toBe(0);
    expect(counts['external.agreed']).toBe(counts['external.open']);
    expect(counts['orders.defaulted'] ?? 0).toBe(0);
  }, 120_000);
});

describe('a bot game in interactive play with externalCombat CENTURION (L2725-2732, D-87)', () => {
  let counterPausesSeen = 0;
  it.each(['cx', 'cy', 'cz', 'cw'])(
    'seed %s: every pause agreed and applied, all orders legal, none defaulted, the game ends',
    (seed) => {
      const {
        s,
        counts,
        pauses: counterPauses,
      } = playExternalBotGame(
        seed,
        { externalCombat: 'CENTURION', interleave: 'interactive' },
        20000,
        (st) => st.step === 'MOVEMENT' && !!st.combat?.external,
      );
      counterPausesSeen += counterPauses;
      expect(prefect.outcome(s)).not.toBeNull();
      expect(counts['external.agreed'] ?? 0).toBe(counts['external.open'] ?? 0);
      console.log(
        `D-87 interactive bot game ${seed}:`,
        JSON.stringify({
          turns: s.turn,
          winner: s.result?.winner,
          open: counts['external.open'] ?? 0,
          counterPauses,
          counterAttacks: counts['counter.attack'] ?? 0,
        }),
      );
    },
    300_000,
  );

  it('the seeds above paused at counter-attacks', () => expect(counterPausesSeen).toBeGreaterThan(0));
});
