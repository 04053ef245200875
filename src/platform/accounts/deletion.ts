/**
 * Deleting an account (README, "Accounts"). The user row stays, because game records (seats,
 * submissions, receipts, missed turns) refer to it, but it keeps nothing personal: its name becomes
 * "deleted player <id>" (a name nobody can register), its password and every credential go, and so
 * do its profile, address, notification settings, webhooks, push subscriptions, blocks, notes,
 * drafts, vacations, invitations and delivery log. In running games each of its seats goes
 * through seat replacement as a resignation would (games/seats.ts): the bot plays the side and the
 * seat is offered to anyone. Open games it created are cancelled; its seats in others' open games
 * are freed. All of it in one transaction.
 *
 * Press (docs/press.md, "Accounts"): the messages it wrote stay in their games' logs, text and
 * all, so the others' conversation still reads; they are shown from "deleted player <id>". Its
 * read marks go. Reports it filed stay for the moderators, detached from it (no reporter).
 */
import type { AuthService, Principal } from '../auth/service.js';
import type { Platform } from '../context.js';
import { AppError } from '../errors.js';
import { topics } from '../events/pubsub.js';
import { afterEffect } from '../play/admin.js';
import { lockGame } from '../play/lock.js';
import { TX_OPTIONS } from '../db/transactions.js';
import { appendPublicEvent } from '../events/event-log.js';
import { prismaSql } from '../db/sql.js';

export const deletedName = (userId: string) => `deleted player ${userId}`;

export async function deleteAccount(p: Platform, auth: AuthService, user: Principal, password: string) {
  if (!(await auth.verifyUserPassword(user.userId, String(password ?? '')))) {
    throw new AppError('INVALID_CREDENTIALS', 'The password is wrong.', [
      { code: 'WRONG_PASSWORD', path: ['password'], message: 'Give your current password.' },
    ]);
  }
  const userId = user.userId;
  const name = deletedName(userId);
  const revoked = await p.prisma.$transaction(async (tx) => {
    const now = new Date();
    const seated = await tx.seat.findMany({
      where: { userId, game: { status: { in: ['OPEN', 'ACTIVE', 'PAUSED'] } } },
      select: { gameId: true },
      distinct: ['gameId'],
    });
    const created = await tx.game.findMany({ where: { creatorId: userId, status: 'OPEN' }, select: { id: true } });
    // Games locked in id order, as every multi-game transaction does, so two never wait on each other.
    const gameIds = [...new Set([...seated.map((s) => s.gameId), ...created.map((g) => g.id)])].sort();
    for (const gameId of gameIds) {
      const game = await lockGame(tx, gameId);
      if (game.status === 'OPEN') {
        if (game.creatorId === userId)
          await tx.game.update({ where: { id: gameId }, data: { status: 'CANCELLED', finishedAt: now } });
        else await tx.seat.deleteMany({ where: { gameId, userId } });
      } else if (game.status === 'ACTIVE' || game.status === 'PAUSED') {
        for (const seat of game.seats.filter((s) => s.userId === userId)) {
          await tx.seat.update({
            where: { id: seat.id },
            data: { civilDisorder: true, offeredAt: seat.offeredAt ?? p.clock.now(), offeredToId: null },
          });
          await appendPublicEvent(
            prismaSql(tx),
            gameId,
            game.step,
            'seat-resigned',
            { side: seat.side, by: name, offered: true },
            game.status,
          );
        }
      } else continue;
      await tx.outboxMessage.create({
        data: {
          topic: topics.lobby,
          payload: { gameId, status: game.status === 'OPEN' && game.creatorId === userId ? 'CANCELLED' : game.status },
        },
      });
    }
    // Seats offered to this user alone go back to anyone.
    await tx.seat.updateMany({ where: { offeredToId: userId }, data: { offeredToId: null } });
    const families = await tx.refreshToken.findMany({
      where: { userId, revokedAt: null },
      select: { familyId: true },
      distinct: ['familyId'],
    });
    await tx.refreshToken.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: now } });
    await tx.apiToken.deleteMany({ where: { userId } });
    // OAuth: what the user authorised (grants, tokens, sessions), and the apps they registered
    // with every token those hold, so the apps stop at once.
    const apps = await tx.oAuthClient.findMany({ where: { ownerId: userId }, select: { id: true } });
    await tx.oAuthArtifact.deleteMany({
      where: { OR: [{ accountId: userId }, { clientId: { in: apps.map((a) => a.id) } }] },
    });
    await tx.oAuthClient.deleteMany({ where: { ownerId: userId } });
    await tx.accountToken.deleteMany({ where: { userId } });
    await tx.userProfile.deleteMany({ where: { userId } });
    await tx.userBlock.deleteMany({ where: { OR: [{ blockerId: userId }, { blockedId: userId }] } });
    await tx.pressReadMark.deleteMany({ where: { userId } });
    await tx.pressReport.updateMany({ where: { reporterId: userId }, data: { reporterId: null } });
    await tx.notificationSettings.deleteMany({ where: { userId } });
    await tx.notificationPreference.deleteMany({ where: { userId } });
    await tx.webhook.deleteMany({ where: { userId } });
    await tx.pushSubscription.deleteMany({ where: { userId } });
    await tx.notificationDelivery.deleteMany({ where: { userId } });
    await tx.vacation.deleteMany({ where: { userId } });
    await tx.gameNote.deleteMany({ where: { userId } });
    await tx.draft.deleteMany({ where: { userId } });
    await tx.invitation.deleteMany({ where: { userId } });
    await tx.idempotencyRecord.deleteMany({ where: { userId } });
    await tx.user.update({
      where: { id: userId },
      data: { username: name, passwordHash: '!', isAdmin: false, deletedAt: now },
    });
    return families.map((f) => f.familyId);
  }, TX_OPTIONS);
  auth.noteRevoked(revoked);
  await afterEffect(p, null);
  return true;
}
