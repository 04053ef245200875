/**
 * Webhook management for their owners: register (user hooks, or game hooks for club channels),
 * change, rotate the signing secret with a grace period, delete, read the delivery log, redeliver
 * by hand, and send a test message. Secrets are shown only when created or rotated.
 */
import { randomUUID } from 'node:crypto';
import type { Prisma } from '#generated/prisma/client.js';
import type { Principal } from '../auth/service.js';
import type { Platform } from '../context.js';
import { AppError, type ErrorDetail } from '../errors.js';
import { newSecret } from './channels/webhook.js';
import { enqueueDelivery } from './dispatcher.js';
import { checkReceiverUrl } from './http.js';
import { FORMATS, isKind, KINDS, type Kind } from './kinds.js';
import { checkGameVisible } from './preferences.js';
import type { Message } from './content.js';
import { pageSize } from '../page-size.js';

const MAX_HOOKS_PER_USER = 20;
const MAX_GRACE_SECONDS = 7 * 86_400;
/** Game hooks carry public game events only; personal kinds would never reach them. */
const GAME_HOOK_KINDS: Kind[] = ['STEP_RESOLVED', 'GAME_STARTED', 'GAME_FINISHED', 'GAME_PAUSED'];

export interface WebhookInput {
  url?: string | null;
  format?: string | null;
  gameId?: string | null;
  kinds?: string[] | null;
  enabled?: boolean | null;
}

function checkShape(input: WebhookInput, gameHook: boolean): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  if (input.format != null && !(FORMATS as readonly string[]).includes(input.format)) {
    details.push({ code: 'UNKNOWN_FORMAT', path: ['input', 'format'], message: `Formats are ${FORMATS.join(', ')}.` });
  }
  (input.kinds ?? []).forEach((k, i) => {
    if (!isKind(k))
      details.push({
        code: 'UNKNOWN_KIND',
        path: ['input', 'kinds', i],
        message: `Unknown kind "${k}"; kinds are ${KINDS.join(', ')}.`,
      });
    else if (gameHook && !GAME_HOOK_KINDS.includes(k)) {
      details.push({
        code: 'KIND_NOT_FOR_GAME_HOOK',
        path: ['input', 'kinds', i],
        message: `A game hook receives only ${GAME_HOOK_KINDS.join(', ')}.`,
      });
    }
  });
  return details;
}

async function checkUrl(p: Platform, url: string) {
  try {
    return (await checkReceiverUrl(url, { allowPrivate: p.notify.config.allowPrivateUrls, field: 'url' })).toString();
  } catch (e) {
    if (e instanceof AppError) for (const d of e.details) d.path = ['input', ...d.path];
    throw e;
  }
}

async function ownHook(p: Platform, user: Principal, id: string) {
  const hook = await p.prisma.webhook.findFirst({ where: { id, userId: user.userId } });
  if (!hook) throw new AppError('NOT_FOUND', `No webhook ${id}.`);
  return hook;
}

export async function createWebhook(p: Platform, user: Principal, input: WebhookInput) {
  const details = checkShape(input, Boolean(input.gameId));
  if (typeof input.url !== 'string')
    details.push({ code: 'INVALID_URL', path: ['input', 'url'], message: 'Give the receiver URL.' });
  if (details.length) throw new AppError('BAD_INPUT', 'The webhook is not valid.', details);
  const url = await checkUrl(p, input.url!);
  if (input.gameId) await checkGameVisible(p, user, input.gameId);
  if ((await p.prisma.webhook.count({ where: { userId: user.userId } })) >= MAX_HOOKS_PER_USER) {
    throw new AppError('BAD_INPUT', `At most ${MAX_HOOKS_PER_USER} webhooks per user.`, [
      { code: 'TOO_MANY_WEBHOOKS', path: [], message: 'Delete a webhook first.' },
    ]);
  }
  const secret = newSecret();
  const webhook = await p.prisma.webhook.create({
    data: {
      userId: user.userId,
      url,
      format: input.format ?? 'JSON',
      gameId: input.gameId ?? null,
      kinds: [...new Set(input.kinds ?? [])],
      secret,
    },
  });
  return { webhook, secret };
}

export async function updateWebhook(p: Platform, user: Principal, id: string, input: WebhookInput) {
  const hook = await ownHook(p, user, id);
  const details = checkShape(input, hook.gameId !== null);
  if (details.length) throw new AppError('BAD_INPUT', 'The change is not valid.', details);
  const url = input.url != null ? await checkUrl(p, input.url) : undefined;
  const enabling = input.enabled === true && !hook.enabled;
  return p.prisma.webhook.update({
    where: { id },
    data: {
      ...(url ? { url } : {}),
      ...(input.format != null ? { format: input.format } : {}),
      ...(input.kinds != null ? { kinds: [...new Set(input.kinds)] } : {}),
      ...(input.enabled === false && hook.enabled
        ? { enabled: false, disabledAt: new Date(), disabledReason: 'Disabled by its owner.' }
        : {}),
      // Enabling starts the failure count afresh.
      ...(enabling ? { enabled: true, disabledAt: null, disabledReason: null, consecutiveFailures: 0 } : {}),
    },
  });
}

