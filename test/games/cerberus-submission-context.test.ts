/**
 * The submission context skips what the API already holds (issue 22), on the game whose state is
 * large: a Cerberus campaign played a few steps in process with default orders. Each submission's
 * context is read with and without the version the read model remembers; with it, the context
 * carries none of the state or prompts. Logged: the bytes and PostgreSQL's CPU per call
 * (bench/RESULTS.md). The rules of the known version: test/platform/submission-known-version.test.ts.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it, onTestFinished } from 'vitest';
import cerberus from '#games/cerberus/index.js';
import type { Principal } from '#platform/auth/service.js';
import * as lobby from '#platform/play/lobby.js';
import { submitOrders } from '#platform/play/orders.js';
import { knownState, readGame } from '#platform/play/read-model.js';
import { resolveStep } from '#platform/play/resolution.js';
import { recordKey } from '#platform/trust/idempotency.js';
import { useBootedPlatform } from '../helpers/stack.js';
import { context, serverCpuMsPerCall } from '../helpers/submission-context.js';

const platform = useBootedPlatform('cerberus-submission-context');
const resolveCtx = { attempt: 1, final: false };

async function players(prefix: string) {
  const tag = randomUUID().slice(0, 8);
  const user = async (name: string): Promise<Principal> =>
    platform.booted.authService.authenticate(
      (await platform.booted.authService.register(`${name}_${tag}`, 'known version pw 1')).accessToken,
    );
  return [await user(`${prefix}a`), await user(`${prefix}b`)] as const;
}

describe('Cerberus: the bytes a submission context returns', () => {
  it('per submission of a campaign, with the state remembered and without (logged)', async () => {
    const p = platform.booted.platform;
    p.modules.register(cerberus);
    const [human, cetian] = await players('kvc');
    const g = await lobby.createGame(p, human, {
      module: 'cerberus',
      scenario: 'campaign',
      side: 'HUMAN',
      timeControl: { stepSeconds: 3600 },
    });
    await lobby.joinGame(p, cetian, g.id, 'CETIAN');
    const bySide: Record<string, Principal> = { HUMAN: human, CETIAN: cetian };
    const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await c.connect();
    onTestFinished(() => c.end());
    const figures: { step: number; full: number; known: number; fullMs: number; knownMs: number }[] = [];
    for (let n = 0; n < 8; n++) {
      const read = await readGame(p, g.id, null);
      if (read.game.status !== 'ACTIVE') break;
      const step = read.game.step;
      const version = knownState(g.id)!.version;
      for (const prompt of read.prompts()) {
        const user = bySide[prompt.side];
        const full = await context(p, g.id, user.userId, null);
        const known = await context(p, g.id, user.userId, version);
        expect(known.game).toMatchObject({ version, state: null, prompts: null });
        expect(full.game.state).not.toBeNull();
        figures.push({
          step,
          full: full.bytes,
          known: known.bytes,
          fullMs: await serverCpuMsPerCall(c, g.id, user.userId, null),
          knownMs: await serverCpuMsPerCall(c, g.id, user.userId, version),
        });
        const key = randomUUID();
        const result = await submitOrders(p, user, {
          gameId: g.id,
          step,
          side: prompt.side,
          orders: prompt.defaultOrders,
          idempotencyKey: key,
        });
        expect(result).toMatchObject({ step, side: prompt.side, replayed: false });
        const [rec] = await p.prisma.$queryRawUnsafe<{ n: number }[]>(
          `SELECT count(*)::int AS n FROM "IdempotencyRecord" WHERE "userId" = $1 AND key = $2`,
          user.userId,
          recordKey(g.id, key),
        );
        expect(rec.n).toBe(1);
      }
      expect(await resolveStep(p, { gameId: g.id, step }, resolveCtx)).toBe('resolved');
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
