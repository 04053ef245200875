/**
 * Test helper: a bot-vs-bot Liberation game under an externalCombat option, checking on every
 * step that each bot order is legal and none is defaulted, and, while `paused(state)` holds
 * (an external combat waiting for its result), that no view or prompt names a unit hidden from
 * its side. Shared by the D-87 bot-game tests (bot-game.test.ts, counter.test.ts).
 */
import { expect } from 'vitest';
import type { GameEvent, Json } from '#engine/contract.js';
import { seededDice } from '#engine/dice.js';
import { prefect } from '../module/index.js';
import { owedAt } from '../module/sequence.js';
import type { PrefectState, Side } from '../types.js';
import { hiddenIds } from '../module/view.js';

export function playExternalBotGame(
  seed: string,
  options: Record<string, Json>,
  maxSteps: number,
  paused: (s: PrefectState) => boolean,
) {
  let s = prefect.setup('liberation', options, seededDice(seed, 0)) as PrefectState;
  const counts: Record<string, number> = {};
  const events: GameEvent[] = [];
  let pauses = 0;
  for (let step = 0; step < maxSteps && !prefect.outcome(s); step++) {
    const orders: Record<string, Json> = {};
    for (const o of owedAt(s)) {
      const order = prefect.bot(s, o.side, seededDice(`${seed}|bot`, step));
      expect(prefect.validate(s, o.side, order), `${s.step} ${o.kind}`).toEqual([]);
      orders[o.side] = order;
    }
    if (paused(s)) {
      pauses++;
      for (const viewer of ['TOG', 'CW'] as Side[]) {
        const text = JSON.stringify([prefect.view(s, viewer), prefect.prompts(s).filter((p) => p.side === viewer)]);
        for (const id of hiddenIds(s, viewer).keys())
          expect(text.includes(`"${id}"`), `${viewer} sees hidden ${id}`).toBe(false);
      }
    }
    const r = prefect.resolve(s, orders, seededDice(seed, step + 1));
    expect(r.events.filter((e) => e.type === 'orders.defaulted')).toEqual([]);
    for (const e of r.events) counts[e.type] = (counts[e.type] ?? 0) + 1;
    events.push(...r.events.filter((e) => e.type === 'external.agreed'));
    s = r.state as PrefectState;
  }
  return { s, counts, pauses, agreed: events };
}
