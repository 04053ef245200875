/** A user's own notification history: every delivery addressed to them, on every channel. */
import type { Principal } from '../auth/service.js';
import type { Platform } from '../context.js';
import type { Message } from './content.js';
import { pageSize } from '../page-size.js';

export async function listNotifications(
  p: Platform,
  user: Principal,
  opts: { first?: number | null; channel?: string | null; kind?: string | null; gameId?: string | null },
) {
  const rows = await p.prisma.notificationDelivery.findMany({
    where: {
      userId: user.userId,
      ...(opts.channel ? { channel: opts.channel } : {}),
      ...(opts.kind ? { kind: opts.kind } : {}),
      ...(opts.gameId ? { gameId: opts.gameId } : {}),
    },
    orderBy: { createdAt: 'desc' },
    take: pageSize(opts.first, 50, 200),
  });
  return rows.map((r) => ({
    ...r,
    title: (r.payload as unknown as Message).title,
    nextAttemptAt: ['PENDING', 'HELD', 'DIGEST'].includes(r.status) ? r.notBefore : null,
  }));
}
