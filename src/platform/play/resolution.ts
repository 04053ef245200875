/**
 * Resolving a step. The worker locks the game, checks the step is still current and owed
 * submissions are in (or the deadline forced it), runs the module, and writes the new state,
 * the events with their visibility, the step record and the outgoing messages in one
 * transaction. A step is never resolved twice: the step number is the guard under the lock.
 *
 * Every resolved step is written by one writer (writeResolution, resolution-sql.ts) from one
 * plan (planStep). A step whose owed sides are all ready is read in one statement too, on the
 * pg pool (bench/RESULTS.md issue 8); a deadline job (which may bind missing sides, extend the
 * deadline or end the game) reads and decides through the Prisma models in a Prisma
 * transaction, and writes the step by the same writer.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AnyModule, Json, Prompt, Side } from '#engine/contract.js';
import { SeededDice } from '#engine/dice.js';
import type { Platform } from '../context.js';
import { pgTransaction, prismaSql, type SqlTx } from '../db/sql.js';
import { topics } from '../events/pubsub.js';
import type { JobContext, ResolveJob } from '../queue/types.js';
import { openRevealWindow, scheduleRevealDeadline, stepTrust, type StepTrust } from '../trust/deadline.js';
import { lockGame } from './lock.js';
import { owedSides, promptsOf } from './prompts.js';
import { TX_OPTIONS, type Tx } from '../db/transactions.js';
import { turnSignals } from '../events/turn-signals.js';
import { lapseVotes } from './open-votes.js';
import { decideMissedTurns, record as recordMissedTurns } from './missed-turns.js';
import { appendPublicEvent, lastSeq, type OutboxMessage } from '../events/event-log.js';
import { readResolutionContext, writeResolution, type StepWrite } from './resolution-sql.js';
import { heldState, knownPrompts, knownState, rememberWritten } from './read-model.js';
import { storedForm } from './stored-prompts.js';
import { metrics } from '../metrics.js';
import { enqueueAfterCommit, scheduleStep } from './scheduling.js';
import { readTimeControl, stepDeadlineFor, type TimeControl } from './time-control.js';

export type ResolveOutcome = 'resolved' | 'stale' | 'waiting' | 'paused';

type Opened = { gameId: string; step: number; deadline: Date | null; graceMs: number } | null;

export async function resolveStep(p: Platform, job: ResolveJob, ctx: JobContext): Promise<ResolveOutcome> {
  try {
    const r = await resolveInTransaction(p, job);
    if ('early' in r && r.early) {
      await enqueueAfterCommit(
        p,
        { gameId: job.gameId, step: job.step, force: true },
        { delayMs: Math.max(0, r.early - p.clock.now().getTime()), variant: `deadline-${r.early}` },
      );
    }
    if ('revealDeadline' in r && r.revealDeadline)
      await scheduleRevealDeadline(p, job.gameId, job.step, r.revealDeadline);
    if ('extended' in r && r.extended) {
      // An excuse moved the deadline: tell everyone, and arm a job for the new one.
      await scheduleStep(p, { gameId: job.gameId, step: job.step, deadline: null });
      const at = r.extended.deadline.getTime() + r.extended.graceMs;
      await enqueueAfterCommit(
        p,
        { gameId: job.gameId, step: job.step, force: true },
        { delayMs: Math.max(0, at - p.clock.now().getTime()), variant: `deadline-${r.extended.deadline.getTime()}` },
      );
    }
    if (r.outcome === 'resolved') {
      // Committed: the next step's context and this process's reads need not send this state again.
      if (r.written?.version) rememberWritten(job.gameId, { ...r.written, version: r.written.version });
      await scheduleStep(p, r.opened ?? { gameId: job.gameId, step: job.step, deadline: null }, r.written?.outbox);
    }
    return r.outcome;
  } catch (err) {
    // The error text may hold game state: it goes to the server log only, under a reference.
    const reference = randomUUID();
    p.log.error({ err, job, attempt: ctx.attempt, reference }, 'resolution failed');
    if (!ctx.final) throw err;
    await pauseGame(
      p,
      job,
      `Step ${job.step} could not be resolved after ${ctx.attempt} attempts (error reference ${reference}); an admin can retry it.`,
    );
    return 'paused';
  }
}

type TxResult =
  | { outcome: 'stale'; early?: number | null }
  | { outcome: 'waiting'; revealDeadline?: Date; extended?: { deadline: Date; graceMs: number } }
  /**
   * `written`: the step's outbox rows, delivered by this process after the commit, and the state
   * written with the row's new version (absent: a forfeit, which delivers what is pending).
   */
  | { outcome: 'resolved'; opened: Opened; written?: WrittenStep };

