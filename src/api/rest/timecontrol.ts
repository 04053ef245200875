/** REST: a game's audit log of admin actions (the GraphQL `auditLog` query). */
import type { FastifyInstance } from 'fastify';
import { auditLog } from '#platform/play/admin.js';
import { security } from './auth.js';
import type { RestDeps } from './index.js';
import { gameParams, s, listResponse } from './schemas.js';

const entry = {
  type: 'object',
  description: 'One admin action on the game.',
  properties: {
    id: s.str('Entry id.'),
    gameId: s.str('The game.'),
    step: s.int('Step the game was at.'),
    action: s.str(
      'pause, resume, retry, extend-deadline, force-result, offer-seat, replace-seat or hide-press (a press message hidden; details: messageId).',
    ),
    actor: {
      type: 'object',
      description: 'Who acted.',
      properties: { id: s.str('User id.'), username: s.str('User name.') },
      required: ['id', 'username'],
    },
    actorRole: s.str("Why they could: creator (the game's admin) or platform-admin."),
    reason: s.nullable(s.str('The reason they gave, if any.')),
    details: { type: 'object', description: 'What changed (action-specific).', additionalProperties: true },
    at: s.str('When (game clock).', { format: 'date-time' }),
  },
  required: ['id', 'gameId', 'step', 'action', 'actor', 'actorRole', 'reason', 'details', 'at'],
};

export async function timeControlRoutes(app: FastifyInstance, { platform }: RestDeps) {
  app.get<{ Params: { gameId: string }; Querystring: { first?: number } }>(
    '/games/:gameId/audit-log',
    {
      schema: {
        tags: ['play'],
        operationId: 'getAuditLog',
        summary: 'Audit log',
        security: security.bearer,
        description:
          "Every admin action on the game (pause, resume, retry, deadline extension, forced result, seat offer or replacement), oldest first. For the game's players and admins; others get NOT_A_PLAYER.",
        params: gameParams,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { first: s.int('How many entries, at most.', { minimum: 1, maximum: 500, default: 100 }) },
        },
        response: listResponse('The audit log.', 'entries', entry, 'Entries, oldest first.'),
      },
    },
    async (req) => ({
      entries: (await auditLog(platform, req.auth.require('read'), req.params.gameId, req.query)).map((e) => ({
        ...e,
        at: e.createdAt.toISOString(),
      })),
    }),
  );
}
