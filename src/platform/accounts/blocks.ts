/**
 * Blocks between users. A blocked user cannot invite the blocker to a game or offer them a seat;
 * the press feature asks `isBlocked` before delivering a message. Whether someone blocked you is
 * visible only through the refusal of what the block forbids.
 */
import type { Principal } from '../auth/service.js';
import type { Platform } from '../context.js';
import type { Db } from '../db/client.js';
import { AppError } from '../errors.js';
import type { Tx } from '../db/transactions.js';

/** True when `blocker` has blocked `blocked` (user ids). For a message from X to Y: isBlocked(db, Y, X). */
export async function isBlocked(db: Db | Tx, blocker: string, blocked: string): Promise<boolean> {
  if (blocker === blocked) return false;
  return (
    (await db.userBlock.findUnique({
      where: { blockerId_blockedId: { blockerId: blocker, blockedId: blocked } },
      select: { createdAt: true },
    })) !== null
  );
}

/** Refuses what `actor` would do to `target` when `target` has blocked `actor`. */
export async function assertNotBlocked(
  db: Db | Tx,
  target: { id: string; username: string },
  actorId: string,
  what: string,
) {
  if (await isBlocked(db, target.id, actorId)) {
    throw new AppError('BLOCKED', `${target.username} does not accept ${what} from you.`, [
      { code: 'BLOCKED', path: ['username'], message: `${target.username} has blocked you.` },
    ]);
  }
}

async function target(p: Platform, username: string) {
  const u =
    typeof username === 'string' && username.length <= 64
      ? await p.prisma.user.findFirst({
          where: { username: { equals: username, mode: 'insensitive' }, deletedAt: null },
          select: { id: true, username: true },
        })
      : null;
  if (!u)
    throw new AppError('NOT_FOUND', `No user "${String(username).slice(0, 64)}".`, [
      { code: 'UNKNOWN_USER', path: ['username'], message: 'No such user.' },
    ]);
  return u;
}

export async function blockUser(p: Platform, user: Principal, username: string) {
  const t = await target(p, username);
  if (t.id === user.userId)
    throw new AppError('BAD_INPUT', 'You cannot block yourself.', [
      { code: 'SELF', path: ['username'], message: 'Name another user.' },
    ]);
  await p.prisma.userBlock.createMany({ data: [{ blockerId: user.userId, blockedId: t.id }], skipDuplicates: true });
  return true;
}

/** True when a block was lifted. */
export async function unblockUser(p: Platform, user: Principal, username: string) {
  const t = await target(p, username);
  return (await p.prisma.userBlock.deleteMany({ where: { blockerId: user.userId, blockedId: t.id } })).count === 1;
}

/** The users the caller blocked, by name. */
export async function blockedUsers(p: Platform, userId: string) {
  const rows = await p.prisma.userBlock.findMany({
    where: { blockerId: userId },
    select: { blocked: { select: { id: true, username: true } } },
  });
  return rows.map((r) => r.blocked).sort((a, b) => a.username.localeCompare(b.username));
}
