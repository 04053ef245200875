/**
 * Limits of the public API (README, "Configuration" and "Limits"), from the environment only.
 * Kept apart from the core configuration: these tune the HTTP edge, not the platform.
 */

export interface ApiConfig {
  /** Fastify `trustProxy`: false, true, a hop count, or a list of trusted proxy addresses. */
  trustProxy: boolean | number | string;
  /** Prefix of the API's keys in Redis (rate-limit counters, persisted queries). */
  redisPrefix: string;
  rateLimit: {
    windowMs: number;
    /** Requests per window from one client address (0 turns the limit off). */
    perIp: number;
    /** Requests per window with one credential (access token or API token; 0 turns it off). */
    perToken: number;
  };
  /** GraphQL over WebSocket, in the same windows (0 turns a limit off; graphql/ws-limits.ts). */
  ws: {
    /** Connection attempts (upgrades) per window from one client address. */
    connectionsPerIp: number;
    /** connection_init messages per window with one credential. */
    connectionsPerToken: number;
    /** subscribe messages per window on one connection. */
    subscribesPerConnection: number;
    /** subscribe messages per window with one credential (anonymous: per client address), across instances. */
    subscribesPerToken: number;
    /** How long a socket may wait before its connection_init, then it is closed 4408 (0: no limit). */
    initTimeoutMs: number;
  };
  /** Failed logins and refreshes per window (http/login-throttle.ts; 0 turns a limit off). */
  login: {
    windowSeconds: number;
    /** Failures for one account from one address: the strict limit. */
    failuresPerAccountAddress: number;
    /** Failures for one account from all addresses: past it, only addresses that failed are refused. */
    failuresPerAccount: number;
    /** Failures from one address across all accounts (and failed refreshes from it). */
    failuresPerAddress: number;
  };
  graphql: {
    /** Deepest field nesting of an operation (introspection has its own rule). */
    maxDepth: number;
    /** Largest estimated cost of an operation (fields, multiplied by requested list sizes). */
    maxComplexity: number;
    /** Largest document, in lexical tokens. */
    maxTokens: number;
  };
}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be a whole number of at least ${min}, got "${raw}"`);
  return n;
}

function trustProxy(raw: string | undefined): boolean | number | string {
  if (!raw || raw === 'false') return false;
  if (raw === 'true') return true;
  return /^\d+$/.test(raw) ? Number(raw) : raw;
}

export function loadApiConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  return {
    trustProxy: trustProxy(env.TRUST_PROXY),
    redisPrefix: env.API_REDIS_PREFIX || 'warpost:api:',
    rateLimit: {
      windowMs: int(env, 'RATE_LIMIT_WINDOW_SECONDS', 60, 1) * 1000,
      perIp: int(env, 'RATE_LIMIT_PER_IP', 600),
      perToken: int(env, 'RATE_LIMIT_PER_TOKEN', 300),
    },
    ws: {
      connectionsPerIp: int(env, 'WS_CONNECTIONS_PER_IP', 120),
      connectionsPerToken: int(env, 'WS_CONNECTIONS_PER_TOKEN', 30),
      subscribesPerConnection: int(env, 'WS_SUBSCRIBES_PER_CONNECTION', 100),
      subscribesPerToken: int(env, 'WS_SUBSCRIBES_PER_TOKEN', 300),
      initTimeoutMs: int(env, 'WS_INIT_TIMEOUT_SECONDS', 10) * 1000,
    },
    login: {
      windowSeconds: int(env, 'LOGIN_THROTTLE_WINDOW_SECONDS', 900, 1),
      failuresPerAccountAddress: int(env, 'LOGIN_FAILURES_PER_ACCOUNT_ADDRESS', 5),
      failuresPerAccount: int(env, 'LOGIN_FAILURES_PER_ACCOUNT', 50),
      failuresPerAddress: int(env, 'LOGIN_FAILURES_PER_ADDRESS', 100),
    },
    graphql: {
      maxDepth: int(env, 'GRAPHQL_MAX_DEPTH', 10, 1),
      maxComplexity: int(env, 'GRAPHQL_MAX_COMPLEXITY', 20_000, 1),
      maxTokens: int(env, 'GRAPHQL_MAX_TOKENS', 5_000, 100),
    },
  };
}
