/**
 * Rate limits of GraphQL over WebSocket (graphql-transport-ws at /graphql): subscribe messages per
 * connection and per credential (shared by two API instances through Redis), connection
 * attempts per credential and per client address. Refused subscriptions get a protocol `error`
 * message in the documented error shape; refused connections are closed with 4429 and a JSON
 * reason, which a graphql-ws client sees as a final close.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createClient } from 'graphql-ws';
import { waitFor } from '../helpers/gql.js';
import { createGame, join, register, type Player } from '../helpers/play.js';
import { expectApiError } from '../helpers/rest.js';
import { startStack, type Stack } from '../helpers/stack.js';

interface Conn {
  ws: WebSocket;
  messages: any[];
  closed: Promise<{ code: number; reason: string }>;
  send(msg: object): void;
  next(pred: (m: any) => boolean, ms?: number): Promise<any>;
}

/** A raw graphql-transport-ws connection (no client library in the way). */
async function connect(base: string, token?: string, init = true): Promise<Conn> {
  const ws = new WebSocket(`${base.replace('http', 'ws')}/graphql`, 'graphql-transport-ws');
  const messages: any[] = [];
  ws.on('message', (d) => messages.push(JSON.parse(String(d))));
  const closed = new Promise<{ code: number; reason: string }>((r) =>
    ws.on('close', (code, reason) => r({ code, reason: String(reason) })),
  );
  await new Promise<void>((ok, fail) => (ws.once('open', () => ok()), ws.once('error', fail)));
  const conn: Conn = {
    ws,
    messages,
    closed,
    send: (msg) => ws.send(JSON.stringify(msg)),
    next: (pred, ms = 10_000) => waitFor(async () => messages.find(pred), ms, 20),
  };
  if (init) conn.send({ type: 'connection_init', payload: token ? { authorization: `Bearer ${token}` } : {} });
  return conn;
}

const EVENTS = `subscription($g:ID!){gameEvents(gameId:$g,afterSeq:0){events{seq type}}}`;
const subscribe = (c: Conn, id: string, gameId: string) =>
  c.send({ id, type: 'subscribe', payload: { query: EVENTS, variables: { g: gameId } } });
/** The answer to operation `id`: its first `next` (accepted: the backlog arrives at once) or its `error`. */
const answer = (c: Conn, id: string) => c.next((m) => m.id === id && (m.type === 'next' || m.type === 'error'));

function expectRateLimited(msg: any, limitedBy: string, limit: number) {
  expect(msg.type, JSON.stringify(msg)).toBe('error');
  expect(msg.payload).toHaveLength(1);
  const e = msg.payload[0];
  expectApiError({ ...e.extensions, message: e.message }, 'RATE_LIMITED');
  expect(e.extensions).toMatchObject({ limitedBy, limit, details: [] });
  expect(e.extensions.retryAfter).toBeGreaterThanOrEqual(1);
  expect(e.extensions.retryAfter).toBeLessThanOrEqual(60);
}

function expectClosedLimited(close: { code: number; reason: string }, limitedBy: string) {
  expect(close.code).toBe(4429);
  expect(Buffer.byteLength(close.reason)).toBeLessThanOrEqual(123);
  const reason = JSON.parse(close.reason);
  expect(reason).toMatchObject({ code: 'RATE_LIMITED', message: expect.any(String), limitedBy });
  expect(reason.retryAfter).toBeGreaterThanOrEqual(1);
}

