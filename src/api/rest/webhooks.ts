/**
 * REST: webhooks (README, "Webhooks"): register, list, change, rotate the signing secret,
 * delete, the delivery log, redeliver and test. Thin adapters over the platform's webhook
 * service, with the same output mapping as the GraphQL fields (never a secret except when one
 * is created or rotated).
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from '#platform/errors.js';
import { FORMATS, KINDS } from '#platform/notifications/kinds.js';
import * as hooks from '#platform/notifications/webhooks.js';
import { deliveryOut, hookOut } from '../presenters.js';
import { security } from './auth.js';
import type { RestDeps } from './index.js';
import { body, errorResponses, object, s, listResponse } from './schemas.js';

const STATUSES = ['PENDING', 'HELD', 'DIGEST', 'DIGESTED', 'SENT', 'FAILED', 'SKIPPED'];
const kindList = { type: 'array', items: { type: 'string', enum: [...KINDS] }, maxItems: KINDS.length };
const dateTime = (d: string) => s.str(d, { format: 'date-time' });
const nullableDate = (d: string) => s.nullable(dateTime(d));

export const webhookSchemas = [
  object(
    'Webhook',
    'A webhook. A user hook receives what its owner may see; a game hook (gameId set) public game events only.',
    {
      id: s.str('Id of the hook.'),
      url: s.str('Receiver URL (http or https).'),
      format: s.str('Body format.', { enum: [...FORMATS] }),
      gameId: s.nullable(s.str('The game of a game hook; null for a user hook.')),
      kinds: s.listOf({ type: 'string' }, 'Kinds delivered; empty means every kind.'),
      enabled: s.bool('False once disabled (by its owner, or after repeated failures).'),
      disabledAt: nullableDate('When it was disabled.'),
      disabledReason: s.nullable(s.str('Why it was disabled.')),
      consecutiveFailures: s.int('Failed attempts since the last success.'),
      previousSecretExpiresAt: nullableDate('After a rotation, the previous secret also signs until then.'),
      createdAt: dateTime('When it was registered.'),
    },
  ),
  object('WebhookSecret', 'A webhook with its signing secret, returned only when the secret is created or rotated.', {
    webhook: s.ref('Webhook'),
    secret: s.str('Standard Webhooks signing secret (whsec_...); verify the webhook-signature header with it.'),
  }),
  object('DeliveryAttempt', 'One attempt at a delivery.', {
    attempt: s.int('Attempt number, from 1.'),
    at: dateTime('When the attempt started.'),
    ok: s.bool('True when the receiver accepted it (2xx).'),
    statusCode: s.nullable(s.int('HTTP status of the answer; null when there was none.')),
    durationMs: s.int('How long the attempt took, in ms.'),
    error: s.nullable(s.str('What went wrong (connection error, timeout, status).')),
    response: s.nullable(s.str("The first bytes of the receiver's answer.")),
  }),
  object('WebhookDelivery', 'One message to one webhook, with every attempt.', {
    id: s.str('Delivery id; also the webhook-id header, the same on every retry (de-duplicate on it).'),
    kind: s.str('Notification kind, or WEBHOOK_TEST / WEBHOOK_DISABLED.'),
    eventType: s.str('The `type` field of the JSON body, e.g. step.resolved.'),
    status: s.str('Delivery state.', { enum: STATUSES }),
    attempts: s.int('Attempts made so far.'),
    createdAt: dateTime('When the event was dispatched.'),
    sentAt: nullableDate('When it was delivered.'),
    nextAttemptAt: nullableDate('When the next attempt is due, while one is planned.'),
    lastError: s.nullable(s.str('The last error.')),
    message: s.any('The message (title, text lines, data) the body is built from.'),
    attemptLog: s.listOf(s.ref('DeliveryAttempt'), 'Every attempt, oldest first.'),
  }),
];

type HookParams = { Params: { webhookId: string } };
const hookParams = {
  type: 'object',
  properties: { webhookId: s.str('One of your webhooks.', { minLength: 1, maxLength: 100 }) },
  required: ['webhookId'],
};
const hookResponse = { 200: s.ref('Webhook'), ...errorResponses };
const secretResponse = (status: number) => ({ [status]: s.ref('WebhookSecret'), ...errorResponses });

/** The service names GraphQL's `input` argument in its details; over REST that is the body. */
async function inBody<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof AppError)
      for (const d of e.details)
        if (d.path[0] === 'input' || d.path[0] === 'graceSeconds')
          d.path = ['body', ...d.path.slice(d.path[0] === 'input' ? 1 : 0)];
    throw e;
  }
}

