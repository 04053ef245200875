/**
 * Subscriptions. A signal on the emitter says only "game G moved to step S, events up to N";
 * each subscriber then loads the events its own side may see. Nothing secret travels through
 * Redis, and every subscriber de-duplicates by event sequence (delivery is at least once).
 */
import type { Platform } from '../../platform/context.js';
import type { GameSignal, TurnSignal } from '../../platform/events/pubsub.js';
import { onResubscribed, publish, topics } from '../../platform/events/pubsub.js';
import * as views from '../../platform/games/views.js';
import { eventBound } from '../../platform/trust/spectators.js';
import { withEventTexts } from '../../platform/games/presenter.js';
import type { Ctx } from './resolvers.js';
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
      const signal: GameSignal = { gameId, step: 0, status: '', afterSeq: 0, uptoSeq: Number.MAX_SAFE_INTEGER, resync: true };
      publish(p.emitter, topics.game(gameId), signal).catch((err) => p.log.warn({ err, gameId }, 'subscription resync not sent'));
    }
  });
}

export function subscriptionResolvers() {
  return {
    gameEvents: {
      subscribe: guard(async (_root: unknown, args: { gameId: string; side?: string; afterSeq?: number }, ctx: SubCtx) => {
        const p = ctx.platform;
        const user = ctx.auth.optional();
        if (user) ctx.auth.require('read');
        const game = await views.loadGame(p, args.gameId);
        const viewer = await views.viewerSide(p, game, user, args.side);
        const where = views.eventWhere(game.id, viewer);
        // Delayed spectators get events only of steps before their horizon (trust/spectators.ts).
        const bound = (status: string, step: number) => eventBound(game, viewer, status, step);
        const source = await ctx.pubsub.subscribe(topics.game(game.id));
        const latest = await p.prisma.gameEvent.findFirst({ where: { gameId: game.id, ...bound(game.status, game.step) }, orderBy: { seq: 'desc' }, select: { seq: true } });
        let last = args.afterSeq ?? latest?.seq ?? 0;
        const module = views.installedModule(p, game.module);
        const load = async (b: object) =>
          withEventTexts(module, await p.prisma.gameEvent.findMany({ where: { ...where, ...b, seq: { gt: last } }, orderBy: { seq: 'asc' } }), viewer);
        openGames.set(game.id, (openGames.get(game.id) ?? 0) + 1);
        return (async function* () {
          try {
            if (args.afterSeq != null) {
              const events = await load(bound(game.status, game.step));
              last = latest?.seq ?? last;
              yield { gameEvents: { gameId: game.id, step: game.step, status: game.status, events } };
            }
            for await (const raw of source) {
              let signal = raw as GameSignal;
              if (signal.resync) {
                const now = await views.loadGame(p, game.id); // the step and status the nudge could not carry
                signal = { ...signal, step: now.step, status: now.status };
              }
              if (signal.uptoSeq <= last) continue; // duplicate delivery
              const b = bound(signal.status, signal.step);
              const events = (await load(b)).filter((e) => e.seq <= signal.uptoSeq);
              if ((b.step || signal.resync) && events.length === 0) continue; // nothing (past the delay) yet
              last = b.step || signal.resync ? events.at(-1)!.seq : signal.uptoSeq;
              yield { gameEvents: { gameId: game.id, step: signal.step, status: signal.status, events } };
            }
          } finally {
            const n = (openGames.get(game.id) ?? 1) - 1;
            if (n > 0) openGames.set(game.id, n);
            else openGames.delete(game.id);
          }
        })();
      }),
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
