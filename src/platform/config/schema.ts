/**
 * Every environment variable Warpost reads, in one zod schema: its type, default, meaning and the
 * processes that read it. `loadConfig` (load.ts) parses the environment with it, and
 * `npm run docs:config` writes the README's configuration table from it (docs.ts), so the
 * two cannot drift. An invalid value stops the process at start with a message naming the variable.
 */
import { z } from 'zod';

/**
 * Who reads a variable. `api` is src/main.ts; with no Redis it also runs the worker and notifier
 * roles in-process, and then reads their variables too. `cli` is `npm run db:migrate`, the Prisma
 * CLI and `npm run admin`.
 */
export type Reader = 'api' | 'worker' | 'notifier' | 'cli';

export interface Variable {
  /** Parses the raw value; unset and empty strings arrive as undefined. */
  schema: z.ZodTypeAny;
  /** The type as the README shows it. */
  type: string;
  /** The default as the README shows it ('' when the variable has none). */
  default: string;
  doc: string;
  readBy: readonly Reader[];
  /** Never echoed in error messages. */
  secret?: boolean;
}

const ALL: readonly Reader[] = ['api', 'worker', 'notifier'];
const API: readonly Reader[] = ['api'];
const WORKER: readonly Reader[] = ['worker'];
const NOTIFIER: readonly Reader[] = ['notifier'];

const blankIsUnset = (v: unknown) => (v === '' ? undefined : v);

function withDefault<T extends z.ZodTypeAny>(inner: T, fallback: string) {
  return z.preprocess((v) => blankIsUnset(v) ?? fallback, inner);
}

function optional<T extends z.ZodTypeAny>(inner: T) {
  return z.preprocess(blankIsUnset, inner.optional());
}

interface Range {
  min?: number;
  max?: number;
}

function int(fallback: number, { min = 0, max = Number.MAX_SAFE_INTEGER }: Range = {}) {
  const inner = z
    .string()
    .trim()
    .regex(/^-?\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));
  const type =
    max < Number.MAX_SAFE_INTEGER
      ? `integer ${min}–${max}`
      : min > -Number.MAX_SAFE_INTEGER
        ? `integer ≥ ${min}`
        : 'integer';
  return { schema: withDefault(inner, String(fallback)), type, default: String(fallback) };
}

const boolean = z
  .enum(['true', 'false'], { errorMap: () => ({ message: 'must be true or false' }) })
  .transform((v) => v === 'true');

function bool(fallback: boolean) {
  return { schema: withDefault(boolean, String(fallback)), type: 'true/false', default: String(fallback) };
}

/** A boolean whose default depends on other variables (loadConfig decides). */
function optBool(defaultDoc: string) {
  return { schema: optional(boolean), type: 'true/false', default: defaultDoc };
}

function str(fallback: string, defaultDoc = `\`${fallback}\``) {
  return { schema: withDefault(z.string(), fallback), type: 'string', default: defaultDoc };
}

function optStr(defaultDoc = 'unset') {
  return { schema: optional(z.string()), type: 'string', default: defaultDoc };
}

