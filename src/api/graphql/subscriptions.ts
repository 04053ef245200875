/**
 * Subscriptions. A signal on the emitter says only "game G moved to step S, events up to N";
 * each subscriber then loads the events its own side may see (one load per side and signal,
 * shared by that side's sockets). Nothing secret travels through Redis, and every subscriber
 * de-duplicates by event sequence (delivery is at least once).
 */
import type { Platform } from '#platform/context.js';
import type { GameSignal, TurnSignal } from '#platform/events/pubsub.js';
import { onResubscribed, publish, topics } from '#platform/events/pubsub.js';
import type { Prompt } from '#engine/contract.js';
import { owedSides } from '#platform/play/prompts.js';
import { latestSeq, readEvents, readEventsShared, type EventRow } from '#platform/events/event-log.js';
import { readGame, readGameShared } from '#platform/play/read-model.js';
import * as views from '#platform/play/views.js';
import { eventBound, spectatorHorizon } from '#platform/trust/spectators.js';
import { withEventTexts } from '#platform/play/presenter.js';
import type { Ctx } from './context.js';
import { guard } from './errors.js';

type SubCtx = Ctx & { pubsub: { subscribe(topic: string): Promise<AsyncIterable<unknown>> } };

/** Games with open gameEvents subscriptions in this process, for the catch-up after a pub/sub outage. */
const openGames = new Map<string, number>();

/**
 * After this process's pub/sub connection comes back, every game it has subscribers for gets a
 * resync signal: signals published during the outage never arrived, so each subscriber loads
 * what is new from the database (the events are there; only the nudge was lost).
 */
export function installSubscriptionResync(p: Platform): void {
  onResubscribed(p.emitter, () => {
    for (const gameId of openGames.keys()) {
      const signal: GameSignal = {
        gameId,
        step: 0,
        status: '',
        afterSeq: 0,
        uptoSeq: Number.MAX_SAFE_INTEGER,
        resync: true,
      };
      publish(p.emitter, topics.game(gameId), signal).catch((err) =>
        p.log.warn({ err, gameId }, 'subscription resync not sent'),
      );
    }
  });
}

export function subscriptionResolvers() {
  return {
    gameEvents: {
      subscribe: guard(
        async (_root: unknown, args: { gameId: string; side?: string; afterSeq?: number }, ctx: SubCtx) => {
          const p = ctx.platform;
          const user = ctx.auth.optional();
          if (user) ctx.auth.require('read');
          const { game } = await readGame(p, args.gameId, null);
          const viewer = await views.viewerSide(p, game, user, args.side);
          // Delayed spectators get events only of steps before their horizon (trust/spectators.ts).
          const before = (status: string, step: number) => eventBound(game, viewer, status, step).step?.lt;
          const source = await ctx.pubsub.subscribe(topics.game(game.id));
          const latest = await latestSeq(p, game.id, before(game.status, game.step));
          let last = args.afterSeq ?? latest ?? 0;
          // What the update's own fields (myPrompts, owed, owes) need: gameUpdateResolvers.
          const module = views.installedModule(p, game.module);
          const update = (
            step: number,
            status: string,
            events: EventRow[],
            signal: string,
          ): { gameEvents: UpdateRoot } => ({
            gameEvents: {
              gameId: game.id,
              step,
              status,
              events: withEventTexts(module, events, viewer),
              _viewer: viewer,
              _signal: signal,
              _delayed: spectatorHorizon(game, status, step) !== null,
            },
          });
          openGames.set(game.id, (openGames.get(game.id) ?? 0) + 1);
          return (async function* () {
            try {
              if (args.afterSeq != null) {
                const events = await readEvents(p, game.id, viewer, {
                  after: last,
                  beforeStep: before(game.status, game.step),
                });
                last = latest ?? last;
                yield update(game.step, game.status, events, `open|${game.step}`);
              }
              for await (const raw of source) {
                let signal = raw as GameSignal;
                if (signal.resync) {
                  const now = (await readGame(p, game.id, null)).game; // the step and status the nudge could not carry
                  signal = { ...signal, step: now.step, status: now.status };
                }
                if (signal.uptoSeq <= last) continue; // duplicate delivery
                const beforeStep = before(signal.status, signal.step);
                // One load per side (or spectator) and signal, shared by that side's sockets.
                const events = await readEventsShared(p, game.id, viewer, {
                  after: last,
                  upto: signal.uptoSeq,
                  beforeStep,
                });
                const bounded = beforeStep !== undefined || signal.resync;
                if (bounded && events.length === 0) continue; // nothing (past the delay) yet
                last = bounded ? events.at(-1)!.seq : signal.uptoSeq;
                yield update(
                  signal.step,
                  signal.status,
                  events,
                  `${signal.step}|${signal.uptoSeq}|${signal.resync ? 'resync' : ''}`,
                );
              }
            } finally {
              const n = (openGames.get(game.id) ?? 1) - 1;
              if (n > 0) openGames.set(game.id, n);
              else openGames.delete(game.id);
            }
          })();
        },
      ),
    },
    myTurn: {
      subscribe: guard(async (_root: unknown, _args: unknown, ctx: SubCtx) => {
        const user = ctx.auth.require('read');
        // Subscribed before the owed state is read, so a step opening in between is not lost
        // (at worst it is announced twice; clients re-read their prompts either way).
        const source = await ctx.pubsub.subscribe(topics.user(user.userId));
        const owed = await views.owedTurns(ctx.platform, user.userId);
        return (async function* () {
          for (const notice of owed) yield { myTurn: notice };
          for await (const raw of source) yield { myTurn: raw as TurnSignal };
        })();
      }),
    },
  };
}

