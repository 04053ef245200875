/**
 * Test doubles on 127.0.0.1 for notification tests: a real SMTP server (smtp-server + mailparser),
 * an HTTP receiver for webhooks and Web Push endpoints (with switchable failure modes), a Web Push
 * decrypter written from RFC 8291 / RFC 8188, and helpers to give a player every channel.
 */
import { createECDH, createDecipheriv, hkdfSync, randomBytes, type ECDH } from 'node:crypto';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { Webhook } from 'standardwebhooks';
import { waitFor } from '../helpers/gql.js';
import { as, type Player } from '../helpers/play.js';
import { startStack, type Stack } from '../helpers/stack.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  kind: string;
  deliveryId: string;
  listUnsubscribe: string;
  listUnsubscribePost: string;
  at: number;
}

export async function startMailServer() {
  const mails: Mail[] = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, cb) {
      simpleParser(stream).then((m) => {
        // Raw header lines: mailparser folds List-* headers into a structured object.
        const h = (k: string) => {
          const line = m.headerLines.find((l) => l.key === k)?.line ?? '';
          return line.slice(line.indexOf(':') + 1).trim();
        };
        mails.push({
          to: Array.isArray(m.to) ? m.to.map((t) => t.text).join(', ') : (m.to?.text ?? ''),
          subject: m.subject ?? '',
          text: m.text ?? '',
          html: typeof m.html === 'string' ? m.html : '',
          messageId: m.messageId ?? '',
          kind: h('x-warpost-kind'),
          deliveryId: h('x-warpost-delivery'),
          listUnsubscribe: h('list-unsubscribe'),
          listUnsubscribePost: h('list-unsubscribe-post'),
          at: Date.now(),
        });
        cb();
      }, cb);
    },
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    mails,
    to: (addr: string) => mails.filter((m) => m.to.includes(addr)),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
export type MailServer = Awaited<ReturnType<typeof startMailServer>>;

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  at: number;
}

/** 200 by default; per path: another status, 'drop' (connection closed), 'hang', or a huge body. */
export type Behaviour = number | 'drop' | 'hang' | 'huge';

export async function startReceiver() {
  const received: Received[] = [];
  const behaviour = new Map<string, Behaviour>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks), at: Date.now() });
      const b = behaviour.get(path) ?? 200;
      if (b === 'drop') return req.socket.destroy();
      if (b === 'hang') return;
      if (b === 'huge') return res.writeHead(200).end(Buffer.alloc(2 * 1024 * 1024, 'x'));
      res.writeHead(b, { 'content-type': 'text/plain' }).end(b >= 400 ? `receiver says ${b}` : 'ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    behaviour,
    at: (path: string) => received.filter((r) => r.path === path),
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** Verifies a webhook request with the standardwebhooks library; returns the parsed body. */
export function verifyWebhook(secret: string, r: Received): any {
  return new Webhook(secret).verify(r.body.toString('utf8'), {
    'webhook-id': String(r.headers['webhook-id']),
    'webhook-timestamp': String(r.headers['webhook-timestamp']),
    'webhook-signature': String(r.headers['webhook-signature']),
  });
}

/** A browser-side push subscription: the key pair and auth secret a user agent would hold. */
export interface PushKeys {
  ecdh: ECDH;
  p256dh: string;
  auth: Buffer;
}

export function pushKeys(): PushKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16) };
}

/** Decrypts an aes128gcm Web Push message (RFC 8291 keys, RFC 8188 single record). */
export function decryptPush(keys: PushKeys, body: Buffer): any {
  const salt = body.subarray(0, 16);
  const idlen = body[20];
  const serverKey = body.subarray(21, 21 + idlen);
  const data = body.subarray(21 + idlen);
  const shared = keys.ecdh.computeSecret(serverKey);
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), keys.ecdh.getPublicKey(), serverKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, keys.auth, info, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(data.subarray(data.length - 16));
  const plain = Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]);
  let end = plain.length - 1;
  while (end > 0 && plain[end] === 0) end--; // padding, then the 0x02 delimiter of the last record
  return JSON.parse(plain.subarray(0, end).toString('utf8'));
}

