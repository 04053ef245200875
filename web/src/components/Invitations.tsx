/**
 * The creator of an open game invites users by name (`invite`), sees every invitation of the
 * game (`invitations`, made here or elsewhere) and withdraws one (`removeInvitation`).
 */
import { useEffect, useState } from 'preact/hooks';
import { gql } from '../api';

interface Invitation {
  user: { username: string };
  invitedAt: string;
}

const LIST = 'query($g:ID!){invitations(gameId:$g){user{username} invitedAt}}';

export function Invitations({ gameId }: { gameId: string }) {
  const [username, setUsername] = useState('');
  const [invited, setInvited] = useState<Invitation[] | null>(null);
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');

  const load = () =>
    gql<{ invitations: Invitation[] }>(LIST, { g: gameId }).then(
      (d) => setInvited(d.invitations),
      (e: Error) => setStatus(`The invitations could not be loaded: ${e.message}`),
    );
  useEffect(() => void load(), [gameId]);

  async function act(kind: 'invite' | 'removeInvitation', name: string) {
    try {
      const d = await gql<Record<string, boolean>>(`mutation($g:ID!,$u:String!){${kind}(gameId:$g,username:$u)}`, {
        g: gameId,
        u: name,
      });
      setError('');
      if (kind === 'invite') {
        setStatus(`${name} is invited.`);
        setUsername('');
      } else setStatus(d[kind] ? `The invitation of ${name} is withdrawn.` : `${name} had no invitation.`);
      await load();
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
      {invited?.length === 0 && <p class="hint">Nobody is invited yet.</p>}
      {invited && invited.length > 0 && (
        <ul aria-label="Invited users">
          {invited.map((i) => (
            <li key={i.user.username}>
              {i.user.username} <span class="hint">invited {new Date(i.invitedAt).toLocaleString()}</span>{' '}
              <button
                type="button"
                aria-label={`Withdraw the invitation of ${i.user.username}`}
                onClick={() => void act('removeInvitation', i.user.username)}
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
