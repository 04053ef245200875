/**
 * The dispatcher: a second consumer of the transactional outbox. Each outbox message (written in
 * the same transaction as its state change) becomes per-recipient, per-channel deliveries,
 * rendered for what that recipient may see. Deliveries and the outbox row's `dispatchedAt` are
 * written in one transaction, and every delivery has an idempotency key derived from the event,
 * channel and target: a crash rolls back the whole batch, and a message dispatched twice creates
 * nothing new. All recipients of one event are planned together from the same rows, so nobody's
 * notice depends on another side's secrets or goes out on a different schedule.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Prisma } from '#generated/prisma/client.js';
import type { Platform } from '../context.js';
import type { GameSignal, TurnSignal } from '../events/pubsub.js';
import { TX_OPTIONS, type Tx } from '../db/transactions.js';
import { spectatorHorizon } from '../trust/spectators.js';
import * as content from './content.js';
import type { GameInfo, Message, StoredEvent } from './content.js';
import type { Channel, Kind } from './kinds.js';
import { formatDeadline, nextOccurrence, parseClock } from './localtime.js';
import { eventText, promptText } from '../play/presenter.js';
import { installedModule } from '../play/views.js';
import { getSettings, isEnabled, type PreferenceRow, type Settings } from './preferences.js';
import type { ReminderSignal } from '../play/sweep.js';
import { planPress } from '../press/notify.js';
import type { PressSignal } from '../press/service.js';

/** Serialises dispatchers across processes (pg_advisory_xact_lock key). */
const DISPATCH_LOCK = 7250101;

/** Kinds for game hooks: public events of the game, never a player's personal notices. */
const GAME_HOOK_KINDS: Kind[] = ['STEP_RESOLVED', 'GAME_STARTED', 'GAME_FINISHED', 'GAME_PAUSED', 'VOTE'];

/** Kinds that go out at once even for digest readers (they lose their point a day later). */
const NEVER_DIGESTED: string[] = ['DEADLINE_REMINDER'];

type Draft = Prisma.NotificationDeliveryCreateManyInput;

export interface OutboxRow {
  id: string;
  topic: string;
  payload: unknown;
}

/** Per-batch caches and the drafts collected so far. */
class Batch {
  readonly drafts: Draft[] = [];
  private readonly settingsCache = new Map<string, Promise<Settings>>();
  private readonly prefsCache = new Map<string, Promise<PreferenceRow[]>>();
  private readonly pushCache = new Map<string, Promise<{ id: string }[]>>();
  private readonly hookCache = new Map<string, Promise<{ id: string; kinds: string[]; userId: string }[]>>();
  readonly now = new Date();

  constructor(
    readonly p: Platform,
    readonly tx: Tx,
  ) {}

  settings(userId: string) {
    return memo(this.settingsCache, userId, () => getSettings(this.tx, userId));
  }
  prefs(userId: string) {
    return memo(this.prefsCache, userId, () => this.tx.notificationPreference.findMany({ where: { userId } }));
  }
  pushSubs(userId: string) {
    return memo(this.pushCache, userId, () =>
      this.tx.pushSubscription.findMany({ where: { userId }, select: { id: true } }),
    );
  }
  userHooks(userId: string) {
    return memo(this.hookCache, `u:${userId}`, () =>
      this.tx.webhook.findMany({
        where: { userId, gameId: null, enabled: true },
        select: { id: true, kinds: true, userId: true },
      }),
    );
  }
  gameHooks(gameId: string) {
    return memo(this.hookCache, `g:${gameId}`, () =>
      this.tx.webhook.findMany({ where: { gameId, enabled: true }, select: { id: true, kinds: true, userId: true } }),
    );
  }

