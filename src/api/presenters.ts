/**
 * Presenters: how the platform's rows leave the server, shared by both adapters (GraphQL in
 * graphql/, REST in rest/) so the two answer alike. Pure shaping, plus the one read a summary's
 * `iOwe` needs (through the games service).
 */
import type { Platform } from '#platform/context.js';
import * as views from '#platform/play/views.js';
import { freeSides, offeredSides } from '#platform/play/discovery.js';
import { pressRulesOf } from '#platform/press/rules.js';
import { EVENT_TYPES, type AnyKind } from '#platform/notifications/kinds.js';
import type * as hooks from '#platform/notifications/webhooks.js';

/** What a lobby summary is made of: a game row with its seats and each seat's user. */
export type SummarySource = {
  stepDeadline: Date | null;
  status: string;
  seed: string;
  pressMode?: string;
  pressDuringReveal?: boolean;
  seats: {
    side: string;
    user: { id: string; username: string };
    offeredAt?: Date | null;
    offeredToId?: string | null;
  }[];
};

export function summary<G extends SummarySource>(g: G) {
  return {
    ...g,
    deadline: g.stepDeadline,
    seed: g.status === 'FINISHED' || g.status === 'CANCELLED' ? g.seed : null,
    press: pressRulesOf(g),
    seats: g.seats.map((s) => ({ side: s.side, user: { id: s.user.id, username: s.user.username } })),
    /** Offered seats, for GameSummary.offeredSides (which shows each caller only the offers open to them). */
    _offers: g.seats.filter((s) => s.offeredAt).map((s) => ({ side: s.side, to: s.offeredToId ?? null })),
  };
}

export const moduleInfo = (m: {
  id: string;
  title: string;
  sides: string[];
  scenarios: unknown[];
  options: unknown[];
  promptKinds?: unknown[];
}) => ({
  id: m.id,
  title: m.title,
  sides: m.sides,
  scenarios: m.scenarios,
  options: m.options,
  promptKinds: m.promptKinds ?? [],
});

/** A summary as resolved: its game row (what owedBy reads) and its seats. */
export type SummaryRoot = ReturnType<typeof summary> & Parameters<typeof views.owedBy>[1];

/** Which of the caller's sides owe a submission in this game now (none for spectators). */
export async function owedSidesOf(
  platform: Platform,
  user: { userId: string } | null,
  g: SummaryRoot,
): Promise<string[]> {
  const mine = user ? g.seats.filter((s) => s.user.id === user.userId).map((s) => s.side) : [];
  return (await views.owedBy(platform, g, mine)).sides;
}

/** A summary with iOwe and myOwedSides filled in, for the REST mirror (GraphQL resolves them per field). */
export async function summaryFor<G extends SummarySource & Parameters<typeof views.owedBy>[1] & { scenario: string }>(
  platform: Platform,
  user: { userId: string } | null,
  g: G,
) {
  const s = summary(g);
  const myOwedSides = await owedSidesOf(platform, user, s);
  return { ...s, iOwe: myOwedSides.length > 0, myOwedSides, ...listing(platform, user, s) };
}

/** The listing fields the REST mirror adds to a summary (GraphQL resolves them per field). */
export function listing(
  platform: Platform,
  user: { userId: string } | null,
  s: ReturnType<typeof summary> & { module: string; scenario: string },
) {
  return { freeSides: freeSides(platform, s), offeredSides: offeredSides(s, user?.userId ?? null) };
}

type HookRow = Awaited<ReturnType<typeof hooks.listWebhooks>>[number];
/** Only these fields leave the server: never the secrets. */
export const hookOut = (h: HookRow) => ({
  id: h.id,
  url: h.url,
  format: h.format,
  gameId: h.gameId,
  kinds: h.kinds,
  enabled: h.enabled,
  disabledAt: h.disabledAt,
  disabledReason: h.disabledReason,
  consecutiveFailures: h.consecutiveFailures,
  previousSecretExpiresAt: h.previousSecretUntil && h.previousSecretUntil > new Date() ? h.previousSecretUntil : null,
  createdAt: h.createdAt,
});

type DeliveryRow = Awaited<ReturnType<typeof hooks.webhookDeliveries>>[number];
export const deliveryOut = (d: DeliveryRow) => ({
  id: d.id,
  kind: d.kind,
  eventType: EVENT_TYPES[d.kind as AnyKind] ?? d.kind,
  status: d.status,
  attempts: d.attempts,
  createdAt: d.createdAt,
  sentAt: d.sentAt,
  nextAttemptAt: d.status === 'PENDING' || d.status === 'HELD' ? d.notBefore : null,
  lastError: d.lastError,
  message: d.payload,
  attemptLog: d.attemptLog.map((a) => ({ ...a, at: a.startedAt })),
});
