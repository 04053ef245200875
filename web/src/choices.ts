/**
 * What a prompt's legal choices name that the player can click: hexes of the boards and
 * counters of the view. The choices are module-defined JSON, so they are read generically: a
 * string that is a hex id names that hex, one that is a counter id (or sits under a key that
 * names units or task forces) names that counter.
 */
import type { BoardGeometry, Piece } from './components/Board';
import { pieceName } from './components/Counter';

const PIECE_KEYS = /^(unitId|unitIds|pieceId|tf|tfs|units)$/;

export interface Named {
  hexes: Map<string, string>;
  pieces: Map<string, string>;
}

export function namedInChoices(choices: unknown, boards: BoardGeometry[], pieces: Piece[]): Named {
  const hexIds = new Map(
    boards.flatMap((b) => [
      ...b.hexes.map((h) => [h.id, `Hex ${h.label ?? h.id}`] as const),
      ...b.boxes.map((x) => [x.id, x.title] as const),
    ]),
  );
  const pieceById = new Map(pieces.map((p) => [p.id, p]));
  const out: Named = { hexes: new Map(), pieces: new Map() };
  const walk = (v: unknown, key: string, depth: number) => {
    if (depth > 12) return;
    if (typeof v === 'string') {
      const p = pieceById.get(v);
      if (hexIds.has(v)) out.hexes.set(v, hexIds.get(v)!);
      else if (p) out.pieces.set(v, pieceName(p));
      else if (PIECE_KEYS.test(key)) out.pieces.set(v, v);
    } else if (Array.isArray(v)) for (const x of v) walk(x, key, depth + 1);
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, k, depth + 1);
  };
  walk(choices, '', 0);
  return out;
}

/** The hexes to outline while a field of this kind of reference has focus. */
export function legalHexes(named: Named, ref: string, pieces: Piece[]): Set<string> {
  if (ref === 'piece') return new Set(pieces.filter((p) => named.pieces.has(p.id)).map((p) => p.at));
  return new Set(named.hexes.keys());
}
