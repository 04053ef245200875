/**
 * The submission's raw-SQL path (src/platform/play/submission-sql.ts, db/sql.ts) on PostgreSQL,
 * in process: the guarantees the Prisma version gave, checked where the new code could break
 * them. Idempotency under a race, nothing written on a refusal, exactly one enqueue when the
 * last owed side is ready, the reveal phase (announced by the same writer) and UTC times.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '#platform/auth/service.js';
import { boot, type Booted } from '#platform/boot.js';
import { loadConfig } from '#platform/config/load.js';
import * as lobby from '#platform/play/lobby.js';
import { setReady, submissionBatcher, submitOrders } from '#platform/play/orders.js';
import { loadExtraModules } from '#platform/play/registry.js';
import { commitOrders } from '#platform/trust/commit-reveal.js';
import { commitmentOf } from '#platform/trust/canonical.js';
import { recordKey } from '#platform/trust/idempotency.js';
import { FIXTURE, sealedBidGame } from '../helpers/stack.js';

let booted: Booted;
const enqueued: { gameId: string; step: number }[] = [];

beforeAll(async () => {
  // PostgreSQL, in-process queue and no worker: steps stay open, enqueues are only counted.
  const config = {
    ...loadConfig({
      ...process.env,
      DATABASE_URL: process.env.TEST_DATABASE_URL,
      REDIS_URL: '',
      JWT_SECRET: 'fast-path-test',
      LOG_LEVEL: 'warn',
    }),
    port: 0,
  };
  booted = await boot(config, await loadExtraModules(FIXTURE));
  const queue = booted.platform.queue;
  const enqueue = queue.enqueue.bind(queue);
  queue.enqueue = async (job, opts) => {
    enqueued.push({ gameId: job.gameId, step: job.step });
    if (opts?.variant === 'deadline') await enqueue(job, opts); // deadline timers are not under test
  };
}, 120_000);

afterAll(async () => booted?.shutdown());

const newGame = () => sealedBidGame(booted, 'fp', { scenario: 'standard', untimed: true });

const rows = async (gameId: string) => {
  const db = booted.platform.prisma;
  return {
    submissions: await db.submission.findMany({ where: { gameId } }),
    receipts: await db.receipt.findMany({ where: { gameId } }),
  };
};

describe('submission fast path (issue 8)', () => {
  it('runs on the pg pool under Prisma on PostgreSQL', () => {
    expect(booted.platform.pgPool).toBeDefined();
  });

  it('the same key sent twice at once stores one submission, one receipt, one record; the other answer is a replay', async () => {
    const { gameId, north } = await newGame();
    const input = { gameId, step: 1, orders: { bid: 2, note: 'race' }, idempotencyKey: randomUUID(), ready: false };
    const answers = await Promise.all([
      submitOrders(booted.platform, north, input),
      submitOrders(booted.platform, north, input),
    ]);
    expect(answers.map((a) => a.replayed).sort()).toEqual([false, true]);
    expect(answers[0].ordersHash).toBe(answers[1].ordersHash);
    expect(answers[0].receipt?.signature).toBe(answers[1].receipt?.signature);
    const { submissions, receipts } = await rows(gameId);
    expect(submissions).toHaveLength(1);
    expect(receipts).toHaveLength(1);
    expect(
      await booted.platform.prisma.idempotencyRecord.count({
        where: { userId: north.userId, key: recordKey(gameId, input.idempotencyKey) },
      }),
    ).toBe(1);
    // The key with different orders is refused by name.
    await expect(
      submitOrders(booted.platform, north, { ...input, orders: { bid: 3, note: 'other' } }),
    ).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
  });

  it('idempotency keys are scoped per user and game (issue 23): one key raced in two games of one user stores both', async () => {
    const a = await newGame();
    const b = await newGame();
    const shared = a.north;
    const c = await lobby.createGame(booted.platform, shared, {
      module: 'sealed-bid',
      scenario: 'standard',
      side: 'north',
    });
    await lobby.joinGame(booted.platform, b.south, c.id, 'south');
    const key = 'step-1-bid'; // the kind of key a bot derives from (step, kind) in every game
    const answers = await Promise.all([
      submitOrders(booted.platform, shared, {
        gameId: a.gameId,
        step: 1,
        orders: { bid: 1, note: 'a' },
        idempotencyKey: key,
        ready: false,
      }),
      submitOrders(booted.platform, shared, {
        gameId: c.id,
        step: 1,
        orders: { bid: 1, note: 'c' },
        idempotencyKey: key,
        ready: false,
      }),
    ]);
    expect(answers.map((x) => x.replayed)).toEqual([false, false]);
    expect(answers.map((x) => x.gameId)).toEqual([a.gameId, c.id]);
    for (const id of [a.gameId, c.id]) {
      const r = await rows(id);
      expect([r.submissions.length, r.receipts.length]).toEqual([1, 1]);
    }
    // Within one game the key still binds its content.
    await expect(
      submitOrders(booted.platform, shared, {
        gameId: c.id,
        step: 1,
        orders: { bid: 2, note: 'c' },
        idempotencyKey: key,
        ready: false,
      }),
    ).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
  });

  it('refusals write nothing: illegal orders, stale step, a side not held, an unknown game', async () => {
    const { gameId, north, south } = await newGame();
    const key = () => randomUUID();
    await expect(
      submitOrders(booted.platform, north, { gameId, step: 1, orders: { bid: -5 }, idempotencyKey: key() }),
    ).rejects.toMatchObject({ code: 'INVALID_ORDERS' });
    await expect(
      submitOrders(booted.platform, north, { gameId, step: 2, orders: { bid: 1, note: 'x' }, idempotencyKey: key() }),
    ).rejects.toMatchObject({ code: 'STALE_STEP' });
    await expect(
      submitOrders(booted.platform, south, {
        gameId,
        step: 1,
        side: 'north',
        orders: { bid: 1, note: 'x' },
        idempotencyKey: key(),
      }),
    ).rejects.toMatchObject({ code: 'NOT_YOUR_SIDE' });
    await expect(
      submitOrders(booted.platform, north, {
        gameId: randomUUID(),
        step: 1,
        orders: { bid: 1 },
        idempotencyKey: key(),
      }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const { submissions, receipts } = await rows(gameId);
    expect(submissions).toHaveLength(0);
    expect(receipts).toHaveLength(0);
    expect(
      await booted.platform.prisma.idempotencyRecord.count({ where: { userId: { in: [north.userId, south.userId] } } }),
    ).toBe(0);
  });

  it('replacing orders keeps one row per side; the step is queued once, when the last owed side is ready', async () => {
    const { gameId, north, south } = await newGame();
    const submit = (who: Principal, bid: number, ready: boolean) =>
      submitOrders(booted.platform, who, {
        gameId,
        step: 1,
        orders: { bid, note: `b${bid}` },
        idempotencyKey: randomUUID(),
        ready,
      });
    expect((await submit(north, 1, true)).stepComplete).toBe(false);
    expect((await submit(south, 1, false)).stepComplete).toBe(false);
    expect((await submit(north, 2, true)).stepComplete).toBe(false); // replaced, still waiting for south
    expect(enqueued.filter((j) => j.gameId === gameId)).toHaveLength(0);
    const last = await submit(south, 3, true);
    expect(last.stepComplete).toBe(true);
    expect(enqueued.filter((j) => j.gameId === gameId)).toEqual([{ gameId, step: 1 }]);
    const { submissions, receipts } = await rows(gameId);
    expect(submissions.map((s) => [s.side, (s.orders as { bid: number }).bid, s.ready]).sort()).toEqual([
      ['north', 2, true],
      ['south', 3, true],
    ]);
    expect(receipts).toHaveLength(4); // every accepted submission is receipted, replaced ones too
    // Un-readying and readying again goes through setReady and queues the same job id (deduplicated by the queue).
    await setReady(booted.platform, south, { gameId, step: 1, ready: false });
    expect(enqueued.filter((j) => j.gameId === gameId)).toHaveLength(1);
  });

  it('both sides ready at once, in 8 games: each step is complete exactly once (reads after the lock see the other side)', async () => {
    const games = await Promise.all(Array.from({ length: 8 }, () => newGame()));
    const answers = await Promise.all(
      games.flatMap((g) =>
        [g.north, g.south].map((who) =>
          submitOrders(booted.platform, who, {
            gameId: g.gameId,
            step: 1,
            orders: { bid: 1, note: 'r' },
            idempotencyKey: randomUUID(),
            ready: true,
          }),
        ),
      ),
    );
    for (const [i, g] of games.entries()) {
      expect(answers.slice(2 * i, 2 * i + 2).filter((a) => a.stepComplete)).toHaveLength(1);
      expect(enqueued.filter((j) => j.gameId === g.gameId)).toEqual([{ gameId: g.gameId, step: 1 }]);
    }
  });

  it('plain orders that bind the last side open the reveal phase once (written with the submission) and lock orders', async () => {
    const { gameId, north, south } = await newGame();
    const salt = 'a'.repeat(32);
    await commitOrders(booted.platform, north, {
      gameId,
      step: 1,
      commitment: commitmentOf({ bid: 1, note: 'sealed' }, salt),
      idempotencyKey: randomUUID(),
    });
    // The committed side may not send plain orders (guardSealedChange's rule, now on the one-statement read).
    await expect(
      submitOrders(booted.platform, north, {
        gameId,
        step: 1,
        orders: { bid: 1, note: 'plain' },
        idempotencyKey: randomUUID(),
      }),
    ).rejects.toMatchObject({ code: 'COMMITTED' });
    const r = await submitOrders(booted.platform, south, {
      gameId,
      step: 1,
      orders: { bid: 2, note: 'plain' },
      idempotencyKey: randomUUID(),
    });
    expect(r.stepComplete).toBe(false); // north must still reveal
    const events = await booted.platform.prisma.gameEvent.findMany({ where: { gameId, type: 'reveal-open' } });
    expect(events).toHaveLength(1);
    await expect(
      submitOrders(booted.platform, south, {
        gameId,
        step: 1,
        orders: { bid: 0, note: 'changed' },
        idempotencyKey: randomUUID(),
      }),
    ).rejects.toMatchObject({ code: 'ORDERS_LOCKED' });
    const { submissions, receipts } = await rows(gameId);
    expect(submissions).toHaveLength(1);
    expect(receipts.filter((x) => x.kind === 'orders')).toHaveLength(1);
  });

  it('stores times as Prisma does (UTC): the receipt row carries the signed issuedAt exactly', async () => {
    const { gameId, north } = await newGame();
    const before = Date.now();
    const r = await submitOrders(booted.platform, north, {
      gameId,
      step: 1,
      orders: { bid: 1, note: 't' },
      idempotencyKey: randomUUID(),
      ready: false,
    });
    const { submissions, receipts } = await rows(gameId);
    expect(receipts[0].issuedAt.toISOString()).toBe(r.receipt!.issuedAt);
    expect(receipts[0].payload).toBe(r.receipt!.signed);
    expect(Math.abs(submissions[0].updatedAt.getTime() - before)).toBeLessThan(60_000);
  });
});

describe('group commit: submissions that arrive together share one transaction (issue 8)', () => {
  const batcher = () => submissionBatcher(booted.platform)!;
  const submitIn = (
    g: { gameId: string; north: Principal },
    orders: unknown,
    extra: Partial<{ step: number; idempotencyKey: string }> = {},
  ) =>
    submitOrders(booted.platform, g.north, {
      gameId: g.gameId,
      step: 1,
      orders,
      idempotencyKey: randomUUID(),
      ready: false,
      ...extra,
    });

  it('40 submissions to 40 games at once: every one stored and receipted, in far fewer transactions', async () => {
    const games = await Promise.all(Array.from({ length: 40 }, () => newGame()));
    const before = { ...batcher().stats };
    const answers = await Promise.all(games.map((g, i) => submitIn(g, { bid: i % 5, note: `g${i}` })));
    const batches = batcher().stats.batches - before.batches;
    expect(batcher().stats.items - before.items).toBe(40);
    expect(batches).toBeLessThanOrEqual(4); // 40 alone would be 40 transactions
    expect(batcher().stats.failed).toBe(before.failed);
    for (const [i, g] of games.entries()) {
      const { submissions, receipts } = await rows(g.gameId);
      expect(submissions.map((s) => s.orders)).toEqual([{ bid: i % 5, note: `g${i}` }]);
      expect(receipts.map((r) => r.signature)).toEqual([answers[i].receipt!.signature]);
      expect(answers[i]).toMatchObject({ gameId: g.gameId, side: 'north', replayed: false, stepComplete: false });
    }
  });

  it('a refused item refuses only itself: illegal orders, a stale step and an unknown game in the same batch write nothing', async () => {
    const games = await Promise.all(Array.from({ length: 6 }, () => newGame()));
    const before = { ...batcher().stats };
    const results = await Promise.allSettled([
      submitIn(games[0], { bid: 1, note: 'ok' }),
      submitIn(games[1], { bid: -5 }),
      submitIn(games[2], { bid: 2, note: 'ok' }),
      submitIn(games[3], { bid: 1, note: 'late' }, { step: 2 }),
      submitOrders(booted.platform, games[4].north, {
        gameId: randomUUID(),
        step: 1,
        orders: { bid: 1 },
        idempotencyKey: randomUUID(),
      }),
      submitIn(games[5], { bid: 3, note: 'ok' }),
    ]);
    expect(batcher().stats.batches - before.batches).toBeLessThan(6);
    expect(results.map((r) => (r.status === 'fulfilled' ? 'ok' : (r.reason as { code: string }).code))).toEqual([
      'ok',
      'INVALID_ORDERS',
      'ok',
      'STALE_STEP',
      'NOT_FOUND',
      'ok',
    ]);
    const stored = await Promise.all(games.map(async (g) => (await rows(g.gameId)).submissions.length));
    expect(stored).toEqual([1, 0, 1, 0, 0, 1]);
  });

  it('a batch that fails whole (its key taken by another transaction meanwhile) rolls back, and each item runs again alone', async () => {
    const games = await Promise.all(Array.from({ length: 5 }, () => newGame()));
    const key = randomUUID();
    // Another transaction holds the first user's idempotency key, uncommitted: the batch's insert waits on it.
    const blocker = await booted.platform.pgPool!.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query(
        `INSERT INTO "IdempotencyRecord" ("userId", key, "requestHash", response) VALUES ($1, $2, 'another request', '{}'::jsonb)`,
        [games[0].north.userId, recordKey(games[0].gameId, key)],
      );
      const before = { ...batcher().stats };
      const pending = Promise.allSettled(
        games.map((g, i) => submitIn(g, { bid: 1, note: `f${i}` }, i === 0 ? { idempotencyKey: key } : {})),
      );
      await new Promise((r) => setTimeout(r, 300));
      await blocker.query('COMMIT');
      const results = await pending;
      expect(batcher().stats.failed - before.failed).toBe(1);
      expect(results.map((r) => (r.status === 'fulfilled' ? 'ok' : (r.reason as { code: string }).code))).toEqual([
        'IDEMPOTENCY_KEY_REUSED',
        'ok',
        'ok',
        'ok',
        'ok',
      ]);
    } finally {
      blocker.release();
    }
    const stored = await Promise.all(
      games.map(async (g) => [(await rows(g.gameId)).submissions.length, (await rows(g.gameId)).receipts.length]),
    );
    expect(stored).toEqual([
      [0, 0],
      [1, 1],
      [1, 1],
      [1, 1],
      [1, 1],
    ]); // nothing of the failed batch survived twice
  });

  it('a game held by another transaction does not hold up the batch: the others are stored, its item waits alone', async () => {
    const games = await Promise.all(Array.from({ length: 5 }, () => newGame()));
    const holder = await booted.platform.pgPool!.connect();
    let heldDone = false;
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM "Game" WHERE id = $1 FOR UPDATE', [games[0].gameId]); // as a resolution would
      const held = submitIn(games[0], { bid: 1, note: 'held' }).finally(() => (heldDone = true));
      const others = await Promise.all(games.slice(1).map((g, i) => submitIn(g, { bid: 2, note: `free${i}` })));
      expect(others.map((a) => a.replayed)).toEqual([false, false, false, false]);
      expect(heldDone).toBe(false); // still waiting for the game's lock
      await holder.query('COMMIT');
      expect((await held).side).toBe('north');
    } finally {
      await holder.query('ROLLBACK').catch(() => undefined);
      holder.release();
    }
    expect(await Promise.all(games.map(async (g) => (await rows(g.gameId)).submissions.length))).toEqual([
      1, 1, 1, 1, 1,
    ]);
  });

  it('WARPOST_SUBMISSION_BATCH=1 turns group commit off (each submission its own transaction)', () => {
    expect(loadConfig({ WARPOST_SUBMISSION_BATCH: '1' }).submissionBatch).toBe(1);
    expect(loadConfig({}).submissionBatch).toBe(64);
    expect(
      submissionBatcher({ ...booted.platform, config: { ...booted.platform.config, submissionBatch: 1 } }),
    ).toBeNull();
  });
});
