/**
 * The game page's first reads: its view, its boards and the modules' orders schemas. They live
 * in the entry chunk, not in the game page's, so that a game page opened cold asks for all three
 * while the page's own code is still arriving (main.tsx starts them), and the page takes them over.
 */
import { accessToken, bearer, gql } from './api';
import type { BoardGeometry } from './components/Board';
import type { Schema } from './components/SchemaForm';
import { VOTE_FIELDS } from './components/Table';
import { SUMMARY } from './summary';

export interface ModuleMeta {
  id: string;
  title: string;
  scenarios: { id: string; title: string }[];
  sides: string[];
  promptKinds: { kind: string; description: string; ordersSchema?: Schema | null }[];
}

export const VIEW = `query($id:ID!,$side:String){ game(id:$id, side:$side) {
  viewer view game { ${SUMMARY} pausedReason seedHash }
  myPrompts { side kind secret description choices defaultOrders text { key text } }
  owed { side ready } mySubmission { step side orders ready }
  events(limit: 1000) { seq step type data createdAt text { key text } }
  pieces { id side board at label symbol values hidden detail } situation { board text { key text } }
  outcome { winner level summary } commitments { side committed revealed } revealOpen ${VOTE_FIELDS} canAdminister } }`;
const MODULE = `{ modules { id title sides scenarios { id title } promptKinds { kind description ordersSchema } } }`;

/**
 * Boards are static per module version: the REST mirror serves them with a strong ETag, so the
 * browser's cache revalidates them instead of downloading a map on every visit. They are asked
 * for by the game's id, beside its view, so the map need not wait for the view to name its module.
 */
async function fetchBoards(gameId: string): Promise<BoardGeometry[]> {
  const res = await fetch(`/api/v1/games/${encodeURIComponent(gameId)}/boards`, {
    headers: { accept: 'application/json', ...bearer(await accessToken()) },
  });
  const body = (await res.json().catch(() => ({}))) as { boards?: BoardGeometry[]; error?: { message: string } };
  if (!res.ok || !body.boards)
    throw new Error(body.error?.message ?? `The boards could not be loaded (${res.status}).`);
  return body.boards;
}

/**
 * The modules' prompt kinds and schemas, asked for once per page load and at once (they depend on
 * no game), so the first prompt's form need not wait for the game view to come back first.
 */
let modulesOnce: Promise<ModuleMeta[]> | null = null;
export function modules() {
  modulesOnce ??= gql<{ modules: ModuleMeta[] }>(MODULE).then(
    (d) => d.modules,
    (e: unknown) => ((modulesOnce = null), Promise.reject(e)),
  );
  return modulesOnce;
}

/** Reads started before the page asked for them, each taken once (a later load reads afresh). */
const early = new Map<string, Promise<unknown>>();
function take<T>(key: string, read: () => Promise<T>): Promise<T> {
  const p = early.get(key) as Promise<T> | undefined;
  early.delete(key);
  return p ?? read();
}

/** The view as the page's default side sees it (`side` unset), or as `side`. */
export const readView = <T>(gameId: string, side?: string) =>
  side === undefined ? take(`view:${gameId}`, () => gql<T>(VIEW, { id: gameId })) : gql<T>(VIEW, { id: gameId, side });

export const readBoards = (gameId: string) => take(`boards:${gameId}`, () => fetchBoards(gameId));

/** Starts the first reads of a game page about to open. */
export function prefetchGame(gameId: string) {
  const keep = (key: string, p: Promise<unknown>) => (p.catch(() => undefined), early.set(key, p));
  keep(`view:${gameId}`, gql(VIEW, { id: gameId }));
  keep(`boards:${gameId}`, fetchBoards(gameId));
  void modules().catch(() => undefined);
}
