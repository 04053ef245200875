/**
 * What a client needs to show a game without rules of its own, built from what the viewer may
 * already see: a sentence (Text) per event and prompt, the counters of the viewer's view, and the
 * boards of a scenario with a content hash for HTTP caching. One presenter for GraphQL, REST and
 * notifications, so every client reads the same words.
 */
import type { AnyModule, BoardGeometry, Json, Piece, Prompt, Situation, Text, Viewer } from '#engine/contract.js';
import { AppError } from '../errors.js';
import { jcs, sha256Hex } from '../trust/canonical.js';

const text = (key: string, params: Record<string, string | number>, sentence: string): Text => ({
  key,
  params,
  text: sentence,
});

const str = (v: unknown, fallback = ''): string =>
  typeof v === 'string' || typeof v === 'number' ? String(v) : fallback;
const list = (v: unknown): string => (Array.isArray(v) && v.length ? v.map((x) => str(x)).join(', ') : '');

/** Sentences for the events the platform itself writes (trust/rerun.ts PLATFORM_EVENTS). */
const PLATFORM_TEXTS: Record<string, (d: Record<string, unknown>) => Text> = {
  'game-started': (d) =>
    text('event.game-started', { scenario: str(d.scenario) }, `The game has started (scenario ${str(d.scenario)}).`),
  'step-resolved': (d) => {
    const defaulted = list(d.defaulted);
    return text(
      'event.step-resolved',
      { step: str(d.step), defaulted },
      `Step ${str(d.step)} resolved${defaulted ? `; default orders were used for ${defaulted}` : ''}.`,
    );
  },
  'game-finished': (d) =>
    text(
      'event.game-finished',
      { summary: str(d.summary) },
      `The game is over${d.summary ? `: ${str(d.summary)}` : ''}.`,
    ),
  'game-cancelled': (d) =>
    text(
      'event.game-cancelled',
      { summary: str(d.summary) },
      `The game was called off${d.summary ? `: ${str(d.summary)}` : ''}.`,
    ),
  'game-paused': (d) =>
    text('event.game-paused', { reason: str(d.reason) }, `The game is paused${d.reason ? `: ${str(d.reason)}` : ''}.`),
  'game-resumed': (d) => text('event.game-resumed', { step: str(d.step) }, `The game resumed at step ${str(d.step)}.`),
  'reveal-open': (d) =>
    text(
      'event.reveal-open',
      { step: str(d.step), committed: list(d.committed) },
      `Every side is bound for step ${str(d.step)}: ${list(d.committed) || 'the committed sides'} now reveal their orders.`,
    ),
  'deadline-extended': (d) =>
    text(
      'event.deadline-extended',
      { step: str(d.step), deadline: str(d.deadline), reason: str(d.reason) },
      `The deadline of step ${str(d.step)} moved to ${str(d.deadline)} (${str(d.reason, 'extended')}).`,
    ),
  'vote-proposed': (d) =>
    text(
      'event.vote-proposed',
      { kind: str(d.kind), by: str(d.by) },
      `${str(d.by, 'A player')} proposes a ${str(d.kind)} vote.`,
    ),
  'vote-passed': (d) => text('event.vote-passed', { kind: str(d.kind) }, `The ${str(d.kind)} vote passed.`),
  'vote-rejected': (d) => text('event.vote-rejected', { kind: str(d.kind) }, `The ${str(d.kind)} vote was rejected.`),
  'vote-expired': (d) => text('event.vote-expired', { kind: str(d.kind) }, `The ${str(d.kind)} vote expired.`),
  'seat-offered': (d) =>
    text('event.seat-offered', { side: str(d.side) }, `The side ${str(d.side)} is offered to a replacement player.`),
  'seat-replaced': (d) =>
    text(
      'event.seat-replaced',
      { side: str(d.side), player: str(d.player) },
      `${str(d.player)} now plays ${str(d.side)}.`,
    ),
  'seat-resigned': (d) =>
    text(
      'event.seat-resigned',
      { side: str(d.side), by: str(d.by) },
      `${str(d.by)} resigned ${str(d.side)}; the bot plays it until a replacement takes the seat.`,
    ),
};