interface UpdateRoot {
  gameId: string;
  step: number;
  status: string;
  events: EventRow[];
  _viewer: string | null;
  /** The signal the update answers: subscribers of one game hearing it share one game read. */
  _signal: string;
  /** A delayed spectator's update: nothing of the live step. */
  _delayed: boolean;
  _situation?: Promise<Situation>;
}

interface Situation {
  myPrompts: Prompt[];
  owed: { side: string; ready: boolean }[];
  owes: boolean;
}

/**
 * What the subscriber's side needs to act, carried by the update itself so a client need not
 * read the game after each one: its prompts for the update's step, who is still owed, and
 * whether it owes. From one game read per game and signal (read-model.ts; the prompts are the
 * module's, remembered per state version). Only the subscriber's own side's prompts; a
 * spectator gets none. When the game has already moved past the update's step, nothing is owed
 * in it: the next update carries the new step.
 */
async function situation(p: Platform, root: UpdateRoot): Promise<Situation> {
  const none: Situation = { myPrompts: [], owed: [], owes: false };
  if (root.status !== 'ACTIVE' || root._delayed) return none;
  const read = await readGameShared(p, root.gameId, root._signal);
  if (read.game.status !== 'ACTIVE' || read.game.step !== root.step) return none;
  const prompts = read.prompts();
  const owed = owedSides(prompts).map((side) => ({ side, ready: read.flags.some((f) => f.side === side && f.ready) }));
  const viewer = root._viewer;
  const myPrompts = viewer ? prompts.filter((pr) => pr.side === viewer) : [];
  return { myPrompts, owed, owes: myPrompts.length > 0 && !owed.some((o) => o.side === viewer && o.ready) };
}

/** The GameUpdate fields computed on demand (a client that does not select them pays nothing). */
export function gameUpdateResolvers() {
  const field = <K extends keyof Situation>(k: K) =>
    guard(
      async (root: UpdateRoot, _a: unknown, ctx: SubCtx) =>
        (await (root._situation ??= situation(ctx.platform, root)))[k],
    );
  return { myPrompts: field('myPrompts'), owed: field('owed'), owes: field('owes') };
}
