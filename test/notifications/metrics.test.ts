/**
 * warpost_notification_deliveries_total counts each delivery attempt by channel and result on the
 * notifier that made it: a webhook receiver that answers 200 gives `sent`, one that answers 500
 * gives `retry` (then `failed` once the attempts run out), one that answers 410 gives `failed` at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../helpers/gql.js';
import { freePort, sample } from '../helpers/metrics.js';
import { createGame, join, register, submit } from '../helpers/play.js';
import type { Stack } from '../helpers/stack.js';
import { addWebhook, startNotifyRig, spawnNotifier, stopNotifyRig, type MailServer, type Receiver } from './helpers.js';

let stack: Stack;
let mail: MailServer;
let rx: Receiver;
let metricsUrl: string;

beforeAll(async () => {
  ({ stack, mail, rx } = await startNotifyRig({ notifier: false }));
  const port = await freePort();
  metricsUrl = `http://127.0.0.1:${port}/metrics`;
  await spawnNotifier(stack, { WARPOST_METRICS_PORT: String(port), HOST: '127.0.0.1' });
});
afterAll(() => stopNotifyRig({ stack, mail, rx }));

const scrape = async () => {
  const r = await fetch(metricsUrl);
  expect(r.status).toBe(200);
  return r.text();
};
const webhook = (text: string, result: string) =>
  sample(text, 'warpost_notification_deliveries_total', { channel: 'WEBHOOK', result });

describe('notification delivery metrics', () => {
  it('counts sent, retried and failed webhook deliveries on the notifier', async () => {
    const before = await scrape();
    const s = Math.random().toString(36).slice(2, 8);
    const alice = await register(stack.base, `dm_a_${s}`);
    const bob = await register(stack.base, `dm_b_${s}`);
    const carol = await register(stack.base, `dm_c_${s}`);
    rx.behaviour.set(`/dm-${s}/flaky`, 500);
    rx.behaviour.set(`/dm-${s}/gone`, 410);
    const game = await createGame(stack.base, alice, { module: 'sealed-bid', scenario: 'standard', side: 'north' });
    // Three game hooks on the same public events: each kind of receiver gets every delivery.
    await addWebhook(stack, carol, `${rx.url}/dm-${s}/ok`, { gameId: game.id, kinds: ['STEP_RESOLVED'] });
    await addWebhook(stack, carol, `${rx.url}/dm-${s}/flaky`, { gameId: game.id, kinds: ['STEP_RESOLVED'] });
    await addWebhook(stack, carol, `${rx.url}/dm-${s}/gone`, { gameId: game.id, kinds: ['STEP_RESOLVED'] });
    await join(stack.base, bob, game.id, 'south');
    expect((await submit(stack.base, alice, game.id, 1, { bid: 3, note: 'a' })).errors).toBeUndefined();
    expect((await submit(stack.base, bob, game.id, 1, { bid: 1, note: 'b' })).errors).toBeUndefined();

    await waitFor(
      async () =>
        rx.at(`/dm-${s}/ok`).length >= 1 && rx.at(`/dm-${s}/gone`).length >= 1 && rx.at(`/dm-${s}/flaky`).length >= 4,
      30_000,
    );
    const after = await waitFor(async () => {
      const t = await scrape();
      return (
        webhook(t, 'sent') - webhook(before, 'sent') >= 1 &&
        webhook(t, 'retry') - webhook(before, 'retry') >= 3 &&
        webhook(t, 'failed') - webhook(before, 'failed') >= 2 &&
        t
      );
    }, 10_000);
    // The 500 hook was tried NOTIFY_MAX_ATTEMPTS (4) times: three retries, then failed; the 410 hook
    // failed at once. Sent moves once per delivery answered 200, no more. (Retry and failed are
    // bounded below only: the notifier's sweeper may also retry deliveries left by earlier tests.)
    expect(webhook(after, 'sent') - webhook(before, 'sent')).toBe(rx.at(`/dm-${s}/ok`).length);
    expect(after).toMatch(/^warpost_notification_deliveries_total\{channel="WEBHOOK",result="sent"\} \d+/m);
  });
});
