/**
 * Order validation: the order's shape (zod), whether the side owes that kind now, then the rules —
 * by applying the order to a clone with the same code that resolves it (apply.ts), so a legal
 * order never fails half-way and a refused one changes nothing. Errors are structured (code, path,
 * rule) and name only the sender's own things or what he typed (H16).
 */
import { z } from 'zod';
import type { OrderError } from '#engine/contract.js';
import { MISSIONS } from '../types.js';
import {
  applyAdjust,
  applyMissions,
  applyMoves,
  applyReactionOrder,
  applySupply,
  checkPlace,
  checkTSpace,
  toOrderErrors,
} from './apply.js';
import { ANSWER_FIELDS, planErrors, reactionsErrors } from './combat-link.js';
import { owedAt } from './sequence.js';
import type { CombatDecisionOrder, Side, SpaceGameState, SpaceOrder } from './types.js';
import { SIDES } from './types.js';
import { resolveAliases } from './view.js';
import { entryErrors } from '../external/entry.js';

const id = z.string().min(1).max(80);
const ids = z.array(id).max(200);
const int = z.number().int();
const spend = { sources: z.array(z.object({ from: id, sp: int.min(0) }).strict()).max(50) };
const list = <T extends z.ZodTypeAny>(t: T) => z.array(t).max(100);

export const SCHEMAS: Record<SpaceOrder['kind'], z.ZodTypeAny> = {
  missions: z
    .object({
      kind: z.literal('missions'),
      missions: list(
        z
          .object({
            tf: id,
            mission: z.enum(MISSIONS as [string, ...string[]]),
            params: z.object({ destination: id.optional() }).strict().optional(),
            sdAllocation: z.record(z.string().regex(/^\d+$/), ids).optional(),
          })
          .strict(),
      ),
    })
    .strict(),
  tspace: z
    .object({
      kind: z.literal('tspace'),
      enter: ids,
      exits: list(z.object({ tf: id, sector: id.optional() }).strict()),
    })
    .strict(),
  place: z.object({ kind: z.literal('place'), places: list(z.object({ tf: id, sector: id }).strict()) }).strict(),
  reaction: z
    .object({
      kind: z.literal('reaction'),
      moves: list(z.object({ units: ids, from: id, to: id, segment: int }).strict()),
    })
    .strict(),
  move: z.object({ kind: z.literal('move'), moves: list(z.object({ tf: id, to: id }).strict()) }).strict(),
  'combat-plan': z.object({ kind: z.literal('combat-plan'), plan: z.unknown() }).strict(),
  'combat-reactions': z.object({ kind: z.literal('combat-reactions'), reactions: z.unknown() }).strict(),
  adjust: z
    .object({
      kind: z.literal('adjust'),
      form: list(z.object({ units: ids, at: id }).strict()),
      exchanges: list(z.object({ units: ids, to: id }).strict()),
      deploy: list(z.object({ unit: id, segment: int }).strict()),
      disorganise: list(z.object({ sector: id, units: ids }).strict()),
      destroySurplus: list(z.object({ tf: id, units: ids }).strict()),
      rebuild: ids,
    })
    .strict(),
  supply: z
    .object({
      kind: z.literal('supply'),
      rearm: list(z.object({ tf: id, levels: int, ...spend }).strict()),
      reorganise: list(z.object({ tf: id, ...spend }).strict()),
      baseReorganise: list(z.object({ base: id, ...spend }).strict()),
      transfers: list(z.object({ from: id, to: id, amount: int.min(1), marines: z.boolean().optional() }).strict()),
      load: list(z.object({ unit: id, sp: int.min(1) }).strict()),
      loadMarines: list(z.object({ unit: id, cohorts: int.min(1) }).strict()).optional(),
      unload: list(z.object({ base: id, segment: int }).strict()),
    })
    .strict(),
  'combat-decision': z
    .object({
      kind: z.literal('combat-decision'),
      units: ids.optional(),
      bases: ids.optional(),
      segment: int.optional(),
      shift: z.boolean().optional(),
      attempt: z.boolean().optional(),
    })
    .strict(),
  // D-87 (../external/): a Leviathan battle's result in Prefect terms; `deadline` is the server's alone.
  'external-result': z
    .object({
      kind: z.literal('external-result'),
      battle: id,
      destroyed: ids.default([]),
      disorganised: ids.default([]),
      brokeOff: ids.default([]),
      transportLosses: list(z.object({ unit: id, shipsLost: int, ships: int }).strict()).optional(), // L2596 (../external/transport-losses.ts)
      prefect: z.boolean().optional(),
    })
    .strict(),
};

/** The rule each kind of order carries out (digest §4.4), named by a malformed-order error. */
const PHASE_RULE: Record<SpaceOrder['kind'], string> = {
  missions: 'L1210-1296',
  tspace: 'L1356-1401',
  place: 'L1387, L1401',
  reaction: 'L1395-1399',
  move: 'L1405-1421',
  'combat-plan': 'L1443-1829',
  'combat-reactions': 'L1443-1829',
  adjust: 'L1869-1889',
  supply: 'L1891-1967',
  'external-result': 'L2572-2600, D-87',
  'combat-decision': 'L1509-1521, L1543-1547, L1675, L1741-1745, L1777-1783, L1861, D-91',
};

