/**
 * A bot seat played through the public API only: GraphQL over HTTP for the view, the prompts and
 * `submitOrders`; graphql-ws subscriptions to know when to act: it looks at the game once when its
 * subscriptions are live, then on each `myTurn` notice for the game, and learns the end from
 * `gameEvents`. No polling loop: only a quiet period with no message at all (`idleCheckMs`)
 * triggers one extra look, as a safety net for a lost notice. Subscribe as a seated player: the
 * events a subscription carries are those of the side the user held when it was opened.
 *
 * What to send is the caller's `decide` (e.g. cerberus-view-bot.ts), from the view and prompt its
 * side was given. Refused orders are pruned along the error details (`prune`) and sent again; when
 * nothing is left to prune, the prompt's default orders (always legal) go instead.
 */
import { randomUUID } from 'node:crypto';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export interface ErrorDetail {
  code: string;
  path: (string | number)[];
  message: string;
  rule?: string;
}
interface GqlError {
  message: string;
  extensions?: { code?: string; details?: ErrorDetail[] };
}
export interface ApiPrompt {
  side: string;
  kind: string;
  secret: boolean;
  defaultOrders: Json;
}

export interface BotPlayerOptions {
  url: string;
  token: string;
  gameId: string;
  /** Label for log lines. */
  name: string;
  /** Orders for `prompt` from what the side sees; null sends the prompt's defaults. */
  decide(input: { view: Json; prompt: ApiPrompt; step: number }): Json | null;
  /** Orders without what `details` point at, or null when nothing can be dropped. */
  prune?(orders: Json, details: ErrorDetail[]): Json | null;
  log?(line: string): void;
  /** Every raw text the server sent this player (HTTP bodies and subscription payloads), e.g. for leak checks. */
  onReceive?(text: string, via: 'http' | 'ws'): void;
  /** Called after each accepted submission, with when it was sent and answered (performance.now(), e.g. to time the step's resolution). */
  onSubmitted?(info: { step: number; side: string; stepComplete: boolean; sentAt: number; at: number }): void;
  /** Called once both subscriptions are live (the first gameEvents payload, which replays the log). */
  onReady?(): void;
  /** Called for each gameEvents payload. */
  onUpdate?(
    update: { step: number; status: string; events: { seq: number; step: number; type: string }[] },
    at: number,
  ): void;
  idleCheckMs?: number;
}

export interface BotPlayerResult {
  status: string;
  submissions: number;
  /** Submissions the server refused at first and accepted after pruning. */
  pruned: number;
  /** Prompts answered with the prompt's default orders (bot had nothing legal, or a mismatch). */
  defaulted: number;
  /** Time spent deciding, in ms. */
  decideMs: number;
}

const VIEW = `query($g:ID!){game(id:$g){view game{step status} myPrompts{side kind secret defaultOrders} mySubmission{step ready}}}`;
const SUBMIT = `mutation($g:ID!,$s:Int!,$o:JSON!,$k:String!,$side:String){submitOrders(gameId:$g,step:$s,orders:$o,idempotencyKey:$k,side:$side){stepComplete}}`;
const EVENTS = `subscription($g:ID!){gameEvents(gameId:$g,afterSeq:0){step status events{seq step type}}}`;
const MY_TURN = `subscription{myTurn{gameId step sides}}`;