describe('subscribe messages and connections per credential, across two instances', () => {
  let a: Stack;
  let b: Stack;
  let carol: Player;
  let gameId: string;
  const open: Conn[] = [];

  beforeAll(async () => {
    const id = randomBytes(4).toString('hex');
    const env = {
      API_REDIS_PREFIX: `wsrl${id}:`,
      JWT_SECRET: `ws-secret-${id}`,
      RATE_LIMIT_WINDOW_SECONDS: '60',
      WS_SUBSCRIBES_PER_CONNECTION: '3',
      WS_SUBSCRIBES_PER_TOKEN: '5',
      WS_CONNECTIONS_PER_TOKEN: '4',
    };
    [a, b] = [await startStack('services', env), await startStack('services', env)];
    carol = await register(a.base, `ws_carol_${id}`);
    const dan = await register(a.base, `ws_dan_${id}`);
    gameId = (await createGame(a.base, carol, { module: 'sealed-bid', scenario: 'standard', side: 'north' })).id;
    await join(a.base, dan, gameId, 'south');
  });
  afterAll(async () => {
    for (const c of open) c.ws.terminate();
    await Promise.all([a?.close(), b?.close()]);
  });

  it('per connection: the 4th subscribe is refused with an error message; the connection lives on', async () => {
    const c = await connect(a.base, carol.token);
    open.push(c);
    await c.next((m) => m.type === 'connection_ack');
    for (const id of ['s1', 's2', 's3', 's4']) subscribe(c, id, gameId);
    for (const id of ['s1', 's2', 's3']) expect((await answer(c, id)).type).toBe('next');
    expectRateLimited(await answer(c, 's4'), 'connection', 3);
    // Still open: pings are answered and stopping a subscription works.
    c.send({ type: 'ping' });
    await c.next((m) => m.type === 'pong');
    c.send({ id: 's1', type: 'complete' });
    expect(c.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('per credential: the budget is shared with the other instance; another user has their own', async () => {
    // s1–s3 counted 3 of carol's 5; on instance b two more pass, then the credential is spent.
    const c = await connect(b.base, carol.token);
    open.push(c);
    await c.next((m) => m.type === 'connection_ack');
    for (const id of ['t1', 't2', 't3']) subscribe(c, id, gameId);
    expect((await answer(c, 't1')).type).toBe('next');
    expect((await answer(c, 't2')).type).toBe('next');
    const refused = await answer(c, 't3');
    expectRateLimited(refused, 'token', 5);
    expect(refused.payload[0].message).toMatch(/retry in \d+ s/);

    const dave = await register(b.base, `ws_dave_${randomBytes(3).toString('hex')}`);
    const d = await connect(b.base, dave.token);
    open.push(d);
    // The protocol asks for the acknowledgement first (a subscribe before it closes 4401).
    await d.next((m) => m.type === 'connection_ack');
    subscribe(d, 'u1', gameId);
    expect((await answer(d, 'u1')).type).toBe('next');
  });

  it('connection attempts per credential: beyond the limit the socket closes with 4429', async () => {
    // Carol has initialised 2 connections; 2 more are allowed, on either instance.
    for (const s of [a, b]) {
      const c = await connect(s.base, carol.token);
      open.push(c);
      await c.next((m) => m.type === 'connection_ack');
    }
    const refused = await connect(a.base, carol.token);
    expectClosedLimited(await refused.closed, 'token');
    expect(refused.messages).toEqual([]); // no connection_ack
  });
});

describe('connection attempts per client address', () => {
  let s: Stack;
  beforeAll(
    async () =>
      (s = await startStack('services', {
        API_REDIS_PREFIX: `wsip${randomBytes(4).toString('hex')}:`,
        WS_CONNECTIONS_PER_IP: '2',
      })),
  );
  afterAll(async () => s?.close());

  it('the third upgrade is closed with 4429 at once; a graphql-ws client sees the code and reason', async () => {
    const first = await connect(s.base, undefined, false);
    const second = await connect(s.base, undefined, false);
    const third = await connect(s.base, undefined, false);
    expectClosedLimited(await third.closed, 'ip');
    third.send({ type: 'connection_init', payload: {} }); // ignored: the socket is closing
    expect(third.messages).toEqual([]);
    for (const c of [first, second]) c.ws.terminate();

    // The graphql-ws client library (what apps use) reports the close as final.
    const client = createClient({
      url: `${s.base.replace('http', 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      retryAttempts: 0,
      lazy: true,
    });
    const closed = new Promise<{ code: number; reason: string }>((r) =>
      client.on('closed', (e: any) => r({ code: e.code, reason: e.reason })),
    );
    const errors: unknown[] = [];
    client.subscribe(
      { query: '{ __typename }' },
      { next: () => undefined, error: (e) => errors.push(e), complete: () => undefined },
    );
    expectClosedLimited(await closed, 'ip');
    await waitFor(async () => errors.length > 0);
    await client.dispose();
  });
});
