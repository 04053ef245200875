/**
 * Idempotent mutations by client key, as for submitOrders: the same key with the same request
 * replays the first answer; with a different request it is refused. Used by commit and reveal.
 * Keys are scoped per user and game: a bot that keys its requests by (step, kind) may reuse the
 * same keys in each of its games.
 */
import type { Principal } from '../auth/service.js';
import type { Platform } from '../context.js';
import { AppError } from '../errors.js';
import { TX_OPTIONS, type Tx } from '../db/transactions.js';

/** The stored record's key: the client's key within its game. */
export function recordKey(gameId: string, key: string): string {
  return `${gameId}/${key}`;
}

export function checkIdempotencyKey(key: unknown): asserts key is string {
  if (typeof key !== 'string' || key.length < 1 || key.length > 128) {
    throw new AppError('BAD_INPUT', 'idempotencyKey has 1 to 128 characters.', [
      {
        code: 'INVALID_IDEMPOTENCY_KEY',
        path: ['idempotencyKey'],
        message: 'Send a unique string of 1 to 128 characters per distinct request.',
      },
    ]);
  }
}

export async function idempotent<T extends object>(
  p: Platform,
  user: Principal,
  gameId: string,
  clientKey: string,
  requestHash: string,
  body: (tx: Tx) => Promise<T>,
): Promise<T & { replayed: boolean }> {
  checkIdempotencyKey(clientKey);
  const key = recordKey(gameId, clientKey);
  const attempt = () =>
    p.prisma.$transaction(async (tx) => {
      const prior = await tx.idempotencyRecord.findUnique({ where: { userId_key: { userId: user.userId, key } } });
      if (prior) {
        if (prior.requestHash !== requestHash) {
          throw new AppError(
            'IDEMPOTENCY_KEY_REUSED',
            'This idempotency key was used for a different request; use a new key.',
          );
        }
        return { ...(prior.response as unknown as T), replayed: true };
      }
      const response = { ...(await body(tx)), replayed: false };
      await tx.idempotencyRecord.create({
        data: { userId: user.userId, key, requestHash, response: response as object },
      });
      return response;
    }, TX_OPTIONS);
  try {
    return await attempt();
  } catch (e) {
    // A concurrent request with the same key won the insert: answer as its replay (or conflict).
    if ((e as { code?: string }).code !== 'P2002') throw e;
    return attempt();
  }
}
