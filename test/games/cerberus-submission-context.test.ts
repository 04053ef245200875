/**
 * The submission context skips what the API already holds (issue 22), on the game whose state is
 * large: a Cerberus campaign played a few steps in process with default orders. Each submission's
 * context is read with and without the version the read model remembers; with it, the context
 * carries none of the state or prompts. Logged: the bytes and PostgreSQL's CPU per call
 * (bench/RESULTS.md). The rules of the known version: test/platform/submission-known-version.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { submitOrders } from '#platform/play/orders.js';
import { knownState, readGame } from '#platform/play/read-model.js';
import { resolveStep } from '#platform/play/resolution.js';
import { recordKey } from '#platform/trust/idempotency.js';
import { useBootedPlatform } from '../helpers/stack.js';
import { cerberusCampaign } from './cerberus-campaign-game.js';
import { context, serverCpuMsPerCall } from '../helpers/submission-context.js';

const platform = useBootedPlatform('cerberus-submission-context');
const resolveCtx = { attempt: 1, final: false };

describe('Cerberus: the bytes a submission context returns', () => {
  it('per submission of a campaign, with the state remembered and without (logged)', async () => {
    const p = platform.booted.platform;
    const { gameId, bySide, client: c } = await cerberusCampaign(platform.booted, 'kvc');
    const figures: { step: number; full: number; known: number; fullMs: number; knownMs: number }[] = [];
    for (let n = 0; n < 8; n++) {
      const read = await readGame(p, gameId, null);
      if (read.game.status !== 'ACTIVE') break;
      const step = read.game.step;
      const version = knownState(gameId)!.version;
      for (const prompt of read.prompts()) {
        const user = bySide[prompt.side];
        const full = await context(p, gameId, user.userId, null);
        const known = await context(p, gameId, user.userId, version);
        expect(known.game).toMatchObject({ version, state: null, prompts: null });
        expect(full.game.state).not.toBeNull();
        figures.push({
          step,
          full: full.bytes,
          known: known.bytes,
          fullMs: await serverCpuMsPerCall(c, gameId, user.userId, null),
          knownMs: await serverCpuMsPerCall(c, gameId, user.userId, version),
        });
        const key = randomUUID();
        const result = await submitOrders(p, user, {
          gameId,
          step,
          side: prompt.side,
          orders: prompt.defaultOrders,
          idempotencyKey: key,
        });
        expect(result).toMatchObject({ step, side: prompt.side, replayed: false });
        const [rec] = await p.prisma.$queryRawUnsafe<{ n: number }[]>(
          `SELECT count(*)::int AS n FROM "IdempotencyRecord" WHERE "userId" = $1 AND key = $2`,
          user.userId,
          recordKey(gameId, key),
        );
        expect(rec.n).toBe(1);
      }
      expect(await resolveStep(p, { gameId, step }, resolveCtx)).toBe('resolved');
    }
    const total = (k: 'full' | 'known') => figures.reduce((s, f) => s + f[k], 0);
    console.log(
      `Cerberus submission context bytes per submission (${figures.length} submissions): ` +
        `without a known version mean ${Math.round(total('full') / figures.length)}, max ${Math.max(...figures.map((f) => f.full))}; ` +
        `with it mean ${Math.round(total('known') / figures.length)}, max ${Math.max(...figures.map((f) => f.known))}; ` +
        `by step ${figures.map((f) => `${f.step}:${f.full}/${f.known}`).join(' ')}; ` +
        `PostgreSQL CPU ms per call without/with, by step ${figures.map((f) => `${f.step}:${f.fullMs.toFixed(3)}/${f.knownMs.toFixed(3)}`).join(' ')}`,
    );
    expect(figures.length).toBeGreaterThan(3);
    for (const f of figures) expect(f.known * 10).toBeLessThan(f.full);
  }, 300_000);
});
