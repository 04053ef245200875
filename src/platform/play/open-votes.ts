/** Open votes (votes.ts) outlive nothing: when a game ends, the ones still open lapse. */
import type { Tx } from '../db/transactions.js';

/** Votes still open when a game ends lapse (EXPIRED), decided at `now` (the game clock's). */
export async function lapseVotes(tx: Tx, gameId: string, now: Date) {
  await tx.gameVote.updateMany({ where: { gameId, status: 'OPEN' }, data: { status: 'EXPIRED', decidedAt: now } });
}
