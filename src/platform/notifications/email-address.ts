/**
 * The address mail goes to. It is used only after its owner followed the confirmation link, so
 * nobody can make the server mail a stranger more than that one link; the unsubscribe link in
 * every mail switches that kind of mail off without logging in.
 */
import { randomUUID } from 'node:crypto';
import type { Prisma } from '#generated/prisma/client.js';
import type { Principal } from '../auth/service.js';
import type { Platform } from '../context.js';
import { AppError } from '../errors.js';
import { emailChangeNotice, maskAddress, writeMail } from '../accounts/mail.js';
import { TX_OPTIONS } from '../db/transactions.js';
import { isValidEmail } from './channels/email.js';
import { emailConfirmation } from './content.js';
import { enqueueDelivery } from './dispatcher.js';
import { isKind, KINDS, type Kind } from './kinds.js';
import { getSettings } from './preferences.js';

const CONFIRM_TTL_MS = 48 * 3600_000;
const CONFIRMATIONS_PER_HOUR = 5;

export async function setEmail(p: Platform, user: Principal, email: string | null) {
  if (email === null || email === '') {
    await p.prisma.notificationSettings.upsert({
      where: { userId: user.userId },
      create: { userId: user.userId },
      update: { email: null, pendingEmail: null },
    });
    return getSettings(p.prisma, user.userId);
  }
  if (!p.notify.config.smtpUrl)
    throw new AppError('NOT_CONFIGURED', 'This server sends no email (its operator has not set SMTP_URL).');
  if (!isValidEmail(email)) {
    throw new AppError('BAD_INPUT', 'That is not an email address.', [
      { code: 'INVALID_EMAIL', path: ['email'], message: 'Give an address such as name@example.org.' },
    ]);
  }
  const recent = await p.prisma.notificationDelivery.count({
    where: { userId: user.userId, kind: 'EMAIL_CONFIRMATION', createdAt: { gt: new Date(Date.now() - 3600_000) } },
  });
  if (recent >= CONFIRMATIONS_PER_HOUR)
    throw new AppError('RATE_LIMITED', 'Too many confirmation mails; try again in an hour.', [], {
      retryAfterSeconds: 3600,
    });
  const token = p.notify.tokens.sign('confirm-email', { u: user.userId, e: email, x: Date.now() + CONFIRM_TTL_MS });
  const link = `${p.notify.config.publicUrl}/notifications/confirm-email?token=${encodeURIComponent(token)}`;
  const msg = { ...emailConfirmation(link), data: { to: email } };
  const old = (await getSettings(p.prisma, user.userId)).email;
  const [d, notice] = await p.prisma.$transaction(async (tx) => {
    await tx.notificationSettings.upsert({
      where: { userId: user.userId },
      create: { userId: user.userId, pendingEmail: email },
      update: { pendingEmail: email },
    });
    // Replacing a confirmed address: its owner is told there, as an account address change does.
    const notice =
      old && old.toLowerCase() !== email.toLowerCase()
        ? await writeMail(p, tx, user.userId, old, emailChangeNotice(user.username, maskAddress(email)))
        : null;
    return [
      await tx.notificationDelivery.create({
        data: {
          idempotencyKey: `EMAIL_CONFIRMATION:${user.userId}:${randomUUID()}|EMAIL|${user.userId}`,
          userId: user.userId,
          kind: 'EMAIL_CONFIRMATION',
          channel: 'EMAIL',
          payload: msg as unknown as Prisma.InputJsonValue,
          maxAttempts: p.notify.config.maxAttempts,
        },
      }),
      notice,
    ] as const;
  }, TX_OPTIONS);
  await enqueueDelivery(p, d);
  if (notice) await enqueueDelivery(p, notice);
  return getSettings(p.prisma, user.userId);
}

export async function confirmEmail(p: Platform, token: string) {
  const data = p.notify.tokens.verify<{ u: string; e: string }>('confirm-email', token);
  const settings = data ? await getSettings(p.prisma, data.u) : null;
  if (!data || settings?.pendingEmail !== data.e)
    throw new AppError('TOKEN_INVALID', 'This confirmation link is not valid any more; ask for a new one.');
  await p.prisma.notificationSettings.update({
    where: { userId: data.u },
    data: { email: data.e, pendingEmail: null },
  });
  return getSettings(p.prisma, data.u);
}

/** One-click unsubscribe: switches one kind of mail off (or all mail) for the token's user. */
export async function unsubscribe(p: Platform, token: string, all = false): Promise<{ kinds: Kind[] }> {
  const data = p.notify.tokens.verify<{ u: string; k: string }>('unsubscribe', token);
  if (!data || (data.k !== '*' && !isKind(data.k)))
    throw new AppError('TOKEN_INVALID', 'This unsubscribe link is not valid.');
  const kinds = all || data.k === '*' ? [...KINDS] : [data.k as Kind];
  await p.prisma.$transaction(
    kinds.map((kind) =>
      p.prisma.notificationPreference.upsert({
        where: { userId_gameId_kind_channel: { userId: data.u, gameId: '', kind, channel: 'EMAIL' } },
        create: { userId: data.u, gameId: '', kind, channel: 'EMAIL', enabled: false },
        update: { enabled: false },
      }),
    ),
  );
  return { kinds };
}
