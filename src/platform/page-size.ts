/** How many rows a list answers: the argument (`first` or `limit`) if given, else the default. */
import { AppError } from './errors.js';

/** Out-of-range sizes are refused (BAD_INPUT), not clamped: a client must learn its page is not what it asked. */
export function pageSize(
  value: number | null | undefined,
  fallback: number,
  max: number,
  name: 'first' | 'limit' = 'first',
): number {
  if (value === null || value === undefined) return fallback;
  if (Number.isInteger(value) && value >= 1 && value <= max) return value;
  throw new AppError('BAD_INPUT', `\`${name}\` is a whole number from 1 to ${max}.`, [
    { code: 'OUT_OF_RANGE', path: [name], message: `Use 1 to ${max}; got ${value}.` },
  ]);
}
