/**
 * Account mails, through the notification system's mail channel: each is a delivery addressed
 * to one address (`data.to`, see notifications/kinds.ts `isAddressed`), sent at once whatever the
 * quiet hours, and never switchable off (a security mail must arrive).
 */
import { randomUUID } from 'node:crypto';
import type { Prisma } from '#generated/prisma/client.js';
import type { Platform } from '../context.js';
import type { Tx } from '../db/transactions.js';
import type { Message } from '../notifications/content.js';
import { enqueueDelivery } from '../notifications/dispatcher.js';
import type { AccountKind } from '../notifications/kinds.js';

export type Delivery = { id: string; attempts: number; notBefore: Date };

/** Writes one mail in the caller's transaction; `send` it after the commit. */
export function writeMail(
  p: Platform,
  tx: Tx,
  userId: string,
  to: string,
  msg: Omit<Message, 'data'> & { kind: AccountKind; data?: Record<string, unknown> },
): Promise<Delivery> {
  return tx.notificationDelivery.create({
    data: {
      idempotencyKey: `${msg.kind}:${userId}:${randomUUID()}|EMAIL|${userId}`,
      userId,
      kind: msg.kind,
      channel: 'EMAIL',
      payload: { ...msg, data: { ...msg.data, to } } as unknown as Prisma.InputJsonValue,
      maxAttempts: p.notify.config.maxAttempts,
    },
  });
}

/** Queues written mails (a failure here leaves them to the notifier's sweep). */
export async function send(p: Platform, deliveries: Delivery[]) {
  for (const d of deliveries)
    await enqueueDelivery(p, d).catch((err) => p.log.warn({ err }, 'account mail left to the sweep'));
}

export const linkUrl = (p: Platform, path: string, token: string) =>
  `${p.notify.config.publicUrl}${path}?token=${encodeURIComponent(token)}`;

/** "a***@example.org": enough for the owner to recognise an address, not to learn it. */
export function maskAddress(email: string): string {
  const at = email.lastIndexOf('@');
  return at <= 0 ? '***' : `${email[0]}***${email.slice(at)}`;
}

export const passwordReset = (username: string, link: string, minutes: number) => ({
  kind: 'PASSWORD_RESET' as const,
  title: 'Reset your Warpost password',
  lines: [
    `Someone (we hope you) asked to reset the password of the Warpost account "${username}".`,
    `Follow this link within ${minutes} minutes to choose a new password; it works once:`,
    link,
    'If you did not ask for this, ignore this mail: your password stays as it is.',
  ],
  url: link,
});

export const passwordChanged = (username: string, how: 'changed' | 'reset') => ({
  kind: 'PASSWORD_CHANGED' as const,
  title: 'Your Warpost password was changed',
  lines: [
    how === 'reset'
      ? `The password of the Warpost account "${username}" was reset through a mailed link; every login was signed out.`
      : `The password of the Warpost account "${username}" was changed; every other login was signed out.`,
    "If this was not you, reset your password at once and check your account's address.",
  ],
});

export const emailChangeConfirmation = (username: string, link: string) => ({
  kind: 'EMAIL_CHANGE_CONFIRMATION' as const,
  title: 'Confirm your new Warpost address',
  lines: [
    `Follow this link to make this the address of the Warpost account "${username}"; it works once, within 48 hours:`,
    link,
    'If you did not ask for this, ignore this mail.',
  ],
  url: link,
});

export const emailChangeNotice = (username: string, masked: string) => ({
  kind: 'EMAIL_CHANGE_NOTICE' as const,
  title: 'Your Warpost address is being changed',
  lines: [
    `A change of the address of the Warpost account "${username}" to ${masked} was asked for; it takes effect when the link mailed there is followed.`,
    'Until then mail still comes here. If this was not you, change your password at once.',
  ],
});
