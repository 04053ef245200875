/**
 * "Export my data" (README, "Accounts"): what the platform holds about the caller, as JSON. Orders
 * are the caller's own submissions of steps already resolved; nothing of another player (their
 * orders, notes, the game state, a running game's seed) is included, and no secret of the
 * caller's (password hash, token hashes, webhook signing secrets) either.
 *
 * Press (docs/press.md, "Accounts"): the messages the caller wrote, in every channel, with their
 * text even when a moderator hid them (the caller wrote it); their read marks; the reports they
 * filed, naming the message they reported (game, channel, sequence number) but not its text, which
 * another player wrote. Nothing anybody else wrote is in it, and not whether anyone reported the
 * caller's own messages (in a channel of two sides that would name the reporter).
 */
import type { Principal } from '../auth/service.js';
import type { Platform } from '../context.js';
import { reliabilities } from '../play/missed-turns.js';
import { getSettings } from '../notifications/preferences.js';
import { listClients, presentClient } from '../oauth/clients.js';
import { authorisedApps } from '../oauth/grants.js';
import { blockedUsers } from './blocks.js';
import { profiles } from './profile.js';

export async function exportMyData(p: Platform, user: Principal) {
  const userId = user.userId;
  const [
    account,
    profile,
    settings,
    preferences,
    webhooks,
    push,
    seats,
    submissions,
    notes,
    vacations,
    apiTokens,
    blocked,
    reliability,
  ] = await Promise.all([
    p.prisma.user.findUniqueOrThrow({
      where: { id: userId },
      select: { id: true, username: true, createdAt: true, isAdmin: true },
    }),
    profiles(p, [userId]).then((m) => m.get(userId)!),
    getSettings(p.prisma, userId),
    p.prisma.notificationPreference.findMany({
      where: { userId },
      orderBy: [{ gameId: 'asc' }, { kind: 'asc' }, { channel: 'asc' }],
    }),
    p.prisma.webhook.findMany({ where: { userId }, orderBy: { createdAt: 'asc' } }),
    p.prisma.pushSubscription.findMany({ where: { userId }, orderBy: { createdAt: 'asc' } }),
    p.prisma.seat.findMany({ where: { userId }, include: { game: true }, orderBy: { joinedAt: 'asc' } }),
    p.prisma.submission.findMany({
      where: { userId, origin: 'player' },
      include: { game: { select: { step: true, status: true } } },
      orderBy: [{ gameId: 'asc' }, { step: 'asc' }, { side: 'asc' }],
    }),
    p.prisma.gameNote.findMany({ where: { userId }, orderBy: { gameId: 'asc' } }),
    p.prisma.vacation.findMany({ where: { userId }, orderBy: { startsAt: 'asc' } }),
    p.prisma.apiToken.findMany({ where: { userId }, orderBy: { createdAt: 'asc' } }),
    blockedUsers(p, userId),
    reliabilities(p, [userId]).then((m) => m.get(userId)!),
  ]);
  const [oauthApps, authorised] = await Promise.all([
    listClients(p.prisma, userId),
    authorisedApps(p.prisma, p.config.notify.publicUrl, userId),
  ]);
  const [messages, readMarks, reports] = await Promise.all([
    p.prisma.pressMessage.findMany({
      where: { senderId: userId },
      orderBy: [{ createdAt: 'asc' }, { gameId: 'asc' }, { seq: 'asc' }],
    }),
    p.prisma.pressReadMark.findMany({ where: { userId }, orderBy: [{ gameId: 'asc' }, { channel: 'asc' }] }),
    p.prisma.pressReport.findMany({
      where: { reporterId: userId },
      include: { message: { select: { gameId: true, channel: true, seq: true } } },
      orderBy: { createdAt: 'asc' },
    }),
  ]);
  const named = messages.filter((m) => m.channel.startsWith('sides:'));
  const channelNames = named.length
    ? new Map(
        (
          await p.prisma.pressChannel.findMany({
            where: { OR: named.map((m) => ({ gameId: m.gameId, key: m.channel })) },
          })
        ).map((c) => [`${c.gameId}|${c.key}`, c.name]),
      )
    : new Map<string, string>();
  const games = new Map<
    string,
    {
      id: string;
      module: string;
      scenario: string;
      status: string;
      createdAt: Date;
      startedAt: Date | null;
      finishedAt: Date | null;
      outcome: unknown;
      sides: { side: string; joinedAt: Date }[];
    }
  >();
  for (const s of seats) {
    const g = s.game;
    const entry = games.get(g.id) ?? {
      id: g.id,
      module: g.module,
      scenario: g.scenario,
      status: g.status,
      createdAt: g.createdAt,
      startedAt: g.startedAt,
      finishedAt: g.finishedAt,
      outcome: g.status === 'FINISHED' ? g.outcome : null,
      sides: [],
    };
    entry.sides.push({ side: s.side, joinedAt: s.joinedAt });
    games.set(g.id, entry);
  }
  const resolved = (s: (typeof submissions)[number]) =>
    s.step < s.game.step || s.game.status === 'FINISHED' || s.game.status === 'CANCELLED';
  return {
    format: 'warpost-account-export/1',
    exportedAt: new Date().toISOString(),
    account: { ...account, email: settings.email, pendingEmail: settings.pendingEmail },
    profile,
    reliability,
    notificationSettings: {
      timeZone: settings.timeZone,
      quietStart: settings.quietStart,
      quietEnd: settings.quietEnd,
      digest: settings.digest,
      digestTime: settings.digestTime,
      preferences: preferences.map((r) => ({
        gameId: r.gameId || null,
        kind: r.kind,
        channel: r.channel,
        enabled: r.enabled,
      })),
      webhooks: webhooks.map((h) => ({
        id: h.id,
        url: h.url,
        format: h.format,
        gameId: h.gameId,
        kinds: h.kinds,
        enabled: h.enabled,
        createdAt: h.createdAt,
      })),
      pushSubscriptions: push.map((s) => ({ endpoint: s.endpoint, createdAt: s.createdAt })),
    },
    games: [...games.values()],
    orders: submissions
      .filter(resolved)
      .map((s) => ({ gameId: s.gameId, step: s.step, side: s.side, orders: s.orders, submittedAt: s.updatedAt })),
    notes: notes.map((n) => ({ gameId: n.gameId, text: n.text, updatedAt: n.updatedAt })),
    vacations: vacations.map((v) => ({ startsAt: v.startsAt, endsAt: v.endsAt, endedEarlyAt: v.endedEarlyAt })),
    apiTokens: apiTokens.map((t) => ({
      name: t.name,
      scopes: t.scopes,
      createdAt: t.createdAt,
      lastUsedAt: t.lastUsedAt,
      revokedAt: t.revokedAt,
    })),
    oauthApps: oauthApps.map(presentClient),
    authorisedApps: authorised,
    blockedUsers: blocked.map((u) => u.username),
    press: {
      messages: messages.map((m) => ({
        gameId: m.gameId,
        seq: m.seq,
        channel: m.channel,
        channelName: channelNames.get(`${m.gameId}|${m.channel}`) ?? null,
        side: m.senderSide,
        step: m.step,
        sentAt: m.createdAt,
        text: m.text,
        hidden: m.hiddenAt !== null,
        hiddenAt: m.hiddenAt,
      })),
      readMarks: readMarks.map((r) => ({
        gameId: r.gameId,
        channel: r.channel,
        lastSeq: r.lastSeq,
        updatedAt: r.updatedAt,
      })),
      reports: reports.map((r) => ({
        messageId: r.messageId,
        gameId: r.message.gameId,
        channel: r.message.channel,
        seq: r.message.seq,
        reason: r.reason,
        createdAt: r.createdAt,
      })),
    },
  };
}
