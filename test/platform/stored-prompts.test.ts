/**
 * Prompts computed once per step (src/platform/play/stored-prompts.ts, issue 22): the game's
 * start and each resolution store the module's prompts with the game row's version, and the
 * submission and resolution contexts and the hot read take them while that version is current.
 * Checked against the module itself (never its memo), on the pg pool and through Prisma (the
 * embedded route); after any other write of the row they are not used, and the stored copy is
 * what is trusted while current (a tampered copy shows through, so the paths really read it).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Principal } from '#platform/auth/service.js';
import type { Platform } from '#platform/context.js';
import { prismaSql } from '#platform/db/sql.js';
import { submitOrders } from '#platform/play/orders.js';
import { clearReadCache, readGame } from '#platform/play/read-model.js';
import { readResolutionContext } from '#platform/play/resolution-sql.js';
import { resolveStep } from '#platform/play/resolution.js';
import { readSubmissionContext } from '#platform/play/submission-sql.js';
import { gameView } from '#platform/play/views.js';
import { sealedBidGame, useBootedPlatform } from '../helpers/stack.js';
import { RULES_BUILD } from '#platform/play/rules-build.js';
import { currentPrompts, storedPromptsParam } from '#platform/play/stored-prompts.js';
import type { Prompt } from '#engine/contract.js';

const platform = useBootedPlatform('stored-prompts');
const ctx = { attempt: 1, final: false };

/** The stored row, the game row's current version, and the module's own prompts for its state. */
async function stored(gameId: string) {
  const p = platform.booted.platform;
  const [row] = await p.prisma.$queryRawUnsafe<
    { version: string; current: string; prompts: unknown; state: unknown }[]
  >(
    `SELECT sp.version, g.xmin::text || ':' || g.ctid::text AS current, sp.prompts, g.state
       FROM "Game" g LEFT JOIN "GamePrompts" sp ON sp."gameId" = g.id WHERE g.id = $1`,
    gameId,
  );
  const fresh = p.modules.get('sealed-bid').prompts(row.state);
  return { ...row, fresh };
}

/**
 * What each reader of the game row gives as its stored prompts (null: not current, or other rules
 * code). `known`: the row version the submission context is told the caller holds (issue 22).
 */
async function contexts(p: Platform, gameId: string, userId: string, known: string | null = null) {
  const read = (q: (sql: ReturnType<typeof prismaSql>) => Promise<unknown>) =>
    p.prisma.$transaction((tx) => q(prismaSql(tx)));
  const resolution = (await read((sql) => readResolutionContext(sql, gameId))) as { prompts: unknown };
  const submission = (await read((sql) =>
    readSubmissionContext(sql, { gameId, userId, key: randomUUID(), known }),
  )) as { game: { prompts: unknown } };
  return { resolution: resolution.prompts, submission: currentPrompts(submission.game.prompts) };
}

const submit = (p: Platform, user: Principal, gameId: string, step: number, orders: unknown) =>
  submitOrders(p, user, { gameId, step, orders, idempotencyKey: randomUUID() });

describe('stored prompts', () => {
  it.each([
    ['on the pg pool', () => platform.booted.platform],
    ['through Prisma (embedded route)', () => ({ ...platform.booted.platform, pgPool: undefined }) as Platform],
  ])(
    "the start and every resolved step store the module's prompts for the row version written, and every context reads them %s",
    async (_name, platformOf) => {
      const p = platformOf();
      const { gameId, north, south } = await sealedBidGame(platform.booted, 'sp', { platform: p });
      const check = async () => {
        const s = await stored(gameId);
        expect(s.version).toBe(s.current);
        expect(s.prompts).toEqual({ build: RULES_BUILD, prompts: s.fresh });
        const c = await contexts(p, gameId, north.userId);
        expect(c.resolution).toEqual(s.fresh);
        expect(c.submission).toEqual(s.fresh);
        // Told the caller holds the current version, the submission context leaves them out.
        expect(await contexts(p, gameId, north.userId, s.current)).toEqual({ resolution: s.fresh, submission: null });
        clearReadCache();
        expect((await readGame(p, gameId, null)).prompts()).toEqual(s.fresh);
        return s.fresh as { side: string; kind: string }[];
      };
      expect((await check()).map((pr) => [pr.side, pr.kind])).toEqual([
        ['north', 'bid'],
        ['south', 'bid'],
      ]);
      await submit(p, north, gameId, 1, { bid: 3, note: '' });
      await submit(p, south, gameId, 1, { bid: 1, note: '' });
      expect(await resolveStep(p, { gameId, step: 1 }, ctx)).toBe('resolved');
      expect((await check()).map((pr) => [pr.side, pr.kind])).toEqual([['north', 'claim']]);
    },
  );

  it('any other write of the game row leaves them unused: the contexts get none and the read computes them', async () => {
    const p = platform.booted.platform;
    const { gameId, north } = await sealedBidGame(platform.booted, 'sp', { platform: p });
    const before = await stored(gameId);
    expect(before.version).toBe(before.current);
    // A write that changes nothing the prompts depend on still makes a new row version.
    await p.prisma.game.update({ where: { id: gameId }, data: { description: 'renamed' } });
    const after = await stored(gameId);
    expect(after.version).toBe(before.version);
    expect(after.current).not.toBe(before.current);
    expect(await contexts(p, gameId, north.userId)).toEqual({ resolution: null, submission: null });
    clearReadCache();
    expect((await readGame(p, gameId, null)).prompts()).toEqual(after.fresh);
  });

  it('while current, the stored copy is what the read and the submission check trust', async () => {
    const p = platform.booted.platform;
    const { gameId, north, south } = await sealedBidGame(platform.booted, 'sp', { platform: p });
    const s = await stored(gameId);
    const marker = `stored-${randomUUID()}`;
    // North's prompt renamed, south's removed: the game row itself is not written.
    const tampered = (s.fresh as { side: string; description: string }[])
      .filter((pr) => pr.side === 'north')
      .map((pr) => ({ ...pr, description: marker }));
    await p.prisma.$executeRawUnsafe(
      `UPDATE "GamePrompts" SET prompts = $2::json WHERE "gameId" = $1`,
      gameId,
      storedPromptsParam(tampered as Prompt[]),
    );
    expect((await stored(gameId)).current).toBe(s.current);
    clearReadCache();
    const view = await gameView(p, north, gameId);
    expect(view.myPrompts.map((pr) => pr.description)).toEqual([marker]);
    await expect(submit(p, south, gameId, 1, { bid: 1, note: '' })).rejects.toMatchObject({ code: 'NOT_OWED' });
  });

  it('a copy stored by other rules code (an earlier deploy) is ignored, though the row version is current', async () => {
    const p = platform.booted.platform;
    const { gameId, north } = await sealedBidGame(platform.booted, 'sp', { platform: p });
    const s = await stored(gameId);
    const marker = `old-build-${randomUUID()}`;
    const old = (s.fresh as Prompt[]).map((pr) => ({ ...pr, description: marker }));
    await p.prisma.$executeRawUnsafe(
      `UPDATE "GamePrompts" SET prompts = $2::json WHERE "gameId" = $1`,
      gameId,
      JSON.stringify({ build: `not-${RULES_BUILD}`, prompts: old }),
    );
    expect((await stored(gameId)).current).toBe(s.current);
    expect(await contexts(p, gameId, north.userId)).toEqual({ resolution: null, submission: null });
    clearReadCache();
    const view = await gameView(p, north, gameId);
    expect(view.myPrompts.map((pr) => pr.description)).not.toContain(marker);
    expect(view.myPrompts.length).toBeGreaterThan(0);
  });
});
