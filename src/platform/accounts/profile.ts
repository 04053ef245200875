/**
 * Public profiles (README, "Accounts"): display name, time zone, languages and a short bio, all
 * plain text within limits (HTML is refused, not escaped: clients render text), plus what the
 * platform knows: games played by module and the reliability figure (games/missed-turns.ts).
 * The time zone is the one notifications use (NotificationSettings.timeZone): one per person.
 */
import type { Principal } from '../auth/service.js';
import type { Platform } from '../context.js';
import { AppError, type ErrorDetail } from '../errors.js';
import { TX_OPTIONS } from '../db/transactions.js';
import { isValidTimeZone } from '../calendar.js';

export const LIMITS = { displayName: 50, bio: 500, languages: 10, languageTag: 35 };

export interface ProfileInput {
  displayName?: string | null;
  timeZone?: string | null;
  languages?: string[] | null;
  bio?: string | null;
}

const FIELDS = ['displayName', 'timeZone', 'languages', 'bio'];
/** Markup: a tag opening or closing, a comment, a declaration, or a character reference. */
const HTML = /<[a-zA-Z/!?]|&(#\d+|#x[0-9a-fA-F]+|[a-zA-Z]+);/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/;

function checkText(details: ErrorDetail[], field: string, value: unknown, max: number, multiline: boolean) {
  if (value === null || value === undefined) return;
  const path = ['input', field];
  if (typeof value !== 'string') return void details.push({ code: 'INVALID_TEXT', path, message: 'Give text.' });
  if ([...value].length > max) details.push({ code: 'TOO_LONG', path, message: `Give at most ${max} characters.` });
  if (HTML.test(value))
    details.push({ code: 'HTML_NOT_ALLOWED', path, message: 'Plain text only: no HTML tags or character references.' });
  if (CONTROL.test(value) || (!multiline && /[\n\r]/.test(value)))
    details.push({
      code: 'INVALID_TEXT',
      path,
      message: multiline ? 'No control characters.' : 'One line, no control characters.',
    });
}

/** Canonical BCP 47 tags, or problems. */
function checkLanguages(details: ErrorDetail[], tags: unknown): string[] | undefined {
  if (tags === null || tags === undefined) return undefined;
  const path = ['input', 'languages'];
  if (!Array.isArray(tags))
    return void details.push({
      code: 'INVALID_LANGUAGES',
      path,
      message: 'Give a list of language tags.',
    }) as undefined;
  if (tags.length > LIMITS.languages)
    details.push({ code: 'TOO_MANY', path, message: `Give at most ${LIMITS.languages} languages.` });
  const out: string[] = [];
  tags.forEach((t, i) => {
    try {
      if (typeof t !== 'string' || t.length > LIMITS.languageTag) throw new RangeError();
      out.push(Intl.getCanonicalLocales(t)[0]!);
    } catch {
      details.push({
        code: 'INVALID_LANGUAGE',
        path: [...path, i],
        message: `"${String(t).slice(0, 40)}" is not a language tag (for example en, fr-CA).`,
      });
    }
  });
  return [...new Set(out)];
}

/** Changes the caller's profile; a field left out stays, null clears it. Nothing is stored on a problem. */
export async function updateProfile(p: Platform, user: Principal, input: ProfileInput) {
  const details: ErrorDetail[] = [];
  const unknown = Object.keys(input ?? {}).filter((k) => !FIELDS.includes(k));
  for (const k of unknown)
    details.push({ code: 'UNKNOWN_FIELD', path: ['input', k], message: `Unknown field; use ${FIELDS.join(', ')}.` });
  checkText(details, 'displayName', input.displayName, LIMITS.displayName, false);
  checkText(details, 'bio', input.bio, LIMITS.bio, true);
  const languages = checkLanguages(details, input.languages);
  if (input.timeZone != null && (typeof input.timeZone !== 'string' || !isValidTimeZone(input.timeZone))) {
    details.push({
      code: 'INVALID_TIME_ZONE',
      path: ['input', 'timeZone'],
      message: `"${String(input.timeZone).slice(0, 64)}" is not an IANA time zone (for example Europe/Paris).`,
    });
  }
  if (details.length) throw new AppError('BAD_INPUT', 'The profile was not changed: see details.', details);
  const data = {
    ...('displayName' in input ? { displayName: input.displayName?.trim() || null } : {}),
    ...('bio' in input ? { bio: input.bio?.trim() || null } : {}),
    ...('languages' in input ? { languages: languages ?? [] } : {}),
  };
  await p.prisma.$transaction(async (tx) => {
    await tx.userProfile.upsert({
      where: { userId: user.userId },
      create: { userId: user.userId, ...data },
      update: data,
    });
    if ('timeZone' in input) {
      const timeZone = input.timeZone ?? 'UTC';
      await tx.notificationSettings.upsert({
        where: { userId: user.userId },
        create: { userId: user.userId, timeZone },
        update: { timeZone },
      });
    }
  }, TX_OPTIONS);
  return true;
}

export interface Profile {
  displayName: string | null;
  timeZone: string;
  languages: string[];
  bio: string | null;
  memberSince: Date;
}

/** Profiles of several users at once (one query per table), for list fields. */
export async function profiles(p: Platform, userIds: readonly string[]): Promise<Map<string, Profile>> {
  const ids = [...new Set(userIds)];
  const [users, rows, zones] = await Promise.all([
    p.prisma.user.findMany({ where: { id: { in: ids } }, select: { id: true, createdAt: true } }),
    p.prisma.userProfile.findMany({ where: { userId: { in: ids } } }),
    p.prisma.notificationSettings.findMany({
      where: { userId: { in: ids } },
      select: { userId: true, timeZone: true },
    }),
  ]);
  return new Map(
    users.map((u) => {
      const r = rows.find((x) => x.userId === u.id);
      return [
        u.id,
        {
          displayName: r?.displayName ?? null,
          bio: r?.bio ?? null,
          languages: r?.languages ?? [],
          timeZone: zones.find((z) => z.userId === u.id)?.timeZone ?? 'UTC',
          memberSince: u.createdAt,
        },
      ];
    }),
  );
}

export interface ModuleGames {
  module: string;
  /** Games started (running or over) in which the user holds a side. */
  played: number;
  finished: number;
}

/** Games played by module, for several users at once. Only counts: nothing about private games' content. */
export async function gamesPlayed(p: Platform, userIds: readonly string[]): Promise<Map<string, ModuleGames[]>> {
  const ids = [...new Set(userIds)];
  const seats = await p.prisma.seat.findMany({
    where: { userId: { in: ids }, game: { status: { in: ['ACTIVE', 'PAUSED', 'FINISHED'] } } },
    select: { userId: true, gameId: true, game: { select: { module: true, status: true } } },
  });
  const out = new Map<string, ModuleGames[]>(ids.map((id) => [id, []]));
  const seen = new Set<string>();
  for (const s of seats) {
    const key = `${s.userId}|${s.gameId}`;
    if (seen.has(key)) continue; // several sides of one game are one game
    seen.add(key);
    const list = out.get(s.userId)!;
    let m = list.find((x) => x.module === s.game.module);
    if (!m) list.push((m = { module: s.game.module, played: 0, finished: 0 }));
    m.played++;
    if (s.game.status === 'FINISHED') m.finished++;
  }
  for (const list of out.values()) list.sort((a, b) => a.module.localeCompare(b.module));
  return out;
}

/** The user of a name (case-insensitively), or null; deleted accounts have no profile. */
export function findUser(p: Platform, username: string) {
  if (typeof username !== 'string' || username.length > 64) return Promise.resolve(null);
  return p.prisma.user.findFirst({
    where: { username: { equals: username, mode: 'insensitive' }, deletedAt: null },
    select: { id: true, username: true },
  });
}
