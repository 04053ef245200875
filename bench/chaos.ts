/**
 * `npm run chaos [-- --only=worker,redis,postgres,recovery]`: fault drills against real processes. Each
 * drill plays fixture games through the API with simple clients that submit each prompt's default
 * orders, injects the fault, and checks that every game finishes with each step resolved exactly
 * once and nothing half-written.
 *
 * The drills run on a PostgreSQL cluster and a Redis server of their own (private-services.ts),
 * so killing and restarting them disturbs nothing else on the machine. `--shared` uses the
 * machine's services instead (BENCH_PG_ADMIN_URL / BENCH_REDIS_URL) and skips the Redis and
 * PostgreSQL drills, which would restart them.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { startPrivatePostgres, startPrivateRedis } from './private-services.js';

const args = process.argv.slice(2);
const only = new Set((args.find((a) => a.startsWith('--only='))?.split('=')[1] ?? 'worker,redis,postgres').split(','));
const shared = args.includes('--shared');
if (shared)
  for (const d of ['redis', 'postgres'])
    if (only.delete(d)) console.log(`--shared: the ${d} drill is skipped (it would restart the machine's ${d})`);

// The services must be known before common.ts / setup.ts read their URLs at import.
const privatePg = shared ? null : await startPrivatePostgres();
const privateRedis = shared ? null : await startPrivateRedis();
if (privatePg) process.env.BENCH_PG_ADMIN_URL = privatePg.adminUrl;
if (privateRedis) process.env.BENCH_REDIS_URL = privateRedis.url;
console.log(
  shared ? 'drills on the shared services' : `drills on private services: ${privatePg!.adminUrl}, ${privateRedis!.url}`,
);
const { freshDatabase, sleep, startProcess: start, stop } = await import('./common.js');

// Whatever happens, leave nothing running: the API and worker children and the private services.
const live = new Set<import('node:child_process').ChildProcess>();
const startProcess: typeof start = async (...a) => {
  const child = await start(...a);
  live.add(child);
  child.once('exit', () => live.delete(child));
  return child;
};
process.on('exit', () => {
  for (const c of live) c.kill('SIGKILL');
  privatePg?.stop();
  void privateRedis?.stop(); // the SIGKILL is sent synchronously
});
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => process.exit(130));
const { benchEnv, driver, makeGames, processEnv } = await import('./setup.js');
type BenchEnv = import('./setup.js').BenchEnv;
type Pair = import('./setup.js').Pair;
const PORT = 3895 + Math.floor(Math.random() * 100);
const base = `http://127.0.0.1:${PORT}`;

interface Tally {
  ok: number;
  failed: number;
  codes: Record<string, number>;
}

async function post(token: string, query: string, variables: object, tally: Tally) {
  try {
    const res = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query, variables }),
      signal: AbortSignal.timeout(10_000),
    });
    const body: any = await res.json();
    if (body.errors) {
      const code = body.errors[0]?.extensions?.code ?? `HTTP_${res.status}`;
      tally.failed++;
      tally.codes[code] = (tally.codes[code] ?? 0) + 1;
      return null;
    }
    tally.ok++;
    return body.data;
  } catch (e) {
    tally.failed++;
    tally.codes[(e as Error).name] = (tally.codes[(e as Error).name] ?? 0) + 1;
    return null;
  }
}

/** Plays every game to the end by submitting default orders whenever a side owes. */
async function playAll(pairs: Pair[], tally: Tally, deadlineMs: number) {
  const end = Date.now() + deadlineMs;
  const open = new Set(pairs.map((p) => p.gameId));
  while (open.size && Date.now() < end) {
    await Promise.all(
      pairs
        .filter((p) => open.has(p.gameId))
        .map(async (p) => {
          for (const seat of [p.north, p.south]) {
            const d = await post(
              seat.token,
              'query($g:ID!){game(id:$g){game{status step} myPrompts{defaultOrders} mySubmission{step}}}',
              { g: p.gameId },
              tally,
            );
            if (!d) continue;
            if (d.game.game.status !== 'ACTIVE') {
              open.delete(p.gameId);
              return;
            }
            if (d.game.myPrompts.length && !d.game.mySubmission) {
              await post(
                seat.token,
                'mutation($g:ID!,$s:Int!,$o:JSON!,$k:String!){submitOrders(gameId:$g,step:$s,orders:$o,idempotencyKey:$k){step}}',
                { g: p.gameId, s: d.game.game.step, o: d.game.myPrompts[0].defaultOrders, k: randomUUID() },
                tally,
              );
            }
          }
        }),
    );
    await sleep(100);
  }
  return open.size;
}

