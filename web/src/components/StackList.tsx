/**
 * Every counter of one stack, beside it on the map: the map draws only a stack's top three, so its
 * badge (or `s` on the focused map) opens this list. Each counter is a button with its face
 * (symbol and values, as drawn) and its full name; picking one fills a piece field as a click on
 * the map does. A non-modal dialog: the focus moves into it, Escape or a click elsewhere closes it.
 */
import { useEffect, useRef } from 'preact/hooks';
import type { Piece } from './Board';
import { CounterFace, pieceName } from './Counter';

export function StackList({
  title,
  at,
  pieces,
  sides,
  onPick,
  onClose,
}: {
  /** The place's name ("Hex 0304"). */
  title: string;
  /** Where to show it, in pixels within the map's box. */
  at: { left: number; top: number };
  pieces: Piece[];
  sides: string[];
  onPick: (pieceId: string) => void;
  onClose: () => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    box.current?.querySelector<HTMLButtonElement>('button[data-piece]')?.focus();
    // A press outside the list (its own badge toggles it itself) closes it.
    const outside = (e: PointerEvent) => {
      const t = e.target as Element;
      if (!box.current?.contains(t) && !t.closest?.('.stack-badge')) close.current();
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, []);
  const titleId = `stack-${title.replace(/\W+/g, '-')}`;
  return (
    <div
      ref={box}
      class="stack-list"
      role="dialog"
      aria-labelledby={titleId}
      style={{ left: `${at.left}px`, top: `${at.top}px` }}
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.preventDefault();
        onClose();
      }}
    >
      <div class="stack-list-head">
        <strong id={titleId}>
          {title}: {pieces.length} counter{pieces.length === 1 ? '' : 's'}
        </strong>
        <button type="button" class="link" onClick={onClose} aria-label="Close the list">
          ×
        </button>
      </div>
      <ul>
        {pieces.map((p) => (
          <li key={p.id}>
            <button type="button" data-piece={p.id} onClick={() => onPick(p.id)}>
              <svg class="stack-face" viewBox="-0.04 -0.04 0.92 0.78" aria-hidden="true">
                <g class="counter">
                  <CounterFace piece={p} sides={sides} />
                </g>
              </svg>
              <span>{pieceName(p)}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
