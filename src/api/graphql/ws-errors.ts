/**
 * The one error shape over WebSocket too. Mercurius sends some `error` messages of
 * graphql-transport-ws without our errorFormatter: unparsable documents, variables that do not
 * coerce, malformed protocol messages. Each error of an outgoing `error` message is given
 * `extensions: { code, details }` as over HTTP (graphql/http.ts), and a protocol complaint whose
 * text would name server internals (a TypeError on a missing payload, say) gets a fixed sentence.
 */
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { requestErrorCode } from './limits.js';

/** Mercurius's own fixed sentences for malformed messages; safe to pass on. */
const PROTOCOL_MESSAGES = new Set(['Message must be a JSON string', 'Invalid payload type', 'Must provide document.']);

interface WireError {
  message?: unknown;
  locations?: unknown;
  extensions?: Record<string, unknown>;
  [k: string]: unknown;
}

export function shapeWsError(e: WireError): WireError {
  const message = typeof e.message === 'string' ? e.message : '';
  const ext = e.extensions ?? {};
  if (typeof ext.code === 'string')
    return { ...e, extensions: { ...ext, details: Array.isArray(ext.details) ? ext.details : [] } };
  // A document or variables problem: graphql-js gives it locations (syntax errors have them too).
  if (Array.isArray(e.locations) || message.startsWith('Syntax Error')) {
    return {
      message,
      ...(e.locations ? { locations: e.locations } : {}),
      extensions: { details: [], code: requestErrorCode({ message }) },
    };
  }
  const safe = PROTOCOL_MESSAGES.has(message)
    ? message
    : 'The message is not a valid subscribe message: it needs an id and a payload with a query.';
  return { message: safe, extensions: { code: 'BAD_REQUEST', details: [] } };
}

/** Wraps each connection's `send` so that outgoing `error` messages carry the shape. */
export function shapeWsErrors(app: FastifyInstance) {
  app.websocketServer.on('connection', (socket: WebSocket) => {
    const send = socket.send.bind(socket) as (data: unknown, ...rest: unknown[]) => void;
    socket.send = ((data: unknown, ...rest: unknown[]) => {
      if (typeof data === 'string' && data.includes('"type":"error"')) {
        try {
          const msg = JSON.parse(data);
          if (msg?.type === 'error' && Array.isArray(msg.payload))
            data = JSON.stringify({ ...msg, payload: msg.payload.map(shapeWsError) });
        } catch {
          // not JSON: send as it is
        }
      }
      return send(data, ...rest);
    }) as typeof socket.send;
  });
}
