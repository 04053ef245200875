/**
 * Deadline reminders, on the controllable clock (no waiting for real deadlines): a game's own
 * schedule (24 h and 1 h before), or the server's default (NOTIFY_REMINDER_BEFORE_SECONDS, at
 * most a quarter of the step); each reminder goes once, only to players whose orders are still
 * missing, and a deadline that moves is reminded of again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../helpers/gql.js';
import { createGame, join, register, submit, view } from '../helpers/play.js';
import { startStack, type Stack } from '../helpers/stack.js';
import {
  addWebhook,
  gqlOk,
  NOTIFY_ENV,
  spawnNotifier,
  startReceiver,
  verifyWebhook,
  type Receiver,
} from './helpers.js';

let stack: Stack;
let rx: Receiver;
const HOUR = 3_600_000;

beforeAll(async () => {
  rx = await startReceiver();
  stack = await startStack('services', {
    ...NOTIFY_ENV,
    WARPOST_TEST_CLOCK: 'true',
    WARPOST_RECONCILE_INTERVAL_MS: '150',
    WARPOST_RECONCILE_GRACE_SECONDS: '0',
  });
  await Promise.all([stack.spawnWorker(), spawnNotifier(stack)]);
});
afterAll(async () => {
  await stack?.close();
  await rx?.close();
});

const settle = () => new Promise((r) => setTimeout(r, 1500)); // several sweeps and dispatches

async function players(prefix: string, timeControl: Record<string, unknown>) {
  const s = Math.random().toString(36).slice(2, 8);
  const alice = await register(stack.base, `${prefix}a_${s}`);
  const bob = await register(stack.base, `${prefix}b_${s}`);
  await addWebhook(stack, alice, `${rx.url}/remind/a${s}`, { kinds: ['DEADLINE_REMINDER'] });
  const hb = await addWebhook(stack, bob, `${rx.url}/remind/b${s}`, { kinds: ['DEADLINE_REMINDER'] });
  const g = await createGame(stack.base, alice, {
    module: 'sealed-bid',
    scenario: 'short',
    side: 'north',
    timeControl,
  });
  await join(stack.base, bob, g.id, 'south');
  const deadline = new Date((await view(stack.base, alice, g.id)).game.deadline).getTime();
  return { alice, bob, hb, g, s, deadline, toAlice: () => rx.at(`/remind/a${s}`), toBob: () => rx.at(`/remind/b${s}`) };
}

describe('deadline reminders', () => {
  it("follow the game's schedule, once each, only to whoever still owes orders", async () => {
    const t = await players('rs', { preset: 'custom', stepSeconds: 48 * 3600, reminders: [3600, 86_400] });
    const tc = (await gqlOk(stack, t.alice, `query($g:ID!){game(id:$g){game{timeControl{reminders}}}}`, { g: t.g.id }))
      .game.game.timeControl;
    expect(tc.reminders).toEqual([86_400, 3600]);
    await submit(stack.base, t.alice, t.g.id, 1, { bid: 1, note: 'on time' });
    // 30 h before: nothing due yet.
    await stack.clock.set(new Date(t.deadline - 30 * HOUR));
    await settle();
    expect(t.toBob()).toHaveLength(0);
    // 23 h before: the 24 h reminder, to bob only.
    await stack.clock.set(new Date(t.deadline - 23 * HOUR));
    const first = await waitFor(async () => t.toBob()[0], 20_000);
    expect(verifyWebhook(t.hb.secret, first)).toMatchObject({
      type: 'deadline.reminder',
      data: { gameId: t.g.id, step: 1, sides: ['south'], deadline: new Date(t.deadline).toISOString() },
    });
    // The sentence shows the deadline in bob's zone (none set: UTC) and how far off it is.
    expect(verifyWebhook(t.hb.secret, first).data.text).toMatch(
      /are due \w{3} \d{1,2} \w{3} \d{2}:\d{2} UTC, in 23 hours\./,
    );
    // 30 min before: the 1 h reminder.
    await stack.clock.set(new Date(t.deadline - HOUR / 2));
    await waitFor(async () => t.toBob().length === 2 || null, 20_000);
    await settle();
    expect(t.toBob()).toHaveLength(2);
    expect(t.toAlice()).toHaveLength(0);
    const rows = await stack.booted.platform.prisma.deadlineReminder.findMany({
      where: { gameId: t.g.id },
      orderBy: { offsetSeconds: 'desc' },
    });
    expect(rows.map((r) => r.offsetSeconds)).toEqual([86_400, 3600]);
  });

  it('the default schedule is one reminder before the deadline; a clock jump sends only the most urgent', async () => {
    const t = await players('rd', { preset: 'standard' });
    await submit(stack.base, t.alice, t.g.id, 1, { bid: 1, note: 'on time' });
    await stack.clock.set(new Date(t.deadline - 2 * HOUR));
    await settle();
    expect(t.toBob()).toHaveLength(0);
    await stack.clock.set(new Date(t.deadline - 50 * 60_000));
    await waitFor(async () => t.toBob()[0], 20_000);
    await settle();
    expect(t.toBob()).toHaveLength(1);
    expect(t.toAlice()).toHaveLength(0);

    // The clock jumps past both reminder times of a schedule: only the most urgent goes out.
    const u = await players('rj', { preset: 'custom', stepSeconds: 48 * 3600, reminders: [86_400, 3600] });
    await submit(stack.base, u.alice, u.g.id, 1, { bid: 1, note: 'a' });
    await stack.clock.set(new Date(u.deadline - 10 * 60_000));
    await waitFor(async () => u.toBob()[0], 20_000);
    await settle();
    expect(u.toBob()).toHaveLength(1);
    expect(u.toAlice()).toHaveLength(0);
    expect(
      (await stack.booted.platform.prisma.deadlineReminder.findMany({ where: { gameId: u.g.id } })).map(
        (r) => r.offsetSeconds,
      ),
    ).toEqual([3600]);
  });
});
