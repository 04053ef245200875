/**
 * Property-based fuzzing (fast-check) of GraphQL variables and REST bodies, paths and queries
 * against the real services: whatever arrives, the answer is never a 5xx, never shows a stack
 * trace or internals, and every error has the documented shape (REST responses also match the
 * OpenAPI schemas of their route).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { waitFor } from '../helpers/gql.js';
import { createGame, join, register, SUBMIT, type Player } from '../helpers/play.js';
import { expectApiError, expectNoInternals, OpenApiResponses, rest } from '../helpers/rest.js';
import { startStack, type Stack } from '../helpers/stack.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 200); // FUZZ_RUNS=5000 for a longer local search
let stack: Stack;
let alice: Player;
let readOnly: string;
let gameId: string;
let hookId: string;
let api: OpenApiResponses;

beforeAll(async () => {
  // Webhooks to loopback addresses are allowed (no DNS lookups; nothing is sent: no notifier runs).
  stack = await startStack('services', { WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
  const s = Math.random().toString(36).slice(2, 8);
  alice = await register(stack.base, `fz_alice_${s}`);
  const bob = await register(stack.base, `fz_bob_${s}`);
  gameId = (await createGame(stack.base, alice, { module: 'sealed-bid', scenario: 'standard', side: 'north' })).id;
  await join(stack.base, bob, gameId, 'south');
  readOnly = (await rest(stack.base, 'POST', '/tokens', { token: alice.token, body: { name: 'ro', scopes: ['read'] } }))
    .body.token;
  hookId = (
    await rest(stack.base, 'POST', '/webhooks', { token: alice.token, body: { url: 'http://127.0.0.1:9/hook' } })
  ).body.webhook.id;
  api = new OpenApiResponses(await (await fetch(`${stack.base}/docs/json`)).json());
});
afterAll(async () => stack?.close());

/** Nested arrays/objects deeper than any limit. */
const deep = fc.integer({ min: 40, max: 400 }).map((n) => {
  let v: unknown = 'x';
  for (let i = 0; i < n; i++) v = i % 2 ? [v] : { k: v };
  return v;
});
const nasty = fc.constantFrom(
  '',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '%00',
  '../..',
  '"; DROP TABLE "Game"; --',
  '{"__proto__":1}',
  'x'.repeat(5000),
  '🏃'.repeat(50),
);
/** Any value a client could send, weighted towards the plausible. */
const anyValue = () =>
  fc.oneof(
    { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 2, arbitrary: nasty },
    { weight: 2, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.constantFrom(0, 1, -1, 2 ** 31, 2 ** 53, 1e300)) },
    { weight: 1, arbitrary: deep },
    { weight: 2, arbitrary: fc.constantFrom(null, true, false, [], {}) },
  );
const token = () => fc.constantFrom<string | undefined>(undefined, 'garbage', 'wpt_nope', 'RO', 'ALICE');
const credential = (t: string | undefined) => (t === 'ALICE' ? alice.token : t === 'RO' ? readOnly : t);

