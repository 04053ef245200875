import { describe, expect, it } from 'vitest';
import { DEFAULT_SCRYPT, hashPassword, needsRehash, verifyPassword } from './passwords.js';

/** The parameters every hash had before they rose (N = 2^14). */
const OLD = { N: 16384, r: 8, p: 1 };

describe('password hashes', () => {
  it('new hashes use N = 2^17, r = 8, p = 1 (OWASP) and verify', async () => {
    expect(DEFAULT_SCRYPT).toEqual({ N: 131072, r: 8, p: 1 });
    const h = await hashPassword('correct horse battery');
    expect(h).toMatch(/^scrypt\$131072\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(await verifyPassword('correct horse battery', h)).toBe(true);
    expect(await verifyPassword('wrong horse battery', h)).toBe(false);
    expect(needsRehash(h)).toBe(false);
  });

  it('an old-format hash still verifies with its own parameters, and asks to be rehashed', async () => {
    const old = await hashPassword('correct horse battery', OLD);
    expect(old.startsWith('scrypt$16384$8$1$')).toBe(true);
    expect(await verifyPassword('correct horse battery', old)).toBe(true);
    expect(await verifyPassword('correct horse batterY', old)).toBe(false);
    expect(needsRehash(old)).toBe(true);
    expect(needsRehash(old, OLD)).toBe(false);
  });

  it('refuses malformed or outrageous stored parameters without running them', async () => {
    const h = await hashPassword('correct horse battery', OLD);
    const [, , , , salt, key] = h.split('$');
    for (const bad of [
      `scrypt$${2 ** 24}$8$1$${salt}$${key}`,
      `scrypt$1000$8$1$${salt}$${key}`,
      `bcrypt$16384$8$1$${salt}$${key}`,
      'scrypt$16384$8$1$',
      '',
    ]) {
      expect(await verifyPassword('correct horse battery', bad), bad).toBe(false);
      expect(needsRehash(bad)).toBe(true);
    }
  });
});
