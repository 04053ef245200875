/** REST: finding a game (the game list's filters and pages), the dashboard, taking an offered seat, listing and withdrawing invitations. */
import type { FastifyInstance } from 'fastify';
import type { Platform } from '#platform/context.js';
import * as discovery from '#platform/play/discovery.js';
import { takeSeat } from '#platform/play/seats.js';
import * as views from '#platform/play/views.js';
import { listing, summary } from '../presenters.js';
import { security } from './auth.js';
import type { RestDeps } from './index.js';
import { body, errorResponses, gameParams, listResponse, s } from './schemas.js';

export interface ListQuery {
  status?: string;
  mine?: boolean;
  first?: number;
  module?: string;
  scenario?: string;
  openSeats?: boolean;
  offeredSeats?: boolean;
  timeControl?: string;
  player?: string;
  minReliability?: number;
  orderBy?: discovery.GameOrder;
  after?: string;
}

/** The game list's filter, sort and page parameters (GET /games); GraphQL's GameFilter, flattened. */
export const listQuery = {
  module: s.str('Only games of this module.', { minLength: 1, maxLength: 100 }),
  scenario: s.str('Only games of this scenario.', { minLength: 1, maxLength: 100 }),
  openSeats: s.bool('True: games with a free side (open for joining); false: games with none.'),
  offeredSeats: s.bool(
    'True: running games with a seat offered to anyone (or to you by name), to take with take-seat; false: running games with none.',
  ),
  timeControl: s.str('Only games of this time-control preset.', {
    enum: ['none', 'live', 'fast', 'standard', 'slow', 'custom'],
  }),
  player: s.str('Only games where this user (a username) holds a side.', { minLength: 1, maxLength: 64 }),
  minReliability: {
    type: 'number',
    minimum: 0,
    maximum: 1,
    description: 'Only games that ask at least this reliability to join.',
  },
  orderBy: s.str('Sort order (ids break ties).', { enum: [...discovery.GAME_ORDERS], default: 'CREATED_DESC' }),
  after: s.str('`nextCursor` of the previous page (same orderBy).', { minLength: 1, maxLength: 400 }),
};

const FILTER_PARAMS = [
  'module',
  'scenario',
  'openSeats',
  'offeredSeats',
  'timeControl',
  'player',
  'minReliability',
] as const;

export function listArgs(q: ListQuery): discovery.ListArgs {
  const filter = Object.fromEntries(FILTER_PARAMS.filter((k) => q[k] !== undefined).map((k) => [k, q[k]]));
  return { status: q.status, mine: q.mine, first: q.first, orderBy: q.orderBy, after: q.after, filter };
}

/** Summaries with iOwe, myOwedSides and the listing fields, the owed sides of the whole list in one batch. */
export async function restSummaries<
  G extends Parameters<typeof summary>[0] &
    Parameters<typeof discovery.owedByMany>[2][number] & { scenario: string; owedSides?: string[] },
>(platform: Platform, user: { userId: string } | null, games: G[]) {
  const owed = await discovery.owedByMany(
    platform,
    user?.userId ?? null,
    games.filter((g) => !g.owedSides),
  );
  return games.map((g) => {
    const s = summary(g);
    const myOwedSides = g.owedSides ?? owed.get(g.id)?.sides ?? [];
    return { ...s, iOwe: myOwedSides.length > 0, myOwedSides, ...listing(platform, user, s) };
  });
}

export async function discoveryRoutes(app: FastifyInstance, { platform }: RestDeps) {
  app.get<{ Querystring: { first?: number } }>(
    '/dashboard',
    {
      schema: {
        tags: ['lobby'],
        operationId: 'getDashboard',
        summary: 'Your games, owed first',
        security: security.bearer,
        description:
          'Your games (seated or created): `owing` lists the running games where one of your sides owes a submission now, soonest deadline first (none last); `others` the rest, open, running, paused, then ended, the most recently changed first within each. Costs the same few statements whatever the number of games.',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            first: s.int('How many of the other games, at most.', { minimum: 1, maximum: 200, default: 50 }),
          },
        },
        response: {
          200: {
            type: 'object',
            description: 'Your games.',
            properties: {
              owing: s.listOf(s.ref('GameSummary'), 'Games where you owe a submission now, soonest deadline first.'),
              others: s.listOf(s.ref('GameSummary'), 'Your other games.'),
            },
            required: ['owing', 'others'],
          },
          ...errorResponses,
        },
      },
    },
    async (req) => {
      const user = req.auth.require('read');
      const d = await discovery.dashboard(platform, user, req.query.first);
      return {
        owing: await restSummaries(platform, user, d.owing),
        others: await restSummaries(platform, user, d.others),
      };
    },
  );

  app.post<{ Params: { gameId: string }; Body: { side: string } }>(
    '/games/:gameId/take-seat',
    {
      schema: {
        tags: ['lobby'],
        operationId: 'takeSeat',
        summary: 'Take an offered seat',
        security: security.bearer,
        description:
          "Takes a seat of a running game offered to anyone or to you (see `offeredSides` and the `offeredSeats` filter of GET /games): you inherit the side. The game's reliability requirement applies unless the seat was offered to you by name.",
        params: gameParams,
        body: body('The seat to take.', { side: s.str('An offered side.', { minLength: 1, maxLength: 100 }) }, [
          'side',
        ]),
        response: { 200: s.ref('GameSummary'), ...errorResponses },
      },
    },
    async (req) => {
      const user = req.auth.require('play');
      await takeSeat(platform, user, req.params.gameId, req.body.side);
      const [g] = await restSummaries(platform, user, [await views.loadGame(platform, req.params.gameId)]);
      return g;
    },
  );

  app.get<{ Params: { gameId: string } }>(
    '/games/:gameId/invitations',
    {
      schema: {
        tags: ['lobby'],
        operationId: 'listInvitations',
        summary: "A game's invitations",
        security: security.bearer,
        description:
          "Oldest first: every invitation for the game's creator and players, only your own for anyone else. NOT_FOUND for a game not listed to you. Needs the read scope.",
        params: gameParams,
        response: listResponse('Invitations.', 'invitations', s.ref('Invitation'), 'Invitations, oldest first.'),
      },
    },
    async (req) => ({
      invitations: await discovery.listInvitations(platform, req.auth.require('read'), req.params.gameId),
    }),
  );

  app.delete<{ Params: { gameId: string; username: string } }>(
    '/games/:gameId/invitations/:username',
    {
      schema: {
        tags: ['lobby'],
        operationId: 'removeInvitation',
        summary: 'Withdraw an invitation',
        security: security.bearer,
        description:
          'The creator withdraws an invitation to a private game. `ok` is false when there was none. A seat the user already took stays (leave frees it).',
        params: {
          type: 'object',
          properties: {
            gameId: gameParams.properties.gameId,
            username: s.str('The invited user.', { minLength: 1, maxLength: 64 }),
          },
          required: ['gameId', 'username'],
        },
        response: {
          200: {
            type: 'object',
            description: 'Done.',
            properties: { ok: s.bool('True when an invitation was withdrawn; false when there was none.') },
            required: ['ok'],
          },
          ...errorResponses,
        },
      },
    },
    async (req) => ({
      ok: await discovery.removeInvitation(platform, req.auth.require('play'), req.params.gameId, req.params.username),
    }),
  );
}
