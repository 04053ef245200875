/**
 * What every process needs for notifications, built at boot: the queue (producer everywhere,
 * consumer in the notifier), the link signer, and the VAPID keys for Web Push.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import webpush from 'web-push';
import type { Config } from '../config/load.js';
import type { NotifyConfig } from '../config/notify.js';
import { BullNotifyQueue, InlineNotifyQueue, type NotifyQueue } from './queue.js';
import { TokenSigner } from './tokens.js';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

export interface NotifyRuntime {
  config: NotifyConfig;
  queue: NotifyQueue;
  tokens: TokenSigner;
  vapid: VapidKeys;
}

export async function createNotifyRuntime(
  config: Config,
  serverSecret: string,
  queuePrefix?: string,
): Promise<NotifyRuntime> {
  const n = config.notify;
  return {
    config: n,
    queue: config.redisUrl ? new BullNotifyQueue(config.redisUrl, queuePrefix) : new InlineNotifyQueue(),
    tokens: new TokenSigner(serverSecret),
    vapid: await vapidKeys(config),
  };
}

/** VAPID keys from the environment, or generated once into the data directory. */
async function vapidKeys(config: Config): Promise<VapidKeys> {
  const n = config.notify;
  const subject = n.vapidSubject ?? `mailto:${/<([^>]+)>/.exec(n.mailFrom)?.[1] ?? n.mailFrom}`;
  if (n.vapidPublicKey && n.vapidPrivateKey)
    return { publicKey: n.vapidPublicKey, privateKey: n.vapidPrivateKey, subject };
  const file = join(config.dataDir, 'vapid.json');
  try {
    const saved = JSON.parse(await readFile(file, 'utf8')) as VapidKeys;
    return { publicKey: saved.publicKey, privateKey: saved.privateKey, subject };
  } catch {
    await mkdir(config.dataDir, { recursive: true });
    const keys = webpush.generateVAPIDKeys();
    try {
      // 'wx': when two processes start together, the first key pair wins and both use it.
      await writeFile(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' });
      return { ...keys, subject };
    } catch {
      const saved = JSON.parse(await readFile(file, 'utf8')) as VapidKeys;
      return { publicKey: saved.publicKey, privateKey: saved.privateKey, subject };
    }
  }
}
