/**
 * The client's only way to the server: GraphQL over HTTP (POST /graphql) and graphql-ws
 * subscriptions on the same path. Tokens live in localStorage and are refreshed shortly before
 * the access token expires, so a tab left open stays logged in.
 */
import { createClient, type Client } from 'graphql-ws';

const STORE_KEY = 'warpost:session';
/** Refresh when less than this is left of the access token (a third of short lifetimes). */
const margin = (s: Session) => Math.min(60_000, s.ttlMs / 3);

export interface Session {
  accessToken: string;
  refreshToken: string;
  expiresAt: number;
  ttlMs: number;
  user: { id: string; username: string };
}

export interface ApiErrorDetail {
  code: string;
  path?: unknown[];
  message: string;
  rule?: string;
}

/** A GraphQL error with its stable code and, for orders, one detail per failing order. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly details: ApiErrorDetail[] = [],
  ) {
    super(message);
  }
}

type Listener = (s: Session | null) => void;
const listeners = new Set<Listener>();
let session: Session | null = load();
let refreshing: Promise<Session | null> | null = null;
let refreshTimer: ReturnType<typeof setTimeout> | undefined;

function load(): Session | null {
  try {
    const s = JSON.parse(localStorage.getItem(STORE_KEY) ?? 'null') as Session | null;
    return s && typeof s.refreshToken === 'string' && typeof s.ttlMs === 'number' ? s : null;
  } catch {
    return null;
  }
}

function setSession(s: Session | null) {
  session = s;
  if (s) localStorage.setItem(STORE_KEY, JSON.stringify(s));
  else localStorage.removeItem(STORE_KEY);
  scheduleRefresh();
  for (const l of listeners) l(s);
}

function scheduleRefresh() {
  clearTimeout(refreshTimer);
  if (!session) return;
  const wait = Math.max(0, session.expiresAt - Date.now() - margin(session));
  refreshTimer = setTimeout(() => void refreshNow(), Math.min(wait, 2 ** 31 - 1));
}

export function currentSession() {
  return session;
}

export function onSession(l: Listener) {
  listeners.add(l);
  return () => listeners.delete(l);
}

// Another tab logged in, refreshed or out: follow it.
window.addEventListener('storage', (e) => {
  if (e.key !== STORE_KEY) return;
  session = load();
  scheduleRefresh();
  for (const l of listeners) l(session);
});

/** The Authorization header of a request made with `token` (none without one). */
export const bearer = (token: string | undefined): Record<string, string> =>
  token ? { authorization: `Bearer ${token}` } : {};

const AUTH_FIELDS = 'accessToken expiresIn refreshToken user { id username }';

function fromPayload(p: {
  accessToken: string;
  expiresIn: number;
  refreshToken: string;
  user: Session['user'];
}): Session {
  return {
    accessToken: p.accessToken,
    refreshToken: p.refreshToken,
    expiresAt: Date.now() + p.expiresIn * 1000,
    ttlMs: p.expiresIn * 1000,
    user: p.user,
  };
}

async function post<T>(query: string, variables: Record<string, unknown>, token?: string): Promise<T> {
  let res: Response;
  try {
    res = await fetch('/graphql', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...bearer(token),
      },
      body: JSON.stringify({ query, variables }),
    });
  } catch {
    throw new ApiError('The server cannot be reached. Check your connection and try again.', 'NETWORK');
  }
  const body = (await res.json().catch(() => ({}))) as {
    data?: T;
    errors?: { message: string; extensions?: { code?: string; details?: ApiErrorDetail[] } }[];
  };
  const err = body.errors?.[0];
  if (err) throw new ApiError(err.message, err.extensions?.code ?? 'ERROR', err.extensions?.details ?? []);
  if (!body.data) throw new ApiError(`The server answered ${res.status} without data.`, 'BAD_RESPONSE');
  return body.data;
}

async function refreshNow(): Promise<Session | null> {
  if (!session) return null;
  refreshing ??= (async () => {
    const spent = session!.refreshToken;
    try {
      const d = await post<{ refresh: Parameters<typeof fromPayload>[0] }>(
        `mutation($t:String!){refresh(refreshToken:$t){${AUTH_FIELDS}}}`,
        { t: spent },
      );
      setSession(fromPayload(d.refresh));
    } catch (e) {
      // Another tab may have spent the token already and stored the new pair.
      const stored = load();
      if (stored && stored.refreshToken !== spent) setSession(stored);
      else if (e instanceof ApiError && e.code !== 'NETWORK') setSession(null);
    } finally {
      refreshing = null;
    }
    return session;
  })();
  return refreshing;
}

/** A valid access token, refreshed first when it is about to expire; undefined when logged out. */
export async function accessToken(): Promise<string | undefined> {
  if (session && session.expiresAt - Date.now() < margin(session) / 2) await refreshNow();
  return session?.accessToken;
}

/** Runs a query or mutation as the logged-in user (or anonymously). */
export async function gql<T = unknown>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  try {
    return await post<T>(query, variables, await accessToken());
  } catch (e) {
    // An access token revoked or expired early: refresh once and retry.
    if (e instanceof ApiError && e.code === 'UNAUTHENTICATED' && session && (await refreshNow()))
      return post<T>(query, variables, session?.accessToken);
    throw e;
  }
}

export async function register(username: string, password: string) {
  const d = await post<{ register: Parameters<typeof fromPayload>[0] }>(
    `mutation($u:String!,$p:String!){register(username:$u,password:$p){${AUTH_FIELDS}}}`,
    { u: username, p: password },
  );
  setSession(fromPayload(d.register));
}

export async function login(username: string, password: string) {
  const d = await post<{ login: Parameters<typeof fromPayload>[0] }>(
    `mutation($u:String!,$p:String!){login(username:$u,password:$p){${AUTH_FIELDS}}}`,
    { u: username, p: password },
  );
  setSession(fromPayload(d.login));
}

export async function logout() {
  const s = session;
  setSession(null);
  closeWs();
  if (s) await post(`mutation($t:String!){logout(refreshToken:$t)}`, { t: s.refreshToken }).catch(() => undefined);
}

let ws: Client | null = null;

function wsClient(): Client {
  ws ??= createClient({
    url: `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/graphql`,
    connectionParams: async () => {
      return bearer(await accessToken());
    },
    retryAttempts: Infinity,
    shouldRetry: () => true,
    lazy: true,
  });
  return ws;
}

function closeWs() {
  void ws?.dispose();
  ws = null;
}

/** Subscribes; returns the function that stops it. Errors are reported, and the stream ends. */
export function subscribe<T>(
  query: string,
  variables: Record<string, unknown>,
  next: (data: T) => void,
  onError?: (e: Error) => void,
): () => void {
  return wsClient().subscribe<T>(
    { query, variables },
    {
      next: (r) => r.data && next(r.data as T),
      error: (e) => onError?.(e instanceof Error ? e : new Error('The live connection failed.')),
      complete: () => undefined,
    },
  );
}

scheduleRefresh();