export async function playAsBot(o: BotPlayerOptions): Promise<BotPlayerResult> {
  const log = o.log ?? (() => undefined);
  const result: BotPlayerResult = { status: 'ACTIVE', submissions: 0, pruned: 0, defaulted: 0, decideMs: 0 };
  const call = async (query: string, variables: object): Promise<{ data?: any; errors?: GqlError[] }> => {
    const res = await fetch(`${o.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${o.token}` },
      body: JSON.stringify({ query, variables }),
    });
    const text = await res.text();
    o.onReceive?.(text, 'http');
    if (res.status === 429) {
      // RATE_LIMITED: wait as long as the server asks (Retry-After, seconds), then try again.
      const wait = Number(res.headers.get('retry-after') ?? 1);
      log(`${o.name}: rate limited; waiting ${wait} s`);
      await new Promise((r) => setTimeout(r, Math.max(1, wait) * 1000));
      return call(query, variables);
    }
    return JSON.parse(text);
  };

  const answered = new Set<string>(); // `${step}|${side}` already submitted
  /** Submits, then prunes along the server's errors and submits again; returns quietly if the step moved on meanwhile. */
  async function send(step: number, prompt: ApiPrompt, first: Json): Promise<void> {
    let orders = first;
    for (let attempt = 0; attempt < 8; attempt++) {
      const sentAt = performance.now();
      const r = await call(SUBMIT, { g: o.gameId, s: step, o: orders, k: randomUUID(), side: prompt.side });
      const err = r.errors?.[0];
      if (!err) {
        result.submissions++;
        if (attempt > 0) result.pruned++;
        o.onSubmitted?.({
          step,
          side: prompt.side,
          stepComplete: r.data.submitOrders.stepComplete,
          sentAt,
          at: performance.now(),
        });
        return;
      }
      const code = err.extensions?.code;
      if (code === 'STALE_STEP' || code === 'GAME_NOT_ACTIVE' || code === 'NOT_OWED') return;
      if (code !== 'INVALID_ORDERS') throw new Error(`${o.name}: submitOrders failed: ${code} ${err.message}`);
      const details = err.extensions?.details ?? [];
      log(
        `${o.name}: step ${step} ${prompt.kind} refused: ${details.map((d) => `${d.code} at ${d.path.join('.')} (${d.rule ?? '-'})`).join('; ')}`,
      );
      const next = orders === prompt.defaultOrders ? null : (o.prune?.(orders, details) ?? null);
      if (next === null) {
        if (orders === prompt.defaultOrders)
          throw new Error(`${o.name}: the default orders were refused: ${JSON.stringify(details)}`);
        result.defaulted++;
        orders = prompt.defaultOrders;
      } else orders = next;
    }
    throw new Error(`${o.name}: no legal orders for step ${step}`);
  }

  /** Looks at the game once and answers every prompt not answered yet. */
  async function act(): Promise<void> {
    const r = await call(VIEW, { g: o.gameId });
    if (r.errors?.length) throw new Error(`${o.name}: game(${o.gameId}): ${r.errors[0].message}`);
    const g = r.data.game;
    result.status = g.game.status;
    if (g.game.status !== 'ACTIVE') return;
    const step: number = g.game.step;
    seenStep = Math.max(seenStep, step);
    for (const prompt of g.myPrompts as ApiPrompt[]) {
      const key = `${step}|${prompt.side}`;
      if (answered.has(key) || (g.mySubmission?.step === step && g.mySubmission.ready)) continue;
      answered.add(key);
      const t0 = performance.now();
      let orders = o.decide({ view: g.view, prompt, step });
      result.decideMs += performance.now() - t0;
      if (orders === null) {
        result.defaulted++;
        orders = prompt.defaultOrders;
      }
      await send(step, prompt, orders);
    }
  }

  const ws = createClient({
    url: `${o.url.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${o.token}` },
    retryAttempts: 5,
  });
  // One look at a time; a signal during a look asks for one more after it.
  let running: Promise<void> | null = null;
  let again = false;
  let failure: Error | null = null;
  let lastSignal = Date.now();
  let first = true;
  let idle: ReturnType<typeof setInterval> | undefined;
  let seenStep = 0; // the step of the last look: signals about it or earlier need no new look
  const wake = (step?: number) => {
    lastSignal = Date.now();
    if (step !== undefined && step <= seenStep) return;
    if (running) return void (again = true);
    running = (async () => {
      do {
        again = false;
        await act();
      } while (again && result.status === 'ACTIVE');
    })()
      .catch((e: Error) => void (failure = e))
      .finally(() => (running = null));
  };

  try {
    await new Promise<void>((done, fail) => {
      const finish = () => (running ?? Promise.resolve()).then(() => (failure ? fail(failure) : done()));
      ws.subscribe<{ myTurn: { gameId: string; step: number } }>(
        { query: MY_TURN },
        {
          next: (v) => {
            o.onReceive?.(JSON.stringify(v), 'ws');
            if (v.data?.myTurn.gameId === o.gameId) wake(v.data.myTurn.step);
          },
          error: (e) => fail(new Error(`${o.name}: myTurn: ${JSON.stringify(e)}`)),
          complete: () => undefined,
        },
      );
      ws.subscribe<{ gameEvents: { step: number; status: string; events: any[] } }>(
        { query: EVENTS, variables: { g: o.gameId } },
        {
          next: (v) => {
            o.onReceive?.(JSON.stringify(v), 'ws');
            const u = v.data?.gameEvents;
            if (!u) return;
            o.onUpdate?.(u, performance.now());
            if (first) {
              first = false;
              o.onReady?.();
              wake();
            } // whatever is owed already
            if (u.status !== 'ACTIVE' && u.status !== 'OPEN') {
              result.status = u.status;
              return void finish();
            }
          },
          error: (e) => fail(new Error(`${o.name}: gameEvents: ${JSON.stringify(e)}`)),
          complete: () => undefined,
        },
      );
      const every = o.idleCheckMs ?? 30_000;
      idle = setInterval(
        () => {
          if (failure) fail(failure);
          else if (Date.now() - lastSignal > every) wake();
        },
        Math.min(every, 1000),
      );
    });
  } finally {
    clearInterval(idle);
    await ws.dispose();
  }
  return result;
}
