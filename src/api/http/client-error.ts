/**
 * Requests Node's HTTP parser refuses before Fastify sees them: a bad request line, headers past
 * the size limit, broken framing (a bad Content-Length, a bad chunk size, Content-Length with
 * Transfer-Encoding), a request that arrives too slowly. Where the connection can still take an
 * answer (writable, and no response of an earlier request half written), it gets a minimal
 * HTTP/1.1 response with the API's error body `{ "error": { code, message, details } }`; then
 * the connection is closed, since the bytes after a framing error cannot be trusted. A complete
 * earlier request on the same connection (pipelining) is answered first: unlike Node's default,
 * its answer is not lost.
 */
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { ApiError } from './errors.js';

type Refusal = [status: number, code: string, message: string];

const TOO_LARGE: Refusal = [431, 'HEADERS_TOO_LARGE', 'The request headers are too large.'];
const TIMEOUT: Refusal = [408, 'REQUEST_TIMEOUT', 'The request did not arrive in time.'];
const MALFORMED: Refusal = [400, 'BAD_REQUEST', 'The request is not well-formed HTTP/1.1.'];

/** What was wrong, as one detail with a stable code (Node's llhttp error codes grouped). */
function detailOf(code: string): { code: string; message: string } | null {
  if (/^HPE_INVALID_(METHOD|URL|VERSION|CONSTANT)$/.test(code))
    return { code: 'INVALID_REQUEST_LINE', message: 'The request line is not "METHOD /path HTTP/1.1".' };
  if (
    /^HPE_(INVALID_CONTENT_LENGTH|UNEXPECTED_CONTENT_LENGTH|INVALID_CHUNK_SIZE|INVALID_TRANSFER_ENCODING|CHUNK_EXTENSIONS_OVERFLOW|INVALID_EOF_STATE)$/.test(
      code,
    )
  ) {
    return { code: 'INVALID_BODY_FRAMING', message: 'The body length or chunked encoding is not valid.' };
  }
  if (/^HPE_(INVALID_HEADER_TOKEN|LF_EXPECTED|CR_EXPECTED|INVALID_CHARACTER)$/.test(code))
    return { code: 'INVALID_HEADER', message: 'A header line is not valid.' };
  return null;
}

/** The response for a parser error `code`; exported for tests. */
export function clientErrorResponse(code: string): string {
  const [status, errorCode, message] =
    code === 'HPE_HEADER_OVERFLOW' ? TOO_LARGE : code === 'ERR_HTTP_REQUEST_TIMEOUT' ? TIMEOUT : MALFORMED;
  const detail = detailOf(code);
  const error: ApiError = { code: errorCode, message, details: detail ? [{ ...detail, path: [] }] : [] };
  const body = JSON.stringify({ error });
  const reason = { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' }[status];
  return `HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`;
}

/** Fastify's `clientErrorHandler` option (Node's `clientError` event); `this` is the instance. */
export function clientErrorHandler(this: { log: FastifyBaseLogger }, err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return; // the peer is gone
  this.log.debug({ code: err.code }, 'malformed HTTP request');
  const inFlight = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
  let done = false;
  const answer = () => {
    if (done) return;
    done = true;
    if (!socket.writable) return void socket.destroy();
    socket.end(clientErrorResponse(err.code ?? ''), () => socket.destroy());
  };
  // An answer already under way to a request whose own body broke cannot be finished: close.
  if (!socket.writable || (inFlight?.headersSent && !inFlight.req?.complete)) return void socket.destroy();
  if (inFlight?.req?.complete && !inFlight.writableFinished) {
    inFlight.once('finish', answer).once('close', answer);
    return;
  }
  answer();
}
