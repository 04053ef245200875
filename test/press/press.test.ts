/**
 * Press end to end (docs/press.md): real PostgreSQL and Redis, a resolution worker and a notifier
 * process, GraphQL over HTTP and graphql-ws, the REST mirror, a real SMTP server and webhook
 * receiver. Who reads what on every path, paging and unread counts, notifications with escaping
 * in mail, Discord and Slack, moderation with its audit entry, and each refused input leaving
 * nothing stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, errorCode, waitFor, wsClient } from '../helpers/gql.js';
import { as, createGame, join, register, type Player } from '../helpers/play.js';
import { rest } from '../helpers/rest.js';
import type { Stack } from '../helpers/stack.js';
import { commit, EXPORT, newSalt } from '../helpers/trust.js';
import {
  addWebhook,
  decryptPush,
  equip,
  setPrefs,
  type Equipped,
  type MailServer,
  type Receiver,
  startNotifyRig,
  stopNotifyRig,
} from '../notifications/helpers.js';

let stack: Stack;
let mail: MailServer;
let rx: Receiver;

beforeAll(async () => ({ stack, mail, rx } = await startNotifyRig()), 120_000);
afterAll(() => stopNotifyRig({ stack, mail, rx }));

const MSG = 'id seq channel channelKind channelName sides from{username} fromSide text hidden step sentAt';
const SEND = `mutation($g:ID!,$to:PressTo!,$t:String!,$side:String){sendPress(gameId:$g,to:$to,text:$t,side:$side){${MSG}}}`;
const LIST = `query($g:ID!,$c:String,$a:String,$f:Int){pressMessages(gameId:$g,channel:$c,after:$a,first:$f){viewer endCursor hasMore messages{${MSG}}}}`;
const CHANNELS = `query($g:ID!){pressChannels(gameId:$g){key kind name sides lastSeq messages unread}}`;
const READ = `mutation($g:ID!,$c:String!,$s:Int!){markPressRead(gameId:$g,channel:$c,seq:$s){key unread}}`;
const REPORT = `mutation($m:ID!,$r:String!){reportPress(messageId:$m,reason:$r)}`;
const HIDE = `mutation($m:ID!,$r:String){hidePress(messageId:$m,reason:$r){id text hidden}}`;
const REPORTS = `query($g:ID!){pressReports(gameId:$g){message{id text hidden} reports{reporter{username} reason}}}`;
const SUB = `subscription($g:ID!,$a:Int){pressMessages(gameId:$g,afterSeq:$a){seq channel text from{username}}}`;

const tag = () => Math.random().toString(36).slice(2, 8);
const stored = (gameId: string) => stack.booted.platform.prisma.pressMessage.count({ where: { gameId } });

async function send(p: Player, gameId: string, to: Record<string, unknown>, text: string) {
  const r = await as(stack.base, p, SEND, { g: gameId, to, t: text });
  if (r.errors) throw new Error(JSON.stringify(r.errors));
  return r.data.sendPress;
}

async function game(creator: Player, other: Player, press?: Record<string, unknown>) {
  const g = await createGame(stack.base, creator, {
    module: 'sealed-bid',
    scenario: 'standard',
    side: 'north',
    ...(press ? { press } : {}),
  });
  await join(stack.base, other, g.id, 'south');
  return g.id;
}

describe('press', () => {
  let alice: Player;
  let bob: Player;
  let carol: Player;
  let eb: Equipped;
  let gameId: string;
  const secret = `sx${tag()}9`;
  const nasty = `<script>alert(1)</script> & <b>bold</b> @everyone <!channel> ${secret}`;

  beforeAll(async () => {
    const s = tag();
    alice = await register(stack.base, `pa_${s}`);
    bob = await register(stack.base, `pb_${s}`);
    carol = await register(stack.base, `pc_${s}`); // a spectator
    eb = await equip(stack, mail, rx, bob);
    await addWebhook(stack, bob, `${rx.url}/discord/${bob.name}`, { format: 'DISCORD' });
    await addWebhook(stack, bob, `${rx.url}/slack/${bob.name}`, { format: 'SLACK' });
    await addWebhook(stack, alice, `${rx.url}/hook/${alice.name}`);
    await addWebhook(stack, carol, `${rx.url}/hook/${carol.name}`);
    gameId = await game(alice, bob, { mode: 'FULL', duringReveal: true });
  }, 120_000);

  it(
    'delivers a message to its recipients only: views, subscriptions, exports, notifications',
    { timeout: 120_000 },
    async () => {
      const summary = await as(stack.base, alice, `query($g:ID!){game(id:$g){game{press{mode duringReveal}}}}`, {
        g: gameId,
      });
      expect(summary.data.game.game.press).toEqual({ mode: 'FULL', duringReveal: true });
      const wsB = wsClient(stack.base, bob.token);
      const wsC = wsClient(stack.base, carol.token);
      const feedB = collect(wsB, SUB, { g: gameId });
      const feedC = collect(wsC, SUB, { g: gameId });
      await new Promise((r) => setTimeout(r, 300));

      const priv = await send(alice, gameId, { sides: ['south'] }, nasty);
      expect(priv).toMatchObject({
        seq: 1,
        channel: 'sides:north,south',
        channelKind: 'SIDES',
        sides: ['north', 'south'],
        fromSide: 'north',
        text: nasty,
        hidden: false,
      });
      const pub = await send(alice, gameId, { everyone: true }, 'Hello all');
      expect(pub.seq).toBe(2);
      const spec = await send(carol, gameId, { spectators: true }, 'Spectators only');
      expect(spec).toMatchObject({ seq: 3, channel: 'spectators', fromSide: null });

      // Live: bob hears his two, carol the public one and her own chat, never the private one.
      await feedB.until((items) => items.length >= 2);
      await feedC.until((items) => items.length >= 2);
      await new Promise((r) => setTimeout(r, 500));
      expect(feedB.items.map((i: any) => i.pressMessages.seq)).toEqual([1, 2]);
      expect(feedC.items.map((i: any) => i.pressMessages.seq)).toEqual([2, 3]);
      expect(feedC.raws.join('')).not.toContain(secret);
      // A late subscriber catches up from afterSeq.
      const late = collect(wsB, SUB, { g: gameId, a: 0 });
      await late.until((items) => items.length >= 2);
      expect(late.items.map((i: any) => i.pressMessages.seq)).toEqual([1, 2]);
      await wsB.dispose();
      await wsC.dispose();

      // Views: each reads its own channels (GraphQL and REST).
      const seqs = async (p: Player) =>
        (await as(stack.base, p, LIST, { g: gameId })).data.pressMessages.messages.map((m: any) => m.seq);
      expect(await seqs(alice)).toEqual([1, 2]);
      expect(await seqs(bob)).toEqual([1, 2]);
      expect(await seqs(carol)).toEqual([2, 3]);
      const restCarol = await rest(stack.base, 'GET', `/games/${gameId}/press`, { token: carol.token });
      expect(restCarol.status, restCarol.raw).toBe(200);
      expect(restCarol.body.messages.map((m: any) => m.seq)).toEqual([2, 3]);
      expect(restCarol.raw).not.toContain(secret);
      const chCarol = await rest(stack.base, 'GET', `/games/${gameId}/press/channels`, { token: carol.token });
      expect(chCarol.body.channels.map((c: any) => c.key)).toEqual(['public', 'spectators']);
      // Asking for a channel one does not read gives nothing of it.
      const peek = await as(stack.base, carol, LIST, { g: gameId, c: 'sides:north,south' });
      expect(peek.data.pressMessages.messages).toEqual([]);

      // Exports of the running game, replays and game views carry no press.
      for (const p of [alice, bob]) expect((await as(stack.base, p, EXPORT, { g: gameId })).raw).not.toContain(secret);
      expect(
        (await as(stack.base, carol, `query($g:ID!){game(id:$g){view events{data}}}`, { g: gameId })).raw,
      ).not.toContain(secret);

      // Notifications: bob on every channel, escaped for each; not the sender, not the spectator.
      const m = await waitFor(
        async () => mail.to(eb.email).find((x) => x.kind === 'PRESS' && x.text.includes(secret)),
        30_000,
      );
      expect(m.text).toContain(nasty);
      expect(m.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;');
      expect(m.html).not.toContain('<script>');
      expect(m.html).not.toContain('<b>bold');
      const hook = await waitFor(
        async () => rx.at(eb.hookPath).find((r) => r.body.toString().includes(secret)),
        30_000,
      );
      expect(JSON.parse(hook.body.toString())).toMatchObject({
        type: 'press.message',
        data: { text: nasty, channel: 'sides:north,south', from: alice.name },
      });
      const discord = await waitFor(
        async () => rx.at(`/discord/${bob.name}`).find((r) => r.body.toString().includes(secret)),
        30_000,
      );
      const d = JSON.parse(discord.body.toString());
      expect(d.allowed_mentions).toEqual({ parse: [] });
      const slack = await waitFor(
        async () => rx.at(`/slack/${bob.name}`).find((r) => r.body.toString().includes(secret)),
        30_000,
      );
      const sl = JSON.parse(slack.body.toString()).blocks[0].text.text as string;
      expect(sl).toContain('&lt;!channel&gt;');
      expect(sl).not.toContain('<!channel>');
      expect(sl).not.toContain('<script>');
      const push = await waitFor(
        async () =>
          rx
            .at(eb.pushPath)
            .map((r) => decryptPush(eb.push, r.body))
            .find((x) => x.kind === 'PRESS' && x.body.includes(secret)),
        30_000,
      );
      expect(push.gameId).toBe(gameId);
      await new Promise((r) => setTimeout(r, 1500));
      expect(rx.at(`/hook/${alice.name}`).filter((r) => r.body.toString().includes('press.message'))).toEqual([]);
      expect(
        rx
          .at(`/hook/${carol.name}`)
          .map((r) => r.body.toString())
          .join(''),
      ).not.toContain('press.message');
    },
  );

  it('counts unread per channel, pages by cursor (GraphQL and REST)', { timeout: 60_000 }, async () => {
    const before = await as(stack.base, bob, CHANNELS, { g: gameId });
    const byKey = Object.fromEntries(before.data.pressChannels.map((c: any) => [c.key, c]));
    expect(byKey['public'].unread).toBe(1);
    expect(byKey['sides:north,south']).toMatchObject({ kind: 'SIDES', unread: 1, lastSeq: 1, name: 'north & south' });
    expect(byKey['spectators']).toBeUndefined();
    const read = await as(stack.base, bob, READ, { g: gameId, c: 'public', s: 2 });
    expect(read.data.markPressRead).toEqual({ key: 'public', unread: 0 });
    const r2 = await rest(stack.base, 'POST', `/games/${gameId}/press/read`, {
      token: bob.token,
      body: { channel: 'sides:north,south', seq: 1 },
    });
    expect(r2.status, r2.raw).toBe(200);
    expect(r2.body.unread).toBe(0);
    // A mark never moves back.
    await as(stack.base, bob, READ, { g: gameId, c: 'public', s: 0 });
    expect(
      (await as(stack.base, bob, CHANNELS, { g: gameId })).data.pressChannels.find((c: any) => c.key === 'public')
        .unread,
    ).toBe(0);

    // A reply over REST, then a page of two at a time.
    const reply = await rest(stack.base, 'POST', `/games/${gameId}/press`, {
      token: bob.token,
      body: { to: { sides: ['north'] }, text: 'Deal.' },
    });
    expect(reply.status, reply.raw).toBe(201);
    expect(reply.body).toMatchObject({ seq: 4, channel: 'sides:north,south', fromSide: 'south' });
    for (const t of ['one', 'two', 'three']) await send(alice, gameId, { everyone: true }, t);
    const p1 = (await as(stack.base, bob, LIST, { g: gameId, f: 2 })).data.pressMessages;
    expect(p1.messages.map((m: any) => m.seq)).toEqual([1, 2]);
    expect(p1.hasMore).toBe(true);
    const p2 = (await as(stack.base, bob, LIST, { g: gameId, f: 2, a: p1.endCursor })).data.pressMessages;
    expect(p2.messages.map((m: any) => m.seq)).toEqual([4, 5]);
    const p3 = await rest(stack.base, 'GET', `/games/${gameId}/press?first=2&after=${p2.endCursor}`, {
      token: bob.token,
    });
    expect(p3.body.messages.map((m: any) => m.seq)).toEqual([6, 7]);
    expect(p3.body.hasMore).toBe(false);
    const pub = (await as(stack.base, bob, LIST, { g: gameId, c: 'public' })).data.pressMessages.messages.map(
      (m: any) => m.seq,
    );
    expect(pub).toEqual([2, 5, 6, 7]);
    expect(
      (await as(stack.base, bob, CHANNELS, { g: gameId })).data.pressChannels.find((c: any) => c.key === 'public')
        .unread,
    ).toBe(3);
    expect(errorCode(await as(stack.base, bob, LIST, { g: gameId, a: 'bogus' }))).toBe('BAD_INPUT');
  });

  it('refuses each bad input with a clear error and stores nothing', { timeout: 60_000 }, async () => {
    const n = await stored(gameId);
    const refused = async (p: Player, to: Record<string, unknown>, text: string, code: string, detail?: string) => {
      const r = await as(stack.base, p, SEND, { g: gameId, to, t: text });
      expect(errorCode(r), r.raw).toBe(code);
      if (detail) expect(r.errors![0].extensions!.details!.map((x: any) => x.code)).toContain(detail);
      expect(r.errors![0].message.length).toBeGreaterThan(10);
    };
    await refused(bob, { sides: ['east'] }, 'hi', 'PRESS_NOT_ALLOWED', 'UNKNOWN_SIDE');
    await refused(bob, { sides: ['south'] }, 'hi', 'PRESS_NOT_ALLOWED', 'NO_OTHER_SIDE');
    await refused(bob, { spectators: true }, 'hi', 'PRESS_NOT_ALLOWED');
    await refused(carol, { sides: ['north'] }, 'hi', 'PRESS_NOT_ALLOWED');
    await refused(carol, { everyone: true }, 'hi', 'PRESS_NOT_ALLOWED');
    await refused(bob, { everyone: true, sides: ['north'] }, 'hi', 'BAD_INPUT', 'INVALID_ADDRESS');
    await refused(bob, {}, 'hi', 'BAD_INPUT', 'INVALID_ADDRESS');
    await refused(bob, { everyone: true }, 'x'.repeat(2001), 'BAD_INPUT', 'TEXT_TOO_LONG');
    await refused(bob, { everyone: true }, '   ', 'BAD_INPUT', 'EMPTY_TEXT');
    await refused(bob, { everyone: true }, 'bell\u0007', 'BAD_INPUT', 'FORBIDDEN_CHARACTER');
    await refused(bob, { everyone: true }, 'evil\u202etxt.exe', 'BAD_INPUT', 'FORBIDDEN_CHARACTER');
    const unknownField = await rest(stack.base, 'POST', `/games/${gameId}/press`, {
      token: bob.token,
      body: { to: { everyone: true }, text: 'hi', html: '<b>' },
    });
    expect(unknownField.status).toBe(400);
    expect(unknownField.body.error.code).toBe('BAD_INPUT');
    const outsider = await register(stack.base, `po_${tag()}`);
    const priv = await game(outsider, await register(stack.base, `pq_${tag()}`));
    await stack.booted.platform.prisma.game.update({ where: { id: priv }, data: { isPublic: false } });
    expect(errorCode(await as(stack.base, carol, SEND, { g: priv, to: { spectators: true }, t: 'hi' }))).toBe(
      'NOT_FOUND',
    );
    expect(await stored(gameId)).toBe(n);
    expect(await stored(priv)).toBe(0);
  });

  it('follows the press rules: none, public only, no press in reveal phases', { timeout: 60_000 }, async () => {
    const none = await game(alice, bob, { mode: 'NONE', duringReveal: false });
    const shown = await as(stack.base, bob, `query($g:ID!){game(id:$g){game{press{mode duringReveal}}}}`, { g: none });
    expect(shown.data.game.game.press).toEqual({ mode: 'NONE', duringReveal: false });
    const shownRest = await rest(stack.base, 'GET', `/games/${none}`, { token: bob.token });
    expect(shownRest.body.game.press).toEqual({ mode: 'NONE', duringReveal: false });
    expect(errorCode(await as(stack.base, bob, SEND, { g: none, to: { everyone: true }, t: 'hi' }))).toBe('PRESS_OFF');
    const r = await rest(stack.base, 'POST', `/games/${none}/press`, {
      token: bob.token,
      body: { to: { sides: ['north'] }, text: 'hi' },
    });
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('PRESS_OFF');
    await send(carol, none, { spectators: true }, 'spectators may still talk');
    const pubOnly = await game(alice, bob, { mode: 'PUBLIC_ONLY' });
    expect(errorCode(await as(stack.base, bob, SEND, { g: pubOnly, to: { sides: ['north'] }, t: 'hi' }))).toBe(
      'PRESS_NOT_ALLOWED',
    );
    await send(bob, pubOnly, { everyone: true }, 'public is fine');
    const bad = await as(stack.base, alice, `mutation($i:CreateGameInput!){createGame(input:$i){id}}`, {
      i: { module: 'sealed-bid', scenario: 'standard', press: { mode: 'LOUD' } },
    });
    expect(errorCode(bad)).toBe('INVALID_VARIABLES');
    const badRest = await rest(stack.base, 'POST', '/games', {
      token: alice.token,
      body: { module: 'sealed-bid', scenario: 'standard', press: { mode: 'FULL', extra: 1 } },
    });
    expect(badRest.status).toBe(400);

    // Both sides commit to their bids: step 1 is in its reveal phase.
    const quiet = await game(alice, bob, { mode: 'FULL', duringReveal: false });
    const open = await game(alice, bob, { mode: 'FULL', duringReveal: true });
    for (const g of [quiet, open]) {
      for (const p of [alice, bob])
        expect((await commit(stack.base, p, g, 1, { bid: 1, note: 'n' }, newSalt())).errors).toBeUndefined();
      const live = await as(stack.base, alice, `query($g:ID!){game(id:$g){revealOpen}}`, { g });
      expect(live.data.game.revealOpen).toBe(true);
    }
    const closed = await as(stack.base, bob, SEND, { g: quiet, to: { sides: ['north'] }, t: 'I bid 1' });
    expect(errorCode(closed)).toBe('PRESS_CLOSED');
    expect(closed.errors![0].message).toMatch(/reveal phase/);
    expect(await stored(quiet)).toBe(0);
    await send(carol, quiet, { spectators: true }, 'spectators are not bound'); // spectators' chat stays open
    await send(bob, open, { sides: ['north'] }, 'I bid 1');
  });

  it(
    'moderation: a recipient reports, the game admin or a platform admin hides, the audit log records it',
    { timeout: 60_000 },
    async () => {
      const mine = (await as(stack.base, bob, LIST, { g: gameId })).data.pressMessages.messages;
      const target = mine.find((m: any) => m.seq === 1);
      expect(errorCode(await as(stack.base, carol, REPORT, { m: target.id, r: 'rude' }))).toBe('NOT_FOUND'); // not hers to see
      expect(errorCode(await as(stack.base, bob, REPORT, { m: target.id, r: '' }))).toBe('BAD_INPUT');
      expect((await as(stack.base, bob, REPORT, { m: target.id, r: 'Script in a message' })).data.reportPress).toBe(
        true,
      );
      expect((await as(stack.base, bob, REPORT, { m: target.id, r: 'again' })).data.reportPress).toBe(true); // once per reporter
      const reports = (await as(stack.base, alice, REPORTS, { g: gameId })).data.pressReports;
      expect(reports).toHaveLength(1);
      expect(reports[0].reports).toEqual([{ reporter: { username: bob.name }, reason: 'Script in a message' }]);
      expect(reports[0].message.text).toBe(nasty); // alice is one of its recipients
      expect(errorCode(await as(stack.base, bob, REPORTS, { g: gameId }))).toBe('FORBIDDEN');
      expect(errorCode(await as(stack.base, bob, HIDE, { m: target.id, r: 'mine now' }))).toBe('FORBIDDEN');

      const hidden = await as(stack.base, alice, HIDE, { m: target.id, r: 'Markup spam' });
      expect(hidden.data.hidePress).toEqual({ id: target.id, text: null, hidden: true });
      const after = (await as(stack.base, bob, LIST, { g: gameId })).data.pressMessages.messages.find(
        (m: any) => m.seq === 1,
      );
      expect(after).toMatchObject({ hidden: true, text: null });
      const row = await stack.booted.platform.prisma.pressMessage.findUniqueOrThrow({ where: { id: target.id } });
      expect(row.text).toBe(nasty); // kept
      const entry = await stack.booted.platform.prisma.auditEntry.findFirstOrThrow({
        where: { gameId, action: 'hide-press' },
      });
      expect(entry).toMatchObject({
        actorId: alice.id,
        actorRole: 'creator',
        reason: 'Markup spam',
        details: { messageId: target.id },
      });

      // A platform admin may hide in any game (REST); it is recorded as such.
      const admin = await register(stack.base, `pz_${tag()}`);
      await stack.booted.platform.prisma.user.update({ where: { id: admin.id }, data: { isAdmin: true } });
      const other = (await as(stack.base, alice, LIST, { g: gameId, c: 'public' })).data.pressMessages.messages[0];
      const h = await rest(stack.base, 'POST', `/press/${other.id}/hide`, {
        token: admin.token,
        body: { reason: 'spam' },
      });
      expect(h.status, h.raw).toBe(200);
      expect(h.body).toMatchObject({ hidden: true, text: null });
      expect(
        await stack.booted.platform.prisma.auditEntry.count({
          where: { gameId, action: 'hide-press', actorRole: 'platform-admin' },
        }),
      ).toBe(1);
    },
  );

  it("a spectator who takes a seat stops reading the spectators' chat at once", { timeout: 60_000 }, async () => {
    const s = tag();
    const x = await register(stack.base, `pt_${s}`);
    const y = await register(stack.base, `pu_${s}`);
    const z = await register(stack.base, `pv_${s}`);
    const g = (await createGame(stack.base, x, { module: 'sealed-bid', scenario: 'standard', side: 'north' })).id;
    const ws = wsClient(stack.base, y.token);
    const feed = collect(ws, SUB, { g });
    await new Promise((r) => setTimeout(r, 300));
    await send(z, g, { spectators: true }, 'before');
    await feed.until((items) => items.length >= 1);
    await join(stack.base, y, g, 'south');
    await send(z, g, { spectators: true }, 'after the seat');
    await send(x, g, { everyone: true }, 'public after');
    await feed.until((items) => items.some((i: any) => i.pressMessages.text === 'public after'));
    expect(feed.items.map((i: any) => i.pressMessages.text)).toEqual(['before', 'public after']);
    expect((await as(stack.base, y, LIST, { g })).data.pressMessages.messages.map((m: any) => m.text)).toEqual([
      'public after',
    ]);
    await ws.dispose();
  });

  it("notifies by the recipient's preferences, digest and quiet hours", { timeout: 120_000 }, async () => {
    const s = tag();
    const sender = await register(stack.base, `pw_${s}`);
    const [digest, quiet, off] = await Promise.all(['pd', 'pq', 'pn'].map((n) => register(stack.base, `${n}_${s}`)));
    for (const p of [digest, quiet, off]) await equip(stack, mail, rx, p);
    const hhmm = (t: number) => new Date(t).toISOString().slice(11, 16);
    const SETTINGS = `mutation($i:NotificationSettingsInput!){updateNotificationSettings(input:$i){digest}}`;
    await as(stack.base, digest, SETTINGS, { i: { digest: true, digestTime: hhmm(Date.now() + 6 * 3600_000) } });
    await as(stack.base, quiet, SETTINGS, {
      i: { timeZone: 'UTC', quietHours: { start: hhmm(Date.now() - 3600_000), end: hhmm(Date.now() + 3600_000) } },
    });
    await setPrefs(stack, off, [{ kind: 'PRESS', channel: 'EMAIL', enabled: false }]);
    const ids: Record<string, string> = {};
    for (const p of [digest, quiet, off]) {
      const g = await game(sender, p);
      ids[p.name] = g;
      await send(sender, g, { sides: ['south'] }, `for ${p.name}`);
    }
    const deliveries = (p: Player) =>
      stack.booted.platform.prisma.notificationDelivery.findMany({ where: { userId: p.id, kind: 'PRESS' } });
    const byChannel = async (p: Player) => Object.fromEntries((await deliveries(p)).map((d) => [d.channel, d.status]));
    await waitFor(
      async () =>
        (await deliveries(digest)).length === 3 &&
        (await deliveries(quiet)).length === 3 &&
        (await deliveries(off)).length === 2,
      30_000,
    );
    expect((await byChannel(digest)).EMAIL).toBe('DIGEST');
    await waitFor(
      async () => (await byChannel(quiet)).EMAIL === 'HELD' && (await byChannel(quiet)).PUSH === 'HELD',
      30_000,
    );
    await waitFor(async () => (await byChannel(off)).WEBHOOK === 'SENT', 30_000);
    expect(await byChannel(off)).not.toHaveProperty('EMAIL');
    expect(mail.to(`${off.name.toLowerCase()}@test.invalid`).filter((m) => m.kind === 'PRESS')).toEqual([]);
  });

  it(
    'a player who blocked the sender gets none of their messages: side press refused, no notice of public press',
    { timeout: 120_000 },
    async () => {
      const s = tag();
      const x = await register(stack.base, `pbx_${s}`);
      const y = await register(stack.base, `pby_${s}`);
      for (const p of [x, y]) await addWebhook(stack, p, `${rx.url}/hook/${p.name}`);
      const g = await game(x, y);
      const blocked = await as(stack.base, y, `mutation($u:String!){blockUser(username:$u)}`, { u: x.name });
      expect(blocked.errors, blocked.raw).toBeUndefined();

      // To y's side: refused over GraphQL and REST, nothing stored.
      const r = await as(stack.base, x, SEND, { g, to: { sides: ['south'] }, t: 'to the blocker' });
      expect(errorCode(r)).toBe('BLOCKED');
      const viaRest = await rest(stack.base, 'POST', `/games/${g}/press`, {
        token: x.token,
        body: { to: { sides: ['south'] }, text: 'to the blocker' },
      });
      expect(viaRest.status, viaRest.raw).toBe(403);
      expect(viaRest.body.error.code).toBe('BLOCKED');
      expect(await stored(g)).toBe(0);
      // A public message is stored, but the blocker is not notified of it.
      await send(x, g, { everyone: true }, `public from blocked ${s}`);
      // The block is one way: y may still write to x.
      await send(y, g, { sides: ['north'] }, `y to x ${s}`);
      const noticesOf = async (p: Player) =>
        (
          await stack.booted.platform.prisma.notificationDelivery.findMany({
            where: { userId: p.id, kind: 'PRESS', gameId: g },
          })
        ).map((d) => JSON.stringify(d.payload));
      // Notices are planned in message order: once x has y's reply, the public message was planned too.
      await waitFor(async () => (await noticesOf(x)).some((p) => p.includes(`y to x ${s}`)), 30_000);
      expect((await noticesOf(y)).filter((p) => p.includes(`public from blocked ${s}`))).toEqual([]);

      // Once unblocked, x's messages reach y again; the earlier public one never did.
      const lifted = await as(stack.base, y, `mutation($u:String!){unblockUser(username:$u)}`, { u: x.name });
      expect(lifted.data.unblockUser).toBe(true);
      await send(x, g, { sides: ['south'] }, `after unblock ${s}`);
      const notices = () => noticesOf(y);
      await waitFor(async () => (await notices()).some((p) => p.includes(`after unblock ${s}`)), 30_000);
      expect((await notices()).filter((p) => p.includes(`public from blocked ${s}`))).toEqual([]);
      expect(
        rx
          .at(`/hook/${y.name}`)
          .map((h) => h.body.toString())
          .join(''),
      ).not.toContain(`public from blocked ${s}`);
    },
  );

  it('limits each user to 20 messages a minute', { timeout: 60_000 }, async () => {
    const s = tag();
    const x = await register(stack.base, `pr_${s}`);
    const y = await register(stack.base, `ps_${s}`);
    const g = await game(x, y);
    for (let i = 0; i < 20; i++) await send(x, g, { everyone: true }, `m${i}`);
    const r = await as(stack.base, x, SEND, { g, to: { everyone: true }, t: 'one too many' });
    expect(errorCode(r)).toBe('RATE_LIMITED');
    expect(r.errors![0].extensions!.retryAfter).toBeGreaterThan(0);
    expect(await stored(g)).toBe(20);
    const viaRest = await rest(stack.base, 'POST', `/games/${g}/press`, {
      token: x.token,
      body: { to: { everyone: true }, text: 'still too many' },
    });
    expect(viaRest.status).toBe(429);
    await send(y, g, { everyone: true }, 'others are not limited by it');
  });
});
