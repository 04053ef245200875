/**
 * The table talk of a game that is not orders: votes of the seated players (pause, resume,
 * draw, cancel, concede), and leaving a seat to the bot so it is offered to a replacement.
 */
import { useState } from 'preact/hooks';
import { gql } from '../api';

export interface Vote {
  id: string;
  kind: string;
  status: string;
  side: string | null;
  step: number;
  expiresAt: string;
  proposedBy: { username: string };
  ballots: { user: { username: string }; approve: boolean }[];
  waitingFor: { username: string }[];
}
export const VOTE_FIELDS =
  'votes { id kind status side step expiresAt proposedBy { username } ballots { user { username } approve } waitingFor { username } }';

const KINDS: [string, string][] = [
  ['PAUSE', 'Pause the clock'],
  ['RESUME', 'Resume the clock'],
  ['DRAW', 'Agree a draw'],
  ['CANCEL', 'Call the game off'],
];

export function Table({
  gameId,
  votes,
  me,
  seated,
  status: gameStatus,
  onChange,
}: {
  gameId: string;
  votes: Vote[];
  me?: string;
  seated: string[];
  status: string;
  onChange: () => void;
}) {
  const [status, setStatus] = useState('');
  const [confirm, setConfirm] = useState<'concede' | 'resign' | null>(null);
  async function act(query: string, vars: Record<string, unknown>, done: string) {
    setStatus('');
    try {
      await gql(query, vars);
      setStatus(done);
      setConfirm(null);
      onChange();
    } catch (e) {
      setStatus(`Refused: ${(e as Error).message}`);
    }
  }
  const propose = (kind: string) =>
    act(
      'mutation($g:ID!,$k:VoteKind!){proposeVote(gameId:$g,kind:$k){id}}',
      { g: gameId, k: kind },
      'Proposed: the other players are asked.',
    );
  if (!seated.length) return null;
  const open = votes.filter((v) => v.status === 'OPEN');
  const decided = votes.filter((v) => v.status !== 'OPEN').slice(0, 5);
  return (
    <section class="card" aria-labelledby="table-title">
      <h2 id="table-title">Votes and seat</h2>
      {open.length === 0 ? (
        <p>No vote is open.</p>
      ) : (
        <ul class="votes">
          {open.map((v) => {
            const mine = v.proposedBy.username === me || v.ballots.some((b) => b.user.username === me);
            return (
              <li key={v.id}>
                <strong>{v.kind.toLowerCase()}</strong> proposed by {v.proposedBy.username}; waiting for{' '}
                {v.waitingFor.map((u) => u.username).join(', ') || 'nobody'}.
                {!mine && (
                  <span class="row">
                    <button
                      type="button"
                      onClick={() =>
                        void act(
                          'mutation($v:ID!,$a:Boolean!){castVote(voteId:$v,approve:$a){status}}',
                          { v: v.id, a: true },
                          'You approved.',
                        )
                      }
                    >
                      Approve {v.kind.toLowerCase()}
                    </button>
                    <button
                      type="button"
                      onClick={() =>
                        void act(
                          'mutation($v:ID!,$a:Boolean!){castVote(voteId:$v,approve:$a){status}}',
                          { v: v.id, a: false },
                          'You refused.',
                        )
                      }
                    >
                      Refuse {v.kind.toLowerCase()}
                    </button>
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {decided.length > 0 && (
        <ul class="hint">
          {decided.map((v) => (
            <li key={v.id}>
              {v.kind.toLowerCase()} (step {v.step}): {v.status.toLowerCase()}
            </li>
          ))}
        </ul>
      )}
      {(gameStatus === 'ACTIVE' || gameStatus === 'PAUSED') && (
        <div class="row">
          {KINDS.filter(([k]) => k !== (gameStatus === 'PAUSED' ? 'PAUSE' : 'RESUME')).map(([k, label]) => (
            <button type="button" key={k} onClick={() => void propose(k)}>
              {label}
            </button>
          ))}
          <button type="button" onClick={() => setConfirm('concede')}>
            Concede…
          </button>
          <button type="button" onClick={() => setConfirm('resign')}>
            Leave my seat…
          </button>
        </div>
      )}
      {confirm && (
        <div class="confirm" role="group" aria-label="Confirm">
          <p>
            {confirm === 'concede'
              ? 'Concede your side? The game ends for it at once.'
              : 'Leave the game? The bot plays your side and the seat is offered to a replacement.'}
          </p>
          <div class="row">
            <button
              type="button"
              class="primary"
              onClick={() =>
                void (confirm === 'concede'
                  ? act(
                      'mutation($g:ID!,$s:String){proposeVote(gameId:$g,kind:CONCEDE,side:$s){id}}',
                      { g: gameId, s: seated.length > 1 ? seated[0] : undefined },
                      'You conceded.',
                    )
                  : act(
                      'mutation($g:ID!,$s:String){resignSeat(gameId:$g,side:$s){id}}',
                      { g: gameId, s: seated.length > 1 ? seated[0] : undefined },
                      'You left the game.',
                    ))
              }
            >
              {confirm === 'concede' ? 'Yes, concede' : 'Yes, leave'}
            </button>
            <button type="button" onClick={() => setConfirm(null)}>
              No
            </button>
          </div>
        </div>
      )}
      {status && <p role="status">{status}</p>}
    </section>
  );
}
