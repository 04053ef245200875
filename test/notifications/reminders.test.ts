/**
 * Deadline reminders go to players whose orders are still missing shortly before the deadline
 * (a quarter of the step at most), and not to those whose orders are in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../helpers/gql.js';
import { createGame, join, register, submit } from '../helpers/play.js';
import { startStack, type Stack } from '../helpers/stack.js';
import { addWebhook, gqlOk, NOTIFY_ENV, spawnNotifier, startReceiver, verifyWebhook, type Receiver } from './helpers.js';

let stack: Stack;
let rx: Receiver;

beforeAll(async () => {
  rx = await startReceiver();
  stack = await startStack('services', NOTIFY_ENV);
  await Promise.all([stack.spawnWorker(), spawnNotifier(stack)]);
});
afterAll(async () => {
  await stack?.close();
  await rx?.close();
});

describe('deadline reminders', () => {
  it('remind whoever still owes orders, and nobody else', async () => {
    const s = Math.random().toString(36).slice(2, 8);
    const alice = await register(stack.base, `dalice_${s}`);
    const bob = await register(stack.base, `dbob_${s}`);
    await addWebhook(stack, alice, `${rx.url}/remind/a${s}`, { kinds: ['DEADLINE_REMINDER'] });
    const hb = await addWebhook(stack, bob, `${rx.url}/remind/b${s}`, { kinds: ['DEADLINE_REMINDER'] });
    const g = await createGame(stack.base, alice, { module: 'sealed-bid', scenario: 'short', side: 'north', timeControl: { preset: 'custom', stepSeconds: 8 } });
    await join(stack.base, bob, g.id, 'south');
    const started = Date.now();
    await submit(stack.base, alice, g.id, 1, { bid: 1, note: 'on time' });

    const reminder = await waitFor(async () => rx.at(`/remind/b${s}`)[0], 45_000);
    const body = verifyWebhook(hb.secret, reminder);
    expect(body).toMatchObject({ type: 'deadline.reminder', data: { gameId: g.id, step: 1, sides: ['south'] } });
    // Due at deadline minus a quarter of the step (2 s of 8): not right away, before the deadline.
    expect(reminder.at - started).toBeGreaterThan(4000);
    expect(new Date(body.data.deadline).getTime()).toBeGreaterThan(reminder.at);
    await waitFor(async () => {
      const n = (await gqlOk(stack, alice, `{notifications(kind:"DEADLINE_REMINDER"){status lastError gameId}}`)).notifications.filter((x: any) => x.gameId === g.id);
      return n.length === 1 && n[0].status === 'SKIPPED' ? n : null;
    }, 20_000);
    expect(rx.at(`/remind/a${s}`)).toHaveLength(0);
  });
});