/** What a resolved step wrote, for after its commit. */
interface WrittenStep {
  outbox: OutboxMessage[];
  version: string | null;
  stateText: number;
  module: string;
  state: unknown;
  prompts: Prompt[];
}

/** writeResolution, answering what the read model remembers once the step commits. */
async function write(sql: SqlTx, module: string, w: StepWrite): Promise<WrittenStep> {
  const written = await writeResolution(sql, w);
  return { ...written, module, state: w.game.state, prompts: w.prompts };
}

/** Which transaction a job runs in follows from its kind: a deadline job needs the models. */
async function resolveInTransaction(p: Platform, job: ResolveJob): Promise<TxResult> {
  if (job.force) return p.prisma.$transaction((tx) => resolveAtDeadline(p, job, tx), TX_OPTIONS);
  // On PostgreSQL straight on the pool; embedded (PGlite) the same statements through Prisma.
  if (p.pgPool) return pgTransaction(p.pgPool, (sql) => resolveReady(p, job, sql));
  return p.prisma.$transaction((tx) => resolveReady(p, job, prismaSql(tx)), TX_OPTIONS);
}

/** A step queued when its last owed side got ready: lock and read in one statement, write in one. */
async function resolveReady(p: Platform, job: ResolveJob, sql: SqlTx): Promise<TxResult> {
  // The state this process holds for the game (usually written by its previous step): the
  // context sends it only if the row has moved on, and then that copy is used and remembered.
  const known = knownState(job.gameId);
  const ctx = await readResolutionContext(sql, job.gameId, known?.version);
  const { submissions, trust, lastSeq } = ctx;
  if (ctx.game.status !== 'ACTIVE' || ctx.game.step !== job.step) return { outcome: 'stale' };
  const held = heldState(job.gameId, { ...ctx.game, prompts: ctx.prompts && storedForm(ctx.prompts) }, known);
  metrics.resolutionStates.inc({ source: held === known ? 'remembered' : 'read' });
  const game = { ...ctx.game, state: held.state };
  const module = p.modules.get(game.module);
  const owed = owedSides(knownPrompts(p, held));
  const ordersBySide: Record<Side, Json> = {};
  const origins: Record<Side, string> = {};
  for (const side of owed) {
    const sub = submissions.find((s) => s.side === side && s.ready);
    if (!sub) return { outcome: 'waiting' };
    ordersBySide[side] = sub.orders as Json;
    origins[side] = sub.origin;
  }
  // A side bound to its default orders when the reveal opened (trust/deadline.ts) missed the turn.
  await recordMissedTurns(
    sql,
    game,
    owed.filter((s) => origins[s] === 'default'),
    'default',
  );
  await faultPause(p, game);
  const plan = planStep(p, module, game, owed, ordersBySide, origins, trust, lastSeq);
  return { outcome: 'resolved', opened: plan.opened, written: await write(sql, game.module, plan.write) };
}

