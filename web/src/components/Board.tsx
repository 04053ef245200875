/**
 * A board drawn from its published geometry (hex centres in units of the outer radius), with
 * the viewer's counters stacked on it. Pan by dragging or the arrow keys, zoom with the wheel,
 * the buttons or +/-. Clicking a hex (or Enter on the focused board) selects it. A globe board
 * (wrapX) is drawn with a copy on either side and pans round without an edge. A stack of several
 * counters draws its top three and a badge with its count, a button that lists every counter of
 * the stack beside it (StackList); `s` on the focused board lists the stack under the cursor.
 */
import { Component } from 'preact';
import { useMemo, useRef, useState } from 'preact/hooks';
import { StackList } from './StackList';
import { CounterFace, pieceName } from './Counter';

export interface BoardHex {
  id: string;
  x: number;
  y: number;
  terrain: string;
  features?: string[];
  neighbors: string[];
  label?: string;
}
export interface BoardGeometry {
  id: string;
  title: string;
  orientation: 'pointy' | 'flat';
  hexes: BoardHex[];
  boxes: { id: string; title: string }[];
  tracks: { id: string; title: string; spaces: { id: string; label: string }[] }[];
  wrapX?: number | null;
  /** Printed circles under the hexes (a system map's orbits). */
  circles?: { x: number; y: number; r: number; label?: string | null }[] | null;
  notes?: string | null;
}
export interface Piece {
  id: string;
  side: string | null;
  board: string;
  at: string;
  label: string;
  symbol?: string | null;
  values?: string | null;
  hidden: boolean;
  detail?: unknown;
}

const TERRAIN: Record<string, string> = {
  clear: '#e8e4c9',
  open: '#e8e4c9',
  plain: '#e8e4c9',
  plains: '#e8e4c9',
  desert: '#eed9a0',
  rough: '#cdb98f',
  hills: '#c9b27a',
  mountain: '#a8926b',
  mountains: '#a8926b',
  forest: '#9fc48a',
  woods: '#9fc48a',
  jungle: '#7fae6c',
  swamp: '#a5c2a8',
  marsh: '#a5c2a8',
  water: '#9cc3e0',
  sea: '#8ab6db',
  ocean: '#7aa7d1',
  lake: '#9cc3e0',
  city: '#d8c4c4',
  urban: '#d8c4c4',
  ice: '#eef3f7',
  // A system map: empty space and the bodies of its sectors.
  space: '#d5dcec',
  planet: '#a9c7a0',
  planetoid: '#d9c8a6',
  asteroid: '#c4bcb0',
};

function terrainColour(t0: string) {
  const t = t0.split('+')[0]; // several terrains in one hex: the first one colours it
  if (TERRAIN[t]) return TERRAIN[t];
  let h = 0;
  for (const c of t) h = (h * 31 + c.charCodeAt(0)) % 360;
  return `hsl(${h} 35% 78%)`;
}

function corners(x: number, y: number, flat: boolean) {
  return Array.from({ length: 6 }, (_, i) => {
    const a = (Math.PI / 180) * (60 * i + (flat ? 0 : 30));
    return `${(x + Math.cos(a) * 0.98).toFixed(3)},${(y + Math.sin(a) * 0.98).toFixed(3)}`;
  }).join(' ');
}

/** Distinguishes the ids of several drawings of one board (the live one and a replay). */
let boardSeq = 0;

