/**
 * Quiet hours hold mail and push in the user's time zone and release them when they end; a
 * digest reader gets one mail grouping everything at the digest time; the digest's one-click
 * unsubscribe switches mail off. Webhooks are for machines and are never held.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../helpers/gql.js';
import { createGame, join, register, submit, view } from '../helpers/play.js';
import type { Stack } from '../helpers/stack.js';
import {
  decryptPush,
  equip,
  gqlOk,
  setPrefs,
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

/** "HH:MM" of an instant in a time zone. */
function clock(t: Date, timeZone: string) {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(t);
}

const SETTINGS = `mutation($i:NotificationSettingsInput!){updateNotificationSettings(input:$i){timeZone quietHours{start end} digest digestTime}}`;

describe('quiet hours and the daily digest', () => {
  it('hold and release, and group into one digest', { timeout: 240_000 }, async () => {
    const s = Math.random().toString(36).slice(2, 8);
    const alice = await register(stack.base, `qalice_${s}`);
    const bob = await register(stack.base, `qbob_${s}`);
    const ea = await equip(stack, mail, rx, alice);
    const eb = await equip(stack, mail, rx, bob);
    for (const p of [alice, bob]) await setPrefs(stack, p, [{ kind: 'STEP_RESOLVED', enabled: true }]);

    // The release time: a minute boundary at least 45 s away (both zones are whole minutes off UTC).
    const release = new Date(Math.ceil((Date.now() + 45_000) / 60_000) * 60_000);
    const quiet = {
      start: clock(new Date(Date.now() - 2 * 3600_000), 'Asia/Kolkata'),
      end: clock(release, 'Asia/Kolkata'),
    };
    const a = await gqlOk(stack, alice, SETTINGS, { i: { timeZone: 'Asia/Kolkata', quietHours: quiet } });
    expect(a.updateNotificationSettings.quietHours).toEqual(quiet);
    const b = await gqlOk(stack, bob, SETTINGS, {
      i: { timeZone: 'America/New_York', digest: true, digestTime: clock(release, 'America/New_York') },
    });
    expect(b.updateNotificationSettings).toMatchObject({ digest: true, timeZone: 'America/New_York' });

    const g = await createGame(stack.base, alice, { module: 'sealed-bid', scenario: 'standard', side: 'north' });
    await join(stack.base, bob, g.id, 'south');
    // A turn notice for a step already past is dropped when planned (dispatcher), so let alice's be
    // planned (and held) before she plays: on a loaded machine the notifier may lag the players.
    await waitFor(async () =>
      (await gqlOk(stack, alice, `{notifications(kind:"YOUR_TURN"){status gameId}}`)).notifications.some(
        (x: any) => x.gameId === g.id && x.status === 'HELD',
      ),
    );
    await submit(stack.base, alice, g.id, 1, { bid: 3, note: 'a' });
    await submit(stack.base, bob, g.id, 1, { bid: 1, note: 'b' });
    await waitFor(async () => (await view(stack.base, alice, g.id)).game.step === 2);
    await submit(stack.base, alice, g.id, 2, { prize: 'crown' }); // alice won the bid and claims
    await waitFor(async () => (await view(stack.base, alice, g.id)).game.step === 3);

    // Webhooks go out at once; alice's mail and push wait; bob's mail waits for the digest, his push does not.
    await waitFor(
      async () => rx.at(ea.hookPath).filter((r) => JSON.parse(r.body.toString()).type === 'step.resolved').length === 2,
    );
    await waitFor(
      async () =>
        rx
          .at(eb.pushPath)
          .map((r) => decryptPush(eb.push, r.body))
          .filter((m) => m.kind === 'STEP_RESOLVED').length === 2,
    );
    const held = await waitFor(async () => {
      const n = (
        await gqlOk(stack, alice, `{notifications(kind:"STEP_RESOLVED"){channel status nextAttemptAt gameId}}`)
      ).notifications.filter((x: any) => x.gameId === g.id);
      return n.filter((x: any) => x.status === 'HELD').length === 4 ? n : null; // 2 steps x (mail, push)
    });
    for (const h of held.filter((x: any) => x.status === 'HELD'))
      expect(new Date(h.nextAttemptAt).getTime()).toBe(release.getTime());
    const waiting = (
      await gqlOk(stack, bob, `{notifications(channel:EMAIL){kind status gameId}}`)
    ).notifications.filter((x: any) => x.gameId === g.id);
    expect(waiting.length).toBeGreaterThanOrEqual(3);
    expect(waiting.every((x: any) => x.status === 'DIGEST')).toBe(true);
    const gameMails = (addr: string) => mail.to(addr).filter((m) => m.kind !== 'EMAIL_CONFIRMATION');
    expect(gameMails(ea.email)).toEqual([]);
    expect(rx.at(ea.pushPath)).toEqual([]);
    expect(gameMails(eb.email)).toEqual([]);
    expect(Date.now()).toBeLessThan(release.getTime());

    // Quiet hours end: alice's messages go out, none before the end.
    await waitFor(
      async () =>
        gameMails(ea.email).filter((m) => m.kind === 'STEP_RESOLVED').length === 2 && rx.at(ea.pushPath).length >= 2,
      120_000,
    );
    for (const m of gameMails(ea.email)) expect(m.at).toBeGreaterThanOrEqual(release.getTime());
    for (const r of rx.at(ea.pushPath)) expect(r.at).toBeGreaterThanOrEqual(release.getTime());
    expect(gameMails(ea.email).map((m) => m.kind)).toEqual(
      expect.arrayContaining(['GAME_STARTED', 'YOUR_TURN', 'STEP_RESOLVED']),
    );

    // Bob's digest: one mail grouping every message of the game under one heading.
    const digest = await waitFor(async () => gameMails(eb.email).find((m) => m.kind === 'DIGEST'), 60_000);
    await new Promise((r) => setTimeout(r, 1500));
    expect(gameMails(eb.email)).toHaveLength(1);
    expect(digest.subject).toMatch(/Your digest: \d+ notifications in 1 game/);
    expect(digest.text).toContain('Step 1 resolved');
    expect(digest.text).toContain('Step 2 resolved');
    expect(digest.text).toContain('Game started');
    expect(digest.text.split(`(${g.id})`).length - 1).toBe(1);
    expect(digest.html).toContain('<h3>');
    expect(digest.at).toBeGreaterThanOrEqual(release.getTime());
    const digested = (await gqlOk(stack, bob, `{notifications(channel:EMAIL){kind status gameId}}`)).notifications;
    expect(digested.filter((x: any) => x.gameId === g.id).every((x: any) => x.status === 'DIGESTED')).toBe(true);

    // One-click unsubscribe (RFC 8058) from the digest switches off all of bob's mail.
    const link = /<([^>]+)>/.exec(digest.listUnsubscribe)![1];
    const url = new URL(link);
    const page = await fetch(`${stack.base}${url.pathname}${url.search}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<form method="post"');
    const res = await fetch(`${stack.base}${url.pathname}${url.search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    const prefs = (await gqlOk(stack, bob, `{notificationSettings{preferences{kind channel enabled source}}}`))
      .notificationSettings.preferences;
    expect(prefs.filter((x: any) => x.channel === 'EMAIL').every((x: any) => !x.enabled && x.source === 'USER')).toBe(
      true,
    );
    expect(prefs.filter((x: any) => x.channel === 'WEBHOOK').every((x: any) => x.enabled)).toBe(true);
  });
});
