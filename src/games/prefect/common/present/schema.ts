/**
 * JSON Schemas of orders (contract `PromptKindInfo.ordersSchema`) generated from the modules' zod
 * schemas with zod-to-json-schema, every reference inlined, then two passes: the draft named
 * draft-07 (the one draft of every module's schemas, engine/contract.ts), and strings that name a hex or a counter marked `"x-warpost-ref"` by their property
 * name so a client can offer a click on the board.
 */
import type { ZodTypeAny } from 'zod';
import { zodToJsonSchema } from 'zod-to-json-schema';
import type { Json } from '#engine/contract.js';

export type Ref = 'hex' | 'piece' | 'box';
export type RefNames = Readonly<Record<string, Ref>>;
export const DRAFT = 'http://json-schema.org/draft-07/schema#';

/** Property names that hold a hex or a counter id in the Prefect orders (all three modules). */
export const PREFECT_REFS: RefNames = {
  hex: 'hex',
  hexes: 'hex',
  path: 'hex',
  tf: 'piece',
  tfs: 'piece',
  attackers: 'piece',
  detector: 'piece',
  unit: 'piece',
  units: 'piece',
  engineer: 'piece',
  source: 'piece',
  into: 'piece',
  base: 'piece',
  transport: 'piece',
  transports: 'piece',
  enter: 'piece',
  commit: 'piece',
  interceptors: 'piece',
  destroyed: 'piece',
  disorganised: 'piece',
  brokeOff: 'piece',
  leftMap: 'piece',
  rebuild: 'piece',
  toTf: 'piece',
  toHq: 'piece',
  target: 'piece',
  advance: 'piece',
  mover: 'piece',
  sector: 'hex',
  at: 'hex',
};

type Obj = Record<string, Json>;
const isObj = (v: Json | undefined): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

/** Marks a schema that accepts strings (directly, as array items, or in a union) with `ref`. */
function mark(s: Json | undefined, ref: Ref): void {
  if (!isObj(s)) return;
  const t = s.type;
  // A fixed word (enum, const) is no reference.
  if ((t === 'string' || (Array.isArray(t) && t.includes('string'))) && s.enum === undefined && s.const === undefined)
    s['x-warpost-ref'] = ref;
  if (t === 'array' || s.items !== undefined) mark(s.items, ref);
  for (const k of ['anyOf', 'oneOf'] as const) if (Array.isArray(s[k])) for (const x of s[k] as Json[]) mark(x, ref);
}

/** Walks a schema and marks the properties named in `refs`. */
export function markRefs(s: Json, refs: RefNames): Json {
  if (Array.isArray(s)) {
    s.forEach((x) => markRefs(x, refs));
    return s;
  }
  if (!isObj(s)) return s;
  if (isObj(s.properties))
    for (const [k, p] of Object.entries(s.properties)) {
      if (refs[k]) mark(p, refs[k]);
    }
  for (const v of Object.values(s)) if (v && typeof v === 'object') markRefs(v, refs);
  return s;
}

/** One order shape as a standalone JSON Schema (draft-07), refs marked. */
export function orderSchema(z: ZodTypeAny, refs: RefNames = PREFECT_REFS): Json {
  const raw = zodToJsonSchema(z, { target: 'jsonSchema7', $refStrategy: 'none' }) as Obj;
  delete raw.$schema;
  return { $schema: DRAFT, ...(markRefs(raw as Json, refs) as Obj) };
}

/** A schema accepting any of `alternatives` (each without its own `$schema`). */
export function anyOfSchemas(alternatives: Json[], title?: string): Json {
  const strip = (s: Json): Json => {
    if (!isObj(s)) return s;
    const { $schema: _, ...rest } = s;
    return rest;
  };
  const xs = alternatives.map(strip);
  return { $schema: DRAFT, ...(title ? { title } : {}), ...(xs.length === 1 ? (xs[0] as Obj) : { anyOf: xs }) };
}
