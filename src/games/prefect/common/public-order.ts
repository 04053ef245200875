import type { Json, Piece } from '#engine/contract.js';

/**
 * Lists the opponent sees are ordered by what he is shown (the alias or opaque id, then the
 * place), never by the real id: a real id's order tells organisation, counter and creation order.
 */
export function byShownId(list: Json, place: string): Json {
  if (!Array.isArray(list)) return list;
  const key = (x: Json, k: string): string =>
    x && typeof x === 'object' && !Array.isArray(x) ? String(x[k] ?? '') : '';
  return [...list].sort(
    (a, b) =>
      key(a, 'id').localeCompare(key(b, 'id')) ||
      key(a, 'tf').localeCompare(key(b, 'tf')) ||
      key(a, place).localeCompare(key(b, place)),
  );
}

/** Pieces by board, then shown id, then place: never by a real id the viewer does not see. */
export const sortPieces = (ps: Piece[]): Piece[] =>
  ps.sort((a, b) => a.board.localeCompare(b.board) || a.id.localeCompare(b.id) || a.at.localeCompare(b.at));
