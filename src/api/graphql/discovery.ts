/** GraphQL adapters for finding a game: the game list, the dashboard, listing fields, invitations. */
import type { Platform } from '#platform/context.js';
import * as discovery from '#platform/play/discovery.js';
import { guard } from './errors.js';
import type { Args, Ctx } from './context.js';
import { summary } from '../presenters.js';

type Summary = ReturnType<typeof summary>;

/**
 * Gives every summary of one list the same lazy batch for iOwe / myOwedSides (resolvers.ts
 * `myOwed`): the first field asked runs owedByMany once for the whole list.
 */
export function withOwedBatch<S extends Summary & Parameters<typeof discovery.owedByMany>[2][number]>(
  platform: Platform,
  userId: string | null,
  list: S[],
): S[] {
  let batch: ReturnType<typeof discovery.owedByMany> | null = null;
  const run = () => (batch ??= discovery.owedByMany(platform, userId, list));
  return list.map((s) => Object.assign(s, { _owedBatch: run }));
}

export function discoveryResolvers() {
  return {
    /** Merged into Query by resolvers.ts (wrapped there). */
    Query: {
      games: async (_r: unknown, a: Args, { platform, auth }: Ctx) => {
        const user = auth.optional();
        if (user) auth.require('read');
        const { games } = await discovery.listGames(platform, user, a as discovery.ListArgs);
        return withOwedBatch(platform, user?.userId ?? null, games.map(summary));
      },
      dashboard: async (_r: unknown, a: Args, { platform, auth }: Ctx) => {
        const d = await discovery.dashboard(platform, auth.require('read'), a.first);
        return { owing: d.owing.map(summary), others: d.others.map(summary) };
      },
      invitations: (_r: unknown, a: Args, { platform, auth }: Ctx) =>
        discovery.listInvitations(platform, auth.require('read'), a.gameId),
    },
    /** Merged into Mutation by resolvers.ts (wrapped there). */
    Mutation: {
      removeInvitation: (_r: unknown, a: Args, { platform, auth }: Ctx) =>
        discovery.removeInvitation(platform, auth.require('play'), a.gameId, a.username),
    },
    /** Merged into GameSummary by resolvers.ts. */
    GameSummary: {
      freeSides: guard((root: Summary, _a: Args, { platform }: Ctx) => discovery.freeSides(platform, root as never)),
      offeredSides: (root: Summary, _a: Args, { auth }: Ctx) =>
        discovery.offeredSides(root, auth.optional()?.userId ?? null),
      cursor: (root: { cursor?: string }) => root.cursor ?? null,
    },
  };
}
