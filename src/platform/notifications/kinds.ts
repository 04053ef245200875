/**
 * What can be notified and through which channels. Kinds users can switch are KINDS; system
 * notices (email confirmation, a disabled webhook, the digest itself) always go out.
 */
export const KINDS = [
  'YOUR_TURN',
  'STEP_RESOLVED',
  'DEADLINE_REMINDER',
  'GAME_STARTED',
  'GAME_FINISHED',
  'GAME_PAUSED',
  'INVITATION',
  'VOTE',
  'PRESS',
] as const;
export type Kind = (typeof KINDS)[number];
export type SystemKind =
  'EMAIL_CONFIRMATION' | 'WEBHOOK_DISABLED' | 'DIGEST' | 'WEBHOOK_TEST' | 'SIGN_IN_WARNING' | AccountKind;
/** Account mails (platform/accounts/mail.ts). */
export type AccountKind = 'PASSWORD_RESET' | 'PASSWORD_CHANGED' | 'EMAIL_CHANGE_CONFIRMATION' | 'EMAIL_CHANGE_NOTICE';
export type AnyKind = Kind | SystemKind;

export const CHANNELS = ['EMAIL', 'PUSH', 'WEBHOOK'] as const;
export type Channel = (typeof CHANNELS)[number];

export const FORMATS = ['JSON', 'DISCORD', 'SLACK'] as const;
export type WebhookFormat = (typeof FORMATS)[number];

/**
 * Mails addressed to the address in their payload (`data.to`) rather than the confirmed one, and
 * sent at once whatever the quiet hours: confirmation links and account-security mails.
 */
const ADDRESSED: readonly string[] = [
  'EMAIL_CONFIRMATION',
  'PASSWORD_RESET',
  'PASSWORD_CHANGED',
  'EMAIL_CHANGE_CONFIRMATION',
  'EMAIL_CHANGE_NOTICE',
];
export const isAddressed = (k: string) => ADDRESSED.includes(k);

export const isKind = (k: unknown): k is Kind => (KINDS as readonly unknown[]).includes(k);
export const isChannel = (c: unknown): c is Channel => (CHANNELS as readonly unknown[]).includes(c);

/**
 * Defaults when a user set nothing: every kind reaches webhooks (registering one is an explicit
 * choice); mail and push carry what needs a player's attention, not every resolved step.
 */
export function defaultEnabled(kind: Kind, channel: Channel): boolean {
  if (channel === 'WEBHOOK') return true;
  return kind !== 'STEP_RESOLVED';
}

/** Event type names in webhook payloads (Standard Webhooks suggests dotted names). */
export const EVENT_TYPES: Record<AnyKind, string> = {
  YOUR_TURN: 'turn.yours',
  STEP_RESOLVED: 'step.resolved',
  DEADLINE_REMINDER: 'deadline.reminder',
  GAME_STARTED: 'game.started',
  GAME_FINISHED: 'game.finished',
  GAME_PAUSED: 'game.paused',
  INVITATION: 'invitation.received',
  VOTE: 'vote.changed',
  PRESS: 'press.message',
  EMAIL_CONFIRMATION: 'email.confirmation',
  WEBHOOK_DISABLED: 'webhook.disabled',
  DIGEST: 'digest',
  WEBHOOK_TEST: 'webhook.test',
  SIGN_IN_WARNING: 'account.sign-in-warning',
  PASSWORD_RESET: 'account.password-reset',
  PASSWORD_CHANGED: 'account.password-changed',
  EMAIL_CHANGE_CONFIRMATION: 'account.email-change',
  EMAIL_CHANGE_NOTICE: 'account.email-change-notice',
};

/** Delivery states (NotificationDelivery.status). */
export type DeliveryStatus = 'PENDING' | 'HELD' | 'DIGEST' | 'DIGESTED' | 'SENT' | 'FAILED' | 'SKIPPED';
