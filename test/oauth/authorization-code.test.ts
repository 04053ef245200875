/**
 * OAuth 2.0 authorization code with PKCE, over real HTTP (docs/accounts.md, "Third-party apps"):
 * an app is registered, a person signs in and consents on Warpost's pages, the app trades the
 * code for tokens, and the API accepts them with exactly the granted scopes until the person
 * revokes the app.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withPg } from '../helpers/db.js';
import { errorCode, gql, wsClient } from '../helpers/gql.js';
import { Browser, oauthPost, pkce } from '../helpers/oauth.js';
import { register, type Player } from '../helpers/play.js';
import { startStack, type Stack } from '../helpers/stack.js';

let stack: Stack;
beforeAll(async () => (stack = await startStack('services')));
afterAll(async () => stack?.close());

const PASSWORD = 'correct horse battery';
const REDIRECT = 'http://127.0.0.1:9/callback';
const WEB_REDIRECT = 'https://app.example/callback';
const REGISTER = `mutation($i:RegisterOAuthAppInput!){registerOAuthApp(input:$i){clientId name redirectUris}}`;
const APPS = `{authorisedApps{clientId name scopes grantedAt}}`;
const unique = (p: string) => `${p}_${Math.random().toString(36).slice(2, 8)}`;

async function registerApp(owner: Player, name: string, redirectUris = [REDIRECT]): Promise<string> {
  const r = await gql(stack.base, REGISTER, { i: { name, redirectUris } }, owner.token);
  expect(r.errors).toBeUndefined();
  return r.data.registerOAuthApp.clientId;
}

function authorizeUrl(clientId: string, challenge: string, scope: string, redirectUri: string = REDIRECT) {
  const q = new URLSearchParams({
    client_id: clientId,
    response_type: 'code',
    redirect_uri: redirectUri,
    scope,
    state: 'st-1',
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  return `${stack.base}/oauth/auth?${q}`;
}

/** Signs in on the login page, consents if asked; the redirect to the app with its code. */
async function signInAndApprove(
  browser: Browser,
  clientId: string,
  user: Player,
  challenge: string,
  scope: string,
  redirect = REDIRECT,
) {
  let page = await browser.open(authorizeUrl(clientId, challenge, scope, redirect), redirect);
  if (page.text.includes('name="password"')) {
    page = await browser.submit(`${page.url}/login`, { username: user.name, password: PASSWORD }, redirect);
  }
  const consentShown = page.text.includes('value="approve"');
  if (consentShown) page = await browser.submit(`${page.url}/consent`, { decision: 'approve' }, redirect);
  expect(page.location?.startsWith(redirect)).toBe(true);
  const at = new URL(page.location!);
  expect(at.searchParams.get('state')).toBe('st-1');
  return { code: at.searchParams.get('code')!, consentShown };
}

const exchange = (clientId: string, code: string, verifier: string, redirectUri = REDIRECT) =>
  oauthPost(stack.base, '/oauth/token', {
    grant_type: 'authorization_code',
    client_id: clientId,
    code,
    redirect_uri: redirectUri,
    code_verifier: verifier,
  });

const artifacts = () =>
  withPg(async (c) => (await c.query(`SELECT count(*)::int AS n FROM "OAuthArtifact"`)).rows[0].n as number);

