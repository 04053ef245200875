/**
 * Sending one delivery. A worker first claims the row (a lease in the database: only one worker
 * sends a delivery at a time, and a crashed worker's claim simply runs out), re-checks what may
 * have changed since dispatch (preferences, quiet hours, a disabled hook, orders already in),
 * sends, and records the attempt. Failures are retried with exponential backoff and jitter up to
 * the attempt limit; a webhook failing too often in a row is disabled and its owner told.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Prisma } from '#generated/prisma/client.js';
import type { Platform } from '../context.js';
import { TX_OPTIONS, type Tx } from '../db/transactions.js';
import { isValidEmail, renderDigest, renderMail, sendMail, type RenderedMail } from './channels/email.js';
import { pushRequest } from './channels/push.js';
import { signatureHeaders, webhookBody } from './channels/webhook.js';
import * as content from './content.js';
import type { Message } from './content.js';
import { enqueueDelivery } from './dispatcher.js';
import { post } from './http.js';
import { isAddressed, isKind, type Kind } from './kinds.js';
import { inQuietHours, quietHoursEnd } from './localtime.js';
import { getSettings, isEnabled, preferenceRows, quietOf } from './preferences.js';
import { metrics } from '../metrics.js';

type Delivery = NonNullable<Awaited<ReturnType<Platform['prisma']['notificationDelivery']['findUnique']>>>;

interface Outcome {
  ok: boolean;
  statusCode?: number;
  error?: string;
  response?: string;
  /** No point retrying (the receiver is gone). */
  permanent?: boolean;
}

type Verdict =
  { send: true } | { send: false; status: 'SKIPPED' | 'FAILED'; reason: string } | { send: false; holdUntil: Date };

/** Delay before retry n (1-based): exponential, capped, with "equal jitter" (half fixed, half random). */
export function backoffMs(attempt: number, baseMs: number, maxMs: number, random = Math.random): number {
  const d = Math.min(maxMs, baseMs * 2 ** (attempt - 1));
  return Math.round(d / 2 + random() * (d / 2));
}

export async function handleDelivery(p: Platform, deliveryId: string): Promise<void> {
  const cfg = p.notify.config;
  const now = new Date();
  const claim = await p.prisma.notificationDelivery.updateMany({
    where: {
      id: deliveryId,
      status: { in: ['PENDING', 'HELD'] },
      notBefore: { lte: new Date(now.getTime() + 100) }, // timers may fire a little early
      OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }],
    },
    data: { leaseUntil: new Date(now.getTime() + cfg.leaseMs) },
  });
  if (claim.count === 0) return; // done, not due, or another worker holds it
  const d = (await p.prisma.notificationDelivery.findUnique({ where: { id: deliveryId } }))!;
  try {
    const verdict = await precheck(p, d, now);
    if (!verdict.send) {
      if ('holdUntil' in verdict) return await hold(p, d, verdict.holdUntil);
      await p.prisma.notificationDelivery.update({
        where: { id: d.id },
        data: { status: verdict.status, lastError: verdict.reason, leaseUntil: null },
      });
      metrics.deliveries.inc({ channel: d.channel, result: verdict.status.toLowerCase() });
      return;
    }
    if (cfg.faultDeliverDelayMs > 0) {
      p.log.info({ deliveryId: d.id, channel: d.channel }, 'fault injection: delivery paused before sending');
      await sleep(cfg.faultDeliverDelayMs);
    }
    const started = new Date();
    const outcome = await send(p, d).catch((e: Error): Outcome => ({ ok: false, error: e.message.slice(0, 300) }));
    await record(p, d, outcome, started);
  } catch (err) {
    // Our own failure (database): free the claim so the job's retry or the sweeper can run it.
    await p.prisma.notificationDelivery
      .updateMany({ where: { id: d.id, status: { in: ['PENDING', 'HELD'] } }, data: { leaseUntil: null } })
      .catch(() => undefined);
    throw err;
  }
}

async function hold(p: Platform, d: Delivery, until: Date) {
  await p.prisma.notificationDelivery.update({
    where: { id: d.id },
    data: { status: 'HELD', notBefore: until, leaseUntil: null },
  });
  await enqueueDelivery(p, { id: d.id, attempts: d.attempts, notBefore: until }, `_h${until.getTime()}`);
}

