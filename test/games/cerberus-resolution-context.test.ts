/**
 * The resolution context skips what the worker already holds (issue 22), on the game whose state
 * is large: a Cerberus campaign played a few steps in process with default orders. Before each
 * step's resolution its context is read with and without the version the read model remembers
 * (the state the previous step wrote); with it, the context carries none of the state or prompts,
 * and the step is resolved on the remembered copy. Logged: the bytes and PostgreSQL's CPU per call
 * (bench/RESULTS.md). The rules of the known version: test/platform/resolution-known-version.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { metrics } from '#platform/metrics.js';
import { submitOrders } from '#platform/play/orders.js';
import { knownState, readGame } from '#platform/play/read-model.js';
import { resolveStep } from '#platform/play/resolution.js';
import { useBootedPlatform } from '../helpers/stack.js';
import { cerberusCampaign } from './cerberus-campaign-game.js';
import { resolutionContext, resolutionCpuMsPerCall } from '../helpers/submission-context.js';

const platform = useBootedPlatform('cerberus-resolution-context');
const resolveCtx = { attempt: 1, final: false };

const remembered = async () =>
  (await metrics.resolutionStates.get()).values.find((v) => v.labels.source === 'remembered')?.value ?? 0;

describe('Cerberus: the bytes a resolution context returns', () => {
  it('per step of a campaign, with the state the previous step wrote remembered and without (logged)', async () => {
    const p = platform.booted.platform;
    const { gameId, bySide, client: c } = await cerberusCampaign(platform.booted, 'krc');
    const figures: { step: number; full: number; known: number; fullMs: number; knownMs: number }[] = [];
    for (let n = 0; n < 8; n++) {
      const read = await readGame(p, gameId, null);
      if (read.game.status !== 'ACTIVE') break;
      const step = read.game.step;
      for (const prompt of read.prompts()) {
        await submitOrders(p, bySide[prompt.side], {
          gameId,
          step,
          side: prompt.side,
          orders: prompt.defaultOrders,
          idempotencyKey: randomUUID(),
        });
      }
      const version = knownState(gameId)!.version;
      const full = await resolutionContext(p, gameId, null);
      const known = await resolutionContext(p, gameId, version);
      expect(known.game).toMatchObject({ version, state: null, prompts: null });
      expect(full.game).toMatchObject({ version });
      expect(full.game.state).not.toBeNull();
      figures.push({
        step,
        full: full.bytes,
        known: known.bytes,
        fullMs: await resolutionCpuMsPerCall(c, gameId, null),
        knownMs: await resolutionCpuMsPerCall(c, gameId, version),
      });
      const before = await remembered();
      expect(await resolveStep(p, { gameId, step }, resolveCtx)).toBe('resolved');
      expect(await remembered()).toBe(before + 1);
    }
    const total = (k: 'full' | 'known') => figures.reduce((s, f) => s + f[k], 0);
    console.log(
      `Cerberus resolution context bytes per step (${figures.length} steps): ` +
        `without a known version mean ${Math.round(total('full') / figures.length)}, max ${Math.max(...figures.map((f) => f.full))}; ` +
        `with it mean ${Math.round(total('known') / figures.length)}, max ${Math.max(...figures.map((f) => f.known))}; ` +
        `by step ${figures.map((f) => `${f.step}:${f.full}/${f.known}`).join(' ')}; ` +
        `PostgreSQL CPU ms per call without/with, by step ${figures.map((f) => `${f.step}:${f.fullMs.toFixed(3)}/${f.knownMs.toFixed(3)}`).join(' ')}`,
    );
    expect(figures.length).toBeGreaterThan(3);
    for (const f of figures) expect(f.known * 10).toBeLessThan(f.full);
  }, 300_000);
});
