/**
 * Outbox delivery (events/outbox.ts) after the latency work of issue 8: messages are published
 * in the order they were written, marked delivered (with the time they were published) and never
 * published again by a later pass; two deliverers running at once publish each message once.
 * Runs on a database of its own: a delivery pass claims every pending row it sees.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '#platform/context.js';
import { openDatabase, type Database } from '#platform/db/client.js';
import { deliverOutbox, deliverWritten } from '#platform/events/outbox.js';
import { createEmitter, type Emitter } from '#platform/events/pubsub.js';

const ADMIN_URL = process.env.TEST_PG_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const dbName = `warpost_outbox_${process.pid}_${randomBytes(3).toString('hex')}`;
let admin: pg.Client;
let db: Database;
let emitter: Emitter;
let onPrisma: Platform;
let onPool: Platform;
const heard: { topic: string; payload: { n: number } }[] = [];

beforeAll(async () => {
  admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${dbName}"`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${dbName}`;
  db = await openDatabase({ databaseUrl: url.toString(), dataDir: '/nonexistent' });
  emitter = createEmitter(); // in memory: what this test publishes stays in this test
  emitter.on('#', (m, done) => (heard.push(m as unknown as (typeof heard)[number]), done()));
  // The pg pool's own path (PostgreSQL) and the Prisma one (what embedded PGlite takes).
  onPool = { prisma: db.prisma, emitter, pgPool: db.pool } as unknown as Platform;
  onPrisma = { prisma: db.prisma, emitter } as unknown as Platform;
}, 60_000);

afterAll(async () => {
  await db?.close();
  await admin?.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  await admin?.end();
});

async function write(tag: string, count: number) {
  // One row at a time so createdAt (the delivery order) is distinct and known.
  for (let n = 0; n < count; n++) {
    await db.prisma.outboxMessage.create({
      data: { topic: `obx.${tag}.${n}`, payload: { n }, createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, 0, n)) },
    });
  }
}

describe.each([
  ['on the pg pool', 'a', () => onPool],
  ['through Prisma', 'b', () => onPrisma],
])('outbox delivery %s', (_name, tag, platform) => {
  it('publishes in the order written, stamps deliveredAt after publishing, and never publishes a message twice', async () => {
    const p = platform();
    heard.length = 0;
    await write(tag, 5);
    const before = Date.now();
    expect(await deliverOutbox(p)).toBe(5);
    const after = Date.now();
    await new Promise((r) => setImmediate(r));
    expect(heard.map((m) => m.payload.n)).toEqual([0, 1, 2, 3, 4]);
    const rows = await db.prisma.outboxMessage.findMany({ where: { topic: { startsWith: `obx.${tag}.` } } });
    for (const r of rows) {
      expect(r.deliveredAt).not.toBeNull();
      expect(r.deliveredAt!.getTime()).toBeGreaterThanOrEqual(before);
      expect(r.deliveredAt!.getTime()).toBeLessThanOrEqual(after);
    }
    expect(await deliverOutbox(p)).toBe(0);
    expect(heard).toHaveLength(5);
  });

  it('two deliverers at once (small batches) publish each of 60 messages exactly once', async () => {
    const p = platform();
    heard.length = 0;
    await write(`${tag}2`, 60);
    const [x, y] = await Promise.all([deliverOutbox(p, 7), deliverOutbox(p, 7)]);
    await new Promise((r) => setImmediate(r));
    expect(x + y).toBe(60);
    const topics = heard.map((m) => m.topic);
    expect(new Set(topics).size).toBe(60);
    expect(topics).toHaveLength(60);
    expect(await db.prisma.outboxMessage.count({ where: { deliveredAt: null } })).toBe(0);
  });

  it('a writer delivers only the rows it wrote, in its order, and marks them; a row already marked keeps its time; the rest stay for the sweeper', async () => {
    const p = platform();
    heard.length = 0;
    await write(`${tag}4`, 4);
    const rows = await db.prisma.outboxMessage.findMany({
      where: { topic: { startsWith: `obx.${tag}4.` } },
      orderBy: { createdAt: 'asc' },
    });
    const marked = new Date(Date.UTC(2026, 0, 2));
    await db.prisma.outboxMessage.update({ where: { id: rows[3].id }, data: { deliveredAt: marked } });
    const mine = [rows[2], rows[0], rows[3]].map((r) => ({ id: r.id, topic: r.topic, payload: r.payload }));
    await deliverWritten(p, mine);
    await new Promise((r) => setImmediate(r));
    expect(heard.map((m) => m.payload.n)).toEqual([2, 0, 3]);
    const after = new Map(
      (await db.prisma.outboxMessage.findMany({ where: { topic: { startsWith: `obx.${tag}4.` } } })).map((r) => [
        r.id,
        r.deliveredAt,
      ]),
    );
    expect(after.get(rows[0].id)).not.toBeNull();
    expect(after.get(rows[2].id)).not.toBeNull();
    expect(after.get(rows[3].id)).toEqual(marked);
    expect(after.get(rows[1].id)).toBeNull();
    // The mark's asynchronous commit is local to its own transaction: the pooled connection keeps its setting.
    if (p.pgPool) expect((await p.pgPool.query('SHOW synchronous_commit')).rows[0].synchronous_commit).toBe('on');
    heard.length = 0;
    expect(await deliverOutbox(p)).toBe(1);
    await new Promise((r) => setImmediate(r));
    expect(heard.map((m) => m.payload.n)).toEqual([1]);
  });

  it('writers marking at once share mark statements: each returns once its own rows are marked, none is left', async () => {
    const p = platform();
    heard.length = 0;
    const writers = 6;
    for (let w = 0; w < writers; w++) await write(`${tag}5${w}`, 2);
    const rows = await db.prisma.outboxMessage.findMany({ where: { topic: { startsWith: `obx.${tag}5` } } });
    const statements: string[] = [];
    // Count the mark statements on the path this platform takes; each one is held back long
    // enough for every writer's publish to finish meanwhile, so the test does not race them.
    const held = async <T>(text: string, run: () => Promise<T>) => {
      statements.push(text);
      await new Promise((r) => setTimeout(r, 300));
      return run();
    };
    const counted = p.pgPool
      ? ({
          ...p,
          pgPool: { query: (text: string, values: unknown[]) => held(text, () => p.pgPool!.query(text, values)) },
        } as unknown as Platform)
      : ({
          ...p,
          prisma: {
            $executeRawUnsafe: (text: string, ...values: unknown[]) =>
              held(text, () => p.prisma.$executeRawUnsafe(text, ...values)),
          },
        } as unknown as Platform);
    const own = (w: number) =>
      rows
        .filter((r) => r.topic.startsWith(`obx.${tag}5${w}.`))
        .map((r) => ({ id: r.id, topic: r.topic, payload: r.payload }));
    await Promise.all(
      Array.from({ length: writers }, async (_, w) => {
        await deliverWritten(counted, own(w));
        const mine = await db.prisma.outboxMessage.findMany({ where: { id: { in: own(w).map((r) => r.id) } } });
        expect(mine.every((r) => r.deliveredAt !== null)).toBe(true); // marked by the time it returns
      }),
    );
    expect(statements).toHaveLength(2); // the first writer's, then one for the five that waited
    expect(
      await db.prisma.outboxMessage.count({ where: { topic: { startsWith: `obx.${tag}5` }, deliveredAt: null } }),
    ).toBe(0);
  });

  it('a publish that never completes (Redis away) gives up, rolls back and frees its connection; the next pass delivers', async () => {
    await write(`${tag}3`, 3);
    const stuck = { ...platform(), emitter: { emit: () => undefined } } as unknown as Platform; // never calls back
    const t0 = Date.now();
    await expect(deliverOutbox(stuck, 100, 200)).rejects.toThrow(/did not complete/);
    expect(Date.now() - t0).toBeLessThan(5_000);
    expect(
      await db.prisma.outboxMessage.count({ where: { topic: { startsWith: `obx.${tag}3.` }, deliveredAt: null } }),
    ).toBe(3);
    heard.length = 0;
    expect(await deliverOutbox(platform())).toBe(3); // claimable again: the stuck pass held no lock
    await new Promise((r) => setImmediate(r));
    expect(heard.map((m) => m.topic).sort()).toEqual([0, 1, 2].map((n) => `obx.${tag}3.${n}`));
  });
});
