/**
 * D-87: the agreement protocol shared by every combat played outside the server — the Planetary
 * Centurion attack (planetary/external/agreement.ts) and the Space Leviathan battle (space/external/). Both seated
 * players send a sealed entry; identical entries are applied; differing ones are asked again
 * without revealing either, at most MAX_ROUNDS times; an entry asking for the Prefect resolution,
 * a missed deadline (the server's default entry) or MAX_ROUNDS differing rounds fall back to the
 * normal Prefect resolution. Pure: the entries are compared through `key`, never stored.
 */

/** After this many rounds of differing entries the combat falls back to Prefect resolution (D-87). */
export const MAX_ROUNDS = 3;

/** What every entry carries besides its result: a Prefect request, or the server's deadline default. */
export interface EntryFlags {
  prefect?: boolean;
  deadline?: boolean;
}

export type FallbackReason = 'deadline' | 'requested' | 'entries differ';

export type Settlement<E> =
  { outcome: 'agreed'; entry: E } | { outcome: 'fallback'; reason: FallbackReason } | { outcome: 'differ' };

/**
 * The two entries of one round. `forceFallback`: the combat can no longer be played externally
 * (its forces are gone) — treated as a Prefect request.
 */
export function settleEntries<E extends EntryFlags>(
  a: E,
  b: E,
  round: number,
  key: (e: E) => string,
  forceFallback = false,
): Settlement<E> {
  if (a.prefect || b.prefect || forceFallback)
    return { outcome: 'fallback', reason: a.deadline || b.deadline ? 'deadline' : 'requested' };
  if (key(a) === key(b)) return { outcome: 'agreed', entry: a };
  if (round >= MAX_ROUNDS) return { outcome: 'fallback', reason: 'entries differ' };
  return { outcome: 'differ' };
}

/** A set of ids as an order-free key part. */
export const idSet = (ids: readonly string[]): string[] => [...new Set(ids)].sort();
