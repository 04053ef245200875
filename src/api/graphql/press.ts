/**
 * GraphQL adapters for press (docs/press.md). The subscription hears only "message N of game G
 * was stored" and loads the message itself, so it passes on exactly what the subscriber may
 * read (src/platform/press/channels.ts), with who the subscriber is rechecked for every message.
 */
import type { Principal } from '#platform/auth/service.js';
import * as press from '#platform/press/service.js';
import { guard } from './errors.js';
import type { Args, Ctx } from './context.js';

type SubCtx = Ctx & { pubsub: { subscribe(topic: string): Promise<AsyncIterable<unknown>> } };

export function pressResolvers() {
  return {
    Query: {
      pressChannels: guard(
        async (_r: unknown, a: Args, { platform, auth }: Ctx) =>
          (await press.listChannels(platform, auth.require('read'), a.gameId, a.side)).channels,
      ),
      pressMessages: guard((_r: unknown, a: Args, { platform, auth }: Ctx) =>
        press.listPress(platform, auth.require('read'), a as press.ListInput),
      ),
      pressReports: guard((_r: unknown, a: Args, { platform, auth }: Ctx) =>
        press.listReports(platform, auth.require('read'), a.gameId),
      ),
    },
    Mutation: {
      sendPress: guard((_r: unknown, a: Args, { platform, auth }: Ctx) =>
        press.sendPress(platform, auth.require('play'), a as press.SendInput),
      ),
      markPressRead: guard((_r: unknown, a: Args, { platform, auth }: Ctx) =>
        press.markRead(platform, auth.require('play'), a as never),
      ),
      reportPress: guard((_r: unknown, a: Args, { platform, auth }: Ctx) =>
        press.reportPress(platform, auth.require('play'), a.messageId, a.reason),
      ),
      hidePress: guard((_r: unknown, a: Args, { platform, auth }: Ctx) =>
        press.hidePress(platform, auth.require('play'), a.messageId, a.reason),
      ),
    },
    Subscription: {
      pressMessages: {
        subscribe: guard(
          async (_root: unknown, a: { gameId: string; side?: string; afterSeq?: number }, ctx: SubCtx) => {
            const p = ctx.platform;
            const user: Principal = ctx.auth.require('read');
            const { game, viewer } = await press.pressAccess(p, user, a.gameId, a.side);
            // Subscribed before the catch-up is read, so nothing sent in between is lost (a
            // message may then come twice; it is dropped by its sequence number).
            const source = await ctx.pubsub.subscribe(press.pressTopic(game.id));
            const missed = a.afterSeq != null ? await press.readableSince(p, user, game.id, viewer, a.afterSeq) : [];
            // Delivery is at least once, and two senders' signals may cross: drop by sequence number.
            const sent = new Set(missed.map((m) => m.seq));
            const floor = a.afterSeq ?? 0;
            return (async function* () {
              for (const m of missed) yield { pressMessages: m };
              for await (const raw of source) {
                const signal = raw as press.PressSignal;
                if (signal.seq <= floor || sent.has(signal.seq)) continue;
                const message = await press.signalledMessage(p, user, game.id, a.side, signal.seq);
                if (!message) continue;
                sent.add(signal.seq);
                yield { pressMessages: message };
              }
            })();
          },
        ),
      },
    },
  };
}
