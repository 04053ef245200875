/** The game row's lock: submissions, resolution and every change to a running game serialise on it. */
import { AppError } from '../errors.js';
import type { Tx } from '../db/transactions.js';

/** Locks the game row for the rest of the transaction and reads it with its seats. */
export async function lockGame(tx: Tx, gameId: string) {
  const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM "Game" WHERE id = ${gameId} FOR UPDATE`;
  if (rows.length === 0) throw new AppError('NOT_FOUND', `No game ${gameId}.`);
  return tx.game.findUniqueOrThrow({ where: { id: gameId }, include: { seats: true } });
}
