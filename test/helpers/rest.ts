/** A small REST client for tests, and response checks against the served OpenAPI document. */
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { expect } from 'vitest';

export interface RestResult<T = any> {
  status: number;
  body: T;
  raw: string;
  headers: Headers;
}

export async function rest<T = any>(
  base: string,
  method: string,
  path: string,
  opts: { body?: unknown; token?: string; headers?: Record<string, string>; rawBody?: string } = {},
): Promise<RestResult<T>> {
  const headers: Record<string, string> = {
    ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
    ...opts.headers,
  };
  let body: string | undefined = opts.rawBody;
  if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['content-type'] ??= 'application/json';
  }
  const res = await fetch(`${base}/api/v1${path}`, { method, headers, body });
  const raw = await res.text();
  let parsed: unknown;
  try {
    parsed = raw ? JSON.parse(raw) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: res.status, body: parsed as T, raw, headers: res.headers };
}

/** No stack frames, file paths or library names in anything a client receives. */
export function expectNoInternals(raw: string) {
  expect(raw).not.toMatch(/\n\s+at |\bat [\w.<>$ ]+ \([^()]*:\d+:\d+\)|node_modules|\.[cm]?[jt]s:\d+|prisma/i);
}

/** The documented error shape: { code, message, path?, details: [{ code, path, message, rule? }] }. */
export function expectApiError(error: any, code?: string) {
  expect(typeof error?.code, JSON.stringify(error)).toBe('string');
  expect(typeof error.message).toBe('string');
  expect(error.message.length).toBeGreaterThan(0);
  expect(Array.isArray(error.details)).toBe(true);
  for (const d of error.details) {
    expect(typeof d.code).toBe('string');
    expect(Array.isArray(d.path)).toBe(true);
    expect(typeof d.message).toBe('string');
  }
  if (error.path !== undefined) expect(Array.isArray(error.path)).toBe(true);
  if (code) expect(error.code).toBe(code);
}

/** Validates responses against the response schemas of an OpenAPI 3.1 document. */
export class OpenApiResponses {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });

  constructor(readonly doc: any) {
    addFormats(this.ajv as never);
    this.ajv.addSchema(doc, 'openapi.json');
  }

  /** Checks a response of `METHOD /api/v1/...template` (e.g. GET /api/v1/games/{gameId}). */
  check(method: string, template: string, res: RestResult) {
    const op = this.doc.paths[template]?.[method.toLowerCase()];
    expect(op, `${method} ${template} is documented`).toBeTruthy();
    const code = [String(res.status), `${String(res.status)[0]}XX`].find((c) => op.responses[c]);
    expect(code, `${method} ${template} documents status ${res.status}`).toBeTruthy();
    const pointer = [
      'paths',
      template,
      method.toLowerCase(),
      'responses',
      code!,
      'content',
      'application/json',
      'schema',
    ]
      .map((p) => encodeURIComponent(p.replace(/~/g, '~0').replace(/\//g, '~1')))
      .join('/');
    const validate = this.ajv.compile({ $ref: `openapi.json#/${pointer}` });
    expect(
      validate(res.body),
      `${method} ${template} ${res.status}: ${JSON.stringify(validate.errors)} in ${res.raw.slice(0, 500)}`,
    ).toBe(true);
  }
}
