/**
 * The one error shape of the API (README, "Errors"): `{ code, message, path?, details }`, where
 * each detail is `{ code, path, message, rule? }`. REST sends it as `{ error: {...} }` with the
 * HTTP status of the code; GraphQL puts it in each error's `extensions`. Anything that is not a
 * known client error becomes INTERNAL with a reference id: no internals, no stack traces.
 */
import { randomUUID } from 'node:crypto';
import { AppError, type ErrorDetail } from '#platform/errors.js';
import { asOutage } from '#platform/outage.js';

export interface ApiError {
  code: string;
  message: string;
  path?: (string | number)[];
  details: ErrorDetail[];
  [extra: string]: unknown;
}

export interface MappedError {
  status: number;
  error: ApiError;
}

interface Log {
  error(obj: unknown, msg?: string): void;
}

/** Codes for client errors raised by the framework (parsers, router, plugins), by HTTP status. */
const BY_STATUS: Record<number, [string, string]> = {
  400: ['BAD_REQUEST', 'The request is malformed.'],
  401: ['UNAUTHENTICATED', 'Log in or send an API token.'],
  403: ['FORBIDDEN', 'This is not allowed.'],
  404: ['NOT_FOUND', 'Not found.'],
  405: ['METHOD_NOT_ALLOWED', 'This method is not allowed here.'],
  409: ['CONFLICT', 'The request conflicts with the current state.'],
  413: ['PAYLOAD_TOO_LARGE', 'The request body is too large.'],
  415: ['UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json.'],
  429: ['RATE_LIMITED', 'Too many requests.'],
};

/** Framework messages are fixed sentences; keep one short line, never anything multi-line. */
function publicMessage(err: { message?: unknown }, fallback: string): string {
  const m = typeof err.message === 'string' ? err.message.split('\n')[0].trim() : '';
  return m && m.length <= 300 ? m : fallback;
}

interface AjvIssue {
  instancePath?: string;
  keyword?: string;
  message?: string;
  params?: { missingProperty?: string; additionalProperty?: string };
}

const DETAIL_CODE: Record<string, string> = {
  required: 'MISSING_FIELD',
  additionalProperties: 'UNKNOWN_FIELD',
  type: 'WRONG_TYPE',
  enum: 'NOT_ALLOWED_VALUE',
};

/** A request that failed its JSON schema: one detail per failing field, paths from the part. */
export function schemaError(issues: AjvIssue[], part = 'body'): MappedError {
  const details: ErrorDetail[] = issues.map((i) => {
    const path: (string | number)[] = [part];
    for (const seg of (i.instancePath ?? '').split('/').slice(1)) {
      const key = seg.replace(/~1/g, '/').replace(/~0/g, '~');
      path.push(/^\d+$/.test(key) ? Number(key) : key);
    }
    const extra = i.params?.missingProperty ?? i.params?.additionalProperty;
    if (extra) path.push(extra);
    const code = DETAIL_CODE[i.keyword ?? ''] ?? 'INVALID_VALUE';
    const what = i.keyword === 'additionalProperties' ? 'is not a known field' : (i.message ?? 'is not valid');
    return { code, path, message: `${path.join('.')} ${what}` };
  });
  const first = details[0]?.message ?? 'a field is not valid';
  return { status: 400, error: { code: 'BAD_INPUT', message: `The request is not valid: ${first}.`, details } };
}

export function toApiError(err: unknown, log?: Log): MappedError {
  err = asOutage(err) ?? err;
  if (err instanceof AppError) {
    return { status: err.status, error: { code: err.code, message: err.message, details: err.details, ...err.extra } };
  }
  const e = (err ?? {}) as {
    validation?: AjvIssue[];
    validationContext?: string;
    statusCode?: unknown;
    message?: unknown;
  };
  if (Array.isArray(e.validation)) return schemaError(e.validation, e.validationContext);
  const status = typeof e.statusCode === 'number' ? e.statusCode : 0;
  if (status >= 400 && status < 500) {
    const [code, fallback] = BY_STATUS[status] ?? ['BAD_REQUEST', 'The request cannot be served.'];
    return { status, error: { code, message: publicMessage(e, fallback), details: [] } };
  }
  const reference = randomUUID();
  log?.error({ err, reference }, 'unexpected error');
  return {
    status: 500,
    error: { code: 'INTERNAL', message: `Internal error (reference ${reference}).`, details: [], reference },
  };
}
