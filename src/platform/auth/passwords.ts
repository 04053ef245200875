/**
 * Password hashing with scrypt (node:crypto). Each hash carries its parameters
 * (`scrypt$N$r$p$salt$key`), so the cost can rise without invalidating old hashes: a hash made with
 * other parameters still verifies, and the login that verifies it stores a new one (needsRehash).
 * The default follows OWASP's password storage guidance for scrypt: N = 2^17, r = 8, p = 1.
 */
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

export const DEFAULT_SCRYPT: ScryptParams = { N: 2 ** 17, r: 8, p: 1 };
const KEYLEN = 32;
/** Stored parameters beyond this are refused rather than run (a corrupt row must not eat the memory). */
const MAX_N = 2 ** 20;

const scrypt = (pw: string, salt: Buffer, len: number, opts: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(pw, salt, len, opts, (err, key) => (err ? reject(err) : resolve(key))),
  );

/** scrypt needs 128·N·r·p bytes; Node's default limit (32 MiB) is below N = 2^17. */
const maxmem = ({ N, r, p }: ScryptParams) => 128 * N * r * p + 16 * 1024 * 1024;

export async function hashPassword(password: string, params: ScryptParams = DEFAULT_SCRYPT): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEYLEN, { ...params, maxmem: maxmem(params) });
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

function parse(stored: string) {
  const [kind, n, r, p, salt, hash] = stored.split('$');
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  const sane =
    Number.isInteger(params.N) &&
    params.N > 1 &&
    params.N <= MAX_N &&
    (params.N & (params.N - 1)) === 0 &&
    params.r >= 1 &&
    params.r <= 32 &&
    params.p >= 1 &&
    params.p <= 16;
  return kind === 'scrypt' && salt && hash && sane ? { params, salt, hash } : undefined;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const h = parse(stored);
  if (!h) return false;
  const expected = Buffer.from(h.hash, 'base64url');
  const key = await scrypt(password, Buffer.from(h.salt, 'base64url'), expected.length, {
    ...h.params,
    maxmem: maxmem(h.params),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** True when `stored` was made with other parameters than `params` (then hash the password again). */
export function needsRehash(stored: string, params: ScryptParams = DEFAULT_SCRYPT): boolean {
  const h = parse(stored);
  return !h || h.params.N !== params.N || h.params.r !== params.r || h.params.p !== params.p;
}

/** A hash of a random password, verified against when the user does not exist (same timing). */
const dummies = new Map<number, Promise<string>>();
export function dummyHash(params: ScryptParams = DEFAULT_SCRYPT): Promise<string> {
  let d = dummies.get(params.N);
  if (!d) dummies.set(params.N, (d = hashPassword(randomBytes(12).toString('hex'), params)));
  return d;
}
