/**
 * graphql-transport-ws as the protocol (and the README, "Subscriptions over WebSocket") says:
 * each protocol violation closes the socket with its code (4400, 4401, 4403, 4408, 4409, 4429),
 * and subscribes beyond the per-connection limit get RATE_LIMITED `error` messages on an open
 * connection, pings not counted. Raw `ws` client, no library in the way.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { waitFor } from '../helpers/gql.js';
import { createGame, join, register, type Player } from '../helpers/play.js';
import { startStack, type Stack } from '../helpers/stack.js';

interface Conn {
  ws: WebSocket;
  messages: any[];
  closed: Promise<{ code: number; reason: string }>;
  send(msg: object | string): void;
  next(pred: (m: any) => boolean, ms?: number): Promise<any>;
}

async function connect(base: string): Promise<Conn> {
  const ws = new WebSocket(`${base.replace('http', 'ws')}/graphql`, 'graphql-transport-ws');
  const messages: any[] = [];
  ws.on('message', (d) => messages.push(JSON.parse(String(d))));
  const closed = new Promise<{ code: number; reason: string }>((r) =>
    ws.on('close', (code, reason) => r({ code, reason: String(reason) })),
  );
  await new Promise<void>((ok, fail) => (ws.once('open', () => ok()), ws.once('error', fail)));
  return {
    ws,
    messages,
    closed,
    send: (msg) => ws.send(typeof msg === 'string' ? msg : JSON.stringify(msg)),
    next: (pred, ms = 10_000) => waitFor(async () => messages.find(pred), ms, 20),
  };
}

const EVENTS = `subscription($g:ID!){gameEvents(gameId:$g,afterSeq:0){events{seq type}}}`;

describe('graphql-transport-ws close codes and the subscribe limit', () => {
  let s: Stack;
  let carol: Player;
  let gameId: string;
  const open: Conn[] = [];
  const conn = async () => {
    const c = await connect(s.base);
    open.push(c);
    return c;
  };
  const ready = async () => {
    const c = await conn();
    c.send({ type: 'connection_init', payload: { authorization: `Bearer ${carol.token}` } });
    await c.next((m) => m.type === 'connection_ack');
    return c;
  };
  const subscribe = (c: Conn, id: string) =>
    c.send({ id, type: 'subscribe', payload: { query: EVENTS, variables: { g: gameId } } });

  beforeAll(async () => {
    const id = randomBytes(4).toString('hex');
    s = await startStack('services', {
      API_REDIS_PREFIX: `wsp${id}:`,
      WS_SUBSCRIBES_PER_CONNECTION: '3',
      WS_INIT_TIMEOUT_SECONDS: '1',
    });
    carol = await register(s.base, `wsp_carol_${id}`);
    const dan = await register(s.base, `wsp_dan_${id}`);
    gameId = (await createGame(s.base, carol, { module: 'sealed-bid', scenario: 'standard', side: 'north' })).id;
    await join(s.base, dan, gameId, 'south');
  });
  afterAll(async () => {
    for (const c of open) c.ws.terminate();
    await s?.close();
  });

  it('a frame that is not JSON closes 4400', async () => {
    const c = await ready();
    c.send('{not json');
    expect((await c.closed).code).toBe(4400);
    expect(c.messages.filter((m) => m.type === 'error')).toEqual([]);
  });

  it('a subscribe before connection_init closes 4401 Unauthorized', async () => {
    const c = await conn();
    subscribe(c, 'early');
    const close = await c.closed;
    expect(close.code).toBe(4401);
    expect(c.messages).toEqual([]);
  });

  it('a refused token in connection_init closes 4403 Forbidden', async () => {
    const c = await conn();
    c.send({ type: 'connection_init', payload: { authorization: 'Bearer not-a-token' } });
    expect((await c.closed).code).toBe(4403);
    expect(c.messages).toEqual([]);
  });

  it('no connection_init within the init timeout closes 4408', async () => {
    const c = await conn();
    const close = await c.closed;
    expect(close.code).toBe(4408);
  });

  it('a second connection_init closes 4429', async () => {
    const c = await ready();
    c.send({ type: 'connection_init', payload: { authorization: `Bearer ${carol.token}` } });
    expect((await c.closed).code).toBe(4429);
  });

  it('a duplicate subscription id closes 4409; a completed id may be reused', async () => {
    const c = await ready();
    subscribe(c, 'a');
    await c.next((m) => m.id === 'a' && m.type === 'next');
    c.send({ id: 'a', type: 'complete' });
    subscribe(c, 'a'); // reuse after complete is allowed
    await waitFor(async () => c.messages.filter((m) => m.id === 'a' && m.type === 'next').length >= 2, 10_000, 20);
    subscribe(c, 'a');
    const close = await c.closed;
    expect(close.code).toBe(4409);
    expect(close.reason).toBe('Subscriber for a already exists');
  });

  it('subscribes beyond the limit get RATE_LIMITED errors on an open connection; pings do not count', async () => {
    const c = await ready();
    for (let i = 0; i < 150; i++) c.send({ type: 'ping' });
    await waitFor(async () => c.messages.filter((m) => m.type === 'pong').length === 150, 10_000, 20);
    for (const id of ['r1', 'r2', 'r3', 'r4', 'r5']) subscribe(c, id);
    for (const id of ['r1', 'r2', 'r3']) expect((await c.next((m) => m.id === id)).type).toBe('next');
    for (const id of ['r4', 'r5']) {
      const e = await c.next((m) => m.id === id);
      expect(e.type).toBe('error');
      expect(e.payload[0].extensions).toMatchObject({ code: 'RATE_LIMITED', limitedBy: 'connection', limit: 3 });
      expect(e.payload[0].extensions.retryAfter).toBeGreaterThanOrEqual(1);
    }
    c.send({ type: 'ping' });
    await waitFor(async () => c.messages.filter((m) => m.type === 'pong').length === 151, 10_000, 20);
    expect(c.ws.readyState).toBe(WebSocket.OPEN);
  });
});
