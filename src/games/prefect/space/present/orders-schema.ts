/**
 * Orders schema of each Space prompt kind (the prompt kind is the order kind, validate.ts): the
 * zod shapes of module/validate.ts, with the combat plan and standing reactions of
 * ../resolution/validate.ts in place of the `unknown` the shape check leaves to them.
 */
import type { Json } from '#engine/contract.js';
import { orderSchema, PREFECT_REFS, type RefNames } from '../../common/present/schema.js';
import { SCHEMAS } from '../module/validate.js';
import type { SpaceOrder } from '../module/types.js';
import { combatPlanSchema, reactionsSchema } from '../resolution/validate.js';

type Obj = Record<string, Json>;
const INNER: Partial<Record<SpaceOrder['kind'], [string, Json]>> = {
  'combat-plan': ['plan', orderSchema(combatPlanSchema)],
  'combat-reactions': ['reactions', orderSchema(reactionsSchema)],
};

/**
 * Where a Space order's `to` or `destination` names a sector (a move's destination L1409, a
 * withdrawal's base L1290), a click on the system map fills it; a reaction's `to` is a TF.
 */
const SECTOR_TO: RefNames = { ...PREFECT_REFS, to: 'hex', destination: 'hex' };
const REFS: Partial<Record<SpaceOrder['kind'], RefNames>> = { move: SECTOR_TO, missions: SECTOR_TO };

const cache = new Map<string, Json>();
export function spaceOrderSchema(kind: string): Json {
  const hit = cache.get(kind);
  if (hit) return hit;
  const z = SCHEMAS[kind as SpaceOrder['kind']];
  if (!z) throw new RangeError(`no Space order kind '${kind}'`);
  const s = orderSchema(z, REFS[kind as SpaceOrder['kind']]) as Obj;
  const inner = INNER[kind as SpaceOrder['kind']];
  if (inner) {
    const { $schema: _, ...body } = inner[1] as Obj;
    (s.properties as Obj)[inner[0]] = body;
    s.required = [...new Set([...((s.required as string[]) ?? []), 'kind', inner[0]])];
  }
  cache.set(kind, s);
  return s;
}
