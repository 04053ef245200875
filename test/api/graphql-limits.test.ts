/**
 * GraphQL cost control, persisted queries and error codes: depth and cost limits with clear
 * codes, introspection that works for tools but cannot be used to burn CPU, automatic persisted
 * queries by hash (POST and GET), and request errors with the documented extensions.
 */
import { createHash } from 'node:crypto';
import { getIntrospectionQuery } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, wsClient } from '../helpers/gql.js';
import { register, type Player } from '../helpers/play.js';
import { expectApiError, expectNoInternals } from '../helpers/rest.js';
import { startStack, type Stack } from '../helpers/stack.js';

let stack: Stack;
let alice: Player;

const GQL_RESPONSE = 'application/graphql-response+json';
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

async function post(body: unknown, accept = 'application/json', token?: string) {
  const res = await fetch(`${stack.base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return answer(res);
}

async function get(params: Record<string, string>, accept = 'application/json') {
  return answer(await fetch(`${stack.base}/graphql?${new URLSearchParams(params)}`, { headers: { accept } }));
}

async function answer(res: Response) {
  const raw = await res.text();
  expectNoInternals(raw);
  return {
    status: res.status,
    type: res.headers.get('content-type') ?? '',
    body: JSON.parse(raw),
    headers: res.headers,
  };
}

const codes = (body: any) => (body.errors ?? []).map((e: any) => e.extensions?.code);

/** A request refused before execution: no data, every error with the documented extensions. */
function expectRefused(body: any, code: string) {
  expect(body.data, JSON.stringify(body)).toBeUndefined();
  for (const e of body.errors) expectApiError({ ...e.extensions, message: e.message });
  expect(codes(body)).toContain(code);
}

/** Refused with 200 for application/json and 400 for application/graphql-response+json. */
async function expectRefusedBoth(body: unknown, code: string) {
  const json = await post(body);
  expect(json.status).toBe(200);
  expectRefused(json.body, code);
  const strict = await post(body, GQL_RESPONSE);
  expect([strict.status, strict.type]).toEqual([400, `${GQL_RESPONSE}; charset=utf-8`]);
  expectRefused(strict.body, code);
  return json.body;
}

beforeAll(async () => {
  stack = await startStack('services', {
    GRAPHQL_MAX_DEPTH: '4',
    GRAPHQL_MAX_COMPLEXITY: '5000',
    GRAPHQL_MAX_TOKENS: '2000',
  });
  alice = await register(stack.base, `lim_${Math.random().toString(36).slice(2, 8)}`);
});
afterAll(async () => stack?.close());

describe('depth and cost limits', () => {
  it('depth: fields nested past the limit are refused with QUERY_TOO_DEEP, also through fragments', async () => {
    expect((await post({ query: `{ games { seats { user { id } } } }` })).body.errors).toBeUndefined(); // depth 4
    const body = await expectRefusedBoth(
      { query: `query Deep { game(id: "x") { game { seats { user { id } } } } }` },
      'QUERY_TOO_DEEP',
    );
    expect(body.errors[0]).toMatchObject({
      message: expect.stringContaining('5 levels deep; the limit is 4'),
      extensions: { depth: 5, limit: 4 },
    });
    await expectRefusedBoth(
      { query: `{ game(id: "x") { ...V } } fragment V on GameView { game { seats { user { ... on User { id } } } } }` },
      'QUERY_TOO_DEEP',
    );
  });

  it('cost: list sizes multiply, with variables; QUERY_TOO_COMPLEX names cost and limit', async () => {
    const q = `query($n: Int) { game(id: "nope") { events(limit: $n) { seq step type data rolls createdAt } } }`;
    const cheap = await post({ query: q, variables: { n: 10 } }, 'application/json', alice.token);
    expect(codes(cheap.body)).toEqual(['NOT_FOUND']); // executed: the game does not exist
    const body = await expectRefusedBoth({ query: q, variables: { n: 1000 } }, 'QUERY_TOO_COMPLEX');
    expect(body.errors[0].extensions).toMatchObject({ limit: 5000, cost: expect.any(Number) });
    expect(body.errors[0].extensions.cost).toBeGreaterThan(5000);
    // Costs are remembered per document and list-size values (limits.ts): each verdict stays its own.
    expect(codes((await post({ query: q, variables: { n: 10 } }, 'application/json', alice.token)).body)).toEqual([
      'NOT_FOUND',
    ]);
    await expectRefusedBoth({ query: q, variables: { n: 1000 } }, 'QUERY_TOO_COMPLEX');
    const skipped = `query($n: Int, $s: Boolean!) { me { id } game(id: "nope") @skip(if: $s) { events(limit: $n) { seq step type data rolls createdAt } } }`;
    expect(
      codes((await post({ query: skipped, variables: { n: 1000, s: true } }, 'application/json', alice.token)).body),
    ).toEqual([]);
    await expectRefusedBoth({ query: skipped, variables: { n: 1000, s: false } }, 'QUERY_TOO_COMPLEX');
  });

  it('views, replays, exports and dry runs cost by their work (issue 23): aliased views are refused, a game page is not', async () => {
    const page = `{ game(id: "nope") { view myPrompts { kind } events(limit: 50) { seq type } } }`;
    expect(codes((await post({ query: page }, 'application/json', alice.token)).body)).toEqual(['NOT_FOUND']);
    const views = Array.from({ length: 13 }, (_, i) => `v${i}: game(id: "nope") { view }`).join(' ');
    const body = await expectRefusedBoth({ query: `{ ${views} }` }, 'QUERY_TOO_COMPLEX');
    expect(body.errors[0].extensions.cost).toBeGreaterThan(5000);
    const exports = Array.from({ length: 3 }, (_, i) => `e${i}: gameExport(gameId: "nope")`).join(' ');
    await expectRefusedBoth({ query: `{ ${exports} }` }, 'QUERY_TOO_COMPLEX');
  });

  it('documents above the token limit are refused before parsing completes', async () => {
    const body = await expectRefusedBoth({ query: `{ ${'__typename '.repeat(2500)} }` }, 'QUERY_TOO_COMPLEX');
    expect(body.errors[0].message).toContain('more than 2000 tokens');
  });
});

describe('introspection', () => {
  it('the standard introspection query (GraphiQL, codegen) works', async () => {
    const r = await post({ query: getIntrospectionQuery() });
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.__schema.queryType.name).toBe('Query');
  });

  it('deeply nested introspection is refused', async () => {
    const body = await expectRefusedBoth(
      { query: `{ __schema { types { fields { type { fields { type { fields { name } } } } } } } }` },
      'GRAPHQL_VALIDATION_FAILED',
    );
    expect(body.errors[0].message).toMatch(/introspection depth/i);
  });

  it('aliased introspection cannot multiply the work', async () => {
    const aliases = Array.from({ length: 3 }, (_, i) => `s${i}: __schema { types { name } }`).join(' ');
    await expectRefusedBoth({ query: `{ ${aliases} }` }, 'QUERY_TOO_COMPLEX');
  });
});

describe('automatic persisted queries', () => {
  const query = `query Modules { modules { id title } run${Date.now()}: __typename }`;
  const hash = sha256(query);
  const ext = (sha256Hash: string, version = 1) => ({ persistedQuery: { version, sha256Hash } });

  it('unknown hash, then register with the query, then by hash alone (POST and GET)', async () => {
    const unknown = await post({ extensions: ext(hash) });
    expectRefused(unknown.body, 'PERSISTED_QUERY_NOT_FOUND');
    expect(unknown.body.errors[0].message).toBe('PersistedQueryNotFound');
    const registered = await post({ query, extensions: ext(hash) });
    expect(registered.body.data.modules.length).toBeGreaterThan(0);
    const byHash = await post({ extensions: ext(hash) });
    expect(byHash.body).toEqual(registered.body);
    const viaGet = await get({ extensions: JSON.stringify(ext(hash)) });
    expect([viaGet.status, viaGet.body]).toEqual([200, registered.body]);
  });

  it('a wrong hash, an unsupported version and an invalid query are never stored', async () => {
    expectRefused((await post({ query, extensions: ext('0'.repeat(64)) })).body, 'PERSISTED_QUERY_MISMATCH');
    expectRefused((await post({ extensions: ext(hash, 2) })).body, 'PERSISTED_QUERY_NOT_SUPPORTED');
    const bad = `{ nope }`;
    expectRefused((await post({ query: bad, extensions: ext(sha256(bad)) })).body, 'GRAPHQL_VALIDATION_FAILED');
    expectRefused((await post({ extensions: ext(sha256(bad)) })).body, 'PERSISTED_QUERY_NOT_FOUND');
  });
});

describe('request errors and media types', () => {
  it('parse, validation and variable errors have distinct codes', async () => {
    await expectRefusedBoth({ query: '{' }, 'GRAPHQL_PARSE_FAILED');
    await expectRefusedBoth({ query: '{ nope }' }, 'GRAPHQL_VALIDATION_FAILED');
    await expectRefusedBoth(
      { query: 'query($id: ID!) { game(id: $id) { viewer } }', variables: { id: null } },
      'INVALID_VARIABLES',
    );
    await expectRefusedBoth({ query: 'query($id: ID!) { game(id: $id) { viewer } }' }, 'INVALID_VARIABLES');
    await expectRefusedBoth({ query: '{ game(id: "a\\u0000b") { viewer } }' }, 'BAD_INPUT');
    // A lone UTF-16 surrogate is not Unicode: graphql-js refuses one in a literal (and the input
    // guard one in variables, below), so it never reaches the database as an INTERNAL.
    await expectRefusedBoth({ query: '{ game(id: "a\\ud800b") { viewer } }' }, 'GRAPHQL_PARSE_FAILED');
  });

  it('bad parameters are 400 BAD_REQUEST (or BAD_INPUT) with the GraphQL error shape', async () => {
    for (const [body, code] of [
      [{ query: 1 }, 'BAD_REQUEST'],
      [{ query: '{ me { id } }', variables: [1] }, 'BAD_REQUEST'],
      [{ query: '{ me { id } }', variables: { x: 'a\u0000' } }, 'BAD_INPUT'],
      [{ query: '{ me { id } }', variables: { x: 'a\ud800' } }, 'BAD_INPUT'],
      [[{ query: '{ me { id } }' }], 'BAD_REQUEST'],
    ] as const) {
      const r = await post(body);
      expect(r.status).toBe(400);
      expectRefused(r.body, code);
    }
  });

  it('executed operations are 200 with field errors in the documented shape', async () => {
    const r = await post({ query: `{ game(id: "nope") { viewer } }` }, GQL_RESPONSE, alice.token);
    expect([r.status, r.type]).toEqual([200, `${GQL_RESPONSE}; charset=utf-8`]);
    expect(r.body.data).toBeNull();
    expect(r.body.errors[0]).toMatchObject({ path: ['game'], extensions: { code: 'NOT_FOUND', details: [] } });
  });

  it('mutations over GET are refused with 405 and Allow: POST', async () => {
    const r = await get({ query: 'mutation { logout(refreshToken: "x") }' });
    expect([r.status, r.headers.get('allow')]).toEqual([405, 'POST']);
    expectRefused(r.body, 'METHOD_NOT_ALLOWED');
    const put = await answer(
      await fetch(`${stack.base}/graphql`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }),
    );
    expect([put.status, put.headers.get('allow')]).toEqual([405, 'GET, POST']);
    expect(codes(put.body)).toEqual(['METHOD_NOT_ALLOWED']);
  });

  it('the Accept header picks the media type by preference', async () => {
    const q = { query: '{ __typename }' };
    expect((await post(q, `${GQL_RESPONSE}, application/json;q=0.9`)).type).toMatch(
      /^application\/graphql-response\+json/,
    );
    expect((await post(q, `application/json, ${GQL_RESPONSE};q=0.5`)).type).toMatch(/^application\/json/);
    expect((await post(q, 'text/html')).type).toMatch(/^application\/json/);
  });

  it('GraphiQL is still served', async () => {
    const res = await fetch(`${stack.base}/graphiql`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
  });

  it('subscriptions are validated like queries', async () => {
    const ws = wsClient(stack.base, alice.token);
    try {
      const bad = collect(ws, `subscription { myTurn { nope } }`);
      const deep = collect(
        ws,
        `subscription { gameEvents(gameId: "x") { events { seq } } gameEvents2: gameEvents(gameId: "y") { gameId } }`,
      );
      await new Promise((r) => setTimeout(r, 1000));
      const first = (bad.errors[0] as any[])?.[0] ?? bad.errors[0];
      expect(first.extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
      const second = (deep.errors[0] as any[])?.[0] ?? deep.errors[0];
      expect(second.extensions.code).toBe('GRAPHQL_VALIDATION_FAILED'); // one root field per subscription
      bad.unsubscribe();
      deep.unsubscribe();
    } finally {
      await ws.dispose();
    }
  });
});