/** What changed since dispatch decides whether this delivery still goes out now. */
async function precheck(p: Platform, d: Delivery, now: Date): Promise<Verdict> {
  const msg = d.payload as unknown as Message;
  const kind = d.kind as Kind;
  const switchable = isKind(d.kind);
  const human = d.channel === 'EMAIL' || d.channel === 'PUSH';
  if (d.channel === 'WEBHOOK') {
    const hook = d.webhookId ? await p.prisma.webhook.findUnique({ where: { id: d.webhookId } }) : null;
    if (!hook) return { send: false, status: 'SKIPPED', reason: 'The webhook was deleted.' };
    if (!hook.enabled) return { send: false, status: 'FAILED', reason: 'The webhook is disabled.' };
    if (
      hook.gameId === null &&
      switchable &&
      !isEnabled(await preferenceRows(p.prisma, d.userId, d.gameId), kind, 'WEBHOOK', d.gameId)
    ) {
      return { send: false, status: 'SKIPPED', reason: 'Switched off in the preferences.' };
    }
  }
  if (d.channel === 'EMAIL' && !p.notify.config.smtpUrl)
    return { send: false, status: 'SKIPPED', reason: 'This server sends no email (SMTP_URL is not set).' };
  if (
    d.channel === 'PUSH' &&
    !(d.pushSubscriptionId && (await p.prisma.pushSubscription.findUnique({ where: { id: d.pushSubscriptionId } })))
  ) {
    return { send: false, status: 'SKIPPED', reason: 'The push subscription was removed.' };
  }
  if (human && !isAddressed(d.kind)) {
    const settings = await getSettings(p.prisma, d.userId);
    if (d.channel === 'EMAIL' && !settings.email)
      return { send: false, status: 'SKIPPED', reason: 'No confirmed email address.' };
    if (
      switchable &&
      !isEnabled(await preferenceRows(p.prisma, d.userId, d.gameId), kind, d.channel as 'EMAIL' | 'PUSH', d.gameId)
    ) {
      return { send: false, status: 'SKIPPED', reason: 'Switched off in the preferences.' };
    }
    const quiet = quietOf(settings);
    if (quiet && inQuietHours(now, quiet, settings.timeZone))
      return { send: false, holdUntil: quietHoursEnd(now, quiet, settings.timeZone) };
  }
  if (d.kind === 'DEADLINE_REMINDER' && !(await stillOwed(p, d.userId, msg))) {
    return { send: false, status: 'SKIPPED', reason: 'Orders are in, or the step is over.' };
  }
  return { send: true };
}

/** A reminder is pointless once the step is over or every side the user owes for is ready. */
async function stillOwed(p: Platform, userId: string, msg: Message): Promise<boolean> {
  if (!msg.gameId || msg.step == null) return false;
  const game = await p.prisma.game.findUnique({ where: { id: msg.gameId }, include: { seats: true } });
  if (!game || game.status !== 'ACTIVE' || game.step !== msg.step) return false;
  const sides = ((msg.data as { sides?: string[] }).sides ?? []).filter((s) =>
    game.seats.some((x) => x.side === s && x.userId === userId),
  );
  const ready = await p.prisma.submission.findMany({
    where: { gameId: game.id, step: game.step, side: { in: sides }, ready: true },
    select: { side: true },
  });
  return sides.some((s) => !ready.some((r) => r.side === s));
}

async function send(p: Platform, d: Delivery): Promise<Outcome> {
  const cfg = p.notify.config;
  const msg = d.payload as unknown as Message;
  if (d.channel === 'EMAIL') {
    const settings = await getSettings(p.prisma, d.userId);
    const to = isAddressed(d.kind) ? String((msg.data as { to?: string }).to ?? '') : settings.email;
    if (!to || !isValidEmail(to)) return { ok: false, error: 'No valid address.', permanent: true };
    const unsubscribe = unsubscribeUrl(p, d);
    const mail: RenderedMail =
      d.kind === 'DIGEST'
        ? renderDigest((msg.data as { items: Message[] }).items, unsubscribe)
        : renderMail(msg, unsubscribe);
    const response = await sendMail(
      cfg.smtpUrl!,
      { from: cfg.mailFrom, to, deliveryId: d.id, kind: d.kind, unsubscribeUrl: unsubscribe },
      mail,
    );
    return { ok: true, response };
  }
  if (d.channel === 'PUSH') {
    const sub = await p.prisma.pushSubscription.findUniqueOrThrow({ where: { id: d.pushSubscriptionId! } });
    const req = pushRequest(sub, msg, p.notify.vapid);
    const r = await post(req.endpoint, req.body, req.headers, {
      timeoutMs: cfg.httpTimeoutMs,
      allowPrivate: cfg.allowPrivateUrls,
    });
    if (r.status === 404 || r.status === 410) {
      await p.prisma.pushSubscription.deleteMany({ where: { id: sub.id } }); // the browser unsubscribed
      return {
        ok: false,
        statusCode: r.status,
        response: r.excerpt,
        error: 'The push subscription has expired; it was removed.',
        permanent: true,
      };
    }
    if (r.status >= 200 && r.status < 300)
      await p.prisma.pushSubscription.update({ where: { id: sub.id }, data: { lastSentAt: new Date() } });
    return {
      ok: r.status >= 200 && r.status < 300,
      statusCode: r.status,
      response: r.excerpt,
      error: r.status >= 300 ? `Push service answered ${r.status}.` : undefined,
    };
  }
  const hook = await p.prisma.webhook.findUniqueOrThrow({ where: { id: d.webhookId! } });
  const body = webhookBody(hook.format, msg, d.createdAt);
  // The delivery id is the webhook-id: the same on every retry, so receivers can de-duplicate.
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'Warpost-Webhooks/1',
    ...signatureHeaders(hook, d.id, body, new Date()),
  };
  const r = await post(hook.url, body, headers, { timeoutMs: cfg.httpTimeoutMs, allowPrivate: cfg.allowPrivateUrls });
  const ok = r.status >= 200 && r.status < 300;
  return {
    ok,
    statusCode: r.status,
    response: r.excerpt,
    error: ok ? undefined : `Receiver answered ${r.status}.`,
    permanent: r.status === 410,
  };
}

