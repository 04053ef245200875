/**
 * Email through any SMTP server (nodemailer, SMTP_URL). Every mail has a plain-text and an HTML
 * body built from the same redacted message, and, for what a user can switch off, a one-click
 * unsubscribe link (RFC 8058 List-Unsubscribe-Post) besides the link in the body.
 */
import nodemailer, { type Transporter } from 'nodemailer';
import type { Message } from '../content.js';
import { escapeHtml } from '../../html.js';

const transports = new Map<string, Transporter>();

export function mailer(smtpUrl: string): Transporter {
  let t = transports.get(smtpUrl);
  if (!t) {
    // Bounded waits: a stuck SMTP server must not hold a delivery longer than its lease.
    t = nodemailer.createTransport(smtpUrl, {
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    } as never);
    transports.set(smtpUrl, t);
  }
  return t;
}

export function closeMailers() {
  for (const t of transports.values()) t.close();
  transports.clear();
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const esc = escapeHtml;

function htmlLines(lines: string[]): string {
  const out: string[] = [];
  let list: string[] = [];
  const flush = () => {
    if (list.length) out.push(`<ul>${list.map((l) => `<li>${linkify(l)}</li>`).join('')}</ul>`);
    list = [];
  };
  for (const l of lines) {
    if (l.startsWith('• ')) list.push(l.slice(2));
    else {
      flush();
      out.push(`<p>${linkify(l)}</p>`);
    }
  }
  flush();
  return out.join('\n');
}

function linkify(line: string): string {
  return esc(line).replace(/https?:\/\/[^\s<]+/g, (u) => `<a href="${u}">${u}</a>`);
}

function page(title: string, body: string, unsubscribeUrl?: string): string {
  const footer = unsubscribeUrl
    ? `<p style="color:#666;font-size:12px">You receive this because of your Warpost notification settings. <a href="${esc(unsubscribeUrl)}">Unsubscribe</a>.</p>`
    : '';
  return `<!doctype html><html><head><meta charset="utf-8"><title>${esc(title)}</title></head><body style="font-family:sans-serif">\n<h2>${esc(title)}</h2>\n${body}\n${footer}\n</body></html>`;
}

function textFooter(unsubscribeUrl?: string) {
  return unsubscribeUrl
    ? `\n\n--\nYou receive this because of your Warpost notification settings.\nUnsubscribe: ${unsubscribeUrl}\n`
    : '\n';
}

export function renderMail(msg: Message, unsubscribeUrl?: string): RenderedMail {
  const lines = [...msg.lines, ...(msg.url && !msg.lines.includes(msg.url) ? [`Open the game: ${msg.url}`] : [])];
  return {
    subject: `[Warpost] ${msg.title}`,
    text: `${lines.join('\n')}${textFooter(unsubscribeUrl)}`,
    html: page(msg.title, htmlLines(lines), unsubscribeUrl),
  };
}

/** One mail for many messages, grouped by game (messages without a game come last). */
export function renderDigest(items: Message[], unsubscribeUrl?: string): RenderedMail {
  const groups = new Map<string, Message[]>();
  for (const m of items) groups.set(m.gameId ?? '', [...(groups.get(m.gameId ?? '') ?? []), m]);
  const ordered = [...groups].sort(([a], [b]) => (a === '' ? 1 : b === '' ? -1 : 0));
  const gameCount = ordered.filter(([g]) => g !== '').length;
  const title = `Your digest: ${items.length} notification${items.length === 1 ? '' : 's'}${gameCount ? ` in ${gameCount} game${gameCount === 1 ? '' : 's'}` : ''}`;
  const text: string[] = [title, ''];
  const html: string[] = [];
  for (const [gameId, msgs] of ordered) {
    const heading = gameId ? `Game #${gameId.slice(0, 8)} (${gameId})` : 'Other notices';
    text.push(`== ${heading} ==`);
    html.push(`<h3>${esc(heading)}</h3>`);
    for (const m of msgs) {
      text.push(`* ${m.title}`, ...m.lines.map((l) => `    ${l}`), '');
      html.push(`<h4>${esc(m.title)}</h4>`, htmlLines(m.lines));
    }
  }
  return {
    subject: `[Warpost] ${title}`,
    text: `${text.join('\n')}${textFooter(unsubscribeUrl)}`,
    html: page(title, html.join('\n'), unsubscribeUrl),
  };
}

export interface MailEnvelope {
  from: string;
  to: string;
  deliveryId: string;
  kind: string;
  unsubscribeUrl?: string;
}

export async function sendMail(smtpUrl: string, env: MailEnvelope, mail: RenderedMail): Promise<string> {
  const info = await mailer(smtpUrl).sendMail({
    from: env.from,
    to: env.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    // The delivery id is the Message-ID: a mail sent twice after a crash is recognisably the same.
    messageId: `<${env.deliveryId}@warpost>`,
    headers: {
      'X-Warpost-Kind': env.kind,
      'X-Warpost-Delivery': env.deliveryId,
      ...(env.unsubscribeUrl
        ? { 'List-Unsubscribe': `<${env.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
        : {}),
    },
  });
  return String(info.response ?? '').slice(0, 300);
}

/** A local part without spaces, brackets or control characters; a host of dot-separated labels. */
/* eslint-disable no-control-regex -- control characters are what this refuses */
const ADDRESS =
  /^([^\s@<>()[\]\\,;:"\u0000-\u001f]{1,64})@([A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+)$/;
/* eslint-enable no-control-regex */

/** A practical address check (RFC 5321 lengths, one @, a dotted domain, no spaces or controls). */
export function isValidEmail(s: unknown): s is string {
  if (typeof s !== 'string' || s.length > 254) return false;
  const m = ADDRESS.exec(s);
  return m !== null && !m[1].startsWith('.') && !m[1].endsWith('.') && !m[1].includes('..');
}
