/**
 * Test helpers for the presentation of the three Prefect modules (imported only by tests): a
 * bot-v-bot run with a hook after each step, the checks every module's texts, pieces and orders
 * schemas must pass, and an ajv (draft-07) validator that knows `x-warpost-ref`.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import type { BoardGeometry, GameEvent, GameModule, Json, Piece, Prompt, Viewer } from '#engine/contract.js';
import { seededDice } from '#engine/dice.js';
import { FALLBACK_SUFFIX, MISSING } from './text.js';

export interface Step<S> {
  step: number;
  prev: S;
  state: S;
  prompts: Prompt[];
  orders: Record<string, Json>;
  events: GameEvent[];
}

/** Bot against bot from `seed` to the end (or `maxSteps`), `each` called after every step. */
export function playBots<S>(
  mod: GameModule<S, Json>,
  scenario: string,
  seed: string,
  options: Record<string, Json>,
  each: (x: Step<S>) => void,
  maxSteps = 1500,
): S {
  let s = mod.setup(scenario, options, seededDice(seed, 0));
  for (let step = 1; step <= maxSteps; step++) {
    const prompts = mod.prompts(s);
    if (!prompts.length) return s;
    const orders: Record<string, Json> = {};
    for (const p of prompts) orders[p.side] = mod.bot(s, p.side, seededDice(`${seed}-bot-${p.side}`, step));
    const r = mod.resolve(s, orders, seededDice(seed, step));
    each({ step, prev: s, state: r.state, prompts, orders, events: r.events });
    s = r.state;
  }
  return s;
}

/** The viewers an event reaches: its sides, or both sides and a spectator. */
export const viewersOf = (e: GameEvent, sides: string[]): Viewer[] =>
  e.visibleTo === 'all' ? [...sides, null] : e.visibleTo;

/** Words of a text with a digit in them (ids, aliases, hexes, numbers): each must come from the event's own data. */
const named = (text: string): string[] =>
  text
    .split(/[^\w-]+/)
    .map((w) => w.replace(/^-+|-+$/g, ''))
    .filter((w) => /\d/.test(w));

/** Problems of one event's sentence for `viewer`: fallback key, unfilled parameter, a name not in the event. */
export function textProblems(
  mod: GameModule<unknown, Json>,
  e: { type: string; data: Json },
  viewer: Viewer,
): string[] {
  const t = mod.describeEvent!(e, viewer);
  const out: string[] = [];
  if (t.key.endsWith(FALLBACK_SUFFIX)) out.push(`${e.type}: no sentence`);
  if (t.text.includes(MISSING) || /undefined|\[object|NaN/.test(t.text)) out.push(`${e.type}: unfilled "${t.text}"`);
  // Counts and joined lists in the params are made from the data too.
  const data = `${JSON.stringify(e.data)} ${Object.values(t.params).join(' ')}`;
  for (const w of named(t.text)) if (!data.includes(w)) out.push(`${e.type}: "${w}" is not in the event (${t.text})`);
  return out;
}

/** Schema errors of each prompt's default and bot orders (one line each), and the prompt kinds seen. */
export function schemaProblems(
  validators: Map<string, ValidateFunction>,
  prompts: { p: Prompt; bot: Json }[],
): { problems: string[]; kinds: Set<string> } {
  const problems: string[] = [];
  const kinds = new Set<string>();
  for (const { p, bot } of prompts) {
    kinds.add(p.kind);
    const v = validators.get(p.kind);
    if (!v) {
      problems.push(`${p.kind}: no schema`);
      continue;
    }
    if (!v(p.defaultOrders)) problems.push(`${p.kind} default: ${JSON.stringify(v.errors)}`);
    if (!v(bot)) problems.push(`${p.kind} bot ${JSON.stringify(bot).slice(0, 300)}: ${JSON.stringify(v.errors)}`);
  }
  return { problems, kinds };
}

export function ajv(): Ajv {
  const a = new Ajv({ strict: true });
  a.addKeyword({ keyword: 'x-warpost-ref', schemaType: 'string' });
  return a;
}

/** Every hex and box id of the boards, by board. */
export function placesOf(boards: BoardGeometry[]): Map<string, Set<string>> {
  return new Map(boards.map((b) => [b.id, new Set([...b.hexes.map((h) => h.id), ...b.boxes.map((x) => x.id)])]));
}

/** Problems of a piece list: unknown board or place, duplicate ids, a hidden piece showing values. */
export function pieceProblems(pieces: Piece[], places: Map<string, Set<string>>): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const p of pieces) {
    const at = places.get(p.board);
    if (!at) out.push(`${p.id}: unknown board ${p.board}`);
    else if (!at.has(p.at)) out.push(`${p.id}: unknown place ${p.at} on ${p.board}`);
    const k = `${p.board}|${p.id}`;
    if (seen.has(k)) out.push(`${p.id}: twice on ${p.board}`);
    seen.add(k);
    if (p.hidden && p.values !== undefined) out.push(`${p.id}: hidden but shows values`);
  }
  return out;
}