/** A deadline job: the step with whatever is ready, by the deadline policies, on the Prisma models. */
async function resolveAtDeadline(p: Platform, job: ResolveJob, tx: Tx): Promise<TxResult> {
  const game = await lockGame(tx, job.gameId);
  if (game.status !== 'ACTIVE' || game.step !== job.step) return { outcome: 'stale' };
  // A deadline job acts only once the deadline (plus grace) has passed by the game clock: a
  // job armed for a deadline that has since moved (pause, vacation, excuse, admin) or one that
  // fired a little early does nothing but arm one for the real time (a duplicate of the job
  // the move armed, if any: the first to run resolves, the other finds the step stale).
  const graceMs = readTimeControl(game.timeControl).graceSeconds * 1000;
  const due = game.stepDeadline ? game.stepDeadline.getTime() + graceMs : null;
  if (due === null || due > p.clock.now().getTime()) return { outcome: 'stale', early: due };
  const module = p.modules.get(game.module);
  const prompts = promptsOf(module, game.state);
  const owed = owedSides(prompts);
  const subs = await tx.submission.findMany({ where: { gameId: game.id, step: game.step } });
  const readySubs = subs.filter((s) => s.ready);
  const trust = await stepTrust(tx, game.id, game.step);
  const revealDeadline = await openRevealWindow(p.clock.now(), tx, game, prompts, owed, trust);
  if (revealDeadline) return { outcome: 'waiting', revealDeadline };
  // Missed turns (missed-turns.ts): an excuse extends the deadline; otherwise the game's policy.
  let botOrders: Record<Side, Json> = {};
  const missing = owed.filter((side) => !readySubs.some((s) => s.side === side) && !trust.unrevealed.includes(side));
  if (missing.length) {
    const allSides = module.scenarios.find((sc) => sc.id === game.scenario)?.sides ?? module.sides;
    const decision = await decideMissedTurns(p, tx, game, prompts, missing, allSides);
    if (decision.kind === 'extend') return { outcome: 'waiting', extended: decision };
    if (decision.kind === 'forfeit') {
      await tx.game.update({
        where: { id: game.id },
        data: {
          status: 'FINISHED',
          outcome: decision.outcome as object,
          finishedAt: p.clock.now(),
          stepDeadline: null,
        },
      });
      await lapseVotes(tx, game.id, p.clock.now());
      await appendPublicEvent(
        prismaSql(tx),
        game.id,
        game.step,
        'game-finished',
        decision.outcome as object,
        'FINISHED',
      );
      return { outcome: 'resolved', opened: null };
    }
    botOrders = decision.botOrders;
  }

  // Missing or unready sides get the prompt's default orders (deadline passed).
  const ordersBySide: Record<Side, Json> = {};
  const origins: Record<Side, string> = {};
  for (const side of owed) {
    const sub = readySubs.find((s) => s.side === side);
    const prompt = prompts.find((pr) => pr.side === side)!;
    ordersBySide[side] = sub
      ? (sub.orders as Json)
      : Object.hasOwn(botOrders, side)
        ? botOrders[side]!
        : prompt.defaultOrders;
    // A committed side that did not reveal misses the turn like an absent one, recorded apart.
    origins[side] = sub
      ? sub.origin
      : Object.hasOwn(botOrders, side)
        ? 'bot'
        : trust.unrevealed.includes(side)
          ? 'unrevealed'
          : 'default';
  }
  await recordMissedTurns(
    prismaSql(tx),
    game,
    owed.filter((s) => origins[s] === 'default' || origins[s] === 'unrevealed'),
    'default',
  );
  await faultPause(p, game);

  const sql = prismaSql(tx);
  const plan = planStep(p, module, game, owed, ordersBySide, origins, trust, await lastSeq(sql, game.id));
  return { outcome: 'resolved', opened: plan.opened, written: await write(sql, game.module, plan.write) };
}

/** Fault injection for the drills: hold the step's transaction open (and its game lock). */
async function faultPause(p: Platform, game: { id: string; step: number }) {
  if (p.config.faultResolveDelayMs <= 0) return;
  p.log.info({ gameId: game.id, step: game.step }, 'fault injection: resolution paused inside its transaction');
  await sleep(p.config.faultResolveDelayMs);
}

interface StepGame {
  id: string;
  step: number;
  scenario: string;
  state: unknown;
  seed: string;
  timeControl: unknown;
  seats: { side: string; userId: string }[];
}

