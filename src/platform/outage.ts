/**
 * Recognises a failure of PostgreSQL or Redis being down or restarting (as opposed to a bug), so
 * clients get `UNAVAILABLE` (503, retry shortly) instead of `INTERNAL`. Nothing half-written
 * follows from these: a transaction that lost its connection is rolled back by PostgreSQL, and a
 * submission retried with the same idempotency key is applied once.
 */
import { AppError } from './errors.js';

/** PostgreSQL SQLSTATE classes of a connection lost or refused: 08 connection exception, 57P operator intervention. */
const PG_OUTAGE = /^(08|57P0[1-3])/;
/** Prisma error codes for an unreachable database, a timed-out connection or pool, a closed server connection. */
const PRISMA_OUTAGE = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024']);
const ADAPTER_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);
const MESSAGES = [
  /^Connection terminated( unexpectedly)?$/, // pg
  /^Connection is closed\.?$/, // ioredis
  /Stream isn't writeable/, // ioredis with the offline queue off
  /^Reached the max retries per request limit/, // ioredis MaxRetriesPerRequestError
  /Can't reach database server/, // Prisma
  /^timeout exceeded when trying to connect$/, // pg pool: no connection free or none can be made
];

function isOutage(e: unknown, depth = 0): boolean {
  if (!e || typeof e !== 'object' || depth > 5) return false;
  const x = e as {
    name?: unknown;
    code?: unknown;
    kind?: unknown;
    message?: unknown;
    cause?: unknown;
    meta?: { driverAdapterError?: unknown };
  };
  if (x.name === 'MaxRetriesPerRequestError') return true;
  if (typeof x.code === 'string' && (PRISMA_OUTAGE.has(x.code) || SOCKET_CODES.has(x.code))) return true;
  if (typeof x.kind === 'string' && ADAPTER_KINDS.has(x.kind)) return true;
  // A PostgreSQL error through Prisma's adapter (kind 'postgres') or straight from pg (it has a severity).
  if ((x.kind === 'postgres' || 'severity' in x) && typeof x.code === 'string' && PG_OUTAGE.test(x.code)) return true;
  if (typeof x.message === 'string' && MESSAGES.some((m) => m.test(x.message as string))) return true;
  return isOutage(x.cause, depth + 1) || isOutage(x.meta?.driverAdapterError, depth + 1);
}

export const RETRY_AFTER_SECONDS = 2;

/** The client-facing error for an outage, or null when `err` is something else. */
export function asOutage(err: unknown): AppError | null {
  if (err instanceof AppError || !isOutage(err)) return null;
  return new AppError(
    'UNAVAILABLE',
    'The service is briefly unavailable (its database or queue is restarting); nothing was changed. Try again shortly.',
    [],
    {
      retryAfterSeconds: RETRY_AFTER_SECONDS,
    },
  );
}
