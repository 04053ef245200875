/**
 * Orders schema of each Campaign prompt kind: the Planetary and Space order shapes the kind
 * passes to the sub-modules (module/sequence.ts KIND_OF), with the Campaign's own fields — naval
 * support of counter-attacks on ground movement orders (`navalSupport`, L2204), what OD
 * transports drop (`odLoads`, L2368-2378) — and the joint TF Adjustment / Supply orders
 * ({ kind, ground, naval } plus drops, base assignments, landings and the supply links).
 */
import type { Json } from '#engine/contract.js';
import { planetaryOrderSchema } from '../../planetary/index.js';
import { anyOfSchemas, orderSchema } from '../../common/present/schema.js';
import { spaceOrderSchema } from '../../space/index.js';
import { schema as assignBasesSchema } from '../module/base-orders.js';
import { standingSupportSchema } from '../module/counter-support.js';
import { odLoadsSchema } from '../module/drops-link.js';
import { independentSchema } from '../module/end-of-combat.js';
import { commitSchema } from '../module/support-link.js';
import { linkSchema } from '../module/supply-link.js';
import { group, landing } from '../module/validate.js';
import { z } from 'zod';

type Obj = Record<string, Json>;
const body = (s: Json): Obj => {
  const { $schema: _, ...rest } = s as Obj;
  return rest;
};

/** A strict object schema with optional extra properties. */
function withFields(s: Json, fields: Record<string, Json>): Json {
  const o = structuredClone(s) as Obj;
  o.properties = {
    ...(o.properties as Obj),
    ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, body(v)])),
  };
  return o;
}

const nullable = (s: Json): Json => ({ anyOf: [body(s), { type: 'null' }] });

/** The joint order of TF Adjustment or Supply: both maps' parts and the Campaign's own fields. */
function joint(kind: string, ground: Json, naval: Json, fields: Record<string, Json>): Json {
  return {
    type: 'object',
    properties: {
      kind: { type: 'string', const: kind },
      ground: nullable(ground),
      naval: nullable(naval),
      ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, body(v)])),
    },
    required: ['kind', 'ground', 'naval'],
    additionalProperties: false,
  };
}

const linkParts = (): Record<string, Json> => {
  const s = body(orderSchema(linkSchema));
  return s.properties as Record<string, Json>;
};

const support = (): Record<string, Json> => ({ navalSupport: orderSchema(standingSupportSchema) });
const ground = (...kinds: Parameters<typeof planetaryOrderSchema>[0][]): Json[] =>
  kinds.map((k) => withFields(planetaryOrderSchema(k), support()));

function build(kind: string): Json[] {
  switch (kind) {
    case 'mission-assignment':
      return [spaceOrderSchema('missions')];
    case 'space-movement':
      return [spaceOrderSchema('tspace'), spaceOrderSchema('place'), spaceOrderSchema('move')];
    case 'space-reaction':
      return [spaceOrderSchema('reaction')];
    case 'space-combat':
      return [
        withFields(spaceOrderSchema('combat-plan'), { odLoads: orderSchema(odLoadsSchema) }),
        spaceOrderSchema('combat-reactions'),
      ];
    case 'ground-movement':
      return ground('movement-plan', 'counter-orders', 'move', 'end-movement');
    case 'ground-reaction':
      return ground('interrupt', 'mover-detect', 'counter-attack', 'defender-actions', 'pass');
    case 'combat-declare':
      return [planetaryOrderSchema('combat-declare'), planetaryOrderSchema('combat-detect')];
    case 'gs-commitment':
      return [orderSchema(commitSchema)];
    case 'independent-attacks':
      return [orderSchema(independentSchema)];
    case 'tf-adjustment':
      return [
        joint('tf-adjustment', planetaryOrderSchema('adjustment'), spaceOrderSchema('adjust'), {
          drops: orderSchema(z.array(group)),
          assignBases: orderSchema(assignBasesSchema),
        }),
      ];
    case 'supply':
      return [
        joint('campaign-supply', planetaryOrderSchema('supply'), spaceOrderSchema('supply'), {
          landings: orderSchema(z.array(landing)),
          ...linkParts(),
        }),
      ];
    case 'withdrawal':
      return [planetaryOrderSchema('withdrawal')];
    case 'external-result':
      return [planetaryOrderSchema('external-result'), spaceOrderSchema('external-result')];
    default:
      throw new RangeError(`no Campaign prompt kind '${kind}'`);
  }
}

const cache = new Map<string, Json>();
/** JSON Schema of the orders a Campaign prompt kind accepts. */
export function campaignPromptSchema(kind: string): Json {
  let s = cache.get(kind);
  if (!s) {
    s = anyOfSchemas(build(kind), kind);
    cache.set(kind, s);
  }
  return s;
}