describe('OAuth 2.0 authorization code with PKCE', () => {
  it('signs in on Warpost pages, consents, and the token carries exactly the granted scope', async () => {
    const owner = await register(stack.base, unique('appdev'));
    const user = await register(stack.base, unique('player'));
    const appName = unique('Skirmish Helper');
    const clientId = await registerApp(owner, appName);
    const { verifier, challenge } = pkce();
    const browser = new Browser(stack.base);

    const login = await browser.open(authorizeUrl(clientId, challenge, 'read'), REDIRECT);
    expect(login.status).toBe(200);
    expect(login.url).toContain('/oauth/interaction/');
    expect(login.text).toContain(appName);
    const wrong = await browser.submit(
      `${login.url}/login`,
      { username: user.name, password: 'not my password' },
      REDIRECT,
    );
    expect(wrong.status).toBe(401);
    const consent = await browser.submit(`${login.url}/login`, { username: user.name, password: PASSWORD }, REDIRECT);
    expect(consent.status).toBe(200);
    expect(consent.text).toContain(appName);
    expect(consent.text).toContain('see your games'); // the read scope, in words
    expect(consent.text).not.toContain('submit orders'); // play was not asked
    // Another site cannot post the consent: without the browser's interaction cookie it is refused.
    const forged = await fetch(`${consent.url}/consent`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'decision=approve',
      redirect: 'manual',
    });
    expect(forged.status).toBe(404);
    const back = await browser.submit(`${consent.url}/consent`, { decision: 'approve' }, REDIRECT);
    const code = new URL(back.location!).searchParams.get('code')!;
    expect(code).toBeTruthy();

    const tokens = await exchange(clientId, code, verifier);
    expect(tokens.status).toBe(200);
    expect(tokens.body.scope).toBe('read');
    const access = tokens.body.access_token as string;

    // GraphQL over HTTP: read works, play and admin are refused.
    expect((await gql(stack.base, `{me{username}}`, {}, access)).data.me.username).toBe(user.name);
    expect((await gql(stack.base, `{blockedUsers{username}}`, {}, access)).errors).toBeUndefined();
    const play = await gql(stack.base, `mutation($u:String!){blockUser(username:$u)}`, { u: owner.name }, access);
    expect(errorCode(play)).toBe('INSUFFICIENT_SCOPE');
    expect(errorCode(await gql(stack.base, `{apiTokens{id}}`, {}, access))).toBe('INSUFFICIENT_SCOPE');
    // The REST mirror.
    const rest = await fetch(`${stack.base}/api/v1/account/blocks`, { headers: { authorization: `Bearer ${access}` } });
    expect(rest.status).toBe(200);
    const restPlay = await fetch(`${stack.base}/api/v1/account/blocks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' },
      body: JSON.stringify({ username: owner.name }),
    });
    expect(restPlay.status).toBe(403);
    expect(((await restPlay.json()) as { error: { code: string } }).error.code).toBe('INSUFFICIENT_SCOPE');
    // graphql-ws: the token is accepted in connection_init.
    const ws = wsClient(stack.base, access);
    await new Promise<void>((ok, fail) => {
      ws.on('connected', () => ok());
      ws.on('closed', (e) => fail(new Error(`closed ${(e as { code: number }).code}`)));
    });
    await ws.dispose();
    // The app may revoke its own token (RFC 7009).
    const revoked = await oauthPost(stack.base, '/oauth/token/revocation', { token: access, client_id: clientId });
    expect(revoked.status).toBe(200);
    expect(errorCode(await gql(stack.base, `{me{id}}`, {}, access))).toBe('TOKEN_INVALID');
  });

  it('remembers consent per user and app (web app), and asks again only for a scope not yet granted', async () => {
    const owner = await register(stack.base, unique('appdev'));
    const user = await register(stack.base, unique('player'));
    const clientId = await registerApp(owner, unique('Turn Reminder'), [WEB_REDIRECT]);
    const approve = (u: Player, challenge: string, scope: string) =>
      signInAndApprove(new Browser(stack.base), clientId, u, challenge, scope, WEB_REDIRECT);
    expect((await approve(user, pkce().challenge, 'read')).consentShown).toBe(true);
    // A new browser (no session): sign in again, but no consent page for the same scope.
    const again = pkce();
    const second = await approve(user, again.challenge, 'read');
    expect(second.consentShown).toBe(false);
    expect((await exchange(clientId, second.code, again.verifier, WEB_REDIRECT)).body.scope).toBe('read');
    // More scope: asked again, and the token then holds both.
    const more = pkce();
    const third = await approve(user, more.challenge, 'read play');
    expect(third.consentShown).toBe(true);
    expect((await exchange(clientId, third.code, more.verifier, WEB_REDIRECT)).body.scope).toBe('read play');
    // Another user of the same app is asked for their own consent.
    expect((await approve(await register(stack.base, unique('player')), pkce().challenge, 'read')).consentShown).toBe(
      true,
    );
  });

  it("lets a browser app call the token endpoint from its redirect URI's origin only (CORS)", async () => {
    const owner = await register(stack.base, unique('appdev'));
    const clientId = await registerApp(owner, unique('Web Planner'), [WEB_REDIRECT]);
    const { verifier, challenge } = pkce();
    const { code } = await signInAndApprove(new Browser(stack.base), clientId, owner, challenge, 'read', WEB_REDIRECT);
    const fields = {
      grant_type: 'authorization_code',
      client_id: clientId,
      code,
      redirect_uri: WEB_REDIRECT,
      code_verifier: verifier,
    };
    // Another site is refused before the code is looked at, so the code still works afterwards.
    const foreign = await oauthPost(stack.base, '/oauth/token', fields, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error).toBe('invalid_request');
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    const own = await oauthPost(stack.base, '/oauth/token', fields, { origin: new URL(WEB_REDIRECT).origin });
    expect(own.status).toBe(200);
    expect(own.body.scope).toBe('read');
    expect(own.headers.get('access-control-allow-origin')).toBe(new URL(WEB_REDIRECT).origin);
  });

  it("asks a native app's user every time: anyone may claim a loopback or private-use redirect (RFC 8252 §8.6)", async () => {
    const owner = await register(stack.base, unique('appdev'));
    const clientId = await registerApp(owner, unique('Desktop Client'));
    expect(
      (await signInAndApprove(new Browser(stack.base), clientId, owner, pkce().challenge, 'read')).consentShown,
    ).toBe(true);
    expect(
      (await signInAndApprove(new Browser(stack.base), clientId, owner, pkce().challenge, 'read')).consentShown,
    ).toBe(true);
  });

  it('refuses a wrong PKCE verifier, a code used twice and a missing or plain challenge', async () => {
    const owner = await register(stack.base, unique('appdev'));
    const clientId = await registerApp(owner, unique('Map Viewer'));
    const { verifier, challenge } = pkce();
    const { code } = await signInAndApprove(new Browser(stack.base), clientId, owner, challenge, 'read');
    const wrong = await exchange(clientId, code, pkce().verifier);
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('invalid_grant');
    expect(wrong.body.access_token).toBeUndefined();
    const right = await exchange(clientId, code, verifier);
    expect(right.status).toBe(200);
    // A code works once; presenting it again revokes what it gave (RFC 6749 §4.1.2).
    expect((await exchange(clientId, code, verifier)).body.error).toBe('invalid_grant');
    expect(errorCode(await gql(stack.base, `{me{id}}`, {}, right.body.access_token))).toBe('TOKEN_INVALID');

    const q = new URLSearchParams({
      client_id: clientId,
      response_type: 'code',
      redirect_uri: REDIRECT,
      scope: 'read',
      state: 's',
    });
    const noPkce = await new Browser(stack.base).open(`${stack.base}/oauth/auth?${q}`, REDIRECT);
    const error = new URL(noPkce.location!);
    expect(error.searchParams.get('error')).toBe('invalid_request');
    expect(error.searchParams.get('code')).toBeNull();
    const plain = await new Browser(stack.base).open(
      `${authorizeUrl(clientId, challenge, 'read')}`.replace(
        'code_challenge_method=S256',
        'code_challenge_method=plain',
      ),
      REDIRECT,
    );
    expect(new URL(plain.location!).searchParams.get('error')).toBe('invalid_request');
  });

  it('refuses a redirect URI that is not registered, without sending the browser there or storing anything', async () => {
    const owner = await register(stack.base, unique('appdev'));
    const clientId = await registerApp(owner, unique('Evil Twin'));
    const before = await artifacts();
    const page = await new Browser(stack.base).open(
      authorizeUrl(clientId, pkce().challenge, 'read', 'http://127.0.0.1:9/elsewhere'),
    );
    expect(page.status).toBe(400);
    expect(page.location).toBeUndefined();
    expect(page.text).toContain('redirect_uri');
    expect(await artifacts()).toBe(before);
    const unknown = await new Browser(stack.base).open(authorizeUrl('wpc_no_such_app', pkce().challenge, 'read'));
    expect(unknown.status).toBe(400);
    expect(await artifacts()).toBe(before);
  });

  it('lists the authorised apps, and revoking one refuses its tokens at once', async () => {
    const owner = await register(stack.base, unique('appdev'));
    const user = await register(stack.base, unique('player'));
    const name = unique('Dice Auditor');
    const clientId = await registerApp(owner, name);
    const { verifier, challenge } = pkce();
    const { code } = await signInAndApprove(new Browser(stack.base), clientId, user, challenge, 'read play');
    const tokens = (await exchange(clientId, code, verifier)).body;
    expect((await gql(stack.base, `{me{id}}`, {}, tokens.access_token)).data.me.id).toBe(user.id);
    // Only hashes of the tokens are stored: neither appears in any row.
    const inClear = (t: string) =>
      withPg(
        async (c) =>
          (
            await c.query(
              `SELECT count(*)::int AS n FROM "OAuthArtifact" WHERE id = $1 OR strpos(payload::text, $1) > 0`,
              [t],
            )
          ).rows[0].n as number,
      );
    expect(await inClear(tokens.access_token)).toBe(0);
    expect(await inClear(tokens.refresh_token)).toBe(0);

    const listed = await gql(stack.base, APPS, {}, user.token);
    expect(listed.data.authorisedApps).toEqual([
      { clientId, name, scopes: ['read', 'play'], grantedAt: expect.any(String) },
    ]);
    const rest = await fetch(`${stack.base}/api/v1/account/authorised-apps`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(((await rest.json()) as { apps: unknown }).apps).toEqual(listed.data.authorisedApps);
    // Nobody else sees it, and an app token cannot list or revoke apps (admin scope).
    expect((await gql(stack.base, APPS, {}, owner.token)).data.authorisedApps).toEqual([]);
    expect(errorCode(await gql(stack.base, APPS, {}, tokens.access_token))).toBe('INSUFFICIENT_SCOPE');
    expect(
      (await gql(stack.base, `mutation($c:ID!){revokeAuthorisedApp(clientId:$c)}`, { c: clientId }, owner.token)).data
        .revokeAuthorisedApp,
    ).toBe(false);

    const revoked = await fetch(`${stack.base}/api/v1/account/authorised-apps/${clientId}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(await revoked.json()).toEqual({ revoked: true });
    expect(errorCode(await gql(stack.base, `{me{id}}`, {}, tokens.access_token))).toBe('TOKEN_INVALID');
    const refreshed = await oauthPost(stack.base, '/oauth/token', {
      grant_type: 'refresh_token',
      client_id: clientId,
      refresh_token: tokens.refresh_token,
    });
    expect(refreshed.body.error).toBe('invalid_grant');
    expect((await gql(stack.base, APPS, {}, user.token)).data.authorisedApps).toEqual([]);
    const ws = wsClient(stack.base, tokens.access_token);
    const code4403 = await new Promise<number>((ok) => ws.on('closed', (e) => ok((e as { code: number }).code)));
    expect(code4403).toBe(4403);
    // Signing in again asks for consent again.
    expect(
      (await signInAndApprove(new Browser(stack.base), clientId, user, pkce().challenge, 'read')).consentShown,
    ).toBe(true);
  });

  it('refuses bad registrations with every problem at once and stores nothing', async () => {
    const owner = await register(stack.base, unique('appdev'));
    const count = () =>
      withPg(
        async (c) =>
          (await c.query(`SELECT count(*)::int AS n FROM "OAuthClient" WHERE "ownerId" = $1`, [owner.id])).rows[0]
            .n as number,
      );
    const bad = await gql(
      stack.base,
      REGISTER,
      {
        i: { name: ' ', redirectUris: ['http://example.com/cb', 'https://ok.example/cb#frag', 'javascript:alert(1)'] },
      },
      owner.token,
    );
    expect(errorCode(bad)).toBe('BAD_INPUT');
    expect(
      bad.errors![0].extensions!.details!.map((d: { code: string; path: unknown[] }) => [d.code, d.path.join('.')]),
    ).toEqual([
      ['INVALID_NAME', 'name'],
      ['INVALID_REDIRECT_URI', 'redirectUris.0'],
      ['INVALID_REDIRECT_URI', 'redirectUris.1'],
      ['INVALID_REDIRECT_URI', 'redirectUris.2'],
    ]);
    const rest = await fetch(`${stack.base}/api/v1/oauth-apps`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x', redirectUris: [], secret: 'no' }),
    });
    expect(rest.status).toBe(400);
    expect(await count()).toBe(0);
    // Good ones: over REST too, listed for their owner only.
    const ok = await fetch(`${stack.base}/api/v1/oauth-apps`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Native app', redirectUris: ['com.example.warpost:/cb', 'https://app.example/cb'] }),
    });
    expect(ok.status).toBe(201);
    const app = (await ok.json()) as { clientId: string };
    expect(app.clientId).toMatch(/^wpc_/);
    expect((await gql(stack.base, `{myOAuthApps{clientId redirectUris}}`, {}, owner.token)).data.myOAuthApps).toEqual([
      { clientId: app.clientId, redirectUris: ['com.example.warpost:/cb', 'https://app.example/cb'] },
    ]);
    expect(await count()).toBe(1);
  });

  it('an account export names the apps; deleting the account removes its grants, tokens and apps', async () => {
    const owner = await register(stack.base, unique('appdev'));
    const user = await register(stack.base, unique('player'));
    const name = unique('Ladder Bot');
    const clientId = await registerApp(owner, name);
    const ownerApp = pkce();
    const ownerTokens = (
      await exchange(
        clientId,
        (await signInAndApprove(new Browser(stack.base), clientId, owner, ownerApp.challenge, 'read')).code,
        ownerApp.verifier,
      )
    ).body;
    const { verifier, challenge } = pkce();
    const tokens = (
      await exchange(
        clientId,
        (await signInAndApprove(new Browser(stack.base), clientId, user, challenge, 'read')).code,
        verifier,
      )
    ).body;

    const exported = (await gql(stack.base, `{exportMyData}`, {}, user.token)).data.exportMyData;
    expect(exported.authorisedApps).toEqual([{ clientId, name, scopes: ['read'], grantedAt: expect.any(String) }]);
    expect(exported.oauthApps).toEqual([]);
    expect((await gql(stack.base, `{exportMyData}`, {}, owner.token)).data.exportMyData.oauthApps).toEqual([
      { clientId, name, redirectUris: [REDIRECT], createdAt: expect.any(String) },
    ]);

    const rowsOf = (column: string, value: string) =>
      withPg(
        async (c) =>
          (await c.query(`SELECT count(*)::int AS n FROM "OAuthArtifact" WHERE "${column}" = $1`, [value])).rows[0]
            .n as number,
      );
    expect(await rowsOf('accountId', user.id)).toBeGreaterThan(0);
    const del = await gql(stack.base, `mutation($p:String!){deleteAccount(password:$p)}`, { p: PASSWORD }, user.token);
    expect(del.errors).toBeUndefined();
    expect(await rowsOf('accountId', user.id)).toBe(0);
    expect(errorCode(await gql(stack.base, `{me{id}}`, {}, tokens.access_token))).toBe('TOKEN_INVALID');
    // The owner's account goes: the app and every token it holds go with it.
    expect((await gql(stack.base, `{me{id}}`, {}, ownerTokens.access_token)).data.me.id).toBe(owner.id);
    expect(
      (await gql(stack.base, `mutation($p:String!){deleteAccount(password:$p)}`, { p: PASSWORD }, owner.token)).errors,
    ).toBeUndefined();
    expect(await rowsOf('clientId', clientId)).toBe(0);
    expect(errorCode(await gql(stack.base, `{me{id}}`, {}, ownerTokens.access_token))).toBe('TOKEN_INVALID');
  });
});