/** One-click unsubscribe for what a user can switch off (the digest: all mail). */
function unsubscribeUrl(p: Platform, d: Delivery): string | undefined {
  if (!isKind(d.kind) && d.kind !== 'DIGEST') return undefined;
  const token = p.notify.tokens.sign('unsubscribe', { u: d.userId, k: d.kind === 'DIGEST' ? '*' : d.kind });
  return `${p.notify.config.publicUrl}/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
}

async function record(p: Platform, d: Delivery, o: Outcome, started: Date) {
  const cfg = p.notify.config;
  const attempt = d.attempts + 1;
  const retry = !o.ok && !o.permanent && attempt < d.maxAttempts;
  const notBefore = retry ? new Date(Date.now() + backoffMs(attempt, cfg.retryBaseMs, cfg.retryMaxMs)) : d.notBefore;
  const notices = await p.prisma.$transaction(async (tx) => {
    await tx.notificationAttempt.create({
      data: {
        deliveryId: d.id,
        attempt,
        startedAt: started,
        durationMs: Date.now() - started.getTime(),
        ok: o.ok,
        statusCode: o.statusCode ?? null,
        error: o.error ?? null,
        response: o.response?.slice(0, 1024) ?? null,
      },
    });
    await tx.notificationDelivery.update({
      where: { id: d.id },
      data: o.ok
        ? { status: 'SENT', attempts: attempt, sentAt: new Date(), leaseUntil: null, lastError: null }
        : {
            status: retry ? 'PENDING' : 'FAILED',
            attempts: attempt,
            notBefore,
            leaseUntil: null,
            lastError: o.error ?? 'failed',
          },
    });
    if (d.channel !== 'WEBHOOK' || !d.webhookId) return [];
    if (o.ok) {
      await tx.webhook.updateMany({ where: { id: d.webhookId }, data: { consecutiveFailures: 0 } });
      return [];
    }
    const hook = await tx.webhook.update({
      where: { id: d.webhookId },
      data: { consecutiveFailures: { increment: 1 } },
    });
    if (hook.enabled && (o.permanent || hook.consecutiveFailures >= cfg.webhookDisableAfter)) {
      return disableHook(p, tx, hook, o.error ?? null);
    }
    return [];
  }, TX_OPTIONS);
  metrics.deliveries.inc({ channel: d.channel, result: o.ok ? 'sent' : retry ? 'retry' : 'failed' });
  if (retry) await enqueueDelivery(p, { id: d.id, attempts: attempt, notBefore });
  for (const n of notices) await enqueueDelivery(p, n);
}

/** Disables a hook, fails what it still had queued, and tells the owner (in the same transaction). */
async function disableHook(
  p: Platform,
  tx: Tx,
  hook: { id: string; url: string; userId: string; consecutiveFailures: number },
  lastError: string | null,
) {
  const now = new Date();
  const reason = `Disabled after ${hook.consecutiveFailures} failed attempt(s) in a row${lastError ? ` (last: ${lastError})` : ''}.`;
  const flipped = await tx.webhook.updateMany({
    where: { id: hook.id, enabled: true },
    data: { enabled: false, disabledAt: now, disabledReason: reason },
  });
  if (flipped.count === 0) return [];
  await tx.notificationDelivery.updateMany({
    where: { webhookId: hook.id, status: { in: ['PENDING', 'HELD'] } },
    data: { status: 'FAILED', lastError: 'The webhook was disabled.', leaseUntil: null },
  });
  const msg = content.webhookDisabled(hook, hook.consecutiveFailures, lastError);
  const settings = await getSettings(tx, hook.userId);
  const key = `WEBHOOK_DISABLED:${hook.id}:${now.getTime()}`;
  const drafts: Prisma.NotificationDeliveryCreateManyInput[] = [];
  const base = {
    userId: hook.userId,
    kind: msg.kind,
    payload: msg as unknown as Prisma.InputJsonValue,
    maxAttempts: p.notify.config.maxAttempts,
    notBefore: now,
  };
  if (p.notify.config.smtpUrl && settings.email)
    drafts.push({ ...base, idempotencyKey: `${key}|EMAIL|${hook.userId}`, channel: 'EMAIL' });
  for (const sub of await tx.pushSubscription.findMany({ where: { userId: hook.userId }, select: { id: true } })) {
    drafts.push({ ...base, idempotencyKey: `${key}|PUSH|${sub.id}`, channel: 'PUSH', pushSubscriptionId: sub.id });
  }
  if (drafts.length) await tx.notificationDelivery.createMany({ data: drafts, skipDuplicates: true });
  p.log.warn({ webhookId: hook.id, failures: hook.consecutiveFailures }, 'webhook disabled after repeated failures');
  return tx.notificationDelivery.findMany({
    where: { idempotencyKey: { in: drafts.map((x) => x.idempotencyKey) } },
    select: { id: true, attempts: true, notBefore: true },
  });
}
