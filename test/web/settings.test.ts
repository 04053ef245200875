/**
 * The Settings page in Chromium against the real server: reached from the header, it changes the
 * time zone and quiet hours, which survive a reload and read back through the API; a refused
 * value shows the API's message next to its field; a per-kind switch is stored; axe-core finds
 * no serious violation. A game's page overrides the defaults for that game only, shows which
 * switches are overridden, drops the overrides again, and shows a refusal beside its switch.
 * Third-party apps: one is registered from Settings (refusals beside their fields), a person
 * allows it over OAuth, and Settings lists and revokes it, after which its token is refused.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { errorCode, gql } from '../helpers/gql.js';
import { Browser, oauthPost, pkce } from '../helpers/oauth.js';
import { PASSWORD, seriousA11yViolations } from './browser.js';
import { useBrowserStack } from './page-stack.js';
import { createPrivateSealedBid, sessionOf } from './turns.js';

const token = async (page: Page) =>
  (await page.evaluate(`JSON.parse(localStorage.getItem('warpost:session')).accessToken`)) as string;

describe('browser client: settings', () => {
  const web = useBrowserStack([]);

  it('changes the time zone and quiet hours, which persist; field errors and switches work', async () => {
    const name = `set_${Math.random().toString(36).slice(2, 7)}`;
    const page = await web.player(name);

    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL(/\/settings$/);
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    expect(await page.getByLabel('Time zone', { exact: true }).inputValue()).toBe('UTC');

    // Same start and end: the API refuses, and its message sits next to the quiet hours.
    await page.getByLabel('Keep quiet hours').check();
    await page.getByLabel('Quiet from').fill('22:00');
    await page.getByLabel('Quiet until').fill('22:00');
    await page.getByRole('button', { name: 'Save' }).click();
    const quiet = page.getByRole('group', { name: 'Quiet hours (no mail or push)' });
    await quiet.getByText('Quiet hours start and end at different times.').waitFor();
    expect(await quiet.getAttribute('aria-invalid')).toBe('true');

    await page.getByLabel('Time zone', { exact: true }).selectOption('Europe/Paris');
    await page.getByLabel('Quiet until').fill('07:30');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    expect(await quiet.getByText('Quiet hours start and end at different times.').count()).toBe(0);

    // A switch: press messages no longer by email.
    const pressMail = page.getByLabel('Press message by Email');
    const wasOn = await pressMail.isChecked();
    const stored = page.waitForResponse(
      (res) => res.url().endsWith('/graphql') && res.request().postData()!.includes('setNotificationPreferences'),
    );
    await pressMail.setChecked(!wasOn);
    await stored;

    expect(await seriousA11yViolations(page), 'settings page').toEqual([]);

    await page.reload();
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    expect(await page.getByLabel('Time zone', { exact: true }).inputValue()).toBe('Europe/Paris');
    expect(await page.getByLabel('Quiet from').inputValue()).toBe('22:00');
    expect(await page.getByLabel('Quiet until').inputValue()).toBe('07:30');
    expect(await page.getByLabel('Press message by Email').isChecked()).toBe(!wasOn);

    const r = await gql(
      web.stack.base,
      '{ notificationSettings { timeZone quietHours { start end } preferences { kind channel enabled } } }',
      {},
      await token(page),
    );
    expect(r.errors).toBeUndefined();
    expect(r.data.notificationSettings.timeZone).toBe('Europe/Paris');
    expect(r.data.notificationSettings.quietHours).toEqual({ start: '22:00', end: '07:30' });
    expect(
      r.data.notificationSettings.preferences.find(
        (p: { kind: string; channel: string }) => p.kind === 'PRESS' && p.channel === 'EMAIL',
      ).enabled,
    ).toBe(!wasOn);

    // Quiet hours switched off again: null through the API.
    await page.getByLabel('Keep quiet hours').uncheck();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    const after = await gql(web.stack.base, '{ notificationSettings { quietHours { start } } }', {}, await token(page));
    expect(after.data.notificationSettings.quietHours).toBeNull();
    expect(web.errors).toEqual([]);
  }, 120_000);

  it('overrides the defaults for one game on its page, and drops the overrides; a refusal shows beside its switch', async () => {
    const suffix = Math.random().toString(36).slice(2, 7);
    const alice = await web.player(`gna_${suffix}`);
    const bob = await web.player(`gnb_${suffix}`);
    const gameUrl = await createPrivateSealedBid(alice);
    const { token, gameId } = await sessionOf(alice);
    const PREFS = 'query($g:ID){notificationSettings{preferences(gameId:$g){kind channel enabled source}}}';
    const pref = async (t: string, g: string | null, kind: string, channel: string) => {
      const r = await gql(web.stack.base, PREFS, { g }, t);
      expect(r.errors).toBeUndefined();
      return r.data.notificationSettings.preferences.find(
        (p: { kind: string; channel: string }) => p.kind === kind && p.channel === channel,
      ) as { enabled: boolean; source: string };
    };
    const before = await pref(token, null, 'PRESS', 'PUSH');

    const card = alice.getByRole('region', { name: 'Notifications for this game' });
    await card.getByText('What is sent where for this game').click();
    const pressPush = card.getByLabel('Press message by Push');
    expect(await pressPush.isChecked()).toBe(before.enabled);
    expect(await card.getByRole('button', { name: 'Use my defaults for this game' }).isDisabled()).toBe(true);
    await pressPush.setChecked(!before.enabled);
    await card.getByText('1 override for this game.').waitFor();
    expect(await pressPush.getAttribute('aria-describedby')).toBeTruthy();
    expect(await card.getByText('set for this game').count()).toBe(1);
    expect(await seriousA11yViolations(alice), 'game page with its notification switches').toEqual([]);

    // Stored for this game only: the default stays as it was.
    expect(await pref(token, gameId, 'PRESS', 'PUSH')).toMatchObject({ enabled: !before.enabled, source: 'GAME' });
    expect(await pref(token, null, 'PRESS', 'PUSH')).toMatchObject({ enabled: before.enabled });
    await alice.reload();
    await card.getByText('What is sent where for this game').click();
    expect(await card.getByLabel('Press message by Push').isChecked()).toBe(!before.enabled);

    await card.getByRole('button', { name: 'Use my defaults for this game' }).click();
    await card.getByText('No override: your defaults apply.').waitFor();
    expect(await card.getByLabel('Press message by Push').isChecked()).toBe(before.enabled);
    expect(await pref(token, gameId, 'PRESS', 'PUSH')).toMatchObject({
      enabled: before.enabled,
      source: before.source,
    });

    // Bob watches as an invitee; once the invitation is withdrawn the API refuses his switch, and says so beside it.
    const INVITE = 'mutation($g:ID!,$u:String!){invite(gameId:$g,username:$u)}';
    expect((await gql(web.stack.base, INVITE, { g: gameId, u: `gnb_${suffix}` }, token)).errors).toBeUndefined();
    await bob.goto(gameUrl);
    const bobCard = bob.getByRole('region', { name: 'Notifications for this game' });
    await bobCard.getByText('What is sent where for this game').click();
    const bobVote = bobCard.getByLabel('Vote by Email');
    await bobVote.waitFor();
    const REMOVE = 'mutation($g:ID!,$u:String!){removeInvitation(gameId:$g,username:$u)}';
    expect((await gql(web.stack.base, REMOVE, { g: gameId, u: `gnb_${suffix}` }, token)).data.removeInvitation).toBe(
      true,
    );
    const wasOn = await bobVote.isChecked();
    await bobVote.setChecked(!wasOn).catch(() => undefined); // the page keeps the stored value when refused
    const refusal = bobCard.getByRole('alert').filter({ hasText: `No game ${gameId}.` });
    await refusal.waitFor();
    expect(await bobVote.getAttribute('aria-invalid')).toBe('true');
    expect((await bobVote.getAttribute('aria-describedby'))!.split(' ')).toContain(await refusal.getAttribute('id'));
    expect(await bobVote.isChecked()).toBe(wasOn);
    expect(web.errors).toEqual([]);
  }, 120_000);

  it('registers an OAuth app from Settings, lists the apps a person allowed, and revokes one', async () => {
    const name = `app_${Math.random().toString(36).slice(2, 7)}`;
    const page = await web.player(name);
    const base = web.stack.base;
    await page.getByRole('link', { name: 'Settings' }).click();
    const mine = page.getByRole('region', { name: 'Apps you registered' });
    const allowed = page.getByRole('region', { name: 'Apps you allowed' });
    await allowed.getByText('No app may use your account.').waitFor();

    // Refused as a whole, each problem beside its field, nothing stored.
    await mine.getByLabel('App name').fill('<b>Bold</b>');
    await mine.getByLabel(/^Redirect URIs/).fill('https://ok.example/cb\nftp://files.example/cb');
    await mine.getByRole('button', { name: 'Register app' }).click();
    await mine.locator('#f-app-name-error').filter({ hasText: 'without < or >' }).waitFor();
    await mine
      .locator('#f-app-uris-error')
      .filter({ hasText: /^Line 2: / })
      .waitFor();
    expect(await mine.getByLabel('App name').getAttribute('aria-invalid')).toBe('true');
    expect(await mine.getByLabel(/^Redirect URIs/).getAttribute('aria-invalid')).toBe('true');
    expect((await gql(base, '{ myOAuthApps { clientId } }', {}, await token(page))).data.myOAuthApps).toEqual([]);

    const appName = `Dice Tower ${name}`;
    const redirect = 'http://127.0.0.1:9/callback';
    await mine.getByLabel('App name').fill(appName);
    await mine.getByLabel(/^Redirect URIs/).fill(redirect);
    await mine.getByRole('button', { name: 'Register app' }).click();
    const done = mine.getByRole('status').filter({ hasText: `${appName} is registered` });
    await done.waitFor();
    const clientId = await done.locator('code').innerText();
    expect(clientId).toMatch(/^wpc_/);
    await mine.getByRole('list', { name: 'Apps you registered' }).getByText(clientId).waitFor();
    expect(await mine.getByRole('alert').count()).toBe(0);

    // The person allows the app on Warpost's OAuth pages (over HTTP) and the app gets its token.
    const { verifier, challenge } = pkce();
    const q = new URLSearchParams({
      client_id: clientId,
      response_type: 'code',
      redirect_uri: redirect,
      scope: 'read play',
      state: 's',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    const oauth = new Browser(base);
    const login = await oauth.open(`${base}/oauth/auth?${q}`, redirect);
    const consent = await oauth.submit(`${login.url}/login`, { username: name, password: PASSWORD }, redirect);
    const back = await oauth.submit(`${consent.url}/consent`, { decision: 'approve' }, redirect);
    const code = new URL(back.location!).searchParams.get('code')!;
    const tokens = await oauthPost(base, '/oauth/token', {
      grant_type: 'authorization_code',
      client_id: clientId,
      code,
      redirect_uri: redirect,
      code_verifier: verifier,
    });
    expect(tokens.status).toBe(200);
    const appToken = tokens.body.access_token as string;
    expect((await gql(base, '{ me { username } }', {}, appToken)).data.me.username).toBe(name);

    await page.reload();
    const entry = allowed.getByRole('listitem').filter({ hasText: appName });
    await entry.getByText('may read your games, play for you').waitFor();
    expect(await seriousA11yViolations(page), 'settings page with apps').toEqual([]);
    await entry.getByRole('button', { name: `Revoke ${appName}` }).click();
    await allowed
      .getByRole('status')
      .filter({ hasText: `${appName} may no longer use your account` })
      .waitFor();
    await allowed.getByText('No app may use your account.').waitFor();
    expect(errorCode(await gql(base, '{ me { username } }', {}, appToken))).toBe('TOKEN_INVALID');
    expect((await gql(base, '{ authorisedApps { clientId } }', {}, await token(page))).data.authorisedApps).toEqual([]);
    expect(web.errors).toEqual([]);
  }, 120_000);

  // Headless Chromium has no push service: the worker registers, and the subscription's failure is said plainly.
  it('registers the service worker and reports why push cannot be turned on', async () => {
    const page = await web.player(`push_${Math.random().toString(36).slice(2, 7)}`);
    await page.context().grantPermissions(['notifications']);
    const script = await page.evaluate(
      `navigator.serviceWorker.ready.then((r) => new URL(r.active.scriptURL).pathname)`,
    );
    expect(script).toBe('/sw.js');
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Turn on push notifications in this browser' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Push notifications could not be turned on:' });
    await alert.waitFor();
    expect(
      await gql(web.stack.base, '{ pushSubscriptions { id } }', {}, await token(page)).then(
        (r) => r.data.pushSubscriptions,
      ),
    ).toEqual([]);
  }, 60_000);
});
