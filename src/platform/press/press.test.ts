import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { audienceOf, canRead, readableBy, sidesKey } from './channels.js';
import { pressMessage } from './notify.js';
import { checkPressRules } from './rules.js';
import { checkText, MAX_TEXT } from './text.js';
import { renderMail } from '../notifications/channels/email.js';
import { webhookBody } from '../notifications/channels/webhook.js';

const game = (status = 'ACTIVE', spectatorDelaySteps = 0) => ({ id: 'g', status, step: 5, spectatorDelaySteps });
const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return e instanceof AppError ? [e.code, ...e.details.map((d) => d.code)] : ['?'];
  }
  return [];
};

describe('who reads a channel', () => {
  it('a message to two sides reaches neither a third side nor a spectator', () => {
    const audience = audienceOf(sidesKey(['b', 'a']));
    expect(audience).toEqual(['a', 'b']);
    expect(canRead(audience, readableBy(game(), 'a'))).toBe(true);
    expect(canRead(audience, readableBy(game(), 'b'))).toBe(true);
    expect(canRead(audience, readableBy(game(), 'c'))).toBe(false);
    expect(canRead(audience, readableBy(game(), null))).toBe(false);
    expect(canRead(audience, readableBy(game('FINISHED'), 'c'))).toBe(false); // not even once the game has ended
  });

  it("keeps the spectators' chat from players until the game has ended", () => {
    const audience = audienceOf('spectators');
    expect(canRead(audience, readableBy(game(), 'a'))).toBe(false);
    expect(canRead(audience, readableBy(game(), null))).toBe(true);
    expect(canRead(audience, readableBy(game('FINISHED'), 'a'))).toBe(true);
  });

  it('shows public press to live spectators, and to delayed ones only once the game has ended', () => {
    const audience = audienceOf('public');
    expect(canRead(audience, readableBy(game(), null))).toBe(true);
    expect(canRead(audience, readableBy(game('ACTIVE', 2), null))).toBe(false);
    expect(canRead(audience, readableBy(game('FINISHED', 2), null))).toBe(true);
  });
});

describe('press text and rules', () => {
  it('refuses empty, oversized, control and bidi-override text; keeps markup as text', () => {
    expect(codeOf(() => checkText(' '))).toEqual(['BAD_INPUT', 'EMPTY_TEXT']);
    expect(codeOf(() => checkText('x'.repeat(MAX_TEXT + 1)))).toEqual(['BAD_INPUT', 'TEXT_TOO_LONG']);
    expect(codeOf(() => checkText('a\u0000b'))).toEqual(['BAD_INPUT', 'FORBIDDEN_CHARACTER']);
    expect(codeOf(() => checkText('abc\u202edcb'))).toEqual(['BAD_INPUT', 'FORBIDDEN_CHARACTER']);
    expect(codeOf(() => checkText('\n'.repeat(60) + 'x'.repeat(3) + '\nx'.repeat(60)))).toEqual([
      'BAD_INPUT',
      'TOO_MANY_LINES',
    ]);
    expect(checkText('  <b>hi</b>\r\nthere ')).toBe('<b>hi</b>\nthere');
  });

  it('checks the press rules given at creation', () => {
    expect(checkPressRules(undefined)).toEqual({ mode: 'FULL', duringReveal: true });
    expect(checkPressRules({ mode: 'NONE' })).toEqual({ mode: 'NONE', duringReveal: true });
    expect(codeOf(() => checkPressRules({ mode: 'LOUD' }))).toEqual(['BAD_INPUT', 'INVALID_PRESS_MODE']);
    expect(codeOf(() => checkPressRules({ mode: 'FULL', x: 1 } as never))).toEqual(['BAD_INPUT', 'UNKNOWN_FIELD']);
  });
});

describe('press notices', () => {
  const info = {
    id: 'game-1234-5678',
    module: 'm',
    moduleTitle: 'Module',
    scenario: 's',
    status: 'ACTIVE',
    step: 1,
    spectatorDelaySteps: 0,
    seats: [],
  };
  const msg = pressMessage({ gameUrlTemplate: undefined } as never, info, {
    seq: 1,
    channel: 'sides:a,b',
    channelName: '<i>Pact</i>',
    from: 'al',
    fromSide: 'a',
    text: '<img src=x onerror=alert(1)> <@123> <!here>',
    step: 1,
  });

  it('carry the text as plain text, escaped by the mail renderer', () => {
    const mail = renderMail(msg);
    expect(mail.text).toContain('<img src=x onerror=alert(1)>');
    expect(mail.html).not.toMatch(/<img|<i>/);
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('mention nobody on Discord and nothing on Slack', () => {
    const discord = JSON.parse(webhookBody('DISCORD', msg, new Date(0)));
    expect(discord.allowed_mentions).toEqual({ parse: [] });
    const slack = JSON.parse(webhookBody('SLACK', msg, new Date(0))).blocks[0].text.text as string;
    expect(slack).not.toMatch(/<!here>|<@123>|<img/);
    expect(slack).toContain('&lt;!here&gt;');
  });
});
