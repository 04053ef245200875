/** Small helpers shared by the game services. */
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { AnyModule, Prompt } from '#engine/contract.js';
import { AppError } from '../errors.js';
import { jcs, sha256Hex } from '../trust/canonical.js';
import type { Tx } from '../db/transactions.js';

/** Locks the game row for the rest of the transaction: submissions and resolution serialise on it. */
export async function lockGame(tx: Tx, gameId: string) {
  const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM "Game" WHERE id = ${gameId} FOR UPDATE`;
  if (rows.length === 0) throw new AppError('NOT_FOUND', `No game ${gameId}.`);
  return tx.game.findUniqueOrThrow({ where: { id: gameId }, include: { seats: true } });
}

export function owedSides(prompts: Prompt[]): string[] {
  return [...new Set(prompts.map((p) => p.side))];
}

/**
 * The module's prompts for `state`. Modules are pure, so prompts are remembered per (module,
 * digest of the state's JSON): the submission checks and the reads of one step share one
 * computation (a Cerberus state's prompts cost 10-25 ms, its digest about 0.5 ms). The JSON is
 * not canonical (that costs as much as the prompts): states read back from PostgreSQL always
 * come in jsonb's key order, so they hit; an equal state in another key order only misses.
 * Callers must not mutate what they get.
 */
export function promptsOf(module: AnyModule, state: unknown): Prompt[] {
  if (state == null) return [];
  const key = `${module.id}|${createHash('sha1').update(JSON.stringify(state)).digest('base64')}`;
  let prompts = promptMemo.get(key);
  if (!prompts) {
    prompts = module.prompts(state);
    promptMemo.set(key, prompts, { size: Math.max(256, JSON.stringify(prompts).length * 2) });
  }
  return prompts;
}

const promptMemo = new LRUCache<string, Prompt[]>({ maxSize: 32 * 1024 * 1024 });

/** RFC 8785 canonical JSON, so equal orders hash equally (and clients can recompute hashes). */
export const canonicalJson = jcs;

export { sha256Hex };

/** Which of the user's sides a request acts for: the named one, or the only one they hold. */
export function pickSide(seats: { side: string; userId: string }[], userId: string, side?: string | null): string {
  const mine = seats.filter((s) => s.userId === userId).map((s) => s.side);
  if (side) {
    if (!mine.includes(side)) throw new AppError('NOT_YOUR_SIDE', `You do not hold the side "${side}" in this game.`);
    return side;
  }
  if (mine.length === 1) return mine[0];
  if (mine.length === 0) throw new AppError('NOT_YOUR_SIDE', 'You hold no side in this game.');
  throw new AppError('SIDE_REQUIRED', `You hold several sides (${mine.join(', ')}); name the one you act for.`);
}
