/**
 * A resolved step reaches every player once on every channel they enabled (mail through a real
 * SMTP server, signed webhooks verified with the standardwebhooks library, encrypted Web Push),
 * club channels get the public version, and nobody's notice carries the other side's secret
 * notes, even when the outbox is delivered and dispatched a second time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withPg } from '../helpers/db.js';
import { waitFor } from '../helpers/gql.js';
import { createGame, join, register, submit, type Player } from '../helpers/play.js';
import type { Stack } from '../helpers/stack.js';
import {
  addWebhook,
  decryptPush,
  equip,
  gqlOk,
  setPrefs,
  sleep,
  verifyWebhook,
  type Equipped,
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

const bodyOf = (r: { body: Buffer }) => JSON.parse(r.body.toString('utf8'));

describe('notifications of a resolved step', () => {
  it('one message per player per enabled channel, signed, redacted, and not repeated', async () => {
    const s = Math.random().toString(36).slice(2, 8);
    const alice = await register(stack.base, `nalice_${s}`);
    const bob = await register(stack.base, `nbob_${s}`);
    const carol = await register(stack.base, `ncarol_${s}`);
    const eq = new Map<Player, Equipped>();
    for (const p of [alice, bob]) {
      eq.set(p, await equip(stack, mail, rx, p));
      // STEP_RESOLVED is off for mail and push by default: switch it on everywhere.
      await setPrefs(stack, p, [{ kind: 'STEP_RESOLVED', enabled: true }]);
    }
    const game = await createGame(stack.base, alice, { module: 'sealed-bid', scenario: 'standard', side: 'north' });
    // Bob does not want push for resolved steps of this game (a per-game override).
    const override = await setPrefs(stack, bob, [{ kind: 'STEP_RESOLVED', channel: 'PUSH', enabled: false }], game.id);
    expect(override.setNotificationPreferences).toContainEqual({
      kind: 'STEP_RESOLVED',
      channel: 'PUSH',
      enabled: false,
      source: 'GAME',
    });
    // A club channel: public events of the game, in Discord and Slack formats.
    await addWebhook(stack, carol, `${rx.url}/club/discord`, { gameId: game.id, format: 'DISCORD' });
    await addWebhook(stack, carol, `${rx.url}/club/slack`, {
      gameId: game.id,
      format: 'SLACK',
      kinds: ['STEP_RESOLVED'],
    });
    await join(stack.base, bob, game.id, 'south');

    const secret = { alice: `SECRET-alice-${s}`, bob: `SECRET-bob-${s}` };
    expect((await submit(stack.base, alice, game.id, 1, { bid: 3, note: secret.alice })).errors).toBeUndefined();
    expect((await submit(stack.base, bob, game.id, 1, { bid: 1, note: secret.bob })).errors).toBeUndefined();

    const stepMails = (p: Player) =>
      mail.to(eq.get(p)!.email).filter((m) => m.kind === 'STEP_RESOLVED' && m.subject.includes('Step 1 resolved'));
    const stepHooks = (path: string) =>
      rx.at(path).filter((r) => bodyOf(r).type === 'step.resolved' && bodyOf(r).data.step === 1);
    const pushes = (p: Player) => rx.at(eq.get(p)!.pushPath).map((r) => decryptPush(eq.get(p)!.push, r.body));
    const stepPushes = (p: Player) => pushes(p).filter((m) => m.kind === 'STEP_RESOLVED' && m.step === 1);
    const clubStep = (path: string) => rx.at(path).filter((r) => r.body.toString().includes('Step 1 resolved'));

    await waitFor(
      async () =>
        stepMails(alice).length &&
        stepMails(bob).length &&
        stepHooks(eq.get(alice)!.hookPath).length &&
        stepHooks(eq.get(bob)!.hookPath).length &&
        stepPushes(alice).length &&
        clubStep('/club/discord').length &&
        clubStep('/club/slack').length,
      30_000,
    );
    await sleep(2000); // anything extra would show up now

    const counts = () => ({
      aliceMail: stepMails(alice).length,
      bobMail: stepMails(bob).length,
      aliceHook: stepHooks(eq.get(alice)!.hookPath).length,
      bobHook: stepHooks(eq.get(bob)!.hookPath).length,
      alicePush: stepPushes(alice).length,
      bobPush: stepPushes(bob).length,
      discord: clubStep('/club/discord').length,
      slack: clubStep('/club/slack').length,
    });
    const expected = {
      aliceMail: 1,
      bobMail: 1,
      aliceHook: 1,
      bobHook: 1,
      alicePush: 1,
      bobPush: 0,
      discord: 1,
      slack: 1,
    };
    expect(counts()).toEqual(expected);

    // Every webhook request carries a valid Standard Webhooks signature for its own hook only.
    for (const p of [alice, bob]) {
      for (const r of rx.at(eq.get(p)!.hookPath)) {
        expect(verifyWebhook(eq.get(p)!.hook.secret, r).type).toBeTruthy();
        const other = p === alice ? bob : alice;
        expect(() => verifyWebhook(eq.get(other)!.hook.secret, r)).toThrow();
      }
    }
    const aliceBody = verifyWebhook(eq.get(alice)!.hook.secret, stepHooks(eq.get(alice)!.hookPath)[0]);
    expect(aliceBody.data.events.map((e: any) => e.type)).toEqual(
      expect.arrayContaining(['note-recorded', 'bids-revealed', 'step-resolved']),
    );
    expect(aliceBody.data.sides).toEqual(['north']);
    const discord = bodyOf(clubStep('/club/discord')[0]);
    expect(discord.embeds[0].title).toContain('Step 1 resolved');
    expect(discord.allowed_mentions).toEqual({ parse: [] });
    const slack = bodyOf(clubStep('/club/slack')[0]);
    expect(slack.text).toContain('Step 1 resolved');
    expect(slack.blocks[0].text.type).toBe('mrkdwn');
    const stepMail = stepMails(alice)[0];
    expect(stepMail.html).toContain('<h2>');
    expect(stepMail.listUnsubscribePost).toBe('List-Unsubscribe=One-Click');
    // The body reads the module's sentences for the recipient, not raw event JSON.
    expect(stepMail.text).toContain('Round 1: north bid 3, south bid 1; north wins the right to claim.');
    expect(stepMail.text).toContain(`Your note for round 1 is kept: "${secret.alice}".`);
    expect(stepMail.text).not.toContain('{"round"');
    expect(stepPushes(alice)[0].title).toContain('Step 1 resolved');

    // Hidden information: each side sees its own note, never the other's; club channels neither.
    const seenBy = (p: Player) =>
      [
        ...mail.to(eq.get(p)!.email).flatMap((m) => [m.subject, m.text, m.html]),
        ...rx.at(eq.get(p)!.hookPath).map((r) => r.body.toString()),
        ...pushes(p).map((x) => JSON.stringify(x)),
      ].join('\n');
    expect(seenBy(alice)).toContain(secret.alice);
    expect(seenBy(alice)).not.toContain(secret.bob);
    expect(seenBy(bob)).toContain(secret.bob);
    expect(seenBy(bob)).not.toContain(secret.alice);
    const club = [...rx.at('/club/discord'), ...rx.at('/club/slack')].map((r) => r.body.toString()).join('\n');
    expect(club).not.toContain(secret.alice);
    expect(club).not.toContain(secret.bob);

    // Same timing for every player: all notices of the step were planned in one transaction.
    const rows = await withPg(
      async (c) =>
        (
          await c.query(
            `SELECT "userId", channel, "createdAt", "notBefore" FROM "NotificationDelivery" WHERE "idempotencyKey" LIKE $1`,
            [`STEP_RESOLVED:${game.id}:1|%`],
          )
        ).rows,
    );
    expect(rows).toHaveLength(7); // alice: mail, push, hook; bob: mail, hook; two club hooks
    expect(new Set(rows.map((r) => r.createdAt.getTime())).size).toBe(1);
    expect(new Set(rows.map((r) => r.notBefore.getTime())).size).toBe(1);

    // The outbox delivered and dispatched again (as after a crash): nothing new goes out.
    const topics = [`game.${game.id}`, `user.${alice.id}`, `user.${bob.id}`];
    await withPg((c) =>
      c.query(`UPDATE "OutboxMessage" SET "dispatchedAt" = NULL, "deliveredAt" = NULL WHERE topic = ANY($1)`, [topics]),
    );
    await waitFor(
      async () =>
        (
          await withPg((c) =>
            c.query(`SELECT count(*)::int AS n FROM "OutboxMessage" WHERE topic = ANY($1) AND "dispatchedAt" IS NULL`, [
              topics,
            ]),
          )
        ).rows[0].n === 0,
      20_000,
    );
    await sleep(2000);
    expect(counts()).toEqual(expected);
    const again = await withPg(
      async (c) =>
        (
          await c.query(`SELECT count(*)::int AS n FROM "NotificationDelivery" WHERE "idempotencyKey" LIKE $1`, [
            `STEP_RESOLVED:${game.id}:1|%`,
          ])
        ).rows[0].n,
    );
    expect(again).toBe(7);

    // The owner's own log lists them.
    const log = await gqlOk(stack, alice, `{notifications(kind:"STEP_RESOLVED"){channel status title gameId}}`);
    expect(
      log.notifications
        .filter((n: any) => n.gameId === game.id)
        .map((n: any) => n.channel)
        .sort(),
    ).toEqual(['EMAIL', 'PUSH', 'WEBHOOK']);
    expect(log.notifications.every((n: any) => n.status === 'SENT')).toBe(true);
  });
});