/** Every step of every game resolved exactly once, events contiguous, every game finished. */
async function audit(url: string, ids: string[]) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const problems: string[] = [];
    for (const id of ids) {
      const g = (await c.query(`SELECT status, step FROM "Game" WHERE id = $1`, [id])).rows[0];
      const steps = (await c.query(`SELECT step FROM "StepRecord" WHERE "gameId" = $1 ORDER BY step`, [id])).rows.map(
        (r) => r.step,
      );
      const seqs = (await c.query(`SELECT seq FROM "GameEvent" WHERE "gameId" = $1 ORDER BY seq`, [id])).rows.map(
        (r) => r.seq,
      );
      if (g.status !== 'FINISHED') problems.push(`${id}: ${g.status} at step ${g.step}`);
      if (!steps.every((s: number, i: number) => s === i)) problems.push(`${id}: step records ${steps.join(',')}`);
      if (!seqs.every((s: number, i: number) => s === i + 1))
        problems.push(`${id}: event sequence has gaps or repeats`);
    }
    return problems;
  } finally {
    await c.end();
  }
}

async function drill(
  name: string,
  env: BenchEnv,
  url: string,
  fault: (ctx: { restartWorker(): Promise<void> }) => Promise<void>,
) {
  const common = {
    WARPOST_RECONCILE_INTERVAL_MS: '1000',
    WARPOST_STALLED_INTERVAL_MS: '1000',
    WARPOST_LOCK_DURATION_MS: '2000',
  };
  const api = await startProcess(
    'src/main.ts',
    processEnv(env, { PORT: String(PORT), LOG_LEVEL: 'info', LOG_REQUESTS: 'false', ...common }),
    'Warpost listening',
  );
  let worker = await startProcess(
    'workers/resolver.ts',
    processEnv(env, { LOG_LEVEL: 'info', ...common }),
    'worker ready',
  );
  const d = await driver(env);
  const tally: Tally = { ok: 0, failed: 0, codes: {} };
  try {
    const pairs = await makeGames(d, 20, { pairs: 10 });
    const playing = playAll(pairs, tally, 600_000);
    await fault({
      async restartWorker() {
        worker.kill('SIGKILL');
        await sleep(100);
        worker = await startProcess(
          'workers/resolver.ts',
          processEnv(env, { LOG_LEVEL: 'info', ...common }),
          'worker ready',
        );
      },
    });
    const t0 = Date.now();
    const unfinished = await playing;
    console.log(`${name}: play finished ${Date.now() - t0} ms after the fault`);
    const problems = await audit(
      url,
      pairs.map((p) => p.gameId),
    );
    const pass = unfinished === 0 && problems.length === 0;
    console.log(
      JSON.stringify({ drill: name, pass, games: pairs.length, requests: tally, problems: problems.slice(0, 10) }),
    );
    return pass;
  } finally {
    await d.shutdown().catch(() => undefined);
    await stop(worker);
    await stop(api);
  }
}

/**
 * Crash recovery time: a worker is killed while it holds a step (paused inside the resolution
 * transaction), a fresh worker is started, and we time kill → step resolved. BullMQ gives the
 * job back only once the dead worker's lock has expired and a stalled-job check has seen it, so
 * the time follows `lockDuration` and `stalledInterval` (`--stall=lockMs/stalledMs,...`).
 */
