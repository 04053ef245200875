/**
 * End to end: from the last owed submission (HTTP) to the subscription event arriving at every
 * player's socket (graphql-ws), through the worker process; against an empty BullMQ job round
 * trip (add → worker → completed event) measured in the same run.
 */
import { Queue, QueueEvents, Worker } from 'bullmq';
import { createClient } from 'graphql-ws';
import type { ChildProcess } from 'node:child_process';
import WebSocket from 'ws';
import { REDIS_URL, startProcess, stop, summarise } from './common.js';
import type { Booted } from '#platform/boot.js';
import { driver, makeGames, processEnv, type BenchEnv } from './setup.js';

export async function bullRoundTrips(n: number) {
  const prefix = `wpbq${Date.now()}`;
  const connection = { url: REDIS_URL, maxRetriesPerRequest: null } as any;
  const queue = new Queue('empty', { connection, prefix });
  const events = new QueueEvents('empty', { connection, prefix });
  const worker = new Worker('empty', async () => undefined, { connection, prefix, concurrency: 4 });
  await Promise.all([events.waitUntilReady(), worker.waitUntilReady()]);
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const job = await queue.add('noop', {});
    await job.waitUntilFinished(events);
    samples.push(performance.now() - t0);
  }
  await worker.close();
  await events.close();
  await queue.obliterate({ force: true });
  await queue.close();
  return summarise(samples);
}

/**
 * Where the time after the answer goes, from the step's game signal in the outbox: its row is
 * written inside the resolution transaction (createdAt) and marked once published (deliveredAt).
 * answer → queued and resolved up to that write → committed and published → at the sockets.
 */
async function breakdown(d: Booted, walls: { gameId: string; answeredAt: number; arrivedAt: number }[]) {
  const rows = await d.platform.prisma.outboxMessage.findMany({
    where: { topic: { in: walls.map((w) => `game.${w.gameId}`) } },
  });
  const toResolved: number[] = [];
  const toPublished: number[] = [];
  const toSockets: number[] = [];
  for (const w of walls) {
    const row = rows.find((r) => r.topic === `game.${w.gameId}` && (r.payload as { step?: number }).step === 2);
    if (!row?.deliveredAt) continue;
    toResolved.push(row.createdAt.getTime() - w.answeredAt);
    toPublished.push(row.deliveredAt.getTime() - row.createdAt.getTime());
    toSockets.push(w.arrivedAt - row.deliveredAt.getTime());
  }
  return {
    answerToResolutionWrite: summarise(toResolved),
    writeToPublished: summarise(toPublished),
    publishedToLastSocket: summarise(toSockets),
  };
}

/**
 * `warmUp` games are played first and not counted: the API and worker are fresh processes, and
 * their first requests compile code (V8, Prisma's query compiler) that a long-lived server has
 * compiled long before; the samples are meant to show the steady state.
 */
/** The worker's per-job debug lines (boot.ts), by game: time queued past due, time to resolve. */
export function workerJobLog(child: ChildProcess) {
  const jobs = new Map<string, { waitMs: number; ms: number; pid: number }>();
  let rest = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    const lines = (rest + chunk.toString()).split('\n');
    rest = lines.pop()!;
    for (const line of lines) {
      if (!line.includes('"resolution job"')) continue;
      const j = JSON.parse(line) as { gameId: string; outcome: string; waitMs: number; ms: number; pid: number };
      if (j.outcome === 'resolved') jobs.set(j.gameId, { waitMs: j.waitMs, ms: j.ms, pid: j.pid });
    }
  });
  return jobs;
}

