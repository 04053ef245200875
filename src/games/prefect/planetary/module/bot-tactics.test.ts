/**
 * The bot's finer tactics (bot-tactics.ts, bot-independents.ts): standing retreat choices
 * (L609-617, D-31), destroying enemy disorganised units (L459-475, L721-729), independent
 * non-gravitic units (L914-934). Every bot order is checked with the module's own validation.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ScriptedDice, seededDice } from '#engine/dice.js';
import { botOrders, planMoves } from './bot.js';
import { botAdjustment, independentMoves } from './bot-independents.js';
import { attackerDestroyMove, publicEnemyZoc, rankRetreat, retreatChoices } from './bot-tactics.js';
import { resolveCombat, type ShiftChoice } from '../combat.js';
import { newMovement, runMovement } from '../counteractions.js';
import { answerOnce } from '../deciders.js';
import { applyAdjustment } from '../adjustment.js';
import { storeRetreatPrefs } from '../retreat-prefs.js';
import { useRulesData } from '../rules-data.js';
import { hx, makeTestState, neighbours, useFixtureMap } from '../testing.js';
import type {
  AdjustmentOrder,
  CombatDeclareOrder,
  CounterOrders,
  DefenderActionsOrder,
  PrefectState,
  Side,
} from '../types.js';
import { checkOrder } from './validate.js';

afterEach(() => useRulesData(null));
const validate = (s: PrefectState, side: string, o: unknown) => checkOrder(s, side, o).errors;
const bot = (s: PrefectState, side: Side) => botOrders(s, side, seededDice('bot'), validate);
const NONE: Record<Side, ShiftChoice> = { TOG: 'NONE', CW: 'NONE' };

describe('L609-617, D-31: the bot ranks its retreat hexes', () => {
  it('away from enemy zones of control: every hex next to a Combat-mode enemy counter comes after every hex that is not', () => {
    useFixtureMap();
    const s = makeTestState({
      tfs: [
        { id: 'C', side: 'CW', hex: hx(4, 4), units: ['cw-medium-cohort'] },
        { id: 'E', side: 'TOG', hex: hx(4, 2), units: ['tog-medium-cohort'] },
      ],
    });
    const zoc = publicEnemyZoc(s, 'CW');
    const ranked = rankRetreat(s, 'CW', 'C');
    expect(ranked.sort()).toEqual([...neighbours(hx(4, 4))].sort()); // all six legal here
    const inZoc = rankRetreat(s, 'CW', 'C').map((h) => zoc.has(h));
    expect(inZoc.some(Boolean)).toBe(true);
    expect(inZoc.indexOf(true)).toBeGreaterThan(inZoc.lastIndexOf(false)); // false…false, true…true
  });

  it('never ranks an illegal hex (enemy counter, enemy unit, water for a non-gravitic TF) and uses only public knowledge', () => {
    useFixtureMap({ water: { [hx(3, 4)]: 'FULL' } });
    const spec = (enemyUnits: string[]) =>
      makeTestState({
        tfs: [
          { id: 'M', side: 'CW', hex: hx(4, 4), units: ['militia-regiment'], independent: true },
          { id: 'E', side: 'TOG', hex: hx(4, 5), units: enemyUnits },
        ],
        disorganised: [{ id: 'x', type: 'tog-light-cohort', side: 'TOG', hex: hx(4, 3) }],
      });
    const s = spec(['tog-medium-cohort']);
    const ranked = rankRetreat(s, 'CW', 'M');
    expect(ranked).not.toContain(hx(4, 5)); // L611 enemy TF
    expect(ranked).not.toContain(hx(4, 3)); // L473 enemy unit
    expect(ranked).not.toContain(hx(3, 4)); // L934 water
    expect(ranked.length).toBe(3);
    // H1: what the enemy TF holds changes nothing (its counter and mode are all the bot reads).
    expect(rankRetreat(spec(['signals-century', 'tog-heavy-cohort', 'tog-heavy-cohort']), 'CW', 'M')).toEqual(ranked);
  });

  it('the stored choice is used by the retreat: toward the base, out of the enemy zone, where the D-31 default would not go', () => {
    useFixtureMap();
    const s = makeTestState({
      tfs: [
        { id: 'TF1', side: 'CW', hex: hx(2, 2), units: [{ id: 'm1', type: 'cw-medium-cohort' }] },
        { id: 'TF3', side: 'TOG', hex: hx(1, 2), units: ['tog-medium-cohort', 'tog-medium-cohort'] },
      ],
      bases: [{ id: 'B1', side: 'CW', type: 'GL1', hex: hx(4, 3) }],
    });
    const prefs = retreatChoices(s, 'CW');
    expect(prefs.map((p) => p.tf)).toEqual(['TF1']);
    storeRetreatPrefs(s, 'CW', prefs);
    resolveCombat(s, new ScriptedDice([8, 1, 1, 1]), {
      attackers: ['TF3'],
      target: { tf: 'TF1' },
      context: 'COMBAT_PHASE',
      shiftPolicy: NONE,
    }); // DR (T-P10)
    expect(s.tfs.TF1.hex).toBe(hx(3, 2)); // 1 hex from the base; the default takes 0201, 2 away
    expect(publicEnemyZoc(s, 'CW').has(s.tfs.TF1.hex)).toBe(false);
  });

  it('combat and movement orders carry the choices and validate', () => {
    useFixtureMap();
    const s = makeTestState({
      attacker: 'TOG',
      tfs: [
        { id: 'A', side: 'TOG', hex: hx(2, 2), units: ['tog-heavy-cohort', 'tog-medium-cohort'] },
        { id: 'D', side: 'CW', hex: hx(2, 3), units: ['cw-light-cohort'] },
      ],
    });
    const plan = bot(s, 'TOG');
    const counter = bot(s, 'CW') as CounterOrders;
    expect(plan.kind).toBe('movement-plan');
    expect(counter.retreat?.map((p) => p.tf)).toEqual(['D']);
    s.step = 'COMBAT_DECLARE';
    const declare = bot(s, 'TOG') as CombatDeclareOrder;
    expect(declare.retreat?.[0]).toMatchObject({ tf: 'A', hexes: rankRetreat(s, 'TOG', 'A') });
    expect(validate(s, 'TOG', declare)).toEqual([]);
  });
});

const DIS = [
  { id: 'x1', type: 'tog-light-cohort', side: 'TOG' as const, hex: hx(7, 5) },
  { id: 'x2', type: 'tog-light-cohort', side: 'TOG' as const, hex: hx(7, 5) },
];

describe('L459-475, L721-729: the bot destroys enemy disorganised units', () => {
  it('interactive defender-actions: a counter-move into the lone disorganised units destroying both (L475), legal, then applied', () => {
    useFixtureMap();
    const s = makeTestState({
      attacker: 'TOG',
      options: { interleave: 'interactive' },
      tfs: [
        { id: 'A', side: 'TOG', hex: hx(0, 0), units: ['tog-medium-cohort'] },
        { id: 'D', side: 'CW', hex: hx(6, 5), units: ['cw-light-cohort'] },
      ],
      disorganised: DIS,
    });
    s.movement = {
      ...newMovement(),
      attackerMoves: 1,
      window: { kind: 'defender-actions', side: 'CW', afterAttackerMove: 1 },
    };
    const o = bot(s, 'CW') as DefenderActionsOrder;
    expect(o).toEqual({
      kind: 'defender-actions',
      actions: [{ type: 'move', tf: 'D', path: [hx(6, 5), hx(7, 5)], destroy: [{ hex: hx(7, 5), count: 2 }] }],
    });
    runMovement(s, seededDice('k'), answerOnce(o as never));
    expect([s.units.x1.status, s.units.x2.status]).toEqual(['DESTROYED', 'DESTROYED']);
  });

  it('no counter-action left, or only a support TF: it passes', () => {
    useFixtureMap();
    const s = makeTestState({
      attacker: 'TOG',
      options: { interleave: 'interactive' },
      tfs: [
        { id: 'A', side: 'TOG', hex: hx(0, 0), units: ['tog-medium-cohort'] },
        { id: 'D', side: 'CW', hex: hx(6, 5), units: ['signals-century'] },
      ],
      disorganised: DIS,
    });
    s.movement = {
      ...newMovement(),
      attackerMoves: 1,
      window: { kind: 'defender-actions', side: 'CW', afterAttackerMove: 1 },
    };
    expect(bot(s, 'CW')).toEqual({ kind: 'pass' }); // L469
  });

  it('planned counter-orders: a held counter-move after the first attacker move, destroying them (L409, L475)', () => {
    useFixtureMap();
    const s = makeTestState({
      attacker: 'TOG',
      tfs: [
        { id: 'A', side: 'TOG', hex: hx(0, 0), units: ['tog-medium-cohort'] },
        { id: 'D', side: 'CW', hex: hx(6, 5), units: ['cw-light-cohort'] },
      ],
      disorganised: DIS,
    });
    const o = bot(s, 'CW') as CounterOrders;
    expect(o.moves).toEqual([
      { tf: 'D', path: [hx(6, 5), hx(7, 5)], destroy: [{ hex: hx(7, 5), count: 2 }], afterAttackerMove: 1 },
    ]);
    expect(validate(s, 'CW', o)).toEqual([]);
  });

  it('attacker: a move ending on the units pays 1 MP each and is legal (L459-473); a hex behind an enemy TF is not reached', () => {
    useFixtureMap();
    const s = makeTestState({
      attacker: 'CW',
      tfs: [
        { id: 'C', side: 'CW', hex: hx(7, 2), units: ['cw-medium-cohort'] },
        { id: 'T', side: 'TOG', hex: hx(7, 8), units: ['tog-medium-cohort'] },
      ],
      disorganised: DIS,
    });
    const m = attackerDestroyMove(s, 'CW', 'C', () => true)!;
    expect(m.destroy).toEqual([{ hex: hx(7, 5), count: 2 }]);
    expect(m.path[m.path.length - 1]).toBe(hx(7, 5));
    expect(planMoves(s, 'CW')).toContainEqual(m); // on the way to the enemy TF, so the plan takes it
    expect(validate(s, 'CW', { kind: 'movement-plan', moves: [m] })).toEqual([]);
  });

  it('Combat Phase: a free TF next to a hex of disorganised units alone attacks it (L721-729)', () => {
    useFixtureMap();
    const s = makeTestState({
      attacker: 'CW',
      tfs: [{ id: 'C', side: 'CW', hex: hx(7, 4), units: ['cw-light-cohort'] }],
      disorganised: DIS,
    });
    s.step = 'COMBAT_DECLARE';
    const o = bot(s, 'CW') as CombatDeclareOrder;
    expect(o.attacks).toEqual([{ target: { hex: hx(7, 5) }, attackers: ['C'], advance: null }]);
    expect(validate(s, 'CW', o)).toEqual([]);
  });
});

describe('L914-934: the bot plays independent non-gravitic units', () => {
  const urban = { city: [hx(4, 6), hx(4, 7)] };
  it('they move 1 hex by land toward an enemy-held city to retake it; one on an own base stays; legal and not sent chasing TFs', () => {
    useFixtureMap({ urban, water: { [hx(4, 5)]: 'FULL' } });
    const state = (city: Side) =>
      makeTestState({
        attacker: 'CW',
        urban: { city },
        tfs: [
          { id: 'ind-m', side: 'CW', hex: hx(4, 3), units: [{ id: 'm', type: 'militia-regiment' }], independent: true },
          { id: 'ind-g', side: 'CW', hex: hx(1, 1), units: [{ id: 'g', type: 'garrison-legion' }], independent: true },
          { id: 'T', side: 'TOG', hex: hx(0, 8), units: ['tog-medium-cohort'] },
        ],
        bases: [{ id: 'B', side: 'CW', type: 'GL1', hex: hx(1, 1) }],
      });
    const dist = (a: string, goal: string): number => {
      // land distance on the fixture
      const seen = new Set([a]);
      let f = [a];
      for (let d = 0; f.length; d++) {
        if (f.includes(goal)) return d;
        f = f.flatMap((h) => neighbours(h)).filter((h) => !seen.has(h) && h !== hx(4, 5) && seen.add(h));
      }
      return Infinity;
    };
    for (const city of ['TOG', 'CW'] as const) {
      // enemy-held: retake it; own and empty: garrison it
      const s = state(city);
      const moves = independentMoves(s, 'CW', new Set());
      expect(moves.map((m) => m.tf)).toEqual(['ind-m']); // the garrison on its base stays
      expect(moves[0].path).toHaveLength(2); // L924: one hex
      expect(moves[0].path[1]).not.toBe(hx(4, 5)); // L926: not water
      expect(dist(moves[0].path[1], hx(4, 6))).toBeLessThan(dist(hx(4, 3), hx(4, 6)));
      expect(validate(s, 'CW', { kind: 'movement-plan', moves })).toEqual([]);
      expect(planMoves(s, 'CW').filter((m) => m.tf.startsWith('ind-'))).toEqual(moves);
    }
  });

  it('an adjacent enemy-held city with no counter is taken (D-50)', () => {
    useFixtureMap({ urban });
    const s = makeTestState({
      attacker: 'CW',
      urban: { city: 'TOG' },
      tfs: [
        { id: 'ind-m', side: 'CW', hex: hx(4, 5), units: [{ id: 'm', type: 'militia-regiment' }], independent: true },
        { id: 'T', side: 'TOG', hex: hx(0, 0), units: ['tog-medium-cohort'] },
      ],
    });
    expect(independentMoves(s, 'CW', new Set())).toEqual([{ tf: 'ind-m', mode: 'COMBAT', path: [hx(4, 5), hx(4, 6)] }]);
  });

  it('an enemy independent is attacked on its public printed defence (H35): a militia regiment at 3:2, not a garrison legion', () => {
    useFixtureMap();
    const s = (type: string) => {
      const x = makeTestState({
        attacker: 'TOG',
        tfs: [
          {
            id: 'A',
            side: 'TOG',
            hex: hx(4, 4),
            units: ['tog-medium-cohort', 'tog-medium-cohort', 'tog-medium-cohort'],
          },
          { id: 'ind-x', side: 'CW', hex: hx(4, 5), units: [{ id: 'x', type }], independent: true },
        ],
      });
      x.step = 'COMBAT_DECLARE';
      return x;
    };
    // Attack 9: 9 against militia 3 (clear) is 3:1; against a garrison legion 7 it is under 3:2.
    expect((bot(s('militia-regiment'), 'TOG') as CombatDeclareOrder).attacks.map((a) => a.target)).toEqual([
      { tf: 'ind-x' },
    ]);
    expect((bot(s('garrison-legion'), 'TOG') as CombatDeclareOrder).attacks).toEqual([]);
  });

  it('adjustment: a militia regiment merged into a gravitic TF goes back on its own counter, legally, so the TF moves again at full speed (L918-928)', () => {
    useFixtureMap({ water: { [hx(4, 3)]: 'FULL' } });
    const s = makeTestState({
      tfs: [
        {
          id: 'T',
          side: 'CW',
          hex: hx(4, 4),
          units: [
            { id: 'mil', type: 'militia-regiment' },
            { id: 'lc', type: 'cw-light-cohort' },
          ],
        },
        { id: 'E', side: 'TOG', hex: hx(0, 0), units: ['tog-light-cohort'] },
      ],
    });
    s.step = 'ADJUSTMENT';
    const o = bot(s, 'CW') as AdjustmentOrder;
    expect(o).toEqual(botAdjustment(s, 'CW'));
    expect(o.independent).toHaveLength(1);
    expect(o.independent![0].unit).toBe('mil');
    expect(o.independent![0].hex).not.toBe(hx(4, 3));
    expect(validate(s, 'CW', o)).toEqual([]);
    applyAdjustment(s, { CW: o });
    expect(s.units.mil.tf).toBe('ind-mil');
    expect(s.units.lc.tf).toBe('T');
  });
});
