/**
 * What a notification says, built once per recipient at dispatch time from what that recipient
 * may see: a player's own sides' events (exactly the filter views use), or public events only for
 * game hooks. Nothing here reads another side's orders, notes or the game state.
 */
import type { NotifyConfig } from '../config/notify.js';
import type { AnyKind } from './kinds.js';
import type { NewEvent } from '../events/event-log.js';

/** A rendered, redacted notification; every channel formats this and nothing else. */
export interface Message {
  kind: AnyKind;
  title: string;
  /** Plain-text body, one paragraph or list item per line. */
  lines: string[];
  /** Link to the game in a client, when GAME_URL_TEMPLATE is configured. */
  url?: string;
  gameId?: string;
  step?: number;
  /** Structured content for webhook consumers (the same information as the text). */
  data: Record<string, unknown>;
}

export interface GameInfo {
  id: string;
  module: string;
  moduleTitle: string;
  scenario: string;
  status: string;
  step: number;
  spectatorDelaySteps: number;
  seats: { side: string; userId: string; username: string }[];
}

/** A stored event as the dispatcher reads it. */
export interface StoredEvent extends NewEvent {
  /** The event's sentence for this recipient (presenter.eventText), when the dispatcher has one. */
  text?: string;
}

export const gameLabel = (g: GameInfo) => `${g.moduleTitle} (${g.scenario}) #${g.id.slice(0, 8)}`;

export function gameUrl(cfg: NotifyConfig, gameId: string): string | undefined {
  return cfg.gameUrlTemplate ? cfg.gameUrlTemplate.replace('{gameId}', encodeURIComponent(gameId)) : undefined;
}

/** The same rule as views: ["*"] is everyone, otherwise the listed sides; null sides = public only. */
export function canSee(ev: StoredEvent, sides: string[] | null): boolean {
  return ev.visibleTo.includes('*') || (sides ?? []).some((s) => ev.visibleTo.includes(s));
}

function eventLine(ev: StoredEvent): string {
  const data = ev.data == null ? '' : JSON.stringify(ev.data);
  const line = ev.text ?? `${ev.type}${data && data !== '{}' ? `: ${data}` : ''}`;
  return `• ${line.length > 300 ? `${line.slice(0, 297)}...` : line}`;
}

const base = (cfg: NotifyConfig, g: GameInfo) => ({
  gameId: g.id,
  module: g.module,
  scenario: g.scenario,
  url: gameUrl(cfg, g.id),
});

export function stepResolved(
  cfg: NotifyConfig,
  g: GameInfo,
  step: number,
  events: StoredEvent[],
  sides: string[] | null,
  nextStatus: string,
): Message {
  const seen = events.filter((e) => canSee(e, sides));
  return {
    kind: 'STEP_RESOLVED',
    title: `Step ${step} resolved: ${gameLabel(g)}`,
    lines: [
      `Step ${step} of ${gameLabel(g)} has been resolved.`,
      ...(seen.length ? [sides ? 'What your side saw:' : 'What happened (public):', ...seen.map(eventLine)] : []),
    ],
    url: gameUrl(cfg, g.id),
    gameId: g.id,
    step,
    data: {
      ...base(cfg, g),
      step,
      status: nextStatus,
      ...(sides ? { sides } : {}),
      events: seen.map((e) => ({
        seq: e.seq,
        step: e.step,
        type: e.type,
        data: e.data,
        rolls: e.rolls,
        ...(e.text ? { text: e.text } : {}),
      })),
    },
  };
}

export function gameStarted(cfg: NotifyConfig, g: GameInfo, sides: string[] | null): Message {
  const players = g.seats.map((s) => ({ side: s.side, username: s.username }));
  return {
    kind: 'GAME_STARTED',
    title: `Game started: ${gameLabel(g)}`,
    lines: [
      `${gameLabel(g)} has started.`,
      ...(sides ? [`You play ${sides.join(', ')}.`] : []),
      `Players: ${players.map((p) => `${p.username} (${p.side})`).join(', ')}.`,
    ],
    url: gameUrl(cfg, g.id),
    gameId: g.id,
    step: 1,
    data: { ...base(cfg, g), ...(sides ? { sides } : {}), players },
  };
}

