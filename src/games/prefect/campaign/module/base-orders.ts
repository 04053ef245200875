/**
 * The campaign TF Adjustment's `assignBases` part (D-51, L952-954): [{ tf, type }] — an available
 * base (the scenario's `extraBases`, ../base-availability.ts) assigned to a TF that traces a LOC to
 * a friendly base or HQ; it is built by the TF's Construction Engineers with the Supply order's
 * `build` on a later turn (L956). Checked on a copy (path `assignBases`, i); applied whole or not at
 * all, before the ground and naval TF adjustments (module/sequence.ts). Private to the owner.
 */
import { z } from 'zod';
import type { GameEvent, Json, OrderError } from '#engine/contract.js';
import { aliasTfIds, resolveOrderIds } from '../../planetary/index.js';
import { assignBase, basesAvailable } from '../base-availability.js';
import { carriersOfBase } from '../carried-bases.js';
import { ruleError } from '../state.js';
import type { RuleError } from '../types.js';
import type { CampaignGameState, Side } from './types.js';

export const schema = z.array(z.object({ tf: z.string(), type: z.string() }).strict()).max(10);
export type AssignBases = z.infer<typeof schema>;

/** The `assignBases` part of a raw TF Adjustment order (ground TF aliases resolved), or its error. */
export function readAssignments(
  cs: CampaignGameState,
  side: Side,
  raw: unknown,
): AssignBases | { error: RuleError; path: (string | number)[] } {
  const part = (raw as { assignBases?: unknown } | null)?.assignBases;
  if (part === undefined) return [];
  const p = schema.safeParse(resolveOrderIds(cs.planetary, side, part));
  if (!p.success)
    return {
      error: ruleError('MALFORMED', 'L954, D-51', 'assignBases: a list of { tf, type }'),
      path: ['assignBases', ...(p.error.issues[0]?.path ?? [])],
    };
  return p.data;
}

function run(
  cs: CampaignGameState,
  side: Side,
  list: AssignBases,
): GameEvent[] | { error: RuleError; path: (string | number)[] } {
  const events: GameEvent[] = [];
  for (const [i, a] of list.entries()) {
    const r = assignBase(cs, side, a.tf, a.type);
    if ('code' in r) return { error: r, path: ['assignBases', i] };
    events.push(...r);
  }
  return events;
}

export function assignErrors(cs: CampaignGameState, side: Side, raw: unknown): OrderError[] {
  const list = readAssignments(cs, side, raw);
  const r = 'error' in list ? list : run(structuredClone(cs), side, list);
  return 'error' in r ? [{ code: r.error.code, rule: r.error.rule, message: r.error.message, path: r.path }] : [];
}

/** Resolution (attacker first): each side's assignments, whole or refused with a private event. */
export function applyAssignments(cs: CampaignGameState, orders: Partial<Record<Side, unknown>>): GameEvent[] {
  const out: GameEvent[] = [];
  for (const side of [cs.attacker, cs.attacker === 'TOG' ? 'CW' : 'TOG'] as Side[]) {
    const list = readAssignments(cs, side, orders[side]);
    const trial = 'error' in list ? list : run(structuredClone(cs), side, list);
    if ('error' in trial)
      out.push({
        type: 'base.assign-refused',
        visibleTo: [side],
        data: { code: trial.error.code, rule: trial.error.rule, message: trial.error.message, path: trial.path },
      });
    else if (!('error' in list)) out.push(...(run(cs, side, list) as GameEvent[]));
  }
  return out;
}

/** What the side's prompts show about new bases: available types, TFs with an assignment, dismantled bases aboard (TF ids aliased). */
export function newBasesChoices(cs: CampaignGameState, side: Side): Json {
  const ps = cs.planetary;
  const assigned = Object.entries(cs.basePool?.assigned ?? {})
    .filter(([tf]) => ps.tfs[tf]?.side === side)
    .map(([tf, a]) => ({ tf, type: a.type, assignedTurn: a.turn }));
  const carried = Object.entries(cs.carriedBases ?? {})
    .filter(([, b]) => b.side === side)
    .map(([base, b]) => ({
      base,
      type: b.type,
      transports: carriersOfBase(cs, base).map((u) => ({ transport: u.id, sp: u.baseLoad!.sp })),
    }));
  return aliasTfIds(
    ps,
    JSON.parse(JSON.stringify({ available: basesAvailable(cs, side).map((b) => b.type), assigned, carried })) as Json,
  );
}
