/**
 * 14.12, 2.6, §8.1 hidden information in prompts and the bot: two states that differ only in what
 * one side cannot see give that side the same prompts (choices and default orders), the same view
 * and the same bot orders. The other side's prompts do change (the difference is real).
 */
import { describe, expect, it } from 'vitest';
import type { Json } from '#engine/contract.js';
import { seededDice } from '#engine/dice.js';
import cerberus from './index.js';
import { knownState } from './known-state.js';
import { owedAt } from './sequence.js';
import { enemyOf, type CerberusState, type Side, type Unit } from './state.js';
import { identityVisible } from './view.js';

const IDENTITY = [
  'typeId',
  'cls',
  'sub',
  'designation',
  'attack',
  'defense',
  'movement',
  'supplies',
  'landedOnTurn',
  'arrivesAt',
] as const;

/** `state` with the identities of every unit hidden from `side` rotated among them, and stockpiles changed. */
function reshuffleHidden(state: CerberusState, side: Side): CerberusState {
  const s = structuredClone(state);
  const hidden = s.units.filter((u) => u.side === enemyOf(side) && u.cls !== 'SF' && !identityVisible(state, side, u));
  const ids = hidden.map((u) => Object.fromEntries(IDENTITY.map((k) => [k, u[k]])) as Partial<Unit>);
  hidden.forEach((u, i) => {
    Object.assign(u, ids[(i + 1) % ids.length]);
    if (u.cls === 'BASE' || u.cls === 'SPACEPORT') u.supplies = (u.supplies + 3) % 8;
    else u.supplies = 0;
    // Markers the enemy cannot see on a hidden counter (12.12 supply, 10.41 disruption, 11.32 cargo).
    if (i % 2 === 0) u.outOfSupply = !u.outOfSupply;
    if (i % 3 === 0) u.disrupted = u.disrupted ? null : { by: side, turn: s.turn };
    if (u.cls === 'SPACEPORT') u.reduced = !u.reduced;
  });
  s.players[enemyOf(side)].standing = {
    lossPriority: {
      unitIds: hidden.map((u) => u.id).reverse(),
      then: 'lowest-attack-first',
      spaceport: 'sacrifice-on-two',
    },
  };
  return s;
}

const mine = (prompts: { side: string }[], side: Side) => prompts.filter((p) => p.side === side);
const bot = (s: CerberusState, side: Side, step: number) =>
  cerberus.bot(s, side, seededDice(`hidden|bot|${side}`, step)) as Json;

/** Plays a seeded bot game, calling `check` on each state where `side` owes something, for the first `steps` steps. */
function walk(
  seed: string,
  options: Record<string, Json>,
  steps: number,
  check: (s: CerberusState, step: number) => void,
) {
  let state = cerberus.setup('campaign', options, seededDice(seed, 0)) as CerberusState;
  for (let step = 1; step <= steps && !cerberus.outcome(state); step++) {
    check(state, step);
    const orders: Record<string, Json> = {};
    for (const o of owedAt(state)) orders[o.side] = bot(state, o.side, step);
    state = JSON.parse(JSON.stringify(cerberus.resolve(state, orders, seededDice(seed, step)).state)) as CerberusState;
  }
}

describe('hidden information: prompts, views and bot decide only from what a side may see (14.12, 2.6)', () => {
  it('14.12 the Human: face-down Cetian units and hidden boxes do not change his prompts, default orders, view or bot orders', () => {
    let compared = 0;
    let botCompared = 0;
    let cetianDiffers = 0;
    walk('hidden-h', {}, 26, (a, step) => {
      if (!a.units.some((u) => u.side === 'CETIAN' && u.box === 'MAP' && u.faceDown)) return;
      const b = reshuffleHidden(a, 'HUMAN');
      expect(mine(cerberus.prompts(b), 'HUMAN')).toEqual(mine(cerberus.prompts(a), 'HUMAN'));
      expect(cerberus.view(b, 'HUMAN')).toEqual(cerberus.view(a, 'HUMAN'));
      compared++;
      if (owedAt(a).some((o) => o.side === 'HUMAN')) {
        expect(bot(b, 'HUMAN', step)).toEqual(bot(a, 'HUMAN', step));
        botCompared++;
      }
      if (JSON.stringify(cerberus.view(b, 'CETIAN')) !== JSON.stringify(cerberus.view(a, 'CETIAN'))) cetianDiffers++;
    });
    expect(compared).toBeGreaterThan(10);
    expect(botCompared).toBeGreaterThan(3);
    expect(cetianDiffers).toBe(compared); // the variant really differs, for the side who sees it
  }, 120_000);

  it('2.6 the Cetian: the Human Earth box (and a private Fleet box) does not change his prompts, default orders, view or bot orders', () => {
    let compared = 0;
    let botCompared = 0;
    walk('hidden-c', { fleetBoxPublic: false }, 26, (a, step) => {
      if (!owedAt(a).some((o) => o.side === 'CETIAN')) return;
      const b = reshuffleHidden(a, 'CETIAN');
      if (JSON.stringify(b.units) === JSON.stringify(a.units)) return;
      expect(mine(cerberus.prompts(b), 'CETIAN')).toEqual(mine(cerberus.prompts(a), 'CETIAN'));
      expect(cerberus.view(b, 'CETIAN')).toEqual(cerberus.view(a, 'CETIAN'));
      expect(bot(b, 'CETIAN', step)).toEqual(bot(a, 'CETIAN', step));
      compared++;
      botCompared++;
    });
    expect(compared).toBeGreaterThan(5);
    expect(botCompared).toBeGreaterThan(5);
  }, 120_000);

  it('knownState hides what the view hides and never edits its input', () => {
    const s = cerberus.setup('campaign', {}, seededDice('hidden-k', 0)) as CerberusState;
    const orders = { CETIAN: bot(s, 'CETIAN', 1) };
    const a = cerberus.resolve(s, orders, seededDice('hidden-k', 1)).state as CerberusState;
    const before = JSON.stringify(a);
    const k = knownState(a, 'HUMAN');
    expect(JSON.stringify(a)).toBe(before);
    const faceDown = k.units.filter((u) => u.side === 'CETIAN' && u.box === 'MAP');
    expect(faceDown.length).toBeGreaterThan(0);
    for (const u of faceDown)
      expect({ typeId: u.typeId, attack: u.attack, defense: u.defense, supplies: u.supplies }).toEqual({
        typeId: 'HIDDEN',
        attack: 3,
        defense: 4,
        supplies: 0,
      });
    expect(k.units.map((u) => u.id).sort()).toEqual(a.units.map((u) => u.id).sort());
  });
});
