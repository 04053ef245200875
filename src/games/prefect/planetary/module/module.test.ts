/**
 * The Prefect module through the kernel contract: bot-vs-bot full games in both interleave modes
 * with invariants after every step (TF limits, stacking, supply within storage, no unit in two
 * places, the counter-action allowance, legal deadline defaults, no hidden id in any view), and
 * bad orders refused with structured errors naming the rule.
 */
import { describe, expect, it } from 'vitest';
import type { Json, OrderError } from '#engine/contract.js';
import { seededDice } from '#engine/dice.js';
import { expectStructuredErrors } from '#engine/testing.js';
import { shippedModules } from '#games/index.js';
import { tfLimit } from '../composition.js';
import prefect from './index.js';
import { unitType } from '../rules.js';
import { rulesData } from '../rules-data.js';
import { owedAt } from './sequence.js';
import type { PrefectState, Side } from '../types.js';
import { SIDES } from '../types.js';
import { hiddenIds } from './view.js';

const setup = (seed: string, options: Record<string, Json> = {}) =>
  prefect.setup('liberation', options, seededDice(seed, 0)) as PrefectState;

function invariants(s: PrefectState): string[] {
  const bad: string[] = [];
  const cur = s.movement?.current?.tf;
  for (const org of Object.values(s.orgs)) {
    const tfs = Object.values(s.tfs).filter((t) => t.org === org.id && !t.independent);
    if (tfs.length > tfLimit(s, org.id)) bad.push(`${org.id}: ${tfs.length} TFs over the limit (D-07)`);
    const counters = tfs.map((t) => t.counter);
    if (new Set(counters).size !== counters.length) bad.push(`${org.id}: a counter used twice`);
  }
  const byHex = new Map<string, string[]>();
  for (const t of Object.values(s.tfs))
    if (t.hex && t.id !== cur) byHex.set(t.hex, [...(byHex.get(t.hex) ?? []), t.id]);
  for (const [hex, ids] of byHex) if (ids.length > 1) bad.push(`stacking in ${hex}: ${ids.join(',')} (L359)`);
  for (const t of Object.values(s.tfs)) {
    if (s.step !== 'SETUP_ASSIGN' && !Object.values(s.units).some((u) => u.status === 'ACTIVE' && u.tf === t.id))
      bad.push(`empty TF ${t.id} (L876)`);
  }
  for (const u of Object.values(s.units)) {
    if (u.status === 'ACTIVE' && u.tf && !s.tfs[u.tf]) bad.push(`unit ${u.id} in missing TF ${u.tf}`);
    if (u.status === 'DISORGANISED' && !u.hex && !u.under) bad.push(`disorganised ${u.id} nowhere`);
    if (u.status === 'DESTROYED' && (u.tf || u.hex)) bad.push(`destroyed ${u.id} still placed`);
  }
  for (const b of Object.values(s.bases)) {
    const max = rulesData().baseTypes[b.type].supplyMax;
    if (b.supply < 0 || b.supply > max) bad.push(`base ${b.id} holds ${b.supply} SP of ${max} (L774)`);
  }
  for (const [id, sp] of Object.entries(s.hqSupply)) {
    const max = unitType(s.units[id]).supplyMax ?? Infinity;
    if (sp < 0 || sp > max) bad.push(`HQ ${id} holds ${sp} SP of ${max} (L774)`);
  }
  if (s.movement && s.movement.defenderActions > s.movement.attackerMoves)
    bad.push('defender actions exceed attacker moves (L405)');
  if ((s.step === 'GAME_OVER') !== (owedAt(s).length === 0))
    bad.push(`prompts are empty exactly when the game is over (contract): ${s.step}`);
  return bad;
}

/** Every prompt's default is legal, and no view shows a unit id hidden from its viewer. */
function contractChecks(s: PrefectState): string[] {
  const bad: string[] = [];
  for (const p of prefect.prompts(s)) {
    const e = prefect.validate(s, p.side, p.defaultOrders);
    if (e.length) bad.push(`default of ${p.kind} for ${p.side} is illegal: ${e[0].code}`);
  }
  for (const viewer of [...SIDES, null] as (Side | null)[]) {
    const text = JSON.stringify(prefect.view(s, viewer));
    for (const id of hiddenIds(s, viewer).keys())
      if (text.includes(`"${id}"`)) {
        bad.push(`view for ${viewer} shows hidden ${id}`);
        break;
      }
    if (/tf-[a-z]/.test(text))
      bad.push(`view for ${viewer} shows a real TF id (org, counter, creation order) instead of its alias`);
  }
  return bad;
}

