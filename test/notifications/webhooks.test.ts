/**
 * Webhook failure handling: a receiver that is down gets retries with growing delays, every
 * attempt is logged and visible to the owner, the hook is disabled at the limit with a notice to
 * its owner, and a manual redelivery after re-enabling reaches it with the same webhook-id.
 * Secret rotation: old and new secret both sign during the grace period. Bad input changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, waitFor } from '../helpers/gql.js';
import { as, createGame, join, register, type Player } from '../helpers/play.js';
import type { Stack } from '../helpers/stack.js';
import {
  addWebhook,
  confirmEmail,
  gqlOk,
  verifyWebhook,
  type MailServer,
  type Receiver,
  startNotifyRig,
  stopNotifyRig,
} from './helpers.js';

let stack: Stack;
let mail: MailServer;
let rx: Receiver;

beforeAll(async () => ({ stack, mail, rx } = await startNotifyRig()));
afterAll(() => stopNotifyRig({ stack, mail, rx }));

const DELIVERIES = `query($w:ID!){webhookDeliveries(webhookId:$w){id kind eventType status attempts lastError nextAttemptAt
  attemptLog{attempt at ok statusCode durationMs error response}}}`;
const HOOKS = `{webhooks{id enabled disabledAt disabledReason consecutiveFailures previousSecretExpiresAt}}`;

describe('webhook retries, disabling and redelivery', () => {
  it('a receiver that is down gets every retry logged, then a disabled hook and a notice', async () => {
    const s = Math.random().toString(36).slice(2, 8);
    const alice = await register(stack.base, `walice_${s}`);
    const bob = await register(stack.base, `wbob_${s}`);
    const email = await confirmEmail(stack, mail, alice);
    const path = `/down/${s}`;
    rx.behaviour.set(path, 503);
    const { secret, webhook } = await addWebhook(stack, alice, `${rx.url}${path}`, { kinds: ['GAME_STARTED'] });
    const g = await createGame(stack.base, alice, { module: 'sealed-bid', scenario: 'short', side: 'north' });
    await join(stack.base, bob, g.id, 'south');

    // 4 attempts (NOTIFY_MAX_ATTEMPTS), the 4th failure in a row disables the hook.
    await waitFor(async () => (await gqlOk(stack, alice, HOOKS)).webhooks[0].enabled === false, 30_000);
    const hooks = (await gqlOk(stack, alice, HOOKS)).webhooks;
    expect(hooks[0]).toMatchObject({ enabled: false, consecutiveFailures: 4 });
    expect(hooks[0].disabledReason).toMatch(/4 failed attempt/);
    expect(rx.at(path)).toHaveLength(4);
    // Same message on every try: one webhook-id, each signed afresh.
    expect(new Set(rx.at(path).map((r) => r.headers['webhook-id'])).size).toBe(1);
    for (const r of rx.at(path)) expect(verifyWebhook(secret, r).type).toBe('game.started');
    // Exponential backoff with jitter: base 300 ms, so the n-th wait is at least 150 x 2^(n-1) ms
    // (at most twice that, plus queue latency, which only adds: only lower bounds are checked).
    const at = rx.at(path).map((r) => r.at);
    const gaps = at.slice(1).map((t, i) => t - at[i]);
    expect(gaps[0]).toBeGreaterThanOrEqual(140);
    expect(gaps[1]).toBeGreaterThanOrEqual(290);
    expect(gaps[2]).toBeGreaterThanOrEqual(590);

    const log = (await gqlOk(stack, alice, DELIVERIES, { w: webhook.id })).webhookDeliveries;
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ kind: 'GAME_STARTED', eventType: 'game.started', status: 'FAILED', attempts: 4 });
    expect(log[0].attemptLog.map((a: any) => [a.attempt, a.ok, a.statusCode])).toEqual(
      [1, 2, 3, 4].map((n) => [n, false, 503]),
    );
    expect(log[0].attemptLog[0].response).toBe('receiver says 503');
    expect(log[0].id).toBe(rx.at(path)[0].headers['webhook-id']);

    // The owner is told by mail.
    const notice = await waitFor(async () => mail.to(email).find((m) => m.kind === 'WEBHOOK_DISABLED'), 20_000);
    expect(notice.text).toContain('disabled');
    expect(notice.listUnsubscribe).toBe(''); // a system notice, not something to unsubscribe from

    // Redelivery is refused while the hook is disabled, and works once it is enabled again.
    const refused = await as(stack.base, alice, `mutation($d:ID!){redeliverWebhook(deliveryId:$d){id}}`, {
      d: log[0].id,
    });
    expect(errorCode(refused)).toBe('WEBHOOK_DISABLED');
    rx.behaviour.set(path, 204);
    const enabled = await gqlOk(
      stack,
      alice,
      `mutation($w:ID!){updateWebhook(id:$w,input:{enabled:true}){enabled consecutiveFailures disabledAt}}`,
      { w: webhook.id },
    );
    expect(enabled.updateWebhook).toEqual({ enabled: true, consecutiveFailures: 0, disabledAt: null });
    await gqlOk(stack, alice, `mutation($d:ID!){redeliverWebhook(deliveryId:$d){id status}}`, { d: log[0].id });
    await waitFor(async () => rx.at(path).length === 5, 20_000);
    expect(rx.at(path)[4].headers['webhook-id']).toBe(log[0].id);
    const after = await waitFor(async () => {
      const d = (await gqlOk(stack, alice, DELIVERIES, { w: webhook.id })).webhookDeliveries[0];
      return d.status === 'SENT' ? d : null;
    });
    expect(after.attempts).toBe(5);
    expect(after.attemptLog.at(-1)).toMatchObject({ attempt: 5, ok: true, statusCode: 204 });

    // Another user cannot read or redeliver it.
    expect(errorCode(await as(stack.base, bob, DELIVERIES, { w: webhook.id }))).toBe('NOT_FOUND');
    expect(
      errorCode(await as(stack.base, bob, `mutation($d:ID!){redeliverWebhook(deliveryId:$d){id}}`, { d: log[0].id })),
    ).toBe('NOT_FOUND');
  });

  it('a rotated secret: old and new both sign during the grace period, only the new one after', async () => {
    const s = Math.random().toString(36).slice(2, 8);
    const alice = await register(stack.base, `ralice_${s}`);
    const path = `/rotate/${s}`;
    const { secret: oldSecret, webhook } = await addWebhook(stack, alice, `${rx.url}${path}`);
    const rotated = await gqlOk(
      stack,
      alice,
      `mutation($w:ID!){rotateWebhookSecret(id:$w,graceSeconds:3600){secret webhook{previousSecretExpiresAt}}}`,
      { w: webhook.id },
    );
    const newSecret = rotated.rotateWebhookSecret.secret;
    expect(newSecret).toMatch(/^whsec_/);
    expect(newSecret).not.toBe(oldSecret);
    expect(new Date(rotated.rotateWebhookSecret.webhook.previousSecretExpiresAt).getTime()).toBeGreaterThan(Date.now());
    await gqlOk(stack, alice, `mutation($w:ID!){testWebhook(id:$w){id}}`, { w: webhook.id });
    await waitFor(async () => rx.at(path).length === 1);
    const during = rx.at(path)[0];
    expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verifyWebhook(oldSecret, during).type).toBe('webhook.test');
    expect(verifyWebhook(newSecret, during).type).toBe('webhook.test');

    const again = await gqlOk(stack, alice, `mutation($w:ID!){rotateWebhookSecret(id:$w,graceSeconds:0){secret}}`, {
      w: webhook.id,
    });
    await gqlOk(stack, alice, `mutation($w:ID!){testWebhook(id:$w){id}}`, { w: webhook.id });
    await waitFor(async () => rx.at(path).length === 2);
    const later = rx.at(path)[1];
    expect(verifyWebhook(again.rotateWebhookSecret.secret, later).type).toBe('webhook.test');
    expect(() => verifyWebhook(newSecret, later)).toThrow();
    // Secrets are never listed.
    expect(JSON.stringify(await gqlOk(stack, alice, `{webhooks{id url}}`))).not.toContain('whsec_');
  });

  it('a receiver that hangs times out; a huge answer is cut off and still counts', async () => {
    const s = Math.random().toString(36).slice(2, 8);
    const alice = await register(stack.base, `talice_${s}`);
    rx.behaviour.set(`/hang/${s}`, 'hang');
    rx.behaviour.set(`/huge/${s}`, 'huge');
    const hang = await addWebhook(stack, alice, `${rx.url}/hang/${s}`);
    const huge = await addWebhook(stack, alice, `${rx.url}/huge/${s}`);
    await gqlOk(stack, alice, `mutation($w:ID!){testWebhook(id:$w){id}}`, { w: hang.webhook.id });
    await gqlOk(stack, alice, `mutation($w:ID!){testWebhook(id:$w){id}}`, { w: huge.webhook.id });
    const get = async (w: string) => (await gqlOk(stack, alice, DELIVERIES, { w })).webhookDeliveries[0];
    const hung = await waitFor(
      async () => ((await get(hang.webhook.id)).status === 'FAILED' ? get(hang.webhook.id) : null),
      20_000,
    );
    expect(hung.attemptLog[0].error).toMatch(/timed out after 2000 ms/);
    const big = await waitFor(
      async () => ((await get(huge.webhook.id)).status === 'SENT' ? get(huge.webhook.id) : null),
      20_000,
    );
    expect(big.attemptLog[0].response.length).toBeLessThanOrEqual(1024);
  });
});

describe('bad input changes nothing', () => {
  let alice: Player;
  beforeAll(async () => {
    alice = await register(stack.base, `balice_${Math.random().toString(36).slice(2, 8)}`);
  });

  const state = async () =>
    JSON.stringify(
      await gqlOk(
        stack,
        alice,
        `{webhooks{id} notificationSettings{email pendingEmail timeZone quietHours{start end} digest digestTime preferences{kind channel enabled}}}`,
      ),
    );

  async function refused(query: string, vars: Record<string, unknown>) {
    const before = await state();
    const r = await as(stack.base, alice, query, vars);
    expect(r.errors?.length).toBeGreaterThan(0);
    expect(JSON.stringify(r.errors)).not.toMatch(/whsec_|at .*\.ts:\d+|prisma/i);
    expect(await state()).toBe(before);
    return r.errors![0];
  }

  it('webhook URLs, formats and kinds', async () => {
    const create = `mutation($i:WebhookInput!){createWebhook(input:$i){secret}}`;
    const details = async (i: unknown) => (await refused(create, { i })).extensions?.details?.map((d: any) => d.code);
    expect(await details({ url: 'ftp://example.org/hook' })).toEqual(['UNSUPPORTED_SCHEME']);
    expect(await details({ url: 'not a url' })).toEqual(['INVALID_URL']);
    expect(await details({ url: 'https://user:pw@example.org/' })).toEqual(['CREDENTIALS_IN_URL']);
    expect(
      await details({ url: `${rx.url}/x`, kinds: ['YOUR_TURN'], gameId: '00000000-0000-0000-0000-000000000000' }),
    ).toEqual(['KIND_NOT_FOR_GAME_HOOK']);
    expect(
      (await refused(create, { i: { url: `${rx.url}/x`, gameId: '00000000-0000-0000-0000-000000000000' } })).extensions
        ?.code,
    ).toBe('NOT_FOUND');
    // Unknown kinds and formats are refused by the schema itself.
    await refused(create, { i: { url: `${rx.url}/x`, kinds: ['EVERYTHING'] } });
    await refused(create, { i: { url: `${rx.url}/x`, format: 'TEAMS' } });
  });

  it('email addresses, time zones, quiet hours, preferences and tokens', async () => {
    const email = `mutation($e:String){setNotificationEmail(email:$e){email}}`;
    expect((await refused(email, { e: 'not-an-address' })).extensions?.details?.[0]?.code).toBe('INVALID_EMAIL');
    expect((await refused(email, { e: 'a@b@example.org' })).extensions?.details?.[0]?.code).toBe('INVALID_EMAIL');
    expect((await refused(email, { e: 'evil@example.org\r\nBcc: x@example.org' })).extensions?.details?.[0]?.code).toBe(
      'INVALID_EMAIL',
    );
    const settings = `mutation($i:NotificationSettingsInput!){updateNotificationSettings(input:$i){timeZone}}`;
    expect((await refused(settings, { i: { timeZone: 'Mars/Olympus' } })).extensions?.details?.[0]?.code).toBe(
      'INVALID_TIME_ZONE',
    );
    expect(
      (await refused(settings, { i: { quietHours: { start: '25:00', end: '07:00' } } })).extensions?.details?.[0]?.code,
    ).toBe('INVALID_TIME');
    expect(
      (await refused(settings, { i: { quietHours: { start: '07:00', end: '07:00' } } })).extensions?.details?.[0]?.code,
    ).toBe('EMPTY_QUIET_HOURS');
    expect((await refused(settings, { i: { digestTime: '8am' } })).extensions?.details?.[0]?.code).toBe('INVALID_TIME');
    const prefs = `mutation($p:[PreferenceInput!]!){setNotificationPreferences(preferences:$p){kind}}`;
    await refused(prefs, { p: [{ kind: 'SOMETHING', enabled: false }] });
    expect((await refused(prefs, { p: [] })).extensions?.code).toBe('BAD_INPUT');
    expect(
      (await refused(`mutation($t:String!){confirmNotificationEmail(token:$t)}`, { t: 'forged.token' })).extensions
        ?.code,
    ).toBe('TOKEN_INVALID');
    const push = `mutation($i:PushSubscriptionInput!){registerPushSubscription(input:$i){id}}`;
    expect(
      (await refused(push, { i: { endpoint: `${rx.url}/p`, p256dh: 'short', auth: 'x' } })).extensions?.details?.map(
        (d: any) => d.code,
      ),
    ).toEqual(['INVALID_KEY', 'INVALID_KEY']);
    // An unsubscribe link that was tampered with does nothing.
    const res = await fetch(`${stack.base}/notifications/unsubscribe?token=forged.token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(400);
  });
});