export async function webhookRoutes(app: FastifyInstance, { platform }: RestDeps) {
  const tags = ['webhooks'];

  app.get(
    '/webhooks',
    {
      schema: {
        tags,
        operationId: 'listWebhooks',
        summary: 'List webhooks',
        security: security.bearer,
        description: 'Your webhooks, oldest first (never their secrets).',
        response: listResponse('Your webhooks.', 'webhooks', s.ref('Webhook'), 'Webhooks.'),
      },
    },
    async (req) => ({ webhooks: (await hooks.listWebhooks(platform, req.auth.require('read'))).map(hookOut) }),
  );

  app.post<{ Body: hooks.WebhookInput }>(
    '/webhooks',
    {
      schema: {
        tags,
        operationId: 'createWebhook',
        summary: 'Register a webhook',
        security: security.bearer,
        description:
          'Registers a webhook and returns its signing secret (shown once). Requests are signed with the Standard Webhooks scheme. Receivers on private, loopback or link-local addresses are refused unless the operator allows them.',
        body: body(
          'The new webhook.',
          {
            url: s.str('Receiver URL, http or https, without credentials.', { minLength: 1, maxLength: 2048 }),
            format: { type: 'string', enum: [...FORMATS], default: 'JSON', description: 'Body format.' },
            gameId: s.nullable(
              s.str('Set for a game hook: public events of this game only (for club channels).', { maxLength: 100 }),
            ),
            kinds: {
              ...kindList,
              description: 'Kinds to deliver; empty or omitted for every kind (game hooks: game-level kinds only).',
            },
          },
          ['url'],
        ),
        response: secretResponse(201),
      },
    },
    async (req, reply) => {
      const r = await inBody(() => hooks.createWebhook(platform, req.auth.require('play'), req.body));
      return reply.code(201).send({ webhook: hookOut(r.webhook), secret: r.secret });
    },
  );

  app.patch<HookParams & { Body: hooks.WebhookInput }>(
    '/webhooks/:webhookId',
    {
      schema: {
        tags,
        operationId: 'updateWebhook',
        summary: 'Change a webhook',
        security: security.bearer,
        description:
          'Changes a webhook; omitted fields stay as they are. Enabling a disabled hook resets its failure count.',
        params: hookParams,
        body: body('The changes.', {
          url: s.str('New receiver URL.', { minLength: 1, maxLength: 2048 }),
          format: s.str('New body format.', { enum: [...FORMATS] }),
          kinds: { ...kindList, description: 'New kinds (empty for every kind).' },
          enabled: s.bool('Disable, or enable again.'),
        }),
        response: hookResponse,
      },
    },
    async (req) =>
      hookOut(
        await inBody(() => hooks.updateWebhook(platform, req.auth.require('play'), req.params.webhookId, req.body)),
      ),
  );

  app.delete<HookParams>(
    '/webhooks/:webhookId',
    {
      schema: {
        tags,
        operationId: 'deleteWebhook',
        summary: 'Delete a webhook',
        security: security.bearer,
        description: 'Deletes a webhook and its delivery log.',
        params: hookParams,
        response: { 200: s.ref('Ok'), ...errorResponses },
      },
    },
    async (req) => ({ ok: await hooks.deleteWebhook(platform, req.auth.require('play'), req.params.webhookId) }),
  );

  app.post<HookParams & { Body: { graceSeconds?: number } }>(
    '/webhooks/:webhookId/rotate-secret',
    {
      schema: {
        tags,
        operationId: 'rotateWebhookSecret',
        summary: 'Rotate the signing secret',
        security: security.bearer,
        description:
          'Issues a new signing secret (shown once); the old one keeps signing too, as a second signature, for graceSeconds so receivers can switch.',
        params: hookParams,
        body: body('The grace period.', {
          graceSeconds: s.int('How long the old secret keeps signing too.', {
            minimum: 0,
            maximum: 604_800,
            default: 86_400,
          }),
        }),
        response: secretResponse(200),
      },
    },
    async (req) => {
      const r = await inBody(() =>
        hooks.rotateSecret(platform, req.auth.require('play'), req.params.webhookId, req.body.graceSeconds),
      );
      return { webhook: hookOut(r.webhook), secret: r.secret };
    },
  );

  app.get<HookParams & { Querystring: { first?: number; status?: string } }>(
    '/webhooks/:webhookId/deliveries',
    {
      schema: {
        tags,
        operationId: 'listWebhookDeliveries',
        summary: 'Delivery log',
        security: security.bearer,
        description:
          'The delivery log of one of your webhooks, newest first, each delivery with every attempt (status code, duration, error, the first KiB of the answer).',
        params: hookParams,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            first: s.int('How many, newest first.', { minimum: 1, maximum: 100, default: 20 }),
            status: s.str('Only deliveries in this state.', { enum: STATUSES }),
          },
        },
        response: listResponse('Deliveries.', 'deliveries', s.ref('WebhookDelivery'), 'Deliveries, newest first.'),
      },
    },
    async (req) => ({
      deliveries: (
        await hooks.webhookDeliveries(platform, req.auth.require('read'), req.params.webhookId, req.query)
      ).map(deliveryOut),
    }),
  );

  app.post<HookParams>(
    '/webhooks/:webhookId/test',
    {
      schema: {
        tags,
        operationId: 'testWebhook',
        summary: 'Send a test message',
        security: security.bearer,
        description: 'Queues a signed test message (type webhook.test) to the webhook; follow it in the delivery log.',
        params: hookParams,
        body: body('Nothing (an empty object, or no body).', {}),
        response: { 202: s.ref('WebhookDelivery'), ...errorResponses },
      },
    },
    async (req, reply) =>
      reply
        .code(202)
        .send(deliveryOut(await hooks.testWebhook(platform, req.auth.require('play'), req.params.webhookId))),
  );

  app.post<{ Params: { deliveryId: string } }>(
    '/webhook-deliveries/:deliveryId/redeliver',
    {
      schema: {
        tags,
        operationId: 'redeliverWebhook',
        summary: 'Redeliver',
        security: security.bearer,
        description:
          'Sends a delivery again now, with the same webhook-id and a fresh retry budget. The webhook must be enabled.',
        params: {
          type: 'object',
          properties: {
            deliveryId: s.str('A delivery of one of your webhooks (from the delivery log).', {
              minLength: 1,
              maxLength: 100,
            }),
          },
          required: ['deliveryId'],
        },
        body: body('Nothing (an empty object, or no body).', {}),
        response: { 202: s.ref('WebhookDelivery'), ...errorResponses },
      },
    },
    async (req, reply) =>
      reply
        .code(202)
        .send(deliveryOut(await hooks.redeliver(platform, req.auth.require('play'), req.params.deliveryId))),
  );
}
