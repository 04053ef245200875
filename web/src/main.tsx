import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { currentSession, logout, onSession, type Session } from './api';
import { onLinkClick, usePath } from './router';
import { prefetchGame } from './game-data';
import { lazyPage } from './lazy';
import './style.css';

// Each page is a chunk of its own: a game page opened cold loads only the game's code.
const Login = lazyPage(() => import('./pages/Login').then((m) => m.Login));
const Lobby = lazyPage(() => import('./pages/Lobby').then((m) => m.Lobby));
const GamePage = lazyPage(() => import('./pages/Game').then((m) => m.GamePage));
const SettingsPage = lazyPage(() => import('./pages/Settings').then((m) => m.SettingsPage));
const gamePath = (path: string) => /^\/games\/([^/]+)$/.exec(path);

function App() {
  const path = usePath();
  const [session, setSession] = useState<Session | null>(currentSession());
  useEffect(() => onSession(setSession), []);
  const game = gamePath(path);

  let page;
  let title = 'Lobby';
  if (!session) {
    page = <Login />;
    title = 'Log in';
  } else if (game) {
    page = <GamePage gameId={decodeURIComponent(game[1])} />;
    title = 'Game';
  } else if (path === '/settings') {
    page = <SettingsPage />;
    title = 'Settings';
  } else page = <Lobby />;
  useEffect(() => void (document.title = `${title} · Warpost`), [title]);

  return (
    <div class="app" onClick={onLinkClick}>
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header class="top">
        <a class="brand" href="/">
          Warpost
        </a>
        {session && (
          <nav aria-label="Account">
            <a href="/settings" aria-current={path === '/settings' ? 'page' : undefined}>
              Settings
            </a>
            <span class="who">
              Logged in as <strong>{session.user.username}</strong>
            </span>
            <button type="button" onClick={() => void logout()}>
              Log out
            </button>
          </nav>
        )}
      </header>
      <main id="main" tabIndex={-1}>
        {page}
      </main>
    </div>
  );
}

// Shows Web Push notifications (Settings turns them on); a browser without service workers just has none.
if ('serviceWorker' in navigator) void navigator.serviceWorker.register('/sw.js').catch(() => undefined);

// Opened on a game page: its reads and its code are asked for at once, side by side.
const opening = gamePath(location.pathname);
if (opening && currentSession()) {
  prefetchGame(decodeURIComponent(opening[1]));
  GamePage.preload();
}

render(<App />, document.getElementById('app')!);
