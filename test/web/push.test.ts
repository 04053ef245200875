/**
 * Web Push end to end, as far as a machine without a push service allows. Chromium's push
 * service is Google's (FCM): headless Chromium here cannot reach it, so `pushManager.subscribe`
 * fails and no real subscription or delivery exists (settings.test.ts checks that failure is said).
 * This test stands in for the push service at its two ends and runs everything else for real:
 *
 * 1. The browser's `PushManager.subscribe` answers with an endpoint on a receiver in this test and
 *    keys the test holds (a P-256 pair and an auth secret, as a user agent makes them); the
 *    Settings button registers them through the API as it would a real subscription.
 * 2. A real notice (an invitation) goes through the notifier, which encrypts it (RFC 8291) and
 *    signs it (VAPID, RFC 8292) with `web-push` and posts it to the endpoint.
 * 3. The test checks the VAPID token against the server's published key, decrypts the body with
 *    `http_ece` (the RFC 8188 library), and hands the plaintext to the page's real service
 *    worker over CDP (`ServiceWorker.deliverPushMessage`), which shows the notification.
 *
 * What it does not cover: the hop through a real push service (FCM, Mozilla's autopush).
 */
import { createPublicKey, type ECDH } from 'node:crypto';
import { createRequire } from 'node:module';
import jwt from 'jsonwebtoken';
import { beforeAll, describe, expect, it } from 'vitest';
import { gql, waitFor } from '../helpers/gql.js';
import { register } from '../helpers/play.js';
import { NOTIFY_ENV, pushKeys, spawnNotifier, startReceiver, type Receiver } from '../notifications/helpers.js';
import { useBrowserStack } from './page-stack.js';

const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(body: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string }): Buffer;
};

/** The VAPID public key (an uncompressed P-256 point, base64url) as a key jsonwebtoken verifies with. */
function vapidKey(raw: string) {
  const point = Buffer.from(raw, 'base64url');
  return createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
}

describe('browser client: Web Push delivered to the service worker', () => {
  const web = useBrowserStack([], { env: NOTIFY_ENV });
  let rx: Receiver;
  beforeAll(async () => {
    rx = await startReceiver();
    await spawnNotifier(web.stack);
    return () => rx.close();
  }, 90_000);

  it('subscribes from Settings, and an invitation arrives encrypted, signed, and shown by the worker', async () => {
    const suffix = Math.random().toString(36).slice(2, 7);
    const page = await web.player(`psh_${suffix}`);
    const keys = pushKeys();
    const endpoint = `${rx.url}/push/psh_${suffix}`;
    await page.context().grantPermissions(['notifications']);
    // The push service's browser end: the subscription it would return, with the test's keys.
    await page.addInitScript({
      content: `(() => {
        const [endpoint, p256dh, auth] = ${JSON.stringify([endpoint, keys.p256dh, keys.auth.toString('base64url')])};
        const bytes = (b64) => Uint8Array.from(atob(b64.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)).buffer;
        PushManager.prototype.subscribe = async function (options) {
          globalThis.askedWith = btoa(String.fromCharCode(...new Uint8Array(options.applicationServerKey)));
          return { endpoint, getKey: (n) => bytes(n === 'p256dh' ? p256dh : auth) };
        };
      })();`,
    });
    await page.reload();
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Turn on push notifications in this browser' }).click();
    await page.getByRole('status').filter({ hasText: 'Push notifications are on for this browser.' }).waitFor();

    const token = (await page.evaluate(`JSON.parse(localStorage.getItem('warpost:session')).accessToken`)) as string;
    const { vapidPublicKey, pushSubscriptions } = (
      await gql(web.stack.base, '{ vapidPublicKey pushSubscriptions { endpoint } }', {}, token)
    ).data;
    expect(pushSubscriptions).toEqual([{ endpoint }]);
    // The page subscribed with the server's VAPID key.
    const asked = (await page.evaluate('globalThis.askedWith')) as string;
    expect(Buffer.from(asked, 'base64').toString('base64url')).toBe(vapidPublicKey);

    // A real notice: another player invites this one to a private game.
    const host = await register(web.stack.base, `psh_host_${suffix}`);
    const created = await gql(
      web.stack.base,
      'mutation($i:CreateGameInput!){createGame(input:$i){id}}',
      { i: { module: 'sealed-bid', scenario: 'short', side: 'north', isPublic: false } },
      host.token,
    );
    const gameId = created.data.createGame.id as string;
    await gql(
      web.stack.base,
      'mutation($g:ID!,$u:String!){invite(gameId:$g,username:$u)}',
      { g: gameId, u: `psh_${suffix}` },
      host.token,
    );
    const request = await waitFor(async () => rx.at(`/push/psh_${suffix}`)[0], 30_000);

    // Signed by the server's VAPID key, for the endpoint's origin; encrypted as RFC 8291 says.
    expect(request.headers['content-encoding']).toBe('aes128gcm');
    const auth = /^vapid t=([^,]+), k=(.+)$/.exec(String(request.headers.authorization));
    expect(auth?.[2]).toBe(vapidPublicKey);
    const claims = jwt.verify(auth![1], vapidKey(vapidPublicKey), { algorithms: ['ES256'] }) as jwt.JwtPayload;
    expect(claims.aud).toBe(new URL(endpoint).origin);
    expect(claims.exp! * 1000).toBeGreaterThan(Date.now());
    const plain = ece.decrypt(request.body, {
      version: 'aes128gcm',
      privateKey: keys.ecdh,
      authSecret: keys.auth.toString('base64url'),
    });
    const payload = JSON.parse(plain.toString('utf8'));
    expect(payload).toMatchObject({ kind: 'INVITATION', gameId, tag: `INVITATION:${gameId}` });
    expect(payload.title).toBeTruthy();
    expect(payload.title + payload.body).toContain(`psh_host_${suffix}`);

    // The push service's device end: the plaintext to the page's service worker, which shows it.
    const cdp = await page.context().newCDPSession(page);
    const registered = new Promise<string>((ok) =>
      cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => {
        const r = e.registrations.find((x) => x.scopeURL === `${web.stack.base}/` && !x.isDeleted);
        if (r) ok(r.registrationId);
      }),
    );
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: web.stack.base,
      registrationId: await registered,
      data: plain.toString('utf8'),
    });
    const shown = await waitFor(async () => {
      const list = (await page.evaluate(
        `navigator.serviceWorker.ready.then((r) => r.getNotifications()).then((l) => l.map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: n.data && n.data.url })))`,
      )) as { title: string; body: string; tag: string; url: string }[];
      return list.length ? list : undefined;
    }, 10_000);
    expect(shown).toEqual([
      { title: payload.title, body: payload.body, tag: payload.tag, url: payload.url ?? `/games/${gameId}` },
    ]);
    expect(web.errors).toEqual([]);
  }, 120_000);
});