export function Board({
  board,
  pieces,
  sides,
  selected,
  legal,
  onSelect,
}: {
  board: BoardGeometry;
  pieces: Piece[];
  sides: string[];
  selected?: string;
  /** Hexes the focused order field may take (from the prompt's choices): outlined. */
  legal?: ReadonlySet<string>;
  onSelect: (at: string, pieceId?: string) => void;
}) {
  const flat = board.orientation === 'flat';
  const bounds = useMemo(() => {
    const xs = board.hexes.map((h) => h.x),
      ys = board.hexes.map((h) => h.y);
    const minX = Math.min(...xs) - 1.2,
      minY = Math.min(...ys) - 1.2;
    return { x: minX, y: minY, w: Math.max(...xs) + 1.2 - minX, h: Math.max(...ys) + 1.2 - minY };
  }, [board]);
  const [vb, setVb] = useState(bounds);
  const svg = useRef<SVGSVGElement>(null);
  const drag = useRef<{ x: number; y: number; vb: typeof vb; moved: boolean } | null>(null);
  const [focusIdx, setFocusIdx] = useState(0);

  const stacks = useMemo(() => {
    const m = new Map<string, Piece[]>();
    for (const p of pieces) if (p.board === board.id) m.set(p.at, [...(m.get(p.at) ?? []), p]);
    return m;
  }, [pieces, board.id]);
  const hexById = useMemo(() => new Map(board.hexes.map((h) => [h.id, h])), [board]);
  /** The counter drawn on top of a stack (a click on the hex picks it for a piece field). */
  const topOf = (at: string) => {
    const st = stacks.get(at);
    return st?.[Math.min(2, st.length - 1)]?.id;
  };

  const [stackAt, setStackAt] = useState<string | null>(null);
  /** Closes the stack's list and gives the focus back to its badge (or the map, for a lone counter). */
  function closeStack() {
    const at = stackAt;
    setStackAt(null);
    const badge = at && svg.current?.querySelector<SVGElement>(`.stack-badge[data-stack="${CSS.escape(at)}"]`);
    (badge || svg.current)?.focus();
  }
  // The layers are drawn once per board and change, not on every pan: they call the latest handlers through this.
  const latest = useRef({ onSelect, topOf, setStackAt });
  latest.current = { onSelect, topOf, setStackAt };
  const handlers = useMemo(
    () => ({
      hex: (id: string) => !drag.current?.moved && latest.current.onSelect(id, latest.current.topOf(id)),
      counter: (at: string, id: string) => !drag.current?.moved && latest.current.onSelect(at, id),
      badge: (at: string) => !drag.current?.moved && latest.current.setStackAt((o) => (o === at ? null : at)),
    }),
    [],
  );

  const zoom = (f: number, cx = vb.x + vb.w / 2, cy = vb.y + vb.h / 2) =>
    setVb((v) => {
      const w = Math.min(Math.max(v.w * f, 3), bounds.w * 3),
        h = (w / v.w) * v.h;
      return { x: cx - ((cx - v.x) * w) / v.w, y: cy - ((cy - v.y) * h) / v.h, w, h };
    });
  const wrap = board.wrapX ?? 0;
  const globeId = useMemo(() => `globe-${board.id}-${++boardSeq}`, [board.id]);
  /** On a globe, a view whose centre leaves the drawn copy jumps back by one turn of the globe. */
  const around = (v: typeof vb) => {
    if (!wrap) return v;
    const cx = v.x + v.w / 2;
    return cx < bounds.x ? { ...v, x: v.x + wrap } : cx > bounds.x + wrap ? { ...v, x: v.x - wrap } : v;
  };
  const pan = (dx: number, dy: number) => setVb((v) => around({ ...v, x: v.x + dx * v.w, y: v.y + dy * v.h }));
  /** The hex under a point of a wrapped copy of the globe. */
  function hexAt(p: { x: number; y: number }) {
    const x = wrap ? ((((p.x - bounds.x) % wrap) + wrap) % wrap) + bounds.x : p.x;
    let best: BoardHex | undefined,
      d = 1;
    for (const h of board.hexes) {
      const dh = Math.hypot(h.x - x, h.y - p.y);
      if (dh < d) {
        best = h;
        d = dh;
      }
    }
    return best;
  }

  function toBoard(e: { clientX: number; clientY: number }) {
    const r = svg.current!.getBoundingClientRect();
    return { x: vb.x + ((e.clientX - r.left) / r.width) * vb.w, y: vb.y + ((e.clientY - r.top) / r.height) * vb.h };
  }

  function onKey(e: KeyboardEvent) {
    const k = e.key;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-0.1, 0],
      ArrowRight: [0.1, 0],
      ArrowUp: [0, -0.1],
      ArrowDown: [0, 0.1],
    };
    if (moves[k] && !e.shiftKey) pan(...moves[k]);
    else if (k === '+' || k === '=') zoom(0.8);
    else if (k === '-') zoom(1.25);
    else if (k === '0') setVb(bounds);
    else if (k === 'n' || k === 'p' || (moves[k] && e.shiftKey)) {
      // Step the keyboard cursor through the hexes (n/p, or Shift+arrows), then Enter selects.
      const next =
        (focusIdx + (k === 'p' || k === 'ArrowLeft' || k === 'ArrowUp' ? -1 : 1) + board.hexes.length) %
        board.hexes.length;
      setFocusIdx(next);
      const h = board.hexes[next];
      setVb((v) => ({ ...v, x: h.x - v.w / 2, y: h.y - v.h / 2 }));
    } else if (k === 'Enter' || k === ' ') onSelect(board.hexes[focusIdx].id, topOf(board.hexes[focusIdx].id));
    else if (k === 's' && stacks.has(board.hexes[focusIdx].id)) setStackAt(board.hexes[focusIdx].id);
    else return;
    e.preventDefault();
  }

  const cursor = board.hexes[focusIdx];
  const selHex = selected ? hexById.get(selected) : undefined;
  const openHex = stackAt ? hexById.get(stackAt) : undefined;
  /** Where a hex's centre is drawn, in pixels from the map's top left (the viewBox is fitted, centred). */
  function placeOf(h: BoardHex) {
    const r = svg.current?.getBoundingClientRect();
    if (!r) return { left: 0, top: 0 };
    const k = Math.min(r.width / vb.w, r.height / vb.h);
    const x = (r.width - vb.w * k) / 2 + (h.x - vb.x) * k,
      y = (r.height - vb.h * k) / 2 + (h.y - vb.y) * k;
    return {
      left: Math.max(0, Math.min(x + k * 0.6, r.width - 280)),
      top: Math.max(0, Math.min(y - k, r.height - 80)),
    };
  }
  if (board.hexes.length === 0) {
    // A board of boxes and tracks only: nothing to draw as a map.
    return (
      <figure class="board">
        <Caption board={board} />
        <Boxes board={board} stacks={stacks} onSelect={onSelect} />
      </figure>
    );
  }
  return (
    <figure class="board">
      <Caption board={board} />
      <div class="board-tools" role="group" aria-label={`${board.title}: zoom and pan`}>
        <button type="button" onClick={() => zoom(0.8)} aria-label="Zoom in">
          +
        </button>
        <button type="button" onClick={() => zoom(1.25)} aria-label="Zoom out">
          −
        </button>
        <button type="button" onClick={() => setVb(bounds)}>
          Fit
        </button>
        <button type="button" onClick={() => pan(-0.2, 0)} aria-label="Pan left">
          ←
        </button>
        <button type="button" onClick={() => pan(0.2, 0)} aria-label="Pan right">
          →
        </button>
        <button type="button" onClick={() => pan(0, -0.2)} aria-label="Pan up">
          ↑
        </button>
        <button type="button" onClick={() => pan(0, 0.2)} aria-label="Pan down">
          ↓
        </button>
      </div>
      <div class="map-wrap">
        <svg
          ref={svg}
          class="map"
          viewBox={`${vb.x} ${vb.y} ${vb.w} ${vb.h}`}
          tabindex={0}
          role="application"
          aria-label={`${board.title} map. Arrow keys pan, plus and minus zoom, 0 fits, n and p move the hex cursor, Enter selects, s lists the counters there. Cursor at ${cursor ? hexName(cursor) : 'none'}.`}
          onKeyDown={onKey}
          onWheel={(e) => {
            e.preventDefault();
            const p = toBoard(e);
            zoom(e.deltaY < 0 ? 0.85 : 1 / 0.85, p.x, p.y);
          }}
          onPointerDown={(e) => {
            drag.current = { x: e.clientX, y: e.clientY, vb, moved: false };
          }}
          onPointerMove={(e) => {
            const d = drag.current;
            if (!d || !(e.buttons & 1)) return;
            const r = svg.current!.getBoundingClientRect();
            const dx = e.clientX - d.x,
              dy = e.clientY - d.y;
            if (Math.abs(dx) + Math.abs(dy) > 4) d.moved = true;
            if (d.moved)
              setVb(around({ ...d.vb, x: d.vb.x - (dx / r.width) * d.vb.w, y: d.vb.y - (dy / r.height) * d.vb.h }));
          }}
          onPointerUp={() => setTimeout(() => (drag.current = null))}
        >
          <g id={wrap ? globeId : undefined}>
            {board.circles?.map((c, i) => (
              <circle key={`circle-${i}`} class="orbit" cx={c.x} cy={c.y} r={c.r}>
                <title>{c.label ?? 'Orbit'}</title>
              </circle>
            ))}
            <HexLayer board={board} selected={selected} legal={legal} onHex={handlers.hex} />
            <CounterLayer
              stacks={stacks}
              hexById={hexById}
              sides={sides}
              open={stackAt}
              onCounter={handlers.counter}
              onBadge={handlers.badge}
            />
          </g>
          {wrap > 0 &&
            [-wrap, wrap].map((dx) => (
              <use
                key={dx}
                href={`#${globeId}`}
                x={dx}
                class="wrap-copy"
                onClick={(e) => {
                  const h = !drag.current?.moved && hexAt(toBoard(e as MouseEvent));
                  if (h) onSelect(h.id, topOf(h.id));
                }}
              />
            ))}
          {cursor && <polygon points={corners(cursor.x, cursor.y, flat)} class="cursor" />}
        </svg>
        {openHex && (
          <StackList
            title={hexName(openHex)}
            at={placeOf(openHex)}
            pieces={stacks.get(openHex.id) ?? []}
            sides={sides}
            onPick={(id) => (closeStack(), onSelect(openHex.id, id))}
            onClose={closeStack}
          />
        )}
      </div>
      {selHex && (
        <div class="hex-detail" aria-live="polite">
          <strong>{hexName(selHex)}</strong>: {selHex.terrain}
          {selHex.features?.length ? `, ${selHex.features.join(', ')}` : ''}
          <PieceList pieces={stacks.get(selHex.id) ?? []} onPick={(id) => onSelect(selHex.id, id)} />
        </div>
      )}
      <Boxes board={board} stacks={stacks} onSelect={onSelect} />
    </figure>
  );
}