export function gameFinished(cfg: NotifyConfig, g: GameInfo, outcome: unknown): Message {
  const summary = (outcome as { summary?: string } | null)?.summary;
  return {
    kind: 'GAME_FINISHED',
    title: `Game over: ${gameLabel(g)}`,
    lines: [`${gameLabel(g)} has ended.`, ...(summary ? [`Result: ${summary}`] : [])],
    url: gameUrl(cfg, g.id),
    gameId: g.id,
    data: { ...base(cfg, g), outcome },
  };
}

export function gamePaused(cfg: NotifyConfig, g: GameInfo, reason: string): Message {
  return {
    kind: 'GAME_PAUSED',
    title: `Game paused: ${gameLabel(g)}`,
    lines: [`${gameLabel(g)} is paused.`, `Reason: ${reason}`],
    url: gameUrl(cfg, g.id),
    gameId: g.id,
    data: { ...base(cfg, g), reason },
  };
}

export interface PromptInfo {
  side: string;
  kind: string;
  description: string;
  /** The prompt's sentence (presenter.promptText). */
  text?: string;
}

/**
 * `reveal`: the step's commit–reveal phase opened; committed sides now reveal their orders.
 * `deadlineText`: the deadline in the recipient's time zone, absolute and relative.
 */
export function yourTurn(
  cfg: NotifyConfig,
  g: GameInfo,
  step: number,
  sides: string[],
  deadline: string | null,
  prompts: PromptInfo[],
  reveal = false,
  deadlineText?: string,
): Message {
  return {
    kind: 'YOUR_TURN',
    title: `${reveal ? 'Reveal your orders' : 'Your turn'} (step ${step}): ${gameLabel(g)}`,
    lines: [
      reveal
        ? `Every side is bound: reveal the committed orders of ${sides.join(', ')} for step ${step} of ${gameLabel(g)}.`
        : `${sides.join(', ')} ${sides.length > 1 ? 'owe' : 'owes'} orders for step ${step} of ${gameLabel(g)}.`,
      ...(reveal ? [] : prompts.map((p) => `• ${p.side}: ${p.text ?? p.description}`)),
      deadline ? `Deadline: ${deadlineText ?? deadline} (default orders are used after it).` : 'There is no deadline.',
    ],
    url: gameUrl(cfg, g.id),
    gameId: g.id,
    step,
    data: { ...base(cfg, g), step, sides, deadline, prompts, ...(reveal ? { reveal: true } : {}) },
  };
}

export function deadlineReminder(
  cfg: NotifyConfig,
  g: GameInfo,
  step: number,
  sides: string[],
  deadline: string,
  deadlineText?: string,
): Message {
  return {
    kind: 'DEADLINE_REMINDER',
    title: `Deadline soon (step ${step}): ${gameLabel(g)}`,
    lines: [
      `Orders for step ${step} of ${gameLabel(g)} are due ${deadlineText ?? `at ${deadline}`}.`,
      `Without them, default orders are used for ${sides.join(', ')}.`,
    ],
    url: gameUrl(cfg, g.id),
    gameId: g.id,
    step,
    data: { ...base(cfg, g), step, sides, deadline },
  };
}

export interface VoteInfo {
  voteId: string;
  kind: string;
  by?: string;
  side?: string;
  expiresAt?: string;
}

const VOTE_WORDS: Record<string, string> = {
  PAUSE: 'pause the game',
  RESUME: 'resume the game',
  DRAW: 'end the game in a draw',
  CANCEL: 'cancel the game',
  CONCEDE: 'concede',
};

