/**
 * Secrets, for every module with a test kit (test/kits): one side plays a game through the API
 * while, at every step, everything that side can ask for is collected (its view, prompts,
 * events and submission; every replay; the export of the running game; other sides'
 * adjudicated orders; errors from bad orders and from acting for another side; its
 * gameEvents and myTurn subscriptions) and searched for the strings the module's secret probe
 * names as hidden from it at that time, plus the game's dice seed (DESIGN.md principle 3, "Trust").
 * Every side submits its bot's orders. Checked while the game runs: a finished game's full
 * record is public by design.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../../src/api/server.js';
import type { GameModule, Json } from '../../src/engine/contract.js';
import { seededDice } from '../../src/engine/dice.js';
import { shippedModules } from '../../src/games/index.js';
import { boot, type Booted } from '../../src/platform/boot.js';
import { loadConfig } from '../../src/platform/config.js';
import sealedBid from '../fixtures/sealed-bid.js';
import { collect, wsClient } from '../helpers/gql.js';
import { as, createGame, join, register, submit, VIEW, type Player } from '../helpers/play.js';
import { kits } from '../kits/index.js';

const modules = [...shippedModules, sealedBid as GameModule<any, any>].filter((m) => kits[m.id]);
const REPLAY = `query($g:ID!,$s:Int!){replay(gameId:$g,step:$s){step viewer view myPrompts{side kind secret description choices defaultOrders} events{seq step type data rolls}}}`;
const EXPORT = `query($g:ID!){gameExport(gameId:$g)}`;
const ADJUDICATED = `query($g:ID!,$s:Int!,$side:String){adjudicatedOrders(gameId:$g,step:$s,side:$side){step side origin orders ordersHash commitment salt}}`;
const VALIDATE = `mutation($g:ID!,$s:Int!,$o:JSON!){validateOrders(gameId:$g,step:$s,orders:$o){valid side step errors{code path message rule}}}`;

let booted: Booted;
let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  // PostgreSQL with the in-process queue and emitter: the worker resolves in this process.
  const config = { ...loadConfig({ ...process.env, DATABASE_URL: process.env.TEST_DATABASE_URL, REDIS_URL: '', JWT_SECRET: 'secrets-test-key', RATE_LIMIT_PER_IP: '0', RATE_LIMIT_PER_TOKEN: '0', LOG_LEVEL: 'warn' }), port: 0 };
  booted = await boot(config, [...shippedModules, sealedBid as GameModule<any, any>]);
  await booted.startWorker();
  app = await buildServer({ platform: booted.platform, authService: booted.authService, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
}, 120_000);

afterAll(async () => {
  await app?.close();
  await booted?.shutdown();
});

describe.each(modules.map((m) => [m.id, m] as const))('secrets of %s', (id, module) => {
  it('nothing hidden from a side reaches it by any query, subscription, event, error or export', async () => {
    const kit = kits[id];
    const scenario = module.scenarios.find((s) => s.id === kit.scenario) ?? module.scenarios[0];
    const tag = Math.random().toString(36).slice(2, 8);
    const players: Record<string, Player> = {};
    for (const [i, side] of scenario.sides.entries()) players[side] = await register(base, `sec${i}_${tag}`);
    const [me, ...others] = scenario.sides;
    const game = await createGame(base, players[me], { module: id, scenario: scenario.id, side: me });
    const ws = wsClient(base, players[me].token);
    const turns = collect(ws, `subscription{myTurn{gameId step sides deadline}}`);
    const events = collect(ws, `subscription($g:ID!){gameEvents(gameId:$g){gameId step status events{seq type data rolls} myPrompts{side kind secret description choices defaultOrders} owed{side ready} owes}}`, { g: game.id });
    await new Promise((r) => setTimeout(r, 200));
    for (const side of others) await join(base, players[side], game.id, side);

    const load = () => booted.platform.prisma.game.findUniqueOrThrow({ where: { id: game.id } });
    let checked = 0;
    let seenOwn = 0;
    let subscriptionRaws = 0;
    /** Everything `me` can fetch now, against what is hidden from `me` now. */
    const walk = async (label: string) => {
      const g = await load();
      // Once the game is over its full record is public by design (README, "Trust"): only a running game keeps secrets.
      if (g.status !== 'ACTIVE') return;
      const probe = (state: unknown, seed: string) => [...kit.secretProbe(state, me), seed];
      let hidden = probe(g.state, g.seed);
      const self = players[me];
      const before = self.seen.length;
      await as(base, self, VIEW, { id: game.id });
      for (let s = 1; s <= g.step; s++) await as(base, self, REPLAY, { g: game.id, s });
      await as(base, self, EXPORT, { g: game.id });
      for (let s = 1; s < g.step; s++) for (const side of others) await as(base, self, ADJUDICATED, { g: game.id, s, side });
      await as(base, self, VALIDATE, { g: game.id, s: g.step, o: { junk: [1, 'x'] } });
      await submit(base, self, game.id, g.step, { junk: true }); // refused: not legal, or not owed
      for (const side of others) await submit(base, self, game.id, g.step, { junk: true }, { side }); // not my side
      // A step may resolve while we look (nothing else is owed): hidden is what was hidden both before and after.
      const g2 = await load();
      if (g2.step !== g.step) {
        const still = new Set(g2.status === 'ACTIVE' ? probe(g2.state, g2.seed) : []);
        hidden = hidden.filter((h) => still.has(h));
      }
      const texts = [...self.seen.slice(before), ...events.raws.slice(subscriptionRaws), ...turns.raws];
      subscriptionRaws = events.raws.length;
      for (const secret of hidden) {
        checked++;
        for (const t of texts) {
          const at = t.indexOf(secret);
          if (at >= 0) throw new Error(`${label}: ${me} received hidden ${secret.slice(0, 60)} in …${t.slice(Math.max(0, at - 400), at + 200)}… (${t.slice(0, 80)})`);
        }
      }
      // The probe names real strings: the sides allowed to see them do (so a leak would show).
      if (hidden.length && others.length) {
        const owner = await as(base, players[others[0]], VIEW, { id: game.id });
        seenOwn += hidden.filter((h) => owner.raw.includes(h)).length;
      }
    };

    for (let step = 1; step <= kit.maxSteps; step++) {
      const g = await load();
      if (g.status !== 'ACTIVE') break;
      const owed = [...new Set(module.prompts(g.state).map((p) => p.side))];
      // Others first, so `me` looks while their sealed orders are in and the step is still open.
      for (const side of [...owed.filter((s) => s !== me), ...owed.filter((s) => s === me)]) {
        if (side === me) await walk(`step ${g.step}, others' orders in`);
        const bot = module.bot(g.state, side, seededDice(`secrets|${side}`, g.step)) as Json;
        const orders = kit.decorate ? kit.decorate(g.state, side, g.step, bot) : bot;
        const r = await submit(base, players[side], game.id, g.step, orders);
        expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
      }
      if (!owed.includes(me)) await walk(`step ${g.step}, others' orders in`);
      const deadline = Date.now() + 60_000;
      while ((await load()).step === g.step && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      const after = await load();
      expect(after.step, `step ${g.step} did not resolve`).toBeGreaterThan(g.step);
      await events.until((items) => items.some((i: any) => i.gameEvents.step >= after.step));
      await walk(`after step ${g.step}`);
    }
    expect(checked, 'the probe named nothing hidden: the test would prove nothing').toBeGreaterThan(0);
    expect(seenOwn, 'the hidden strings never appeared even to the sides allowed to see them').toBeGreaterThan(0);
    expect(events.errors).toEqual([]);
    await ws.dispose();
  }, 900_000);
});