interface HexLayerProps {
  board: BoardGeometry;
  selected?: string;
  legal?: ReadonlySet<string>;
  onHex: (id: string) => void;
}

/**
 * The hexes, redrawn only when the board, the selection or the outlined hexes change (a globe has
 * 440: panning and zooming must not diff them). One click handler for all of them.
 */
class HexLayer extends Component<HexLayerProps> {
  shouldComponentUpdate(n: HexLayerProps) {
    const p = this.props;
    return n.board !== p.board || n.selected !== p.selected || n.legal !== p.legal;
  }
  render() {
    const { board, selected, legal, onHex } = this.props;
    const flat = board.orientation === 'flat';
    return (
      <g
        class="hexes"
        onClick={(e) => {
          const id = (e.target as Element).closest('[data-hex]')?.getAttribute('data-hex');
          if (id) onHex(id);
        }}
      >
        {board.hexes.map((h) => (
          <g
            key={h.id}
            class={`hex${h.id === selected ? ' selected' : ''}${legal?.has(h.id) ? ' legal' : ''}`}
            data-hex={h.id}
          >
            <polygon points={corners(h.x, h.y, flat)} fill={terrainColour(h.terrain)} />
            {h.features?.includes('city') && <circle cx={h.x} cy={h.y + 0.45} r={0.12} class="feature" />}
            <text x={h.x} y={h.y - 0.55} class="hex-label">
              {h.label ?? h.id}
            </text>
          </g>
        ))}
      </g>
    );
  }
}

