/**
 * Third-party apps over OAuth 2.0 (docs/accounts.md): the apps the user allowed, each revocable
 * (`authorisedApps`, `revokeAuthorisedApp`), and the apps the user registered as a developer
 * (`myOAuthApps`, `registerOAuthApp`), with the API's problems beside the field they name.
 */
import { useEffect, useState } from 'preact/hooks';
import { ApiError, gql } from '../api';

interface AuthorisedApp {
  clientId: string;
  name: string;
  scopes: string[];
  grantedAt: string;
}
interface OAuthApp {
  clientId: string;
  name: string;
  redirectUris: string[];
  createdAt: string;
}

const SCOPE_WORDS: Record<string, string> = {
  read: 'read your games',
  play: 'play for you',
  admin: 'manage your account',
};
const when = (iso: string) => new Date(iso).toLocaleString();

export function AuthorisedApps() {
  const [apps, setApps] = useState<AuthorisedApp[] | null>(null);
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const load = () =>
    gql<{ authorisedApps: AuthorisedApp[] }>('{ authorisedApps { clientId name scopes grantedAt } }').then(
      (d) => setApps(d.authorisedApps),
      (e: Error) => setError(e.message),
    );
  useEffect(() => void load(), []);

  async function revoke(app: AuthorisedApp) {
    try {
      const d = await gql<{ revokeAuthorisedApp: boolean }>('mutation($c:ID!){revokeAuthorisedApp(clientId:$c)}', {
        c: app.clientId,
      });
      setStatus(
        d.revokeAuthorisedApp
          ? `${app.name} may no longer use your account; its tokens are revoked.`
          : `${app.name} held no access any more.`,
      );
      setError('');
      await load();
    } catch (e) {
      setError((e as Error).message);
    }
  }

  return (
    <section class="card" aria-labelledby="h-authorised">
      <h2 id="h-authorised">Apps you allowed</h2>
      {apps?.length === 0 && <p>No app may use your account.</p>}
      {apps && apps.length > 0 && (
        <ul aria-label="Apps you allowed">
          {apps.map((a) => (
            <li key={a.clientId}>
              <strong>{a.name}</strong> may {a.scopes.map((s) => SCOPE_WORDS[s] ?? s).join(', ')}{' '}
              <span class="hint">(allowed {when(a.grantedAt)})</span>{' '}
              <button type="button" aria-label={`Revoke ${a.name}`} onClick={() => void revoke(a)}>
                Revoke
              </button>
            </li>
          ))}
        </ul>
      )}
      {status && <p role="status">{status}</p>}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

export function MyApps() {
  const [apps, setApps] = useState<OAuthApp[] | null>(null);
  const [name, setName] = useState('');
  const [uris, setUris] = useState('');
  const [errors, setErrors] = useState<{ name?: string; uris?: string; other?: string }>({});
  const [created, setCreated] = useState<OAuthApp | null>(null);
  const load = () =>
    gql<{ myOAuthApps: OAuthApp[] }>('{ myOAuthApps { clientId name redirectUris createdAt } }').then(
      (d) => setApps(d.myOAuthApps),
      (e: Error) => setErrors({ other: e.message }),
    );
  useEffect(() => void load(), []);

  async function submit(e: Event) {
    e.preventDefault();
    const list = uris
      .split('\n')
      .map((u) => u.trim())
      .filter(Boolean);
    try {
      const d = await gql<{ registerOAuthApp: OAuthApp }>(
        'mutation($i:RegisterOAuthAppInput!){registerOAuthApp(input:$i){clientId name redirectUris createdAt}}',
        { i: { name, redirectUris: list } },
      );
      setCreated(d.registerOAuthApp);
      setErrors({});
      setName('');
      setUris('');
      await load();
    } catch (err) {
      setCreated(null);
      if (!(err instanceof ApiError) || !err.details.length) return setErrors({ other: (err as Error).message });
      const at = (field: string) =>
        err.details
          .filter((d) => d.path?.[0] === field)
          .map((d) => (typeof d.path?.[1] === 'number' ? `Line ${d.path[1] + 1}: ${d.message}` : d.message))
          .join(' ') || undefined;
      setErrors({ name: at('name'), uris: at('redirectUris') });
    }
  }

  const described = (id: string, text?: string) =>
    text ? { 'aria-describedby': `${id}-error`, 'aria-invalid': true as const } : {};
  return (
    <section class="card" aria-labelledby="h-myapps">
      <h2 id="h-myapps">Apps you registered</h2>
      <p class="hint">
        For developers: an app gets a client id (no secret) and signs players in over OAuth 2.0 with PKCE, or the device
        flow when it has no redirect URI.
      </p>
      {apps && apps.length > 0 && (
        <ul aria-label="Apps you registered">
          {apps.map((a) => (
            <li key={a.clientId}>
              <strong>{a.name}</strong>: client id <code>{a.clientId}</code>
              {a.redirectUris.length ? ` · redirects to ${a.redirectUris.join(', ')}` : ' · device flow only'}
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={(e) => void submit(e)}>
        <div class="field">
          <label for="f-app-name">App name</label>
          <input
            id="f-app-name"
            required
            maxLength={100}
            autoComplete="off"
            value={name}
            onInput={(e) => setName(e.currentTarget.value)}
            {...described('f-app-name', errors.name)}
          />
          {errors.name && (
            <p class="field-error" id="f-app-name-error" role="alert">
              {errors.name}
            </p>
          )}
        </div>
        <div class="field">
          <label for="f-app-uris">Redirect URIs, one a line (none for the device flow only)</label>
          <textarea
            id="f-app-uris"
            rows={3}
            value={uris}
            onInput={(e) => setUris(e.currentTarget.value)}
            {...described('f-app-uris', errors.uris)}
          />
          {errors.uris && (
            <p class="field-error" id="f-app-uris-error" role="alert">
              {errors.uris}
            </p>
          )}
        </div>
        {errors.other && (
          <p class="error" role="alert">
            {errors.other}
          </p>
        )}
        <button type="submit">Register app</button>
      </form>
      {created && (
        <p role="status">
          {created.name} is registered: its client id is <code>{created.clientId}</code>.
        </p>
      )}
    </section>
  );
}