const OPERATIONS: [string, string[]][] = [
  [SUBMIT, ['g', 's', 'o', 'k', 'side', 'ready']],
  [
    `mutation($g:ID!,$s:Int!,$o:JSON!,$side:String){validateOrders(gameId:$g,step:$s,orders:$o,side:$side){valid errors{code path message}}}`,
    ['g', 's', 'o', 'side'],
  ],
  [`mutation($i:CreateGameInput!){createGame(input:$i){id seats{side}}}`, ['i']],
  [`mutation($g:ID!,$side:String){joinGame(gameId:$g,side:$side){id}}`, ['g', 'side']],
  [
    `query($g:ID!,$side:String,$a:Int,$l:Int){game(id:$g,side:$side){viewer view myPrompts{kind choices} events(afterSeq:$a,limit:$l){seq}}}`,
    ['g', 'side', 'a', 'l'],
  ],
  [`query($st:GameStatus,$mine:Boolean,$n:Int){games(status:$st,mine:$mine,first:$n){id}}`, ['st', 'mine', 'n']],
  [`mutation($u:String!,$p:String!){login(username:$u,password:$p){accessToken}}`, ['u', 'p']],
  [`mutation($g:ID!,$o:JSON!,$side:String){saveDraft(gameId:$g,orders:$o,side:$side)}`, ['g', 'o', 'side']],
  [
    `mutation($g:ID!,$s:Int!,$r:Boolean!,$side:String){setReady(gameId:$g,step:$s,ready:$r,side:$side)}`,
    ['g', 's', 'r', 'side'],
  ],
  [`mutation($n:String!,$sc:[Scope!]!){createApiToken(name:$n,scopes:$sc){token}}`, ['n', 'sc']],
  [`mutation($g:ID!,$u:String!){invite(gameId:$g,username:$u)}`, ['g', 'u']],
  [
    `mutation($g:ID!,$s:Int!,$c:String!,$k:String!,$side:String){commitOrders(gameId:$g,step:$s,commitment:$c,idempotencyKey:$k,side:$side){commitment revealOpen receipt{signed}}}`,
    ['g', 's', 'c', 'k', 'side'],
  ],
  [
    `mutation($g:ID!,$s:Int!,$o:JSON!,$salt:String!,$k:String!,$side:String){revealOrders(gameId:$g,step:$s,orders:$o,salt:$salt,idempotencyKey:$k,side:$side){ordersHash}}`,
    ['g', 's', 'o', 'salt', 'k', 'side'],
  ],
  [
    `query($g:ID!,$s:Int!,$side:String){replay(gameId:$g,step:$s,side:$side){step view myPrompts{kind} events{seq}}}`,
    ['g', 's', 'side'],
  ],
  [
    `query($g:ID!,$s:Int!,$side:String){adjudicatedOrders(gameId:$g,step:$s,side:$side){orders salt receipts{hash}}}`,
    ['g', 's', 'side'],
  ],
  [`query($g:ID!,$side:String){gameExport(gameId:$g,side:$side)}`, ['g', 'side']],
  [`mutation($wi:WebhookInput!){createWebhook(input:$wi){secret webhook{id}}}`, ['wi']],
  [
    `mutation($w:ID!,$grace:Int){rotateWebhookSecret(id:$w,graceSeconds:$grace){webhook{id previousSecretExpiresAt}}}`,
    ['w', 'grace'],
  ],
  [
    `query($w:ID!,$n:Int,$ds:DeliveryStatus){webhookDeliveries(webhookId:$w,first:$n,status:$ds){id attemptLog{ok}}}`,
    ['w', 'n', 'ds'],
  ],
  [`mutation($pi:ProfileInput!){updateProfile(input:$pi){id profile{displayName bio languages timeZone}}}`, ['pi']],
  [
    `query($u:String!){user(username:$u){id profile{displayName} gamesPlayed{module played} reliability{ratio}}}`,
    ['u'],
  ],
  [`mutation($u:String!){blockUser(username:$u)}`, ['u']],
  [`mutation($e:String!){requestPasswordReset(email:$e)}`, ['e']],
  [`mutation($t:String!,$p:String!){resetPassword(token:$t,newPassword:$p)}`, ['t', 'p']],
  [`mutation($t:String!){confirmEmailChange(token:$t)}`, ['t']],
  [`mutation($p:String!,$e:String!){changeEmail(password:$p,email:$e)}`, ['p', 'e']],
  [`mutation($p:String!,$n:String!){changePassword(currentPassword:$p,newPassword:$n)}`, ['p', 'n']],
];
const hex = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: min, maxLength: max });
const plausible: Record<string, fc.Arbitrary<unknown>> = {
  g: fc.constant('GAME'),
  s: fc.constantFrom(0, 1, 2),
  o: fc.oneof(
    fc.record({ bid: fc.integer({ min: -2, max: 12 }), note: fc.string() }, { requiredKeys: [] }),
    fc.record({ prize: fc.string() }),
  ),
  k: fc.uuid(),
  side: fc.constantFrom('north', 'south', 'east'),
  c: hex(64, 64),
  salt: hex(16, 40),
  w: fc.constant('HOOK'),
  grace: fc.integer({ min: -5, max: 700_000 }),
  ds: fc.constantFrom('SENT', 'FAILED', 'NOPE'),
  pi: fc.record(
    {
      displayName: fc.string(),
      bio: fc.string({ maxLength: 600 }),
      languages: fc.array(fc.constantFrom('en', 'fr-CA', 'xx-', '<b>', '')),
      timeZone: fc.constantFrom('UTC', 'Europe/Paris', 'Nowhere'),
    },
    { requiredKeys: [] },
  ),
  e: fc.constantFrom('someone@example.invalid', 'not an address', ''),
  wi: fc.record(
    {
      url: fc.constantFrom('http://127.0.0.1:9/h', 'ftp://x', 'not a url', 'http://u:p@h/'),
      kinds: fc.array(fc.constantFrom('GAME_STARTED', 'NOPE')),
      format: fc.constantFrom('JSON', 'XML'),
    },
    { requiredKeys: ['url'] },
  ),
  i: fc.record(
    {
      module: fc.constantFrom('sealed-bid', 'chess'),
      scenario: fc.constantFrom('short', 'x'),
      options: fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 2 })),
      timeControl: fc.record(
        { preset: fc.constantFrom('none', 'custom', '__proto__', 'toString', 'fast'), stepSeconds: fc.integer() },
        { requiredKeys: [] },
      ),
    },
    { requiredKeys: ['module', 'scenario'] },
  ),
};
const withGame = (v: unknown) => (v === 'GAME' ? gameId : v === 'HOOK' ? hookId : v);
/** Lone surrogates cannot be percent-encoded; the raw ids above cover malformed encodings. */
const wellFormed = (s: string) =>
  s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

