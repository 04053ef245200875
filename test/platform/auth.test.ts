/** Accounts: refresh-token rotation with reuse detection, logout, personal API tokens with scopes. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, gql } from '../helpers/gql.js';
import { register } from '../helpers/play.js';
import { startStack, type Stack } from '../helpers/stack.js';

let stack: Stack;
beforeAll(async () => (stack = await startStack('services')));
afterAll(async () => stack?.close());

const REFRESH = `mutation($t:String!){refresh(refreshToken:$t){accessToken refreshToken}}`;

describe('accounts', () => {
  it('register, duplicate name, login, wrong password', async () => {
    const name = `dora_${Math.random().toString(36).slice(2, 8)}`;
    await register(stack.base, name);
    const dup = await gql(
      stack.base,
      `mutation($u:String!){register(username:$u,password:"another password"){accessToken}}`,
      { u: name.toUpperCase() },
    );
    expect(errorCode(dup)).toBe('USERNAME_TAKEN');
    const ok = await gql(
      stack.base,
      `mutation($u:String!){login(username:$u,password:"correct horse battery"){accessToken user{username}}}`,
      { u: name },
    );
    expect(ok.data.login.user.username).toBe(name);
    const me = await gql(stack.base, `{me{username}}`, {}, ok.data.login.accessToken);
    expect(me.data.me.username).toBe(name);
    const bad = await gql(
      stack.base,
      `mutation($u:String!){login(username:$u,password:"wrong password"){accessToken}}`,
      { u: name },
    );
    expect(errorCode(bad)).toBe('INVALID_CREDENTIALS');
    const nobody = await gql(
      stack.base,
      `mutation{login(username:"no_such_user_x",password:"whatever123"){accessToken}}`,
    );
    expect(errorCode(nobody)).toBe('INVALID_CREDENTIALS');
    const short = await gql(stack.base, `mutation{register(username:"x",password:"short"){accessToken}}`);
    expect(errorCode(short)).toBe('BAD_INPUT');
  });

  it('refresh tokens rotate; reusing a spent one revokes the whole login', async () => {
    const p = await register(stack.base, `eve_${Math.random().toString(36).slice(2, 8)}`);
    const r1 = await gql(stack.base, REFRESH, { t: p.refreshToken });
    const next = r1.data.refresh.refreshToken;
    expect(next).not.toBe(p.refreshToken);
    expect((await gql(stack.base, `{me{id}}`, {}, r1.data.refresh.accessToken)).data.me.id).toBe(p.id);
    expect(errorCode(await gql(stack.base, REFRESH, { t: p.refreshToken }))).toBe('REFRESH_TOKEN_REUSED');
    expect(errorCode(await gql(stack.base, REFRESH, { t: next }))).toBe('TOKEN_INVALID');
  });

  it('reusing a spent refresh token also revokes the access tokens of that login, even remembered ones', async () => {
    const p = await register(stack.base, `ivy_${Math.random().toString(36).slice(2, 8)}`);
    const r1 = await gql(stack.base, REFRESH, { t: p.refreshToken });
    const fresh = r1.data.refresh.accessToken;
    // Both access tokens work (and are now in the verified-token cache).
    expect((await gql(stack.base, `{me{id}}`, {}, p.token)).data.me.id).toBe(p.id);
    expect((await gql(stack.base, `{me{id}}`, {}, fresh)).data.me.id).toBe(p.id);
    // Another login of the same user is not affected.
    const other = await gql(
      stack.base,
      `mutation($u:String!){login(username:$u,password:"correct horse battery"){accessToken}}`,
      { u: p.name },
    );
    expect(errorCode(await gql(stack.base, REFRESH, { t: p.refreshToken }))).toBe('REFRESH_TOKEN_REUSED');
    for (const t of [p.token, fresh]) {
      const me = await gql(stack.base, `{me{id}}`, {}, t);
      expect(errorCode(me)).toBe('TOKEN_INVALID');
      const viaRest = await fetch(`${stack.base}/api/v1/me`, { headers: { authorization: `Bearer ${t}` } });
      expect(viaRest.status).toBe(401);
    }
    expect((await gql(stack.base, `{me{id}}`, {}, other.data.login.accessToken)).data.me.id).toBe(p.id);
  });

  it('logout revokes the refresh token', async () => {
    const p = await register(stack.base, `fay_${Math.random().toString(36).slice(2, 8)}`);
    expect(
      (await gql(stack.base, `mutation($t:String!){logout(refreshToken:$t)}`, { t: p.refreshToken })).data.logout,
    ).toBe(true);
    expect(errorCode(await gql(stack.base, REFRESH, { t: p.refreshToken }))).toBe('TOKEN_INVALID');
  });

  it('personal API tokens carry scopes and can be revoked', async () => {
    const p = await register(stack.base, `gus_${Math.random().toString(36).slice(2, 8)}`);
    const made = await gql(
      stack.base,
      `mutation{createApiToken(name:"bot",scopes:[read,play]){token apiToken{id name scopes}}}`,
      {},
      p.token,
    );
    const { token, apiToken } = made.data.createApiToken;
    expect(token).toMatch(/^wpt_/);
    expect(apiToken.scopes).toEqual(['read', 'play']);
    expect((await gql(stack.base, `{me{id}}`, {}, token)).data.me.id).toBe(p.id);
    // A play token may create games but not manage tokens.
    expect(errorCode(await gql(stack.base, `{apiTokens{id}}`, {}, token))).toBe('INSUFFICIENT_SCOPE');
    const listed = await gql(stack.base, `{apiTokens{id name}}`, {}, p.token);
    expect(listed.data.apiTokens).toEqual([{ id: apiToken.id, name: 'bot' }]);
    expect(JSON.stringify(listed)).not.toContain(token);
    await gql(stack.base, `mutation($id:ID!){revokeApiToken(id:$id)}`, { id: apiToken.id }, p.token);
    expect(errorCode(await gql(stack.base, `{me{id}}`, {}, token))).toBe('TOKEN_INVALID');
  });
});
