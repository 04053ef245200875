/**
 * Rate limits for GraphQL over WebSocket at /graphql (README, "Limits"). HTTP limits count only
 * the upgrade request; after it, a client could open subscriptions without end. So:
 * - connection attempts per client address (counted at the upgrade) and per credential (at
 *   `connection_init`): beyond them the socket is closed with code 4429 and a JSON reason
 *   `{"code":"RATE_LIMITED","message",…,"limitedBy","retryAfter"}`;
 * - `subscribe` messages per connection (in the process) and per credential, or per address
 *   without one (shared by every API instance through Redis when configured): beyond them the
 *   operation gets a protocol `error` message whose error has `extensions` in the API's one shape
 *   (code RATE_LIMITED, details, retryAfter, limit, limitedBy); the connection stays open.
 * Counters reuse the HTTP limiter's store (@fastify/rate-limit, http/rate-limit.ts), in the same
 * fixed windows. Messages are checked in arrival order before Mercurius sees them, and subscribe
 * variables pass the same input guard as over HTTP (http/input-guard.ts). Only subscribe messages
 * count toward the pending-check bound, so pings are never a reason to close.
 * The guard also holds graphql-transport-ws to the protocol where Mercurius does not: a frame that
 * is not a JSON object closes 4400, a subscribe before the acknowledgement 4401, a refused
 * connection_init 4403 (instead of a legacy `connection_error` frame), no connection_init within
 * WS_INIT_TIMEOUT_SECONDS 4408, a subscribe reusing a live id 4409, a second connection_init 4429.
 * Outgoing error messages are shaped in ws-errors.ts.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { ApiConfig } from '#platform/config/api.js';
import { findUnsafeJson } from '../http/input-guard.js';
import { metrics } from '#platform/metrics.js';

/** Close code of a refused connection (graphql-ws clients treat it as final: no reconnect loop). */
export const WS_RATE_LIMITED_CLOSE = 4429;
/** Close code of a message that is not a protocol message (graphql-transport-ws). */
export const WS_BAD_MESSAGE_CLOSE = 4400;
/** The other graphql-transport-ws close codes the guard enforces. */
const CLOSE = {
  unauthorized: 4401,
  forbidden: 4403,
  initTimeout: 4408,
  duplicateId: 4409,
  tooManyInits: 4429,
} as const;
/** Messages a client may have waiting for their check; a flood beyond it closes the connection. */
const MAX_PENDING = 64;

const kIp = Symbol('warpost.ws.ip');
const kRefused = Symbol('warpost.ws.refused');
type Raw = IncomingMessage & { [kIp]?: string; [kRefused]?: Verdict };

interface Verdict {
  limitedBy: 'ip' | 'token' | 'connection';
  retryAfter: number;
  limit: number;
}

type Counter = (key: string) => Promise<Verdict | null>;

/** A credential from a connection_init payload, hashed (the secret never becomes a key). */
function credentialOf(payload: unknown): string | null {
  const p = (payload ?? {}) as Record<string, unknown>;
  const raw = p.authorization ?? p.Authorization ?? (p.token ? `Bearer ${String(p.token)}` : undefined);
  const m = typeof raw === 'string' ? /^Bearer\s+(\S+)$/i.exec(raw.trim()) : null;
  return m ? createHash('sha256').update(m[1]).digest('hex').slice(0, 32) : null;
}

function message(v: Verdict, what: 'connections' | 'subscriptions') {
  const where =
    v.limitedBy === 'connection'
      ? 'on this connection'
      : v.limitedBy === 'ip'
        ? 'from this address'
        : 'with this credential';
  return `Too many ${what} ${where}; retry in ${v.retryAfter} s.`;
}

/** The close reason: JSON, at most 123 bytes as WebSocket allows. */
export function closeReason(v: Verdict, what: 'connections' | 'messages' = 'connections') {
  return JSON.stringify({
    code: 'RATE_LIMITED',
    message: `Too many ${what}.`,
    limitedBy: v.limitedBy,
    retryAfter: v.retryAfter,
  });
}

/**
 * Registers the WebSocket server (before Mercurius, which then uses it rather than its own, kept
 * out of reach inside its plugin) with the limits around it.
 */
