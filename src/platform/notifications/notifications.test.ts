/** Unit tests of the notification building blocks (no services needed). */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { isValidEmail, renderDigest, renderMail } from './channels/email.js';
import { isValidPushKey, pushPayload } from './channels/push.js';
import { newSecret, signatureHeaders, webhookBody } from './channels/webhook.js';
import { deadlineReminder, stepResolved, yourTurn, type GameInfo, type StoredEvent } from './content.js';
import { formatDeadline } from './localtime.js';
import { loadConfig } from '../config/load.js';
import { backoffMs } from './deliver.js';
import { checkReceiverUrl, isPrivateAddress, post } from './http.js';
import { isValidTimeZone } from '../calendar.js';
import { inQuietHours, localMinutes, nextOccurrence, parseClock } from './localtime.js';
import { TokenSigner } from './tokens.js';

const cfg = loadConfig({}).notify;

describe('local time', () => {
  it('parses clocks and checks zones', () => {
    expect(parseClock('07:30')).toBe(450);
    expect(parseClock('24:00')).toBeNull();
    expect(parseClock('7:30')).toBeNull();
    expect(isValidTimeZone('Europe/Paris')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
  });

  it('finds the next occurrence of a wall-clock time in a zone', () => {
    const t = new Date('2026-06-01T12:00:00Z'); // 17:30 in Kolkata (+05:30)
    expect(nextOccurrence(t, parseClock('18:00')!, 'Asia/Kolkata').toISOString()).toBe('2026-06-01T12:30:00.000Z');
    expect(nextOccurrence(t, parseClock('08:00')!, 'Asia/Kolkata').toISOString()).toBe('2026-06-02T02:30:00.000Z');
    expect(nextOccurrence(t, parseClock('08:00')!, 'America/New_York').toISOString()).toBe('2026-06-02T12:00:00.000Z'); // EDT
    expect(
      nextOccurrence(new Date('2026-01-10T12:00:00Z'), parseClock('08:00')!, 'America/New_York').toISOString(),
    ).toBe('2026-01-10T13:00:00.000Z'); // EST (07:00 local then)
    // Across the spring-forward night, 08:00 is still 08:00 local.
    const after = nextOccurrence(new Date('2026-03-08T03:00:00Z'), parseClock('08:00')!, 'America/New_York');
    expect(localMinutes(after, 'America/New_York')).toBe(480);
  });

  it('quiet hours, including over midnight', () => {
    const at = (iso: string) => new Date(iso);
    const night = { start: '22:00', end: '07:00' };
    expect(inQuietHours(at('2026-06-01T23:30:00Z'), night, 'UTC')).toBe(true);
    expect(inQuietHours(at('2026-06-01T06:59:00Z'), night, 'UTC')).toBe(true);
    expect(inQuietHours(at('2026-06-01T07:00:00Z'), night, 'UTC')).toBe(false);
    // 12:00Z is 14:00 in Paris (CEST).
    expect(inQuietHours(at('2026-06-01T12:00:00Z'), { start: '13:30', end: '15:00' }, 'Europe/Paris')).toBe(true);
    expect(inQuietHours(at('2026-06-01T12:00:00Z'), { start: '14:30', end: '15:00' }, 'Europe/Paris')).toBe(false);
    expect(inQuietHours(at('2026-06-01T12:00:00Z'), null, 'UTC')).toBe(false);
  });
});

describe('retries', () => {
  it('exponential backoff with jitter, capped', () => {
    expect(backoffMs(1, 1000, 60_000, () => 0)).toBe(500);
    expect(backoffMs(1, 1000, 60_000, () => 1)).toBe(1000);
    expect(backoffMs(4, 1000, 60_000, () => 0)).toBe(4000);
    expect(backoffMs(20, 1000, 60_000, () => 1)).toBe(60_000);
    for (let n = 1; n < 8; n++)
      expect(backoffMs(n + 1, 1000, 1e9)).toBeGreaterThanOrEqual(backoffMs(n, 1000, 1e9, () => 1));
  });
});

describe('receiver URLs', () => {
  it('classifies private, loopback and link-local addresses', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::',
    ]) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    for (const a of ['93.184.215.14', '1.1.1.1', '2606:4700:4700::1111']) expect(isPrivateAddress(a), a).toBe(false);
  });

  it('refuses bad schemes, credentials and private targets unless allowed', async () => {
    const code = (url: string, allowPrivate = false) =>
      checkReceiverUrl(url, { allowPrivate, field: 'url' }).then(
        () => 'ok',
        (e) => e.details[0].code,
      );
    expect(await code('javascript:alert(1)')).toBe('UNSUPPORTED_SCHEME');
    expect(await code('file:///etc/passwd')).toBe('UNSUPPORTED_SCHEME');
    expect(await code('http://a:b@93.184.215.14/')).toBe('CREDENTIALS_IN_URL');
    expect(await code('http://127.0.0.1:9/hook')).toBe('PRIVATE_ADDRESS');
    expect(await code('http://localhost/hook')).toBe('PRIVATE_ADDRESS');
    expect(await code('http://[::1]/hook')).toBe('PRIVATE_ADDRESS');
    expect(await code('http://[::ffff:7f00:1]/hook')).toBe('PRIVATE_ADDRESS');
    expect(await code('http://169.254.169.254/latest/meta-data')).toBe('PRIVATE_ADDRESS');
    expect(await code('https://93.184.215.14/hook')).toBe('ok');
    expect(await code('http://127.0.0.1:9/hook', true)).toBe('ok');
  });

  it('post: refuses private targets at connect time, times out, and cuts off huge answers', async () => {
    const server = http.createServer((req, res) => {
      if (req.url === '/hang') return;
      if (req.url === '/huge') return res.end(Buffer.alloc(1024 * 1024, 'y'));
      res.writeHead(201).end('created');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      await expect(post(`${base}/ok`, '{}', {}, { timeoutMs: 1000, allowPrivate: false })).rejects.toThrow(
        /private address/,
      );
      await expect(
        post(
          `http://localhost:${(server.address() as AddressInfo).port}/ok`,
          '{}',
          {},
          { timeoutMs: 1000, allowPrivate: false },
        ),
      ).rejects.toThrow(/private address/);
      expect(await post(`${base}/ok`, '{}', {}, { timeoutMs: 1000, allowPrivate: true })).toMatchObject({
        status: 201,
        excerpt: 'created',
      });
      await expect(post(`${base}/hang`, '{}', {}, { timeoutMs: 300, allowPrivate: true })).rejects.toThrow(
        /timed out after 300 ms/,
      );
      const huge = await post(
        `${base}/huge`,
        '{}',
        {},
        { timeoutMs: 2000, allowPrivate: true, maxResponseBytes: 4096 },
      );
      expect(huge.status).toBe(200);
      expect(huge.excerpt.length).toBeLessThanOrEqual(1024);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});

describe('signed links', () => {
  const signer = new TokenSigner('server secret');
  it('verify their own tokens only, for their purpose, until they expire', () => {
    const t = signer.sign('unsubscribe', { u: 'user-1', k: 'YOUR_TURN' });
    expect(signer.verify('unsubscribe', t)).toMatchObject({ u: 'user-1', k: 'YOUR_TURN' });
    expect(signer.verify('confirm-email', t)).toBeNull();
    expect(new TokenSigner('another secret').verify('unsubscribe', t)).toBeNull();
    const [body, mac] = t.split('.');
    const forged = Buffer.from(JSON.stringify({ u: 'user-2', k: 'YOUR_TURN', p: 'unsubscribe' })).toString('base64url');
    expect(signer.verify('unsubscribe', `${forged}.${mac}`)).toBeNull();
    expect(signer.verify('unsubscribe', `${body}.x${mac.slice(1)}`)).toBeNull();
    expect(
      signer.verify('confirm-email', signer.sign('confirm-email', { u: 'u', e: 'a@b.org', x: Date.now() - 1 })),
    ).toBeNull();
    expect(signer.verify('unsubscribe', 42)).toBeNull();
  });
});

describe('webhook bodies and signatures', () => {
  const msg = {
    kind: 'STEP_RESOLVED' as const,
    title: 'Step 2 resolved: <b>Game</b> @everyone',
    lines: ['One', '• two'],
    gameId: 'g1',
    step: 2,
    data: { gameId: 'g1', step: 2 },
  };
  it('Standard Webhooks JSON, Discord and Slack', () => {
    const at = new Date('2026-06-01T12:00:00Z');
    expect(JSON.parse(webhookBody('JSON', msg, at))).toMatchObject({
      type: 'step.resolved',
      timestamp: '2026-06-01T12:00:00.000Z',
      data: { gameId: 'g1', step: 2, title: msg.title },
    });
    const discord = JSON.parse(webhookBody('DISCORD', msg, at));
    expect(discord.allowed_mentions).toEqual({ parse: [] });
    expect(discord.embeds[0].description).toBe('One\n• two');
    const slack = JSON.parse(webhookBody('SLACK', msg, at));
    expect(slack.blocks[0].text.text).toContain('&lt;b&gt;Game&lt;/b&gt;');
  });

  it('signatures verify with the standardwebhooks library, old and new secret during a rotation', () => {
    const oldSecret = newSecret();
    const secret = newSecret();
    const body = webhookBody('JSON', msg, new Date());
    const now = new Date();
    const headers = signatureHeaders(
      { secret, previousSecret: oldSecret, previousSecretUntil: new Date(Date.now() + 60_000) },
      'msg_1',
      body,
      now,
    );
    expect(new Webhook(secret).verify(body, headers)).toMatchObject({ type: 'step.resolved' });
    expect(new Webhook(oldSecret).verify(body, headers)).toMatchObject({ type: 'step.resolved' });
    const expired = signatureHeaders(
      { secret, previousSecret: oldSecret, previousSecretUntil: new Date(now.getTime() - 1) },
      'msg_1',
      body,
      now,
    );
    expect(() => new Webhook(oldSecret).verify(body, expired)).toThrow();
    expect(() => new Webhook(secret).verify(`${body} `, headers)).toThrow();
  });
});

describe('content', () => {
  const game: GameInfo = {
    id: '12345678-aaaa-bbbb-cccc-000000000000',
    module: 'm',
    moduleTitle: 'Module',
    scenario: 's',
    status: 'ACTIVE',
    step: 2,
    spectatorDelaySteps: 0,
    seats: [],
  };
  const ev = (seq: number, visibleTo: string[], data: unknown): StoredEvent => ({
    seq,
    step: 1,
    type: 'e',
    visibleTo,
    data,
    rolls: [],
  });
  const events = [
    ev(1, ['north'], { note: 'NORTH-SECRET' }),
    ev(2, ['south'], { note: 'SOUTH-SECRET' }),
    ev(3, ['*'], { public: true }),
  ];

  it('a side sees its own and public events; game hooks public ones only', () => {
    const north = JSON.stringify(stepResolved(cfg, game, 1, events, ['north'], 'ACTIVE'));
    expect(north).toContain('NORTH-SECRET');
    expect(north).not.toContain('SOUTH-SECRET');
    const pub = JSON.stringify(stepResolved(cfg, game, 1, events, null, 'ACTIVE'));
    expect(pub).not.toContain('SECRET');
    expect(pub).toContain('public');
  });

  it("results and turns read as sentences, with the deadline in the reader's zone and relative", () => {
    const said = stepResolved(
      cfg,
      game,
      1,
      [{ ...ev(5, ['*'], { bids: 1 }), text: 'Round 1: north bid 3, south bid 2.' }],
      ['north'],
      'ACTIVE',
    );
    expect(said.lines).toContain('• Round 1: north bid 3, south bid 2.');
    expect(said.lines.join('\n')).not.toContain('"bids"');
    const now = new Date('2026-12-01T19:00:00Z');
    const at = '2026-12-03T19:00:00.000Z';
    const when = formatDeadline(new Date(at), 'Europe/Paris', now);
    expect(when).toBe('Thu 3 Dec 20:00 CET, in 2 days');
    expect(formatDeadline(new Date(at), 'Not/AZone', now)).toBe('Thu 3 Dec 19:00 UTC, in 2 days');
    expect(formatDeadline(new Date('2026-12-01T19:45:00Z'), 'UTC', now)).toBe('Tue 1 Dec 19:45 UTC, in 45 minutes');
    const turn = yourTurn(
      cfg,
      game,
      2,
      ['north'],
      at,
      [{ side: 'north', kind: 'bid', description: 'Bid.', text: 'Bid 0 to 10 for the right to claim a prize.' }],
      false,
      when,
    );
    expect(turn.lines).toContain('• north: Bid 0 to 10 for the right to claim a prize.');
    expect(turn.lines).toContain(`Deadline: ${when} (default orders are used after it).`);
    expect(turn.data.deadline).toBe(at); // machines keep the ISO instant
    expect(deadlineReminder(cfg, game, 2, ['north'], at, when).lines[0]).toContain(`due ${when}`);
  });

  it('mail bodies escape HTML; digests group by game; push payloads stay small', () => {
    const m = { ...stepResolved(cfg, game, 1, [ev(4, ['*'], { text: '<script>x</script>' })], null, 'ACTIVE') };
    const mail = renderMail(m, 'http://127.0.0.1:3000/notifications/unsubscribe?token=t');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.text).toContain('Unsubscribe: http://127.0.0.1:3000/notifications/unsubscribe?token=t');
    const digest = renderDigest([m, m, { kind: 'WEBHOOK_DISABLED', title: 'Webhook off', lines: ['x'], data: {} }]);
    expect(digest.subject).toContain('3 notifications in 1 game');
    expect(digest.text.indexOf('Other notices')).toBeGreaterThan(digest.text.indexOf(game.id));
    const big = pushPayload({ ...m, lines: ['z'.repeat(5000)] });
    expect(JSON.stringify(big).length).toBeLessThan(2000);
  });

  it('addresses and push keys', () => {
    expect(isValidEmail('player@example.org')).toBe(true);
    for (const bad of [
      'player',
      'a@b',
      'a b@example.org',
      'a@b@example.org',
      'x@example.org\r\nBcc: y@example.org',
      `${'a'.repeat(65)}@example.org`,
      '.a@example.org',
    ]) {
      expect(isValidEmail(bad), bad).toBe(false);
    }
    expect(isValidPushKey(Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]).toString('base64url'), 65)).toBe(true);
    expect(isValidPushKey(Buffer.alloc(65, 1).toString('base64url'), 65)).toBe(false);
    expect(isValidPushKey(Buffer.alloc(16, 1).toString('base64url'), 16)).toBe(true);
    expect(isValidPushKey('not base64!', 16)).toBe(false);
  });
});
