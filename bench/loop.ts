/**
 * The turn loop (issue 22): `games` games played at once by two clients each, the way a real
 * client plays. Each client holds a graphql-ws socket on `gameEvents`; on each update that moves
 * the game on it either reads `game(id)` (mode `read`: step, status, its prompts and whether it
 * has sent them) or takes the same from the update itself (mode `push`), submits the default
 * orders of every prompt it owes, and waits for the next update. One API process, one
 * resolution worker. Reported: submissions and steps per second, last owed submission (sent) →
 * every socket hearing the next step, CPU per step by process, next to bare `submitOrders`
 * (50 clients, autocannon) against the same API process in the same run. Then the cost of one
 * full read (view, prompts with their legal choices, recent events), one client at a time.
 */
import autocannon from 'autocannon';
import { createClient, type Client } from 'graphql-ws';
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { submitOrdersRun } from './api.js';
import { startProcess, stop, summarise } from './common.js';
import { cpuMeter } from './cpu.js';
import { driver, FIXTURE_GAME, makeGames, processEnv, type BenchEnv, type GameKind, type Pair } from './setup.js';

const PORT = 3896;
const BASE = `http://127.0.0.1:${PORT}`;
const CERBERUS: GameKind = { module: 'cerberus', scenario: 'campaign', sides: ['HUMAN', 'CETIAN'] };

export type LoopMode = 'read' | 'push';

interface LoopPrompt {
  side: string;
  kind: string;
  defaultOrders: unknown;
}
/** What a client needs to act: where the game is and what this client owes. */
interface Situation {
  step: number;
  status: string;
  prompts: LoopPrompt[];
  sent: boolean;
}

const READ =
  'query($g:ID!){game(id:$g){game{step status} myPrompts{side kind defaultOrders} mySubmission{step ready}}}';
const SUBMIT =
  'mutation($g:ID!,$s:Int!,$o:JSON!,$k:String!,$side:String){submitOrders(gameId:$g,step:$s,orders:$o,idempotencyKey:$k,side:$side){stepComplete}}';
const UPDATES: Record<LoopMode, string> = {
  read: 'subscription($g:ID!){gameEvents(gameId:$g,afterSeq:0){step status events{seq type}}}',
  push: 'subscription($g:ID!){gameEvents(gameId:$g,afterSeq:0){step status events{seq type} myPrompts{side kind defaultOrders} owes}}',
};

