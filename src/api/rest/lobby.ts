/** REST: game modules, the game list, creating, joining and leaving games, invitations. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '#platform/errors.js';
import * as discovery from '#platform/play/discovery.js';
import * as lobby from '#platform/play/lobby.js';
import { listArgs, listQuery, restSummaries, type ListQuery } from './discovery.js';
import * as views from '#platform/play/views.js';
import { moduleInfo, summary } from '../presenters.js';
import { boardsOf, etagMatches } from '#platform/play/presenter.js';
import { reader, security } from './auth.js';
import type { RestDeps } from './index.js';
import { body, errorResponses, gameParams, s, side, listResponse } from './schemas.js';

const perKindSchema: { type: string; [k: string]: unknown } = {
  type: 'object',
  description:
    'Step length per prompt kind, in seconds (60 to 5184000), e.g. {"mission-assignment": 172800}; see the module\'s promptKinds.',
  additionalProperties: { type: 'integer', minimum: 60, maximum: 5_184_000 },
  maxProperties: 20,
};

const ok = { 200: s.ref('Ok'), ...errorResponses };
const summaryResponse = { 200: s.ref('GameSummary'), ...errorResponses };

type GameParams = { Params: { gameId: string } };

export async function lobbyRoutes(app: FastifyInstance, { platform }: RestDeps) {
  const tags = ['lobby'];

  app.get(
    '/modules',
    {
      schema: {
        tags,
        operationId: 'listModules',
        summary: 'Game modules',
        security: security.none,
        description: 'The games this server runs, with their scenarios and options.',
        response: listResponse('Modules.', 'modules', s.ref('GameModule'), 'Modules.'),
      },
    },
    async () => ({ modules: platform.modules.list().map(moduleInfo) }),
  );

  const boardsEtag =
    'Static for a module version: the answer carries a strong ETag computed from its content; send it back in `If-None-Match` to get 304 Not Modified.';
  const boardsResponse = {
    200: {
      type: 'object',
      description: 'Boards.',
      properties: {
        module: s.str('Module id.'),
        scenario: s.str('Scenario id.'),
        boards: s.listOf(s.ref('Board'), 'Boards; empty for a module without maps.'),
      },
      required: ['module', 'scenario', 'boards'],
    },
    304: { type: 'null', description: 'Not modified: the If-None-Match ETag is current.' },
    ...errorResponses,
  };
  /** Answers with a scenario's boards, or 304 when the client's copy is current. */
  const sendBoards = (
    published: ReturnType<typeof boardsOf>,
    cacheControl: string,
    req: FastifyRequest,
    reply: FastifyReply,
  ) => {
    reply.header('etag', published.etag).header('cache-control', cacheControl);
    if (etagMatches(req.headers['if-none-match'], published.etag)) return reply.code(304).send();
    return { module: published.module, scenario: published.scenario, boards: published.boards };
  };

  app.get<{ Params: { moduleId: string }; Querystring: { scenario?: string } }>(
    '/modules/:moduleId/boards',
    {
      schema: {
        tags,
        operationId: 'getBoards',
        summary: 'Boards of a scenario',
        security: security.none,
        description: `The maps of a module's scenario, for clients to draw (hexes with centres, terrain, features and neighbours; off-map boxes; tracks). ${boardsEtag} Cached as public.`,
        params: {
          type: 'object',
          properties: { moduleId: s.str('Module id.', { minLength: 1, maxLength: 100 }) },
          required: ['moduleId'],
        },
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            scenario: s.str("Scenario id (default: the module's first scenario).", { minLength: 1, maxLength: 100 }),
          },
        },
        response: boardsResponse,
      },
    },
    async (req, reply) =>
      sendBoards(
        boardsOf(platform.modules.get(req.params.moduleId), req.query.scenario),
        'public, max-age=300',
        req,
        reply,
      ),
  );

  // A client opening a game by its id asks for its maps at once, beside the view (one round trip fewer).
  app.get<GameParams>(
    '/games/:gameId/boards',
    {
      schema: {
        tags,
        operationId: 'getGameBoards',
        summary: 'Boards of a game',
        security: security.optional,
        description: `The maps of the game's module and scenario, as \`getBoards\` gives them, for a game you may see. ${boardsEtag}`,
        params: gameParams,
        response: boardsResponse,
      },
    },
    async (req, reply) => {
      const user = reader(req);
      const game = await lobby.listedGame(platform, user, req.params.gameId);
      if (!game) throw new AppError('NOT_FOUND', `No game ${req.params.gameId}.`);
      return sendBoards(boardsOf(platform.modules.get(game.module), game.scenario), 'private, max-age=300', req, reply);
    },
  );

  app.get<{ Querystring: ListQuery }>(
    '/games',
    {
      schema: {
        tags,
        operationId: 'listGames',
        summary: 'List games',
        security: security.optional,
        description:
          "Public games and the caller's own (a private game is listed only to its creator, its players and the users it invites), newest first unless `orderBy` says otherwise; `mine` keeps only games where the caller holds a side. The other parameters filter (all must hold). Pages: pass `nextCursor` as `after` (same `orderBy`) for the next page; it is null on the last one. Keyset pages: games created meanwhile never shift a page. Unknown parameters are refused.",
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            status: s.str('Only games with this status.', {
              enum: ['OPEN', 'ACTIVE', 'PAUSED', 'FINISHED', 'CANCELLED'],
            }),
            mine: {
              type: 'boolean',
              default: false,
              description: 'Only games where you hold a side (needs a credential).',
            },
            first: s.int('How many games, at most.', { minimum: 1, maximum: 200, default: 50 }),
            ...listQuery,
          },
        },
        response: {
          200: {
            type: 'object',
            description: 'Games.',
            properties: {
              games: s.listOf(s.ref('GameSummary'), 'Games.'),
              nextCursor: s.nullable(s.str('Pass as `after` for the next page; null on the last page.')),
            },
            required: ['games'],
          },
          ...errorResponses,
        },
      },
    },
    async (req) => {
      const user = reader(req);
      const { games, nextCursor } = await discovery.listGames(platform, user, listArgs(req.query));
      return { games: await restSummaries(platform, user, games), nextCursor };
    },
  );

  app.post<{ Body: lobby.CreateGameInput }>(
    '/games',
    {
      schema: {
        tags,
        operationId: 'createGame',
        summary: 'Create a game',
        security: security.bearer,
        description: 'Creates a game of a module and scenario; `side` seats the creator at once.',
        body: body(
          'The new game.',
          {
            module: s.str('Game module id.', { maxLength: 100 }),
            scenario: s.str('Scenario id.', { maxLength: 100 }),
            options: {
              type: 'object',
              description: 'Game options (see the module); missing ones take their defaults.',
              additionalProperties: true,
            },
            timeControl: body('Time control.', {
              preset: s.str('none, live, fast, standard, slow or custom.', { maxLength: 20 }),
              stepSeconds: s.int('Seconds per step, for custom (with timeOfDay: the least time a step gets, from 0).', {
                minimum: 0,
                maximum: 5_184_000,
              }),
              timeOfDay: s.nullable(s.str('Deadline at this wall-clock time (HH:MM) in timeZone.', { maxLength: 5 })),
              timeZone: s.nullable(s.str('IANA time zone for timeOfDay and days (default UTC).', { maxLength: 64 })),
              days: s.nullable(
                s.listOf(
                  { type: 'string', maxLength: 3 },
                  'Days the clock runs: SUN, MON, TUE, WED, THU, FRI, SAT (default every day).',
                ),
              ),
              graceSeconds: s.nullable(
                s.int('Seconds after the deadline before default orders are used.', { minimum: 0, maximum: 604_800 }),
              ),
              readyDelaySeconds: s.nullable(
                s.int('Seconds to wait after everyone is ready; orders may still change.', {
                  minimum: 0,
                  maximum: 3600,
                }),
              ),
              excuses: s.nullable(
                s.int('Missed turns each player may be excused per game (the deadline is extended once each).', {
                  minimum: 0,
                  maximum: 20,
                }),
              ),
              onMissedTurn: s.nullable(s.str('After the excuses: default, bot or forfeit.', { maxLength: 20 })),
              reminders: s.nullable(
                s.listOf(
                  { type: 'integer', minimum: 60, maximum: 5_184_000 },
                  'Reminders, seconds before each deadline (e.g. [86400, 3600]); empty: none.',
                ),
              ),
              allowVacations: s.nullable(
                s.bool("False forbids vacations from moving this game's deadlines (default true)."),
              ),
              perKind: s.nullable(perKindSchema),
            }),
            isPublic: { type: 'boolean', default: true, description: 'Listed and joinable by anyone.' },
            allowMultiSeat: {
              type: 'boolean',
              default: false,
              description: 'Let one user hold several sides (hot-seat testing).',
            },
            side: s.nullable(s.str('Seat the creator at once: a side name, or "random".', { maxLength: 100 })),
            title: s.nullable(
              s.str(
                "Title shown in the game list: plain text on one line, 1 to 100 characters, no HTML (default: the module's and scenario's titles).",
                { maxLength: 1000 },
              ),
            ),
            description: s.nullable(
              s.str('Description: plain text, at most 2000 characters, no HTML.', { maxLength: 10_000 }),
            ),
            minReliability: {
              type: ['number', 'null'],
              minimum: 0,
              maximum: 1,
              description:
                'Joining asks at least this reliability ratio of players the creator did not choose by name.',
            },
            press: body('Press rules (default: full press, open during reveal phases).', {
              mode: s.str('FULL, PUBLIC_ONLY or NONE.', { enum: ['FULL', 'PUBLIC_ONLY', 'NONE'] }),
              duringReveal: s.bool('Players may send press while a step is in its reveal phase.'),
            }),
          },
          ['module', 'scenario'],
        ),
        response: { 201: s.ref('GameSummary'), ...errorResponses },
      },
    },
    async (req, reply) => {
      const g = await lobby.createGame(platform, req.auth.require('play'), req.body);
      return reply.code(201).send(summary(await views.loadGame(platform, g.id)));
    },
  );

  app.post<GameParams & { Body: { side?: string | null } }>(
    '/games/:gameId/join',
    {
      schema: {
        tags,
        operationId: 'joinGame',
        summary: 'Join a game',
        security: security.bearer,
        description:
          'Takes a side, or a random free side when `side` is omitted. The game starts when every side is seated.',
        params: gameParams,
        body: body('The side to take.', {
          side: s.nullable(s.str('Side name; omit for a random free side.', { maxLength: 100 })),
        }),
        response: summaryResponse,
      },
    },
    async (req) => {
      await lobby.joinGame(platform, req.auth.require('play'), req.params.gameId, req.body?.side);
      return summary(await views.loadGame(platform, req.params.gameId));
    },
  );

  app.post<GameParams & { Body: { side: string } }>(
    '/games/:gameId/leave',
    {
      schema: {
        tags,
        operationId: 'leaveGame',
        summary: 'Leave a game',
        security: security.bearer,
        description: 'Frees a seat before the start (your own, or any seat if you created the game).',
        params: gameParams,
        body: body('The seat to free.', { side: { ...side, description: 'Side to free.' } }, ['side']),
        response: ok,
      },
    },
    async (req) => ({
      ok: await lobby.leaveGame(platform, req.auth.require('play'), req.params.gameId, req.body.side),
    }),
  );

  app.post<GameParams & { Body: { username: string } }>(
    '/games/:gameId/invitations',
    {
      schema: {
        tags,
        operationId: 'invite',
        summary: 'Invite a player',
        security: security.bearer,
        description: 'Lets a user join a private game. Only the creator may invite.',
        params: gameParams,
        body: body('Who to invite.', { username: s.str('User name.', { maxLength: 64 }) }, ['username']),
        response: ok,
      },
    },
    async (req) => ({
      ok: await lobby.invite(platform, req.auth.require('play'), req.params.gameId, req.body.username),
    }),
  );
}
