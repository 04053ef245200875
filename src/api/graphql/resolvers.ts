/** GraphQL resolvers: thin adapters over the platform services. */
import * as lobby from '#platform/play/lobby.js';
import * as orders from '#platform/play/orders.js';
import * as views from '#platform/play/views.js';
import { boardsOf } from '#platform/play/presenter.js';
import { moduleInfo, owedSidesOf, summary, type SummaryRoot } from '../presenters.js';
import { withRetryAfter } from '../http/login-throttle.js';
import { DateTimeScalar, JSONScalar } from './scalars.js';
import { gameUpdateResolvers, subscriptionResolvers } from './subscriptions.js';
import { trustResolvers } from './trust.js';
import { guard } from './errors.js';
import { wrapAll, type Args, type Ctx } from './context.js';
import { notificationResolvers } from './notifications.js';
import { timeControlLoaders, timeControlResolvers } from './timecontrol.js';
import { accountLoaders, accountResolvers } from './accounts.js';
import { discoveryResolvers } from './discovery.js';
import { pressResolvers } from './press.js';
import { oauthResolvers } from './oauth.js';

/**
 * The caller's sides that owe now, computed once per summary object of a response. A list
 * (discovery.ts `withOwedBatch`) gives each of its summaries one shared batch: two statements
 * for the whole list, whatever its length.
 */
const owedMemo = new WeakMap<object, Promise<string[]>>();
function myOwed(root: SummaryRoot & OwedHint, { platform, auth }: Ctx): Promise<string[]> {
  let hit = owedMemo.get(root);
  if (!hit) {
    hit = root.owedSides
      ? Promise.resolve(root.owedSides)
      : root._owedBatch
        ? root._owedBatch().then((m) => m.get(root.id)?.sides ?? [])
        : owedSidesOf(platform, auth.optional(), root);
    owedMemo.set(root, hit);
  }
  return hit;
}

/** What a list may have computed already for myOwed. */
type OwedHint = { id: string; owedSides?: string[]; _owedBatch?: () => Promise<Map<string, { sides: string[] }>> };

/** Mercurius loaders: fields resolved in one batch per request (see timecontrol.ts). */
export function buildLoaders() {
  const time = timeControlLoaders();
  const accounts = accountLoaders();
  return { ...time, ...accounts, User: { ...time.User, ...accounts.User } };
}

export function buildResolvers() {
  const notify = notificationResolvers();
  const {
    Mutation: timeControlMutation,
    Query: timeControlQuery,
    GameView: timeControlGameView,
    ...timeControl
  } = timeControlResolvers();
  const trust = trustResolvers();
  const accounts = accountResolvers();
  const discovery = discoveryResolvers();
  const pressApi = pressResolvers();
  const oauth = oauthResolvers();
  return {
    JSON: JSONScalar,
    DateTime: DateTimeScalar,
    Query: wrapAll({
      me: (_r, _a, { auth }) => {
        const p = auth.optional();
        return p ? { id: p.userId, username: p.username } : null;
      },
      modules: (_r, _a, { platform }) => platform.modules.list().map(moduleInfo),
      game: async (_r, a, { platform, auth }) => {
        const user = auth.optional();
        if (user) auth.require('read');
        const v = await views.gameView(platform, user, a.id, a.side);
        return { ...v, game: summary(v.game), _user: user };
      },
      draft: (_r, a, { platform, auth }) => orders.loadDraft(platform, auth.require('read'), a.gameId, a.side),
      apiTokens: (_r, _a, { authService, auth }) => authService.listApiTokens(auth.require('admin').userId),
      ...trust.Query,
      ...notify.Query,
      ...timeControlQuery,
      ...accounts.Query,
      ...discovery.Query,
      ...pressApi.Query,
      ...oauth.Query,
    }),
    GameModuleInfo: {
      boards: guard(
        (root: { id: string }, a: Args, { platform }: Ctx) =>
          boardsOf(platform.modules.get(root.id), a.scenario).boards,
      ),
    },
    BoardHex: { features: (root: { features?: string[] }) => root.features ?? [] },
    GameSummary: {
      iOwe: guard(async (root: SummaryRoot, _a: Args, ctx: Ctx) => (await myOwed(root, ctx)).length > 0),
      myOwedSides: guard((root: SummaryRoot, _a: Args, ctx: Ctx) => myOwed(root, ctx)),
      ...discovery.GameSummary,
    },
    GameView: {
      ...trust.GameView,
      ...timeControlGameView,
      // The view already established the viewer (and that the caller may see the game).
      events: guard(async (root: any, a: Args, { platform }: Ctx) =>
        views.viewEvents(platform, root.game, root.viewer, { afterSeq: a.afterSeq, limit: a.limit }),
      ),
    },
    Mutation: wrapAll({
      register: (_r, a, { authService }) => authService.register(a.username, a.password),
      login: (_r, a, { authService, loginThrottle, reply }) =>
        withRetryAfter(reply, () =>
          loginThrottle.login(a.username, reply.request.ip, () => authService.login(a.username, a.password)),
        ),
      refresh: (_r, a, { authService, loginThrottle, reply }) =>
        withRetryAfter(reply, () => loginThrottle.refresh(reply.request.ip, () => authService.refresh(a.refreshToken))),
      logout: (_r, a, { authService }) => authService.logout(a.refreshToken),
      createApiToken: async (_r, a, { authService, auth }) => {
        const { token, info } = await authService.createApiToken(auth.require('admin').userId, a.name, a.scopes);
        return { token, apiToken: info };
      },
      revokeApiToken: (_r, a, { authService, auth }) => authService.revokeApiToken(auth.require('admin').userId, a.id),
      createGame: async (_r, a, { platform, auth }) => {
        const g = await lobby.createGame(platform, auth.require('play'), a.input);
        return summary(await views.loadGame(platform, g.id));
      },
      invite: (_r, a, { platform, auth }) => lobby.invite(platform, auth.require('play'), a.gameId, a.username),
      joinGame: async (_r, a, { platform, auth }) => {
        await lobby.joinGame(platform, auth.require('play'), a.gameId, a.side);
        return summary(await views.loadGame(platform, a.gameId));
      },
      leaveGame: (_r, a, { platform, auth }) => lobby.leaveGame(platform, auth.require('play'), a.gameId, a.side),
      submitOrders: (_r, a, { platform, auth }) =>
        orders.submitOrders(platform, auth.require('play'), a as orders.SubmitInput),
      validateOrders: async (_r, a, { platform, auth }) => {
        const r = await orders.validateOrders(platform, auth.require('play'), a as orders.SubmitInput);
        return { ...r, valid: r.errors.length === 0 };
      },
      setReady: (_r, a, { platform, auth }) => orders.setReady(platform, auth.require('play'), a as never),
      saveDraft: (_r, a, { platform, auth }) => orders.saveDraft(platform, auth.require('play'), a as never),
      ...trust.Mutation,
      ...notify.Mutation,
      ...timeControlMutation,
      ...accounts.Mutation,
      ...discovery.Mutation,
      ...pressApi.Mutation,
      ...oauth.Mutation,
    }),
    Subscription: { ...subscriptionResolvers(), ...notify.Subscription, ...pressApi.Subscription },
    GameUpdate: gameUpdateResolvers(),
    NotificationSettings: notify.NotificationSettings,
    ...timeControl,
  };
}
