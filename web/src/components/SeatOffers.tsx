/**
 * Seat offers: a side whose player resigned, or that its admin offered, can be taken by someone
 * else. The offer is read from the event log ("seat-offered", or "seat-resigned" with the seat
 * offered, not yet followed by "seat-replaced" for that side); the admin of the game offers a seat to anyone or to one user.
 */
import { useState } from 'preact/hooks';
import { gql } from '../api';

interface Ev {
  seq: number;
  type: string;
  data: unknown;
}

/** Sides offered now, as the log tells it. */
export function offeredSides(events: Ev[]): string[] {
  const open = new Set<string>();
  for (const e of [...events].sort((a, b) => a.seq - b.seq)) {
    const side = (e.data as { side?: unknown } | null)?.side;
    if (typeof side !== 'string') continue;
    if (e.type === 'seat-offered' || (e.type === 'seat-resigned' && (e.data as { offered?: unknown }).offered === true))
      open.add(side);
    else if (e.type === 'seat-replaced') open.delete(side);
  }
  return [...open];
}

export function SeatOffers({
  gameId,
  events,
  seated,
  sides,
  canAdminister,
  onChange,
}: {
  gameId: string;
  events: Ev[];
  seated: boolean;
  sides: string[];
  canAdminister: boolean;
  onChange: () => void;
}) {
  const [status, setStatus] = useState('');
  const [side, setSide] = useState(sides[0] ?? '');
  const [username, setUsername] = useState('');
  const offered = offeredSides(events);
  async function act(query: string, vars: Record<string, unknown>, done: string) {
    try {
      await gql(query, vars);
      setStatus(done);
      onChange();
    } catch (e) {
      setStatus(`Refused: ${(e as Error).message}`);
    }
  }
  if (!canAdminister && (seated || offered.length === 0)) return null;
  return (
    <section class="card" aria-labelledby="seats-title">
      <h2 id="seats-title">Seats</h2>
      {offered.length > 0 && <p>Offered to a replacement: {offered.join(', ')}.</p>}
      {!seated &&
        offered.map((s) => (
          <button
            type="button"
            key={s}
            onClick={() =>
              void act(
                'mutation($g:ID!,$s:String!){takeSeat(gameId:$g,side:$s){id}}',
                { g: gameId, s },
                `You now play ${s}.`,
              )
            }
          >
            Take the {s} seat
          </button>
        ))}
      {canAdminister && (
        <form
          class="row"
          onSubmit={(e) => {
            e.preventDefault();
            void act(
              'mutation($g:ID!,$s:String!,$u:String){offerSeat(gameId:$g,side:$s,username:$u){id}}',
              { g: gameId, s: side, u: username || undefined },
              `The ${side} seat is offered.`,
            );
          }}
        >
          <label for="f-offer-side">Side to offer</label>
          <select id="f-offer-side" value={side} onChange={(e) => setSide(e.currentTarget.value)}>
            {sides.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
          <label for="f-offer-user">Only to (user name, optional)</label>
          <input id="f-offer-user" value={username} onInput={(e) => setUsername(e.currentTarget.value)} />
          <button type="submit">Offer the seat</button>
        </form>
      )}
      {status && <p role="status">{status}</p>}
    </section>
  );
}
