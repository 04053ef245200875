/** GraphQL adapters for accounts (platform/accounts): credentials, deletion, export, profiles, blocks. */
import * as blocks from '#platform/accounts/blocks.js';
import * as credentials from '#platform/accounts/credentials.js';
import { deleteAccount } from '#platform/accounts/deletion.js';
import { exportMyData } from '#platform/accounts/export.js';
import * as profile from '#platform/accounts/profile.js';
import { withRetryAfter } from '../http/login-throttle.js';
import { toGraphQLError } from './errors.js';
import type { Args, Ctx } from './context.js';

export function accountResolvers() {
  return {
    /** Merged into Query by resolvers.ts (wrapped there). */
    Query: {
      user: (_r: unknown, a: Args, { platform, auth }: Ctx) => {
        if (auth.optional()) auth.require('read');
        return profile.findUser(platform, a.username);
      },
      blockedUsers: (_r: unknown, _a: Args, { platform, auth }: Ctx) =>
        blocks.blockedUsers(platform, auth.require('read').userId),
      exportMyData: (_r: unknown, _a: Args, { platform, auth }: Ctx) => exportMyData(platform, auth.require('admin')),
    },
    /** Merged into Mutation by resolvers.ts (wrapped there). */
    Mutation: {
      // Wrong passwords count as failed logins of the account (http/login-throttle.ts).
      changePassword: (_r: unknown, a: Args, { platform, authService, auth, loginThrottle, reply }: Ctx) => {
        const user = auth.require('admin');
        return withRetryAfter(reply, () =>
          loginThrottle.login(user.username, reply.request.ip, () =>
            credentials.changePassword(platform, authService, user, a.currentPassword, a.newPassword),
          ),
        );
      },
      requestPasswordReset: (_r: unknown, a: Args, { platform, accountThrottle, reply }: Ctx) =>
        withRetryAfter(reply, () =>
          credentials.requestPasswordReset(platform, accountThrottle, a.email, reply.request.ip),
        ),
      resetPassword: (_r: unknown, a: Args, { platform, authService }: Ctx) =>
        credentials.resetPassword(platform, authService, a.token, a.newPassword),
      changeEmail: (
        _r: unknown,
        a: Args,
        { platform, authService, auth, accountThrottle, loginThrottle, reply }: Ctx,
      ) => {
        const user = auth.require('admin');
        return withRetryAfter(reply, () =>
          loginThrottle.login(user.username, reply.request.ip, () =>
            credentials.requestEmailChange(platform, authService, accountThrottle, user, a.password, a.email),
          ),
        );
      },
      confirmEmailChange: (_r: unknown, a: Args, { platform }: Ctx) =>
        credentials.confirmEmailChange(platform, a.token),
      deleteAccount: (_r: unknown, a: Args, { platform, authService, auth, loginThrottle, reply }: Ctx) => {
        const user = auth.require('admin');
        return withRetryAfter(reply, () =>
          loginThrottle.login(user.username, reply.request.ip, () =>
            deleteAccount(platform, authService, user, a.password),
          ),
        );
      },
      updateProfile: async (_r: unknown, a: Args, { platform, auth }: Ctx) => {
        const user = auth.require('play');
        await profile.updateProfile(platform, user, a.input);
        return { id: user.userId, username: user.username };
      },
      blockUser: (_r: unknown, a: Args, { platform, auth }: Ctx) =>
        blocks.blockUser(platform, auth.require('play'), a.username),
      unblockUser: (_r: unknown, a: Args, { platform, auth }: Ctx) =>
        blocks.unblockUser(platform, auth.require('play'), a.username),
    },
  };
}

/** User.profile and User.gamesPlayed, one batch per request (see timecontrol.ts). */
export function accountLoaders() {
  const batch =
    <T>(load: (p: Ctx['platform'], ids: string[]) => Promise<Map<string, T>>) =>
    async (queries: { obj: { id: string } }[], { platform }: Ctx) => {
      try {
        const byUser = await load(
          platform,
          queries.map((q) => q.obj.id),
        );
        return queries.map((q) => byUser.get(q.obj.id));
      } catch (err) {
        throw toGraphQLError(err, platform.log);
      }
    };
  return { User: { profile: batch(profile.profiles), gamesPlayed: batch(profile.gamesPlayed) } };
}
