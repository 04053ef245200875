/** retryGame: the creator resumes a game paused after a failed resolution; others cannot. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, waitFor } from '../helpers/gql.js';
import { as, createGame, join, register, submit, view } from '../helpers/play.js';
import { startStack, type Stack } from '../helpers/stack.js';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack('services', { RESOLVE_ATTEMPTS: '1' });
  await stack.spawnWorker();
});
afterAll(async () => stack?.close());

const RETRY = `mutation($g:ID!){retryGame(gameId:$g){id status step pausedReason}}`;

describe('retryGame', () => {
  it('only the creator retries, only a game paused by a failure; the step runs again', async () => {
    const s = Math.random().toString(36).slice(2, 8);
    const a = await register(stack.base, `ra_${s}`);
    const b = await register(stack.base, `rb_${s}`);
    const g = await createGame(stack.base, a, {
      module: 'sealed-bid',
      scenario: 'short',
      side: 'north',
      options: { failAtRound: 1 },
    });
    // Not paused yet: refused, nothing changes.
    const early = await as(stack.base, a, RETRY, { g: g.id });
    expect(errorCode(early)).toBe('CONFLICT');
    await join(stack.base, b, g.id, 'south');
    await submit(stack.base, a, g.id, 1, { bid: 1, note: 'n' });
    await submit(stack.base, b, g.id, 1, { bid: 1, note: 's' });
    const paused = await waitFor(async () => {
      const v = await view(stack.base, b, g.id);
      return v.game.status === 'PAUSED' ? v : null;
    }, 30_000);
    const firstReason = paused.game.pausedReason;
    // A seated player who is not the creator may not retry.
    const denied = await as(stack.base, b, RETRY, { g: g.id });
    expect(errorCode(denied)).toBe('FORBIDDEN');
    expect((await view(stack.base, b, g.id)).game.status).toBe('PAUSED');
    // The creator retries: the game is active again, everyone sees who resumed it, and the
    // step is queued again (this fixture fails again, so it is paused with a new reference).
    const ok = await as(stack.base, a, RETRY, { g: g.id });
    expect(ok.errors).toBeUndefined();
    expect(ok.data.retryGame).toMatchObject({ id: g.id, status: 'ACTIVE', step: 1, pausedReason: null });
    const again = await waitFor(async () => {
      const v = await view(stack.base, b, g.id);
      return v.game.status === 'PAUSED' && v.game.pausedReason !== firstReason ? v : null;
    }, 30_000);
    const types = again.events.map((e: any) => e.type);
    expect(types.slice(-3)).toEqual(['game-paused', 'game-resumed', 'game-paused']);
    expect(again.events.find((e: any) => e.type === 'game-resumed').data).toMatchObject({
      step: 1,
      by: a.name,
      reason: 'retry',
      deadline: null,
    });
  });
});
