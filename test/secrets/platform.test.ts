/**
 * Derived secrets, end to end: one game per shipped module (and the fixture) played through the
 * real server (HTTP, graphql-ws, PostgreSQL, the resolution worker and the notifier in this
 * process), every side a player sending its bot's orders, and a spectator. At every step the
 * ledger (./derive.ts) derives from the module's views what each side and the spectator may not
 * know, and everything each of them receives is searched for it: the game view with its events
 * (GraphQL), REST /events (checked in order, so an event naming what a later rule reveal shows is
 * still caught), a replay of the last step, the export of the running game, validateOrders
 * answers to junk and to probe orders naming hidden pieces (and the same answer as for a made-up
 * id), other sides' adjudicated orders and the refusal of orders sent for them, the
 * gameEvents and myTurn subscription payloads, and the bodies of the webhooks they registered
 * (each player's own hook, the spectator's public game hook), plus the game's dice seed.
 * Press: each side sends the next side a message, and the spectator writes in the spectators'
 * chat, each carrying a token; every channel of every viewer outside a message's audience (press
 * lists and channels over GraphQL and REST, the pressMessages subscription, views, exports,
 * replays, webhooks) is searched for it, and each recipient must have received it.
 * Module-level checks over more seeds are in ./modules.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { listen } from '../helpers/stack.js';
import type { Json, Viewer } from '#engine/contract.js';
import { seededDice } from '#engine/dice.js';
import { boot, type Booted } from '#platform/boot.js';
import { loadConfig } from '#platform/config/load.js';
import { collect, waitFor, wsClient } from '../helpers/gql.js';
import { as, createGame, join, register, submit, VIEW, type Player } from '../helpers/play.js';
import { rest } from '../helpers/rest.js';
import { NOTIFY_ENV, startReceiver, type Receiver } from '../notifications/helpers.js';
import { idLike, Ledger } from './derive.js';
import { covered, idSlots, kitOf, madeUp, withSlot } from './play.js';

const REPLAY = `query($g:ID!,$s:Int!){replay(gameId:$g,step:$s){step viewer view myPrompts{side kind secret description choices defaultOrders} events{seq step type data rolls}}}`;
const EXPORT = `query($g:ID!){gameExport(gameId:$g)}`;
const VALIDATE = `mutation($g:ID!,$s:Int!,$o:JSON!){validateOrders(gameId:$g,step:$s,orders:$o){valid side step errors{code path message rule}}}`;
const ADJUDICATED = `query($g:ID!,$s:Int!,$side:String){adjudicatedOrders(gameId:$g,step:$s,side:$side){step side origin orders ordersHash commitment salt}}`;
const HOOK = `mutation($i:WebhookInput!){createWebhook(input:$i){secret webhook{id}}}`;
const PRESS_SEND = `mutation($g:ID!,$to:PressTo!,$t:String!){sendPress(gameId:$g,to:$to,text:$t){seq}}`;
const PRESS_LIST = `query($g:ID!){pressMessages(gameId:$g,first:200){messages{seq channel text fromSide}}}`;
const PRESS_CHANNELS = `query($g:ID!){pressChannels(gameId:$g){key kind name sides unread}}`;

let booted: Booted;
let app: FastifyInstance;
let base: string;
let rx: Receiver;

beforeAll(async () => {
  rx = await startReceiver();
  // PostgreSQL with the in-process queue, worker and notifier: everything resolves in this process.
  const env = {
    ...process.env,
    ...NOTIFY_ENV,
    DATABASE_URL: process.env.TEST_DATABASE_URL,
    REDIS_URL: '',
    JWT_SECRET: 'secrets-test-key',
    RATE_LIMIT_PER_IP: '0',
    RATE_LIMIT_PER_TOKEN: '0',
    LOG_LEVEL: 'warn',
  };
  const config = { ...loadConfig(env), port: 0 };
  booted = await boot(
    config,
    covered.map((c) => c.module),
  );
  await booted.startWorker();
  await booted.startNotifier();
  ({ app, base } = await listen(booted));
}, 120_000);

afterAll(async () => {
  await app?.close();
  await booted?.shutdown();
  await rx?.close();
});

describe.each(covered.map((e) => [e.module.id, e] as const))('secrets of %s through the server', (id, entry) => {
  it('no side and no spectator receives a derived secret by any channel', async () => {
    const kit = kitOf(entry);
    const module = entry.module;
    const scenario = module.scenarios.find((s) => s.id === kit.scenario) ?? module.scenarios[0];
    const sides = scenario.sides;
    const tag = Math.random().toString(36).slice(2, 8);
    const players: Record<string, Player> = {};
    for (const [i, side] of sides.entries()) players[side] = await register(base, `ps${i}_${tag}`);
    const spectator = await register(base, `psx_${tag}`);
    const viewers: Viewer[] = [...sides, null];
    const who = (v: Viewer) => (v === null ? spectator : players[v]);
    const key = (v: Viewer) => v ?? 'spectator';

    const game = await createGame(base, players[sides[0]], {
      module: id,
      scenario: scenario.id,
      side: sides[0],
      ...(kit.options ? { options: kit.options } : {}),
    });
    // Each player's own webhook (every kind) and the spectator's public game hook.
    const hookPath = (v: Viewer) => `/${tag}/${key(v)}`;
    for (const side of sides) await as(base, players[side], HOOK, { i: { url: `${rx.url}${hookPath(side)}` } });
    const gameHook = await as(base, spectator, HOOK, {
      i: { url: `${rx.url}${hookPath(null)}`, gameId: game.id, kinds: ['STEP_RESOLVED', 'GAME_STARTED'] },
    });
    expect(gameHook.errors, JSON.stringify(gameHook.errors)).toBeUndefined();
    const ws = Object.fromEntries(viewers.map((v) => [key(v), wsClient(base, who(v).token)]));
    const feeds = Object.fromEntries(
      viewers.map((v) => [
        key(v),
        collect(
          ws[key(v)],
          `subscription($g:ID!){gameEvents(gameId:$g){gameId step status events{seq type data rolls}}}`,
          { g: game.id },
        ),
      ]),
    );
    const turns = Object.fromEntries(
      sides.map((s) => [s, collect(ws[s], `subscription{myTurn{gameId step sides deadline}}`)]),
    );
    const pressFeeds = Object.fromEntries(
      viewers.map((v) => [
        key(v),
        collect(ws[key(v)], `subscription($g:ID!){pressMessages(gameId:$g){seq channel text from{username}}}`, {
          g: game.id,
        }),
      ]),
    );
    await new Promise((r) => setTimeout(r, 200));
    for (const side of sides.slice(1)) await join(base, players[side], game.id, side);

    const load = () => booted.platform.prisma.game.findUniqueOrThrow({ where: { id: game.id } });
    const ledger = new Ledger(module, kit, sides, scenario.id);
    // Press: side i writes to side i + 1 only; the spectator writes in the spectators' chat.
    const pressed: { token: string; audience: Viewer[] }[] = [];
    for (const [i, side] of sides.entries()) {
      const to = sides[(i + 1) % sides.length];
      const token = `pm${tag}${i}q`;
      const r = await as(base, players[side], PRESS_SEND, {
        g: game.id,
        to: { sides: [to] },
        t: `between us: ${token}`,
      });
      expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
      pressed.push({ token, audience: [side, to] });
    }
    const chat = await as(base, spectator, PRESS_SEND, {
      g: game.id,
      to: { spectators: true },
      t: `spectators: pm${tag}sq`,
    });
    expect(chat.errors, JSON.stringify(chat.errors)).toBeUndefined();
    pressed.push({ token: `pm${tag}sq`, audience: [null] });
    for (const m of pressed) ledger.press(m.token, m.audience);
    const pressSeen: Record<string, number> = {};
    const findings: string[] = [];
    const lastSeq: Record<string, number> = {};
    const rawsSeen: Record<string, number> = {};
    const itemsSeen: Record<string, number> = {};
    const hooksSeen: Record<string, number> = {};
    const received: Record<string, number> = {};
    let probes = 0;

    /** Everything `v` can get now, against what is hidden from `v` now. */
    const look = async (v: Viewer, label: string, g: { step: number; seed: string; state: unknown }) => {
      const p = who(v);
      const k = key(v);
      const texts: string[] = [];
      // Every channel carrying events is checked in order: a rules reveal (kit.revealedBy) counts
      // only from where it stands; REST's new events then count as learnt.
      const before = ledger.secretsFor(v);
      const ev = await rest(base, 'GET', `/games/${game.id}/events?afterSeq=${lastSeq[k] ?? 0}&limit=1000`, {
        token: p.token,
      });
      expect(ev.status, ev.raw).toBe(200);
      const events = (ev.body as { events: { seq: number; type: string; data: Json }[] }).events;
      if (events.length) lastSeq[k] = events[events.length - 1].seq;
      texts.push(ev.raw);
      const gv = await as(base, p, VIEW, { id: game.id });
      texts.push(gv.raw);
      findings.push(...ledger.checkEvents(`${label} GraphQL events`, v, gv.data?.game?.events ?? [], before, false));
      const pushed = feeds[k].items.slice(itemsSeen[k] ?? 0).flatMap((i: any) => i.gameEvents.events);
      itemsSeen[k] = feeds[k].items.length;
      findings.push(...ledger.checkEvents(`${label} gameEvents subscription`, v, pushed, before, false));
      findings.push(...ledger.checkEvents(`${label} REST events`, v, events, before, true));
      if (g.step > 1) texts.push((await as(base, p, REPLAY, { g: game.id, s: g.step - 1 })).raw);
      texts.push((await as(base, p, EXPORT, { g: game.id })).raw);
      for (const other of sides.filter((x) => x !== v)) {
        // Another side's orders: adjudicated ones of the last step; acting for it is refused.
        if (g.step > 1) texts.push((await as(base, p, ADJUDICATED, { g: game.id, s: g.step - 1, side: other })).raw);
        if (v !== null) texts.push((await submit(base, p, game.id, g.step, { junk: true }, { side: other })).raw);
      }
      if (v !== null) texts.push((await as(base, p, VALIDATE, { g: game.id, s: g.step, o: { junk: [1, 'x'] } })).raw);
      // Press as the viewer reads it: lists and channels (GraphQL, REST), each channel by key.
      const list = await as(base, p, PRESS_LIST, { g: game.id });
      texts.push(list.raw);
      texts.push((await as(base, p, PRESS_CHANNELS, { g: game.id })).raw);
      texts.push((await rest(base, 'GET', `/games/${game.id}/press`, { token: p.token })).raw);
      for (const c of [
        'public',
        'spectators',
        `sides:${[...sides].sort().join(',')}`,
        ...sides.map((x) => `sides:${[v ?? '', x].sort().join(',')}`),
      ]) {
        texts.push(
          (await rest(base, 'GET', `/games/${game.id}/press?channel=${encodeURIComponent(c)}`, { token: p.token })).raw,
        );
      }
      for (const m of pressed)
        if (m.audience.includes(v) && !list.raw.includes(m.token))
          findings.push(`${label} (${k}): press ${m.token} never reached its recipient`);
      texts.push(...pressFeeds[k].raws.slice(pressSeen[k] ?? 0));
      pressSeen[k] = pressFeeds[k].raws.length;
      if (v !== null && module.prompts(g.state).some((x) => x.side === v)) {
        // Probe orders: the bot's orders with a hidden id in an id slot, and a made-up id there.
        const bot = module.bot(g.state, v, seededDice(`probe|${v}`, g.step)) as Json;
        // A hidden id of the kind the slot takes (its first part, digits aside), else of its
        // structure (letters and digits aside: C:1/9 for H:2/3), else any hidden id.
        const slot = idSlots(bot)[0];
        const shape = (x: string) => x.replace(/\d+/g, '#');
        const kind = (x: string) => shape(x).split(/[-:_/]/)[0];
        const value = slot ? String(slot.reduce<any>((o, key) => o[key], bot)) : '';
        const hidden = [...ledger.secretsFor(v)].filter((x) => idLike(x) && x.length < 64);
        const structure = (x: string) => shape(x).replace(/[A-Za-z]+/g, 'a');
        const secret =
          hidden.find((x) => kind(x) === kind(value)) ??
          hidden.find((x) => structure(x) === structure(value)) ??
          hidden[0];
        // Compared with a made-up id of its shape, or (a public roster) another hidden id of its shape.
        const other = kit.secrets.rosterPublic
          ? hidden.find((x) => x !== secret && secret && shape(x) === shape(secret))
          : secret && madeUp(secret, JSON.stringify(g.state));
        if (slot && secret) {
          probes++;
          const answer = async (name: string) => {
            const r = await as(base, p, VALIDATE, { g: game.id, s: g.step, o: withSlot(bot, slot, name) });
            // The probe's own id comes back as sent: only what else the answer says counts.
            return r.raw.split(name).join('<id>');
          };
          const real = await answer(secret);
          texts.push(real);
          if (other) {
            const second = await answer(other);
            if (real !== second)
              findings.push(
                `${label} validateOrders (${k}): hidden ${secret} answers ${real.slice(0, 300)}, ${other} answers ${second.slice(0, 300)}`,
              );
          }
        }
      }
      const feed = feeds[k];
      texts.push(...feed.raws.slice(rawsSeen[k] ?? 0));
      rawsSeen[k] = feed.raws.length;
      if (v !== null) texts.push(...turns[v].raws);
      const bodies = rx.at(hookPath(v)).map((r) => r.body.toString('utf8'));
      texts.push(...bodies.slice(hooksSeen[k] ?? 0));
      received[k] = bodies.length;
      hooksSeen[k] = bodies.length;
      findings.push(...ledger.check(label, v, texts));
      for (const t of texts) if (t.includes(g.seed)) findings.push(`${label} (${k}): the dice seed`);
    };

    for (let step = 0; step < (kit.platformSteps ?? kit.maxSteps); step++) {
      const g = await load();
      if (g.status !== 'ACTIVE') break;
      ledger.observe(g.state as never);
      findings.push(...ledger.orderFindings().map((f) => `step ${g.step}: ${f}`));
      const owed = [...new Set(module.prompts(g.state).map((p) => p.side))];
      await Promise.all(viewers.map((v) => look(v, `step ${g.step}`, g)));
      for (const side of owed) {
        const bot = module.bot(g.state, side, seededDice(`secrets|${side}`, g.step)) as Json;
        const orders = kit.secrets.decorate ? kit.secrets.decorate(g.state as never, side, g.step, bot) : bot;
        const r = await submit(base, players[side], game.id, g.step, orders);
        expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
      }
      const deadline = Date.now() + 60_000;
      while ((await load()).step === g.step && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      const after = await load();
      expect(after.step, `step ${g.step} did not resolve`).toBeGreaterThan(g.step);
      for (const v of viewers)
        await feeds[key(v)].until((items) => items.some((i: any) => i.gameEvents.step >= after.step), 20_000);
    }
    const g = await load();
    if (g.status === 'ACTIVE') {
      // The last step's events, subscription payloads and webhooks, as the game stands now.
      await new Promise((r) => setTimeout(r, 500));
      ledger.observe(g.state as never);
      await Promise.all(viewers.map((v) => look(v, `after step ${g.step - 1}`, g)));
    }
    // The notifier sends webhooks on its own schedule: wait for each viewer's, and scan the late ones too.
    // Press notices go out on the notifier's own schedule too: wait for each player's as well.
    const pressByHook = () =>
      pressed.every((m) =>
        m.audience
          .filter((x): x is string => x !== null && x !== sides[pressed.indexOf(m)])
          .every((v) => rx.at(hookPath(v)).some((r) => r.body.toString('utf8').includes(m.token))),
      );
    await waitFor(async () => viewers.every((v) => rx.at(hookPath(v)).length > 0) && pressByHook(), 30_000).catch(
      () => undefined,
    );
    for (const v of viewers) {
      const bodies = rx.at(hookPath(v)).map((r) => r.body.toString('utf8'));
      findings.push(...ledger.check('late webhooks', v, bodies.slice(hooksSeen[key(v)] ?? 0)));
      received[key(v)] = bodies.length;
    }
    expect(findings.slice(0, 12)).toEqual([]);
    // Every channel was exercised: secrets existed, webhooks and subscriptions delivered.
    expect(ledger.hiddenCount(), 'nothing hidden at the end: the walk proved nothing').toBeGreaterThan(0);
    for (const v of viewers) expect(received[key(v)], `no webhook reached ${key(v)}`).toBeGreaterThan(0);
    for (const v of viewers) expect(feeds[key(v)].items.length).toBeGreaterThan(0);
    if (id !== 'sealed-bid') expect(probes).toBeGreaterThan(0);
    for (const v of viewers) expect(feeds[key(v)].errors).toEqual([]);
    // Press reached each recipient live and, for players, through their webhook.
    for (const m of pressed)
      for (const v of m.audience)
        expect(pressFeeds[key(v)].raws.join(''), `press ${m.token} live to ${key(v)}`).toContain(m.token);
    for (const m of pressed) {
      for (const v of m.audience.filter((x): x is string => x !== null && x !== sides[pressed.indexOf(m)])) {
        expect(
          rx
            .at(hookPath(v))
            .map((r) => r.body.toString('utf8'))
            .join(''),
          `press ${m.token} by webhook to ${v}`,
        ).toContain(m.token);
      }
    }
    for (const v of viewers) expect(pressFeeds[key(v)].errors).toEqual([]);
    await Promise.all(Object.values(ws).map((c) => c.dispose()));
  }, 300_000);
});
