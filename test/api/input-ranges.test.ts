/**
 * The README's limits hold: out-of-range `first`/`limit` are BAD_INPUT (not clamped), an
 * undecodable GET URL on /graphql is a 400, and introspection nesting is capped while the usual
 * introspection query (graphql-js, GraphiQL) still works.
 */
import { randomBytes } from 'node:crypto';
import { getIntrospectionQuery } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql } from '../helpers/gql.js';
import { register, type Player } from '../helpers/play.js';
import { rest } from '../helpers/rest.js';
import { startStack, type Stack } from '../helpers/stack.js';

let s: Stack;
let p: Player;
beforeAll(async () => {
  s = await startStack('services');
  p = await register(s.base, `ir_${randomBytes(3).toString('hex')}`);
});
afterAll(async () => s?.close());

describe('page sizes', () => {
  it.each([
    ['games(first: 0)', '{ games(first: 0) { id } }'],
    ['games(first: 201)', '{ games(first: 201) { id } }'],
    ['games(first: -5)', '{ games(first: -5) { id } }'],
    ['notifications(first: 201)', '{ notifications(first: 201) { id } }'],
  ])('%s is BAD_INPUT', async (_name, query) => {
    const r = await gql(s.base, query, {}, p.token);
    expect(r.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_INPUT',
      details: [expect.objectContaining({ code: 'OUT_OF_RANGE' })],
    });
  });

  it('sizes in range still answer', async () => {
    const r = await gql(
      s.base,
      '{ a: games(first: 1) { id } b: games(first: 200) { id } c: games { id } }',
      {},
      p.token,
    );
    expect(r.errors).toBeUndefined();
  });

  it('the REST mirror refuses them too', async () => {
    expect((await rest(s.base, 'GET', '/games?first=0', { token: p.token })).status).toBe(400);
    expect((await rest(s.base, 'GET', '/games?first=201', { token: p.token })).status).toBe(400);
  });
});

describe('an undecodable GET URL on /graphql', () => {
  it('is a 400 in GraphQL error shape, as on the REST mirror', async () => {
    const res = await fetch(`${s.base}/graphql?query=%E0%A4%A`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as any;
    expect(body.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
    expect((await fetch(`${s.base}/api/v1/games/%E0%A4%A`)).status).toBe(400);
  });
});

describe('introspection nesting', () => {
  it('a 45-level ofType chain is refused with QUERY_TOO_DEEP', async () => {
    const chain = 'ofType { '.repeat(45) + 'name' + ' }'.repeat(45);
    const r = await gql(s.base, `{ __type(name: "Game") { fields { type { ${chain} } } } }`);
    expect(JSON.parse(r.raw).data).toBeUndefined(); // refused before execution
    expect(r.errors?.[0]?.extensions).toMatchObject({ code: 'QUERY_TOO_DEEP', limit: 20 });
    expect(r.errors?.[0]?.message).toMatch(/Introspection nests \d+ levels deep/);
  });

  it('the usual introspection queries still work', async () => {
    for (const q of [
      getIntrospectionQuery(),
      getIntrospectionQuery({
        descriptions: true,
        specifiedByUrl: true,
        directiveIsRepeatable: true,
        schemaDescription: true,
        inputValueDeprecation: true,
      }),
    ]) {
      const r = await gql(s.base, q);
      expect(r.errors).toBeUndefined();
      expect(r.data.__schema.types.length).toBeGreaterThan(10);
    }
  });
});