  add(eventKey: string, channel: Channel, target: string, userId: string, msg: Message, extra: Partial<Draft> = {}) {
    this.drafts.push({
      idempotencyKey: `${eventKey}|${channel}|${target}`,
      userId,
      kind: msg.kind,
      channel,
      gameId: msg.gameId ?? null,
      payload: msg as unknown as Prisma.InputJsonValue,
      maxAttempts: this.p.notify.config.maxAttempts,
      notBefore: this.now,
      ...extra,
    });
  }

  /** A player's own notice on every channel their preferences enable. */
  async personal(eventKey: string, userId: string, msg: Message, notBefore = this.now) {
    const kind = msg.kind as Kind;
    const [settings, prefs] = await Promise.all([this.settings(userId), this.prefs(userId)]);
    if (this.p.notify.config.smtpUrl && settings.email && isEnabled(prefs, kind, 'EMAIL', msg.gameId)) {
      const digest = settings.digest && !NEVER_DIGESTED.includes(kind);
      const at = digest
        ? laterOf(nextOccurrence(this.now, parseClock(settings.digestTime) ?? 480, settings.timeZone), notBefore)
        : notBefore;
      this.add(eventKey, 'EMAIL', userId, userId, msg, { status: digest ? 'DIGEST' : 'PENDING', notBefore: at });
    }
    if (isEnabled(prefs, kind, 'PUSH', msg.gameId)) {
      for (const sub of await this.pushSubs(userId))
        this.add(eventKey, 'PUSH', sub.id, userId, msg, { pushSubscriptionId: sub.id, notBefore });
    }
    if (isEnabled(prefs, kind, 'WEBHOOK', msg.gameId)) {
      for (const hook of await this.userHooks(userId)) {
        if (wants(hook.kinds, kind))
          this.add(eventKey, 'WEBHOOK', hook.id, userId, msg, { webhookId: hook.id, notBefore });
      }
    }
  }

  /** Game hooks (club channels) get the public version of game-level events. */
  async public(eventKey: string, gameId: string, msg: Message) {
    if (!GAME_HOOK_KINDS.includes(msg.kind as Kind)) return;
    for (const hook of await this.gameHooks(gameId)) {
      if (wants(hook.kinds, msg.kind)) this.add(eventKey, 'WEBHOOK', hook.id, hook.userId, msg, { webhookId: hook.id });
    }
  }
}

function memo<T>(cache: Map<string, Promise<T>>, key: string, load: () => Promise<T>): Promise<T> {
  let v = cache.get(key);
  if (!v) cache.set(key, (v = load()));
  return v;
}

const wants = (kinds: string[], kind: string) => kinds.length === 0 || kinds.includes(kind);
const laterOf = (a: Date, b: Date) => (a > b ? a : b);

async function gameInfo(p: Platform, tx: Tx, gameId: string) {
  const game = await tx.game.findUnique({
    where: { id: gameId },
    include: { seats: { include: { user: { select: { username: true } } } } },
  });
  if (!game) return null;
  let moduleTitle = game.module;
  try {
    moduleTitle = p.modules.get(game.module).title;
  } catch {
    // a module no longer installed: keep its id
  }
  const info: GameInfo = {
    id: game.id,
    module: game.module,
    moduleTitle,
    scenario: game.scenario,
    status: game.status,
    step: game.step,
    spectatorDelaySteps: (game as { spectatorDelaySteps?: number }).spectatorDelaySteps ?? 0,
    seats: game.seats.map((s) => ({ side: s.side, userId: s.userId, username: s.user.username })),
  };
  return { game, info };
}

/** Sides held per user (a user may hold several). */
function sidesByUser(info: GameInfo): Map<string, string[]> {
  const m = new Map<string, string[]>();
  for (const s of info.seats) m.set(s.userId, [...(m.get(s.userId) ?? []), s.side]);
  return m;
}

