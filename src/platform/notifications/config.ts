/**
 * Notification settings from the environment (README, "Configuration"). Delays and limits are
 * configurable so tests can use short ones; defaults suit production.
 */
export interface NotifyConfig {
  /** Base URL of this server as users reach it: unsubscribe and confirmation links point here. */
  publicUrl: string;
  /** Optional link to a game in a client, with "{gameId}" replaced. */
  gameUrlTemplate?: string;
  /** SMTP server (smtp://user:pass@host:587, smtps://...); without it no mail is sent. */
  smtpUrl?: string;
  mailFrom: string;
  vapidPublicKey?: string;
  vapidPrivateKey?: string;
  vapidSubject?: string;
  /** Let webhooks and push endpoints point at private, loopback or link-local addresses. */
  allowPrivateUrls: boolean;
  httpTimeoutMs: number;
  maxAttempts: number;
  retryBaseMs: number;
  retryMaxMs: number;
  /** Consecutive failed attempts after which a webhook is disabled. */
  webhookDisableAfter: number;
  /** How long a worker may hold a delivery before another may take it over. */
  leaseMs: number;
  sweepIntervalMs: number;
  /** How often the dispatcher looks for new outbox messages. */
  dispatchIntervalMs: number;
  /** Deliveries sent at once by one notifier process. */
  concurrency: number;
  /** A deadline reminder goes out this long before the deadline (at most a quarter of the step). */
  reminderBeforeSeconds: number;
  /** Run the notifier inside the API process (default: when there is no Redis). */
  inline: boolean;
  /** Fault injection for tests: sleep this long inside the dispatch transaction / before sending. */
  faultDispatchDelayMs: number;
  faultDeliverDelayMs: number;
}

function num(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a non-negative number, got "${raw}"`);
  return n;
}

export function loadNotifyConfig(env: NodeJS.ProcessEnv, server: { host: string; port: number; redisUrl?: string }): NotifyConfig {
  const host = server.host === '0.0.0.0' || server.host === '::' ? 'localhost' : server.host;
  return {
    publicUrl: (env.PUBLIC_URL || `http://${host}:${server.port}`).replace(/\/+$/, ''),
    gameUrlTemplate: env.GAME_URL_TEMPLATE || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Warpost <warpost@localhost>',
    vapidPublicKey: env.VAPID_PUBLIC_KEY || undefined,
    vapidPrivateKey: env.VAPID_PRIVATE_KEY || undefined,
    vapidSubject: env.VAPID_SUBJECT || undefined,
    allowPrivateUrls: env.WEBHOOK_ALLOW_PRIVATE_URLS === 'true',
    httpTimeoutMs: num(env, 'WEBHOOK_TIMEOUT_MS', 10_000),
    maxAttempts: Math.max(1, num(env, 'NOTIFY_MAX_ATTEMPTS', 8)),
    retryBaseMs: num(env, 'NOTIFY_RETRY_BASE_MS', 30_000),
    retryMaxMs: num(env, 'NOTIFY_RETRY_MAX_MS', 6 * 3600_000),
    webhookDisableAfter: Math.max(1, num(env, 'WEBHOOK_DISABLE_AFTER_FAILURES', 15)),
    leaseMs: num(env, 'NOTIFY_LEASE_MS', 60_000),
    sweepIntervalMs: Math.max(100, num(env, 'NOTIFY_SWEEP_INTERVAL_MS', 5_000)),
    dispatchIntervalMs: Math.max(50, num(env, 'NOTIFY_DISPATCH_INTERVAL_MS', 1_000)),
    concurrency: Math.max(1, num(env, 'NOTIFY_CONCURRENCY', 8)),
    reminderBeforeSeconds: num(env, 'NOTIFY_REMINDER_BEFORE_SECONDS', 3600),
    inline: env.WARPOST_INLINE_NOTIFIER ? env.WARPOST_INLINE_NOTIFIER === 'true' : !server.redisUrl,
    faultDispatchDelayMs: num(env, 'WARPOST_FAULT_DISPATCH_DELAY_MS', 0),
    faultDeliverDelayMs: num(env, 'WARPOST_FAULT_DELIVER_DELAY_MS', 0),
  };
}
