/**
 * A value as PostgreSQL's jsonb gives it back: JSON's values only, and each object's keys ordered
 * by their length in UTF-8 bytes, then by those bytes. Modules that iterate over object keys
 * take the same path on a state a process remembers as on one read back. One pass, no JSON text.
 */
import type { Json } from '#engine/contract.js';

/** Whether `s` is all ASCII: then its UTF-8 bytes are its code units, and compare alike. */
function ascii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 0x7f) return false;
  return true;
}

/** jsonb's key order: shorter in UTF-8 first, then bytewise. */
function byStored(a: string, b: string): number {
  if (ascii(a) && ascii(b)) return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
  return Buffer.byteLength(a) - Buffer.byteLength(b) || Buffer.compare(Buffer.from(a), Buffer.from(b));
}

const dropped = (v: unknown) => v === undefined || typeof v === 'function' || typeof v === 'symbol';

export function storedOrder(value: unknown): Json {
  if (value === null || value === undefined) return null;
  switch (typeof value) {
    case 'number':
      // JSON has neither -0 nor the non-finite numbers.
      return Number.isFinite(value) ? (value === 0 ? 0 : value) : null;
    case 'string':
    case 'boolean':
      return value;
    case 'object':
      break;
    default:
      // As JSON.stringify would: a bigint throws, others are not JSON.
      return JSON.parse(JSON.stringify(value) ?? 'null') as Json;
  }
  const o = value as { toJSON?: () => unknown };
  if (typeof o.toJSON === 'function') return storedOrder(o.toJSON());
  if (Array.isArray(value)) return value.map((v) => (dropped(v) ? null : storedOrder(v)));
  const rec = value as Record<string, unknown>;
  const keys = Object.keys(rec).filter((k) => !dropped(rec[k]));
  keys.sort(byStored);
  const out: Record<string, Json> = {};
  for (const k of keys) out[k] = storedOrder(rec[k]);
  return out;
}
