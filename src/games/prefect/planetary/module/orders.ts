/**
 * zod schemas of every Prefect order (types.ts, digest §8.3). Parsing checks only the form;
 * the rules of each step are checked in validate.ts. Defaults are filled in so a client may send
 * the short form (e.g. `{ kind: 'supply' }` = spend nothing). Errors are kernel OrderErrors
 * naming the rule that the form answers to.
 */
import { z } from 'zod';
import type { OrderError } from '#engine/contract.js';
import type { PrefectOrder } from '../types.js';

const id = z.string().min(1).max(80);
const hex = z.string().min(1).max(16);
const path = z.array(hex).min(1).max(64);
const esm = z.number().int().min(-20).max(60);
const standingEsm = z.union([z.literal('max'), z.number().int().min(1).max(60)]);
const shift = z.enum(['LEFT', 'RIGHT', 'NONE', 'FAVOURABLE']);
const engineers = z.array(z.strictObject({ engineer: id, unit: id })).max(40);
const mode = z.enum(['COMBAT', 'LAF']);
const detection = z.strictObject({ detector: id, target: id, esm });
const sources = z.array(z.strictObject({ id, amount: z.number().int().min(1).max(1000) })).max(20);
const tfName = z.union([z.number().int().min(0).max(99), id]);

/** MP spent on enemy disorganised units per hex entered (L459-475). */
const destroy = z
  .array(z.strictObject({ hex, count: z.number().int().min(1).max(20) }))
  .max(20)
  .optional();

/** Standing retreat choices (L609-617, D-31). */
const retreat = z
  .array(
    z.strictObject({
      tf: id,
      hexes: z.array(hex).max(6).optional(),
      policy: z.enum(['toward-base', 'away-from-enemy']).optional(),
    }),
  )
  .max(100)
  .optional();

export const MoveOrderSchema = z.strictObject({ tf: id, mode, path, destroy });

