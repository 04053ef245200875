/**
 * The demo's client-side bot (examples/cerberus-view-bot.ts) decides from a state rebuilt from
 * its side's view only. Over the first turns of a seeded game (the face-down period of 14.12
 * included), at every step: the rebuilt state owes what the server's prompt asks, the orders it
 * gives are legal on the real state, and they are the orders the module's bot gives on the real
 * state, so the module's bot itself uses nothing the view hides.
 */
import { describe, expect, it } from 'vitest';
import { cerberusBotOrders, stateFromView } from '../../examples/cerberus-view-bot.js';
import { SeededDice, seededDice } from '#engine/dice.js';
import cerberus from '#games/cerberus/index.js';
import type { CerberusState, Side } from '#games/cerberus/state.js';

const STEPS = 40;

describe('Cerberus bot on the view (examples/cerberus-view-bot.ts)', () => {
  it('14.12, 2.6 gives legal orders, the same as the module bot on the full state, through the face-down turns', () => {
    const seed = 'view-bot-1';
    let state = cerberus.setup('campaign', {}, seededDice(seed)) as CerberusState;
    let faceDownSeen = 0;
    for (let step = 1; step <= STEPS && !cerberus.outcome(state); step++) {
      const orders: Record<string, unknown> = {};
      for (const prompt of cerberus.prompts(state)) {
        const side = prompt.side as Side;
        const view = JSON.parse(JSON.stringify(cerberus.view(state, side)));
        const rebuilt = stateFromView(view, side);
        faceDownSeen += rebuilt.units.filter((u) => u.side !== side && u.faceDown && u.box === 'MAP').length;
        // Nothing hidden survives into the rebuilt state: stand-ins carry no real id.
        const real = new Set(state.units.filter((u) => u.side !== side && u.faceDown).map((u) => u.id));
        expect(rebuilt.units.filter((u) => real.has(u.id))).toEqual([]);
        const mine = cerberusBotOrders(view, side, prompt.kind, seed, step);
        expect(mine, `${side} owes ${prompt.kind} at step ${step}`).not.toBeNull();
        expect(cerberus.validate(state, side, mine), `step ${step} ${side} ${prompt.kind}`).toEqual([]);
        const botOnState = cerberus.bot(state, side, new SeededDice({ seed, gameId: `client-${side}`, step }));
        expect(mine, `step ${step} ${side} ${prompt.kind}`).toEqual(botOnState);
        orders[side] = mine;
      }
      state = cerberus.resolve(state, orders as never, new SeededDice({ seed, gameId: 'view-bot', step }))
        .state as CerberusState;
    }
    expect(state.turn).toBeGreaterThan(3); // past the end of turn 3, when face-down units turn up
    expect(faceDownSeen).toBeGreaterThan(0);
  });
});