interface CounterLayerProps {
  stacks: Map<string, Piece[]>;
  hexById: Map<string, BoardHex>;
  sides: string[];
  /** The hex whose stack is listed. */
  open: string | null;
  onCounter: (at: string, pieceId: string) => void;
  onBadge: (at: string) => void;
}

/** The top three counters of each stack and, on a stack of several, the badge that lists them all. */
class CounterLayer extends Component<CounterLayerProps> {
  shouldComponentUpdate(n: CounterLayerProps) {
    const p = this.props;
    return n.stacks !== p.stacks || n.hexById !== p.hexById || n.sides !== p.sides || n.open !== p.open;
  }
  render() {
    const { stacks, hexById, sides, open, onCounter, onBadge } = this.props;
    return (
      <g class="counters">
        {[...stacks].map(([at, stack]) => {
          const h = hexById.get(at);
          if (!h) return null;
          const top = Math.min(2, stack.length - 1);
          const corner = (i: number) => `translate(${h.x - 0.42 + i * 0.08} ${h.y - 0.32 - i * 0.08})`;
          return (
            <g key={at} class="stack">
              {stack.slice(0, 3).map((p, i) => (
                <g
                  key={p.id}
                  class="counter"
                  data-piece={p.id}
                  data-at={at}
                  transform={corner(i)}
                  onClick={(e) => (e.stopPropagation(), onCounter(at, p.id))}
                >
                  <title>
                    {pieceName(p)}
                    {stack.length > 1 ? ` (stack of ${stack.length})` : ''}
                  </title>
                  <CounterFace piece={p} sides={sides} />
                </g>
              ))}
              {stack.length > 1 && (
                <g
                  class="stack-badge"
                  role="button"
                  tabindex={0}
                  data-stack={at}
                  aria-label={`${hexName(h)}: stack of ${stack.length} counters, list them`}
                  aria-haspopup="dialog"
                  aria-expanded={open === at}
                  transform={`${corner(top)} translate(0.84 0)`}
                  onClick={(e) => (e.stopPropagation(), onBadge(at))}
                  onKeyDown={(e) => {
                    if (e.key !== 'Enter' && e.key !== ' ') return;
                    e.preventDefault();
                    e.stopPropagation(); // not the map's Enter, which selects the cursor's hex
                    onBadge(at);
                  }}
                >
                  <circle r={0.17} />
                  <text y={0.055} class="c-count">
                    {stack.length}
                  </text>
                </g>
              )}
            </g>
          );
        })}
      </g>
    );
  }
}