const schemas = [
  z.strictObject({
    kind: z.literal('setup-assign'),
    taskForces: z
      .array(z.strictObject({ counter: z.number().int().min(1).max(99), org: id, units: z.array(id).max(200) }))
      .max(100),
    independents: z.array(id).max(100).optional(),
    placements: z
      .array(z.strictObject({ tf: tfName, hex }))
      .max(200)
      .optional(),
  }),
  z.strictObject({ kind: z.literal('setup-place'), placements: z.array(z.strictObject({ tf: tfName, hex })).max(200) }),
  z.strictObject({
    kind: z.literal('movement-plan'),
    retreat,
    moves: z.array(MoveOrderSchema).max(100),
    moverDetectEsm: standingEsm.optional(),
  }),
  z.strictObject({
    kind: z.literal('counter-orders'),
    retreat,
    interrupt: z
      .strictObject({
        default: z.strictObject({ detect: z.boolean(), esm: standingEsm }),
        perTf: z.record(z.string(), z.strictObject({ detect: z.boolean(), esm: standingEsm })).optional(),
      })
      .default({ default: { detect: true, esm: 'max' } }),
    counterAttacks: z
      .array(
        z.strictObject({
          tfs: z.array(id).min(1).max(40),
          minOwnAttack: z.number().int().min(0).max(500).optional(),
          onlyLafMovers: z.boolean().optional(),
          hexes: z.array(hex).max(400).optional(),
        }),
      )
      .max(40)
      .default([]),
    moves: z
      .array(z.strictObject({ tf: id, path, afterAttackerMove: z.number().int().min(0).max(100), destroy }))
      .max(100)
      .default([]),
    moverDetectEsm: standingEsm.optional(),
  }),
  z.strictObject({ kind: z.literal('move'), move: MoveOrderSchema }),
  z.strictObject({ kind: z.literal('end-movement') }),
  z.strictObject({ kind: z.literal('interrupt'), detections: z.array(z.strictObject({ tf: id, esm })).max(6) }),
  z.strictObject({ kind: z.literal('counter-attack'), tfs: z.array(id).max(6) }),
  z.strictObject({ kind: z.literal('mover-detect'), target: id.nullable(), esm }),
  z.strictObject({
    kind: z.literal('defender-actions'),
    actions: z
      .array(
        z.discriminatedUnion('type', [
          z.strictObject({ type: z.literal('move'), tf: id, path, destroy }),
          z.strictObject({ type: z.literal('attack'), tfs: z.array(id).min(1).max(6), target: id }),
        ]),
      )
      .max(100),
  }),
  z.strictObject({ kind: z.literal('pass') }),
  z.strictObject({
    kind: z.literal('combat-declare'),
    retreat,
    attacks: z
      .array(
        z.strictObject({
          target: z.union([z.strictObject({ tf: id }), z.strictObject({ hex })]),
          attackers: z.array(id).min(1).max(6),
          advance: id.nullable().optional(),
        }),
      )
      .max(100)
      .default([]),
    detections: z.array(detection).max(100).default([]),
    order: z.array(z.number().int().min(0).max(99)).max(100).optional(),
    engineers: engineers.optional(),
    shift: shift.optional(),
  }),
  z.strictObject({
    kind: z.literal('combat-detect'),
    retreat,
    detections: z.array(detection).max(100).default([]),
    engineers: engineers.optional(),
    shift: shift.optional(),
    advance: z.union([z.enum(['none', 'auto']), z.strictObject({ hexes: z.array(hex).min(1).max(6) })]).optional(), // L635
  }),
  // D-87 (external/): the agreed Centurion result of the paused attack (L2749-2798).
  z.strictObject({
    kind: z.literal('external-result'),
    attack: id,
    destroyed: z.array(id).max(200).default([]),
    leftMap: z.array(id).max(200).default([]),
    installations: z
      .array(z.strictObject({ base: id, lost: z.number().int().min(0).max(50) }))
      .max(20)
      .optional(), // L2796
    prefect: z.boolean().optional(),
    // The server's deadline default marks itself, so the fallback event can say why (external/protocol.ts).
    deadline: z.boolean().optional(),
  }),
  z.strictObject({
    kind: z.literal('supply'),
    transfers: z
      .array(z.strictObject({ from: id, to: id, amount: z.number().int().min(1).max(1000) }))
      .max(100)
      .default([]),
    fatigue: z
      .array(z.strictObject({ tf: id, levels: z.number().int().min(1).max(3), sources }))
      .max(100)
      .default([]),
    reorganise: z
      .array(z.strictObject({ unit: id, source: id, into: id.optional() }))
      .max(200)
      .default([]),
    rebuild: z
      .array(z.strictObject({ unit: id, base: id, into: id.optional() }))
      .max(100)
      .default([]),
    build: z
      .array(z.strictObject({ tf: id, sources }))
      .max(20)
      .default([]),
  }),
  z.strictObject({
    kind: z.literal('withdrawal'),
    moves: z
      .array(z.strictObject({ unit: id, path }))
      .max(200)
      .default([]),
  }),
  z.strictObject({
    kind: z.literal('adjustment'),
    retreat,
    transfers: z
      .array(z.strictObject({ from: id, to: id, units: z.array(id).min(1).max(100) }))
      .max(100)
      .default([]),
    create: z
      .array(
        z.strictObject({ org: id, counter: z.number().int().min(1).max(99), hex, units: z.array(id).min(1).max(100) }),
      )
      .max(40)
      .default([]),
    reinforcements: z
      .array(
        z.strictObject({
          unit: id,
          tf: z.union([id, z.strictObject({ newCounter: z.number().int().min(1).max(99), org: id })]),
        }),
      )
      .max(100)
      .default([]),
    assignBases: z
      .array(z.strictObject({ type: z.enum(['GL1', 'GL2', 'GL3', 'GL4']), tf: id }))
      .max(10)
      .default([]),
    terrain: z
      .array(z.strictObject({ tf: id, hex, terrain: id }))
      .max(100)
      .optional(),
    independent: z
      .array(z.strictObject({ unit: id, hex }))
      .max(100)
      .optional(),
  }),
] as const;

export const PrefectOrderSchema = z.discriminatedUnion('kind', [...schemas]);

/** The rule each order kind's form answers to (schema errors). */
export const KIND_RULE: Record<PrefectOrder['kind'], string> = {
  'setup-assign': 'L228-236',
  'setup-place': 'L238-242',
  'movement-plan': 'L269-331',
  'counter-orders': 'L393-457',
  move: 'L269-331',
  'end-movement': 'L277',
  interrupt: 'L381-385',
  'counter-attack': 'L435-455',
  'mover-detect': 'L389',
  'defender-actions': 'L399-433',
  pass: 'L409',
  'combat-declare': 'L547-561',
  'combat-detect': 'L483-491',
  'external-result': 'L2749-2798, D-87',
  supply: 'L737-846',
  withdrawal: 'L848-864',
  adjustment: 'L866-878',
};

/** Parses raw JSON into an order (defaults filled in), or schema errors naming the rule. */
export function parseOrder(raw: unknown): { ok: true; order: PrefectOrder } | { ok: false; errors: OrderError[] } {
  const r = PrefectOrderSchema.safeParse(raw);
  if (r.success) return { ok: true, order: r.data as PrefectOrder };
  const kind = raw && typeof raw === 'object' && 'kind' in raw ? String((raw as { kind: unknown }).kind) : '';
  const rule = KIND_RULE[kind as PrefectOrder['kind']] ?? 'L258-267';
  // Every object is strict (an unknown key is refused with its path, not dropped), answered as Space answers.
  return {
    ok: false,
    errors: r.error.issues
      .slice(0, 10)
      .map((i) => ({ code: 'MALFORMED', path: i.path, message: `malformed order: ${i.message}`, rule })),
  };
}
