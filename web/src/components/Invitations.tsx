/**
 * The creator of an open game invites users by name (`invite`) and withdraws an invitation
 * (`removeInvitation`). The API lists no invitations, so the list here holds those made from
 * this page; a name can still be withdrawn by typing it.
 */
import { useState } from 'preact/hooks';
import { gql } from '../api';

export function Invitations({ gameId }: { gameId: string }) {
  const [username, setUsername] = useState('');
  const [invited, setInvited] = useState<string[]>([]);
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');

  async function act(kind: 'invite' | 'removeInvitation', name: string) {
    try {
      const d = await gql<Record<string, boolean>>(`mutation($g:ID!,$u:String!){${kind}(gameId:$g,username:$u)}`, {
        g: gameId,
        u: name,
      });
      setError('');
      if (kind === 'invite') {
        setInvited((l) => (l.includes(name) ? l : [...l, name]));
        setStatus(`${name} is invited.`);
        setUsername('');
      } else {
        setInvited((l) => l.filter((n) => n !== name));
        setStatus(d[kind] ? `The invitation of ${name} is withdrawn.` : `${name} had no invitation.`);
      }
    } catch (e) {
      setStatus('');
      setError((e as Error).message);
    }
  }

  const name = username.trim();
  return (
    <section class="card" aria-labelledby="invite-title">
      <h2 id="invite-title">Invitations</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (name) void act('invite', name);
        }}
      >
        <div class="field">
          <label for="f-invite">User name</label>
          <input
            id="f-invite"
            required
            autoComplete="off"
            value={username}
            onInput={(e) => setUsername(e.currentTarget.value)}
            {...(error ? { 'aria-describedby': 'f-invite-error', 'aria-invalid': true } : {})}
          />
          {error && (
            <p class="field-error" id="f-invite-error" role="alert">
              {error}
            </p>
          )}
        </div>
        <button type="submit">Invite</button>{' '}
        <button type="button" disabled={!name} onClick={() => void act('removeInvitation', name)}>
          Withdraw invitation
        </button>
      </form>
      {invited.length > 0 && (
        <ul aria-label="Invited from this page">
          {invited.map((n) => (
            <li key={n}>
              {n}{' '}
              <button
                type="button"
                aria-label={`Withdraw the invitation of ${n}`}
                onClick={() => void act('removeInvitation', n)}
              >
                Withdraw
              </button>
            </li>
          ))}
        </ul>
      )}
      {status && <p role="status">{status}</p>}
    </section>
  );
}
