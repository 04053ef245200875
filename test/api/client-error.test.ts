/**
 * Raw HTTP that Node's parser refuses (bad request line, oversized headers, broken body framing)
 * is answered with the documented error body, not Node's bare "400 Bad Request", and the
 * connection is closed. Sent over raw TCP sockets, since HTTP clients cannot send such bytes.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientErrorHandler } from '#api/http/client-error.js';
import { expectApiError, expectNoInternals } from '../helpers/rest.js';
import { startStack, type Stack } from '../helpers/stack.js';

let stack: Stack;
let port: number;
beforeAll(async () => {
  stack = await startStack('services');
  port = Number(new URL(stack.base).port);
});
afterAll(async () => stack?.close());

/** Sends raw bytes and reads everything until the server closes the connection. */
function raw(
  bytes: string | Buffer,
): Promise<{ status: number; headers: Record<string, string>; body: string; raw: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => (socket.destroy(), reject(new Error(`no close: ${Buffer.concat(chunks)}`))), 10_000);
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', () => undefined); // a reset after the answer is fine
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('utf8');
      const [head, ...rest] = text.split('\r\n\r\n');
      const [statusLine, ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n'), raw: text });
    });
    socket.write(bytes);
  });
}

const cases: [string, string, number, string, string | null][] = [
  ['a request line that is not HTTP', 'this is not http\r\n\r\n', 400, 'BAD_REQUEST', 'INVALID_REQUEST_LINE'],
  ['a bad HTTP version', 'GET /healthz HTTP/9.x\r\nHost: x\r\n\r\n', 400, 'BAD_REQUEST', 'INVALID_REQUEST_LINE'],
  [
    'headers past the size limit',
    `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    431,
    'HEADERS_TOO_LARGE',
    null,
  ],
  [
    'a header line without a colon',
    'GET /healthz HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n',
    400,
    'BAD_REQUEST',
    'INVALID_HEADER',
  ],
  [
    'a Content-Length that is not a number',
    'POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: abc\r\n\r\n{}',
    400,
    'BAD_REQUEST',
    'INVALID_BODY_FRAMING',
  ],
  [
    'a JSON body with a bad chunk size',
    'POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{"username":"a"}\r\n0\r\n\r\n',
    400,
    'BAD_REQUEST',
    'INVALID_BODY_FRAMING',
  ],
  [
    'Content-Length with Transfer-Encoding (request smuggling)',
    'POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    400,
    'BAD_REQUEST',
    'INVALID_BODY_FRAMING',
  ],
];

describe('malformed raw HTTP gets the documented error body', () => {
  for (const [name, bytes, status, code, detail] of cases) {
    it(`${name}: ${status} ${code}`, async () => {
      const res = await raw(bytes);
      expect(res.status, res.raw.slice(0, 300)).toBe(status);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers.connection).toBe('close');
      expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.body));
      expectNoInternals(res.raw);
      const body = JSON.parse(res.body);
      expectApiError(body.error, code);
      expect(body.error.details.map((d: any) => d.code)).toEqual(detail ? [detail] : []);
    });
  }

  it('a complete request pipelined before bad bytes is answered first, then the error', async () => {
    const res = await raw('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\nnonsense\r\n\r\n');
    expect(res.raw).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(res.raw).toContain('{"status":"ok"}');
    expect(res.raw).toMatch(/HTTP\/1\.1 400 Bad Request[\s\S]*"code":"BAD_REQUEST"/);
  });

  it('writes nothing where it cannot: a socket that is not writable is only closed', () => {
    const written: string[] = [];
    let destroyed = false;
    const socket = {
      destroyed: false,
      writable: false,
      write: (s: string) => written.push(s),
      end: (s: string) => written.push(s),
      destroy: () => (destroyed = true),
    };
    const log = { debug: () => undefined };
    clientErrorHandler.call(
      { log } as never,
      Object.assign(new Error('x'), { code: 'HPE_INVALID_METHOD' }),
      socket as never,
    );
    expect([written, destroyed]).toEqual([[], true]);
    // Nor when an answer to an earlier request is already half sent.
    const busy = { ...socket, writable: true, _httpMessage: { headersSent: true, req: { complete: false } } };
    destroyed = false;
    clientErrorHandler.call(
      { log } as never,
      Object.assign(new Error('x'), { code: 'HPE_INVALID_METHOD' }),
      busy as never,
    );
    expect([written, destroyed]).toEqual([[], true]);
  });
});
