/**
 * Per-user notification settings and preferences: which kinds reach which channels (with
 * per-game overrides), the time zone, quiet hours and the daily digest. Bad input is refused
 * with a structured error and changes nothing.
 */
import type { Principal } from '../auth/service.js';
import type { Platform } from '../context.js';
import type { Db } from '../db/client.js';
import { AppError, type ErrorDetail } from '../errors.js';
import { TX_OPTIONS } from '../db/transactions.js';
import { loadGame, viewerSide } from '../play/views.js';
import { CHANNELS, defaultEnabled, isChannel, isKind, KINDS, type Channel, type Kind } from './kinds.js';
import { isValidTimeZone } from '../calendar.js';
import { nextOccurrence, parseClock, type QuietHours } from './localtime.js';

export interface Settings {
  userId: string;
  email: string | null;
  pendingEmail: string | null;
  timeZone: string;
  quietStart: string | null;
  quietEnd: string | null;
  digest: boolean;
  digestTime: string;
}

const DEFAULTS = {
  email: null,
  pendingEmail: null,
  timeZone: 'UTC',
  quietStart: null,
  quietEnd: null,
  digest: false,
  digestTime: '08:00',
};

type Reader = Pick<Db, 'notificationSettings' | 'notificationPreference'>;

export async function getSettings(db: Reader, userId: string): Promise<Settings> {
  return (await db.notificationSettings.findUnique({ where: { userId } })) ?? { userId, ...DEFAULTS };
}

export const quietOf = (s: Settings): QuietHours | null =>
  s.quietStart && s.quietEnd ? { start: s.quietStart, end: s.quietEnd } : null;

export interface PreferenceRow {
  gameId: string;
  kind: string;
  channel: string;
  enabled: boolean;
}

/** A game override wins over the user's default, which wins over the built-in default. */
export function isEnabled(rows: PreferenceRow[], kind: Kind, channel: Channel, gameId?: string | null): boolean {
  const game = gameId ? rows.find((r) => r.gameId === gameId && r.kind === kind && r.channel === channel) : undefined;
  if (game) return game.enabled;
  const mine = rows.find((r) => r.gameId === '' && r.kind === kind && r.channel === channel);
  return mine ? mine.enabled : defaultEnabled(kind, channel);
}

export function preferenceRows(db: Reader, userId: string, gameId?: string | null): Promise<PreferenceRow[]> {
  return db.notificationPreference.findMany({ where: { userId, gameId: { in: gameId ? ['', gameId] : [''] } } });
}

/** The whole matrix for one scope, saying where each value comes from. */
export async function effectivePreferences(p: Platform, userId: string, gameId?: string | null) {
  const rows = await preferenceRows(p.prisma, userId, gameId);
  return KINDS.flatMap((kind) =>
    CHANNELS.map((channel) => {
      const own = rows.find((r) => r.gameId === (gameId ?? '') && r.kind === kind && r.channel === channel);
      const source = own
        ? gameId
          ? 'GAME'
          : 'USER'
        : gameId && rows.some((r) => r.gameId === '' && r.kind === kind && r.channel === channel)
          ? 'USER'
          : 'DEFAULT';
      return { kind, channel, enabled: isEnabled(rows, kind, channel, gameId), gameId: gameId ?? null, source };
    }),
  );
}

export interface PreferenceInput {
  /** Null or absent: every kind. */
  kind?: string | null;
  /** Null or absent: every channel. */
  channel?: string | null;
  enabled: boolean;
}

export async function setPreferences(p: Platform, user: Principal, inputs: PreferenceInput[], gameId?: string | null) {
  const details: ErrorDetail[] = [];
  if (!Array.isArray(inputs) || inputs.length === 0 || inputs.length > 100) {
    throw new AppError('BAD_INPUT', 'Send 1 to 100 preferences.', [
      { code: 'INVALID_PREFERENCES', path: ['preferences'], message: 'Send 1 to 100 preferences.' },
    ]);
  }
  inputs.forEach((i, n) => {
    if (i.kind != null && !isKind(i.kind))
      details.push({
        code: 'UNKNOWN_KIND',
        path: ['preferences', n, 'kind'],
        message: `Unknown kind "${i.kind}"; kinds are ${KINDS.join(', ')}.`,
      });
    if (i.channel != null && !isChannel(i.channel))
      details.push({
        code: 'UNKNOWN_CHANNEL',
        path: ['preferences', n, 'channel'],
        message: `Unknown channel "${i.channel}"; channels are ${CHANNELS.join(', ')}.`,
      });
    if (typeof i.enabled !== 'boolean')
      details.push({
        code: 'INVALID_ENABLED',
        path: ['preferences', n, 'enabled'],
        message: 'enabled is true or false.',
      });
  });
  if (details.length) throw new AppError('BAD_INPUT', 'Some preferences are not valid.', details);
  if (gameId) await checkGameVisible(p, user, gameId);
  const rows = new Map<string, { kind: Kind; channel: Channel; enabled: boolean }>();
  for (const i of inputs) {
    for (const kind of i.kind ? [i.kind as Kind] : KINDS) {
      for (const channel of i.channel ? [i.channel as Channel] : CHANNELS)
        rows.set(`${kind}|${channel}`, { kind, channel, enabled: i.enabled });
    }
  }
  await p.prisma.$transaction(async (tx) => {
    for (const r of rows.values()) {
      const key = { userId: user.userId, gameId: gameId ?? '', kind: r.kind, channel: r.channel };
      await tx.notificationPreference.upsert({
        where: { userId_gameId_kind_channel: key },
        create: { ...key, enabled: r.enabled },
        update: { enabled: r.enabled },
      });
    }
  }, TX_OPTIONS);
  return effectivePreferences(p, user.userId, gameId);
}

