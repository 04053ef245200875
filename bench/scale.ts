/**
 * Scale: memory of the API and worker processes with many idle games and many open
 * subscriptions (state lives in PostgreSQL, so memory should stay flat), and resolution
 * throughput with one and with two worker processes.
 */
import { randomUUID } from 'node:crypto';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import * as orders from '../src/platform/games/orders.js';
import { rssMiB, sleep, startProcess, stop } from './common.js';
import { driver, makeGames, processEnv, type BenchEnv, type Pair } from './setup.js';

async function resolutionThroughput(env: BenchEnv, d: Awaited<ReturnType<typeof driver>>, pairs: Pair[], workers: number) {
  // Queue every game's step first, with no worker running, then time the drain.
  for (const p of pairs) {
    await orders.submitOrders(d.platform, p.north.principal, { gameId: p.gameId, step: 1, orders: { bid: 1 }, idempotencyKey: randomUUID() });
    await orders.submitOrders(d.platform, p.south.principal, { gameId: p.gameId, step: 1, orders: { bid: 2 }, idempotencyKey: randomUUID() });
  }
  const ids = pairs.map((p) => p.gameId);
  const t0 = performance.now();
  const procs = await Promise.all(Array.from({ length: workers }, () => startProcess('workers/resolver.ts', processEnv(env, { LOG_LEVEL: 'info' }), 'worker ready')));
  const startedAt = performance.now();
  for (;;) {
    const done = await d.platform.prisma.game.count({ where: { id: { in: ids }, step: { gte: 2 } } });
    if (done === ids.length) break;
    await sleep(50);
  }
  const seconds = (performance.now() - startedAt) / 1000;
  const workerRss = procs.map((p) => rssMiB(p.pid!));
  await Promise.all(procs.map(stop));
  return { workers, games: ids.length, seconds: Math.round(seconds * 100) / 100, stepsPerSecond: Math.round(ids.length / seconds), workerRssMiB: workerRss, startupSeconds: Math.round((startedAt - t0) / 100) / 10 };
}

export async function benchScale(env: BenchEnv, opts: { games?: number; subscriptions?: number; resolveGames?: number } = {}) {
  const games = opts.games ?? 10_000;
  const subs = opts.subscriptions ?? 1_000;
  const resolveGames = opts.resolveGames ?? 400;
  const api = await startProcess('src/main.ts', processEnv(env, { PORT: '3896', LOG_LEVEL: 'info', LOG_REQUESTS: 'false' }), 'Warpost listening');
  const d = await driver(env);
  const sockets: Client[] = [];
  try {
    const base = 'http://127.0.0.1:3896';
    const warm = await makeGames(d, 20, { pairs: 10 });
    for (let i = 0; i < 50; i++) await fetch(`${base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${warm[0].north.token}` }, body: JSON.stringify({ query: `{games(first:20){id}}` }) });
    const rssEmpty = rssMiB(api.pid!);
    const t0 = performance.now();
    const all = await makeGames(d, games, { pairs: 100, concurrency: 12 });
    const createSeconds = (performance.now() - t0) / 1000;
    for (let i = 0; i < 50; i++) await fetch(`${base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${all[i].north.token}` }, body: JSON.stringify({ query: `query($g:ID!){game(id:$g){game{step}}}`, variables: { g: all[i].gameId } }) });
    const rssIdle = rssMiB(api.pid!);

    let ready = 0;
    for (let i = 0; i < subs; i++) {
      const p = all[i % all.length];
      const c = createClient({ url: `${base.replace('http', 'ws')}/graphql`, webSocketImpl: WebSocket, connectionParams: { authorization: `Bearer ${p.north.token}` }, retryAttempts: 0 });
      c.subscribe({ query: 'subscription($g:ID!){gameEvents(gameId:$g){step}}', variables: { g: p.gameId } }, { next: () => undefined, error: () => undefined, complete: () => undefined });
      c.on('connected', () => ready++);
      sockets.push(c);
    }
    const until = Date.now() + 120_000;
    while (ready < subs) {
      if (Date.now() > until) throw new Error(`only ${ready} of ${subs} subscriptions connected (socket limits?)`);
      await sleep(50);
    }
    await sleep(1000);
    const rssSubs = rssMiB(api.pid!);
    await Promise.all(sockets.map((s) => s.dispose()));
    sockets.length = 0;

    const one = await resolutionThroughput(env, d, all.slice(0, resolveGames), 1);
    const two = await resolutionThroughput(env, d, all.slice(resolveGames, 2 * resolveGames), 2);
    return {
      activeGames: games + warm.length,
      createGamesPerSecond: Math.round(games / createSeconds),
      apiRssMiB: { afterWarmUp: rssEmpty, withIdleGames: rssIdle, withSubscriptions: rssSubs },
      idleGamesRssGrowthMiB: Math.round((rssIdle - rssEmpty) * 10) / 10,
      subscriptions: subs,
      resolution: { oneWorker: one, twoWorkers: two, scaling: Math.round((two.stepsPerSecond / one.stepsPerSecond) * 100) / 100 },
    };
  } finally {
    await Promise.all(sockets.map((s) => s.dispose()));
    await d.shutdown();
    await stop(api);
  }
}