async function gql(token: string, query: string, variables: object): Promise<any> {
  const res = await fetch(`${BASE}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: any; errors?: { message: string; extensions?: { code?: string } }[] };
  if (body.errors?.length) {
    const code = body.errors[0].extensions?.code;
    if (code === 'STALE_STEP' || code === 'NOT_OWED' || code === 'GAME_NOT_ACTIVE') return null; // the game moved on meanwhile
    throw new Error(`${code}: ${body.errors[0].message}`);
  }
  return body.data;
}

interface Tally {
  submissions: number;
  steps: number;
  /** `${gameId}|${step}` → when the submission that completed the step was sent. */
  lastSent: Map<string, number>;
  /** Per socket: each update's step and arrival time. */
  arrivals: { gameId: string; at: { step: number; status: string; t: number }[] }[];
}

/**
 * One client: acts on every update whose step it has not acted on yet, one look at a time (an
 * update during a look asks for one more after it). Resolves once the game ends or passes
 * `maxStep`.
 */
function playClient(
  ws: Client,
  token: string,
  gameId: string,
  mode: LoopMode,
  maxStep: number,
  tally: Tally,
  live: () => void,
): Promise<void> {
  const arrivals = { gameId, at: [] as { step: number; status: string; t: number }[] };
  tally.arrivals.push(arrivals);
  let acted = 0; // the last step this client has looked at
  let busy = false;
  let pending: Situation | 'read' | null = null;
  return new Promise<void>((done, fail) => {
    let finished = false;
    const finish = () => void (finished || ((finished = true), done()));
    const act = async (s: Situation) => {
      if (s.status !== 'ACTIVE' || s.step > maxStep) return finish();
      if (s.step <= acted) return;
      acted = s.step;
      if (s.sent) return;
      for (const prompt of s.prompts) {
        const sentAt = performance.now();
        const r = await gql(token, SUBMIT, {
          g: gameId,
          s: s.step,
          o: prompt.defaultOrders,
          k: randomUUID(),
          side: prompt.side,
        });
        if (!r) continue;
        tally.submissions++;
        if (r.submitOrders.stepComplete) tally.lastSent.set(`${gameId}|${s.step}`, sentAt);
      }
    };
    const look = async (what: Situation | 'read') => {
      if (what !== 'read') return act(what);
      const r = await gql(token, READ, { g: gameId });
      const g = r.game;
      await act({
        step: g.game.step,
        status: g.game.status,
        prompts: g.myPrompts,
        sent: g.mySubmission?.step === g.game.step && g.mySubmission.ready,
      });
    };
    const wake = (what: Situation | 'read') => {
      if (busy) return void (pending = what);
      busy = true;
      (async () => {
        for (let next: Situation | 'read' | null = what; next && !finished;) {
          pending = null;
          await look(next);
          next = pending;
        }
      })()
        .catch(fail)
        .finally(() => (busy = false));
    };
    let first = true;
    ws.subscribe<any>(
      { query: UPDATES[mode], variables: { g: gameId } },
      {
        next: (v) => {
          const u = v.data?.gameEvents;
          if (!u) return fail(new Error(`game ${gameId}: ${JSON.stringify(v.errors)}`));
          arrivals.at.push({ step: u.step, status: u.status, t: performance.now() });
          if (first) {
            first = false;
            live();
          }
          if (u.status !== 'ACTIVE') return finish();
          if (u.step <= acted) return;
          wake(mode === 'read' ? 'read' : { step: u.step, status: u.status, prompts: u.myPrompts, sent: !u.owes });
        },
        error: (e) => fail(new Error(`game ${gameId}: ${JSON.stringify(e)}`)),
        complete: () => undefined,
      },
    );
  });
}

/** Last owed submission sent → each socket's first update of a later step (or the end). */
function latencies(t: Tally): number[] {
  const out: number[] = [];
  for (const socket of t.arrivals) {
    for (const [key, sentAt] of t.lastSent) {
      const [gameId, step] = key.split('|');
      if (gameId !== socket.gameId) continue;
      const hit = socket.at.find((a) => a.t >= sentAt && (a.step > Number(step) || a.status !== 'ACTIVE'));
      if (hit) out.push(hit.t - sentAt);
    }
  }
  return out;
}

const r1 = (x: number) => Math.round(x * 10) / 10;
const stats = (xs: number[]) => {
  const s = summarise(xs);
  return { n: s.n, p50: r1(s.p50), p99: r1(s.p99), max: r1(s.max) };
};

/** The API's count of submissions by the source of the state they were checked against (metrics.ts). */
async function submissionStates(): Promise<{ remembered: number; read: number }> {
  const text = await (await fetch(`${BASE}/metrics`)).text();
  const out = { remembered: 0, read: 0 };
  for (const m of text.matchAll(/^warpost_submission_states_total\{source="(remembered|read)"\} (\d+)/gm))
    out[m[1] as keyof typeof out] = Number(m[2]);
  return out;
}

/** Plays `pairs` to the end (or past `maxStep`), every game at once; returns the tally and the CPU by process. */
async function playRound(pairs: Pair[], mode: LoopMode, maxStep: number, pids: { api: number; worker: number }) {
  const tally: Tally = { submissions: 0, steps: 0, lastSent: new Map(), arrivals: [] };
  const sockets: Client[] = [];
  const clients: Promise<void>[] = [];
  const live: Promise<void>[] = [];
  for (const p of pairs) {
    for (const seat of [p.north, p.south]) {
      const ws = createClient({
        url: `${BASE.replace('http', 'ws')}/graphql`,
        webSocketImpl: WebSocket,
        connectionParams: { authorization: `Bearer ${seat.token}` },
        retryAttempts: 0,
        lazy: false,
      });
      sockets.push(ws);
      let ready!: () => void;
      live.push(new Promise<void>((r) => (ready = r)));
      clients.push(playClient(ws, seat.token, p.gameId, mode, maxStep, tally, ready));
    }
  }
  // Every client has its first update (the game at step 1) before the clock starts: the
  // subscriptions' set-up is not part of the loop.
  await Promise.all(live);
  const states0 = await submissionStates();
  const apiCpu = cpuMeter(pids.api);
  const workerCpu = cpuMeter(pids.worker);
  const t0 = performance.now();
  const timeout = new Promise<never>((_, fail) =>
    setTimeout(() => fail(new Error('turn loop: not done within 10 min')), 600_000).unref(),
  );
  await Promise.race([Promise.all(clients), timeout]);
  const seconds = (performance.now() - t0) / 1000;
  const a = apiCpu();
  const w = workerCpu();
  const states1 = await submissionStates();
  await Promise.all(sockets.map((s) => s.dispose()));
  tally.steps = tally.lastSent.size;
  const perStep = (ms: number) => r1(ms / Math.max(1, tally.steps));
  return {
    seconds: r1(seconds),
    submissions: tally.submissions,
    steps: tally.steps,
    submissionsPerSecond: Math.round(tally.submissions / seconds),
    stepsPerSecond: Math.round(tally.steps / seconds),
    lastOwedSubmissionToEverySocketMs: stats(latencies(tally)),
    cpuMsPerStep: {
      api: perStep(a.api),
      worker: perStep(w.api),
      postgres: perStep(a.postgres),
      redis: perStep(a.redis),
      loadGenerator: perStep(a.loadGenerator),
    },
    // Remembered: the submission context sent no state (the API held the row version's).
    submissionStates: { remembered: states1.remembered - states0.remembered, read: states1.read - states0.read },
  };
}

/** One full read (view, prompts with legal choices, the last events), one client at a time. */
async function readCost(apiPid: number, p: Pair, seconds: number) {
  const body = JSON.stringify({
    query:
      'query($g:ID!){game(id:$g){game{id step status} viewer view myPrompts{side kind secret description choices defaultOrders} owed{side ready} mySubmission{step ready} events(limit:20){seq step type data}}}',
    variables: { g: p.gameId },
  });
  const opts = {
    url: `${BASE}/graphql`,
    connections: 1,
    duration: 1,
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${p.north.token}` },
    body,
  };
  const run = (o: autocannon.Options) =>
    new Promise<autocannon.Result>((ok, fail) => autocannon(o, (e, r) => (e ? fail(e) : ok(r))));
  await run(opts); // warm-up
  const cpu = cpuMeter(apiPid);
  const r = await run({ ...opts, duration: seconds });
  const spent = cpu();
  if (r.non2xx || r.errors) throw new Error(`read: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return {
    reads: r.requests.total,
    p50ms: r.latency.p50,
    p99ms: r.latency.p99,
    apiCpuMsPerRead: Math.round((spent.api / Math.max(1, r.requests.total)) * 100) / 100,
  };
}

export interface LoopOptions {
  games?: number;
  mode?: LoopMode;
  /** Cerberus games are long (104 steps): each is played up to this step. */
  cerberusSteps?: number;
  /** Seconds of bare submitOrders and of the read cost. */
  seconds?: number;
  kinds?: ('fixture' | 'cerberus')[];
}

export async function benchLoop(env: BenchEnv, o: LoopOptions = {}) {
  const games = o.games ?? 50;
  const seconds = o.seconds ?? 5;
  const api = await startProcess(
    'src/main.ts',
    processEnv(env, { PORT: String(PORT), LOG_LEVEL: 'info', LOG_REQUESTS: 'false' }),
    'Warpost listening',
  );
  const worker = await startProcess('workers/resolver.ts', processEnv(env, { LOG_LEVEL: 'info' }), 'worker ready');
  const d = await driver(env);
  const pids = { api: api.pid!, worker: worker.pid! };
  const out: Record<string, unknown> = { games, clients: games * 2 };
  try {
    const modes: LoopMode[] = o.mode ? [o.mode] : ['read', 'push'];
    const bare = await submitOrdersRun(PORT, pids.api, await makeGames(d, 50, { pairs: 50 }), seconds);
    out.bareSubmitOrders = bare;
    for (const kind of o.kinds ?? ['fixture', 'cerberus']) {
      const gameKind = kind === 'fixture' ? FIXTURE_GAME : CERBERUS;
      const maxStep = kind === 'fixture' ? Number.MAX_SAFE_INTEGER : (o.cerberusSteps ?? 12);
      const res: Record<string, unknown> = {};
      // A warm-up round (a few games, not counted): the processes compile the module's code paths.
      await playRound(await makeGames(d, 4, { pairs: 4, kind: gameKind }), modes[0], Math.min(maxStep, 6), pids);
      for (const mode of modes) {
        const round = await playRound(await makeGames(d, games, { pairs: games, kind: gameKind }), mode, maxStep, pids);
        res[mode] = {
          ...round,
          ratioToBareSubmitOrders: Math.round((round.submissionsPerSecond / bare.requestsPerSecond) * 1000) / 1000,
        };
      }
      res.fullRead = await readCost(pids.api, (await makeGames(d, 1, { pairs: 1, kind: gameKind }))[0], seconds);
      out[kind] = res;
    }
    return out;
  } finally {
    await d.shutdown();
    await stop(worker);
    await stop(api);
  }
}
