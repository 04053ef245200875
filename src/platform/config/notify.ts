/**
 * Notification settings (README, "Configuration"); loadConfig (load.ts) fills them from the
 * environment. Delays and limits are configurable so tests can use short ones.
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
