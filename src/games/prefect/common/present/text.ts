/**
 * Event and prompt sentences for the three Prefect modules (contract `describeEvent` /
 * `describePrompt`): a stable key, flat parameters taken from the event's own data only, and the
 * English text filled from them. Nothing outside the (already redacted) event reaches the text, so
 * a sentence can tell a viewer no more than the event he was sent.
 */
import type { Json, Prompt, Text } from '#engine/contract.js';

export type Params = Record<string, string | number>;
/** A sentence: `{name}` placeholders filled from the params (absent: MISSING), or a function of them. */
export type Template = string | ((p: Params) => string);
export type TextTable = Readonly<Record<string, Template>>;

/** The word that names an item of a list in a sentence: its type, else its id. */
const ITEM_KEYS = ['type', 'unitType', 'unit', 'id', 'tf', 'base', 'area', 'transport', 'zone', 'sector'];

function itemWord(x: Json): string {
  if (x === null || typeof x !== 'object') return scalar(x);
  if (Array.isArray(x)) return x.map(itemWord).join(' ');
  for (const k of ITEM_KEYS) if (typeof x[k] === 'string' || typeof x[k] === 'number') return String(x[k]);
  return '…';
}

function scalar(v: Json): string {
  if (v === null) return 'none';
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  return String(v);
}

/**
 * Flat params of an event's data: top-level scalars as they are (booleans yes/no, null 'none'),
 * a list as its items' words joined by commas plus `<key>Count`, an object's scalars as
 * `<key>.<field>`. Data that is itself a list gives `items` and `itemsCount`.
 */
export function paramsOf(data: Json): Params {
  const out: Params = {};
  const put = (k: string, v: Json): void => {
    if (Array.isArray(v)) {
      out[k] = v.map(itemWord).join(', ') || 'none';
      out[`${k}Count`] = v.length;
      return;
    }
    if (v && typeof v === 'object') {
      for (const [s, x] of Object.entries(v))
        if (x === null || typeof x !== 'object') out[`${k}.${s}`] = typeof x === 'number' ? x : scalar(x);
        else if (Array.isArray(x)) out[`${k}.${s}`] = x.map(itemWord).join(', ');
      return;
    }
    out[k] = typeof v === 'number' ? v : scalar(v);
  };
  if (Array.isArray(data)) put('items', data);
  else if (data && typeof data === 'object') for (const [k, v] of Object.entries(data)) put(k, v);
  return out;
}

/** What an absent parameter reads as (tests look for it). */
export const MISSING = '[?]';

export function fill(t: Template, p: Params): string {
  if (typeof t === 'function') return t(p);
  return t.replace(/\{([A-Za-z0-9_.]+)\}/g, (_, k: string) => (p[k] === undefined ? MISSING : String(p[k])));
}

/** `n thing(s)`. */
export const count = (n: string | number | undefined, one: string, many = `${one}s`): string =>
  `${n ?? 0} ${Number(n) === 1 ? one : many}`;

export const FALLBACK_SUFFIX = '.unknown';

/** describeEvent over one or more tables (the first that knows the type wins); an unknown type gets `<prefix>.event.unknown`. */
export function eventDescriber(
  tables: { prefix: string; table: TextTable }[],
): (event: { type: string; data: Json }) => Text {
  return (event) => {
    const params = paramsOf(event.data);
    for (const { prefix, table } of tables) {
      const t = table[event.type];
      if (t !== undefined) return { key: `${prefix}.event.${event.type}`, params, text: fill(t, params) };
    }
    const prefix = tables[0].prefix;
    return { key: `${prefix}.event${FALLBACK_SUFFIX}`, params: { type: event.type }, text: `Event ${event.type}.` };
  };
}

/** describePrompt: `<prefix>.prompt.<kind>` with the owing side and counts of the choices' lists. */
export function promptDescriber(prefix: string, table: TextTable): (prompt: Prompt) => Text {
  return (prompt) => {
    const params: Params = { side: prompt.side, kind: prompt.kind, sealed: prompt.secret ? 'sealed' : 'open' };
    if (prompt.deadlineSeconds !== undefined) params.deadlineSeconds = prompt.deadlineSeconds;
    const c = prompt.choices;
    if (c && typeof c === 'object' && !Array.isArray(c))
      for (const [k, v] of Object.entries(c)) if (Array.isArray(v)) params[`${k}Count`] = v.length;
    const t = table[prompt.kind];
    if (t === undefined)
      return { key: `${prefix}.prompt${FALLBACK_SUFFIX}`, params, text: `${prompt.side}: ${prompt.description}` };
    return { key: `${prefix}.prompt.${prompt.kind}`, params, text: fill(t, params) };
  };
}
