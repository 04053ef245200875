/**
 * Visibility helpers shared by the platform and the game modules. Secrets never leave the
 * server unredacted (DESIGN.md, principle 3): events are filtered per viewer, and a hidden
 * piece is shown under an opaque id that neither reveals the real id nor links one viewer's
 * picture of the game to another's.
 */
import { createHmac } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { GameEvent, Json, Side, Viewer, Visibility } from './contract.js';

/**
 * May `viewer` see something with this visibility? A side sees what lists it. A spectator
 * sees what is public: 'all', or a list naming every side of the game (nobody is kept in the
 * dark, so there is nothing left to hide).
 */
export function isVisibleTo(visibility: Visibility, viewer: Viewer, allSides: readonly Side[]): boolean {
  if (visibility === 'all') return true;
  if (viewer !== null) return visibility.includes(viewer);
  return allSides.length > 0 && allSides.every((s) => visibility.includes(s));
}

/** The events `viewer` may see, in their original order. */
export function filterEvents<E extends { visibleTo: Visibility }>(
  events: readonly E[],
  viewer: Viewer,
  allSides: readonly Side[],
): E[] {
  return events.filter((e) => isVisibleTo(e.visibleTo, viewer, allSides));
}

const OPAQUE_PREFIX = 'opq_';

/**
 * A stand-in id for a hidden piece as seen by `viewer`. It is an HMAC of (viewer, real id)
 * under a per-game server secret: stable for the same viewer (they can follow "that face-down
 * stack" from view to view and name it in orders), unguessable without the secret, and
 * different for each viewer, so two players comparing notes cannot match ids. A game that
 * must break the link after a shuffle can fold a counter into `realId` (e.g. 'u12#3').
 */
export function opaqueId(secret: string | Buffer, viewer: Viewer, realId: string): string {
  if (secret.length === 0) throw new Error('opaqueId needs a non-empty secret');
  // JSON encoding keeps (viewer, id) pairs unambiguous: no side name can imitate a spectator.
  const message = `warpost-opaque/v1|${JSON.stringify([viewer, realId])}`;
  // A pure function of its arguments, so remembered: every view, prompt and order check of every
  // step computes one per hidden piece (and resolveOpaqueId one per candidate), the same ones
  // again and again (bench/RESULTS.md 2026-12-03: HMACs 3-4 % of the API's and worker's CPU).
  // Held in this process only. A Buffer secret is keyed apart from any string (a nested array).
  const key = JSON.stringify([typeof secret === 'string' ? secret : [secret.toString('base64')], message]);
  let id = opaqueMemo.get(key);
  if (id === undefined) {
    id = OPAQUE_PREFIX + createHmac('sha256', secret).update(message).digest('hex').slice(0, 24);
    opaqueMemo.set(key, id);
  }
  return id;
}

const opaqueMemo = new LRUCache<string, string>({ max: 100_000 });

export function isOpaqueId(id: string): boolean {
  return id.startsWith(OPAQUE_PREFIX) && /^[0-9a-f]{24}$/.test(id.slice(OPAQUE_PREFIX.length));
}

/**
 * The real id behind an opaque id that `viewer` used in orders, searched among `candidates`
 * (the pieces that viewer could have seen); null if none matches.
 */
export function resolveOpaqueId(
  secret: string | Buffer,
  viewer: Viewer,
  opaque: string,
  candidates: Iterable<string>,
): string | null {
  for (const id of candidates) if (opaqueId(secret, viewer, id) === opaque) return id;
  return null;
}

/** A copy of a JSON-like value with every string value (not keys) passed through `fn`. */
export function mapStrings(value: unknown, fn: (s: string) => string): unknown {
  if (typeof value === 'string') return fn(value);
  if (Array.isArray(value)) return value.map((x) => mapStrings(x, fn));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, x]) => [k, mapStrings(x, fn)]));
  return value;
}

/** `value` with `fn` applied to every string in it, object keys included (undefined members dropped): for renaming ids such as TF aliases. */
export function mapText(value: Json, fn: (s: string) => string): Json {
  if (typeof value === 'string') return fn(value);
  if (Array.isArray(value)) return value.map((x) => mapText(x, fn));
  if (value && typeof value === 'object') {
    const out: Record<string, Json> = {};
    for (const [k, x] of Object.entries(value)) if (x !== undefined) out[fn(k)] = mapText(x, fn);
    return out;
  }
  return value;
}

/** Events with `fn` applied to every string of their data and to their roll labels. */
export function mapEventText(events: GameEvent[], fn: (s: string) => string): GameEvent[] {
  return events.map((e) => ({
    ...e,
    data: mapText(e.data, fn),
    ...(e.rolls ? { rolls: e.rolls.map((r) => ({ ...r, label: fn(r.label) })) } : {}),
  }));
}

/**
 * Paths (as in OrderError.path) of the string values of `value` found in `ids` (or for which the
 * predicate holds): where an order names a piece hidden from its sender by its real id, which must
 * be refused (ids can be guessed, and accepting one would locate the piece).
 */
export function pathsNaming(value: unknown, ids: readonly string[] | ((s: string) => boolean)): (string | number)[][] {
  const found: (string | number)[][] = [];
  let named: (s: string) => boolean;
  if (typeof ids === 'function') named = ids;
  else {
    const text = JSON.stringify(value ?? null);
    const set = new Set(ids.filter((id) => text.includes(JSON.stringify(id))));
    if (!set.size) return found;
    named = (s) => set.has(s);
  }
  const walk = (v: unknown, path: (string | number)[]) => {
    if (typeof v === 'string' && named(v)) found.push(path);
    else if (Array.isArray(v)) v.forEach((x, i) => walk(x, [...path, i]));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, [...path, k]);
  };
  walk(value, []);
  return found;
}