function url(protocols: string[], defaultDoc = 'unset') {
  const inner = z.string().refine(
    (v) => {
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    `must be a URL (${protocols.map((p) => p + '//').join(', ')})`,
  );
  return { schema: optional(inner), type: 'URL', default: defaultDoc };
}

function list(defaultDoc = 'unset') {
  const inner = z.string().transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
  return { schema: optional(inner), type: 'comma-separated list', default: defaultDoc };
}

/** Browser origins (`https://host[:port]`, no path) or `*`. */
function origins() {
  const origin = (o: string) => {
    if (o === '*') return true;
    try {
      const u = new URL(o);
      return (u.protocol === 'https:' || u.protocol === 'http:') && u.origin === o;
    } catch {
      return false;
    }
  };
  const inner = list().schema.pipe(
    z
      .array(
        z
          .string()
          .refine(
            origin,
            'must be origins like https://play.example.org (scheme, host, optional port; no path or trailing slash) or *',
          ),
      )
      .optional(),
  );
  return { schema: inner, type: 'comma-separated origins', default: 'unset → no CORS' };
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const trustProxy = {
  schema: withDefault(
    z
      .string()
      .transform((raw): boolean | number | string =>
        raw === 'false' ? false : raw === 'true' ? true : /^\d+$/.test(raw) ? Number(raw) : raw,
      ),
    'false',
  ),
  type: 'true/false, hop count or list',
  default: 'false',
};

function v<S extends z.ZodTypeAny>(
  base: { schema: S; type: string; default: string },
  readBy: readonly Reader[],
  doc: string,
  extra: { secret?: boolean } = {},
): Omit<Variable, 'schema'> & { schema: S } {
  return { ...base, readBy, doc, ...extra };
}

/** In README order. */
export const VARIABLES = {
  // The server and its services
  PORT: v(
    int(3000, { max: 65535 }),
    ['api', 'notifier'],
    'HTTP port (the notifier uses it only for the default `PUBLIC_URL`)',
  ),
  HOST: v(str('127.0.0.1', '127.0.0.1'), ['api', 'notifier'], 'listen address (`0.0.0.0` in containers)'),
  DATABASE_URL: v(
    url(['postgresql:', 'postgres:'], 'unset → embedded PGlite'),
    [...ALL, 'cli'],
    'PostgreSQL connection string; migrations are applied at start',
    { secret: true },
  ),
  REDIS_URL: v(
    url(['redis:', 'rediss:'], 'unset → in-process queue and emitter'),
    ALL,
    'Redis for BullMQ and subscription fan-out',
    { secret: true },
  ),
  WARPOST_DATA_DIR: v(optStr('`./data`'), [...ALL, 'cli'], 'embedded database and generated secrets'),
  JWT_SECRET: v(
    optStr('generated into the data dir'),
    ['api', 'notifier'],
    'HMAC key for access tokens and signed notification links (set it when running several processes)',
    { secret: true },
  ),
  WARPOST_SIGNING_KEY: v(
    optStr('generated into the data dir (`signing-key.pem`)'),
    ALL,
    'Ed25519 private key for receipts, PEM or base64 of the PKCS8 DER; every process must share it (`openssl genpkey -algorithm ed25519`)',
    { secret: true },
  ),
  WARPOST_SCRYPT_COST: v(
    int(17, { min: 10, max: 20 }),
    API,
    "log2 of scrypt's N for new password hashes (r = 8, p = 1; 17 follows OWASP); older hashes are upgraded at their next login. Tests lower it to save CPU",
  ),
  ACCESS_TOKEN_TTL_SECONDS: v(int(900, { min: 1 }), API, 'access-token lifetime'),
  REFRESH_TOKEN_TTL_DAYS: v(int(30, { min: 1 }), API, 'refresh-token lifetime'),
  BODY_LIMIT_BYTES: v(int(256 * 1024, { min: 1024 }), API, 'largest request body (413 above it)'),
  LOG_LEVEL: v(
    {
      schema: withDefault(
        z.enum(LOG_LEVELS, { errorMap: () => ({ message: `must be one of ${LOG_LEVELS.join(', ')}` }) }),
        'info',
      ),
      type: LOG_LEVELS.join(' / '),
      default: 'info',
    },
    [...ALL, 'cli'],
    'pino log level',
  ),
  LOG_REQUESTS: v(bool(true), API, 'one log line per HTTP request'),
  WARPOST_SHUTDOWN_TIMEOUT_MS: v(
    int(30_000, { min: 100 }),
    ALL,
    'on SIGTERM/SIGINT the process drains (requests, resolutions, deliveries in flight) for at most this long, then exits with status 1',
  ),
  // Resolution
  RESOLVE_ATTEMPTS: v(int(3, { min: 1 }), ['api', 'worker'], 'attempts before a failing step pauses its game'),
  WARPOST_SUBMISSION_BATCH: v(
    int(64, { min: 1 }),
    API,
    'group commit: order submissions that arrive while another batch is being stored share one transaction, up to this many (1 stores each on its own; PostgreSQL only)',
  ),
  WARPOST_INLINE_WORKER: v(optBool('true without Redis'), API, 'run the resolution worker inside the API process'),
  WARPOST_WORKER_CONCURRENCY: v(
    int(4, { min: 1 }),
    WORKER,
    'resolution jobs one worker process runs at once (different games; one game is locked while it resolves)',
  ),
  WARPOST_QUEUE_PREFIX: v(
    optStr('`bull`'),
    ALL,
    'prefix of the BullMQ keys in Redis (resolution and notification queues); processes of one deployment must agree',
  ),
  WARPOST_RECONCILE_INTERVAL_MS: v(
    int(5000, { min: 50 }),
    WORKER,
    'how often a worker re-queues steps that are ready or past their deadline (safety net for lost jobs)',
  ),
  WARPOST_RECONCILE_GRACE_SECONDS: v(
    int(5),
    WORKER,
    'a deadline (plus its grace period) this long past is re-queued by the reconciler (its delayed job should have fired)',
  ),
  WARPOST_LOCK_DURATION_MS: v(
    int(10_000, { min: 100 }),
    WORKER,
    "a job held by a crashed worker goes to another after its lock expires and a stalled check sees it: ≈ 12.5 s with the defaults (`npm run chaos -- --only=recovery`; BullMQ's 30 s / 30 s gave 62 s)",
  ),
  WARPOST_STALLED_INTERVAL_MS: v(
    int(5000, { min: 100 }),
    WORKER,
    'how often a worker looks for jobs whose lock expired (see `WARPOST_LOCK_DURATION_MS`)',
  ),
  VOTE_WINDOW_SECONDS: v(
    int(48 * 3600, { min: 60 }),
    ['api', 'worker'],
    'a vote expires this long after it is proposed, or at the step deadline if that comes first',
  ),
  VACATION_DAYS_PER_YEAR: v(int(21, { max: 366 }), API, "each user's bank of vacation days per calendar year (UTC)"),
  WARPOST_EXTRA_MODULES: v(
    list('unset'),
    [...ALL, 'cli'],
    'extra game modules to load, comma-separated file paths (relative ones from the working directory), each exporting a module as `default`; e.g. the test fixture `test/fixtures/sealed-bid.ts`',
  ),
  // Notifications
  PUBLIC_URL: v(
    url(['http:', 'https:'], '`http://HOST:PORT`'),
    ['api', 'notifier'],
    'base URL of this server as users reach it: links in notification mail (unsubscribe, address confirmation)',
  ),
  GAME_URL_TEMPLATE: v(
    optStr(),
    NOTIFIER,
    'link to a game in a client, `{gameId}` replaced (mail, push, Discord, Slack)',
  ),
  SMTP_URL: v(
    url(['smtp:', 'smtps:'], 'unset → no mail'),
    NOTIFIER,
    'SMTP server for notification mail: `smtp://user:pass@host:587`, `smtps://…`',
    { secret: true },
  ),
  MAIL_FROM: v(str('Warpost <warpost@localhost>'), NOTIFIER, 'sender of notification mail'),
  VAPID_PUBLIC_KEY: v(
    optStr('generated into the data dir (`vapid.json`)'),
    ALL,
    'Web Push public key; every process must share the pair (`npx web-push generate-vapid-keys`)',
  ),
  VAPID_PRIVATE_KEY: v(
    optStr('generated into the data dir (`vapid.json`)'),
    ALL,
    'Web Push private key (set with `VAPID_PUBLIC_KEY`)',
    { secret: true },
  ),
  VAPID_SUBJECT: v(optStr('`mailto:` + the `MAIL_FROM` address'), ALL, 'contact given to push services'),
  WEBHOOK_ALLOW_PRIVATE_URLS: v(
    bool(false),
    ['api', 'notifier'],
    'let webhooks and push endpoints reach private, loopback and link-local addresses (tests, closed networks)',
  ),
  WEBHOOK_TIMEOUT_MS: v(int(10_000, { min: 1 }), NOTIFIER, 'time limit of one webhook or push request'),
  WEBHOOK_DISABLE_AFTER_FAILURES: v(int(15, { min: 1 }), NOTIFIER, 'failed attempts in a row that disable a webhook'),
  NOTIFY_MAX_ATTEMPTS: v(int(8, { min: 1 }), NOTIFIER, 'attempts per delivery (mail, push, webhook)'),
  NOTIFY_RETRY_BASE_MS: v(
    int(30_000),
    NOTIFIER,
    'first retry delay of a delivery (doubling each time, half of it random)',
  ),
  NOTIFY_RETRY_MAX_MS: v(int(6 * 3600_000), NOTIFIER, 'cap of the retry delay'),
  NOTIFY_LEASE_MS: v(
    int(60_000, { min: 1 }),
    NOTIFIER,
    "how long a notifier holds a delivery it is sending; a crashed notifier's work is taken over after it",
  ),
  NOTIFY_DISPATCH_INTERVAL_MS: v(
    int(1000, { min: 50 }),
    NOTIFIER,
    'how often the dispatcher looks for new outbox messages',
  ),
  NOTIFY_SWEEP_INTERVAL_MS: v(
    int(5000, { min: 100 }),
    NOTIFIER,
    'how often overdue deliveries are queued again and digests built',
  ),
  NOTIFY_REMINDER_BEFORE_SECONDS: v(
    int(3600),
    NOTIFIER,
    'deadline reminders go out this long before a deadline (at most a quarter of the step)',
  ),
  NOTIFY_CONCURRENCY: v(int(8, { min: 1 }), NOTIFIER, 'deliveries one notifier sends at once'),
  WARPOST_INLINE_NOTIFIER: v(optBool('true without Redis'), API, 'run the notifier inside the API process'),
  // Metrics
  METRICS_TOKEN: v(
    optStr('unset → /metrics open'),
    API,
    'bearer token `/metrics` requires (`Authorization: Bearer …`); without it anyone who reaches the port may scrape',
    { secret: true },
  ),
  WARPOST_METRICS_PORT: v(
    int(0, { max: 65535 }),
    ['worker', 'notifier'],
    'port on which a worker or notifier process serves `/metrics` (on `HOST`; 0: none)',
  ),
  WARPOST_TRACING: v(
    bool(false),
    ALL,
    'send OpenTelemetry traces over OTLP/HTTP (HTTP requests, queued resolutions and their run on a worker, in one trace); the exporter reads the standard `OTEL_EXPORTER_OTLP_ENDPOINT` (default `http://localhost:4318`) and `OTEL_EXPORTER_OTLP_HEADERS`',
  ),
  // The HTTP edge
  CORS_ORIGINS: v(
    origins(),
    API,
    'browser origins allowed to call the API from other sites (CORS; `*` for any); unset, browsers may call it only from its own origin',
  ),
  TRUST_PROXY: v(
    trustProxy,
    API,
    'trust `X-Forwarded-For` from proxies: `true`, a hop count, or comma-separated addresses/CIDRs (per-address rate limits count the client address)',
  ),
  RATE_LIMIT_WINDOW_SECONDS: v(int(60, { min: 1 }), API, 'length of a rate-limit window'),
  RATE_LIMIT_PER_IP: v(int(600), API, 'requests per window from one client address (0: no limit)'),
  RATE_LIMIT_PER_TOKEN: v(int(300), API, 'requests per window with one credential (0: no limit)'),
  LOGIN_THROTTLE_WINDOW_SECONDS: v(
    int(900, { min: 1 }),
    API,
    'window in which failed logins and refreshes are counted',
  ),
  LOGIN_FAILURES_PER_ACCOUNT_ADDRESS: v(
    int(5),
    API,
    'failed logins for one account from one address before that address is refused for it (0: no login throttling)',
  ),
  LOGIN_FAILURES_PER_ACCOUNT: v(
    int(50),
    API,
    'failed logins for one account from all addresses; past it only addresses that failed for it are refused (0: no limit)',
  ),
  LOGIN_FAILURES_PER_ADDRESS: v(
    int(100),
    API,
    'failed logins from one address across all accounts, and failed refreshes from it (0: no limit)',
  ),
  ACCOUNT_LINKS_WINDOW_SECONDS: v(
    int(3600, { min: 1 }),
    API,
    'window in which password-reset and address-change requests are counted',
  ),
  ACCOUNT_LINKS_PER_ADDRESS: v(
    int(3),
    API,
    'password-reset requests per window for one mail address, and address changes per window for one account (0: no limit)',
  ),
  ACCOUNT_LINKS_PER_IP: v(int(20), API, 'password-reset requests per window from one client address (0: no limit)'),
  WS_INIT_TIMEOUT_SECONDS: v(
    int(10),
    API,
    'seconds a WebSocket may wait before its `connection_init`, then it is closed 4408 (0: no limit)',
  ),
  WS_CONNECTIONS_PER_IP: v(
    int(120),
    API,
    'WebSocket connection attempts per window from one client address (0: no limit)',
  ),
  WS_CONNECTIONS_PER_TOKEN: v(
    int(30),
    API,
    'WebSocket `connection_init` messages per window with one credential (0: no limit)',
  ),
  WS_SUBSCRIBES_PER_CONNECTION: v(
    int(100),
    API,
    '`subscribe` messages per window on one WebSocket connection (0: no limit)',
  ),
  WS_SUBSCRIBES_PER_TOKEN: v(
    int(300),
    API,
    '`subscribe` messages per window with one credential, or from one address without one, over every connection and instance (0: no limit)',
  ),
  API_REDIS_PREFIX: v(
    str('warpost:api:'),
    API,
    "prefix of the API's Redis keys (rate-limit counters, persisted queries)",
  ),
  GRAPHQL_MAX_DEPTH: v(int(10, { min: 1 }), API, 'deepest field nesting of a GraphQL operation'),
  GRAPHQL_MAX_COMPLEXITY: v(int(20_000, { min: 1 }), API, 'largest estimated cost of a GraphQL operation'),
  GRAPHQL_MAX_TOKENS: v(int(5000, { min: 100 }), API, 'largest GraphQL document, in lexical tokens'),
  // Tests and fault drills
  WARPOST_TEST_CLOCK: v(
    bool(false),
    ALL,
    'tests only: `true` gives the processes a clock the test moves (see "Time control")',
  ),
  WARPOST_TEST_CLOCK_OFFSET_MS: v(
    int(0, { min: -Number.MAX_SAFE_INTEGER }),
    ALL,
    "tests only: the test clock's starting offset from real time (a spawned worker starts where its parent's clock is)",
  ),
  WARPOST_FAULT_RESOLVE_DELAY_MS: v(
    int(0),
    WORKER,
    'fault drills only: sleep this long inside each resolution transaction',
  ),
  WARPOST_FAULT_DISPATCH_DELAY_MS: v(
    int(0),
    NOTIFIER,
    'fault drills only: sleep this long inside each outbox dispatch transaction',
  ),
  WARPOST_FAULT_DELIVER_DELAY_MS: v(
    int(0),
    NOTIFIER,
    'fault drills only: sleep this long before sending each delivery',
  ),
} satisfies Record<string, Variable>;

export type VariableName = keyof typeof VARIABLES;
export type Env = { [K in VariableName]: z.output<(typeof VARIABLES)[K]['schema']> };

export class ConfigError extends Error {
  constructor(public readonly problems: { variable: string; message: string }[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  ${p.variable}: ${p.message}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const schema = z.object(Object.fromEntries(Object.entries(VARIABLES).map(([name, def]) => [name, def.schema])));

/** Parses every variable; throws a ConfigError naming each invalid one. */
export function parseEnv(env: NodeJS.ProcessEnv): Env {
  const result = schema.safeParse(env);
  if (result.success) return result.data as Env;
  const problems = result.error.issues.map((issue) => {
    const variable = String(issue.path[0]);
    const def = (VARIABLES as Record<string, Variable>)[variable];
    const shown = def?.secret ? '' : ` (got "${env[variable]}")`;
    return { variable, message: issue.message + shown };
  });
  throw new ConfigError(problems);
}
