/**
 * GraphQL adapters for time controls: the stored control with every field filled, reliability,
 * votes, admin actions and the audit log, vacations, seats in running games, personal notes.
 */
import type { Principal } from '#platform/auth/service.js';
import * as admin from '#platform/play/admin.js';
import { reliabilities } from '#platform/play/missed-turns.js';
import { retryGame } from '#platform/play/retry.js';
import * as seats from '#platform/play/seats.js';
import * as vacations from '#platform/play/vacations.js';
import * as votes from '#platform/play/votes.js';
import * as views from '#platform/play/views.js';
import { readTimeControl } from '#platform/play/time-control.js';
import type { Tx } from '#platform/db/transactions.js';
import { guard, toGraphQLError } from './errors.js';
import { summary } from '../presenters.js';
import type { Args, Ctx } from './context.js';

/** Runs an action on a game, then answers with the game's summary as it is now. */
const thenSummary =
  (act: (ctx: Ctx, a: Args, user: Principal) => Promise<unknown>) => async (_r: unknown, a: Args, ctx: Ctx) => {
    await act(ctx, a, ctx.auth.require('play'));
    return summary(await views.loadGame(ctx.platform, a.gameId));
  };

const auditOut = (e: Awaited<ReturnType<typeof admin.auditLog>>[number]) => ({ ...e, at: e.createdAt });

export function timeControlResolvers() {
  return {
    TimeControl: {
      timeOfDay: (tc: unknown) => readTimeControl(tc).timeOfDay,
      timeZone: (tc: unknown) => readTimeControl(tc).timeZone,
      days: (tc: unknown) => readTimeControl(tc).days,
      graceSeconds: (tc: unknown) => readTimeControl(tc).graceSeconds,
      readyDelaySeconds: (tc: unknown) => readTimeControl(tc).readyDelaySeconds,
      excuses: (tc: unknown) => readTimeControl(tc).excuses,
      onMissedTurn: (tc: unknown) => readTimeControl(tc).onMissedTurn,
      reminders: (tc: unknown) => readTimeControl(tc).reminders,
      allowVacations: (tc: unknown) => readTimeControl(tc).allowVacations,
      perKind: (tc: unknown) => readTimeControl(tc).perKind,
    },
    /** Merged into GameView by resolvers.ts. */
    GameView: {
      votes: guard((root: any, a: Args, { platform }: Ctx) =>
        votes.listVotes(platform, root.game.id, a.openOnly ?? false),
      ),
      myNote: guard((root: any, _a: Args, { platform }: Ctx) =>
        root._user && root.viewer ? seats.gameNote(platform, root._user.userId, root.game.id) : null,
      ),
      canAdminister: guard(async (root: any, _a: Args, { platform }: Ctx) =>
        root._user ? (await admin.adminRole(platform.prisma as unknown as Tx, root._user, root.game)) !== null : false,
      ),
    },
    /** Merged into Query by resolvers.ts (wrapped there). */
    Query: {
      auditLog: async (_r: unknown, a: Args, { platform, auth }: Ctx) =>
        (await admin.auditLog(platform, auth.require('read'), a.gameId, a)).map(auditOut),
      vacationBank: (_r: unknown, a: Args, { platform, auth }: Ctx) =>
        vacations.vacationBank(platform, auth.require('read'), a.year),
    },
    /** Merged into Mutation by resolvers.ts (wrapped there). */
    Mutation: {
      retryGame: thenSummary(({ platform }, a, user) => retryGame(platform, user, a.gameId, a.reason)),
      proposeVote: (_r: unknown, a: Args, { platform, auth }: Ctx) =>
        votes.proposeVote(platform, auth.require('play'), a.gameId, a.kind, a.side),
      castVote: (_r: unknown, a: Args, { platform, auth }: Ctx) =>
        votes.castVote(platform, auth.require('play'), a.voteId, a.approve),
      pauseGame: thenSummary(({ platform }, a, user) => admin.adminPause(platform, user, a.gameId, a.reason)),
      resumeGame: thenSummary(({ platform }, a, user) => admin.adminResume(platform, user, a.gameId, a.reason)),
      extendDeadline: thenSummary(({ platform }, a, user) =>
        admin.extendDeadline(platform, user, a.gameId, a.until, a.reason),
      ),
      forceGameResult: thenSummary(({ platform }, a, user) =>
        admin.forceResult(platform, user, a.gameId, a.result, a.winner, a.reason),
      ),
      offerSeat: thenSummary(({ platform }, a, user) =>
        seats.offerSeat(platform, user, a.gameId, a.side, a.username, a.reason),
      ),
      replaceSeat: thenSummary(({ platform }, a, user) =>
        seats.replaceSeat(platform, user, a.gameId, a.side, a.username, a.reason),
      ),
      takeSeat: thenSummary(({ platform }, a, user) => seats.takeSeat(platform, user, a.gameId, a.side)),
      resignSeat: thenSummary(({ platform }, a, user) => seats.resignSeat(platform, user, a.gameId, a.side)),
      startVacation: (_r: unknown, a: Args, { platform, auth }: Ctx) =>
        vacations.startVacation(platform, auth.require('play'), a.input ?? {}),
      endVacation: (_r: unknown, a: Args, { platform, auth }: Ctx) =>
        vacations.endVacation(platform, auth.require('play'), a.id),
      setGameNote: (_r: unknown, a: Args, { platform, auth }: Ctx) =>
        seats.setGameNote(platform, auth.require('play'), a.gameId, a.text),
    },
  };
}

/**
 * Mercurius loaders (batched per request): every User.reliability of one request is answered by
 * one call for all the users asked, so listing games with their seats' figures costs the same
 * whatever the number of games.
 */
export function timeControlLoaders() {
  return {
    User: {
      reliability: async (queries: { obj: { id: string } }[], { platform }: Ctx) => {
        try {
          const byUser = await reliabilities(
            platform,
            queries.map((q) => q.obj.id),
          );
          return queries.map((q) => byUser.get(q.obj.id));
        } catch (err) {
          throw toGraphQLError(err, platform.log);
        }
      },
    },
  };
}
