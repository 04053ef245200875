/** Everything a platform service needs, built once per process. */
import type { Clock } from './clock.js';
import type { Config } from './config/load.js';
import type { Pool } from 'pg';
import type { Db } from './db/client.js';
import type { Emitter } from './events/pubsub.js';
import type { ModuleRegistry } from './play/registry.js';
import type { NotifyRuntime } from './notifications/runtime.js';
import type { ResolutionQueue } from './queue/types.js';

export interface Logger {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

export interface Platform {
  config: Config;
  prisma: Db;
  /** PostgreSQL only: the pg pool under Prisma, for raw hot paths (db/sql.ts); absent on PGlite. */
  pgPool?: Pool;
  modules: ModuleRegistry;
  queue: ResolutionQueue;
  emitter: Emitter;
  log: Logger;
  /** Notification queue, link signer and Web Push keys (notifications/runtime.ts). */
  notify: NotifyRuntime;
  /** "Now" for game clocks: deadlines, vacations, votes, reminders (clock.ts). */
  clock: Clock;
}