async function planGameSignal(b: Batch, sig: GameSignal) {
  const loaded = await gameInfo(b.p, b.tx, sig.gameId);
  if (!loaded) return;
  const { info } = loaded;
  const cfg = b.p.notify.config;
  const events = (await b.tx.gameEvent.findMany({
    where: { gameId: sig.gameId, seq: { gt: sig.afterSeq, lte: sig.uptoSeq } },
    orderBy: { seq: 'asc' },
  })) as StoredEvent[];
  const players = sidesByUser(info);
  for (const ev of events) {
    if (ev.type === 'game-started') {
      const key = `GAME_STARTED:${info.id}`;
      for (const [userId, sides] of players) await b.personal(key, userId, content.gameStarted(cfg, info, sides));
      await b.public(key, info.id, content.gameStarted(cfg, info, null));
    } else if (ev.type === 'step-resolved') {
      const key = `STEP_RESOLVED:${info.id}:${ev.step}`;
      for (const [userId, sides] of players)
        await b.personal(
          key,
          userId,
          content.stepResolved(cfg, info, ev.step, described(b, info, events, sides), sides, sig.status),
        );
      await planPublicStep(b, info, sig, ev.step, events);
    } else if (ev.type === 'game-finished') {
      const key = `GAME_FINISHED:${info.id}`;
      const msg = content.gameFinished(cfg, info, ev.data);
      for (const userId of players.keys()) await b.personal(key, userId, msg);
      await b.public(key, info.id, msg);
    } else if (ev.type === 'game-cancelled') {
      const key = `GAME_FINISHED:${info.id}`;
      const msg = content.gameFinished(cfg, info, {
        summary: String((ev.data as { summary?: string } | null)?.summary ?? 'Cancelled.'),
      });
      for (const userId of players.keys()) await b.personal(key, userId, msg);
      await b.public(key, info.id, msg);
    } else if (
      ev.type === 'vote-proposed' ||
      ev.type === 'vote-passed' ||
      ev.type === 'vote-rejected' ||
      ev.type === 'vote-expired'
    ) {
      const v = ev.data as content.VoteInfo;
      const phase = ev.type.slice(5) as 'proposed' | 'passed' | 'rejected' | 'expired';
      const key = `VOTE:${info.id}:${v.voteId}:${phase}`;
      const msg = content.vote(cfg, info, phase, v);
      const proposer = phase === 'proposed' ? info.seats.find((s) => s.username === v.by)?.userId : undefined;
      for (const userId of players.keys()) if (userId !== proposer) await b.personal(key, userId, msg);
      await b.public(key, info.id, msg);
    } else if (ev.type === 'game-paused') {
      const key = `GAME_PAUSED:${info.id}:${ev.seq}`;
      const msg = content.gamePaused(cfg, info, String((ev.data as { reason?: string } | null)?.reason ?? ''));
      for (const userId of players.keys()) await b.personal(key, userId, msg);
      await b.public(key, info.id, msg);
    }
  }
}

/**
 * Game hooks see what a spectator sees: with a spectator delay of N steps, resolving step S
 * makes step S − N public (once the game has ended the delay lifts, as for spectators).
 */
async function planPublicStep(b: Batch, info: GameInfo, sig: GameSignal, step: number, events: StoredEvent[]) {
  const cfg = b.p.notify.config;
  const horizon = spectatorHorizon({ ...info, spectatorDelaySteps: info.spectatorDelaySteps }, sig.status, sig.step);
  if (horizon === null) {
    await b.public(
      `STEP_RESOLVED:${info.id}:${step}`,
      info.id,
      content.stepResolved(cfg, info, step, described(b, info, events, null), null, sig.status),
    );
    return;
  }
  const visibleStep = horizon - 1;
  if (visibleStep < 1) return;
  const delayed = (await b.tx.gameEvent.findMany({
    where: { gameId: info.id, step: visibleStep },
    orderBy: { seq: 'asc' },
  })) as StoredEvent[];
  await b.public(
    `STEP_RESOLVED:${info.id}:${visibleStep}`,
    info.id,
    content.stepResolved(cfg, info, visibleStep, described(b, info, delayed, null), null, 'ACTIVE'),
  );
}

