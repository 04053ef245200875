/**
 * The common step's plain-SQL read (src/platform/play/resolution-sql.ts) against the deadline
 * job's read through the Prisma models: the same seed and orders must write the same rows (by the
 * one writer), whether the SQL goes to the pg pool or through Prisma (the embedded route). A
 * side bound to default orders records its missed turn, a stale or waiting step writes nothing,
 * and times stay UTC.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Principal } from '#platform/auth/service.js';
import type { Platform } from '#platform/context.js';
import { submitOrders } from '#platform/play/orders.js';
import { resolveStep } from '#platform/play/resolution.js';
import { deliverOutbox } from '#platform/events/outbox.js';
import { topics } from '#platform/events/pubsub.js';
import { SeededDice } from '#engine/dice.js';
import { sealedBidGame, useBootedPlatform } from '../helpers/stack.js';

const platform = useBootedPlatform('resolution-fast-path');
const ctx = { attempt: 1, final: false };

const SEED = 'fixed-seed-for-the-comparison';

async function newGame() {
  const { gameId, north, south } = await sealedBidGame(platform.booted, 'rf');
  // One seed for every game here, so the dice (the tie-break and the challenge) roll alike.
  await platform.booted.platform.prisma.game.update({ where: { id: gameId }, data: { seed: SEED } });
  return { gameId, players: { north, south } as Record<string, Principal> };
}

/** Everything a step writes, with the game's own ids and times taken out. */
async function snapshot(gameId: string) {
  const db = platform.booted.platform.prisma;
  const game = await db.game.findUniqueOrThrow({ where: { id: gameId } });
  const events = await db.gameEvent.findMany({ where: { gameId }, orderBy: { seq: 'asc' } });
  const records = await db.stepRecord.findMany({ where: { gameId }, orderBy: { step: 'asc' } });
  const outbox = await db.outboxMessage.findMany({ where: { topic: { contains: gameId } } });
  const votes = await db.gameVote.findMany({ where: { gameId } });
  const plain = {
    game: {
      state: game.state,
      step: game.step,
      status: game.status,
      outcome: game.outcome,
      pausedReason: game.pausedReason,
      finished: game.finishedAt !== null,
      deadline: game.stepDeadline !== null,
    },
    events: events.map((e) => ({
      seq: e.seq,
      step: e.step,
      type: e.type,
      visibleTo: e.visibleTo,
      data: e.data,
      rolls: e.rolls,
    })),
    records: records.map((r) => ({
      step: r.step,
      orders: r.orders,
      origins: r.origins,
      rolls: r.rolls,
      state: r.state,
      salts: r.salts,
      commitments: r.commitments,
    })),
    outbox: outbox
      .map((o) => o.payload as { step: number; status?: string; afterSeq?: number; uptoSeq?: number; sides?: string[] })
      .map(({ step, status, afterSeq, uptoSeq, sides }) => ({ step, status, afterSeq, uptoSeq, sides }))
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    votes: votes.map((v) => v.status),
  };
  return JSON.parse(JSON.stringify(plain).replaceAll(gameId, 'GAME'));
}

/**
 * Plays the short scenario to its end: bids, a claim, the counter; an open vote lapses at the end.
 * With `dice`, tied bids and a challenge roll dice (which differ by game id, so not for comparisons).
 */
async function play(
  gameId: string,
  players: Record<string, Principal>,
  resolve: (step: number) => Promise<string>,
  dice = false,
) {
  const submit = (side: string, step: number, orders: unknown) =>
    submitOrders(platform.booted.platform, players[side], { gameId, step, orders, idempotencyKey: randomUUID() });
  await submit('north', 1, { bid: 2, note: 'n' });
  await submit('south', 1, { bid: dice ? 2 : 1, note: 's' });
  expect(await resolve(1)).toBe('resolved');
  const db = platform.booted.platform.prisma;
  const g = await db.game.findUniqueOrThrow({ where: { id: gameId } });
  const winner = (g.state as { winner: string }).winner;
  const loser = winner === 'north' ? 'south' : 'north';
  const prize = (g.state as { prizes: { id: string }[] }).prizes[0].id;
  await submit(winner, 2, { prize });
  expect(await resolve(2)).toBe('resolved');
  const now = new Date();
  await db.gameVote.create({
    data: {
      gameId,
      kind: 'ABANDON',
      proposedById: players.north.userId,
      step: 3,
      createdAt: now,
      expiresAt: new Date(now.getTime() + 3_600_000),
    },
  });
  await submit(loser, 3, { accept: !dice });
  expect(await resolve(3)).toBe('resolved');
}

