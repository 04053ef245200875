/**
 * Error shaping: an AppError becomes a GraphQL error with `extensions.code`, `details` and any
 * extra fields; anything unexpected becomes INTERNAL with a reference id and no internals.
 */
import { randomUUID } from 'node:crypto';
import mercurius from 'mercurius';
import { AppError } from '#platform/errors.js';
import { asOutage } from '#platform/outage.js';

const { ErrorWithProps } = mercurius;

export function toGraphQLError(err: unknown, log?: { error(o: unknown, m?: string): void }) {
  if (err instanceof ErrorWithProps) return err;
  err = asOutage(err) ?? err;
  if (err instanceof AppError) {
    return new ErrorWithProps(err.message, { code: err.code, details: err.details, ...err.extra }, err.status);
  }
  const reference = randomUUID();
  log?.error({ err, reference }, 'unexpected error in resolver');
  return new ErrorWithProps(
    `Internal error (reference ${reference}).`,
    { code: 'INTERNAL', details: [], reference },
    500,
  );
}

export function guard<A extends unknown[], R>(fn: (...args: A) => R | Promise<R>) {
  return async (...args: A): Promise<R> => {
    try {
      return await fn(...args);
    } catch (err) {
      const ctx = args[2] as { platform?: { log: { error(o: unknown, m?: string): void } } } | undefined;
      throw toGraphQLError(err, ctx?.platform?.log);
    }
  };
}
