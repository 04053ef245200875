/**
 * The boards of a game. A module with several maps (a campaign over a planet and its star system)
 * shows one at a time, with a button per map: the one the current step is played on
 * (`GameView.situation.board`) comes first, and again whenever the game moves to another map.
 */
import { useEffect, useState } from 'preact/hooks';
import { Board, type BoardGeometry, type Piece } from './Board';

export function Maps({
  boards,
  current,
  pieces,
  sides,
  selected,
  legal,
  onSelect,
}: {
  boards: BoardGeometry[];
  current?: string | null;
  pieces: Piece[];
  sides: string[];
  selected?: string;
  legal?: ReadonlySet<string>;
  onSelect: (at: string, pieceId?: string) => void;
}) {
  const [picked, setPicked] = useState<string | undefined>();
  useEffect(() => setPicked(undefined), [current]);
  const draw = (b: BoardGeometry) => (
    <Board key={b.id} board={b} pieces={pieces} sides={sides} selected={selected} legal={legal} onSelect={onSelect} />
  );
  if (boards.length < 2) return <>{boards.map(draw)}</>;
  const shown = boards.find((b) => b.id === (picked ?? current)) ?? boards[0];
  return (
    <>
      <div class="board-tabs row" role="group" aria-label="Maps">
        {boards.map((b) => (
          <button
            key={b.id}
            type="button"
            aria-pressed={b.id === shown.id}
            data-board={b.id}
            onClick={() => setPicked(b.id)}
          >
            {b.title}
            {b.id === current ? ' (current)' : ''}
          </button>
        ))}
      </div>
      {draw(shown)}
    </>
  );
}
