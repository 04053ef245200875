/**
 * Password and address changes (README, "Accounts"): change the password with the current one,
 * reset a forgotten one through a single-use mailed link, and change the address through a link
 * mailed to the new address (the old one is told). Only hashes of links are stored; a reset
 * request answers the same, at once, whether or not the address belongs to anyone.
 */
import type { AuthService, Principal } from '../auth/service.js';
import type { Platform } from '../context.js';
import { AppError } from '../errors.js';
import { TX_OPTIONS } from '../db/transactions.js';
import { isValidEmail } from '../notifications/channels/email.js';
import { getSettings } from '../notifications/preferences.js';
import { createLink, LINK_TTL_MS, spendLink, voidLinks } from './links.js';
import * as mail from './mail.js';

/** Paths of the mailed links (served by the API, api/account-routes.ts). */
export const RESET_PASSWORD_PATH = '/account/reset-password';
export const CONFIRM_ADDRESS_PATH = '/account/confirm-email';

/** Rate limits are the caller's (API) business; these are what it counts. */
export interface ResetLimiter {
  passwordReset(email: string, ip: string): Promise<void>;
  emailChange(userId: string): Promise<void>;
}

function checkEmail(email: unknown, path: string): string {
  if (typeof email !== 'string' || !isValidEmail(email.trim())) {
    throw new AppError('BAD_INPUT', 'That is not an email address.', [
      { code: 'INVALID_EMAIL', path: [path], message: 'Give an address such as name@example.org.' },
    ]);
  }
  return email.trim();
}

function requireMail(p: Platform) {
  if (!p.notify.config.smtpUrl)
    throw new AppError('NOT_CONFIGURED', 'This server sends no email (its operator has not set SMTP_URL).');
}

async function requirePassword(auth: AuthService, userId: string, password: unknown, path: string) {
  if (!(await auth.verifyUserPassword(userId, String(password ?? '')))) {
    throw new AppError('INVALID_CREDENTIALS', 'The password is wrong.', [
      { code: 'WRONG_PASSWORD', path: [path], message: 'Give your current password.' },
    ]);
  }
}

/** Changes the password; every other login of the account is signed out. */
export async function changePassword(
  p: Platform,
  auth: AuthService,
  user: Principal,
  currentPassword: string,
  newPassword: string,
) {
  const hash = await auth.newPasswordHash(newPassword, 'newPassword');
  await requirePassword(auth, user.userId, currentPassword, 'currentPassword');
  const settings = await getSettings(p.prisma, user.userId);
  const sent = await p.prisma.$transaction(async (tx) => {
    await tx.user.update({ where: { id: user.userId }, data: { passwordHash: hash } });
    await voidLinks(tx, user.userId, 'password-reset');
    return settings.email
      ? [await mail.writeMail(p, tx, user.userId, settings.email, mail.passwordChanged(user.username, 'changed'))]
      : [];
  }, TX_OPTIONS);
  await auth.revokeLogins(user.userId, user.via === 'session' ? user.sid : undefined);
  await mail.send(p, sent);
  return true;
}

/**
 * Mails a reset link to every account whose confirmed address is `email`. The answer is the
 * same for an unknown address, and comes before any mail is written, so its timing does not tell.
 */
export async function requestPasswordReset(p: Platform, limiter: ResetLimiter, email: string, ip: string) {
  const address = checkEmail(email, 'email');
  requireMail(p);
  await limiter.passwordReset(address, ip);
  void mailResetLinks(p, address).catch((err) => p.log.warn({ err }, 'password reset mail not written'));
  return true;
}

async function mailResetLinks(p: Platform, email: string) {
  const owners = await p.prisma.notificationSettings.findMany({
    where: { email: { equals: email, mode: 'insensitive' }, user: { deletedAt: null } },
    select: { userId: true, email: true, user: { select: { username: true } } },
  });
  for (const o of owners) {
    const d = await p.prisma.$transaction(async (tx) => {
      const token = await createLink(tx, o.userId, 'password-reset');
      const link = mail.linkUrl(p, RESET_PASSWORD_PATH, token);
      return mail.writeMail(
        p,
        tx,
        o.userId,
        o.email!,
        mail.passwordReset(o.user.username, link, LINK_TTL_MS['password-reset'] / 60_000),
      );
    }, TX_OPTIONS);
    await mail.send(p, [d]);
  }
}

/** Sets a new password with a reset link; the link and every other reset link are spent, every login signed out. */
export async function resetPassword(p: Platform, auth: AuthService, token: string, newPassword: string) {
  const hash = await auth.newPasswordHash(newPassword, 'newPassword');
  const { userId, sent } = await p.prisma.$transaction(async (tx) => {
    const link = await spendLink(tx, 'password-reset', token);
    const user = await tx.user.update({
      where: { id: link.userId },
      data: { passwordHash: hash },
      select: { username: true },
    });
    await voidLinks(tx, link.userId, 'password-reset');
    const settings = await getSettings(tx, link.userId);
    const sent = settings.email
      ? [await mail.writeMail(p, tx, link.userId, settings.email, mail.passwordChanged(user.username, 'reset'))]
      : [];
    return { userId: link.userId, sent };
  }, TX_OPTIONS);
  await auth.revokeLogins(userId);
  await mail.send(p, sent);
  return true;
}

/**
 * Starts an address change: a link to the new address (which becomes the account's, for every
 * mail, once followed), and a notice to the old one. Needs the password; earlier links are void.
 */
export async function requestEmailChange(
  p: Platform,
  auth: AuthService,
  limiter: ResetLimiter,
  user: Principal,
  password: string,
  email: string,
) {
  const address = checkEmail(email, 'email');
  requireMail(p);
  await requirePassword(auth, user.userId, password, 'password');
  const settings = await getSettings(p.prisma, user.userId);
  if (settings.email?.toLowerCase() === address.toLowerCase())
    throw new AppError('CONFLICT', 'That is already the address of your account.');
  await limiter.emailChange(user.userId);
  const sent = await p.prisma.$transaction(async (tx) => {
    await voidLinks(tx, user.userId, 'email-change');
    const token = await createLink(tx, user.userId, 'email-change', address);
    const out = [
      await mail.writeMail(
        p,
        tx,
        user.userId,
        address,
        mail.emailChangeConfirmation(user.username, mail.linkUrl(p, CONFIRM_ADDRESS_PATH, token)),
      ),
    ];
    if (settings.email)
      out.push(
        await mail.writeMail(
          p,
          tx,
          user.userId,
          settings.email,
          mail.emailChangeNotice(user.username, mail.maskAddress(address)),
        ),
      );
    return out;
  }, TX_OPTIONS);
  await mail.send(p, sent);
  return true;
}

/** Follows an address-change link: its address becomes the account's (no login needed). */
export async function confirmEmailChange(p: Platform, token: string) {
  await p.prisma.$transaction(async (tx) => {
    const link = await spendLink(tx, 'email-change', token);
    await tx.notificationSettings.upsert({
      where: { userId: link.userId },
      create: { userId: link.userId, email: link.email },
      update: { email: link.email, pendingEmail: null },
    });
  }, TX_OPTIONS);
  return true;
}