/**
 * Each event the recipient may see, with its sentence for one of the recipient's sides that sees
 * it (the public sentence for game hooks). Events it may not see are dropped here already.
 */
function described(b: Batch, info: GameInfo, events: StoredEvent[], sides: string[] | null): StoredEvent[] {
  const module = installedModule(b.p, info.module);
  return events
    .filter((e) => content.canSee(e, sides))
    .map((e) => {
      const viewer = e.visibleTo.includes('*')
        ? (sides?.[0] ?? null)
        : ((sides ?? []).find((s) => e.visibleTo.includes(s)) ?? null);
      return { ...e, text: eventText(module, e, viewer).text };
    });
}

/** A deadline in the recipient's own time zone (notification settings; UTC by default). */
async function deadlineFor(b: Batch, userId: string, deadline: string | null): Promise<string | undefined> {
  if (!deadline) return undefined;
  const { timeZone } = await b.settings(userId);
  return formatDeadline(new Date(deadline), timeZone, b.p.clock.now());
}

async function planTurn(b: Batch, userId: string, sig: TurnSignal & { reveal?: boolean }) {
  const loaded = await gameInfo(b.p, b.tx, sig.gameId);
  if (!loaded) return;
  const { game, info } = loaded;
  if (game.step > sig.step || game.status === 'FINISHED' || game.status === 'CANCELLED') return; // already past
  const cfg = b.p.notify.config;
  let prompts: content.PromptInfo[] = [];
  try {
    if (game.state != null) {
      prompts = b.p.modules
        .get(game.module)
        .prompts(game.state)
        .filter((pr) => sig.sides.includes(pr.side))
        .map((pr) => ({
          side: pr.side,
          kind: pr.kind,
          description: pr.description,
          text: promptText(b.p.modules.get(game.module), pr, pr.side).text,
        }));
    }
  } catch {
    prompts = []; // the notice still goes out without the prompt text
  }
  const reveal = sig.reveal === true;
  await b.personal(
    `YOUR_TURN:${info.id}:${sig.step}${reveal ? ':reveal' : ''}`,
    userId,
    content.yourTurn(
      cfg,
      info,
      sig.step,
      sig.sides,
      sig.deadline,
      prompts,
      reveal,
      await deadlineFor(b, userId, sig.deadline),
    ),
  );
  // Deadline reminders are not planned here: the clock-driven sweep (games/sweep.ts) sends them
  // when they are due, to whoever still owes orders then (planReminder).
}

/** A reminder the sweep found due: sent at once (the notifier checks again that orders are owed). */
async function planReminder(b: Batch, userId: string, sig: ReminderSignal) {
  const loaded = await gameInfo(b.p, b.tx, sig.gameId);
  if (!loaded || loaded.game.step !== sig.step || loaded.game.status !== 'ACTIVE') return;
  const key = `DEADLINE_REMINDER:${sig.gameId}:${sig.step}:${new Date(sig.deadline).getTime()}:${sig.offsetSeconds}`;
  await b.personal(
    key,
    userId,
    content.deadlineReminder(
      b.p.notify.config,
      loaded.info,
      sig.step,
      sig.sides,
      sig.deadline,
      await deadlineFor(b, userId, sig.deadline),
    ),
  );
}

async function planNotice(
  b: Batch,
  userId: string,
  payload: { kind?: string; gameId?: string; invitedBy?: string; side?: string },
) {
  if ((payload.kind !== 'INVITATION' && payload.kind !== 'SEAT_OFFERED') || !payload.gameId) return;
  const loaded = await gameInfo(b.p, b.tx, payload.gameId);
  if (!loaded) return;
  if (payload.kind === 'SEAT_OFFERED') {
    const msg = content.seatOffered(
      b.p.notify.config,
      loaded.info,
      payload.side ?? '',
      payload.invitedBy ?? 'An admin',
    );
    return b.personal(`SEAT_OFFERED:${payload.gameId}:${payload.side}:${userId}:${loaded.game.step}`, userId, msg);
  }
  const msg = content.invitation(b.p.notify.config, loaded.info, payload.invitedBy ?? 'Someone');
  await b.personal(`INVITATION:${payload.gameId}:${userId}`, userId, msg);
}

