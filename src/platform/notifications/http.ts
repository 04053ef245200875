/**
 * Outgoing HTTP for webhooks and Web Push. Receivers are chosen by users, so every request is
 * guarded: http(s) only, no credentials in the URL, no private, loopback or link-local target
 * (checked on the address actually connected to, so DNS rebinding does not get around it),
 * a hard timeout, no redirects, and at most a small part of the answer read.
 */
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { AppError } from '../errors.js';

/** Control characters (tab and newline kept): stripped from a receiver's answer before it is stored. */
// eslint-disable-next-line no-control-regex -- control characters are what this strips
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['2001:db8::', 32],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** True for addresses a user-supplied URL must not reach (unless the operator allows it). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPrivateAddress(mapped[1]);
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) return blocked.check(address, 'ipv6');
  return true; // not an address at all: refuse
}

const bad = (code: string, message: string, field: string) =>
  new AppError('BAD_INPUT', message, [{ code, path: [field], message }]);

/** Checks a receiver URL when it is registered: syntax, scheme, and where its host resolves. */
export async function checkReceiverUrl(raw: string, opts: { allowPrivate: boolean; field: string }): Promise<URL> {
  if (typeof raw !== 'string' || raw.length > 2048)
    throw bad('INVALID_URL', 'A URL has at most 2048 characters.', opts.field);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw bad('INVALID_URL', `"${raw.slice(0, 100)}" is not a URL.`, opts.field);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw bad('UNSUPPORTED_SCHEME', 'Only http and https URLs are accepted.', opts.field);
  if (url.username || url.password)
    throw bad('CREDENTIALS_IN_URL', 'Put no user name or password in the URL.', opts.field);
  if (opts.allowPrivate) return url;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await dns.promises.lookup(host, { all: true })).map((a) => a.address);
    } catch {
      throw bad('UNRESOLVABLE_HOST', `The host "${host}" does not resolve.`, opts.field);
    }
  }
  if (addresses.some(isPrivateAddress)) {
    throw bad(
      'PRIVATE_ADDRESS',
      `The host "${host}" is a private, loopback or link-local address; this server does not call those.`,
      opts.field,
    );
  }
  return url;
}

/** DNS lookup that refuses private answers at connect time. */
const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(
    hostname,
    options as dns.LookupAllOptions,
    (err: NodeJS.ErrnoException | null, address: unknown, family?: number) => {
      if (err) return (callback as (e: Error | null, a?: unknown, f?: number) => void)(err);
      const list = (Array.isArray(address) ? address : [{ address, family }]) as { address: string }[];
      const refused = list.find((a) => isPrivateAddress(a.address));
      if (refused)
        return (callback as (e: Error) => void)(new Error(`refused to connect to private address ${refused.address}`));
      (callback as (e: null, a: unknown, f?: number) => void)(null, address, family);
    },
  );
};

export interface PostResult {
  status: number;
  /** The first bytes of the answer, as text. */
  excerpt: string;
  durationMs: number;
}

export interface PostOptions {
  timeoutMs: number;
  allowPrivate: boolean;
  /** Bytes read from the answer; the rest is discarded and the connection closed. */
  maxResponseBytes?: number;
}

export function post(
  target: string,
  body: string | Buffer,
  headers: Record<string, string | number>,
  opts: PostOptions,
): Promise<PostResult> {
  const started = Date.now();
  const url = new URL(target);
  const limit = opts.maxResponseBytes ?? 64 * 1024;
  return new Promise((resolve, reject) => {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (!opts.allowPrivate && isIP(host) && isPrivateAddress(host))
      return reject(new Error(`refused to connect to private address ${host}`));
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return reject(new Error('unsupported URL scheme'));
    const lib = url.protocol === 'https:' ? https : http;
    const req = lib.request(url, {
      method: 'POST',
      headers: { 'content-length': Buffer.byteLength(body), ...headers },
      lookup: opts.allowPrivate ? undefined : guardedLookup,
      agent: false,
    });
    const timer = setTimeout(() => req.destroy(new Error(`timed out after ${opts.timeoutMs} ms`)), opts.timeoutMs);
    req.on('error', (e) => {
      clearTimeout(timer);
      reject(new Error(describeError(e)));
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const finish = () => {
        clearTimeout(timer);
        const text = Buffer.concat(chunks).subarray(0, 1024).toString('utf8').replace(CONTROL, '');
        resolve({ status: res.statusCode ?? 0, excerpt: text, durationMs: Date.now() - started });
      };
      res.on('data', (c: Buffer) => {
        if (size < limit) chunks.push(c.subarray(0, limit - size));
        size += c.length;
        if (size >= limit) {
          res.destroy(); // an oversized answer is cut off; its status still counts
          finish();
        }
      });
      res.on('end', finish);
      res.on('error', finish);
    });
    req.end(body);
  });
}

function describeError(e: Error & { code?: string }): string {
  // Connection errors name the receiver only, never anything of ours.
  return e.code ? `${e.code}: ${e.message}`.slice(0, 300) : e.message.slice(0, 300);
}