export async function clearGameOverrides(p: Platform, user: Principal, gameId: string): Promise<boolean> {
  const r = await p.prisma.notificationPreference.deleteMany({ where: { userId: user.userId, gameId } });
  return r.count > 0;
}

/** Per-game overrides need a game the caller may see (private games do not admit they exist). */
export async function checkGameVisible(p: Platform, user: Principal, gameId: string) {
  const game = await loadGame(p, gameId);
  await viewerSide(p, game, user);
  return game;
}

export interface SettingsInput {
  timeZone?: string | null;
  /** Null clears quiet hours; absent leaves them. */
  quietHours?: QuietHours | null;
  digest?: boolean | null;
  digestTime?: string | null;
}

export async function updateSettings(p: Platform, user: Principal, input: SettingsInput): Promise<Settings> {
  const details: ErrorDetail[] = [];
  if (input.timeZone != null && !isValidTimeZone(input.timeZone)) {
    details.push({
      code: 'INVALID_TIME_ZONE',
      path: ['input', 'timeZone'],
      message: `"${String(input.timeZone).slice(0, 64)}" is not an IANA time zone (for example Europe/Paris).`,
    });
  }
  if (input.quietHours) {
    for (const f of ['start', 'end'] as const) {
      if (parseClock(input.quietHours[f]) === null)
        details.push({
          code: 'INVALID_TIME',
          path: ['input', 'quietHours', f],
          message: 'Give a time as HH:MM (24-hour).',
        });
    }
    if (input.quietHours.start === input.quietHours.end)
      details.push({
        code: 'EMPTY_QUIET_HOURS',
        path: ['input', 'quietHours'],
        message: 'Quiet hours start and end at different times.',
      });
  }
  if (input.digestTime != null && parseClock(input.digestTime) === null)
    details.push({ code: 'INVALID_TIME', path: ['input', 'digestTime'], message: 'Give a time as HH:MM (24-hour).' });
  if (details.length) throw new AppError('BAD_INPUT', 'Some notification settings are not valid.', details);

  const data = {
    ...(input.timeZone != null ? { timeZone: input.timeZone } : {}),
    ...(input.quietHours !== undefined
      ? { quietStart: input.quietHours?.start ?? null, quietEnd: input.quietHours?.end ?? null }
      : {}),
    ...(input.digest != null ? { digest: input.digest } : {}),
    ...(input.digestTime != null ? { digestTime: input.digestTime } : {}),
  };
  const settings = await p.prisma.notificationSettings.upsert({
    where: { userId: user.userId },
    create: { userId: user.userId, ...data },
    update: data,
  });
  await reschedule(p, settings);
  return settings;
}

/**
 * After a settings change, held messages are looked at again now (the sender holds them anew if
 * quiet hours still apply) and waiting digest items move to the new digest time (or go out now
 * when the digest was switched off).
 */
async function reschedule(p: Platform, s: Settings) {
  const now = new Date();
  const held = await p.prisma.notificationDelivery.findMany({
    where: { userId: s.userId, status: 'HELD' },
    select: { id: true, attempts: true },
  });
  if (held.length) {
    await p.prisma.notificationDelivery.updateMany({
      where: { id: { in: held.map((h) => h.id) }, status: 'HELD' },
      data: { status: 'PENDING', notBefore: now },
    });
    for (const h of held)
      await p.notify.queue.enqueue({ deliveryId: h.id }, { jobId: `${h.id}_${h.attempts}_r${now.getTime()}` });
  }
  const notBefore = s.digest ? nextOccurrence(now, parseClock(s.digestTime)!, s.timeZone) : now;
  await p.prisma.notificationDelivery.updateMany({
    where: { userId: s.userId, status: 'DIGEST' },
    data: { notBefore },
  });
}
