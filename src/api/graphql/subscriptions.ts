/**
 * Subscriptions. A signal on the emitter says only "game G moved to step S, events up to N";
 * each subscriber then loads the events its own side may see. Nothing secret travels through
 * Redis, and every subscriber de-duplicates by event sequence (delivery is at least once).
 */
import type { GameSignal, TurnSignal } from '../../platform/events/pubsub.js';
import { topics } from '../../platform/events/pubsub.js';
import * as views from '../../platform/games/views.js';
import { eventBound } from '../../platform/trust/spectators.js';
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
        // Delayed spectators get events only of steps before their horizon (trust/spectators.ts).
        const bound = (status: string, step: number) => eventBound(game, viewer, status, step);
        const source = await ctx.pubsub.subscribe(topics.game(game.id));
        const latest = await p.prisma.gameEvent.findFirst({ where: { gameId: game.id, ...bound(game.status, game.step) }, orderBy: { seq: 'desc' }, select: { seq: true } });
        let last = args.afterSeq ?? latest?.seq ?? 0;
        const load = (b: object) => p.prisma.gameEvent.findMany({ where: { ...where, ...b, seq: { gt: last } }, orderBy: { seq: 'asc' } });
        return (async function* () {
          if (args.afterSeq != null) {
            const events = await load(bound(game.status, game.step));
            last = latest?.seq ?? last;
            yield { gameEvents: { gameId: game.id, step: game.step, status: game.status, events } };
          }
          for await (const raw of source) {
            const signal = raw as GameSignal;
            if (signal.uptoSeq <= last) continue; // duplicate delivery
            const b = bound(signal.status, signal.step);
            const events = (await load(b)).filter((e) => e.seq <= signal.uptoSeq);
            if (b.step && events.length === 0) continue; // nothing past the delay yet
            last = b.step ? events.at(-1)!.seq : signal.uptoSeq;
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
