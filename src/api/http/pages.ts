/** The few server-rendered pages (mail links, account links, OAuth sign-in and consent): one look, no cache. */
import type { FastifyReply } from 'fastify';
import { escapeHtml as esc } from '#platform/html.js';

export { esc };

/** A whole page: `title` is escaped here, `body` must already be HTML. */
export const htmlDocument = (title: string, body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${esc(title)}</title></head><body style="font-family:sans-serif;max-width:40em;margin:2em auto"><h1>${esc(title)}</h1>${body}</body></html>`;

export function page(reply: FastifyReply, status: number, title: string, body: string) {
  reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer');
  return htmlDocument(title, body);
}
