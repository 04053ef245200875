/** Deadlines resolve a step with default orders; a step that keeps failing parks the game visibly. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../helpers/gql.js';
import { createGame, join, register, submit, view } from '../helpers/play.js';
import { startStack, type Stack } from '../helpers/stack.js';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack('services', { RESOLVE_ATTEMPTS: '2' });
  await stack.spawnWorker();
});
afterAll(async () => stack?.close());

describe('time control and failure', () => {
  it('a passed deadline resolves the step with default orders for the missing side', async () => {
    const s = Math.random().toString(36).slice(2, 8);
    const a = await register(stack.base, `da_${s}`);
    const b = await register(stack.base, `db_${s}`);
    const g = await createGame(stack.base, a, {
      module: 'sealed-bid',
      scenario: 'short',
      side: 'north',
      timeControl: { preset: 'custom', stepSeconds: 2 },
    });
    await join(stack.base, b, g.id, 'south');
    const v1 = await view(stack.base, a, g.id);
    expect(new Date(v1.game.deadline ?? 0).getTime()).toBeGreaterThan(Date.now() - 1000);
    await submit(stack.base, a, g.id, 1, { bid: 1, note: 'on time' });
    await waitFor(async () => (await view(stack.base, a, g.id)).game.step === 2, 15_000);
    const v2 = await view(stack.base, a, g.id);
    const resolved = v2.events.find((e: any) => e.type === 'step-resolved' && e.step === 1);
    expect(resolved.data.defaulted).toEqual(['south']);
    const revealed = v2.events.find((e: any) => e.type === 'bids-revealed');
    expect(revealed.data.bids).toEqual({ north: 1, south: 0 }); // south's default bid is 0
  });

  it('a resolution that keeps failing pauses the game with a reason and leaks nothing', async () => {
    const s = Math.random().toString(36).slice(2, 8);
    const a = await register(stack.base, `fa_${s}`);
    const b = await register(stack.base, `fb_${s}`);
    const g = await createGame(stack.base, a, {
      module: 'sealed-bid',
      scenario: 'short',
      side: 'north',
      options: { failAtRound: 1 },
    });
    await join(stack.base, b, g.id, 'south');
    await submit(stack.base, a, g.id, 1, { bid: 1, note: 'hidden-north-note' });
    await submit(stack.base, b, g.id, 1, { bid: 1, note: 'hidden-south-note' });
    const paused = await waitFor(async () => {
      const v = await view(stack.base, b, g.id);
      return v.game.status === 'PAUSED' ? v : null;
    }, 30_000);
    expect(paused.game.pausedReason).toMatch(
      /Step 1 could not be resolved after 2 attempts \(error reference [0-9a-f-]{36}\)/,
    );
    expect(paused.events.at(-1).type).toBe('game-paused');
    expect(JSON.stringify(paused)).not.toContain('hidden-north-note');
    expect(paused.game.step).toBe(1);
  });
});
