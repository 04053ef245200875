/** Configuration comes from the environment only (README, "Configuration"). */
import { join, resolve } from 'node:path';
import { loadNotifyConfig, type NotifyConfig } from './notifications/config.js';
import { loadApiConfig, type ApiConfig } from './config-api.js';

export interface Config {
  port: number;
  host: string;
  /** PostgreSQL; when absent, an embedded PGlite database under dataDir is used. */
  databaseUrl?: string;
  /** Redis for BullMQ and subscription fan-out; when absent, in-process queue and emitter. */
  redisUrl?: string;
  dataDir: string;
  /** HMAC key for access tokens; embedded mode keeps a generated one under dataDir. */
  jwtSecret?: string;
  /** Ed25519 private key for receipts (PEM or base64 PKCS8); embedded mode keeps one under dataDir. */
  signingKey?: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  /** Largest accepted request body, bytes. */
  bodyLimit: number;
  logLevel: string;
  /** Log one line per HTTP request (LOG_REQUESTS=false turns it off, e.g. for benchmarks). */
  logRequests: boolean;
  /** Run the resolution worker inside the API process (default with the embedded queue). */
  inlineWorker: boolean;
  resolveAttempts: number;
  /** Group commit: most order submissions stored in one transaction (1 stores each on its own). */
  submissionBatch: number;
  /** Fault injection for tests: sleep this long inside the resolution transaction. */
  faultResolveDelayMs: number;
  /** The reconciler re-queues a deadline this long after it (plus grace) passed; the deadline job should have fired. */
  reconcileGraceSeconds: number;
  /** Votes expire this long after they are proposed (or at the step deadline, if sooner). */
  voteWindowSeconds: number;
  /** Each user's yearly bank of vacation days (per calendar year, UTC). */
  vacationDaysPerYear: number;
  /** Notifications: email, webhooks, Web Push (notifications/config.ts). */
  notify: NotifyConfig;
  /** Limits of the public API: rate limits, GraphQL cost, proxies (config-api.ts). */
  api: ApiConfig;
}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n)) throw new Error(`${name} must be a number, got "${raw}"`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const redisUrl = env.REDIS_URL || undefined;
  return {
    port: int(env, 'PORT', 3000),
    host: env.HOST || '127.0.0.1',
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl,
    dataDir: resolve(env.WARPOST_DATA_DIR || join(process.cwd(), 'data')),
    jwtSecret: env.JWT_SECRET || undefined,
    signingKey: env.WARPOST_SIGNING_KEY || undefined,
    accessTokenTtlSeconds: int(env, 'ACCESS_TOKEN_TTL_SECONDS', 900),
    refreshTokenTtlDays: int(env, 'REFRESH_TOKEN_TTL_DAYS', 30),
    bodyLimit: int(env, 'BODY_LIMIT_BYTES', 256 * 1024),
    logLevel: env.LOG_LEVEL || 'info',
    logRequests: env.LOG_REQUESTS !== 'false',
    inlineWorker: env.WARPOST_INLINE_WORKER ? env.WARPOST_INLINE_WORKER === 'true' : !redisUrl,
    resolveAttempts: int(env, 'RESOLVE_ATTEMPTS', 3),
    submissionBatch: Math.max(1, int(env, 'WARPOST_SUBMISSION_BATCH', 64)),
    faultResolveDelayMs: int(env, 'WARPOST_FAULT_RESOLVE_DELAY_MS', 0),
    reconcileGraceSeconds: Math.max(0, int(env, 'WARPOST_RECONCILE_GRACE_SECONDS', 5)),
    voteWindowSeconds: Math.max(60, int(env, 'VOTE_WINDOW_SECONDS', 48 * 3600)),
    vacationDaysPerYear: Math.min(366, Math.max(0, int(env, 'VACATION_DAYS_PER_YEAR', 21))),
    notify: loadNotifyConfig(env, { host: env.HOST || '127.0.0.1', port: int(env, 'PORT', 3000), redisUrl }),
    api: loadApiConfig(env),
  };
}
