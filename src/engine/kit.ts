/**
 * A module's test kit: what the platform's generic suites (secrets, API, bench) need to know
 * about a module beyond the kernel contract. Each module ships its kit in its own folder
 * (`kit.ts` next to its index) and the registry pairs it with the module (src/games/index.ts);
 * a generic suite fails for a shipped module without one (docs/module-kit.md).
 */
import type { Json, Side } from './contract.js';

/** Hidden information the secrets suite cannot derive from the views alone. */
export interface SecretsKit<S = unknown> {
  /**
   * Strings hidden from `side` in `state` that no view shows at all (e.g. the key of the opaque
   * ids, a piece's real id behind an alias). The suite derives everything the owner's view shows
   * and the other side's does not by itself; this adds only what derivation cannot see.
   */
  extraSecrets?(state: S, side: Side): string[];
  /**
   * Keys of per-piece attributes that may be hidden from the other side even though their values
   * are short and common (an organisation, a counter number, a mission): the suite then checks
   * every (piece, key, value) the other side receives against what its view shows of that piece.
   */
  hiddenKeys?: string[];
  /** Keys naming a piece's owner in views and events (default `side`). */
  ownerKeys?: string[];
  /**
   * Strings that look like identifiers but are public by the rules for every viewer (printed
   * data: unit types, track spaces...), beyond the board's hexes and boxes.
   */
  publicWords?(state: S): string[];
  /**
   * Paths (dotted keys, array indexes left out, e.g. `sides.HUMAN.units`) of view arrays whose
   * order is set by a public rule rather than by the shown id, with the rule. `fixed`: one order
   * for the whole game (a printed counter mix), which the suite checks (no two pieces ever change
   * places); otherwise an order the rule makes public as it happens (the order of announcements).
   */
  orderedByRule?: Record<string, { rule: string; fixed: boolean }>;
  /**
   * True where the rules print every piece's id for both players (an order of battle): then only
   * where a piece is and what it holds is hidden, and the suite requires `validate` to answer any
   * two hidden pieces alike rather than a hidden piece like a made-up id.
   */
  rosterPublic?: boolean;
  /**
   * Event types by which the rules show a viewer what the event names (e.g. forces reaching the
   * segment where combat shows them), each with the rule; the names join what that viewer knows.
   */
  revealedBy?: Record<string, string>;
  /** May mark a side's orders with unique text so that a leak of them is findable. */
  decorate?(state: S, side: Side, step: number, orders: Json): Json;
  /**
   * Option settings the secrets walk plays as well as the kit's own, each because its prompts or
   * events carry other data (e.g. decisions asked in the middle of a phase).
   */
  variants?: { options: Record<string, Json>; maxSteps?: number; why: string }[];
}

/** What the benchmarks need per module. */
export interface BenchKit {
  /**
   * Whether `bench/engine.ts` (many complete bot games per run) fits this module; a module with a
   * bench entry of its own (a full game takes seconds) says false and why.
   */
  engine: boolean;
  reason?: string;
}

export interface ModuleKit<S = unknown> {
  /** Scenario the generic suites play (default: the module's first). */
  scenario?: string;
  /** Options the generic suites set (default: the module's defaults). */
  options?: Record<string, Json>;
  /** Steps to walk in the generic suites (a long game need not be played to the end). */
  maxSteps: number;
  /** Steps the end-to-end (server) secrets game walks; default `maxSteps`. */
  platformSteps?: number;
  secrets: SecretsKit<S>;
  bench: BenchKit;
}

/** Helper for module authors: type-checks a kit literal against the module's state type. */
export function defineKit<S>(kit: ModuleKit<S>): ModuleKit<S> {
  return kit;
}
