/**
 * The kernel contract: what a game module is. A module is a pure, deterministic object over
 * plain-JSON state; the platform knows games only through this interface (DESIGN.md).
 */
import type { Dice, RollRecord } from './dice.js';

export type Side = string;

/** A JSON value; game state, orders and views are plain JSON so any game can be replayed. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** What one side owes at the current decision point. */
export interface Prompt {
  side: Side;
  /** Module-defined kind, e.g. 'bid', 'major-effort', 'phase-plan'. */
  kind: string;
  /** Sealed until every owed submission of this step is in. */
  secret: boolean;
  /** A sentence for humans. */
  description: string;
  /** What may be chosen (module-defined, redacted for `side`); clients need no rules of their own. */
  choices?: Json;
  /** The orders used when nothing arrives by the deadline. */
  defaultOrders: Json;
  /**
   * Optional: a deadline of its own for this prompt, in seconds from when it opens (e.g. a short
   * reaction window inside a phase). Absent: the game's usual deadline applies. Platforms that do
   * not schedule per-prompt deadlines may ignore it.
   */
  deadlineSeconds?: number;
}

/** One validation failure: stable code, a path into the orders, a sentence naming the rule. */
export interface OrderError {
  code: string;
  path: (string | number)[];
  message: string;
  /** Rule number in the rulebook, where one applies. */
  rule?: string;
}

/** Who may see an event: a list of sides, or everyone (players and spectators). */
export type Visibility = Side[] | 'all';

export interface GameEvent {
  type: string;
  visibleTo: Visibility;
  data: Json;
  /** Rolls made while producing this event (filled by the module or the platform). */
  rolls?: RollRecord[];
}

export interface ResolveResult<S> {
  state: S;
  events: GameEvent[];
}

export interface Outcome {
  /** Winning side, or null for a draw. */
  winner: Side | null;
  /** Module-defined level, e.g. 'decisive', 'marginal'. */
  level?: string;
  score?: Record<Side, number>;
  summary: string;
}

export interface ScenarioInfo {
  id: string;
  title: string;
  description: string;
  sides: Side[];
}

export interface OptionSpec {
  id: string;
  description: string;
  type: 'boolean' | 'number' | 'string';
  default: Json;
  /** For string options: allowed values. */
  values?: string[];
  /** Rule reference this option settles. */
  rule?: string;
}

/** A kind of prompt a module issues (Prompt.kind), described for players and clubs. */
export interface PromptKindInfo {
  kind: string;
  description: string;
  /**
   * JSON Schema of the orders this kind accepts, so a client can build a form and check a draft
   * before sending it. Every module writes draft-07 (what zod-to-json-schema emits), so one
   * validator reads them all; `$schema`, when present, names it. The module's validate stays
   * the judge, the schema only catches shape errors. Strings that name something on a board
   * carry `"x-warpost-ref": "hex" | "piece" | "box"` so a client can offer a click instead of a
   * text box.
   */
  ordersSchema?: Json;
}

/**
 * A sentence for a viewer: a stable key and its parameters (so translations can follow) and the
 * English text built from them.
 */
export interface Text {
  key: string;
  params: Record<string, string | number>;
  text: string;
}

/** One hex of a board. Coordinates are the hex centre in units of the hex's outer radius. */
export interface BoardHex {
  id: string;
  x: number;
  y: number;
  terrain: string;
  /** Printed features: a city, a road, a spaceport site, a river side... (module-defined words). */
  features?: string[];
  /** Ids of the adjacent hexes, as the rules count adjacency (wraps and poles included). */
  neighbors: string[];
  label?: string;
}

/** An off-map holding box (reinforcements, orbit, eliminated...). */
export interface BoardBox {
  id: string;
  title: string;
}

/** A printed track (turns, victory points...). */
export interface BoardTrack {
  id: string;
  title: string;
  spaces: { id: string; label: string }[];
}

/** A printed circle of a board (an orbit round a sun), centre and radius in hex radii. */
export interface BoardCircle {
  x: number;
  y: number;
  r: number;
  label?: string;
}