export interface Checked {
  order?: SpaceOrder;
  errors: OrderError[];
}

const err = (code: string, message: string, path: (string | number)[] = [], rule?: string): Checked => ({
  errors: [{ code, path, message, ...(rule ? { rule } : {}) }],
});

export function checkOrder(s: SpaceGameState, side: string, raw: unknown): Checked {
  if (!SIDES.includes(side as Side)) return err('UNKNOWN_SIDE', `no side ${side}`, [], 'L1072');
  const owed = owedAt(s).find((o) => o.side === side);
  if (!owed) return err('NOT_OWED', `${side} owes no orders now`, [], 'D-53');
  const kind = (raw as { kind?: unknown } | null)?.kind;
  if (kind !== owed.kind) return err('WRONG_KIND', `orders of kind '${owed.kind}' are owed now`, ['kind'], 'D-53');
  const parsed = SCHEMAS[owed.kind].safeParse(resolveAliases(s, raw));
  if (!parsed.success) {
    return {
      errors: parsed.error.issues.slice(0, 10).map((i) => ({
        code: 'MALFORMED',
        path: i.path,
        message: `malformed order: ${i.message}`,
        rule: PHASE_RULE[owed.kind],
      })),
    };
  }
  const order = parsed.data as SpaceOrder;
  const trial = structuredClone(s);
  const me = side as Side;
  let errors: OrderError[];
  switch (order.kind) {
    case 'missions':
      errors = applyMissions(trial, me, order).errors;
      break;
    case 'tspace':
      errors = checkTSpace(trial, me, order).errors;
      break;
    case 'place':
      errors = checkPlace(trial, me, order).errors;
      break;
    case 'reaction':
      errors = applyReactionOrder(trial, me, order).errors;
      break;
    case 'move':
      errors = applyMoves(trial, me, order).errors;
      break;
    case 'combat-plan':
      errors = toOrderErrors(planErrors(trial, me, order.plan), ['plan']);
      break;
    case 'combat-reactions':
      errors = toOrderErrors(reactionsErrors(trial, me, order.reactions), ['reactions']);
      break;
    case 'adjust':
      errors = applyAdjust(trial, me, order).errors;
      break;
    case 'supply':
      errors = applySupply(trial, me, order).errors;
      break;
    case 'external-result':
      errors = entryErrors(trial, me, order);
      break;
    case 'combat-decision':
      errors = decisionErrors(trial, order);
      break;
  }
  return errors.length ? { errors } : { order, errors: [] };
}

/** D-91: the answer must fit the point asked — only its fields, offered ids only, an existing segment, a possible attempt. */
function decisionErrors(s: SpaceGameState, o: CombatDecisionOrder): OrderError[] {
  const p = s.external?.asking;
  if (!p) return [{ code: 'NOT_OWED', path: [], message: 'no decision is asked now', rule: 'D-91' }];
  const errs: OrderError[] = [];
  const bad = (field: string, message: string, rule: string) =>
    errs.push({ code: 'BAD_DECISION', path: [field], message, rule });
  const fields = ANSWER_FIELDS[p.kind];
  for (const f of ['units', 'bases', 'segment', 'shift', 'attempt'] as const) {
    if (o[f] !== undefined && !fields.includes(f))
      bad(f, `this point asks for ${fields.map((x) => `\`${x}\``).join(' and ')}, not \`${f}\``, p.rule);
  }
  switch (p.kind) {
    case 'segment':
      if (o.segment === undefined || o.segment < 1 || o.segment > p.segments)
        bad('segment', `segment must be 1-${p.segments} (L1681)`, 'L1681');
      break;
    case 'shift':
      if (o.shift === undefined)
        bad('shift', 'answer with `shift`: true to use the column to the right, false not to', p.rule);
      break;
    case 'withdrawal-attempt':
      if (o.attempt === undefined)
        bad('attempt', 'answer with `attempt`: true to try to detect the withdrawing Task Force, false not to', p.rule);
      else if (o.attempt && !p.possible)
        bad('attempt', 'you have no sector-defence Task Force in the sector to detect it with (L1781)', 'L1781');
      break;
    case 'protected-attack':
      for (const id of o.bases ?? [])
        if (!p.bases.includes(id)) bad('bases', `${id} is not one of the bases offered`, p.rule);
  }
  const offered =
    p.kind === 'intercept' || p.kind === 'withdrawal-intercept'
      ? p.eligible
      : p.kind === 'protected-attack' || p.kind === 'leave-segment'
        ? p.units
        : null;
  if (offered && fields.includes('units'))
    for (const id of o.units ?? [])
      if (!offered.includes(id)) bad('units', `${id} is not one of the units offered`, p.rule);
  return errs;
}