async function recoveryDrill(env: BenchEnv, lockMs: number, stalledMs: number, trials: number) {
  const stall = {
    LOG_LEVEL: 'info',
    WARPOST_RECONCILE_INTERVAL_MS: '1000',
    WARPOST_STALLED_INTERVAL_MS: String(stalledMs),
    WARPOST_LOCK_DURATION_MS: String(lockMs),
  };
  const api = await startProcess(
    'src/main.ts',
    processEnv(env, { PORT: String(PORT), LOG_REQUESTS: 'false', ...stall }),
    'Warpost listening',
  );
  const d = await driver(env);
  const tally: Tally = { ok: 0, failed: 0, codes: {} };
  const times: number[] = [];
  try {
    for (const p of await makeGames(d, trials, { pairs: trials })) {
      const slow = await startProcess(
        'workers/resolver.ts',
        processEnv(env, { ...stall, WARPOST_FAULT_RESOLVE_DELAY_MS: '600000' }),
        'worker ready',
      );
      const paused = new Promise<void>((ok) =>
        slow.stdout!.on('data', (b) => b.toString().includes('fault injection') && ok()),
      );
      for (const seat of [p.north, p.south]) {
        const v = await post(
          seat.token,
          'query($g:ID!){game(id:$g){game{step} myPrompts{defaultOrders}}}',
          { g: p.gameId },
          tally,
        );
        await post(
          seat.token,
          'mutation($g:ID!,$s:Int!,$o:JSON!,$k:String!){submitOrders(gameId:$g,step:$s,orders:$o,idempotencyKey:$k){step}}',
          { g: p.gameId, s: v.game.game.step, o: v.game.myPrompts[0].defaultOrders, k: randomUUID() },
          tally,
        );
      }
      await paused;
      const step0 = (await post(p.north.token, 'query($g:ID!){game(id:$g){game{step}}}', { g: p.gameId }, tally)).game
        .game.step;
      slow.kill('SIGKILL');
      const t0 = Date.now();
      const worker = await startProcess('workers/resolver.ts', processEnv(env, stall), 'worker ready');
      const boot = Date.now() - t0;
      while (
        (await post(p.north.token, 'query($g:ID!){game(id:$g){game{step}}}', { g: p.gameId }, tally))?.game.game
          .step === step0
      )
        await sleep(100);
      times.push(Date.now() - t0);
      console.log(
        `  lock ${lockMs} ms / stalled check ${stalledMs} ms: kill → resolved ${Date.now() - t0} ms (new worker ready after ${boot} ms)`,
      );
      await stop(worker);
    }
  } finally {
    await d.shutdown().catch(() => undefined);
    await stop(api);
  }
  const sorted = [...times].sort((a, b) => a - b);
  console.log(
    JSON.stringify({
      drill: 'crash recovery',
      lockMs,
      stalledMs,
      trials,
      minMs: sorted[0],
      medianMs: sorted[sorted.length >> 1],
      maxMs: sorted.at(-1),
      failedRequests: tally.failed,
    }),
  );
  return tally.failed === 0;
}

const db = await freshDatabase();
let allPass = true;
try {
  if (only.has('baseline'))
    allPass &&= await drill('no fault (baseline)', benchEnv(db.url), db.url, async () => undefined);
  if (only.has('worker')) {
    allPass &&= await drill('kill the worker repeatedly', benchEnv(db.url), db.url, async ({ restartWorker }) => {
      for (let i = 0; i < 8; i++) {
        await sleep(500 + Math.floor(Math.random() * 1500));
        await restartWorker();
      }
    });
  }
  if (only.has('redis')) {
    allPass &&= await drill('restart Redis (nothing kept on disk)', benchEnv(db.url), db.url, async () => {
      await sleep(1500);
      await privateRedis!.restart(3000);
    });
  }
  if (only.has('recovery')) {
    const settings = (args.find((a) => a.startsWith('--stall='))?.split('=')[1] ?? '30000/30000,10000/5000').split(',');
    for (const [lock, stalled] of settings.map((x) => x.split('/').map(Number)))
      allPass &&= await recoveryDrill(benchEnv(db.url), lock, stalled, 3);
  }
  if (only.has('postgres')) {
    allPass &&= await drill('restart PostgreSQL', benchEnv(db.url), db.url, async () => {
      await sleep(1500);
      privatePg!.restart();
    });
  }
} finally {
  if (process.env.CHAOS_KEEP_DB) console.log(`kept database ${db.url}`);
  else await db.drop().catch(() => undefined);
  await privateRedis?.stop();
}
process.exit(allPass ? 0 : 1);
