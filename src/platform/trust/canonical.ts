/**
 * Canonical hashing (README, "Trust"). Every hash a client may recompute is SHA-256 (lowercase
 * hex) of RFC 8785 JSON Canonicalization (JCS) text: object keys sorted by UTF-16 code units,
 * no whitespace, ECMAScript number formatting, minimal string escapes. We use the
 * `canonicalize` package (by an RFC 8785 author) rather than our own serializer.
 */
import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import { AppError } from '../errors.js';

/** RFC 8785 canonical JSON; values JSON cannot carry (lone surrogates, NaN) are bad input. */
export function jcs(value: unknown): string {
  let text: string | undefined;
  try {
    text = canonicalize(value);
  } catch {
    text = undefined;
  }
  if (text === undefined) {
    throw new AppError('BAD_INPUT', 'The value cannot be written as canonical JSON (RFC 8785).', [
      {
        code: 'NOT_CANONICAL_JSON',
        path: [],
        message: 'Send plain JSON: finite numbers and well-formed Unicode strings.',
      },
    ]);
  }
  return text;
}

export const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The hash of stored orders that receipts carry. */
export const ordersHash = (orders: unknown) => sha256Hex(jcs(orders));

/** A commit–reveal commitment: SHA-256 of the canonical JSON of {"orders": …, "salt": …}. */
export const commitmentOf = (orders: unknown, salt: string) => sha256Hex(jcs({ orders, salt }));

/** Salts are 16–128 characters of [A-Za-z0-9_-] (hex or base64url of at least 12 random bytes). */
export const SALT_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;
export const HASH_PATTERN = /^[0-9a-f]{64}$/;