export async function installWsLimits(app: FastifyInstance, path: string, config: Pick<ApiConfig, 'rateLimit' | 'ws'>) {
  await app.register(websocket, { options: { maxPayload: 1_048_576 } }); // Mercurius's own setting
  const { ws, rateLimit } = config;
  const windowMs = rateLimit.windowMs;
  /** A fixed-window counter in the shared store; null while under `max` (or when it is off). */
  const counter = (max: number, limitedBy: Verdict['limitedBy']): Counter => {
    if (max <= 0) return async () => null;
    const check = app.createRateLimit({
      max,
      timeWindow: windowMs,
      keyGenerator: (req) => (req as unknown as { key: string }).key,
    });
    return async (key) => {
      const r = await check({ key, routeOptions: { config: {} } } as unknown as FastifyRequest);
      return !r.isAllowed && r.isExceeded ? { limitedBy, retryAfter: Math.max(1, r.ttlInSeconds), limit: r.max } : null;
    };
  };
  const connectionsByIp = counter(ws.connectionsPerIp, 'ip');
  const connectionsByToken = counter(ws.connectionsPerToken, 'token');
  const subscribesByToken = counter(ws.subscribesPerToken, 'token');
  const subscribesByIp = counter(ws.subscribesPerToken, 'ip');

  // The upgrade request: remember the client address (trustProxy applies) and count the attempt.
  app.addHook('onRequest', async (req) => {
    if (req.headers.upgrade?.toLowerCase() !== 'websocket' || req.url.split('?')[0] !== path) return;
    const raw = req.raw as Raw;
    raw[kIp] = req.ip;
    raw[kRefused] = (await connectionsByIp(`wsconn:ip:${req.ip}`)) ?? undefined;
  });

  app.websocketServer.on('connection', guard);

  function guard(socket: WebSocket, raw: Raw) {
    const ip = raw[kIp] ?? raw.socket.remoteAddress ?? '';
    let credential: string | null = null;
    let closed = false;
    const perConnection = { start: Date.now(), count: 0 };
    const strict = socket.protocol === 'graphql-transport-ws';
    let initSeen = false;
    let acked = false;
    /** Ids of this connection's operations that have started and not yet completed. */
    const live = new Set<string>();
    const started = (id: string) => live.has(id) || (live.add(id), metrics.openSubscriptions.inc());
    const ended = (id: string) => live.delete(id) && metrics.openSubscriptions.dec();
    socket.once('close', () => (metrics.openSubscriptions.dec(live.size), live.clear()));
    const shut = (code: number, reason: string) => {
      closed = true;
      socket.close(code, reason);
    };
    const initTimer =
      strict && ws.initTimeoutMs > 0
        ? setTimeout(() => initSeen || shut(CLOSE.initTimeout, 'Connection initialisation timeout'), ws.initTimeoutMs)
        : undefined;
    socket.once('close', () => clearTimeout(initTimer));
    // Mercurius's answers tell the guard the connection's state; a refusal becomes 4403.
    const send = socket.send.bind(socket) as (data: unknown, ...rest: unknown[]) => void;
    socket.send = ((data: unknown, ...rest: unknown[]) => {
      if (strict && typeof data === 'string') {
        let out: { type?: string; id?: unknown } = {};
        try {
          out = JSON.parse(data);
        } catch {
          // not a protocol message: nothing to learn from it
        }
        if (out.type === 'connection_ack') acked = true;
        if (out.type === 'connection_error') return shut(CLOSE.forbidden, 'Forbidden');
        if ((out.type === 'complete' || out.type === 'error') && typeof out.id === 'string') ended(out.id);
      }
      return send(data, ...rest);
    }) as typeof socket.send;

    const refuse = (v: Verdict, what: 'connections' | 'messages' = 'connections') => {
      closed = true;
      socket.close(WS_RATE_LIMITED_CLOSE, closeReason(v, what));
    };
    const sendError = (id: unknown, v: Verdict) => {
      const error = {
        message: message(v, 'subscriptions'),
        extensions: {
          code: 'RATE_LIMITED',
          details: [],
          retryAfter: v.retryAfter,
          limit: v.limit,
          limitedBy: v.limitedBy,
        },
      };
      socket.send(JSON.stringify({ id, type: 'error', payload: [error] }));
    };

    /** True when the message may go on to Mercurius. */
    async function admit(data: unknown): Promise<boolean> {
      if (closed) return false;
      let msg: { type?: unknown; id?: unknown; payload?: unknown } | null;
      try {
        msg = JSON.parse(String(data));
      } catch {
        msg = null; // not JSON: closed below
      }
      if (!msg || typeof msg !== 'object' || Array.isArray(msg)) {
        // Not a protocol message at all (Mercurius would fail on it and drop the connection
        // without a word): close as graphql-transport-ws asks, 4400 with a reason.
        closed = true;
        shut(
          WS_BAD_MESSAGE_CLOSE,
          JSON.stringify({ code: 'BAD_REQUEST', message: 'Invalid message received: send a JSON object.' }),
        );
        return false;
      }
      if (msg.type === 'connection_init') {
        if (strict && initSeen) return (shut(CLOSE.tooManyInits, 'Too many initialisation requests'), false);
        initSeen = true;
        clearTimeout(initTimer);
        credential = credentialOf(msg.payload);
        const v = credential ? await connectionsByToken(`wsconn:token:${credential}`) : null;
        if (v) return (refuse(v), false);
        return true;
      }
      if (strict && msg.type === 'complete' && typeof msg.id === 'string') ended(msg.id);
      if (msg.type !== 'subscribe' && msg.type !== 'start') return true;
      if (strict && !acked) return (shut(CLOSE.unauthorized, 'Unauthorized'), false);
      if (strict && typeof msg.id === 'string' && live.has(msg.id))
        return (shut(CLOSE.duplicateId, `Subscriber for ${msg.id.slice(0, 80)} already exists`), false);
      // The same input guard as GraphQL over HTTP (graphql/http.ts): nothing unstorable goes on.
      const payload = (msg.payload ?? {}) as { variables?: unknown; extensions?: unknown };
      const unsafe =
        findUnsafeJson(payload.variables, ['variables']) ?? findUnsafeJson(payload.extensions, ['extensions']);
      if (unsafe) {
        socket.send(
          JSON.stringify({
            id: msg.id,
            type: 'error',
            payload: [
              {
                message: `The request is not valid: ${unsafe.message}`,
                extensions: { code: 'BAD_INPUT', details: [unsafe] },
              },
            ],
          }),
        );
        return false;
      }
      const now = Date.now();
      if (now - perConnection.start >= windowMs) Object.assign(perConnection, { start: now, count: 0 });
      if (ws.subscribesPerConnection > 0 && ++perConnection.count > ws.subscribesPerConnection) {
        const retryAfter = Math.max(1, Math.ceil((perConnection.start + windowMs - now) / 1000));
        return (sendError(msg.id, { limitedBy: 'connection', retryAfter, limit: ws.subscribesPerConnection }), false);
      }
      const v = credential
        ? await subscribesByToken(`wssub:token:${credential}`)
        : await subscribesByIp(`wssub:ip:${ip}`);
      if (v) return (sendError(msg.id, v), false);
      if (typeof msg.id === 'string') started(msg.id);
      return true;
    }

    // Hold each message until its check is done, keeping their order; Mercurius listens after us.
    const emit = socket.emit.bind(socket) as (event: string | symbol, ...args: unknown[]) => boolean;
    let queue = Promise.resolve();
    let pending = 0;
    socket.emit = ((event: string | symbol, ...args: unknown[]) => {
      if (event !== 'message') return emit(event, ...args);
      if (closed) return true;
      const counted = isSubscribe(args[0]);
      if (counted && ++pending > MAX_PENDING) {
        refuse({ limitedBy: 'connection', retryAfter: Math.ceil(windowMs / 1000), limit: MAX_PENDING }, 'messages');
        return true;
      }
      queue = queue.then(async () => {
        let ok = true;
        try {
          ok = await admit(args[0]);
        } catch (err) {
          app.log.warn({ err }, 'websocket limit check failed; message passed on'); // as HTTP limits skip on store errors
        }
        if (counted) pending--;
        if (ok && !closed) emit('message', ...args);
      });
      return true;
    }) as typeof socket.emit;
    // Refused at the upgrade: close at once; anything the client sends meanwhile is dropped above.
    if (raw[kRefused]) refuse(raw[kRefused]);
  }
}

/** A cheap look at a frame: only subscribes (costly checks) count toward the pending bound. */
function isSubscribe(data: unknown) {
  return /"type"\s*:\s*"(subscribe|start)"/.test(String(data));
}
