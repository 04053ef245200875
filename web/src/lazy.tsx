/**
 * A page in a chunk of its own, loaded the first time it is shown, so that a game page opened
 * cold carries no lobby or settings code. (preact/compat's lazy and Suspense would bring the whole
 * compat layer for this.) `load` may be started early; a chunk that fails to load says so.
 */
import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';

export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const start = () =>
    (pending ??= load().then(
      (c) => (loaded = c),
      (e: unknown) => ((pending = undefined), Promise.reject(e)),
    ));
  function LazyPage(props: P) {
    const [page, setPage] = useState<{ C?: ComponentType<P>; error?: string }>({ C: loaded });
    useEffect(() => {
      if (!page.C)
        start().then(
          (C) => setPage({ C }),
          (e: Error) => setPage({ error: e.message }),
        );
    }, []);
    if (page.error)
      return (
        <p class="error" role="alert">
          This page could not be loaded ({page.error}). Reload to try again.
        </p>
      );
    return page.C ? <page.C {...props} /> : <p aria-busy="true">Loading…</p>;
  }
  return Object.assign(LazyPage, { preload: () => void start().catch(() => undefined) });
}
