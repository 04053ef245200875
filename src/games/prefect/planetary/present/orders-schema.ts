/**
 * Orders schema of each Planetary prompt kind: the zod order shapes of orders.ts the kind
 * accepts (sequence.ts owedAt `kinds`: 'move' takes a move or 'end-movement', every reaction
 * window also 'pass').
 */
import type { Json } from '#engine/contract.js';
import { PrefectOrderSchema } from '../module/orders.js';
import type { PrefectOrder } from '../types.js';
import { anyOfSchemas, orderSchema } from '../../common/present/schema.js';

type Kind = PrefectOrder['kind'];

/** Prompt kind → the order kinds it accepts (as sequence.ts owedAt gives them; the test checks they agree). */
export const ACCEPTS: Readonly<Record<string, readonly Kind[]>> = {
  'setup-assign': ['setup-assign'],
  'setup-place': ['setup-place'],
  'movement-plan': ['movement-plan'],
  'counter-orders': ['counter-orders'],
  move: ['move', 'end-movement'],
  interrupt: ['interrupt', 'pass'],
  'counter-attack': ['counter-attack', 'pass'],
  'mover-detect': ['mover-detect', 'pass'],
  'defender-actions': ['defender-actions', 'pass'],
  'combat-declare': ['combat-declare'],
  'combat-detect': ['combat-detect'],
  'external-result': ['external-result'],
  supply: ['supply'],
  withdrawal: ['withdrawal'],
  adjustment: ['adjustment'],
};

const byKind = new Map<string, Json>();
/** JSON Schema of one order kind of orders.ts. */
export function planetaryOrderSchema(kind: Kind): Json {
  let s = byKind.get(kind);
  if (!s) {
    const z = PrefectOrderSchema.optionsMap.get(kind);
    if (!z) throw new RangeError(`no order kind '${kind}'`);
    s = orderSchema(z);
    byKind.set(kind, s);
  }
  return s;
}

/** JSON Schema of the orders a Planetary prompt kind accepts. */
export function planetaryPromptSchema(promptKind: string): Json {
  const kinds = ACCEPTS[promptKind];
  if (!kinds) throw new RangeError(`no prompt kind '${promptKind}'`);
  return anyOfSchemas(kinds.map(planetaryOrderSchema), promptKind);
}
