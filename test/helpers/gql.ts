/** A minimal GraphQL-over-HTTP client and a graphql-ws client for tests (real sockets). */
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';

export interface GqlResult<T = any> {
  status: number;
  data?: T;
  errors?: { message: string; extensions?: { code?: string; details?: any[]; [k: string]: unknown } }[];
  raw: string;
}

export async function gql<T = any>(
  base: string,
  query: string,
  variables: Record<string, unknown> = {},
  token?: string,
): Promise<GqlResult<T>> {
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const raw = await res.text();
  const body = JSON.parse(raw);
  return { status: res.status, data: body.data, errors: body.errors, raw };
}

/** Expects exactly one error and returns its code. */
export function errorCode(r: GqlResult): string | undefined {
  return r.errors?.[0]?.extensions?.code;
}

export function wsClient(base: string, token?: string): Client {
  return createClient({
    url: `${base.replace('http', 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: token ? { authorization: `Bearer ${token}` } : {},
    retryAttempts: 0,
    lazy: false,
  });
}

/** Subscribes and collects every payload (and its raw JSON) until `unsubscribe` is called. */
export function collect<T = any>(client: Client, query: string, variables: Record<string, unknown> = {}) {
  const items: T[] = [];
  const raws: string[] = [];
  const errors: unknown[] = [];
  const waiters: { pred: (items: T[]) => boolean; resolve: () => void }[] = [];
  const unsubscribe = client.subscribe<T>(
    { query, variables },
    {
      next: (v) => {
        raws.push(JSON.stringify(v));
        if (v.errors) errors.push(...v.errors);
        if (v.data) items.push(v.data as T);
        for (const w of [...waiters]) {
          if (w.pred(items)) {
            waiters.splice(waiters.indexOf(w), 1);
            w.resolve();
          }
        }
      },
      error: (e) => errors.push(e),
      complete: () => undefined,
    },
  );
  return {
    items,
    raws,
    errors,
    unsubscribe,
    /** Waits until `pred(items)` holds, failing after `ms`. */
    until(pred: (items: T[]) => boolean, ms = 20_000): Promise<void> {
      if (pred(items)) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const t = setTimeout(
          () =>
            reject(
              new Error(`subscription condition not met in ${ms} ms; got ${JSON.stringify(items).slice(0, 2000)}`),
            ),
          ms,
        );
        waiters.push({ pred, resolve: () => (clearTimeout(t), resolve()) });
      });
    },
  };
}

export async function waitFor<T>(
  fn: () => Promise<T | undefined | null | false>,
  ms = 20_000,
  every = 100,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((r) => setTimeout(r, every));
  }
}
