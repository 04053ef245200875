/**
 * The notifier: what runs in workers/notifier.ts (or inside the API process when embedded).
 * - dispatch: turns new outbox messages into deliveries (dispatcher.ts), polled often;
 * - deliver: consumes the 'warpost-notify' queue (deliver.ts);
 * - sweep: re-queues deliveries whose job was lost with a crashed process, and builds digests.
 */
import type { Prisma } from '#generated/prisma/client.js';
import type { Platform } from '../context.js';
import { TX_OPTIONS } from '../db/transactions.js';
import { closeMailers } from './channels/email.js';
import type { Message } from './content.js';
import { handleDelivery } from './deliver.js';
import { dispatchOutbox, enqueueDelivery } from './dispatcher.js';
import { isKind, type Kind } from './kinds.js';
import { isEnabled, type PreferenceRow } from './preferences.js';

const DIGEST_LOCK = 7250102;

export class Notifier {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<unknown>>();
  private stopped = false;

  constructor(private readonly p: Platform) {}

  async start(): Promise<void> {
    const cfg = this.p.notify.config;
    await this.p.notify.queue.startWorker((job) => handleDelivery(this.p, job.deliveryId), cfg.concurrency);
    this.every('dispatch', cfg.dispatchIntervalMs, () => this.dispatchIfAny());
    this.every('sweep', cfg.sweepIntervalMs, async () => {
      await sweep(this.p);
      await runDigests(this.p);
    });
  }

  /** A cheap look first, so idle notifiers do not take the dispatch lock every tick. */
  private async dispatchIfAny() {
    const any = await this.p.prisma.outboxMessage.findFirst({ where: { dispatchedAt: null }, select: { id: true } });
    if (any) await dispatchOutbox(this.p);
  }

  /** Runs `fn` now and then `ms` after each run ends (never overlapping itself). */
  private every(name: string, ms: number, fn: () => Promise<unknown>) {
    const tick = () => {
      if (this.stopped) return;
      const run = fn()
        .catch((err) => this.p.log.warn({ err, task: name }, 'notifier task failed; retrying'))
        .finally(() => {
          this.running.delete(run);
          if (!this.stopped) {
            const t = setTimeout(() => (this.timers.delete(t), tick()), ms);
            this.timers.add(t);
          }
        });
      this.running.add(run);
    };
    tick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    await Promise.allSettled([...this.running]);
    closeMailers();
  }
}

/**
 * Deliveries overdue by more than a lease are queued again: their job was lost (a crash between
 * commit and enqueue, the in-process queue of a dead process) or their worker died mid-way.
 * Queuing twice is harmless: only one worker can claim a delivery.
 */
export async function sweep(p: Platform): Promise<number> {
  const cfg = p.notify.config;
  const now = Date.now();
  const rows = await p.prisma.notificationDelivery.findMany({
    where: {
      status: { in: ['PENDING', 'HELD'] },
      notBefore: { lte: new Date(now - Math.max(cfg.leaseMs, 1000)) },
      OR: [{ leaseUntil: null }, { leaseUntil: { lt: new Date(now) } }],
    },
    select: { id: true, attempts: true, notBefore: true },
    orderBy: { notBefore: 'asc' },
    take: 500,
  });
  for (const r of rows)
    await enqueueDelivery(p, { ...r, notBefore: new Date(now) }, `_s${Math.floor(now / Math.max(cfg.leaseMs, 1000))}`);
  return rows.length;
}

/** Collects each user's due digest items into one digest mail (one transaction per batch). */
export async function runDigests(p: Platform): Promise<number> {
  const created = await p.prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT 1 AS locked FROM pg_advisory_xact_lock(${DIGEST_LOCK}::bigint)`;
    const now = new Date();
    const items = await tx.notificationDelivery.findMany({
      where: { status: 'DIGEST', notBefore: { lte: now } },
      orderBy: [{ userId: 'asc' }, { createdAt: 'asc' }],
      take: 2000,
    });
    if (items.length === 0) return [];
    const byUser = new Map<string, typeof items>();
    for (const it of items) byUser.set(it.userId, [...(byUser.get(it.userId) ?? []), it]);
    const keys: string[] = [];
    for (const [userId, list] of byUser) {
      // What was switched off since it was queued stays out of the digest.
      const prefs: PreferenceRow[] = await tx.notificationPreference.findMany({ where: { userId } });
      const kept = list.filter((it) => !isKind(it.kind) || isEnabled(prefs, it.kind as Kind, 'EMAIL', it.gameId));
      const dropped = list.filter((it) => !kept.includes(it));
      if (dropped.length)
        await tx.notificationDelivery.updateMany({
          where: { id: { in: dropped.map((x) => x.id) } },
          data: { status: 'SKIPPED', lastError: 'Switched off in the preferences.' },
        });
      if (kept.length === 0) continue;
      const msg: Message = {
        kind: 'DIGEST',
        title: `Digest of ${kept.length} notification(s)`,
        lines: [],
        data: { items: kept.map((it) => it.payload as unknown as Message) },
      };
      const key = `DIGEST:${userId}:${kept[0].id}`;
      const digest = await tx.notificationDelivery.create({
        data: {
          idempotencyKey: key,
          userId,
          kind: 'DIGEST',
          channel: 'EMAIL',
          payload: msg as unknown as Prisma.InputJsonValue,
          maxAttempts: p.notify.config.maxAttempts,
          notBefore: now,
        },
      });
      await tx.notificationDelivery.updateMany({
        where: { id: { in: kept.map((x) => x.id) } },
        data: { status: 'DIGESTED', digestId: digest.id },
      });
      keys.push(digest.id);
    }
    return keys;
  }, TX_OPTIONS);
  for (const id of created) await enqueueDelivery(p, { id, attempts: 0, notBefore: new Date() });
  return created.length;
}
