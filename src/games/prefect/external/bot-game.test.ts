/**
 * D-87: a bot-vs-bot Liberation game with externalCombat 'CENTURION'. Both bots enter the
 * server's public suggestion (external/agreement.ts suggestedEntry, shown to both in the prompt),
 * so every external combat is agreed in its first round; every order is legal, none defaulted,
 * no hidden unit id in any view or prompt, and the game ends.
 */
import { describe, expect, it } from 'vitest';
import type { Json } from '../../../engine/contract.js';
import { seededDice } from '../../../engine/dice.js';
import { prefect } from '../index.js';
import { owedAt } from '../sequence.js';
import type { PrefectState, Side } from '../types.js';
import { hiddenIds } from '../view.js';

function play(seed: string) {
  let s = prefect.setup('liberation', { externalCombat: 'CENTURION' }, seededDice(seed, 0)) as PrefectState;
  const counts: Record<string, number> = {};
  const effects: string[] = [];
  for (let step = 0; step < 4000 && !prefect.outcome(s); step++) {
    const orders: Record<string, Json> = {};
    for (const o of owedAt(s)) {
      const order = prefect.bot(s, o.side, seededDice(`${seed}|bot`, step));
      expect(prefect.validate(s, o.side, order), `${s.step} ${o.kind}`).toEqual([]);
      orders[o.side] = order;
    }
    if (s.combat?.external) {
      for (const viewer of ['TOG', 'CW'] as Side[]) {
        const text = JSON.stringify([prefect.view(s, viewer), prefect.prompts(s).filter((p) => p.side === viewer)]);
        for (const id of hiddenIds(s, viewer).keys()) expect(text.includes(`"${id}"`), `${viewer} sees hidden ${id}`).toBe(false);
      }
    }
    const r = prefect.resolve(s, orders, seededDice(seed, step + 1));
    expect(r.events.filter((e) => e.type === 'orders.defaulted')).toEqual([]);
    for (const e of r.events) {
      counts[e.type] = (counts[e.type] ?? 0) + 1;
      if (e.type === 'external.agreed') effects.push((e.data as { effect: string }).effect);
    }
    s = r.state as PrefectState;
  }
  return { s, counts, effects };
}

describe('bot game with externalCombat CENTURION (D-87)', () => {
  it('every external combat is agreed at once and applied; the game ends', () => {
    const { s, counts, effects } = play('ext1');
    expect(prefect.outcome(s)).not.toBeNull();
    expect(counts['external.open']).toBeGreaterThan(0);
    expect(counts['external.agreed']).toBe(counts['external.open']);
    expect(counts['external.differ'] ?? 0).toBe(0);
    expect(counts['external.fallback'] ?? 0).toBe(0);
    console.log('D-87 bot game:', JSON.stringify({ turns: s.turn, result: s.result, open: counts['external.open'], effects: Object.fromEntries([...new Set(effects)].map((e) => [e, effects.filter((x) => x === e).length])) }));
  }, 120_000);
});
