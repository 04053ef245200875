/**
 * Scale: memory of the API and worker processes with many idle games and many open
 * subscriptions (state lives in PostgreSQL, so memory should stay flat), and resolution
 * throughput with one and with two worker processes.
 */
import { cpus } from 'node:os';
import { cpuMeter } from './cpu.js';
import { randomUUID } from 'node:crypto';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import * as orders from '#platform/play/orders.js';
import { Queue } from 'bullmq';
import { QUEUE_NAME } from '#platform/queue/bullmq.js';
import { REDIS_URL, rssMiB, sleep, startProcess, stop } from './common.js';
import { workerJobLog } from './e2e.js';
import { driver, makeGames, processEnv, type BenchEnv, type Pair } from './setup.js';

const WARM_UP_STEPS_PER_WORKER = 20;

async function submitBoth(d: Awaited<ReturnType<typeof driver>>, pairs: Pair[]) {
  for (const p of pairs) {
    await orders.submitOrders(d.platform, p.north.principal, {
      gameId: p.gameId,
      step: 1,
      orders: { bid: 1 },
      idempotencyKey: randomUUID(),
    });
    await orders.submitOrders(d.platform, p.south.principal, {
      gameId: p.gameId,
      step: 1,
      orders: { bid: 2 },
      idempotencyKey: randomUUID(),
    });
  }
}

async function untilResolved(d: Awaited<ReturnType<typeof driver>>, ids: string[]) {
  for (;;) {
    const done = await d.platform.prisma.game.count({ where: { id: { in: ids }, step: { gte: 2 } } });
    if (done === ids.length) return;
    await sleep(50);
  }
}

/**
 * Steps per second of `workers` worker processes draining a queue of `pairs`' steps. The workers
 * first resolve WARM_UP_STEPS_PER_WORKER steps each, untimed: a fresh process spends its first
 * second or two compiling (V8, Prisma's query compiler), which on a 2-CPU machine made two fresh
 * workers look slower than one. Then the measured steps are queued with the queue paused and the
 * clock starts when it resumes, so every worker starts at the same moment.
 */
async function resolutionThroughput(
  env: BenchEnv,
  d: Awaited<ReturnType<typeof driver>>,
  warm: Pair[],
  pairs: Pair[],
  workers: number,
) {
  const queue = new Queue(QUEUE_NAME, {
    connection: { url: REDIS_URL, maxRetriesPerRequest: null } as never,
    prefix: env.queuePrefix,
  });
  const t0 = performance.now();
  const procs = await Promise.all(
    Array.from({ length: workers }, () =>
      startProcess('workers/resolver.ts', processEnv(env, { LOG_LEVEL: 'debug' }), 'worker ready'),
    ),
  );
  const logs = procs.map(workerJobLog);
  const readyAt = performance.now();
  await submitBoth(d, warm);
  await untilResolved(
    d,
    warm.map((p) => p.gameId),
  );
  await queue.pause();
  await submitBoth(d, pairs);
  const ids = pairs.map((p) => p.gameId);
  const startedAt = performance.now();
  const cpu = cpuMeter(procs.map((p) => p.pid!));
  await queue.resume();
  await untilResolved(d, ids);
  const seconds = (performance.now() - startedAt) / 1000;
  const spent = cpu();
  const workerRss = procs.map((p) => rssMiB(p.pid!));
  await Promise.all(procs.map(stop));
  await queue.close();
  // Steps each worker resolved: both must take a share (different games, concurrently).
  const stepsByWorker = logs.map((l) => ids.filter((id) => l.has(id)).length);
  // CPU per step by group, and the share of the machine's CPUs the drain kept busy: near 1, a
  // second worker has no idle core to run on and cannot raise the rate.
  const perStep = (ms: number) => Math.round((ms / ids.length) * 100) / 100;
  const cpuMsPerStep = {
    workers: perStep(spent.api),
    postgres: perStep(spent.postgres),
    redis: perStep(spent.redis),
    benchDriver: perStep(spent.loadGenerator),
  };
  const machineBusy =
    Math.round(
      ((spent.api + spent.postgres + spent.redis + spent.loadGenerator) / (seconds * 1000 * cpus().length)) * 100,
    ) / 100;
  return {
    workers,
    games: ids.length,
    seconds: Math.round(seconds * 100) / 100,
    stepsPerSecond: Math.round(ids.length / seconds),
    stepsByWorker,
    workerRssMiB: workerRss,
    startupSeconds: Math.round((readyAt - t0) / 100) / 10,
    cpuMsPerStep,
    machineBusy,
  };
}