async function plan(b: Batch, row: OutboxRow) {
  const [prefix, id] = splitTopic(row.topic);
  if (prefix === 'game') await planGameSignal(b, row.payload as GameSignal);
  else if (prefix === 'user' && id) await planTurn(b, id, row.payload as TurnSignal);
  else if (prefix === 'notice' && id) await planNotice(b, id, row.payload as never);
  else if (prefix === 'reminder' && id) await planReminder(b, id, row.payload as ReminderSignal);
  else if (prefix === 'press') {
    await planPress(
      {
        tx: b.tx,
        config: b.p.notify.config,
        gameInfo: async (g) => (await gameInfo(b.p, b.tx, g))?.info ?? null,
        personal: (k, u, m) => b.personal(k, u, m),
      },
      row.payload as PressSignal,
    );
  }
  // 'lobby' and anything else: live subscriptions only
}

function splitTopic(topic: string): [string, string | undefined] {
  const i = topic.indexOf('.');
  return i < 0 ? [topic, undefined] : [topic.slice(0, i), topic.slice(i + 1)];
}

/** Dispatches every undispatched outbox message; returns how many messages were handled. */
export async function dispatchOutbox(p: Platform, batchSize = 50): Promise<number> {
  let total = 0;
  for (;;) {
    const r = await p.prisma.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT 1 AS locked FROM pg_advisory_xact_lock(${DISPATCH_LOCK}::bigint)`;
      const rows = await tx.$queryRaw<OutboxRow[]>`
        SELECT id, topic, payload FROM "OutboxMessage" WHERE "dispatchedAt" IS NULL
        ORDER BY "createdAt", id LIMIT ${batchSize}`;
      if (rows.length === 0) return { n: 0, keys: [] as string[] };
      const b = new Batch(p, tx);
      for (const row of rows) await plan(b, row);
      if (b.drafts.length) await tx.notificationDelivery.createMany({ data: b.drafts, skipDuplicates: true });
      if (p.notify.config.faultDispatchDelayMs > 0) {
        p.log.info(
          { rows: rows.length, deliveries: b.drafts.length },
          'fault injection: dispatch paused inside its transaction',
        );
        await sleep(p.notify.config.faultDispatchDelayMs);
      }
      await tx.outboxMessage.updateMany({
        where: { id: { in: rows.map((x) => x.id) } },
        data: { dispatchedAt: new Date() },
      });
      return { n: rows.length, keys: b.drafts.map((d) => d.idempotencyKey) };
    }, TX_OPTIONS);
    if (r.keys.length) await enqueueByKeys(p, r.keys);
    total += r.n;
    if (r.n < batchSize) return total;
  }
}

/** Queues the deliveries just created (a lost enqueue is repaired by the sweeper). */
async function enqueueByKeys(p: Platform, keys: string[]) {
  const rows = await p.prisma.notificationDelivery.findMany({
    where: { idempotencyKey: { in: keys }, status: { in: ['PENDING', 'HELD'] } },
    select: { id: true, attempts: true, notBefore: true },
  });
  for (const r of rows) await enqueueDelivery(p, r);
}

export function enqueueDelivery(p: Platform, d: { id: string; attempts: number; notBefore: Date }, suffix = '') {
  return p.notify.queue.enqueue(
    { deliveryId: d.id },
    { jobId: `${d.id}_${d.attempts}${suffix}`, delayMs: d.notBefore.getTime() - Date.now() },
  );
}
