/**
 * The HTTP edge's transport: CORS only for the origins CORS_ORIGINS names (off by default),
 * compressed JSON when the client accepts it, and Cache-Control: public for the module list,
 * `private, no-store` for per-user answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register } from '../helpers/play.js';
import { startStack, type Stack } from '../helpers/stack.js';

const ORIGIN = 'https://play.example.org';
const INTROSPECTION = '{__schema{types{name description fields{name description}}}}';

const preflight = (base: string, origin: string) =>
  fetch(`${base}/graphql`, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization,content-type',
    },
  });

describe('CORS off by default', () => {
  let stack: Stack;
  beforeAll(async () => (stack = await startStack('services')));
  afterAll(async () => stack?.close());

  it('sends no CORS headers, to a preflight or a request', async () => {
    const pre = await preflight(stack.base, ORIGIN);
    expect(pre.headers.get('access-control-allow-origin')).toBeNull();
    const r = await fetch(`${stack.base}/api/v1/modules`, { headers: { origin: ORIGIN } });
    expect(r.status).toBe(200);
    expect(r.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('with CORS_ORIGINS, compression and caching', () => {
  let stack: Stack;
  beforeAll(async () => (stack = await startStack('services', { CORS_ORIGINS: `${ORIGIN},http://localhost:5173` })));
  afterAll(async () => stack?.close());

  it('allows the listed origins (preflight and request) and no other', async () => {
    const pre = await preflight(stack.base, ORIGIN);
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(pre.headers.get('access-control-allow-methods')).toContain('POST');
    expect(pre.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
    const r = await fetch(`${stack.base}/graphql`, {
      method: 'POST',
      headers: { origin: 'http://localhost:5173', 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{modules{id}}' }),
    });
    expect(r.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    const other = await preflight(stack.base, 'https://evil.example.com');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('compresses a large JSON answer when asked, and only then', async () => {
    const body = JSON.stringify({ query: INTROSPECTION });
    const headers = { 'content-type': 'application/json' };
    const gz = await fetch(`${stack.base}/graphql`, {
      method: 'POST',
      headers: { ...headers, 'accept-encoding': 'gzip' },
      body,
    });
    expect(gz.status).toBe(200);
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(((await gz.json()) as any).data.__schema.types.length).toBeGreaterThan(10);
    const br = await fetch(`${stack.base}/graphql`, {
      method: 'POST',
      headers: { ...headers, 'accept-encoding': 'br' },
      body,
    });
    expect(br.headers.get('content-encoding')).toBe('br');
    const plain = await fetch(`${stack.base}/graphql`, {
      method: 'POST',
      headers: { ...headers, 'accept-encoding': 'identity' },
      body,
    });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(((await plain.json()) as any).data.__schema.types.length).toBe(
      ((await br.json()) as any).data.__schema.types.length,
    );
  });

  it('lets caches keep the public module list, never per-user answers', async () => {
    const modules = await fetch(`${stack.base}/api/v1/modules`);
    expect(modules.headers.get('cache-control')).toBe('public, max-age=300');
    const p = await register(stack.base, `tc_${Math.random().toString(36).slice(2, 8)}`);
    const me = await fetch(`${stack.base}/api/v1/me`, { headers: { authorization: `Bearer ${p.token}` } });
    expect(me.status).toBe(200);
    expect(me.headers.get('cache-control')).toBe('private, no-store');
    const gql = await fetch(`${stack.base}/graphql?query=${encodeURIComponent('{me{id}}')}`, {
      headers: { authorization: `Bearer ${p.token}` },
    });
    expect(gql.headers.get('cache-control')).toBe('private, no-store');
  });
});
