/** REST: the game view, events, orders (submit, validate, ready) and private drafts. */
import type { FastifyInstance } from 'fastify';
import * as orders from '#platform/play/orders.js';
import * as views from '#platform/play/views.js';
import { summaryFor } from '../presenters.js';
import { reader, security } from './auth.js';
import type { RestDeps } from './index.js';
import { body, errorResponses, gameParams, MAX_INT, s, side, listResponse } from './schemas.js';

type GameParams = { Params: { gameId: string } };
type SideQuery = { Querystring: { side?: string } };

const step = s.int('The step the orders are for (the current step; see the game view).', {
  minimum: 0,
  maximum: MAX_INT,
});
const ordersField = s.any('The orders, as the game module defines them (see `myPrompts` of the game view).');
const sideQuery = { type: 'object', additionalProperties: false, properties: { side } };
const ok = { 200: s.ref('Ok'), ...errorResponses };

export async function playRoutes(app: FastifyInstance, { platform }: RestDeps) {
  const tags = ['play'];

  app.get<GameParams & SideQuery>(
    '/games/:gameId',
    {
      schema: {
        tags,
        operationId: 'getGame',
        summary: 'Game view',
        security: security.optional,
        description:
          'The game as your side sees it: the view, your prompts with legal choices, who is still owed, your own sealed orders. Spectators see the public view of public games.',
        params: gameParams,
        querystring: sideQuery,
        response: { 200: s.ref('GameView'), ...errorResponses },
      },
    },
    async (req) => {
      const user = reader(req);
      const v = await views.gameView(platform, user, req.params.gameId, req.query.side);
      return { ...v, game: await summaryFor(platform, user, v.game) };
    },
  );

  app.get<GameParams & { Querystring: { side?: string; afterSeq?: number; limit?: number } }>(
    '/games/:gameId/events',
    {
      schema: {
        tags,
        operationId: 'listEvents',
        summary: 'Game events',
        security: security.optional,
        description:
          'Events your side may see, in order. Poll with `afterSeq` set to the last `seq` you have; for live updates subscribe to `gameEvents` over graphql-ws at /graphql.',
        params: gameParams,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            side,
            afterSeq: s.int('Only events after this sequence number.', { minimum: 0, maximum: MAX_INT, default: 0 }),
            limit: s.int('How many events, at most.', { minimum: 1, maximum: 1000, default: 500 }),
          },
        },
        response: listResponse('Events.', 'events', s.ref('Event'), 'Events, by sequence number.'),
      },
    },
    async (req) => ({ events: await views.listEvents(platform, reader(req), req.params.gameId, req.query) }),
  );

  app.post<GameParams & { Body: Omit<orders.SubmitInput, 'gameId'> }>(
    '/games/:gameId/orders',
    {
      schema: {
        tags,
        operationId: 'submitOrders',
        summary: 'Submit orders',
        security: security.bearer,
        description:
          'Submits sealed orders for the current step. Validated at once; on error (INVALID_ORDERS, one detail per failing order) nothing is stored. May be replaced until the step resolves. The same idempotencyKey with the same content replays the first answer; with different content it is refused.',
        params: gameParams,
        body: body(
          'The orders.',
          {
            step,
            orders: ordersField,
            idempotencyKey: s.str(
              'A fresh key per distinct submission (1 to 128 characters); resend the same key to retry safely.',
              { minLength: 1, maxLength: 128 },
            ),
            side,
            ready: {
              type: 'boolean',
              default: true,
              description: 'Ready to resolve; false keeps the step open for changes.',
            },
          },
          ['step', 'orders', 'idempotencyKey'],
        ),
        response: { 200: s.ref('SubmitResult'), ...errorResponses },
      },
    },
    async (req) => orders.submitOrders(platform, req.auth.require('play'), { ...req.body, gameId: req.params.gameId }),
  );

  app.post<GameParams & { Body: { step: number; orders: unknown; side?: string } }>(
    '/games/:gameId/orders/validate',
    {
      schema: {
        tags,
        operationId: 'validateOrders',
        summary: 'Check orders',
        security: security.bearer,
        description: 'Dry run of submitting orders: the same checks, nothing stored.',
        params: gameParams,
        body: body('The orders to check.', { step, orders: ordersField, side }, ['step', 'orders']),
        response: { 200: s.ref('ValidationResult'), ...errorResponses },
      },
    },
    async (req) => {
      const r = await orders.validateOrders(platform, req.auth.require('play'), {
        ...req.body,
        gameId: req.params.gameId,
      });
      return { ...r, valid: r.errors.length === 0 };
    },
  );

  app.post<GameParams & { Body: { step: number; ready: boolean; side?: string } }>(
    '/games/:gameId/ready',
    {
      schema: {
        tags,
        operationId: 'setReady',
        summary: 'Mark orders ready',
        security: security.bearer,
        description: 'Marks your submitted orders ready or not ready; the step resolves when every owed side is ready.',
        params: gameParams,
        body: body('Readiness.', { step, ready: s.bool('Ready or not.'), side }, ['step', 'ready']),
        response: ok,
      },
    },
    async (req) => ({
      ok: await orders.setReady(platform, req.auth.require('play'), { ...req.body, gameId: req.params.gameId }),
    }),
  );

  app.get<GameParams & SideQuery>(
    '/games/:gameId/draft',
    {
      schema: {
        tags,
        operationId: 'getDraft',
        summary: 'Your draft',
        security: security.bearer,
        description: 'Your private scratch orders for a game (never validated, never seen by anyone else).',
        params: gameParams,
        querystring: sideQuery,
        response: {
          200: {
            type: 'object',
            description: 'The draft.',
            properties: { orders: s.any('The stored draft, or null.') },
            required: ['orders'],
          },
          ...errorResponses,
        },
      },
    },
    async (req) => ({
      orders: await orders.loadDraft(platform, req.auth.require('read'), req.params.gameId, req.query.side),
    }),
  );

  app.put<GameParams & { Body: { orders: unknown; side?: string } }>(
    '/games/:gameId/draft',
    {
      schema: {
        tags,
        operationId: 'saveDraft',
        summary: 'Save your draft',
        security: security.bearer,
        description: 'Stores private scratch orders (not validated, not submitted).',
        params: gameParams,
        body: body('The draft.', { orders: ordersField, side }, ['orders']),
        response: ok,
      },
    },
    async (req) => ({
      ok: await orders.saveDraft(platform, req.auth.require('play'), { ...req.body, gameId: req.params.gameId }),
    }),
  );
}