describe('resolution fast path (issue 8)', () => {
  it('writes what the Prisma models path writes, on the pg pool and through Prisma (embedded route), to the end of a game', async () => {
    const fast = await newGame();
    const embedded = await newGame();
    const models = await newGame();
    await play(fast.gameId, fast.players, (step) =>
      resolveStep(platform.booted.platform, { gameId: fast.gameId, step }, ctx),
    );
    const noPool: Platform = { ...platform.booted.platform, pgPool: undefined };
    await play(embedded.gameId, embedded.players, (step) =>
      resolveStep(noPool, { gameId: embedded.gameId, step }, ctx),
    );
    // A deadline job that finds every side ready runs the models path with no missed turn: the reference.
    await play(models.gameId, models.players, async (step) => {
      await platform.booted.platform.prisma.game.update({
        where: { id: models.gameId },
        data: { stepDeadline: new Date(Date.now() - 86_400_000) },
      });
      return resolveStep(platform.booted.platform, { gameId: models.gameId, step, force: true }, ctx);
    });
    const reference = await snapshot(models.gameId);
    expect(reference.game.status).toBe('FINISHED');
    expect(reference.records.map((r: { step: number }) => r.step)).toEqual([0, 1, 2, 3]); // step 0: the set-up
    expect(reference.votes).toEqual(['EXPIRED']);
    expect(reference.events.map((e: { seq: number }) => e.seq)).toEqual(
      reference.events.map((_: unknown, i: number) => i + 1),
    );
    expect(await snapshot(fast.gameId)).toEqual(reference);
    expect(await snapshot(embedded.gameId)).toEqual(reference);
  });

  it('rolls the engine dice from the game seed, id and step, and records them (tie-break, challenge)', async () => {
    const { gameId, players } = await newGame();
    await play(gameId, players, (step) => resolveStep(platform.booted.platform, { gameId, step }, ctx), true);
    const records = await platform.booted.platform.prisma.stepRecord.findMany({
      where: { gameId },
      orderBy: { step: 'asc' },
    });
    for (const step of [1, 3]) {
      const logged = records[step].rolls as { label: string; sides: number; value: number }[];
      expect(logged.length).toBeGreaterThan(0);
      const dice = new SeededDice({ seed: SEED, gameId, step, salts: [] });
      expect(logged.map((r) => ({ ...r, value: dice.roll(r.sides, r.label) }))).toEqual(logged);
    }
    const events = await platform.booted.platform.prisma.gameEvent.findMany({ where: { gameId, type: 'challenge' } });
    expect(events).toHaveLength(1);
  });

  it('a stale or waiting step writes nothing; a second run of a resolved step is stale', async () => {
    const { gameId, players } = await newGame();
    await submitOrders(platform.booted.platform, players.north, {
      gameId,
      step: 1,
      orders: { bid: 1, note: '' },
      idempotencyKey: randomUUID(),
    });
    const before = await snapshot(gameId);
    expect(await resolveStep(platform.booted.platform, { gameId, step: 1 }, ctx)).toBe('waiting');
    expect(await resolveStep(platform.booted.platform, { gameId, step: 2 }, ctx)).toBe('stale');
    expect(await snapshot(gameId)).toEqual(before);
    await submitOrders(platform.booted.platform, players.south, {
      gameId,
      step: 1,
      orders: { bid: 3, note: '' },
      idempotencyKey: randomUUID(),
    });
    const [a, b] = await Promise.all([
      resolveStep(platform.booted.platform, { gameId, step: 1 }, ctx),
      resolveStep(platform.booted.platform, { gameId, step: 1 }, ctx),
    ]);
    expect([a, b].sort()).toEqual(['resolved', 'stale']);
    const after = await snapshot(gameId);
    expect(after.records.map((r: { step: number }) => r.step)).toEqual([0, 1]); // step 0: the set-up
    expect(after.game.step).toBe(2);
  });

  it('a side bound to default orders (opened reveal) records the missed turn on the common path', async () => {
    const { gameId, players } = await newGame();
    const db = platform.booted.platform.prisma;
    await submitOrders(platform.booted.platform, players.north, {
      gameId,
      step: 1,
      orders: { bid: 1, note: '' },
      idempotencyKey: randomUUID(),
    });
    await submitOrders(platform.booted.platform, players.south, {
      gameId,
      step: 1,
      orders: { bid: 0, note: '' },
      idempotencyKey: randomUUID(),
    });
    await db.submission.updateMany({ where: { gameId, side: 'south' }, data: { origin: 'default' } });
    expect(await resolveStep(platform.booted.platform, { gameId, step: 1 }, ctx)).toBe('resolved');
    expect(
      await db.missedTurn.findMany({ where: { gameId }, select: { side: true, action: true, step: true } }),
    ).toEqual([{ side: 'south', action: 'default', step: 1 }]);
    const rec = await db.stepRecord.findUniqueOrThrow({ where: { gameId_step: { gameId, step: 1 } } });
    expect(rec.origins).toEqual({ north: 'player', south: 'default' });
  });

  it.each([
    ['on the pg pool', () => platform.booted.platform],
    ['through Prisma (embedded route)', () => ({ ...platform.booted.platform, pgPool: undefined }) as Platform],
  ])(
    "the resolving process delivers the step's own outbox rows %s: the game signal, then the turn notices, each once, marked delivered; a sweep after has none of them",
    async (_name, platform) => {
      const p = platform();
      const { gameId, players } = await newGame();
      await submitOrders(p, players.north, {
        gameId,
        step: 1,
        orders: { bid: 1, note: '' },
        idempotencyKey: randomUUID(),
      });
      await submitOrders(p, players.south, {
        gameId,
        step: 1,
        orders: { bid: 2, note: '' },
        idempotencyKey: randomUUID(),
      });
      await deliverOutbox(p); // what the submissions and the start left, so only the step's rows follow
      const heard: { topic: string; payload: { step: number; uptoSeq?: number; sides?: string[] } }[] = [];
      const listen = (m: unknown, done: () => void) => (heard.push(m as (typeof heard)[number]), done());
      const wanted = [topics.game(gameId), topics.user(players.north.userId), topics.user(players.south.userId)];
      for (const t of wanted) p.emitter.on(t, listen);
      try {
        const earlier = (
          await p.prisma.outboxMessage.findMany({ where: { topic: { in: wanted } }, select: { id: true } })
        ).map((r) => r.id);
        expect(await resolveStep(p, { gameId, step: 1 }, ctx)).toBe('resolved');
        await new Promise((r) => setImmediate(r));
        const rows = await p.prisma.outboxMessage.findMany({
          where: { topic: { in: wanted }, id: { notIn: earlier } },
        });
        expect(rows.length).toBeGreaterThanOrEqual(2); // the game signal and at least one turn notice
        for (const r of rows) expect(r.deliveredAt).not.toBeNull();
        expect(heard.map((m) => m.topic).sort()).toEqual(rows.map((r) => r.topic).sort());
        expect(heard[0].topic).toBe(topics.game(gameId)); // written first, published first
        expect(heard[0].payload.step).toBe(2);
        for (const m of heard.slice(1)) expect(m.payload).toMatchObject({ gameId, step: 2 });
        const n = heard.length;
        await deliverOutbox(p);
        await new Promise((r) => setImmediate(r));
        expect(heard).toHaveLength(n);
      } finally {
        for (const t of wanted) p.emitter.removeListener(t, listen);
      }
    },
  );

  it('stores times as Prisma does (UTC): the next deadline is an hour after the step', async () => {
    const { gameId, players } = await newGame();
    await submitOrders(platform.booted.platform, players.north, {
      gameId,
      step: 1,
      orders: { bid: 1, note: '' },
      idempotencyKey: randomUUID(),
    });
    await submitOrders(platform.booted.platform, players.south, {
      gameId,
      step: 1,
      orders: { bid: 2, note: '' },
      idempotencyKey: randomUUID(),
    });
    const t0 = Date.now();
    expect(await resolveStep(platform.booted.platform, { gameId, step: 1 }, ctx)).toBe('resolved');
    const g = await platform.booted.platform.prisma.game.findUniqueOrThrow({ where: { id: gameId } });
    expect(Math.abs(g.stepDeadline!.getTime() - (t0 + 3_600_000))).toBeLessThan(60_000);
    expect(Math.abs(g.updatedAt.getTime() - t0)).toBeLessThan(60_000);
    const db = platform.booted.platform.prisma;
    const times = [
      ...(await db.gameEvent.findMany({ where: { gameId, step: 1 } })).map((e) => e.createdAt),
      (await db.stepRecord.findUniqueOrThrow({ where: { gameId_step: { gameId, step: 1 } } })).resolvedAt,
      ...(
        await db.outboxMessage.findMany({
          where: { topic: { contains: gameId }, createdAt: { gte: new Date(t0 - 1000) } },
        })
      ).map((o) => o.createdAt),
    ];
    expect(times.length).toBeGreaterThan(3);
    for (const t of times) expect(Math.abs(t.getTime() - t0)).toBeLessThan(60_000);
  });
});