function playGame(seed: string, options: Record<string, Json>, everyStep = true) {
  let s = setup(seed, options);
  const kinds = new Set<string>();
  let steps = 0;
  for (; steps < 4000 && !prefect.outcome(s); steps++) {
    const orders: Record<string, Json> = {};
    for (const o of owedAt(s)) {
      kinds.add(o.kind);
      const order = prefect.bot(s, o.side, seededDice(`${seed}|bot`, steps));
      expect(prefect.validate(s, o.side, order), `${s.step} ${o.kind}`).toEqual([]);
      orders[o.side] = order;
    }
    if (everyStep) expect(contractChecks(s), `turn ${s.turn} ${s.step}`).toEqual([]);
    const r = prefect.resolve(s, orders, seededDice(seed, steps + 1));
    expect(r.events.filter((e) => e.type === 'orders.defaulted')).toEqual([]);
    expect(JSON.stringify(r.events)).not.toMatch(/tf-[a-z]/);
    s = r.state;
    expect(invariants(s), `turn ${s.turn} ${s.step}`).toEqual([]);
  }
  return { s, kinds, steps };
}

describe('contract and registration', () => {
  it('is shipped, with the Liberation scenario and documented options', () => {
    expect(shippedModules.map((m) => m.id)).toContain('prefect');
    expect(prefect.sides).toEqual(['TOG', 'CW']);
    expect(prefect.scenarios.map((x) => x.id)).toContain('liberation');
    for (const o of prefect.options) {
      expect(o.rule, o.id).toBeTruthy();
      expect(typeof o.default).toBe(o.type);
    }
  });

  it('refuses unknown options and bad values at set-up', () => {
    expect(() => setup('o', { interleave: 'sometimes' })).toThrow(/interleave/);
    expect(() => setup('o', { legionTfLimit: 19 })).toThrow(/legionTfLimit/);
    expect(() => setup('o', { nonsense: true })).toThrow(/nonsense/);
  });

  it('is deterministic: the same seeds give the same game', () => {
    const a = playGame('det', {}, false).s;
    const b = playGame('det', {}, false).s;
    expect(b).toEqual(a);
  });
});

describe('bot-vs-bot full games, invariants after every step', () => {
  it('planned play (default) reaches the end with a result', () => {
    const { s, kinds } = playGame('g1', {});
    expect(s.step).toBe('GAME_OVER');
    expect(prefect.outcome(s)).not.toBeNull();
    expect([...kinds]).toEqual(
      expect.arrayContaining([
        'setup-assign',
        'setup-place',
        'movement-plan',
        'counter-orders',
        'combat-declare',
        'supply',
        'adjustment',
      ]),
    );
  });

  it('interactive play reaches the end; reaction windows are prompts with their own deadline', () => {
    const { s, kinds } = playGame('g2', { interleave: 'interactive', reactionWindowSeconds: 120 });
    expect(s.step).toBe('GAME_OVER');
    expect([...kinds]).toEqual(expect.arrayContaining(['move', 'defender-actions']));
    let x = setup('g2', { interleave: 'interactive', reactionWindowSeconds: 120, setupPlacement: 'sealed' });
    for (let i = 0; i < 10 && x.step !== 'MOVEMENT'; i++) {
      const orders: Record<string, Json> = {};
      for (const o of owedAt(x)) orders[o.side] = prefect.bot(x, o.side, seededDice('b', i));
      x = prefect.resolve(x, orders, seededDice('g2', i)).state as PrefectState;
    }
    expect(prefect.prompts(x)[0].kind).toBe('move');
    expect(prefect.prompts(x)[0].deadlineSeconds).toBeUndefined(); // an attacker move keeps the game's deadline
    const windows = ['interrupt', 'counter-attack', 'mover-detect', 'defender-actions'];
    for (let i = 0; i < 50 && !windows.includes(prefect.prompts(x)[0]?.kind); i++) {
      const p = prefect.prompts(x)[0];
      x = prefect.resolve(x, { [p.side]: prefect.bot(x, p.side, seededDice('b', 100 + i)) }, seededDice('g2', 100 + i))
        .state as PrefectState;
    }
    expect(windows).toContain(prefect.prompts(x)[0].kind);
    expect(prefect.prompts(x)[0].deadlineSeconds).toBe(120);
  });

  it('sealed set-up placement with the 20-TF Legion option plays through', () => {
    const { s } = playGame('g3', { setupPlacement: 'sealed', legionTfLimit: 20 }, false);
    expect(s.step).toBe('GAME_OVER');
  });
});

