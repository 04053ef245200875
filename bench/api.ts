/**
 * API throughput: orders submitted per second with 50 concurrent clients (autocannon on
 * loopback) against the real API process (PostgreSQL, Redis), next to a bare Fastify route in
 * the same run as the ceiling. Each client has its own game and side; orders are submitted
 * not-ready (so the step stays open) with a fresh idempotency key per request: every request
 * takes the full path (lock, validate, store, idempotency record). Request logging is off, as
 * on the bare route: a log line per request is an operator's choice, not the server's cost.
 */
import autocannon from 'autocannon';
import { startProcess, stop } from './common.js';
import { cpuMeter, type CpuGroups } from './cpu.js';
import { driver, makeGames, processEnv, type BenchEnv, type Pair } from './setup.js';

const CONNECTIONS = 50;

function run(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => autocannon(opts, (err, res) => (err ? reject(err) : resolve(res))));
}

const summary = (r: autocannon.Result) => ({
  requestsPerSecond: Math.round(r.requests.average),
  p50ms: r.latency.p50,
  p99ms: r.latency.p99,
  non2xx: r.non2xx,
  errors: r.errors,
});

/** CPU milliseconds per answered request, by process group (server, PostgreSQL, autocannon). */
const perRequest = (spent: CpuGroups, r: autocannon.Result) => {
  const n = Math.max(1, r.requests.total);
  const round = (ms: number) => Math.round((ms / n) * 1000) / 1000;
  return {
    server: round(spent.api),
    postgres: round(spent.postgres),
    redis: round(spent.redis),
    loadGenerator: round(spent.loadGenerator),
  };
};

/**
 * Bare `submitOrders` against a running API (`port`, process `apiPid`): 50 clients, each on its
 * own game of `games`, not-ready orders with fresh keys, after a 2-s warm-up (a 3-s quick run was
 * mostly JIT warm-up). Shared with the turn-loop stage (bench/loop.ts) as its same-run baseline.
 */
export async function submitOrdersRun(port: number, apiPid: number, games: Pair[], seconds: number) {
  let c = 0;
  const submitRun = {
    connections: CONNECTIONS,
    duration: seconds,
    method: 'POST' as const,
    url: `http://127.0.0.1:${port}/graphql`,
    idReplacement: true,
    setupClient: (client: any) => {
      const g = games[c++ % games.length];
      client.setHeadersAndBody(
        { 'content-type': 'application/json', authorization: `Bearer ${g.north.token}` },
        submitBody(g.gameId),
      );
    },
  } as autocannon.Options;
  await run({ ...submitRun, duration: 2 });
  const submitCpu = cpuMeter(apiPid);
  const submit = await run(submitRun);
  const submitSpent = submitCpu();
  return { ...summary(submit), cpuMsPerRequest: perRequest(submitSpent, submit) };
}

const submitBody = (gameId: string) =>
  JSON.stringify({
    query:
      'mutation($g:ID!,$k:String!){submitOrders(gameId:$g,step:1,orders:{bid:1,note:"bench"},idempotencyKey:$k,ready:false){ordersHash}}',
    variables: { g: gameId, k: '[<id>]' },
  });

export async function benchApi(env: BenchEnv, seconds = 8) {
  const bare = await startProcess('bench/bare-server.ts', { PORT: '3899' }, 'bare ready');
  const api = await startProcess(
    'src/main.ts',
    processEnv(env, { PORT: '3898', LOG_LEVEL: 'info', LOG_REQUESTS: 'false' }),
    'Warpost listening',
  );
  const d = await driver(env);
  try {
    const games = await makeGames(d, CONNECTIONS, { pairs: CONNECTIONS });
    const common = {
      connections: CONNECTIONS,
      duration: seconds,
      method: 'POST' as const,
      headers: { 'content-type': 'application/json' },
    };
    await run({ ...common, url: 'http://127.0.0.1:3899/bare', duration: 2, body: submitBody(games[0].gameId) }); // warm-up
    const bareCpu = cpuMeter(bare.pid!);
    const ceiling = await run({ ...common, url: 'http://127.0.0.1:3899/bare', body: submitBody(games[0].gameId) });
    const bareSpent = bareCpu();
    const submit = await submitOrdersRun(3898, api.pid!, games, seconds);
    const stored = await d.platform.prisma.idempotencyRecord.count(); // warm-up included
    return {
      connections: CONNECTIONS,
      seconds,
      bareRoute: { ...summary(ceiling), cpuMsPerRequest: perRequest(bareSpent, ceiling) },
      submitOrders: { ...submit, storedSubmissions: stored },
      ratioToCeiling: Math.round((submit.requestsPerSecond / ceiling.requests.average) * 1000) / 1000,
    };
  } finally {
    await d.shutdown();
    await stop(api);
    await stop(bare);
  }
}