function Caption({ board }: { board: BoardGeometry }) {
  return (
    <figcaption>
      <h2 class="board-title">{board.title}</h2>
      {board.notes && <span class="hint"> {board.notes}</span>}
    </figcaption>
  );
}

export function hexName(h: BoardHex) {
  return `Hex ${h.label ?? h.id}`;
}

/** Counters as a list; each is a button that picks it (for a piece field of the orders). */
function PieceList({ pieces, onPick }: { pieces: Piece[]; onPick: (id: string) => void }) {
  if (!pieces.length) return <p class="hint">No counters here.</p>;
  return (
    <ul class="pieces">
      {pieces.map((p) => (
        <li key={p.id}>
          <button type="button" class="link" data-piece={p.id} onClick={() => onPick(p.id)}>
            {pieceName(p)}
          </button>
        </li>
      ))}
    </ul>
  );
}

function Boxes({
  board,
  stacks,
  onSelect,
}: {
  board: BoardGeometry;
  stacks: Map<string, Piece[]>;
  onSelect: (at: string, pieceId?: string) => void;
}) {
  if (!board.boxes.length && !board.tracks.length) return null;
  return (
    <div class="boxes">
      {board.boxes.map((b) => (
        <section key={b.id} class="box" aria-label={b.title}>
          <h3 class="box-title">
            <button type="button" class="link" onClick={() => onSelect(b.id)}>
              {b.title}
            </button>
          </h3>
          <PieceList pieces={stacks.get(b.id) ?? []} onPick={(id) => onSelect(b.id, id)} />
        </section>
      ))}
      {board.tracks.map((t) => (
        <section key={t.id} class="box" aria-label={t.title}>
          <h3 class="box-title">{t.title}</h3>
          <ol class="track">
            {t.spaces.map((s) => (
              <li key={s.id}>
                {s.label}
                {(stacks.get(s.id) ?? []).map((p) => ` · ${pieceName(p)}`)}
              </li>
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}
