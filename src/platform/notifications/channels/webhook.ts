/**
 * Webhook bodies and signatures. Bodies: the Standard Webhooks JSON shape ({type, timestamp,
 * data}), or ready-made Discord and Slack messages for club channels. Signatures: the Standard
 * Webhooks scheme (webhook-id, webhook-timestamp, webhook-signature) with the `standardwebhooks`
 * package; during a secret rotation the old and the new secret both sign.
 */
import { randomBytes } from 'node:crypto';
import { Webhook as Signer } from 'standardwebhooks';
import type { Message } from '../content.js';
import { EVENT_TYPES, type AnyKind, type WebhookFormat } from '../kinds.js';

export const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

export function webhookBody(format: string, msg: Message, createdAt: Date): string {
  const f = format as WebhookFormat;
  if (f === 'DISCORD') {
    return JSON.stringify({
      username: 'Warpost',
      content: cut(msg.title, 2000),
      embeds: [
        {
          title: cut(msg.title, 256),
          description: cut(msg.lines.join('\n'), 4000),
          ...(msg.url ? { url: msg.url } : {}),
          timestamp: createdAt.toISOString(),
        },
      ],
      allowed_mentions: { parse: [] }, // never ping anyone from game text
    });
  }
  if (f === 'SLACK') {
    const slack = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    const text = `*${slack(msg.title)}*\n${msg.lines.map(slack).join('\n')}${msg.url ? `\n<${msg.url}|Open the game>` : ''}`;
    return JSON.stringify({
      text: cut(msg.title, 3000),
      blocks: [{ type: 'section', text: { type: 'mrkdwn', text: cut(text, 3000) } }],
    });
  }
  return JSON.stringify({
    type: EVENT_TYPES[msg.kind as AnyKind] ?? msg.kind,
    timestamp: createdAt.toISOString(),
    data: { title: msg.title, text: msg.lines.join('\n'), ...msg.data },
  });
}

export interface SigningSecrets {
  secret: string;
  previousSecret: string | null;
  previousSecretUntil: Date | null;
}

/** Standard Webhooks headers; the signature lists one "v1,<sig>" per valid secret. */
export function signatureHeaders(hook: SigningSecrets, msgId: string, body: string, now: Date): Record<string, string> {
  const secrets = [hook.secret];
  if (hook.previousSecret && hook.previousSecretUntil && hook.previousSecretUntil > now)
    secrets.push(hook.previousSecret);
  return {
    'webhook-id': msgId,
    'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
    'webhook-signature': secrets.map((s) => new Signer(s).sign(msgId, now, body)).join(' '),
  };
}
