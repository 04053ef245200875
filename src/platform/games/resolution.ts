/**
 * Resolving a step. The worker locks the game, checks the step is still current and owed
 * submissions are in (or the deadline forced it), runs the module, and writes the new state,
 * the events with their visibility, the step record and the outgoing messages in one
 * transaction. A step is never resolved twice: the step number is the guard under the lock.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Json, Side } from '../../engine/contract.js';
import { SeededDice } from '../../engine/dice.js';
import type { Platform } from '../context.js';
import { topics } from '../events/pubsub.js';
import type { JobContext, ResolveJob } from '../queue/types.js';
import { openRevealWindow, scheduleRevealDeadline, stepTrust } from '../trust/deadline.js';
import { lockGame, owedSides, TX_OPTIONS, type Tx } from './common.js';
import { turnSignals } from './lobby.js';
import { lapseVotes } from './admin.js';
import { appendPublicEvent, decideMissedTurns, record as recordMissedTurns } from './missed-turns.js';
import { enqueueAfterCommit, scheduleStep } from './scheduling.js';
import { readTimeControl, stepDeadlineFor, type TimeControl } from './time-control.js';

export type ResolveOutcome = 'resolved' | 'stale' | 'waiting' | 'paused';

export async function resolveStep(p: Platform, job: ResolveJob, ctx: JobContext): Promise<ResolveOutcome> {
  try {
    const r = await p.prisma.$transaction(async (tx) => {
      const game = await lockGame(tx, job.gameId);
      if (game.status !== 'ACTIVE' || game.step !== job.step) return { outcome: 'stale' as const };
      // A deadline job acts only once the deadline (plus grace) has passed by the game clock: a
      // job armed for a deadline that has since moved (pause, vacation, excuse, admin) or one that
      // fired a little early does nothing but arm one for the real time (a duplicate of the job
      // the move armed, if any: the first to run resolves, the other finds the step stale).
      if (job.force) {
        const graceMs = readTimeControl(game.timeControl).graceSeconds * 1000;
        const due = game.stepDeadline ? game.stepDeadline.getTime() + graceMs : null;
        const nowMs = p.clock.now().getTime();
        if (due === null || due > nowMs) return { outcome: 'stale' as const, early: due };
      }
      const module = p.modules.get(game.module);
      const prompts = module.prompts(game.state);
      const owed = owedSides(prompts);
      const subs = await tx.submission.findMany({ where: { gameId: game.id, step: game.step } });
      const readySubs = subs.filter((s) => s.ready);
      if (!job.force && !owed.every((side) => readySubs.some((s) => s.side === side))) return { outcome: 'waiting' as const };
      const trust = await stepTrust(tx, game.id, game.step);
      if (job.force) {
        const revealDeadline = await openRevealWindow(p.clock.now(), tx, game, prompts, owed, trust);
        if (revealDeadline) return { outcome: 'waiting' as const, revealDeadline };
      }
      // Missed turns (missed-turns.ts): an excuse extends the deadline; otherwise the game's policy.
      let botOrders: Record<Side, Json> = {};
      const missing = job.force ? owed.filter((side) => !readySubs.some((s) => s.side === side) && !trust.unrevealed.includes(side)) : [];
      if (missing.length) {
        const allSides = module.scenarios.find((sc) => sc.id === game.scenario)?.sides ?? module.sides;
        const decision = await decideMissedTurns(p, tx, game, prompts, missing, allSides);
        if (decision.kind === 'extend') return { outcome: 'waiting' as const, extended: decision };
        if (decision.kind === 'forfeit') {
          await tx.game.update({ where: { id: game.id }, data: { status: 'FINISHED', outcome: decision.outcome as object, finishedAt: p.clock.now(), stepDeadline: null } });
          await lapseVotes(tx, game.id, p.clock.now());
          await appendPublicEvent(tx, game.id, game.step, 'game-finished', decision.outcome as object, 'FINISHED');
          return { outcome: 'resolved' as const, opened: null };
        }
        botOrders = decision.botOrders;
      }

      // Missing or unready sides get the prompt's default orders (deadline passed).
      const ordersBySide: Record<Side, Json> = {};
      const origins: Record<Side, string> = {};
      for (const side of owed) {
        const sub = readySubs.find((s) => s.side === side);
        const prompt = prompts.find((pr) => pr.side === side)!;
        ordersBySide[side] = sub ? (sub.orders as Json) : Object.hasOwn(botOrders, side) ? botOrders[side]! : prompt.defaultOrders;
        // A committed side that did not reveal misses the turn like an absent one, recorded apart.
        origins[side] = sub ? sub.origin : Object.hasOwn(botOrders, side) ? 'bot' : trust.unrevealed.includes(side) ? 'unrevealed' : 'default';
      }
      await recordMissedTurns(tx, game, owed.filter((s) => origins[s] === 'default' || origins[s] === 'unrevealed'), 'default');
      if (p.config.faultResolveDelayMs > 0) {
        p.log.info({ gameId: game.id, step: game.step }, 'fault injection: resolution paused inside its transaction');
        await sleep(p.config.faultResolveDelayMs);
      }

      const dice = new SeededDice({ seed: game.seed, gameId: game.id, step: game.step, salts: Object.values(trust.salts) });
      const { state, events } = module.resolve(game.state, ordersBySide, dice);
      const outcome = module.outcome(state);
      const nextPrompts = outcome ? [] : module.prompts(state);
      const finished = outcome !== null;
      const stuck = !finished && nextPrompts.length === 0;

      const sides = module.scenarios.find((sc) => sc.id === game.scenario)?.sides ?? module.sides;
      const afterSeq = await lastSeq(tx, game.id);
      const all = [
        ...events,
        {
          type: 'step-resolved',
          visibleTo: 'all' as const,
          data: { step: game.step, defaulted: owed.filter((s) => origins[s] === 'default' || origins[s] === 'unrevealed'), unrevealed: owed.filter((s) => origins[s] === 'unrevealed') },
        },
        ...(finished ? [{ type: 'game-finished', visibleTo: 'all' as const, data: outcome as unknown as Json }] : []),
      ];
      await tx.gameEvent.createMany({
        data: all.map((e, i) => ({
          gameId: game.id,
          seq: afterSeq + i + 1,
          step: game.step,
          type: e.type,
          visibleTo: storedVisibility(e.visibleTo, sides),
          data: e.data as object,
          rolls: ('rolls' in e ? e.rolls ?? [] : []) as object[],
        })),
      });
      await tx.stepRecord.create({
        data: { gameId: game.id, step: game.step, orders: ordersBySide as object, origins, rolls: dice.log as object[], state: state as object, salts: trust.salts, commitments: trust.commitments },
      });
      const now = p.clock.now();
      if (finished) await lapseVotes(tx, game.id, now);
      const deadline = finished || stuck ? null : stepDeadlineFor(game.timeControl as unknown as TimeControl, nextPrompts, now);
      const nextStep = game.step + 1;
      const status = finished ? 'FINISHED' : stuck ? 'PAUSED' : 'ACTIVE';
      await tx.game.update({
        where: { id: game.id },
        data: {
          state: state as object,
          step: nextStep,
          status,
          pausedReason: stuck ? `The game module offered no decision after step ${game.step}.` : null,
          pausedBy: stuck ? 'module' : null,
          pausedAt: stuck ? now : null,
          outcome: finished ? (outcome as object) : undefined,
          finishedAt: finished ? now : undefined,
          stepDeadline: deadline,
        },
      });
      await tx.outboxMessage.createMany({
        data: [
          { topic: topics.game(game.id), payload: { gameId: game.id, step: nextStep, status, afterSeq, uptoSeq: afterSeq + all.length } },
          ...(status === 'ACTIVE' ? turnSignals(game.seats, game.id, nextStep, owedSides(nextPrompts), deadline) : []),
        ],
      });
      return { outcome: 'resolved' as const, opened: status === 'ACTIVE' ? { gameId: game.id, step: nextStep, deadline, graceMs: readTimeControl(game.timeControl).graceSeconds * 1000 } : null };
    }, TX_OPTIONS);
    if ('early' in r && r.early) {
      await enqueueAfterCommit(p, { gameId: job.gameId, step: job.step, force: true }, { delayMs: Math.max(0, r.early - p.clock.now().getTime()), variant: `deadline-${r.early}` });
    }
    if ('revealDeadline' in r && r.revealDeadline) await scheduleRevealDeadline(p, job.gameId, job.step, r.revealDeadline);
    if ('extended' in r && r.extended) {
      // An excuse moved the deadline: tell everyone, and arm a job for the new one.
      await scheduleStep(p, { gameId: job.gameId, step: job.step, deadline: null });
      const at = r.extended.deadline.getTime() + r.extended.graceMs;
      await enqueueAfterCommit(p, { gameId: job.gameId, step: job.step, force: true }, { delayMs: Math.max(0, at - p.clock.now().getTime()), variant: `deadline-${r.extended.deadline.getTime()}` });
    }
    if (r.outcome === 'resolved') {
      if (r.opened) await scheduleStep(p, r.opened);
      else await scheduleStep(p, { gameId: job.gameId, step: job.step, deadline: null });
    }
    return r.outcome;
  } catch (err) {
    // The error text may hold game state: it goes to the server log only, under a reference.
    const reference = randomUUID();
    p.log.error({ err, job, attempt: ctx.attempt, reference }, 'resolution failed');
    if (!ctx.final) throw err;
    await pauseGame(p, job, `Step ${job.step} could not be resolved after ${ctx.attempt} attempts (error reference ${reference}); an admin can retry it.`);
    return 'paused';
  }
}

/** Parks a game whose step cannot be resolved, with a reason every player can read. */
async function pauseGame(p: Platform, job: ResolveJob, reason: string) {
  await p.prisma.$transaction(async (tx) => {
    const game = await lockGame(tx, job.gameId);
    if (game.status !== 'ACTIVE' || game.step !== job.step) return;
    const last = await tx.gameEvent.findFirst({ where: { gameId: game.id }, orderBy: { seq: 'desc' }, select: { seq: true } });
    const seq = (last?.seq ?? 0) + 1;
    await tx.game.update({ where: { id: game.id }, data: { status: 'PAUSED', pausedReason: reason, pausedBy: 'failure', pausedAt: p.clock.now() } });
    await tx.gameEvent.create({ data: { gameId: game.id, seq, step: game.step, type: 'game-paused', visibleTo: ['*'], data: { reason }, rolls: [] } });
    await tx.outboxMessage.create({
      data: { topic: topics.game(game.id), payload: { gameId: game.id, step: game.step, status: 'PAUSED', afterSeq: seq - 1, uptoSeq: seq } },
    });
  }, TX_OPTIONS);
  await scheduleStep(p, { gameId: job.gameId, step: job.step, deadline: null });
}

/** The game's last event sequence (0 before any), as raw SQL: it runs on every step (see outbox.ts). */
async function lastSeq(tx: Tx, gameId: string): Promise<number> {
  const [row] = await tx.$queryRaw<{ seq: number | null }[]>`SELECT max(seq) AS seq FROM "GameEvent" WHERE "gameId" = ${gameId}`;
  return row?.seq ?? 0;
}

/** An event every side sees is public (spectators see it too); otherwise it lists its sides. */
export function storedVisibility(v: 'all' | Side[], sides: Side[]): string[] {
  if (v === 'all' || sides.every((s) => v.includes(s))) return ['*'];
  return [...new Set(v)];
}
