/** "Your turn" notices: what the outbox carries to each player who owes something at a step. */
import { topics } from './pubsub.js';

/**
 * One message per user who owes orders, listing the sides they owe for (in seat order).
 * `reveal`: the sides owe the reveal of their committed orders (trust/phase.ts), not orders.
 */
export function turnSignals(
  seats: readonly { side: string; userId: string }[],
  gameId: string,
  step: number,
  owed: readonly string[],
  deadline: Date | null,
  opts: { reveal?: boolean } = {},
) {
  const byUser = new Map<string, string[]>();
  for (const seat of seats)
    if (owed.includes(seat.side)) byUser.set(seat.userId, [...(byUser.get(seat.userId) ?? []), seat.side]);
  return [...byUser].map(([userId, sides]) => ({
    topic: topics.user(userId),
    payload: {
      gameId,
      step,
      sides,
      deadline: deadline?.toISOString() ?? null,
      ...(opts.reveal ? { reveal: true } : {}),
    },
  }));
}