/** The sentence a module without describeEvent (or an event it does not know) gets. */
export function fallbackEventText(type: string): Text {
  return text(`event.${type}`, {}, `${type.replace(/[-_]+/g, ' ')}.`);
}

/**
 * An event (as stored and already filtered for `viewer`) in a sentence for `viewer`. A module's
 * describer that throws is a module bug; the viewer still gets the fallback, not an error.
 */
export function eventText(module: AnyModule | null, ev: { type: string; data: unknown }, viewer: Viewer): Text {
  const data = (ev.data && typeof ev.data === 'object' ? ev.data : {}) as Record<string, unknown>;
  const platform = PLATFORM_TEXTS[ev.type];
  if (platform) return platform(data);
  if (module?.describeEvent) {
    try {
      return module.describeEvent({ type: ev.type, data: ev.data as Json }, viewer);
    } catch {
      // fall through to the fallback below
    }
  }
  return fallbackEventText(ev.type);
}

/** Events with their text for `viewer` (the rows keep every other field). */
export function withEventTexts<E extends { type: string; data: unknown }>(
  module: AnyModule | null,
  events: E[],
  viewer: Viewer,
): (E & { text: Text })[] {
  return events.map((e) => ({ ...e, text: eventText(module, e, viewer) }));
}

/** A prompt in a sentence for the side that owes it; without a describer, its description. */
export function promptText(module: AnyModule | null, prompt: Prompt, viewer: Viewer): Text {
  if (module?.describePrompt) {
    try {
      return module.describePrompt(prompt, viewer);
    } catch {
      // fall through
    }
  }
  return text(`prompt.${prompt.kind}`, {}, prompt.description);
}

export function withPromptTexts(
  module: AnyModule | null,
  prompts: Prompt[],
  viewer: Viewer,
): (Prompt & { text: Text })[] {
  return prompts.map((pr) => ({ ...pr, text: promptText(module, pr, viewer) }));
}

/** The counters of a view, or null when the module does not publish pieces. */
export function piecesOf(module: AnyModule, view: Json | null, viewer: Viewer): Piece[] | null {
  if (!module.pieces || view == null) return null;
  return module.pieces(view, viewer);
}

/** Turn, phase and current board of a view, or null when the module does not say (or its describer fails). */
export function situationOf(module: AnyModule, view: Json | null, viewer: Viewer): Situation | null {
  if (!module.situation || view == null) return null;
  try {
    return module.situation(view, viewer);
  } catch {
    return null; // a module bug: the client shows every board, as for a module without it
  }
}

export interface PublishedBoards {
  module: string;
  scenario: string;
  boards: BoardGeometry[];
  /** Strong ETag: a hash of the canonical JSON of the boards. */
  etag: string;
}

const boardCache = new WeakMap<AnyModule, Map<string, PublishedBoards>>();

/** The boards of a scenario (none for a module without maps), hashed once per module and scenario. */
export function boardsOf(module: AnyModule, scenarioId?: string | null): PublishedBoards {
  const scenario = scenarioId ?? module.scenarios[0]?.id;
  if (!scenario || !module.scenarios.some((s) => s.id === scenario)) {
    throw new AppError('UNKNOWN_SCENARIO', `Module "${module.id}" has no scenario "${scenarioId}".`, [], {
      known: module.scenarios.map((s) => s.id),
    });
  }
  let perModule = boardCache.get(module);
  if (!perModule) boardCache.set(module, (perModule = new Map()));
  let hit = perModule.get(scenario);
  if (!hit) {
    const boards = module.boards ? module.boards(scenario) : [];
    const etag = `"${sha256Hex(jcs({ module: module.id, scenario, boards })).slice(0, 40)}"`;
    hit = { module: module.id, scenario, boards, etag };
    perModule.set(scenario, hit);
  }
  return hit;
}

/** If-None-Match against a strong ETag (RFC 9110 13.1.2: weak comparison; `*` matches). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag.replace(/^W\//, '') === etag;
  });
}
