/**
 * Web Push (VAPID, RFC 8291 encryption) with the `web-push` package. The package builds the
 * encrypted, signed request; it is sent through the same guarded HTTP client as webhooks.
 */
import webpush from 'web-push';
import type { Message } from '../content.js';
import type { VapidKeys } from '../runtime.js';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What a service worker receives (JSON); kept small, push services cap payloads near 4 KB. */
export function pushPayload(msg: Message) {
  const body = msg.lines.join('\n');
  return {
    title: msg.title.slice(0, 200),
    body: body.length > 1000 ? `${body.slice(0, 999)}…` : body,
    kind: msg.kind,
    gameId: msg.gameId ?? null,
    step: msg.step ?? null,
    url: msg.url ?? null,
    // Notifications with the same tag replace each other on the device.
    tag: msg.gameId ? `${msg.kind}:${msg.gameId}` : msg.kind,
  };
}

export function pushRequest(target: PushTarget, msg: Message, vapid: VapidKeys) {
  const urgent = msg.kind === 'YOUR_TURN' || msg.kind === 'DEADLINE_REMINDER';
  const details = webpush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    JSON.stringify(pushPayload(msg)),
    {
      vapidDetails: vapid,
      TTL: 86_400,
      urgency: urgent ? 'high' : 'normal',
    },
  );
  return {
    endpoint: details.endpoint,
    headers: details.headers as Record<string, string | number>,
    body: details.body as Buffer,
  };
}

/** A push key as browsers send it: base64url of an uncompressed P-256 point (65 bytes) / 16-byte auth. */
export function isValidPushKey(value: unknown, bytes: number): value is string {
  if (typeof value !== 'string' || value.length > 200 || !/^[A-Za-z0-9_-]+=*$/.test(value)) return false;
  const raw = Buffer.from(value.replace(/=+$/, ''), 'base64url');
  return raw.length === bytes && (bytes !== 65 || raw[0] === 4);
}
