/** A tiny history router: the server answers every client path with the same page. */
import { useEffect, useState } from 'preact/hooks';

export function navigate(to: string) {
  if (to === location.pathname + location.search) return;
  history.pushState(null, '', to);
  dispatchEvent(new PopStateEvent('popstate'));
}

export function usePath(): string {
  const [path, setPath] = useState(location.pathname);
  useEffect(() => {
    const on = () => setPath(location.pathname);
    addEventListener('popstate', on);
    return () => removeEventListener('popstate', on);
  }, []);
  return path;
}

/** Client-side links: plain anchors (they work without script too), handled here when clicked. */
export function onLinkClick(e: MouseEvent) {
  const a = (e.target as HTMLElement).closest('a');
  if (!a || a.target || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey) return;
  const url = new URL(a.href);
  if (url.origin !== location.origin || !isClientPath(url.pathname)) return;
  e.preventDefault();
  navigate(url.pathname + url.search);
}

/** The client's own paths; the server serves the page at these (and only these). */
export function isClientPath(p: string) {
  return p === '/' || p === '/login' || p === '/settings' || /^\/games\/[^/]+$/.test(p);
}
