/** A counter as the map and the lists draw and name it. */
import type { Piece } from './Board';
import { hasIcon, UnitSymbol } from './UnitSymbol';

const SIDE_COLOURS = ['#c0392b', '#2e5fa8', '#2f7d32', '#8e44ad', '#b9770e', '#117a65'];

export function sideColour(side: string | null, sides: string[]) {
  if (side === null) return '#555';
  const i = sides.indexOf(side);
  return SIDE_COLOURS[(i < 0 ? sides.length : i) % SIDE_COLOURS.length];
}

/** A hidden counter's opaque id, shortened for its face (the full id is in its name). */
const shortId = (id: string) => (id.length > 8 ? `${id.slice(0, 7)}…` : id);

export function pieceName(p: Piece) {
  // A hidden counter is named by the opaque id the view uses, the one orders name it by.
  if (p.hidden)
    return `Hidden ${p.label && p.label !== '?' ? p.label.toLowerCase() : 'counter'} ${p.id}${p.side ? ` of ${p.side}` : ''}`;
  return [p.label, p.symbol, p.values, p.side && `(${p.side})`].filter(Boolean).join(' ');
}

/** A counter's face in a 0.84 × 0.7 frame: label, NATO symbol (or a short word), values. */
export function CounterFace({ piece: p, sides }: { piece: Piece; sides: string[] }) {
  return (
    <>
      <rect class="c-face" width={0.84} height={0.7} rx={0.06} fill={sideColour(p.side, sides)} />
      <text x={0.42} y={0.2} class="c-label">
        {p.hidden ? '?' : p.label.slice(0, 8)}
      </text>
      {p.hidden && (
        <text x={0.42} y={0.44} class="c-symbol c-alias">
          {shortId(p.id)}
        </text>
      )}
      {!p.hidden && hasIcon(p.symbol) ? (
        <UnitSymbol symbol={p.symbol} x={0.24} y={0.26} w={0.36} h={0.22} />
      ) : (
        p.symbol &&
        !p.hidden && (
          <text x={0.42} y={0.44} class="c-symbol">
            {p.symbol.slice(0, 10)}
          </text>
        )
      )}
      {p.values && (
        <text x={0.42} y={0.63} class="c-values">
          {p.values}
        </text>
      )}
    </>
  );
}
