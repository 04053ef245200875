/**
 * Text limits for press. Text is stored and sent as plain text; every channel escapes it for its
 * own format (mail HTML, Slack mrkdwn, Discord with mentions off), so markup in a message is
 * shown, never obeyed. Control characters (other than line breaks and tabs) and bidirectional
 * overrides, which could disguise a message, are refused rather than silently dropped.
 */
import { AppError } from '../errors.js';

export const MAX_TEXT = 2000;
export const MAX_LINES = 50;

// C0 and C1 controls but tab and line feed; bidi embeddings, overrides and isolates.
// eslint-disable-next-line no-control-regex -- control characters are what this refuses
const FORBIDDEN = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

export function checkText(raw: unknown): string {
  const fail = (code: string, message: string) => {
    throw new AppError('BAD_INPUT', message, [{ code, path: ['text'], message }]);
  };
  if (typeof raw !== 'string') return fail('WRONG_TYPE', 'Send the message as a string.');
  const text = raw.replace(/\r\n?/g, '\n').normalize('NFC').trim();
  if (text.length === 0) return fail('EMPTY_TEXT', 'A message needs some text.');
  if (text.length > MAX_TEXT)
    return fail('TEXT_TOO_LONG', `A message has at most ${MAX_TEXT} characters (this one has ${text.length}).`);
  if (text.split('\n').length > MAX_LINES) return fail('TOO_MANY_LINES', `A message has at most ${MAX_LINES} lines.`);
  if (FORBIDDEN.test(text))
    return fail('FORBIDDEN_CHARACTER', 'Control characters and bidirectional overrides are not allowed in a message.');
  return text;
}

export const MAX_REPORT_REASON = 500;

export function checkReportReason(raw: unknown): string {
  if (typeof raw !== 'string' || raw.trim().length === 0 || raw.length > MAX_REPORT_REASON || FORBIDDEN.test(raw)) {
    throw new AppError('BAD_INPUT', `Say why you report it, in 1 to ${MAX_REPORT_REASON} characters.`, [
      { code: 'INVALID_REASON', path: ['reason'], message: `Give 1 to ${MAX_REPORT_REASON} characters of plain text.` },
    ]);
  }
  return raw.trim();
}
