/**
 * Automatic persisted queries (the Apollo APQ protocol, which most mobile GraphQL clients speak):
 * a client sends `extensions.persistedQuery = { version: 1, sha256Hash }` without the query; on
 * PERSISTED_QUERY_NOT_FOUND it retries once with the query, which is stored under its hash after
 * it has parsed, validated and executed. The store is Redis when configured (shared by every API
 * instance), otherwise a bounded in-memory LRU.
 */
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

export interface QueryStore {
  get(hash: string): Promise<string | undefined>;
  set(hash: string, query: string): Promise<void>;
}

export function memoryQueryStore(maxEntries = 2000): QueryStore {
  const entries = new Map<string, string>(); // insertion order doubles as recency order
  return {
    async get(hash) {
      const query = entries.get(hash);
      if (query !== undefined) {
        entries.delete(hash);
        entries.set(hash, query);
      }
      return query;
    },
    async set(hash, query) {
      entries.delete(hash);
      entries.set(hash, query);
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    },
  };
}

const TTL_SECONDS = 30 * 86_400;

export function redisQueryStore(redis: Redis, prefix: string): QueryStore {
  return {
    // Redis unreachable: a miss (the client resends the query text, as the protocol allows) and an
    // unsaved entry, never a failed request.
    async get(hash) {
      return (await redis.get(prefix + hash).catch(() => null)) ?? undefined;
    },
    async set(hash, query) {
      await redis.set(prefix + hash, query, 'EX', TTL_SECONDS).catch(() => undefined);
    },
  };
}

interface PersistedRequest {
  query?: unknown;
  extensions?: { persistedQuery?: { version?: unknown; sha256Hash?: unknown } } | null;
}

const HASH = /^[0-9a-f]{64}$/;

/** A mercurius `persistedQueryProvider` over `store`. */
export function persistedQueries(store: QueryStore) {
  return {
    isPersistedQuery: (r: PersistedRequest) => !r.query && Boolean(r.extensions?.persistedQuery),
    isPersistedQueryRetry: (r: PersistedRequest) => Boolean(r.query && r.extensions?.persistedQuery),
    /** '' (falsy) tells Mercurius the request is not a persisted query it supports. */
    getHash: (r: PersistedRequest): string => {
      const pq = r.extensions?.persistedQuery;
      return pq?.version === 1 && typeof pq.sha256Hash === 'string' && HASH.test(pq.sha256Hash) ? pq.sha256Hash : '';
    },
    getQueryFromHash: (hash: string) => store.get(hash),
    getHashForQuery: (query: string) => createHash('sha256').update(query, 'utf8').digest('hex'),
    saveQuery: (hash: string, query: string) => store.set(hash, query),
    notFoundError: 'PersistedQueryNotFound',
    notSupportedError:
      'PersistedQueryNotSupported: send extensions.persistedQuery as { version: 1, sha256Hash: <64 hex digits> }.',
    mismatchError: 'The sha256Hash does not match the query.',
  };
}
