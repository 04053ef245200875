/**
 * GraphQL adapters for notifications: settings and preferences, webhooks and their delivery log,
 * Web Push subscriptions, the user's notification history, and the `lobbyChanges` subscription.
 * Scopes: reading needs `read`; changing preferences, webhooks and push needs `play` (bots set up
 * their own hooks); changing the mail address needs `admin`.
 */
import type { Platform } from '#platform/context.js';
import { topics } from '#platform/events/pubsub.js';
import { listedGame } from '#platform/play/lobby.js';
import * as address from '#platform/notifications/email-address.js';
import { listNotifications } from '#platform/notifications/log.js';
import * as prefs from '#platform/notifications/preferences.js';
import * as push from '#platform/notifications/push-subscriptions.js';
import * as hooks from '#platform/notifications/webhooks.js';
import { guard } from './errors.js';
import { deliveryOut, hookOut, summary } from '../presenters.js';
import { wrapAll, type Args, type Ctx } from './context.js';

const settingsOut = (p: Platform, s: prefs.Settings) => ({
  ...s,
  quietHours: prefs.quietOf(s),
  emailAvailable: Boolean(p.notify.config.smtpUrl),
});

type SubCtx = Ctx & { pubsub: { subscribe(topic: string): Promise<AsyncIterable<unknown>> } };

export function notificationResolvers() {
  return {
    Query: wrapAll({
      notificationSettings: async (_r, _a, { platform, auth }) =>
        settingsOut(platform, await prefs.getSettings(platform.prisma, auth.require('read').userId)),
      notifications: (_r, a, { platform, auth }) => listNotifications(platform, auth.require('read'), a),
      webhooks: async (_r, _a, { platform, auth }) =>
        (await hooks.listWebhooks(platform, auth.require('read'))).map(hookOut),
      webhookDeliveries: async (_r, a, { platform, auth }) =>
        (await hooks.webhookDeliveries(platform, auth.require('read'), a.webhookId, a)).map(deliveryOut),
      vapidPublicKey: (_r, _a, { platform }) => platform.notify.vapid.publicKey,
      pushSubscriptions: (_r, _a, { platform, auth }) => push.listPush(platform, auth.require('read')),
    }),
    Mutation: wrapAll({
      updateNotificationSettings: async (_r, a, { platform, auth }) =>
        settingsOut(platform, await prefs.updateSettings(platform, auth.require('play'), a.input ?? {})),
      setNotificationEmail: async (_r, a, { platform, auth }) =>
        settingsOut(platform, await address.setEmail(platform, auth.require('admin'), a.email ?? null)),
      confirmNotificationEmail: async (_r, a, { platform }) => (await address.confirmEmail(platform, a.token), true),
      setNotificationPreferences: (_r, a, { platform, auth }) =>
        prefs.setPreferences(platform, auth.require('play'), a.preferences, a.gameId),
      clearGameNotificationPreferences: (_r, a, { platform, auth }) =>
        prefs.clearGameOverrides(platform, auth.require('play'), a.gameId),
      createWebhook: async (_r, a, { platform, auth }) => {
        const r = await hooks.createWebhook(platform, auth.require('play'), a.input);
        return { webhook: hookOut(r.webhook), secret: r.secret };
      },
      updateWebhook: async (_r, a, { platform, auth }) =>
        hookOut(await hooks.updateWebhook(platform, auth.require('play'), a.id, a.input)),
      rotateWebhookSecret: async (_r, a, { platform, auth }) => {
        const r = await hooks.rotateSecret(platform, auth.require('play'), a.id, a.graceSeconds ?? 86_400);
        return { webhook: hookOut(r.webhook), secret: r.secret };
      },
      deleteWebhook: (_r, a, { platform, auth }) => hooks.deleteWebhook(platform, auth.require('play'), a.id),
      redeliverWebhook: async (_r, a, { platform, auth }) =>
        deliveryOut(await hooks.redeliver(platform, auth.require('play'), a.deliveryId)),
      testWebhook: async (_r, a, { platform, auth }) =>
        deliveryOut(await hooks.testWebhook(platform, auth.require('play'), a.id)),
      registerPushSubscription: (_r, a, { platform, auth }) =>
        push.registerPush(platform, auth.require('play'), a.input),
      removePushSubscription: (_r, a, { platform, auth }) => push.removePush(platform, auth.require('play'), a.id),
    }),
    NotificationSettings: {
      preferences: guard(async (root: prefs.Settings, a: Args, { platform, auth }: Ctx) => {
        const user = auth.require('read');
        if (a.gameId) await prefs.checkGameVisible(platform, user, a.gameId);
        return prefs.effectivePreferences(platform, root.userId, a.gameId);
      }),
    },
    Subscription: {
      lobbyChanges: {
        // Signals carry only a game id; each subscriber loads the game and sees it as `games` would.
        subscribe: guard(async (_root: unknown, _args: unknown, ctx: SubCtx) => {
          const p = ctx.platform;
          const user = ctx.auth.optional();
          if (user) ctx.auth.require('read');
          const source = await ctx.pubsub.subscribe(topics.lobby);
          return (async function* () {
            for await (const raw of source) {
              const gameId = (raw as { gameId?: string }).gameId;
              if (typeof gameId !== 'string') continue;
              const game = await listedGame(p, user, gameId);
              if (!game) continue;
              yield { lobbyChanges: { gameId, status: game.status, game: summary(game) } };
            }
          })();
        }),
      },
    },
  };
}
