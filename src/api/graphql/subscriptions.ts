/**
 * Subscriptions. A signal on the emitter says only "game G moved to step S, events up to N";
 * each subscriber then loads the events its own side may see. Nothing secret travels through
 * Redis, and every subscriber de-duplicates by event sequence (delivery is at least once).
 */
import type { GameSignal, TurnSignal } from '../../platform/events/pubsub.js';
import { topics } from '../../platform/events/pubsub.js';
import * as views from '../../platform/games/views.js';
import type { Ctx } from './resolvers.js';
import { guard } from './errors.js';

type SubCtx = Ctx & { pubsub: { subscribe(topic: string): Promise<AsyncIterable<unknown>> } };

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
        const source = await ctx.pubsub.subscribe(topics.game(game.id));
        const latest = await p.prisma.gameEvent.findFirst({ where: { gameId: game.id }, orderBy: { seq: 'desc' }, select: { seq: true } });
        let last = args.afterSeq ?? latest?.seq ?? 0;
        const load = () => p.prisma.gameEvent.findMany({ where: { ...where, seq: { gt: last } }, orderBy: { seq: 'asc' } });
        return (async function* () {
          if (args.afterSeq != null) {
            const events = await load();
            last = latest?.seq ?? last;
            yield { gameEvents: { gameId: game.id, step: game.step, status: game.status, events } };
          }
          for await (const raw of source) {
            const signal = raw as GameSignal;
            if (signal.uptoSeq <= last) continue; // duplicate delivery
            const events = (await load()).filter((e) => e.seq <= signal.uptoSeq);
            last = signal.uptoSeq;
            yield { gameEvents: { gameId: game.id, step: signal.step, status: signal.status, events } };
          }
        })();
      }),
    },
    myTurn: {
      subscribe: guard(async (_root: unknown, _args: unknown, ctx: SubCtx) => {
        const user = ctx.auth.require('read');
        const source = await ctx.pubsub.subscribe(topics.user(user.userId));
        return (async function* () {
          for await (const raw of source) yield { myTurn: raw as TurnSignal };
        })();
      }),
    },
  };
}