/**
 * One map of a module, published so that any client can draw it with no rules of its own.
 * Static for a module version: the API serves it with an ETag.
 */
export interface BoardGeometry {
  id: string;
  title: string;
  /** 'pointy' or 'flat' topped hexes. */
  orientation: 'pointy' | 'flat';
  hexes: BoardHex[];
  boxes: BoardBox[];
  tracks: BoardTrack[];
  /** The board wraps east-west after this many x units (a globe), if it does. */
  wrapX?: number;
  /** Printed circles drawn under the hexes, in hex radii (a system map's orbits); no adjacency follows from them. */
  circles?: BoardCircle[];
  /** What a client should know to draw it (poles, gaps...), in a sentence. */
  notes?: string;
}

/**
 * A counter as a viewer sees it, derived purely from that viewer's view: a hidden counter keeps
 * the opaque id the view uses and shows no values.
 */
export interface Piece {
  id: string;
  side: Side | null;
  board: string;
  /** A hex id or a box id of `board`. */
  at: string;
  label: string;
  /** NATO-style symbol name (module-defined: 'infantry', 'armor', 'hq', 'ship'...). */
  symbol?: string;
  /** The printed values, as the counter shows them (e.g. '1-4-2'). */
  values?: string;
  hidden: boolean;
  /** Further module-defined facts the viewer may see. */
  detail?: Json;
}

/**
 * Where a game stands for a viewer, derived from the viewer's view alone: the turn and phase in a
 * sentence, and the board the current step is played on (a module with several maps names it,
 * so a client shows the right one first).
 */
export interface Situation {
  /** A board id of the module's `boards`; absent when no one board is the current one. */
  board?: string;
  text: Text;
}

/** A spectator is `null`; a player views as one of their sides. */
export type Viewer = Side | null;

export interface GameModule<S = Json, O = Json> {
  id: string;
  title: string;
  /** Every side that exists in this module. Scenarios may use a subset. */
  sides: Side[];
  scenarios: ScenarioInfo[];
  options: OptionSpec[];
  /**
   * Optional: the kinds of prompt this module issues, so a game's time control can give each its
   * own step length (TimeControl.perKind, e.g. longer for a campaign's mission assignment).
   */
  promptKinds?: PromptKindInfo[];

  setup(scenarioId: string, options: Record<string, Json>, dice: Dice): S;
  /** What is owed now; empty only when the game is over. */
  prompts(state: S): Prompt[];
  /** Checks orders for `side` against the current state: empty list means legal. */
  validate(state: S, side: Side, orders: unknown): OrderError[];
  /** Applies the (validated) orders of every owed side; runs until the next decision point. */
  resolve(state: S, ordersBySide: Record<Side, O>, dice: Dice): ResolveResult<S>;
  /** What `viewer` may see, including the legal choices of the current prompts. */
  view(state: S, viewer: Viewer): Json;
  outcome(state: S): Outcome | null;
  /** Always-legal orders for `side`; used for demos, fuzzing and civil disorder. */
  bot(state: S, side: Side, dice: Dice): O;

  /** The maps of a scenario, for clients to draw. */
  boards?(scenarioId: string): BoardGeometry[];
  /** The counters a view shows, placed on `boards`; pure in the view. */
  pieces?(view: Json, viewer: Viewer): Piece[];
  /** The turn, phase and current board of a view; pure in the view. */
  situation?(view: Json, viewer: Viewer): Situation;
  /** An event (already redacted for `viewer`) in a sentence. */
  describeEvent?(event: { type: string; data: Json }, viewer: Viewer): Text;
  /** A prompt in a sentence for the side that owes it. */
  describePrompt?(prompt: Prompt, viewer: Viewer): Text;
}

/**
 * Any module, whatever its state and order types: how the platform, the registry and the tools
 * hold modules they know only through this contract (state and orders are opaque JSON to them).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- existential: each module has its own state and order types
export type AnyModule = GameModule<any, any>;

/** Helper for module authors: type-checks a module literal without widening it. */
export function defineGame<S, O>(module: GameModule<S, O>): GameModule<S, O> {
  return module;
}
