/**
 * Tells an account's owner that its failed logins reached the per-account limit (README,
 * "Limits"). At most one mail per account and throttle window; sent to the confirmed address
 * only, and out of the login's way so the answer's timing says nothing about who exists.
 */
import type { Prisma } from '#generated/prisma/client.js';
import type { Platform } from '../context.js';
import { isUniqueViolation } from '../db/sql.js';
import { signInWarning } from './content.js';
import { enqueueDelivery } from './dispatcher.js';
import { getSettings } from './preferences.js';

export async function warnOfFailedLogins(
  p: Platform,
  username: string,
  failures: number,
  windowSeconds: number,
): Promise<void> {
  const user = await p.prisma.user.findFirst({
    where: { username: { equals: username, mode: 'insensitive' } },
    select: { id: true },
  });
  if (!user || !p.notify.config.smtpUrl || !(await getSettings(p.prisma, user.id)).email) return;
  const window = Math.floor(Date.now() / 1000 / Math.max(1, windowSeconds));
  try {
    const d = await p.prisma.notificationDelivery.create({
      data: {
        idempotencyKey: `SIGN_IN_WARNING:${user.id}:${window}|EMAIL|${user.id}`,
        userId: user.id,
        kind: 'SIGN_IN_WARNING',
        channel: 'EMAIL',
        payload: signInWarning(failures, windowSeconds) as unknown as Prisma.InputJsonValue,
        maxAttempts: p.notify.config.maxAttempts,
      },
    });
    await enqueueDelivery(p, d);
  } catch (e) {
    if (!isUniqueViolation(e)) throw e; // this window's warning is already on its way
  }
}