export const NOTIFY_ENV = {
  MAIL_FROM: 'Warpost Test <warpost@test.invalid>',
  WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
  NOTIFY_RETRY_BASE_MS: '300',
  NOTIFY_RETRY_MAX_MS: '3000',
  NOTIFY_MAX_ATTEMPTS: '4',
  WEBHOOK_DISABLE_AFTER_FAILURES: '4',
  NOTIFY_LEASE_MS: '3000',
  NOTIFY_SWEEP_INTERVAL_MS: '500',
  NOTIFY_DISPATCH_INTERVAL_MS: '200',
  WEBHOOK_TIMEOUT_MS: '2000',
};

export const spawnNotifier = (stack: Stack, env: NodeJS.ProcessEnv = {}) =>
  stack.spawnWorker(env, 'workers/notifier.ts');

export interface NotifyRig {
  stack: Stack;
  mail: MailServer;
  rx: Receiver;
}

/** A services stack wired to a real SMTP server and webhook receiver, with a resolution worker. */
export async function startNotifyRig(opts: { notifier?: boolean } = {}): Promise<NotifyRig> {
  const mail = await startMailServer();
  const rx = await startReceiver();
  const stack = await startStack('services', { ...NOTIFY_ENV, SMTP_URL: mail.url });
  await Promise.all([stack.spawnWorker(), ...(opts.notifier === false ? [] : [spawnNotifier(stack)])]);
  return { stack, mail, rx };
}

export async function stopNotifyRig(rig: Partial<NotifyRig>) {
  await rig.stack?.close();
  await rig.rx?.close();
  await rig.mail?.close();
}

export async function gqlOk(stack: Stack, p: Player, query: string, vars: Record<string, unknown> = {}) {
  const r = await as(stack.base, p, query, vars);
  if (r.errors) throw new Error(JSON.stringify(r.errors));
  return r.data;
}

export const addressOf = (p: Player) => `${p.name.toLowerCase()}@test.invalid`;

/** Sets and confirms the player's address through the mailed link. */
export async function confirmEmail(stack: Stack, mail: MailServer, p: Player) {
  const addr = addressOf(p);
  await gqlOk(stack, p, `mutation($e:String){setNotificationEmail(email:$e){pendingEmail}}`, { e: addr });
  const m = await waitFor(async () => mail.to(addr).find((x) => x.kind === 'EMAIL_CONFIRMATION'), 20_000);
  const token = decodeURIComponent(/token=([^\s&"<]+)/.exec(m.text)![1]);
  await gqlOk(stack, p, `mutation($t:String!){confirmNotificationEmail(token:$t)}`, { t: token });
  return addr;
}

export async function addWebhook(stack: Stack, p: Player, url: string, extra: Record<string, unknown> = {}) {
  const d = await gqlOk(
    stack,
    p,
    `mutation($i:WebhookInput!){createWebhook(input:$i){secret webhook{id url format gameId kinds enabled}}}`,
    { i: { url, ...extra } },
  );
  return d.createWebhook as { secret: string; webhook: { id: string } };
}

export async function addPush(stack: Stack, p: Player, endpoint: string) {
  const keys = pushKeys();
  await gqlOk(stack, p, `mutation($i:PushSubscriptionInput!){registerPushSubscription(input:$i){id}}`, {
    i: { endpoint, p256dh: keys.p256dh, auth: keys.auth.toString('base64url') },
  });
  return keys;
}

export async function setPrefs(stack: Stack, p: Player, preferences: unknown[], gameId?: string) {
  return gqlOk(
    stack,
    p,
    `mutation($p:[PreferenceInput!]!,$g:ID){setNotificationPreferences(preferences:$p,gameId:$g){kind channel enabled source}}`,
    { p: preferences, g: gameId },
  );
}

/** Every channel for one player: confirmed mail, a JSON webhook, a push subscription. */
export async function equip(stack: Stack, mail: MailServer, rx: Receiver, p: Player) {
  const email = await confirmEmail(stack, mail, p);
  const hook = await addWebhook(stack, p, `${rx.url}/hook/${p.name}`);
  const push = await addPush(stack, p, `${rx.url}/push/${p.name}`);
  return { email, hook, push, hookPath: `/hook/${p.name}`, pushPath: `/push/${p.name}` };
}
export type Equipped = Awaited<ReturnType<typeof equip>>;

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
