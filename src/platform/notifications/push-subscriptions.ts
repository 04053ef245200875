/** Web Push subscriptions of a user's browsers and installed web apps. */
import type { Principal } from '../auth/service.js';
import type { Platform } from '../context.js';
import { AppError, type ErrorDetail } from '../errors.js';
import { isValidPushKey } from './channels/push.js';
import { checkReceiverUrl } from './http.js';

const MAX_PER_USER = 20;

export interface PushInput {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export async function registerPush(p: Platform, user: Principal, input: PushInput) {
  const details: ErrorDetail[] = [];
  if (!isValidPushKey(input.p256dh, 65))
    details.push({
      code: 'INVALID_KEY',
      path: ['input', 'p256dh'],
      message: 'p256dh is the base64url P-256 public key from PushSubscription.getKey("p256dh").',
    });
  if (!isValidPushKey(input.auth, 16))
    details.push({
      code: 'INVALID_KEY',
      path: ['input', 'auth'],
      message: 'auth is the base64url 16-byte secret from PushSubscription.getKey("auth").',
    });
  if (details.length) throw new AppError('BAD_INPUT', 'The push subscription is not valid.', details);
  let url: URL;
  try {
    url = await checkReceiverUrl(input.endpoint, { allowPrivate: p.notify.config.allowPrivateUrls, field: 'endpoint' });
  } catch (e) {
    if (e instanceof AppError) for (const d of e.details) d.path = ['input', ...d.path];
    throw e;
  }
  if (url.protocol !== 'https:' && !p.notify.config.allowPrivateUrls) {
    throw new AppError('BAD_INPUT', 'Push endpoints use https.', [
      { code: 'UNSUPPORTED_SCHEME', path: ['input', 'endpoint'], message: 'Push endpoints use https.' },
    ]);
  }
  const endpoint = url.toString();
  const existing = await p.prisma.pushSubscription.findUnique({ where: { endpoint } });
  if (!existing && (await p.prisma.pushSubscription.count({ where: { userId: user.userId } })) >= MAX_PER_USER) {
    throw new AppError('BAD_INPUT', `At most ${MAX_PER_USER} push subscriptions per user.`, [
      { code: 'TOO_MANY_SUBSCRIPTIONS', path: [], message: 'Remove an old one first.' },
    ]);
  }
  // An endpoint belongs to one browser profile: whoever registers it last receives on it.
  return p.prisma.pushSubscription.upsert({
    where: { endpoint },
    create: { userId: user.userId, endpoint, p256dh: input.p256dh, auth: input.auth },
    update: { userId: user.userId, p256dh: input.p256dh, auth: input.auth },
  });
}

export async function removePush(p: Platform, user: Principal, id: string): Promise<boolean> {
  const r = await p.prisma.pushSubscription.deleteMany({ where: { id, userId: user.userId } });
  return r.count === 1;
}

export function listPush(p: Platform, user: Principal) {
  return p.prisma.pushSubscription.findMany({ where: { userId: user.userId }, orderBy: { createdAt: 'asc' } });
}
