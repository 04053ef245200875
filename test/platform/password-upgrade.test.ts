/** A hash made with older scrypt parameters is replaced by one with the current ones at the next login. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '#platform/auth/passwords.js';
import { withPg } from '../helpers/db.js';
import { gql } from '../helpers/gql.js';
import { register } from '../helpers/play.js';
import { startStack, type Stack } from '../helpers/stack.js';

const LOGIN = `mutation($u:String!,$p:String!){login(username:$u,password:$p){accessToken}}`;
const storedHash = (username: string) =>
  withPg(
    async (c) =>
      (await c.query(`SELECT "passwordHash" FROM "User" WHERE username = $1`, [username])).rows[0]
        .passwordHash as string,
  );

describe('password hash upgrade', () => {
  let stack: Stack;
  beforeAll(async () => (stack = await startStack('services', { WARPOST_SCRYPT_COST: '15' })));
  afterAll(async () => stack?.close());

  it('logs in with an old-format hash (N = 2^14), then stores N = 2^15; a wrong password upgrades nothing', async () => {
    const name = `pw_${Math.random().toString(36).slice(2, 8)}`;
    await register(stack.base, name);
    expect((await storedHash(name)).startsWith('scrypt$32768$8$1$')).toBe(true);
    const old = await hashPassword('correct horse battery', { N: 16384, r: 8, p: 1 });
    await withPg((c) => c.query(`UPDATE "User" SET "passwordHash" = $2 WHERE username = $1`, [name, old]));

    const wrong = await gql(stack.base, LOGIN, { u: name, p: 'not the password' });
    expect(wrong.errors?.[0].extensions?.code).toBe('INVALID_CREDENTIALS');
    expect(await storedHash(name)).toBe(old);

    const ok = await gql(stack.base, LOGIN, { u: name, p: 'correct horse battery' });
    expect(ok.errors).toBeUndefined();
    const upgraded = await storedHash(name);
    expect(upgraded).not.toBe(old);
    expect(upgraded.startsWith('scrypt$32768$8$1$')).toBe(true);
    const again = await gql(stack.base, LOGIN, { u: name, p: 'correct horse battery' });
    expect(again.errors).toBeUndefined();
    expect(await storedHash(name)).toBe(upgraded); // current parameters: left alone
  });
});
