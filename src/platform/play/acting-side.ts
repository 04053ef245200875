/** Which side a request acts for. */
import { AppError } from '../errors.js';

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