describe('fuzzing', () => {
  it(
    `GraphQL variables (${RUNS} runs)`,
    async () => {
      const request = fc.record({
        op: fc.nat(OPERATIONS.length - 1),
        vars: fc.dictionary(
          fc.constantFrom(
            'g',
            's',
            'o',
            'k',
            'side',
            'ready',
            'i',
            'a',
            'l',
            'st',
            'mine',
            'n',
            'u',
            'p',
            'r',
            'sc',
            'c',
            'salt',
            'w',
            'grace',
            'ds',
            'wi',
            'pi',
            'e',
            't',
            'zz',
          ),
          fc.tuple(fc.boolean(), anyValue()),
          { maxKeys: 8 },
        ),
        accept: fc.constantFrom(undefined, 'application/json', 'application/graphql-response+json', '*/*', 'text/html'),
        token: token(),
      });
      await fc.assert(
        fc.asyncProperty(request, async ({ op, vars, accept, token: t }) => {
          const [query, names] = OPERATIONS[op];
          const variables: Record<string, unknown> = {};
          for (const [name, [usePlausible, value]] of Object.entries(vars)) {
            variables[name] = withGame(usePlausible && plausible[name] ? fc.sample(plausible[name], 1)[0] : value);
          }
          for (const name of names)
            if (!(name in vars) && plausible[name]) variables[name] = withGame(fc.sample(plausible[name], 1)[0]);
          const auth = credential(t);
          const res = await fetch(`${stack.base}/graphql`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              ...(accept ? { accept } : {}),
              ...(auth ? { authorization: `Bearer ${auth}` } : {}),
            },
            body: JSON.stringify({ query, variables }),
          });
          const raw = await res.text();
          expect(res.status, raw).toBeLessThan(500);
          expectNoInternals(raw);
          const body = JSON.parse(raw);
          if (res.status >= 400) expect(body.data).toBeUndefined();
          for (const e of body.errors ?? []) expectApiError({ ...e.extensions, message: e.message });
          // A field error may not hide a server fault either.
          expect(
            (body.errors ?? []).map((e: any) => e.extensions.code),
            raw,
          ).not.toContain('INTERNAL');
          expect(body.errors ?? body.data, raw).toBeTruthy();
        }),
        { numRuns: RUNS },
      );
    },
    RUNS * 200 + 60_000,
  );

  it(
    `REST bodies, paths and queries (${RUNS} runs)`,
    async () => {
      const routes: [string, string, string[]][] = [
        ['POST', '/auth/register', ['username', 'password']],
        ['POST', '/auth/login', ['username', 'password']],
        ['POST', '/auth/refresh', ['refreshToken']],
        ['POST', '/auth/logout', ['refreshToken']],
        ['POST', '/tokens', ['name', 'scopes']],
        ['DELETE', '/tokens/{tokenId}', []],
        ['GET', '/games', ['status', 'mine', 'first']],
        ['POST', '/games', ['module', 'scenario', 'options', 'timeControl', 'isPublic', 'allowMultiSeat', 'side']],
        ['POST', '/games/{gameId}/join', ['side']],
        ['POST', '/games/{gameId}/leave', ['side']],
        ['POST', '/games/{gameId}/invitations', ['username']],
        ['GET', '/games/{gameId}', ['side']],
        ['GET', '/games/{gameId}/events', ['side', 'afterSeq', 'limit']],
        ['POST', '/games/{gameId}/orders', ['step', 'orders', 'idempotencyKey', 'side', 'ready']],
        ['POST', '/games/{gameId}/orders/validate', ['step', 'orders', 'side']],
        ['POST', '/games/{gameId}/ready', ['step', 'ready', 'side']],
        ['GET', '/games/{gameId}/draft', ['side']],
        ['PUT', '/games/{gameId}/draft', ['orders', 'side']],
        ['POST', '/games/{gameId}/commitments', ['step', 'commitment', 'idempotencyKey', 'side']],
        ['POST', '/games/{gameId}/reveal', ['step', 'orders', 'salt', 'idempotencyKey', 'side']],
        ['GET', '/games/{gameId}/steps/{step}/orders', ['side']],
        ['GET', '/games/{gameId}/steps/{step}/replay', ['side']],
        ['GET', '/games/{gameId}/export', ['side']],
        ['GET', '/webhooks', []],
        ['POST', '/webhooks', ['url', 'format', 'gameId', 'kinds']],
        ['PATCH', '/webhooks/{webhookId}', ['url', 'format', 'kinds', 'enabled']],
        ['DELETE', '/webhooks/{webhookId}', []],
        ['POST', '/webhooks/{webhookId}/rotate-secret', ['graceSeconds']],
        ['GET', '/webhooks/{webhookId}/deliveries', ['first', 'status']],
        ['POST', '/webhooks/{webhookId}/test', []],
        ['POST', '/webhook-deliveries/{deliveryId}/redeliver', []],
        ['POST', '/account/password', ['currentPassword', 'newPassword']],
        ['POST', '/account/reset-password', ['email']],
        ['POST', '/account/reset-password/confirm', ['token', 'newPassword']],
        ['POST', '/account/email', ['password', 'email']],
        ['POST', '/account/email/confirm', ['token']],
        ['PATCH', '/account/profile', ['displayName', 'timeZone', 'languages', 'bio']],
        ['GET', '/account/export', []],
        ['GET', '/account/blocks', []],
        ['POST', '/account/blocks', ['username']],
        ['DELETE', '/account/blocks/{username}', []],
        ['GET', '/users/{username}', []],
      ];
      /** Plausible values for some fields, so that requests also get past the schemas. */
      const restPlausible: Record<string, fc.Arbitrary<unknown>> = {
        step: fc.constantFrom(0, 1, 2),
        commitment: hex(64, 64),
        salt: hex(16, 40),
        idempotencyKey: fc.uuid(),
        orders: plausible.o,
        url: fc.constantFrom('http://127.0.0.1:9/h', 'https://example.invalid/x', 'ftp://x'),
        kinds: fc.array(fc.constantFrom('GAME_STARTED', 'YOUR_TURN', 'NOPE')),
        graceSeconds: fc.integer({ min: -1, max: 700_000 }),
        side: plausible.side,
      };
      const request = fc.record({
        route: fc.nat(routes.length - 1),
        id: fc.oneof(
          fc.constant('GAME'),
          fc.constant('HOOK'),
          fc.uuid(),
          fc.string({ unit: 'binary', maxLength: 30 }),
          nasty,
        ),
        stepParam: fc.oneof(fc.nat(4), fc.constantFrom('-1', '1.5', 'x', '99999999999')),
        rawId: fc.option(fc.constantFrom('%E0%A4%A', '%00', '%ED%A0%80', '..%2F..', '%', ''), { freq: 4 }),
        fields: fc.array(fc.tuple(fc.nat(10), fc.boolean(), anyValue()), { maxLength: 7 }),
        shape: fc.constantFrom('object', 'object', 'object', 'value', 'text', 'none'),
        other: anyValue(),
        text: fc.string({ maxLength: 50 }),
        token: token(),
      });
      await fc.assert(
        fc.asyncProperty(request, async ({ route, id, stepParam, rawId, fields, shape, other, text, token: t }) => {
          const [method, template, names] = routes[route];
          const values = Object.fromEntries(
            fields.map(([i, usePlausible, v]) => {
              const name = names[i] ?? `x${i}`;
              return [name, usePlausible && restPlausible[name] ? fc.sample(restPlausible[name], 1)[0] : v];
            }),
          );
          const path = template.replace(/\{\w+\}/g, (param) =>
            param === '{step}'
              ? encodeURIComponent(String(stepParam))
              : (rawId ?? encodeURIComponent(wellFormed(String(withGame(id))))),
          );
          const opts: Parameters<typeof rest>[3] = { token: credential(t) };
          let query = '';
          if (method === 'GET')
            query = `?${new URLSearchParams(Object.entries(values).map(([k, v]): [string, string] => [k, typeof v === 'string' ? v : (JSON.stringify(v) ?? '')]))}`;
          else if (shape === 'object') opts.body = values;
          else if (shape === 'value') opts.body = other;
          else if (shape === 'text')
            Object.assign(opts, { rawBody: text, headers: { 'content-type': 'application/json' } });
          const res = await rest(stack.base, method, path + query, opts);
          expect(res.status, res.raw).toBeLessThan(500);
          expectNoInternals(res.raw);
          expect(res.body, res.raw).toBeDefined();
          if (res.status >= 400) expectApiError(res.body.error);
          api.check(method, `/api/v1${template}`, res);
        }),
        { numRuns: RUNS },
      );
    },
    RUNS * 200 + 60_000,
  );

  it(
    `GraphQL over WebSocket: subscribe messages and their variables (${RUNS} runs)`,
    async () => {
      const SUBSCRIPTIONS = [
        `subscription($g:ID!,$side:String,$a:Int){gameEvents(gameId:$g,side:$side,afterSeq:$a){step events{seq type}}}`,
        `subscription{myTurn{gameId step sides}}`,
        `subscription{lobbyChanges{gameId status}}`,
        `subscription($g:ID!){gameEvents(gameId:$g){nope}}`,
        `subscription{`,
        `query{me{id}}`,
      ];
      const messages: any[] = [];
      let ws: WebSocket;
      let closed: { code: number; reason: string } | null = null;
      const open = async () => {
        ws = new WebSocket(`${stack.base.replace('http', 'ws')}/graphql`, 'graphql-transport-ws');
        closed = null;
        ws.on('message', (d) => messages.push(JSON.parse(String(d))));
        ws.on('close', (code, reason) => (closed = { code, reason: String(reason) }));
        await new Promise((ok) => ws.once('open', ok));
        ws.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${alice.token}` } }));
        await waitFor(async () => messages.some((m) => m.type === 'connection_ack'));
        messages.length = 0;
      };
      await open();
      const message = fc.oneof(
        {
          weight: 4,
          arbitrary: fc.record({
            doc: fc.nat(SUBSCRIPTIONS.length - 1),
            vars: fc.dictionary(fc.constantFrom('g', 'side', 'a', 'zz'), fc.tuple(fc.boolean(), anyValue()), {
              maxKeys: 4,
            }),
          }),
        },
        {
          weight: 1,
          arbitrary: fc.record({
            raw: fc.oneof(
              fc.jsonValue({ maxDepth: 2 }),
              fc.record({ type: fc.constant('subscribe'), payload: fc.jsonValue({ maxDepth: 2 }) }),
            ),
          }),
        },
      );
      let n = 0;
      await fc.assert(
        fc.asyncProperty(message, async (m) => {
          const id = `f${++n}`;
          const notAnObject = 'raw' in m && (m.raw === null || typeof m.raw !== 'object' || Array.isArray(m.raw));
          if ('raw' in m)
            ws.send(
              JSON.stringify(m.raw && typeof m.raw === 'object' && !Array.isArray(m.raw) ? { id, ...m.raw } : m.raw),
            );
          else {
            const variables: Record<string, unknown> = {};
            for (const [k, [usePlausible, v]] of Object.entries(m.vars))
              variables[k] = withGame(usePlausible ? (k === 'a' ? 0 : k === 'side' ? 'north' : 'GAME') : v);
            ws.send(JSON.stringify({ id, type: 'subscribe', payload: { query: SUBSCRIPTIONS[m.doc], variables } }));
          }
          // Whatever comes back for this id (an immediate error, or the backlog) must be shaped.
          await waitFor(async () => messages.some((x) => x.id === id), 150, 10).catch(() => undefined);
          if (notAnObject) {
            // Not a protocol message: the connection is closed with 4400 and a structured reason.
            await waitFor(async () => closed);
            expect(closed!.code).toBe(4400);
            expect(JSON.parse(closed!.reason)).toMatchObject({ code: 'BAD_REQUEST', message: expect.any(String) });
            return void (await open());
          }
          ws.send(JSON.stringify({ id, type: 'complete' }));
          expect(closed).toBeNull();
          for (const x of messages.filter((y) => y.id === id || y.type === 'error')) {
            expectNoInternals(JSON.stringify(x));
            const errors = x.type === 'error' ? x.payload : (x.payload?.errors ?? []);
            if (x.type === 'error') expect(Array.isArray(errors) && errors.length > 0, JSON.stringify(x)).toBe(true);
            for (const e of errors) {
              expectApiError({ ...e.extensions, message: e.message });
              expect(e.extensions.code, JSON.stringify(x)).not.toBe('INTERNAL');
            }
          }
          messages.length = 0;
        }),
        { numRuns: RUNS },
      );
      // The connection survived all of it.
      ws!.send(JSON.stringify({ type: 'ping' }));
      await waitFor(async () => messages.some((m) => m.type === 'pong'));
      ws!.terminate();
    },
    RUNS * 300 + 60_000,
  );
});
