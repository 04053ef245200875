/** Canonical hashing (RFC 8785) and the commitment and receipt forms built on it. */
import { createHash, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SeededDice } from '#engine/dice.js';
import { jcs as canonicalJson } from './canonical.js';
import { commitmentOf, jcs, ordersHash, SALT_PATTERN } from './canonical.js';
import { publicJwkOf, thumbprint } from './keys.js';
import { signReceipt, verifyReceipt } from './receipts.js';

const sha = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

describe('RFC 8785 canonical JSON', () => {
  it('formats numbers, strings and literals as in the RFC 8785 example (section 3.2.2)', () => {
    const input = JSON.parse(
      '{"numbers":[333333333.33333329,1E30,4.50,2e-3,0.000000000000000000000000001],"string":"\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/","literals":[null,true,false]}',
    );
    expect(jcs(input)).toBe(
      '{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}',
    );
  });

  it('sorts keys by UTF-16 code units (RFC 8785 section 3.2.3)', () => {
    const input = {
      '\u20ac': 'Euro Sign',
      '\r': 'Carriage Return',
      '\ufb33': 'Hebrew Letter Dalet With Dagesh',
      '1': 'One',
      '\ud83d\ude00': 'Emoji: Grinning Face',
      '\u0080': 'Control',
      '\u00f6': 'Latin Small Letter O With Diaeresis',
    };
    const order = ['\r', '1', '\u0080', '\u00f6', '\u20ac', '\ud83d\ude00', '\ufb33'] as (keyof typeof input)[];
    expect(jcs(input)).toBe(`{${order.map((k) => `${JSON.stringify(k)}:${JSON.stringify(input[k])}`).join(',')}}`);
  });

  it('ignores key order and whitespace, keeps array order', () => {
    expect(jcs({ b: [2, 1], a: { y: 1, x: null } })).toBe('{"a":{"x":null,"y":1},"b":[2,1]}');
    expect(ordersHash({ bid: 3, note: 'x' })).toBe(ordersHash(JSON.parse('{ "note" : "x", "bid" : 3.0 }')));
    expect(ordersHash([1, 2])).not.toBe(ordersHash([2, 1]));
  });

  it('refuses what JSON cannot carry with a structured error', () => {
    expect(() => jcs({ note: 'bad \ud800' })).toThrow(expect.objectContaining({ code: 'BAD_INPUT' }));
    expect(() => jcs(Number.NaN)).toThrow(expect.objectContaining({ code: 'BAD_INPUT' }));
  });

  it('is what the platform hashes orders with', () => {
    expect(canonicalJson({ z: 1, a: [true, 'é'] })).toBe('{"a":[true,"é"],"z":1}');
  });
});

describe('commitments', () => {
  const salt = '0123456789abcdef0123';
  it('are SHA-256 of the canonical {orders, salt}, as documented', () => {
    expect(commitmentOf({ note: 'x', bid: 3 }, salt)).toBe(sha(`{"orders":{"bid":3,"note":"x"},"salt":"${salt}"}`));
  });

  it('bind the orders and the salt', () => {
    const c = commitmentOf({ bid: 3 }, salt);
    expect(commitmentOf({ bid: 4 }, salt)).not.toBe(c);
    expect(commitmentOf({ bid: 3 }, `${salt}0`)).not.toBe(c);
  });

  it('accept salts of 16 to 128 URL-safe characters only', () => {
    expect(SALT_PATTERN.test(salt)).toBe(true);
    expect(SALT_PATTERN.test('short')).toBe(false);
    expect(SALT_PATTERN.test('a|b'.repeat(8))).toBe(false);
    expect(SALT_PATTERN.test('x'.repeat(129))).toBe(false);
  });
});

describe('receipts and dice', () => {
  it('sign the canonical payload; any change breaks the signature', () => {
    const { privateKey } = generateKeyPairSync('ed25519');
    const jwk = publicJwkOf(privateKey);
    expect(jwk.kid).toBe(thumbprint(jwk.x));
    const r = signReceipt(
      { privateKey, jwk, keyId: jwk.kid },
      { kind: 'orders', gameId: 'g', step: 1, side: 'north', hash: ordersHash({ bid: 1 }), seedHash: 'h' },
    );
    expect(r.signed).toBe(jcs({ ...r, signature: undefined, signed: undefined }));
    expect(verifyReceipt(r, jwk)).toBe(true);
    expect(verifyReceipt({ ...r, hash: ordersHash({ bid: 2 }) }, jwk)).toBe(false);
    expect(verifyReceipt({ ...r, step: 2 }, jwk)).toBe(false);
  });

  it('depend on the secret seed and on every revealed salt, not on the published hash', () => {
    const seed = 'a'.repeat(64);
    const roll = (key: ConstructorParameters<typeof SeededDice>[0]) => {
      const d = new SeededDice(key);
      return Array.from({ length: 16 }, () => d.d6('x')).join('');
    };
    const base = roll({ seed, gameId: 'g', step: 3, salts: ['s1', 's2'] });
    expect(roll({ seed, gameId: 'g', step: 3, salts: ['s2', 's1'] })).toBe(base); // order-free
    expect(roll({ seed, gameId: 'g', step: 3, salts: ['s1'] })).not.toBe(base);
    expect(roll({ seed: sha(seed), gameId: 'g', step: 3, salts: ['s1', 's2'] })).not.toBe(base);
  });
});
