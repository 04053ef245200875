/**
 * A notifier killed mid-way loses and duplicates nothing: killed inside the dispatch transaction
 * (nothing was written, the outbox is dispatched again by the next notifier), and killed after
 * claiming deliveries but before sending them (the claims run out and another notifier sends
 * each exactly once).
 */
import type { ChildProcess } from 'node:child_process';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { withPg } from '../helpers/db.js';
import { waitFor } from '../helpers/gql.js';
import { createGame, join, register, submit, type Player } from '../helpers/play.js';
import type { Stack } from '../helpers/stack.js';
import {
  decryptPush,
  equip,
  setPrefs,
  sleep,
  spawnNotifier,
  type Equipped,
  type MailServer,
  type Receiver,
  startNotifyRig,
  stopNotifyRig,
} from './helpers.js';

let stack: Stack;
let mail: MailServer;
let rx: Receiver;

beforeAll(async () => ({ stack, mail, rx } = await startNotifyRig({ notifier: false })));
afterAll(() => stopNotifyRig({ stack, mail, rx }));

async function killWhenLogged(child: ChildProcess, text: string) {
  let log = '';
  child.stdout!.on('data', (d) => (log += d.toString()));
  await waitFor(async () => log.includes(text), 30_000);
  child.kill('SIGKILL');
  await new Promise((r) => child.once('exit', r));
}

/** Everything each player received, keyed so that a duplicate shows up as a count of 2. */
function received(eq: Map<Player, Equipped>) {
  const counts = new Map<string, number>();
  const bump = (k: string) => counts.set(k, (counts.get(k) ?? 0) + 1);
  for (const [p, e] of eq) {
    for (const m of mail.to(e.email))
      if (m.kind !== 'EMAIL_CONFIRMATION') bump(`${p.name} mail ${m.kind} ${m.subject}`);
    for (const r of rx.at(e.hookPath)) {
      const b = JSON.parse(r.body.toString());
      bump(`${p.name} hook ${b.type} step ${b.data.step ?? '-'}`);
    }
    for (const r of rx.at(e.pushPath)) {
      const m = decryptPush(e.push, r.body);
      bump(`${p.name} push ${m.kind} ${m.title}`);
    }
  }
  return counts;
}

/** Two players with every channel (a notifier sends the confirmation mails, then stops). */
async function setUp(tag: string) {
  const s = Math.random().toString(36).slice(2, 8);
  const a = await register(stack.base, `${tag}a_${s}`);
  const b = await register(stack.base, `${tag}b_${s}`);
  const helper = await spawnNotifier(stack);
  const eq = new Map<Player, Equipped>();
  for (const p of [a, b]) {
    eq.set(p, await equip(stack, mail, rx, p));
    await setPrefs(stack, p, [{ kind: 'STEP_RESOLVED', enabled: true }]);
  }
  helper.kill('SIGTERM');
  await new Promise((r) => helper.once('exit', r));
  return { a, b, eq };
}

/** Game start (GAME_STARTED, YOUR_TURN x2) and step 1 resolved (STEP_RESOLVED x2, YOUR_TURN x1). */
async function playStepOne(a: Player, b: Player) {
  const g = await createGame(stack.base, a, { module: 'sealed-bid', scenario: 'standard', side: 'north' });
  await join(stack.base, b, g.id, 'south');
  await submit(stack.base, a, g.id, 1, { bid: 2, note: 'n' });
  await submit(stack.base, b, g.id, 1, { bid: 1, note: 's' });
  await waitFor(
    async () => (await withPg((c) => c.query(`SELECT step FROM "Game" WHERE id = $1`, [g.id]))).rows[0].step === 2,
  );
  return g.id;
}

/**
 * 3 channels x (GAME_STARTED + STEP_RESOLVED) for both, and YOUR_TURN of step 2 for the winner.
 * (The step-1 "your turn" is dispatched only after step 1 resolved, so it is dropped as stale.)
 */
const EXPECTED = 3 * 2 * 2 + 3;

async function expectExactlyOnce(eq: Map<Player, Equipped>) {
  const total = () => [...received(eq).values()].reduce((x, y) => x + y, 0);
  await waitFor(async () => total() >= EXPECTED, 30_000).catch(() => {
    throw new Error(`received ${total()} of ${EXPECTED}: ${JSON.stringify([...received(eq)])}`);
  });
  await sleep(2500); // a duplicate would arrive now
  const counts = received(eq);
  expect([...counts.values()].reduce((x, y) => x + y, 0)).toBe(EXPECTED);
  expect([...counts].filter(([, n]) => n !== 1)).toEqual([]);
}

describe('a notifier killed mid-way', () => {
  const notifiers: ChildProcess[] = [];
  afterEach(async () => {
    for (const n of notifiers.splice(0)) {
      if (n.exitCode === null) n.kill('SIGKILL');
      await new Promise((r) => (n.exitCode !== null ? r(null) : n.once('exit', r)));
    }
  });

  it('inside the dispatch transaction: nothing is written, the next notifier dispatches once', async () => {
    const { a, b, eq } = await setUp('kd');
    const gameId = await playStepOne(a, b);
    const dying = await spawnNotifier(stack, { WARPOST_FAULT_DISPATCH_DELAY_MS: '30000' });
    await killWhenLogged(dying, 'fault injection: dispatch paused');
    const written = await withPg(
      async (c) =>
        (await c.query(`SELECT count(*)::int AS n FROM "NotificationDelivery" WHERE "gameId" = $1`, [gameId])).rows[0]
          .n,
    );
    expect(written).toBe(0);
    expect(received(eq).size).toBe(0);
    notifiers.push(await spawnNotifier(stack));
    await expectExactlyOnce(eq);
  });

  it('after claiming deliveries, before sending: each is sent exactly once by another notifier', async () => {
    const { a, b, eq } = await setUp('ks');
    const gameId = await playStepOne(a, b);
    const dying = await spawnNotifier(stack, { WARPOST_FAULT_DELIVER_DELAY_MS: '30000' });
    await killWhenLogged(dying, 'fault injection: delivery paused');
    const claimed = await withPg(
      async (c) =>
        (
          await c.query(
            `SELECT count(*)::int AS n FROM "NotificationDelivery" WHERE "gameId" = $1 AND "leaseUntil" IS NOT NULL AND status = 'PENDING'`,
            [gameId],
          )
        ).rows[0].n,
    );
    expect(claimed).toBeGreaterThan(0);
    expect(received(eq).size).toBe(0);
    notifiers.push(await spawnNotifier(stack));
    await expectExactlyOnce(eq);
    const states = await withPg(
      async (c) =>
        (
          await c.query(
            `SELECT status, count(*)::int AS n FROM "NotificationDelivery" WHERE "gameId" = $1 GROUP BY status`,
            [gameId],
          )
        ).rows,
    );
    expect(states).toEqual([{ status: 'SENT', n: EXPECTED }]);
  });
});
