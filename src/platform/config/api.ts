/**
 * Limits of the public API (README, "Configuration" and "Limits"); loadConfig (load.ts) fills
 * them from the environment. Kept apart from the core configuration: they tune the HTTP edge.
 */

export interface ApiConfig {
  /** Fastify `trustProxy`: false, true, a hop count, or a list of trusted proxy addresses. */
  trustProxy: boolean | number | string;
  /** Origins allowed by CORS ('*': any); empty: no CORS headers at all. */
  corsOrigins: string[];
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
  /** Password-reset and address-change mails per window (http/account-throttle.ts; 0 turns a limit off). */
  accountLinks: { windowSeconds: number; perAddress: number; perIp: number };
  graphql: {
    /** Deepest field nesting of an operation (introspection has its own rule). */
    maxDepth: number;
    /** Largest estimated cost of an operation (fields, multiplied by requested list sizes). */
    maxComplexity: number;
    /** Largest document, in lexical tokens. */
    maxTokens: number;
  };
}
