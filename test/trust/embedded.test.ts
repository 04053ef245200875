/** The trust features on the embedded defaults (PGlite, in-process queue): a commit–reveal game that verifies. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyExport } from '#platform/trust/verifier.js';
import { as, createGame, join, register } from '../helpers/play.js';
import { startStack, type Stack } from '../helpers/stack.js';
import { EXPORT, play, UNLIMITED } from '../helpers/trust.js';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack('embedded', UNLIMITED);
});
afterAll(async () => stack?.close());

describe('trust on the embedded defaults', () => {
  it('plays with commit–reveal, and the export verifies', async () => {
    const s = Math.random().toString(36).slice(2, 8);
    const alice = await register(stack.base, `ema_${s}`);
    const bob = await register(stack.base, `emb_${s}`);
    const g = await createGame(stack.base, alice, { module: 'sealed-bid', scenario: 'short', side: 'north' });
    await join(stack.base, bob, g.id, 'south');
    await play(stack.base, { north: alice, south: bob }, g.id, { commitReveal: () => true });
    const exp = (await as(stack.base, alice, EXPORT, { g: g.id })).data.gameExport;
    expect(exp.scope).toBe('full');
    expect(Object.keys(exp.steps[1].salts).sort()).toEqual(['north', 'south']);
    const report = verifyExport(exp, { module: (id) => stack.booted.platform.modules.get(id) });
    expect(report.findings).toEqual([]);
    expect(report.stepsRerun).toBe(exp.steps.length);
  });
});
