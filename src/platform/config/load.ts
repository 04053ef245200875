/**
 * Configuration comes from the environment only, through one schema (schema.ts, which
 * also writes the README's table). The shapes below are what the code uses.
 */
import { join, resolve } from 'node:path';
import { parseEnv } from './schema.js';
import type { NotifyConfig } from './notify.js';
import type { ApiConfig } from './api.js';

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
  /** log2 of scrypt's N for new password hashes. */
  scryptCost: number;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  /** Largest accepted request body, bytes. */
  bodyLimit: number;
  logLevel: string;
  /** Log one line per HTTP request (LOG_REQUESTS=false turns it off, e.g. for benchmarks). */
  logRequests: boolean;
  /** Graceful drain on SIGTERM/SIGINT is cut off (exit 1) after this long. */
  shutdownTimeoutMs: number;
  /** /metrics: the bearer token it requires (API), the port workers serve it on (0: none). */
  metrics: { token?: string; port: number };
  /** OpenTelemetry traces over OTLP (tracing.ts). */
  tracing: boolean;
  /** Extra game module files to load (tests, third-party modules). */
  extraModules: string[];
  /** Run the resolution worker inside the API process (default with the embedded queue). */
  inlineWorker: boolean;
  resolveAttempts: number;
  /** Group commit: most order submissions stored in one transaction (1 stores each on its own). */
  submissionBatch: number;
  /** BullMQ settings of the resolution queue (Redis only). */
  queue: {
    prefix?: string;
    concurrency: number;
    stalledIntervalMs: number;
    lockDurationMs: number;
    /** How often the worker's reconciler re-queues what is ready or overdue. */
    reconcileIntervalMs: number;
  };
  /** Tests only: a clock the test moves (../clock.ts), starting at this offset from real time. */
  testClock?: { offsetMs: number };
  /** Fault injection for tests: sleep this long inside the resolution transaction. */
  faultResolveDelayMs: number;
  /** The reconciler re-queues a deadline this long after it (plus grace) passed; the deadline job should have fired. */
  reconcileGraceSeconds: number;
  /** Votes expire this long after they are proposed (or at the step deadline, if sooner). */
  voteWindowSeconds: number;
  /** Each user's yearly bank of vacation days (per calendar year, UTC). */
  vacationDaysPerYear: number;
  /** Notifications: email, webhooks, Web Push (notify.ts). */
  notify: NotifyConfig;
  /** Limits of the public API: rate limits, GraphQL cost, proxies (api.ts). */
  api: ApiConfig;
}

export { ConfigError } from './schema.js';