/** Runs the module on the step's orders and builds everything the step writes (pure but for the clock). */
function planStep(
  p: Platform,
  module: AnyModule,
  game: StepGame,
  owed: Side[],
  ordersBySide: Record<Side, Json>,
  origins: Record<Side, string>,
  trust: StepTrust,
  afterSeq: number,
): { write: StepWrite; opened: Opened } {
  const dice = new SeededDice({ seed: game.seed, gameId: game.id, step: game.step, salts: Object.values(trust.salts) });
  const { state, events } = module.resolve(game.state, ordersBySide, dice);
  const outcome = module.outcome(state);
  // Straight from the module, not the memo: they are stored with the step (stored-prompts.ts), so
  // later readers take them from there and the digest of the new state would be spent for nothing.
  const nextPrompts = outcome ? [] : module.prompts(state);
  const finished = outcome !== null;
  const stuck = !finished && nextPrompts.length === 0;

  const sides = module.scenarios.find((sc) => sc.id === game.scenario)?.sides ?? module.sides;
  const all = [
    ...events,
    {
      type: 'step-resolved',
      visibleTo: 'all' as const,
      data: {
        step: game.step,
        defaulted: owed.filter((s) => origins[s] === 'default' || origins[s] === 'unrevealed'),
        unrevealed: owed.filter((s) => origins[s] === 'unrevealed'),
      },
    },
    ...(finished ? [{ type: 'game-finished', visibleTo: 'all' as const, data: outcome as unknown as Json }] : []),
  ];
  const now = p.clock.now();
  const deadline =
    finished || stuck ? null : stepDeadlineFor(game.timeControl as unknown as TimeControl, nextPrompts, now);
  const nextStep = game.step + 1;
  const status = finished ? 'FINISHED' : stuck ? 'PAUSED' : 'ACTIVE';
  const write: StepWrite = {
    gameId: game.id,
    step: game.step,
    events: all.map((e, i) => ({
      seq: afterSeq + i + 1,
      type: e.type,
      visibleTo: storedVisibility(e.visibleTo, sides),
      data: e.data,
      rolls: 'rolls' in e ? (e.rolls ?? []) : [],
    })),
    record: {
      orders: ordersBySide,
      origins,
      rolls: dice.log,
      state,
      salts: trust.salts,
      commitments: trust.commitments,
    },
    game: {
      state,
      step: nextStep,
      status,
      pausedReason: stuck ? `The game module offered no decision after step ${game.step}.` : null,
      pausedBy: stuck ? 'module' : null,
      pausedAt: stuck ? now : null,
      outcome,
      finished,
      stepDeadline: deadline,
    },
    outbox: [
      {
        topic: topics.game(game.id),
        payload: { gameId: game.id, step: nextStep, status, afterSeq, uptoSeq: afterSeq + all.length },
      },
      ...(status === 'ACTIVE' ? turnSignals(game.seats, game.id, nextStep, owedSides(nextPrompts), deadline) : []),
    ],
    prompts: nextPrompts,
    now,
  };
  const opened =
    status === 'ACTIVE'
      ? { gameId: game.id, step: nextStep, deadline, graceMs: readTimeControl(game.timeControl).graceSeconds * 1000 }
      : null;
  return { write, opened };
}

/** Parks a game whose step cannot be resolved, with a reason every player can read. */
async function pauseGame(p: Platform, job: ResolveJob, reason: string) {
  await p.prisma.$transaction(async (tx) => {
    const game = await lockGame(tx, job.gameId);
    if (game.status !== 'ACTIVE' || game.step !== job.step) return;
    await tx.game.update({
      where: { id: game.id },
      data: { status: 'PAUSED', pausedReason: reason, pausedBy: 'failure', pausedAt: p.clock.now() },
    });
    await appendPublicEvent(prismaSql(tx), game.id, game.step, 'game-paused', { reason }, 'PAUSED');
  }, TX_OPTIONS);
  await scheduleStep(p, { gameId: job.gameId, step: job.step, deadline: null });
}

/** An event every side sees is public (spectators see it too); otherwise it lists its sides. */
export function storedVisibility(v: 'all' | Side[], sides: Side[]): string[] {
  if (v === 'all' || sides.every((s) => v.includes(s))) return ['*'];
  return [...new Set(v)];
}