/** A vote was proposed (to every player but the proposer) or decided (to every player). */
export function vote(
  cfg: NotifyConfig,
  g: GameInfo,
  phase: 'proposed' | 'passed' | 'rejected' | 'expired',
  v: VoteInfo,
): Message {
  const what = v.kind === 'CONCEDE' ? `${v.side ?? 'a side'} concedes` : (VOTE_WORDS[v.kind] ?? v.kind);
  const lines =
    phase === 'proposed'
      ? [
          `${v.by ?? 'A player'} proposes to ${what} in ${gameLabel(g)}.`,
          `Answer with castVote(voteId: "${v.voteId}", approve: true or false)${v.expiresAt ? ` before ${v.expiresAt}` : ''}; every player must approve.`,
        ]
      : [
          `The vote to ${what} in ${gameLabel(g)} ${phase === 'passed' ? 'passed' : phase === 'rejected' ? `was rejected${v.by ? ` by ${v.by}` : ''}` : 'expired without every answer'}.`,
        ];
  return {
    kind: 'VOTE',
    title: `Vote ${phase === 'proposed' ? 'proposed' : phase}: ${what} (${gameLabel(g)})`,
    lines,
    url: gameUrl(cfg, g.id),
    gameId: g.id,
    data: { ...base(cfg, g), phase, ...v },
  };
}

export function seatOffered(cfg: NotifyConfig, g: GameInfo, side: string, offeredBy: string): Message {
  return {
    kind: 'INVITATION',
    title: `${offeredBy} offers you the side ${side}: ${gameLabel(g)}`,
    lines: [
      `${offeredBy} offers you the side ${side} of ${gameLabel(g)}, a game in progress.`,
      `Take it with takeSeat(gameId: "${g.id}", side: "${side}").`,
    ],
    url: gameUrl(cfg, g.id),
    gameId: g.id,
    data: { ...base(cfg, g), side, invitedBy: offeredBy, seatOffered: true },
  };
}

export function invitation(cfg: NotifyConfig, g: GameInfo, invitedBy: string): Message {
  return {
    kind: 'INVITATION',
    title: `${invitedBy} invites you: ${gameLabel(g)}`,
    lines: [`${invitedBy} invites you to ${gameLabel(g)}.`, `Join with joinGame(gameId: "${g.id}").`],
    url: gameUrl(cfg, g.id),
    gameId: g.id,
    data: { ...base(cfg, g), invitedBy },
  };
}

export function webhookDisabled(
  hook: { id: string; url: string },
  failures: number,
  lastError: string | null,
): Message {
  const host = safeHost(hook.url);
  return {
    kind: 'WEBHOOK_DISABLED',
    title: `Webhook to ${host} disabled`,
    lines: [
      `Your webhook ${hook.id} (${host}) failed ${failures} times in a row and has been disabled.`,
      ...(lastError ? [`Last error: ${lastError}`] : []),
      'Fix the receiver, enable the hook again (updateWebhook) and redeliver what it missed (redeliverWebhook).',
    ],
    data: { webhookId: hook.id, host, failures, lastError },
  };
}

export function emailConfirmation(link: string): Message {
  return {
    kind: 'EMAIL_CONFIRMATION',
    title: 'Confirm your address for Warpost notifications',
    lines: [
      'Follow this link to receive Warpost notifications at this address:',
      link,
      'If you did not ask for this, ignore this mail.',
    ],
    url: link,
    data: {},
  };
}

/** To the account's owner when its failed logins reach the per-account limit. */
export function signInWarning(failures: number, windowSeconds: number): Message {
  const minutes = Math.max(1, Math.round(windowSeconds / 60));
  return {
    kind: 'SIGN_IN_WARNING',
    title: 'Failed logins to your Warpost account',
    lines: [
      `There were ${failures} failed logins to your account in the last ${minutes} minutes; further tries from those addresses are refused for a while.`,
      'You can still log in from your usual device. If this was not you, consider choosing a new password.',
    ],
    data: { failures, windowSeconds },
  };
}

function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'unknown host';
  }
}
