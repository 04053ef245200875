/**
 * Issue 8, reliability: PostgreSQL and Redis going down and coming back while games are played.
 * The stack runs on a PostgreSQL cluster and a Redis server of its own (bench/private-services.ts),
 * so stopping them disturbs no other test. Checked: during a database outage requests fail
 * cleanly (UNAVAILABLE, 503 with Retry-After over REST, nothing written) and succeed after; during
 * a Redis outage submissions are still accepted and the queue catches up when Redis returns (the
 * reconciler re-queues the owed step), a subscriber's socket keeps receiving events; every step
 * resolves exactly once and events stay contiguous.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startPrivatePostgres,
  startPrivateRedis,
  type PrivatePostgres,
  type PrivateRedis,
} from '../../bench/private-services.js';
import { collect, errorCode, waitFor, wsClient } from '../helpers/gql.js';
import { as, createGame, join, register, SUBMIT, type Player } from '../helpers/play.js';
import { rest } from '../helpers/rest.js';
import { startStack, type Stack } from '../helpers/stack.js';

let db: PrivatePostgres;
let redis: PrivateRedis;
let stack: Stack;

beforeAll(async () => {
  db = await startPrivatePostgres();
  redis = await startPrivateRedis();
  stack = await startStack('services', {
    DATABASE_URL: db.adminUrl,
    REDIS_URL: redis.url,
    WARPOST_RECONCILE_INTERVAL_MS: '500',
    WARPOST_RECONCILE_GRACE_SECONDS: '1',
  });
  await stack.spawnWorker();
}, 120_000);

afterAll(async () => {
  await stack?.close().catch(() => undefined);
  await redis?.stop();
  db?.stop();
});

const STATE = `query($id:ID!){game(id:$id){game{status step} myPrompts{defaultOrders} mySubmission{step}}}`;

/** Audits a game in the database: each step recorded once, event numbers 1..n without gaps. */
async function audit(gameId: string) {
  const c = new pg.Client({ connectionString: db.adminUrl });
  await c.connect();
  try {
    const steps = (await c.query(`SELECT step FROM "StepRecord" WHERE "gameId" = $1 ORDER BY step`, [gameId])).rows.map(
      (r) => r.step,
    );
    const seqs = (await c.query(`SELECT seq FROM "GameEvent" WHERE "gameId" = $1 ORDER BY seq`, [gameId])).rows.map(
      (r) => r.seq,
    );
    return {
      steps,
      stepsOnce: steps.every((s: number, i: number) => s === i),
      eventsContiguous: seqs.every((s: number, i: number) => s === i + 1),
    };
  } finally {
    await c.end();
  }
}

/** Submits the default orders of whichever of the two players owes at the current step. */
async function playOwed(players: Player[], gameId: string) {
  for (const p of players) {
    const r = await as(stack.base, p, STATE, { id: gameId });
    const g = r.data?.game;
    if (g && g.game.status === 'ACTIVE' && g.myPrompts.length && !g.mySubmission) {
      const s = await as(stack.base, p, SUBMIT, {
        g: gameId,
        s: g.game.step,
        o: g.myPrompts[0].defaultOrders,
        k: randomUUID(),
      });
      expect(s.errors).toBeUndefined();
    }
  }
}

async function newGame(tag: string) {
  const a = await register(stack.base, `oa_${tag}`);
  const b = await register(stack.base, `ob_${tag}`);
  const g = await createGame(stack.base, a, { module: 'sealed-bid', scenario: 'standard', side: 'north' });
  await join(stack.base, b, g.id, 'south');
  return { players: [a, b], gameId: g.id as string };
}

async function playToEnd(players: Player[], gameId: string) {
  await waitFor(
    async () => {
      await playOwed(players, gameId);
      const r = await as(stack.base, players[0], STATE, { id: gameId });
      return r.data?.game.game.status === 'FINISHED';
    },
    60_000,
    200,
  );
}