/** A new secret; the old one keeps signing (as a second signature) for `graceSeconds`. */
export async function rotateSecret(p: Platform, user: Principal, id: string, graceSeconds = 86_400) {
  const hook = await ownHook(p, user, id);
  if (!Number.isInteger(graceSeconds) || graceSeconds < 0 || graceSeconds > MAX_GRACE_SECONDS) {
    throw new AppError('BAD_INPUT', `graceSeconds is a whole number from 0 to ${MAX_GRACE_SECONDS}.`, [
      { code: 'INVALID_GRACE', path: ['graceSeconds'], message: `Give 0 to ${MAX_GRACE_SECONDS} seconds.` },
    ]);
  }
  const secret = newSecret();
  const webhook = await p.prisma.webhook.update({
    where: { id },
    data: {
      secret,
      previousSecret: graceSeconds > 0 ? hook.secret : null,
      previousSecretUntil: graceSeconds > 0 ? new Date(Date.now() + graceSeconds * 1000) : null,
    },
  });
  return { webhook, secret };
}

export async function deleteWebhook(p: Platform, user: Principal, id: string): Promise<boolean> {
  await ownHook(p, user, id);
  await p.prisma.$transaction([
    p.prisma.notificationDelivery.deleteMany({ where: { webhookId: id } }),
    p.prisma.webhook.delete({ where: { id } }),
  ]);
  return true;
}

export function listWebhooks(p: Platform, user: Principal) {
  return p.prisma.webhook.findMany({ where: { userId: user.userId }, orderBy: { createdAt: 'asc' } });
}

/** The delivery log of one hook, newest first, each with every attempt. */
export async function webhookDeliveries(
  p: Platform,
  user: Principal,
  id: string,
  opts: { first?: number | null; status?: string | null },
) {
  await ownHook(p, user, id);
  return p.prisma.notificationDelivery.findMany({
    where: { webhookId: id, ...(opts.status ? { status: opts.status } : {}) },
    orderBy: { createdAt: 'desc' },
    take: pageSize(opts.first, 20, 100),
    include: { attemptLog: { orderBy: { attempt: 'asc' } } },
  });
}

/** Sends a delivery again now, with a fresh retry budget and the same webhook-id. */
export async function redeliver(p: Platform, user: Principal, deliveryId: string) {
  const d = await p.prisma.notificationDelivery.findUnique({ where: { id: deliveryId } });
  const hook = d?.webhookId
    ? await p.prisma.webhook.findFirst({ where: { id: d.webhookId, userId: user.userId } })
    : null;
  if (!d || !hook) throw new AppError('NOT_FOUND', `No webhook delivery ${deliveryId}.`);
  if (!hook.enabled)
    throw new AppError('WEBHOOK_DISABLED', 'The webhook is disabled; enable it (updateWebhook) before redelivering.');
  const now = new Date();
  const updated = await p.prisma.notificationDelivery.update({
    where: { id: d.id },
    data: { status: 'PENDING', notBefore: now, maxAttempts: d.attempts + p.notify.config.maxAttempts, lastError: null },
    include: { attemptLog: { orderBy: { attempt: 'asc' } } },
  });
  await enqueueDelivery(p, { id: d.id, attempts: d.attempts, notBefore: now }, `_m${now.getTime()}`);
  return updated;
}

/** Queues a test message to the hook (a "ping"), signed like any other. */
export async function testWebhook(p: Platform, user: Principal, id: string) {
  const hook = await ownHook(p, user, id);
  if (!hook.enabled) throw new AppError('WEBHOOK_DISABLED', 'The webhook is disabled; enable it first.');
  const msg: Message = {
    kind: 'WEBHOOK_TEST',
    title: 'Warpost webhook test',
    lines: ['This is a test message from Warpost.'],
    data: { webhookId: hook.id },
  };
  const d = await p.prisma.notificationDelivery.create({
    data: {
      idempotencyKey: `WEBHOOK_TEST:${hook.id}:${randomUUID()}|WEBHOOK|${hook.id}`,
      userId: user.userId,
      kind: msg.kind,
      channel: 'WEBHOOK',
      webhookId: hook.id,
      payload: msg as unknown as Prisma.InputJsonValue,
      maxAttempts: 1,
    },
    include: { attemptLog: true },
  });
  await enqueueDelivery(p, d);
  return d;
}