function expectStructured(errors: OrderError[], code: string | RegExp, rule?: RegExp) {
  expectStructuredErrors(errors);
  expect(errors.map((e) => e.code).join(' ')).toMatch(code);
  if (rule) expect(errors.map((e) => e.rule).join(' ')).toMatch(rule);
}

/** Plays bots until the first Movement Phase. */
function atMovement(seed: string, options: Record<string, Json> = {}): PrefectState {
  let s = setup(seed, options);
  for (let i = 0; i < 60 && s.step !== 'MOVEMENT'; i++) {
    const orders: Record<string, Json> = {};
    for (const o of owedAt(s)) orders[o.side] = prefect.bot(s, o.side, seededDice('b', i));
    s = prefect.resolve(s, orders, seededDice(seed, i)).state as PrefectState;
  }
  return s;
}

describe('bad orders: structured errors naming the rule, nothing applied', () => {
  it('a move beyond the TF\u2019s allowance (L303-331)', () => {
    const s = atMovement('bad1', { interleave: 'interactive' });
    const tf = Object.values(s.tfs).find((t) => t.side === s.attacker && !t.independent)!;
    // A long walk along one row of the map: more hexes than 20.
    const path = [tf.hex];
    const g = rulesData().graph;
    while (path.length < 25)
      path.push(
        g
          .neighbors(path[path.length - 1])
          .find((n) => !path.includes(n) && !Object.values(s.tfs).some((t) => t.hex === n))!,
      );
    const before = JSON.stringify(s);
    expectStructured(
      prefect.validate(s, s.attacker, { kind: 'move', move: { tf: tf.id, mode: 'LAF', path } }),
      /over-budget/,
      /L303-331/,
    );
    expect(JSON.stringify(s)).toBe(before);
  });

  it('a composition change outside the TF Adjustment Phase (L866)', () => {
    const s = atMovement('bad2');
    const e = prefect.validate(s, s.attacker, {
      kind: 'adjustment',
      transfers: [{ from: 'x', to: 'y', units: ['z'] }],
    });
    expectStructured(e, /wrong-kind/, /L258-267/);
  });

  it('an order naming an enemy unit hidden in a TF, or a TF the side does not own', () => {
    const s = atMovement('bad3');
    const enemy = Object.values(s.units).find(
      (u) => u.side !== s.attacker && u.status === 'ACTIVE' && !s.tfs[u.tf!]?.independent,
    )!;
    expectStructured(
      prefect.validate(s, s.attacker, {
        kind: 'movement-plan',
        moves: [{ tf: enemy.id, mode: 'COMBAT', path: ['0101'] }],
      }),
      /unit.unknown/,
    );
    const enemyTf = Object.values(s.tfs).find((t) => t.side !== s.attacker)!;
    expectStructured(
      prefect.validate(s, s.attacker, {
        kind: 'movement-plan',
        moves: [{ tf: enemyTf.id, mode: 'COMBAT', path: [enemyTf.hex] }],
      }),
      /tf.unknown/,
      /L171/,
    );
  });

  it('orders out of turn and malformed orders', () => {
    const s = atMovement('bad4', { interleave: 'interactive' });
    const defender = s.attacker === 'TOG' ? 'CW' : 'TOG';
    expectStructured(prefect.validate(s, defender, { kind: 'pass' }), /not-owed/);
    expectStructured(prefect.validate(s, s.attacker, { kind: 'move', move: { tf: 3 } }), /MALFORMED/);
    // strict at every level, through the module as through parseOrder (validate + resolve refuse alike)
    const nested = prefect.validate(s, s.attacker, { kind: 'end-movement', landings: [] });
    expectStructured(nested, /MALFORMED/);
    expect(nested[0].message).toContain('landings');
  });
});
