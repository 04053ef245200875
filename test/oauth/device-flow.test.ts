/**
 * The OAuth 2.0 device authorization grant (RFC 8628) over real HTTP: an app without a browser
 * gets a user code, polls, and gets tokens once the person signed in at /oauth/device approves;
 * a refusal answers access_denied, and bad codes are refused without storing anything.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withPg } from '../helpers/db.js';
import { errorCode, gql } from '../helpers/gql.js';
import { Browser, forms, oauthPost } from '../helpers/oauth.js';
import { register, type Player } from '../helpers/play.js';
import { startStack, type Stack } from '../helpers/stack.js';

let stack: Stack;
beforeAll(async () => (stack = await startStack('services')));
afterAll(async () => stack?.close());

const PASSWORD = 'correct horse battery';
const GRANT = 'urn:ietf:params:oauth:grant-type:device_code';
const unique = (p: string) => `${p}_${Math.random().toString(36).slice(2, 8)}`;

async function deviceApp(owner: Player, name: string): Promise<string> {
  const r = await gql(
    stack.base,
    `mutation($i:RegisterOAuthAppInput!){registerOAuthApp(input:$i){clientId}}`,
    { i: { name, redirectUris: [] } },
    owner.token,
  );
  expect(r.errors).toBeUndefined();
  return r.data.registerOAuthApp.clientId;
}

const poll = (clientId: string, deviceCode: string) =>
  oauthPost(stack.base, '/oauth/token', { grant_type: GRANT, client_id: clientId, device_code: deviceCode });

/** The person's side: enter the code at /oauth/device, confirm it, sign in; returns the consent page. */
async function enterCode(browser: Browser, userCode: string, user: Player) {
  const input = await browser.open(`${stack.base}/oauth/device`);
  expect(input.status).toBe(200);
  const form = forms(input.text).find((f) => f.id === 'op.deviceInputForm')!;
  const confirm = await browser.submit(form.action, { ...form.hidden, user_code: userCode });
  expect(confirm.text).toContain(userCode);
  const confirmForm = forms(confirm.text).find((f) => f.id === 'op.deviceConfirmForm')!;
  let page = await browser.submit(confirmForm.action, confirmForm.hidden);
  if (page.text.includes('name="password"'))
    page = await browser.submit(`${page.url}/login`, { username: user.name, password: PASSWORD });
  return page;
}

describe('OAuth 2.0 device authorization grant (RFC 8628)', () => {
  it('pending before approval, access_denied after a refusal, tokens after an approval', async () => {
    const owner = await register(stack.base, unique('appdev'));
    const user = await register(stack.base, unique('player'));
    const appName = unique('Terminal Client');
    const clientId = await deviceApp(owner, appName);

    // Refused.
    const refused = await oauthPost(stack.base, '/oauth/device/auth', { client_id: clientId, scope: 'read play' });
    expect(refused.status).toBe(200);
    expect(refused.body.user_code).toMatch(/^[A-Z]{4}-[A-Z]{4}$/);
    expect(refused.body.verification_uri).toBe(`${stack.base}/oauth/device`);
    const pending = await poll(clientId, refused.body.device_code);
    expect(pending.status).toBe(400);
    expect(pending.body.error).toBe('authorization_pending');
    const browser = new Browser(stack.base);
    const consent = await enterCode(browser, refused.body.user_code, user);
    expect(consent.text).toContain(appName);
    expect(consent.text).toContain('submit orders'); // play, in words
    const denied = await browser.submit(`${consent.url}/consent`, { decision: 'deny' });
    expect(denied.text).toContain('You did not allow the app');
    expect((await poll(clientId, refused.body.device_code)).body.error).toBe('access_denied');

    // Approved (the same browser is still signed in: no login page this time).
    const asked = await oauthPost(stack.base, '/oauth/device/auth', { client_id: clientId, scope: 'read play' });
    const page = await enterCode(browser, asked.body.user_code, user);
    expect(page.text).not.toContain('name="password"');
    const done = await browser.submit(`${page.url}/consent`, { decision: 'approve' });
    expect(done.status).toBe(200);
    expect(done.text).toContain(`${appName} is connected`);
    const tokens = await poll(clientId, asked.body.device_code);
    expect(tokens.status).toBe(200);
    expect(tokens.body.scope).toBe('read play');
    expect((await gql(stack.base, `{me{username}}`, {}, tokens.body.access_token)).data.me.username).toBe(user.name);
    expect(errorCode(await gql(stack.base, `{apiTokens{id}}`, {}, tokens.body.access_token))).toBe(
      'INSUFFICIENT_SCOPE',
    );
    // The refresh token rotates and keeps the scopes.
    const refreshed = await oauthPost(stack.base, '/oauth/token', {
      grant_type: 'refresh_token',
      client_id: clientId,
      refresh_token: tokens.body.refresh_token,
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.scope).toBe('read play');
    expect(refreshed.body.refresh_token).not.toBe(tokens.body.refresh_token);
    // The device code works once; presenting it again revokes what it gave.
    expect((await poll(clientId, asked.body.device_code)).body.error).toBe('invalid_grant');
    expect(errorCode(await gql(stack.base, `{me{id}}`, {}, refreshed.body.access_token))).toBe('TOKEN_INVALID');
  });

  it('refuses an unknown user code and a device-flow app asking for the code flow, storing nothing', async () => {
    const owner = await register(stack.base, unique('appdev'));
    const clientId = await deviceApp(owner, unique('Headless Bot'));
    const count = () =>
      withPg(
        async (c) =>
          (
            await c.query(
              `SELECT count(*)::int AS n FROM "OAuthArtifact" WHERE kind IN ('DeviceCode', 'Grant', 'AccessToken')`,
            )
          ).rows[0].n as number,
      );
    const before = await count();
    const browser = new Browser(stack.base);
    const input = await browser.open(`${stack.base}/oauth/device`);
    const form = forms(input.text).find((f) => f.id === 'op.deviceInputForm')!;
    const wrong = await browser.submit(form.action, { ...form.hidden, user_code: 'BCDF-GHJK' });
    expect(wrong.text).toContain('not known or has expired');
    const unknownClient = await oauthPost(stack.base, '/oauth/device/auth', { client_id: 'wpc_nobody', scope: 'read' });
    expect(unknownClient.body.error).toBe('invalid_client');
    const code = await browser.open(
      `${stack.base}/oauth/auth?${new URLSearchParams({ client_id: clientId, response_type: 'code', scope: 'read', code_challenge: 'x'.repeat(43), code_challenge_method: 'S256' })}`,
    );
    expect(code.status).toBe(400);
    expect((await poll(clientId, 'no-such-device-code')).body.error).toBe('invalid_grant');
    expect(await count()).toBe(before);
  });
});
