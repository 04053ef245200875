/** Small helpers shared by the game services. */
import { createHash } from 'node:crypto';
import type { Prompt } from '../../engine/contract.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { AppError } from '../errors.js';
import type { AnyModule } from './registry.js';

export type Tx = Prisma.TransactionClient;

export const TX_OPTIONS = { timeout: 60_000, maxWait: 15_000 };

/** Locks the game row for the rest of the transaction: submissions and resolution serialise on it. */
export async function lockGame(tx: Tx, gameId: string) {
  const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM "Game" WHERE id = ${gameId} FOR UPDATE`;
  if (rows.length === 0) throw new AppError('NOT_FOUND', `No game ${gameId}.`);
  return tx.game.findUniqueOrThrow({ where: { id: gameId }, include: { seats: true } });
}

export function owedSides(prompts: Prompt[]): string[] {
  return [...new Set(prompts.map((p) => p.side))];
}

export function promptsOf(module: AnyModule, state: unknown): Prompt[] {
  return state == null ? [] : module.prompts(state);
}

/** Stable JSON (sorted keys) so equal orders hash equally. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const keys = Object.keys(value as object).filter((k) => (value as Record<string, unknown>)[k] !== undefined).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`).join(',')}}`;
}

export const sha256Hex = (s: string) => createHash('sha256').update(s).digest('hex');

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
