/**
 * REST: press (docs/press.md), the mirror of the GraphQL fields of the same names over
 * src/platform/press. Live messages come through the GraphQL subscription `pressMessages`.
 */
import type { FastifyInstance } from 'fastify';
import * as press from '#platform/press/service.js';
import { security } from './auth.js';
import type { RestDeps } from './index.js';
import { body, errorResponses, gameParams, MAX_INT, object, s, side, listResponse } from './schemas.js';

const kinds = { enum: ['PUBLIC', 'SPECTATORS', 'SIDES'] };
const user = s.ref('User');

export const pressSchemas = [
  object('PressRules', "A game's press rules.", {
    mode: s.str("FULL (to everyone, one side or several), PUBLIC_ONLY or NONE (no players' press).", {
      enum: ['FULL', 'PUBLIC_ONLY', 'NONE'],
    }),
    duringReveal: s.bool('Players may send press while a step is in its reveal phase.'),
  }),
  object('PressMessage', 'A message, as its recipients see it.', {
    id: s.str('Message id.'),
    gameId: s.str('The game.'),
    seq: s.int("Order of the game's messages (across its channels)."),
    channel: s.str('Channel key: public, spectators, or sides: and the sorted sides.'),
    channelKind: s.str('Kind of channel.', kinds),
    channelName: s.nullable(s.str('Name of a channel of several sides.')),
    sides: s.listOf({ type: 'string' }, 'Sides of a SIDES channel (empty otherwise).'),
    from: user,
    fromSide: s.nullable(s.str('The side it was sent as; null for a spectator.')),
    text: s.nullable(s.str('The text (plain text); null once a moderator has hidden it.')),
    hidden: s.bool("Hidden by the game's admin or a platform admin."),
    step: s.int("The game's step when it was sent."),
    sentAt: s.str('When it was sent.', { format: 'date-time' }),
  }),
  object('PressPage', 'A page of messages, oldest first.', {
    gameId: s.str('The game.'),
    viewer: s.nullable(s.str('The side you read as; null for a spectator.')),
    messages: s.listOf(s.ref('PressMessage'), 'The messages of this page.'),
    endCursor: s.nullable(s.str('Pass as `after` for the next page.')),
    hasMore: s.bool('More messages follow this page.'),
  }),
  object('PressChannel', 'A channel you read, with your unread count.', {
    key: s.str('Channel key (as in PressMessage.channel).'),
    kind: s.str('Kind of channel.', kinds),
    name: s.nullable(s.str('Name of a channel of several sides.')),
    sides: s.listOf({ type: 'string' }, 'Sides of a SIDES channel.'),
    lastSeq: s.nullable(s.int('Sequence number of its last message.')),
    messages: s.int('Messages in it.'),
    unread: s.int('Messages from others after your read mark.'),
  }),
  object('PressReport', "A reported message and its reports (for the game's admin).", {
    message: s.ref('PressMessage'),
    reports: s.listOf(
      {
        type: 'object',
        additionalProperties: false,
        required: ['reporter', 'reason', 'createdAt'],
        properties: {
          reporter: {
            description: 'Who reported it; null once the reporter deleted their account.',
            anyOf: [user, { type: 'null' }],
          },
          reason: s.str('Why.'),
          createdAt: s.str('When.', { format: 'date-time' }),
        },
      },
      'Its reports, oldest first.',
    ),
  }),
];

type GameParams = { Params: { gameId: string } };
type MessageParams = { Params: { messageId: string } };
const messageParams = {
  type: 'object',
  properties: { messageId: s.str('Message id.', { minLength: 1, maxLength: 100 }) },
  required: ['messageId'],
};
const channel = s.str('Channel key (public, spectators, or a sides: key from the channel list).', {
  minLength: 1,
  maxLength: 2000,
});

