/**
 * Builds a Platform from configuration: the database (PostgreSQL or embedded PGlite), the queue
 * (BullMQ or in-process), the emitter (Redis or in-memory), the game modules and the
 * notification runtime (its queue, link signer and Web Push keys).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pino from 'pino';
import { DEFAULT_SCRYPT } from './auth/passwords.js';
import { AuthService } from './auth/service.js';
import { createClock, type Clock } from './clock.js';
import type { Config } from './config/load.js';
import type { Platform } from './context.js';
import { openDatabase, type Database } from './db/client.js';
import { closeEmitter, createEmitter } from './events/pubsub.js';
import { startOutboxSweeper } from './events/outbox.js';
import { startReconciler } from './play/reconciler.js';
import type { AnyModule } from '#engine/contract.js';
import { ModuleRegistry } from './play/registry.js';
import { resolveStep } from './play/resolution.js';
import { BullQueue } from './queue/bullmq.js';
import { InlineQueue } from './queue/inline.js';
import { Notifier } from './notifications/notifier.js';
import { createNotifyRuntime } from './notifications/runtime.js';
import { metrics, watchPlatform } from './metrics.js';
import { flushTraces, inSpan, SpanKind, startTracing } from './tracing.js';

export interface Booted {
  platform: Platform;
  authService: AuthService;
  db: Database;
  /** Starts consuming resolution jobs in this process. */
  startWorker(): Promise<void>;
  /** Starts the notifier (outbox dispatch, deliveries, digests) in this process. */
  startNotifier(): Promise<void>;
  shutdown(): Promise<void>;
}

async function jwtSecret(config: Config): Promise<string> {
  if (config.jwtSecret) return config.jwtSecret;
  // Embedded default: a generated key kept in the data directory, so tokens survive restarts.
  const file = join(config.dataDir, 'jwt-secret');
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    await mkdir(config.dataDir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    await writeFile(file, secret, { mode: 0o600 });
    return secret;
  }
}

export async function boot(
  config: Config,
  modules: AnyModule[],
  opts: { queuePrefix?: string; stalledIntervalMs?: number; lockDurationMs?: number; clock?: Clock } = {},
): Promise<Booted> {
  const log = pino({ level: config.logLevel });
  if (config.tracing) startTracing();
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onIdleError: (err) => log.warn({ err: err.message }, 'database connection lost while idle; the pool replaces it'),
    log: (msg, fields) => log.info(fields ?? {}, msg),
  });
  const queue = config.redisUrl
    ? new BullQueue(config.redisUrl, {
        attempts: config.resolveAttempts,
        prefix: opts.queuePrefix ?? config.queue.prefix,
        stalledIntervalMs: opts.stalledIntervalMs ?? config.queue.stalledIntervalMs,
        lockDurationMs: opts.lockDurationMs ?? config.queue.lockDurationMs,
        concurrency: config.queue.concurrency,
      })
    : new InlineQueue(config.resolveAttempts);
  const emitter = createEmitter(config.redisUrl);
  const secret = await jwtSecret(config);
  const notify = await createNotifyRuntime(config, secret, opts.queuePrefix ?? config.queue.prefix);
  const clock = opts.clock ?? createClock(config.testClock);
  const platform: Platform = {
    config,
    prisma: db.prisma,
    pgPool: db.pool,
    modules: new ModuleRegistry(modules),
    queue,
    emitter,
    log,
    notify,
    clock,
  };
  const authService = new AuthService(db.prisma, secret, config.accessTokenTtlSeconds, config.refreshTokenTtlDays, {
    ...DEFAULT_SCRYPT,
    N: 2 ** config.scryptCost,
  });
  const unwatch = watchPlatform(platform); // the queue and outbox gauges of /metrics
  let notifier: Notifier | undefined;
  let stopSweeper = () => {};
  return {
    platform,
    authService,
    db,
    async startWorker() {
      await queue.startWorker(async (job, ctx) => {
        const started = Date.now();
        if (ctx.dueAt) metrics.resolutionWait.observe(Math.max(0, started - ctx.dueAt) / 1000);
        const { trace, ...rest } = job;
        const outcome = await inSpan(
          'resolve',
          { 'warpost.game_id': job.gameId, 'warpost.step': job.step, 'warpost.attempt': ctx.attempt },
          async (span) => {
            const o = await resolveStep(platform, rest, ctx);
            span.setAttribute('warpost.outcome', String(o));
            return o;
          },
          { kind: SpanKind.CONSUMER, parent: trace ?? {} },
        ).catch((err: unknown) => {
          metrics.resolutions.inc({ outcome: 'error' });
          throw err;
        });
        metrics.resolutions.inc({ outcome: String(outcome) });
        metrics.resolutionDuration.observe((Date.now() - started) / 1000);
        // Per-job timing for latency work (LOG_LEVEL=debug): time queued past due, time to resolve.
        log.debug(
          {
            gameId: job.gameId,
            step: job.step,
            outcome,
            waitMs: ctx.dueAt ? started - ctx.dueAt : undefined,
            ms: Date.now() - started,
          },
          'resolution job',
        );
      });
      const stopOutbox = startOutboxSweeper(platform);
      const stopReconciler = startReconciler(platform, config.queue.reconcileIntervalMs);
      stopSweeper = () => (stopOutbox(), stopReconciler());
    },
    async startNotifier() {
      notifier ??= new Notifier(platform);
      await notifier.start();
    },
    async shutdown() {
      unwatch();
      await notifier?.stop();
      await notify.queue.close(); // lets deliveries in flight finish
      stopSweeper();
      await queue.close(); // lets resolutions in flight finish
      await closeEmitter(emitter);
      await db.close();
      await flushTraces().catch((err: Error) => log.warn({ err: err.message }, 'traces not sent'));
    },
  };
}
