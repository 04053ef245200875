/**
 * Single-use links mailed for account actions (password reset, address change). The token is
 * random and shown only in the mail; the database keeps its SHA-256, so a read of the table gives
 * no usable link. Spending a link is atomic: of two concurrent uses, one wins.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Tx } from '../db/transactions.js';
import { AppError } from '../errors.js';

export type LinkPurpose = 'password-reset' | 'email-change';

export const LINK_TTL_MS: Record<LinkPurpose, number> = {
  'password-reset': 3600_000, // an hour: long enough to read the mail, short enough to go stale
  'email-change': 48 * 3600_000,
};

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** Stores a new link for a user; returns the token to put in the mail. */
export async function createLink(tx: Tx, userId: string, purpose: LinkPurpose, email?: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await tx.accountToken.create({
    data: {
      userId,
      purpose,
      tokenHash: sha256(token),
      email: email ?? null,
      expiresAt: new Date(Date.now() + LINK_TTL_MS[purpose]),
    },
  });
  return token;
}

/** Spends a link (inside the caller's transaction): refuses an unknown, expired or used one. */
export async function spendLink(tx: Tx, purpose: LinkPurpose, token: unknown) {
  const row =
    typeof token === 'string' && token.length > 0 && token.length <= 200
      ? await tx.accountToken.findUnique({
          where: { tokenHash: sha256(token) },
          include: { user: { select: { deletedAt: true } } },
        })
      : null;
  if (!row || row.purpose !== purpose || row.user.deletedAt)
    throw new AppError('LINK_INVALID', 'This link is not valid; ask for a new one.');
  if (row.usedAt) throw new AppError('LINK_USED', 'This link was already used; ask for a new one.');
  if (row.expiresAt.getTime() <= Date.now())
    throw new AppError('LINK_EXPIRED', 'This link has expired; ask for a new one.');
  const spent = await tx.accountToken.updateMany({ where: { id: row.id, usedAt: null }, data: { usedAt: new Date() } });
  if (spent.count !== 1) throw new AppError('LINK_USED', 'This link was already used; ask for a new one.');
  return row;
}

/** Spends every outstanding link of a purpose (a new password makes earlier reset links void). */
export async function voidLinks(tx: Tx, userId: string, purpose: LinkPurpose) {
  await tx.accountToken.updateMany({ where: { userId, purpose, usedAt: null }, data: { usedAt: new Date() } });
}
