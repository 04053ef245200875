/**
 * Issue 9, "a full game through the API": Prefect's Planetary Game played to its end over GraphQL
 * over HTTP against PostgreSQL + Redis with the resolution worker in its own process, once in
 * planned play (sealed movement plan + counter-orders) and once in interactive play (one prompt per
 * attacker move and per reaction window). Each client submits the orders of the module's bot for
 * its side, computed on the stored state (the bot reads only what its side may see), through the
 * ordinary submitOrders mutation. Afterwards: the game is FINISHED with the module's outcome, no
 * step fell back to defaults, and no view a side received named a unit hidden from it or a real
 * (un-aliased) TF id.
 */
import { describe, expect, it } from 'vitest';
import type { Json } from '#engine/contract.js';
import { SeededDice } from '#engine/dice.js';
import prefect from '#games/prefect/planetary/module/index.js';
import type { PrefectState } from '#games/prefect/planetary/types.js';
import { hiddenIds } from '#games/prefect/planetary/module/view.js';
import { defaultedCount, storedState as stored, waitPastStep } from '../helpers/db.js';
import { createGame, join, register, submit, view, type Player } from '../helpers/play.js';
import { useModuleStack } from '../helpers/stack.js';
import { UNLIMITED } from '../helpers/trust.js';

const getStack = useModuleStack(prefect, UNLIMITED);

const storedState = (gameId: string) => stored<PrefectState>(gameId);

async function playThrough(interleave: 'planned' | 'interactive') {
  const base = getStack().base;
  const suffix = Math.random().toString(36).slice(2, 8);
  const players: Record<string, Player> = {
    TOG: await register(base, `tog_${suffix}`),
    CW: await register(base, `cw_${suffix}`),
  };
  const game = await createGame(base, players.TOG, {
    module: 'prefect',
    scenario: 'liberation',
    side: 'TOG',
    options: { interleave },
  });
  await join(base, players.CW, game.id, 'CW');
  const hiddenSeen: string[] = [];
  const kinds = new Set<string>();
  let steps = 0;
  for (;;) {
    const g = await storedState(game.id);
    if (g.status !== 'ACTIVE') break;
    if (++steps > 2000) throw new Error('game did not end');
    const prompts = prefect.prompts(g.state);
    for (const p of prompts) {
      kinds.add(p.kind);
      const pv = await view(base, players[p.side], game.id);
      expect(pv.game.step).toBe(g.step);
      expect(pv.myPrompts.map((x: { kind: string }) => x.kind)).toContain(p.kind);
      const text = JSON.stringify(pv.view);
      for (const id of hiddenIds(g.state, p.side as 'TOG' | 'CW').keys())
        if (text.includes(`"${id}"`)) hiddenSeen.push(`${p.side}@${g.step}:${id}`);
      if (/"tf-[a-z]/.test(text)) hiddenSeen.push(`${p.side}@${g.step}: real TF id`);
      const orders = prefect.bot(
        g.state,
        p.side,
        new SeededDice({ seed: 'client', gameId: game.id, step: g.step }),
      ) as Json;
      const r = await submit(base, players[p.side], game.id, g.step, orders);
      expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
    }
    await waitPastStep(game.id, g.step);
  }
  const final = await storedState(game.id);
  const defaulted = await defaultedCount(game.id);
  const out = await view(base, players.CW, game.id);
  return { final, defaulted, hiddenSeen, out, steps, kinds };
}

describe('Prefect played through the API (services, worker in its own process)', () => {
  it('planned play: a full game to its outcome, no defaults, no leaks', async () => {
    const { final, defaulted, hiddenSeen, out, steps, kinds } = await playThrough('planned');
    expect([...kinds]).toEqual(
      expect.arrayContaining([
        'setup-assign',
        'setup-place',
        'movement-plan',
        'counter-orders',
        'supply',
        'adjustment',
      ]),
    );
    expect(final.status).toBe('FINISHED');
    expect(final.state.step).toBe('GAME_OVER');
    expect(out.outcome?.summary).toBe(prefect.outcome(final.state)!.summary);
    expect(defaulted).toBe(0);
    expect(hiddenSeen).toEqual([]);
    expect(steps).toBeGreaterThan(20);
  }, 600_000);

  it('interactive play: every reaction window a prompt, a full game to its outcome', async () => {
    const { final, defaulted, hiddenSeen, steps, kinds } = await playThrough('interactive');
    expect([...kinds]).toEqual(expect.arrayContaining(['move', 'defender-actions', 'combat-declare', 'supply']));
    expect([...kinds]).not.toContain('movement-plan');
    expect(final.status).toBe('FINISHED');
    expect(defaulted).toBe(0);
    expect(hiddenSeen).toEqual([]);
    expect(steps).toBeGreaterThan(60);
  }, 900_000);
});
