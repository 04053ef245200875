/**
 * Transactional outbox delivery. Messages are written in the same transaction as the state
 * change; this delivers them after commit. Rows are claimed with SKIP LOCKED so several
 * processes can deliver at once, and a message is marked delivered only after it was published
 * (at least once; subscribers de-duplicate by event sequence).
 */
import type { Platform } from '../context.js';
import { publish } from './pubsub.js';

export async function deliverOutbox(p: Platform, batch = 100): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await p.prisma.$transaction(async (tx) => {
      const rows = await tx.$queryRaw<{ id: string; topic: string; payload: unknown }[]>`
        SELECT id, topic, payload FROM "OutboxMessage" WHERE "deliveredAt" IS NULL
        ORDER BY "createdAt" LIMIT ${batch} FOR UPDATE SKIP LOCKED`;
      for (const row of rows) await publish(p.emitter, row.topic, row.payload);
      if (rows.length) {
        await tx.outboxMessage.updateMany({ where: { id: { in: rows.map((r) => r.id) } }, data: { deliveredAt: new Date() } });
      }
      return rows.length;
    });
    total += n;
    if (n < batch) return total;
  }
}

/** Delivers now, and again every `intervalMs` to catch messages left by a crashed process. */
export function startOutboxSweeper(p: Platform, intervalMs = 2000): () => void {
  const timer = setInterval(() => void deliverOutbox(p).catch((err) => p.log.warn({ err }, 'outbox delivery failed')), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