export async function pressRoutes(app: FastifyInstance, { platform }: RestDeps) {
  const tags = ['press'];

  app.get<GameParams & { Querystring: { side?: string } }>(
    '/games/:gameId/press/channels',
    {
      schema: {
        tags,
        operationId: 'listPressChannels',
        summary: 'Press channels',
        security: security.bearer,
        description: 'The press channels you read in a game, with unread counts.',
        params: gameParams,
        querystring: { type: 'object', additionalProperties: false, properties: { side } },
        response: listResponse('Channels.', 'channels', s.ref('PressChannel'), 'Channels.'),
      },
    },
    async (req) => ({
      channels: (await press.listChannels(platform, req.auth.require('read'), req.params.gameId, req.query.side))
        .channels,
    }),
  );

  app.get<GameParams & { Querystring: { channel?: string; after?: string; first?: number; side?: string } }>(
    '/games/:gameId/press',
    {
      schema: {
        tags,
        operationId: 'listPress',
        summary: 'Press messages',
        security: security.bearer,
        description:
          "Messages you may read in a game, oldest first, a page at a time (`after`: the previous page's endCursor).",
        params: gameParams,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            channel,
            after: s.str('The endCursor of the previous page.', { maxLength: 200 }),
            first: s.int('How many messages, at most.', { minimum: 1, maximum: 200 }),
            side,
          },
        },
        response: { 200: s.ref('PressPage'), ...errorResponses },
      },
    },
    async (req) => press.listPress(platform, req.auth.require('read'), { ...req.query, gameId: req.params.gameId }),
  );

  app.post<GameParams & { Body: { to: press.PressAddress; text: string; side?: string } }>(
    '/games/:gameId/press',
    {
      schema: {
        tags,
        operationId: 'sendPress',
        summary: 'Send a message',
        security: security.bearer,
        description:
          "Sends a message (1 to 2000 characters, at most 50 lines, plain text) to everyone, to the spectators' chat (spectators only) or to sides. Refused with nothing stored: PRESS_OFF, PRESS_NOT_ALLOWED, PRESS_CLOSED, BLOCKED, RATE_LIMITED, BAD_INPUT.",
        params: gameParams,
        body: body(
          'The message.',
          {
            to: body('Whom it is for: exactly one of everyone, spectators or sides.', {
              everyone: s.bool('Every player (players only).'),
              spectators: s.bool("The spectators' chat (spectators only)."),
              sides: s.listOf({ type: 'string', minLength: 1, maxLength: 100 }, 'These sides (your own is added).'),
              name: s.str('A name for a channel of several sides, taken when it is first used.', { maxLength: 200 }),
            }),
            text: s.str('The text.', { maxLength: 100_000 }),
            side,
          },
          ['to', 'text'],
        ),
        response: { 201: s.ref('PressMessage'), ...errorResponses },
      },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(await press.sendPress(platform, req.auth.require('play'), { ...req.body, gameId: req.params.gameId })),
  );

  app.post<GameParams & { Body: { channel: string; seq: number; side?: string } }>(
    '/games/:gameId/press/read',
    {
      schema: {
        tags,
        operationId: 'markPressRead',
        summary: 'Mark a channel read',
        security: security.bearer,
        description: 'Marks a channel read up to a message (a mark never moves back); answers the channel.',
        params: gameParams,
        body: body(
          'The read mark.',
          { channel, seq: s.int('Sequence number of the last message read.', { minimum: 0, maximum: MAX_INT }), side },
          ['channel', 'seq'],
        ),
        response: { 200: s.ref('PressChannel'), ...errorResponses },
      },
    },
    async (req) => press.markRead(platform, req.auth.require('play'), { ...req.body, gameId: req.params.gameId }),
  );

  app.get<GameParams>(
    '/games/:gameId/press/reports',
    {
      schema: {
        tags,
        operationId: 'listPressReports',
        summary: 'Reported messages',
        security: security.bearer,
        description:
          "Admin (the game's creator or a platform admin): reported messages of a game. A message's text is shown only to a moderator who may read it.",
        params: gameParams,
        response: listResponse('Reports.', 'reports', s.ref('PressReport'), 'Reported messages.'),
      },
    },
    async (req) => ({ reports: await press.listReports(platform, req.auth.require('read'), req.params.gameId) }),
  );

  app.post<MessageParams & { Body: { reason: string } }>(
    '/press/:messageId/report',
    {
      schema: {
        tags,
        operationId: 'reportPress',
        summary: 'Report a message',
        security: security.bearer,
        description: "Reports a message you received to the game's admin and the platform admins (once per message).",
        params: messageParams,
        body: body('The report.', { reason: s.str('Why (1 to 500 characters).', { maxLength: 1000 }) }, ['reason']),
        response: {
          200: {
            type: 'object',
            description: 'Done.',
            properties: { reported: s.bool('Recorded.') },
            required: ['reported'],
          },
          ...errorResponses,
        },
      },
    },
    async (req) => ({
      reported: await press.reportPress(platform, req.auth.require('play'), req.params.messageId, req.body.reason),
    }),
  );

  app.post<MessageParams & { Body: { reason?: string | null } }>(
    '/press/:messageId/hide',
    {
      schema: {
        tags,
        operationId: 'hidePress',
        summary: 'Hide a message',
        security: security.bearer,
        description:
          "Admin (the game's creator or a platform admin): hides a message from everyone; it is kept, and the audit log records it.",
        params: messageParams,
        body: body('Why.', {
          reason: s.nullable(s.str('Why (at most 500 characters; in the audit log).', { maxLength: 1000 })),
        }),
        response: { 200: s.ref('PressMessage'), ...errorResponses },
      },
    },
    async (req) => press.hidePress(platform, req.auth.require('play'), req.params.messageId, req.body.reason),
  );
}
