/**
 * The subscription's shared event load (events/event-log.ts readEventsShared): the sockets of
 * every side hearing one signal share one statement, and each gets exactly what readEvents
 * gives its viewer (a side: public events and its own; a spectator: public ones only). On the pg
 * pool and through Prisma (the embedded route).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Platform } from '#platform/context.js';
import { readEvents, readEventsShared } from '#platform/events/event-log.js';
import { submitOrders } from '#platform/play/orders.js';
import { resolveStep } from '#platform/play/resolution.js';
import { sealedBidGame, useBootedPlatform } from '../helpers/stack.js';

const platform = useBootedPlatform('shared-events');

/** A sealed-bid game after its first step: each side's note is an event only that side sees. */
async function playedGame(p: Platform) {
  const { gameId, north, south } = await sealedBidGame(platform.booted, 'se', { platform: p });
  const tag = gameId.slice(0, 8);
  await submitOrders(p, north, {
    gameId: gameId,
    step: 1,
    orders: { bid: 3, note: `north-${tag}` },
    idempotencyKey: randomUUID(),
  });
  await submitOrders(p, south, {
    gameId: gameId,
    step: 1,
    orders: { bid: 1, note: `south-${tag}` },
    idempotencyKey: randomUUID(),
  });
  expect(await resolveStep(p, { gameId: gameId, step: 1 }, { attempt: 1, final: false })).toBe('resolved');
  return gameId;
}

/** Counts the statements that read GameEvent rows, on either route. */
function counting(p: Platform): { platform: Platform; reads: () => number } {
  let n = 0;
  const isEventRead = (text: unknown) =>
    typeof text === 'string' && text.includes('FROM "GameEvent"') && text.includes('"visibleTo" &&');
  if (p.pgPool) {
    const pool = p.pgPool;
    const proxy = new Proxy(pool, {
      get: (t, k) =>
        k === 'query'
          ? (text: string, values: unknown[]) => (isEventRead(text) && n++, t.query(text, values))
          : Reflect.get(t, k),
    });
    return { platform: { ...p, pgPool: proxy }, reads: () => n };
  }
  const prisma = new Proxy(p.prisma, {
    get: (t, k) =>
      k === '$queryRawUnsafe'
        ? (text: string, ...values: unknown[]) => (isEventRead(text) && n++, t.$queryRawUnsafe(text, ...values))
        : Reflect.get(t, k),
  });
  return { platform: { ...p, prisma }, reads: () => n };
}

describe.each([
  ['on the pg pool', () => platform.booted.platform],
  ['through Prisma (embedded route)', () => ({ ...platform.booted.platform, pgPool: undefined }) as Platform],
])('shared event load %s', (_name, platform) => {
  it("one statement for every viewer hearing a signal; each viewer gets what readEvents gives it, never another side's event", async () => {
    const gameId = await playedGame(platform());
    const { platform: p, reads } = counting(platform());
    const viewers = ['north', 'south', null];
    const range = { after: 0, upto: 1000 };
    const shared = await Promise.all(viewers.map((v) => readEventsShared(p, gameId, v, range)));
    expect(reads()).toBe(1);
    for (const [i, v] of viewers.entries()) {
      expect(shared[i]).toEqual(await readEvents(p, gameId, v, range));
      for (const e of shared[i])
        expect(e.visibleTo.includes('*') || (v !== null && e.visibleTo.includes(v))).toBe(true);
    }
    // The side-only notes exist and reach only their side.
    const only = (v: string) =>
      shared[viewers.indexOf(v)].filter((e) => !e.visibleTo.includes('*')).map((e) => e.visibleTo);
    expect(only('north').length).toBeGreaterThan(0);
    expect(only('north').every((vis) => vis.includes('north') && !vis.includes('south'))).toBe(true);
    expect(only('south').every((vis) => vis.includes('south') && !vis.includes('north'))).toBe(true);
    expect(shared[2].every((e) => e.visibleTo.includes('*'))).toBe(true);
    // A load begun later (another signal) is a statement of its own.
    await readEventsShared(p, gameId, 'north', range);
    expect(reads()).toBe(1 + viewers.length + 1);
  });
});