describe('outages of PostgreSQL and Redis (issue 8)', () => {
  it('PostgreSQL down: requests fail cleanly with UNAVAILABLE and nothing written; after it returns the same submission succeeds once', async () => {
    const { players, gameId } = await newGame(randomUUID().slice(0, 6));
    const [a] = players;
    const before = await as(stack.base, a, STATE, { id: gameId });
    const step = before.data.game.game.step;
    const orders = before.data.game.myPrompts[0].defaultOrders;
    const key = randomUUID();

    db.down();
    try {
      const q = await as(stack.base, a, STATE, { id: gameId });
      expect(errorCode(q)).toBe('UNAVAILABLE');
      expect(q.errors![0].extensions!.retryAfterSeconds).toBeGreaterThan(0);
      expect(JSON.stringify(q)).not.toMatch(/prisma|ECONN|127\.0\.0\.1|stack/i);
      const s = await as(stack.base, a, SUBMIT, { g: gameId, s: step, o: orders, k: key });
      expect(errorCode(s)).toBe('UNAVAILABLE');
      const r = await rest(stack.base, 'GET', `/games/${gameId}`, { token: a.token });
      expect(r.status).toBe(503);
      expect(r.body.error.code).toBe('UNAVAILABLE');
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      db.up();
    }

    // The pool may hold connections the restart killed: the first requests may still say UNAVAILABLE.
    const accepted = await waitFor(
      async () => {
        const s = await as(stack.base, a, SUBMIT, { g: gameId, s: step, o: orders, k: key });
        if (errorCode(s) === 'UNAVAILABLE') return null;
        expect(s.errors).toBeUndefined();
        return s.data.submitOrders;
      },
      20_000,
      200,
    );
    expect(accepted.step).toBe(step);
    expect(accepted.replayed).toBe(false); // the attempt during the outage wrote nothing
    const again = await as(stack.base, a, SUBMIT, { g: gameId, s: step, o: orders, k: key });
    expect(again.data.submitOrders.replayed).toBe(true); // the idempotency key: applied once
    await playToEnd(players, gameId);
    const audited = await audit(gameId);
    expect(audited.stepsOnce).toBe(true);
    expect(audited.eventsContiguous).toBe(true);
  }, 120_000);

  it('Redis down: submissions are still accepted, the queue catches up when Redis returns, and a subscriber keeps receiving events', async () => {
    const { players, gameId } = await newGame(randomUUID().slice(0, 6));
    const ws = wsClient(stack.base, players[0].token);
    const events = collect(ws, `subscription($g:ID!){gameEvents(gameId:$g){step status events{seq type}}}`, {
      g: gameId,
    });
    try {
      await new Promise((r) => setTimeout(r, 300)); // let the subscription register
      await redis.down();
      let stepBefore: number;
      try {
        stepBefore = (await as(stack.base, players[0], STATE, { id: gameId })).data.game.game.step;
        await playOwed(players, gameId); // every owed side submits while the queue is unreachable
        await new Promise((r) => setTimeout(r, 1000));
        const stored = await as(stack.base, players[0], STATE, { id: gameId });
        expect(stored.data.game.game.step).toBe(stepBefore); // nothing resolved without the queue...
        expect(stored.data.game.mySubmission?.step).toBe(stepBefore); // ...but the orders are kept
      } finally {
        await redis.up();
      }
      // The reconciler finds the owed step and queues it; the subscriber hears of it on the same socket.
      await waitFor(
        async () => (await as(stack.base, players[0], STATE, { id: gameId })).data?.game.game.step > stepBefore,
        30_000,
        200,
      );
      await events.until((items) => items.some((i: any) => i.gameEvents.step > stepBefore), 30_000);
      await playToEnd(players, gameId);
      await events.until((items) => items.some((i: any) => i.gameEvents.status === 'FINISHED'), 30_000);
      const seqs = events.items.flatMap((i: any) => i.gameEvents.events.map((e: any) => e.seq));
      expect(new Set(seqs).size).toBe(seqs.length); // no event delivered twice
      const audited = await audit(gameId);
      expect(audited.stepsOnce).toBe(true);
      expect(audited.eventsContiguous).toBe(true);
    } finally {
      events.unsubscribe();
      await ws.dispose();
    }
  }, 120_000);
});