/** Reads the environment through the schema (schema.ts); throws a ConfigError naming each invalid variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = parseEnv(env);
  const redisUrl = e.REDIS_URL;
  const linkHost = e.HOST === '0.0.0.0' || e.HOST === '::' ? 'localhost' : e.HOST;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    redisUrl,
    dataDir: resolve(e.WARPOST_DATA_DIR ?? join(process.cwd(), 'data')),
    jwtSecret: e.JWT_SECRET,
    signingKey: e.WARPOST_SIGNING_KEY,
    scryptCost: e.WARPOST_SCRYPT_COST,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    bodyLimit: e.BODY_LIMIT_BYTES,
    logLevel: e.LOG_LEVEL,
    logRequests: e.LOG_REQUESTS,
    shutdownTimeoutMs: e.WARPOST_SHUTDOWN_TIMEOUT_MS,
    metrics: { token: e.METRICS_TOKEN, port: e.WARPOST_METRICS_PORT },
    tracing: e.WARPOST_TRACING,
    extraModules: e.WARPOST_EXTRA_MODULES ?? [],
    inlineWorker: e.WARPOST_INLINE_WORKER ?? !redisUrl,
    resolveAttempts: e.RESOLVE_ATTEMPTS,
    submissionBatch: e.WARPOST_SUBMISSION_BATCH,
    queue: {
      prefix: e.WARPOST_QUEUE_PREFIX,
      concurrency: e.WARPOST_WORKER_CONCURRENCY,
      stalledIntervalMs: e.WARPOST_STALLED_INTERVAL_MS,
      lockDurationMs: e.WARPOST_LOCK_DURATION_MS,
      reconcileIntervalMs: e.WARPOST_RECONCILE_INTERVAL_MS,
    },
    testClock: e.WARPOST_TEST_CLOCK ? { offsetMs: e.WARPOST_TEST_CLOCK_OFFSET_MS } : undefined,
    faultResolveDelayMs: e.WARPOST_FAULT_RESOLVE_DELAY_MS,
    reconcileGraceSeconds: e.WARPOST_RECONCILE_GRACE_SECONDS,
    voteWindowSeconds: e.VOTE_WINDOW_SECONDS,
    vacationDaysPerYear: e.VACATION_DAYS_PER_YEAR,
    notify: {
      publicUrl: (e.PUBLIC_URL ?? `http://${linkHost}:${e.PORT}`).replace(/\/+$/, ''),
      gameUrlTemplate: e.GAME_URL_TEMPLATE,
      smtpUrl: e.SMTP_URL,
      mailFrom: e.MAIL_FROM,
      vapidPublicKey: e.VAPID_PUBLIC_KEY,
      vapidPrivateKey: e.VAPID_PRIVATE_KEY,
      vapidSubject: e.VAPID_SUBJECT,
      allowPrivateUrls: e.WEBHOOK_ALLOW_PRIVATE_URLS,
      httpTimeoutMs: e.WEBHOOK_TIMEOUT_MS,
      maxAttempts: e.NOTIFY_MAX_ATTEMPTS,
      retryBaseMs: e.NOTIFY_RETRY_BASE_MS,
      retryMaxMs: e.NOTIFY_RETRY_MAX_MS,
      webhookDisableAfter: e.WEBHOOK_DISABLE_AFTER_FAILURES,
      leaseMs: e.NOTIFY_LEASE_MS,
      sweepIntervalMs: e.NOTIFY_SWEEP_INTERVAL_MS,
      dispatchIntervalMs: e.NOTIFY_DISPATCH_INTERVAL_MS,
      concurrency: e.NOTIFY_CONCURRENCY,
      reminderBeforeSeconds: e.NOTIFY_REMINDER_BEFORE_SECONDS,
      inline: e.WARPOST_INLINE_NOTIFIER ?? !redisUrl,
      faultDispatchDelayMs: e.WARPOST_FAULT_DISPATCH_DELAY_MS,
      faultDeliverDelayMs: e.WARPOST_FAULT_DELIVER_DELAY_MS,
    },
    api: {
      trustProxy: e.TRUST_PROXY,
      corsOrigins: e.CORS_ORIGINS ?? [],
      redisPrefix: e.API_REDIS_PREFIX,
      rateLimit: {
        windowMs: e.RATE_LIMIT_WINDOW_SECONDS * 1000,
        perIp: e.RATE_LIMIT_PER_IP,
        perToken: e.RATE_LIMIT_PER_TOKEN,
      },
      ws: {
        connectionsPerIp: e.WS_CONNECTIONS_PER_IP,
        connectionsPerToken: e.WS_CONNECTIONS_PER_TOKEN,
        subscribesPerConnection: e.WS_SUBSCRIBES_PER_CONNECTION,
        subscribesPerToken: e.WS_SUBSCRIBES_PER_TOKEN,
        initTimeoutMs: e.WS_INIT_TIMEOUT_SECONDS * 1000,
      },
      login: {
        windowSeconds: e.LOGIN_THROTTLE_WINDOW_SECONDS,
        failuresPerAccountAddress: e.LOGIN_FAILURES_PER_ACCOUNT_ADDRESS,
        failuresPerAccount: e.LOGIN_FAILURES_PER_ACCOUNT,
        failuresPerAddress: e.LOGIN_FAILURES_PER_ADDRESS,
      },
      accountLinks: {
        windowSeconds: e.ACCOUNT_LINKS_WINDOW_SECONDS,
        perAddress: e.ACCOUNT_LINKS_PER_ADDRESS,
        perIp: e.ACCOUNT_LINKS_PER_IP,
      },
      graphql: {
        maxDepth: e.GRAPHQL_MAX_DEPTH,
        maxComplexity: e.GRAPHQL_MAX_COMPLEXITY,
        maxTokens: e.GRAPHQL_MAX_TOKENS,
      },
    },
  };
}
