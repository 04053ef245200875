import { useState } from 'preact/hooks';
import { ApiError, login, register } from '../api';

/** Log in or create an account; both store the session and show the lobby. */
export function Login() {
  const [mode, setMode] = useState<'login' | 'register'>('login');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(e: Event) {
    e.preventDefault();
    setBusy(true);
    setError('');
    try {
      await (mode === 'login' ? login : register)(username.trim(), password);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Something went wrong.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section class="card narrow" aria-labelledby="auth-title">
      <h1 id="auth-title">{mode === 'login' ? 'Log in' : 'Create an account'}</h1>
      <form onSubmit={submit}>
        <div class="field">
          <label for="f-username">User name</label>
          <input
            id="f-username"
            name="username"
            autoComplete="username"
            required
            minLength={3}
            maxLength={32}
            pattern="[A-Za-z0-9_\-]+"
            value={username}
            onInput={(e) => setUsername(e.currentTarget.value)}
          />
        </div>
        <div class="field">
          <label for="f-password">Password</label>
          <input
            id="f-password"
            name="password"
            type="password"
            autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
            required
            minLength={mode === 'register' ? 8 : 1}
            maxLength={200}
            value={password}
            onInput={(e) => setPassword(e.currentTarget.value)}
          />
        </div>
        {error && (
          <p class="error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" class="primary" disabled={busy}>
          {mode === 'login' ? 'Log in' : 'Create account'}
        </button>
      </form>
      <p>
        {mode === 'login' ? 'No account yet? ' : 'Have an account? '}
        <button
          type="button"
          class="link"
          onClick={() => (setMode(mode === 'login' ? 'register' : 'login'), setError(''))}
        >
          {mode === 'login' ? 'Create one' : 'Log in'}
        </button>
      </p>
    </section>
  );
}