export async function benchScale(
  env: BenchEnv,
  opts: { games?: number; subscriptions?: number; resolveGames?: number } = {},
) {
  const games = opts.games ?? 10_000;
  const subs = opts.subscriptions ?? 1_000;
  const resolveGames = opts.resolveGames ?? 400;
  const api = await startProcess(
    'src/main.ts',
    processEnv(env, { PORT: '3896', LOG_LEVEL: 'info', LOG_REQUESTS: 'false' }),
    'Warpost listening',
  );
  const d = await driver(env);
  const sockets: Client[] = [];
  try {
    const base = 'http://127.0.0.1:3896';
    const warm = await makeGames(d, 20, { pairs: 10 });
    for (let i = 0; i < 50; i++)
      await fetch(`${base}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${warm[0].north.token}` },
        body: JSON.stringify({ query: `{games(first:20){id}}` }),
      });
    const rssEmpty = rssMiB(api.pid!);
    const t0 = performance.now();
    const all = await makeGames(d, games, { pairs: 100, concurrency: 12 });
    const createSeconds = (performance.now() - t0) / 1000;
    for (let i = 0; i < 50; i++)
      await fetch(`${base}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${all[i].north.token}` },
        body: JSON.stringify({ query: `query($g:ID!){game(id:$g){game{step}}}`, variables: { g: all[i].gameId } }),
      });
    const rssIdle = rssMiB(api.pid!);

    let ready = 0;
    for (let i = 0; i < subs; i++) {
      const p = all[i % all.length];
      const c = createClient({
        url: `${base.replace('http', 'ws')}/graphql`,
        webSocketImpl: WebSocket,
        connectionParams: { authorization: `Bearer ${p.north.token}` },
        retryAttempts: 0,
      });
      c.subscribe(
        { query: 'subscription($g:ID!){gameEvents(gameId:$g){step}}', variables: { g: p.gameId } },
        { next: () => undefined, error: () => undefined, complete: () => undefined },
      );
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

    // 1, 2, 1, 2 workers on fresh games each: alternating evens out a machine whose load drifts.
    const runs: Awaited<ReturnType<typeof resolutionThroughput>>[] = [];
    let next = 0;
    const take = (n: number) => all.slice(next, (next += n));
    for (const workers of [1, 2, 1, 2])
      runs.push(
        await resolutionThroughput(env, d, take(WARM_UP_STEPS_PER_WORKER * workers), take(resolveGames), workers),
      );
    const rate = (w: number) =>
      runs.filter((r) => r.workers === w).reduce((a, r) => a + r.games, 0) /
      runs.filter((r) => r.workers === w).reduce((a, r) => a + r.seconds, 0);
    const one = { runs: runs.filter((r) => r.workers === 1), stepsPerSecond: Math.round(rate(1)) };
    const two = { runs: runs.filter((r) => r.workers === 2), stepsPerSecond: Math.round(rate(2)) };
    return {
      activeGames: games + warm.length,
      createGamesPerSecond: Math.round(games / createSeconds),
      apiRssMiB: { afterWarmUp: rssEmpty, withIdleGames: rssIdle, withSubscriptions: rssSubs },
      idleGamesRssGrowthMiB: Math.round((rssIdle - rssEmpty) * 10) / 10,
      subscriptions: subs,
      resolution: { oneWorker: one, twoWorkers: two, scaling: Math.round((rate(2) / rate(1)) * 100) / 100 },
    };
  } finally {
    await Promise.all(sockets.map((s) => s.dispose()));
    await d.shutdown();
    await stop(api);
  }
}
