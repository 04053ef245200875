/**
 * Issue 23: when an account's failed logins reach the per-account limit, its owner gets one mail
 * (notifications/sign-in-warning.ts), whoever the guesser; an unknown name mails nobody.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../helpers/gql.js';
import { register } from '../helpers/play.js';
import { startStack, type Stack } from '../helpers/stack.js';
import { addressOf, confirmEmail, NOTIFY_ENV, spawnNotifier, startMailServer, type MailServer } from './helpers.js';

const LOGIN = 'mutation($u:String!,$p:String!){login(username:$u,password:$p){accessToken}}';

describe('failed-login warning', () => {
  let stack: Stack;
  let mail: MailServer;
  beforeAll(async () => {
    mail = await startMailServer();
    stack = await startStack('services', {
      ...NOTIFY_ENV,
      SMTP_URL: mail.url,
      TRUST_PROXY: 'true',
      LOGIN_THROTTLE_WINDOW_SECONDS: '600',
      LOGIN_FAILURES_PER_ACCOUNT_ADDRESS: '4',
      LOGIN_FAILURES_PER_ACCOUNT: '6',
      LOGIN_FAILURES_PER_ADDRESS: '50',
    });
    await spawnNotifier(stack);
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
    await mail?.close();
  });

  const guess = (name: string, address: string, i: number) =>
    fetch(`${stack.base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify({ query: LOGIN, variables: { u: name, p: `wrong-${i}-password` } }),
    }).then((r) => r.json() as Promise<any>);

  it('the owner is told once when the failures reach the account limit', async () => {
    const player = await register(stack.base, `siw_${randomBytes(3).toString('hex')}`);
    await confirmEmail(stack, mail, player);
    // 9 failures over three addresses: the account limit (6) is crossed once.
    for (let i = 0; i < 9; i++) await guess(player.name.toUpperCase(), `192.0.2.${1 + (i % 3)}`, i);
    const warning = await waitFor(
      async () => mail.to(addressOf(player)).find((m) => m.kind === 'SIGN_IN_WARNING'),
      20_000,
    );
    expect(warning.subject).toBe('[Warpost] Failed logins to your Warpost account');
    expect(warning.text).toContain('6 failed logins');
    await new Promise((r) => setTimeout(r, 1500)); // a second mail would have been dispatched by now
    expect(mail.to(addressOf(player)).filter((m) => m.kind === 'SIGN_IN_WARNING')).toHaveLength(1);
  }, 60_000);

  it('guesses at a name nobody holds mail nobody', async () => {
    const before = mail.mails.length;
    const nobody = `nobody_${randomBytes(3).toString('hex')}`;
    for (let i = 0; i < 7; i++) await guess(nobody, `192.0.2.${50 + (i % 2)}`, i);
    await new Promise((r) => setTimeout(r, 1500));
    expect(mail.mails.slice(before).filter((m) => m.kind === 'SIGN_IN_WARNING')).toEqual([]);
  }, 30_000);
});
