/**
 * Issue 20, accounts: password change, password reset by mail and address change, end to end
 * over HTTP against the test SMTP server, with the notifier worker. Each refused input (wrong
 * current password, expired, reused or unknown link, unknown keys) changes nothing.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withPg } from '../helpers/db.js';
import { gql, waitFor } from '../helpers/gql.js';
import { as, register, type Player } from '../helpers/play.js';
import { rest } from '../helpers/rest.js';
import { startStack, type Stack } from '../helpers/stack.js';
import {
  addressOf,
  confirmEmail,
  NOTIFY_ENV,
  spawnNotifier,
  startMailServer,
  type MailServer,
} from '../notifications/helpers.js';

const PASSWORD = 'correct horse battery'; // test/helpers/play.ts registers everyone with it
const LOGIN = 'mutation($u:String!,$p:String!){login(username:$u,password:$p){accessToken refreshToken}}';
const REQUEST_RESET = 'mutation($e:String!){requestPasswordReset(email:$e)}';
const RESET = 'mutation($t:String!,$p:String!){resetPassword(token:$t,newPassword:$p)}';

let stack: Stack;
let mail: MailServer;
beforeAll(async () => {
  mail = await startMailServer();
  stack = await startStack('services', {
    ...NOTIFY_ENV,
    SMTP_URL: mail.url,
    TRUST_PROXY: 'true',
    ACCOUNT_LINKS_PER_ADDRESS: '3',
    ACCOUNT_LINKS_PER_IP: '6',
  });
  await spawnNotifier(stack);
}, 120_000);
afterAll(async () => {
  await stack?.close();
  await mail?.close();
});

const uid = () => randomBytes(3).toString('hex');
const code = (r: { errors?: { extensions?: { code?: string } }[] }) => r.errors?.[0]?.extensions?.code;
const login = (name: string, password: string) => gql(stack.base, LOGIN, { u: name, p: password });
/** A GraphQL call from a given client address (TRUST_PROXY is on). */
const from = (ip: string, query: string, variables: Record<string, unknown>) =>
  fetch(`${stack.base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify({ query, variables }),
  }).then(async (r) => ({ status: r.status, raw: await r.text() }));
const tokenIn = (text: string) => decodeURIComponent(/token=([^\s&"<]+)/.exec(text)![1]!);
const mailOf = (to: string, kind: string, after = 0) =>
  waitFor(
    async () =>
      mail
        .to(to)
        .filter((m) => m.kind === kind && m.at >= after)
        .at(-1),
    20_000,
  );
const rows = (sql: string, args: unknown[]) => withPg(async (c) => (await c.query(sql, args)).rows);

async function player(prefix: string, withMail = true): Promise<Player> {
  const p = await register(stack.base, `${prefix}_${uid()}`);
  if (withMail) await confirmEmail(stack, mail, p);
  return p;
}

describe('change password', () => {
  it('needs the current password; signs out the other logins, keeps this one, and tells the address', async () => {
    const p = await player('cp');
    const other = (await login(p.name, PASSWORD)).data.login;

    const wrong = await as(
      stack.base,
      p,
      'mutation($c:String!,$n:String!){changePassword(currentPassword:$c,newPassword:$n)}',
      { c: 'not my password', n: 'brand new secret' },
    );
    expect(code(wrong)).toBe('INVALID_CREDENTIALS');
    expect(wrong.errors![0]!.extensions!.details![0]).toMatchObject({
      code: 'WRONG_PASSWORD',
      path: ['currentPassword'],
    });
    const short = await as(
      stack.base,
      p,
      'mutation($c:String!,$n:String!){changePassword(currentPassword:$c,newPassword:$n)}',
      { c: PASSWORD, n: 'short' },
    );
    expect(code(short)).toBe('BAD_INPUT');
    // Nothing changed: the old password and the other login still work.
    expect((await login(p.name, PASSWORD)).data?.login).toBeTruthy();
    expect((await gql(stack.base, 'query{blockedUsers{id}}', {}, other.accessToken)).errors).toBeUndefined();

    const before = Date.now();
    const r = await as(
      stack.base,
      p,
      'mutation($c:String!,$n:String!){changePassword(currentPassword:$c,newPassword:$n)}',
      { c: PASSWORD, n: 'brand new secret' },
    );
    expect(r.errors).toBeUndefined();
    expect(r.data.changePassword).toBe(true);
    expect(code(await login(p.name, PASSWORD))).toBe('INVALID_CREDENTIALS');
    expect((await login(p.name, 'brand new secret')).data?.login).toBeTruthy();
    // The other login is revoked, access and refresh token alike; the caller's own goes on.
    expect(code(await gql(stack.base, 'query{blockedUsers{id}}', {}, other.accessToken))).toBe('TOKEN_INVALID');
    expect(
      code(
        await gql(stack.base, 'mutation($r:String!){refresh(refreshToken:$r){accessToken}}', { r: other.refreshToken }),
      ),
    ).toBe('TOKEN_INVALID');
    expect((await as(stack.base, p, 'query{blockedUsers{id}}')).errors).toBeUndefined();
    const notice = await mailOf(addressOf(p), 'PASSWORD_CHANGED', before);
    expect(notice.subject).toBe('[Warpost] Your Warpost password was changed');
  }, 60_000);
});

describe('password reset by mail', () => {
  it('a single-use link resets the password and signs every login out; a reused link changes nothing', async () => {
    const p = await player('rp');
    const before = Date.now();
    const r = await from('198.51.100.1', REQUEST_RESET, { e: addressOf(p).toUpperCase() });
    expect(JSON.parse(r.raw)).toEqual({ data: { requestPasswordReset: true } });
    const m = await mailOf(addressOf(p), 'PASSWORD_RESET', before);
    expect(m.subject).toBe('[Warpost] Reset your Warpost password');
    expect(m.text).toContain(p.name);
    const token = tokenIn(m.text);
    // Only a hash of the token is stored.
    expect(
      await rows(`SELECT 1 FROM "AccountToken" WHERE "tokenHash" = $1 OR "tokenHash" LIKE '%' || $1 || '%'`, [token]),
    ).toEqual([]);

    const short = await gql(stack.base, RESET, { t: token, p: 'short' });
    expect(code(short)).toBe('BAD_INPUT'); // refused before the link is spent
    const done = await gql(stack.base, RESET, { t: token, p: 'reset secret one' });
    expect(done.errors).toBeUndefined();
    expect(code(await gql(stack.base, 'query{blockedUsers{id}}', {}, p.token))).toBe('TOKEN_INVALID');
    expect((await login(p.name, 'reset secret one')).data?.login).toBeTruthy();
    expect(code(await login(p.name, PASSWORD))).toBe('INVALID_CREDENTIALS');
    await mailOf(addressOf(p), 'PASSWORD_CHANGED', before);

    const again = await gql(stack.base, RESET, { t: token, p: 'reset secret two' });
    expect(code(again)).toBe('LINK_USED');
    expect(again.errors![0]!.message).toMatch(/already used/);
    expect(code(await login(p.name, 'reset secret two'))).toBe('INVALID_CREDENTIALS');
    expect((await login(p.name, 'reset secret one')).data?.login).toBeTruthy();
  }, 60_000);

  it('an expired link is refused and changes nothing', async () => {
    const p = await player('rx');
    const before = Date.now();
    await from('198.51.100.2', REQUEST_RESET, { e: addressOf(p) });
    const token = tokenIn((await mailOf(addressOf(p), 'PASSWORD_RESET', before)).text);
    await rows(`UPDATE "AccountToken" SET "expiresAt" = now() - interval '1 second' WHERE "userId" = $1`, [p.id]);
    const r = await gql(stack.base, RESET, { t: token, p: 'too late secret' });
    expect(code(r)).toBe('LINK_EXPIRED');
    expect(code(await login(p.name, 'too late secret'))).toBe('INVALID_CREDENTIALS');
    expect((await login(p.name, PASSWORD)).data?.login).toBeTruthy();
    expect(await rows(`SELECT "usedAt" FROM "AccountToken" WHERE "userId" = $1`, [p.id])).toEqual([{ usedAt: null }]);
    expect(code(await gql(stack.base, RESET, { t: 'not-a-token', p: 'whatever secret' }))).toBe('LINK_INVALID');
  }, 60_000);

  it('an unknown address gets the same answer, in similar time, and mails nobody', async () => {
    const p = await player('re');
    const unknown = `nobody_${uid()}@test.invalid`;
    const known: number[] = [];
    const stranger: number[] = [];
    let i = 0;
    for (const [list, e] of [
      [known, addressOf(p)],
      [stranger, unknown],
      [known, addressOf(p)],
      [stranger, unknown],
    ] as const) {
      const t0 = performance.now();
      const r = await from(`198.51.100.${10 + i++}`, REQUEST_RESET, { e });
      list.push(performance.now() - t0);
      expect(r.raw).toBe('{"data":{"requestPasswordReset":true}}');
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    // The answer comes before any mail is written: no database write for either (loose bound for a shared machine).
    expect(Math.abs(median(known) - median(stranger))).toBeLessThan(150);
    await waitFor(
      async () => mail.to(addressOf(p)).filter((m) => m.kind === 'PASSWORD_RESET').length >= 2 || null,
      20_000,
    );
    await new Promise((r) => setTimeout(r, 500));
    expect(mail.to(unknown)).toEqual([]);
    expect(code(await gql(stack.base, REQUEST_RESET, { e: 'not an address' }))).toBe('BAD_INPUT');
  }, 60_000);

  it('is limited per address and per client address, whether or not the address is known', async () => {
    const p = await player('rl');
    const unknown = `nobody_${uid()}@test.invalid`;
    for (const e of [addressOf(p), unknown]) {
      for (let i = 0; i < 3; i++)
        expect(JSON.parse((await from(`203.0.113.${i + 1}`, REQUEST_RESET, { e })).raw).data.requestPasswordReset).toBe(
          true,
        );
      const refused = JSON.parse((await from('203.0.113.9', REQUEST_RESET, { e })).raw);
      expect(refused.errors[0].extensions).toMatchObject({ code: 'RATE_LIMITED', limitedBy: 'email' });
    }
    // Six requests per client address (ACCOUNT_LINKS_PER_IP), each for another address.
    for (let i = 0; i < 6; i++) await from('203.0.113.50', REQUEST_RESET, { e: `n${i}_${uid()}@test.invalid` });
    const byIp = JSON.parse((await from('203.0.113.50', REQUEST_RESET, { e: `n_${uid()}@test.invalid` })).raw);
    expect(byIp.errors[0].extensions).toMatchObject({ code: 'RATE_LIMITED', limitedBy: 'address' });
    expect(byIp.errors[0].extensions.retryAfter).toBeGreaterThan(0);
  }, 60_000);

  it('over REST: the same flow, unknown keys refused', async () => {
    const p = await player('rr');
    const before = Date.now();
    const extra = await rest(stack.base, 'POST', '/account/reset-password', {
      body: { email: addressOf(p), username: p.name },
      headers: { 'x-forwarded-for': '192.0.2.77' },
    });
    expect(extra.status).toBe(400);
    const r = await rest(stack.base, 'POST', '/account/reset-password', {
      body: { email: addressOf(p) },
      headers: { 'x-forwarded-for': '192.0.2.77' },
    });
    expect(r).toMatchObject({ status: 200, body: { ok: true } });
    const token = tokenIn((await mailOf(addressOf(p), 'PASSWORD_RESET', before)).text);
    const bad = await rest(stack.base, 'POST', '/account/reset-password/confirm', {
      body: { token: `${token}x`, newPassword: 'rest reset secret' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('LINK_INVALID');
    const good = await rest(stack.base, 'POST', '/account/reset-password/confirm', {
      body: { token, newPassword: 'rest reset secret' },
    });
    expect(good).toMatchObject({ status: 200, body: { ok: true } });
    const reused = await rest(stack.base, 'POST', '/account/reset-password/confirm', {
      body: { token, newPassword: 'rest reset secret' },
    });
    expect(reused.status).toBe(410);
    expect(reused.body.error.code).toBe('LINK_USED');
    // The mailed link's page resets through a form, too (it only shows the form on GET).
    const page = await fetch(`${stack.base}/account/reset-password?token=${encodeURIComponent(token)}`);
    expect(await page.text()).toContain('name="newPassword"');
  }, 60_000);
});

describe('change the address', () => {
  const CHANGE = 'mutation($p:String!,$e:String!){changeEmail(password:$p,email:$e)}';
  const SETTINGS = 'query{notificationSettings{email}}';

  it('a link goes to the new address, the old one is told, and the address changes once the link is followed', async () => {
    const p = await player('ce');
    const old = addressOf(p);
    const next = `new_${p.name.toLowerCase()}@test.invalid`;
    const wrong = await as(stack.base, p, CHANGE, { p: 'not my password', e: next });
    expect(code(wrong)).toBe('INVALID_CREDENTIALS');
    expect(code(await as(stack.base, p, CHANGE, { p: PASSWORD, e: 'nope' }))).toBe('BAD_INPUT');
    await new Promise((r) => setTimeout(r, 500));
    expect(mail.to(next)).toEqual([]);

    const before = Date.now();
    expect((await as(stack.base, p, CHANGE, { p: PASSWORD, e: next })).data.changeEmail).toBe(true);
    const link = await mailOf(next, 'EMAIL_CHANGE_CONFIRMATION', before);
    const notice = await mailOf(old, 'EMAIL_CHANGE_NOTICE', before);
    expect(notice.text).toContain(`n***@test.invalid`);
    expect(notice.text).not.toContain(next);
    expect((await as(stack.base, p, SETTINGS)).data.notificationSettings.email).toBe(old); // not before confirmation

    const token = tokenIn(link.text);
    expect(
      (await gql(stack.base, 'mutation($t:String!){confirmEmailChange(token:$t)}', { t: token })).data
        .confirmEmailChange,
    ).toBe(true);
    expect((await as(stack.base, p, SETTINGS)).data.notificationSettings.email).toBe(next);
    expect(code(await gql(stack.base, 'mutation($t:String!){confirmEmailChange(token:$t)}', { t: token }))).toBe(
      'LINK_USED',
    );
    // The new address is now the one a reset link goes to.
    const t1 = Date.now();
    await from('192.0.2.200', REQUEST_RESET, { e: next });
    await mailOf(next, 'PASSWORD_RESET', t1);
  }, 60_000);

  it('replacing a confirmed address through the notification settings tells the old address too', async () => {
    const p = await player('cn');
    const before = Date.now();
    const next = `other_${p.name.toLowerCase()}@test.invalid`;
    expect(
      (await as(stack.base, p, 'mutation($e:String){setNotificationEmail(email:$e){pendingEmail}}', { e: next }))
        .errors,
    ).toBeUndefined();
    await mailOf(next, 'EMAIL_CONFIRMATION', before);
    const notice = await mailOf(addressOf(p), 'EMAIL_CHANGE_NOTICE', before);
    expect(notice.text).toContain('o***@test.invalid');
  }, 60_000);
});