export async function benchEndToEnd(env: BenchEnv, games = 60, warmUp = 5) {
  const baseline = await bullRoundTrips(200);
  const api = await startProcess(
    'src/main.ts',
    processEnv(env, { PORT: '3897', LOG_LEVEL: 'info', LOG_REQUESTS: 'false' }),
    'Warpost listening',
  );
  const worker = await startProcess('workers/resolver.ts', processEnv(env, { LOG_LEVEL: 'debug' }), 'worker ready');
  const jobs = workerJobLog(worker);
  const d = await driver(env);
  const samples: number[] = [];
  const answers: number[] = []; // the last submission's HTTP answer alone (part of every sample)
  const walls: { gameId: string; answeredAt: number; arrivedAt: number }[] = []; // wall clock, for the breakdown
  try {
    const pairs = await makeGames(d, games + warmUp, { pairs: 10 });
    const base = 'http://127.0.0.1:3897';
    const gqlPost = (token: string, query: string, variables: object) =>
      fetch(`${base}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ query, variables }),
      }).then((r) => r.json());
    const SUBMIT =
      'mutation($g:ID!,$o:JSON!,$k:String!){submitOrders(gameId:$g,step:1,orders:$o,idempotencyKey:$k){stepComplete}}';
    for (const [i, p] of pairs.entries()) {
      const sockets = [p.north.token, p.south.token].map((t) =>
        createClient({
          url: `${base.replace('http', 'ws')}/graphql`,
          webSocketImpl: WebSocket,
          connectionParams: { authorization: `Bearer ${t}` },
          retryAttempts: 0,
        }),
      );
      let t0 = 0;
      // With afterSeq the server answers at once with the events so far, and only after it has
      // subscribed to the game's topic: that first answer says the socket is live. (A fixed wait
      // raced the subscription on a loaded machine: a step resolved before the socket listened
      // was never heard, and the bench waited forever.)
      const live: Promise<void>[] = [];
      const arrivals = sockets.map(
        (c) =>
          new Promise<number>((resolve, reject) => {
            let ready: () => void;
            live.push(new Promise<void>((r) => (ready = r)));
            c.subscribe(
              {
                query: 'subscription($g:ID!,$a:Int){gameEvents(gameId:$g,afterSeq:$a){step events{type}}}',
                variables: { g: p.gameId, a: 0 },
              },
              {
                next: (v: any) => (ready(), v.data?.gameEvents?.step === 2 && resolve(performance.now() - t0)),
                error: (e) => reject(new Error(JSON.stringify(e))),
                complete: () => undefined,
              },
            );
            setTimeout(() => reject(new Error(`game ${p.gameId}: no step-2 event within 30 s`)), 30_000).unref();
          }),
      );
      await Promise.all(live);
      await gqlPost(p.north.token, SUBMIT, { g: p.gameId, o: { bid: 1 }, k: `n${i}` });
      t0 = performance.now();
      const last: any = await gqlPost(p.south.token, SUBMIT, { g: p.gameId, o: { bid: 2 }, k: `s${i}` });
      const answerMs = performance.now() - t0;
      if (!last.data?.submitOrders?.stepComplete) throw new Error(`unexpected answer ${JSON.stringify(last)}`);
      const answeredAt = Date.now();
      const arrived = await Promise.all(arrivals);
      if (i >= warmUp) {
        answers.push(answerMs);
        samples.push(...arrived);
        walls.push({ gameId: p.gameId, answeredAt, arrivedAt: Date.now() });
      }
      await Promise.all(sockets.map((s) => s.dispose()));
    }
    const e2e = summarise(samples);
    const measured = walls.map((w) => jobs.get(w.gameId)).filter((j) => j !== undefined);
    const worker = {
      queuedPastDue: summarise(measured.map((j) => j.waitMs)),
      resolveJob: summarise(measured.map((j) => j.ms)),
    };
    return {
      games,
      warmUpGames: warmUp,
      endToEndMs: e2e,
      lastSubmitAnswerMs: summarise(answers),
      breakdownMs: { ...(await breakdown(d, walls)), worker },
      emptyBullJobMs: baseline,
      p99Ratio: Math.round((e2e.p99 / baseline.p99) * 10) / 10,
    };
  } finally {
    await d.shutdown();
    await stop(worker);
    await stop(api);
  }
}
