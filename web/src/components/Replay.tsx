/**
 * Replay of any past step with a slider: the board and the event log as this side saw them when
 * that step opened (Query.replay). Loaded only while the panel is open.
 */
import { useEffect, useState } from 'preact/hooks';
import { gql } from '../api';
import { type BoardGeometry, type Piece } from './Board';
import { Maps } from './Maps';

interface ReplayData {
  step: number;
  pieces: Piece[] | null;
  events: { seq: number; step: number; type: string; text?: { text: string } | null }[];
}

const QUERY = `query($g:ID!,$s:Int!,$side:String){ replay(gameId:$g, step:$s, side:$side) {
  step pieces { id side board at label symbol values hidden detail } events { seq step type text { text } } } }`;

export function Replay({
  gameId,
  side,
  lastStep,
  boards,
  sides,
}: {
  gameId: string;
  side: string | null;
  lastStep: number;
  boards: BoardGeometry[];
  sides: string[];
}) {
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState(Math.max(1, lastStep - 1));
  const [data, setData] = useState<ReplayData | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    if (!open) return;
    let live = true;
    const t = setTimeout(() => {
      gql<{ replay: ReplayData }>(QUERY, { g: gameId, s: step, side: side ?? undefined }).then(
        (d) => live && (setData(d.replay), setError('')),
        (e: Error) => live && setError(e.message),
      );
    }, 150);
    return () => ((live = false), clearTimeout(t));
  }, [open, step, gameId, side]);

  const last = data?.events.filter((e) => e.step === data.step - 1) ?? [];
  return (
    <section class="card replay" aria-label="Replay">
      <details onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}>
        <summary class="h2">Replay a past step</summary>
        <div class="field">
          <label for="replay-step">Step to replay (1 to {lastStep})</label>
          <input
            id="replay-step"
            type="range"
            min={1}
            max={lastStep}
            value={step}
            onInput={(e) => setStep(Number(e.currentTarget.value))}
          />
          <output for="replay-step" aria-live="polite">
            Step {step}, as it opened
          </output>
        </div>
        {error && (
          <p class="error" role="alert">
            {error}
          </p>
        )}
        {data && data.step === step && (
          <div class="replay-body" data-step={data.step}>
            <Maps boards={boards} pieces={data.pieces ?? []} sides={sides} onSelect={() => undefined} />
            <h3>What happened just before</h3>
            {last.length === 0 ? (
              <p>Nothing this side could see.</p>
            ) : (
              <ol class="log">
                {last.map((e) => (
                  <li key={e.seq}>{e.text?.text ?? e.type}</li>
                ))}
              </ol>
            )}
          </div>
        )}
      </details>
    </section>
  );
}
