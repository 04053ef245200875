/**
 * Naval ground support of the Movement Phase's counter-attacks (L2204, L2208, T-C01, D-76, D-83).
 * "Players may assign the space forces of the zone to assist their ground forces in combat, in
 * the manner and at the time of their choosing" — so also when the Defender counter-attacks a
 * moving TF (L435-455). In planned movement both sides' orders are sealed, so each carries its
 * standing commitments in a campaign field `navalSupport` [{ units, tfs? }]:
 * - on the Defender's `counter-orders`: GS units that join a counter-attack by one of `tfs`;
 * - on the Attacker's `movement-plan`: GS units that add to the defence of one of his moving `tfs`
 *   when it is counter-attacked.
 * Without `tfs` a commitment applies to any such combat of its side. At each counter-attack each
 * side's first commitment with units still usable in the zone of the mover's hex (L2214) is used
 * (once: the units are then spent for the turn, D-83) and revealed (D-76); the combat goes through
 * the library's `resolveSupportedCombat`. Commitments never used are never shown. The planetary
 * procedure is reached through the Planetary module's resolve with `withCounterCombat` around it.
 * Interactive play carries the same field on the reaction answers (counter-support-live.ts).
 */
import type { GameEvent, Json, OrderError, Prompt } from '#engine/contract.js';
import type { Dice } from '#engine/dice.js';
import { z } from 'zod';
import { resolveCombat, type CombatSpec } from '../../planetary/index.js';
import { withCounterCombat } from '../../planetary/index.js';
import { otherSide } from '../../common/types.js';
import type { PrefectState } from '../../planetary/index.js';
import { resolveOrderIds } from '../../planetary/index.js';
import { gsCommitErrors } from '../ground-support.js';
import { zoneOfHex } from '../map-link.js';
import { isRuleError } from '../state.js';
import { resolveSupportedCombat } from '../supported-combat.js';
import { resolveGround } from './halves.js';
import { unusedGs } from './end-of-combat.js';
import {
  liveCarrier,
  livePromptZones,
  sealLive,
  settleLive,
  shownEnemyCommitment,
  type Carrier,
} from './counter-support-live.js';
import type { CampaignGameState, Side } from './types.js';

export const standingSupportSchema = z
  .array(
    z
      .object({
        units: z.array(z.string()).min(1).max(40),
        tfs: z.array(z.string()).min(1).max(40).optional(),
      })
      .strict(),
  )
  .max(20);
export type StandingSupport = z.infer<typeof standingSupportSchema>;

/** The planned order kinds that carry standing commitments: the mover's owner's plan, the counter-attacker's counter-orders. */
const PLANNED: Readonly<Record<string, Carrier['role']>> = { 'movement-plan': 'mover', 'counter-orders': 'counter' };

/** Is the ground half at the start of a planned Movement Phase (the sealed plan and counter-orders are owed)? */
export const plannedMovementStart = (cs: CampaignGameState): boolean =>
  cs.stage === 'GROUND' && !cs.pendingSupport && cs.planetary.step === 'MOVEMENT' && !cs.planetary.movement;

/** May this ground order carry `navalSupport` now (planned: any zone; interactive: the combat's zone)? */
export function supportCarrier(cs: CampaignGameState, side: Side, raw: unknown): Carrier | null {
  const kind = (raw as { kind?: unknown } | null)?.kind;
  if (typeof kind !== 'string') return null;
  if (plannedMovementStart(cs)) return PLANNED[kind] ? { role: PLANNED[kind], zones: null, live: false } : null;
  return liveCarrier(cs, side, raw);
}

/** Splits the campaign field off a ground order: the Planetary module sees its own order only. */
export function splitNavalSupport(raw: unknown): { order: unknown; navalSupport: unknown } {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw) || !('navalSupport' in raw))
    return { order: raw, navalSupport: undefined };
  const { navalSupport, ...order } = raw as Record<string, unknown>;
  return { order, navalSupport };
}

/**
 * L2204, L2214, D-83: the commitments are the side's own unused GS units (any zone: the combat
 * decides which apply), each listed once, naming the side's own TFs. Paths under `navalSupport`.
 */
export function navalSupportErrors(
  cs: CampaignGameState,
  side: Side,
  raw: unknown,
  navalSupport: unknown,
): OrderError[] {
  if (navalSupport === undefined) return [];
  const err = (code: string, rule: string, message: string, path: (string | number)[]): OrderError => ({
    code,
    rule,
    message,
    path: ['navalSupport', ...path],
  });
  const carrier = supportCarrier(cs, side, raw);
  if (!carrier) {
    return [
      err(
        'NOT_HERE',
        'L2204',
        'naval support of counter-attacks rides on the planned movement-plan or counter-orders, or on the interactive counter-attack, defender-actions (with an attack) or mover-detect answer',
        [],
      ),
    ];
  }
  const p = standingSupportSchema.safeParse(resolveOrderIds(cs.planetary, side, navalSupport));
  if (!p.success)
    return p.error.issues
      .slice(0, 5)
      .map((i) => err('MALFORMED', 'L2204', `malformed navalSupport: ${i.message}`, i.path));
  const out: OrderError[] = [];
  const seen = new Set<string>();
  p.data.forEach((c, i) => {
    for (const u of c.units) {
      if (seen.has(u)) out.push(err('TWICE', 'D-83', 'a GS unit supports one combat per turn', [i, 'units']));
      seen.add(u);
      const zone = zoneOfUnit(cs, side, u);
      if (zone !== null && carrier.zones && !carrier.zones.includes(zone))
        out.push(err('NOT_IN_ZONE', 'L2214', `unit ${u} is not in the GS box of the combat's zone`, [i, 'units']));
      else if (zone !== null)
        for (const e of gsCommitErrors(cs, side, zone, [u])) out.push(err(e.code, e.rule, e.message, [i, 'units']));
      // Only the side's own spent units are told apart; any other id gets one answer (no enemy id is told apart, H16).
      else if (cs.gsUsed.includes(u) && cs.space.units[u]?.side === side)
        out.push(err('GS_USED', 'D-83', 'each GS unit is committed at most once per turn', [i, 'units']));
      else out.push(err('NOT_IN_GS_BOX', 'L2214', `unit ${u} is not one of your units in a GS box`, [i, 'units']));
    }
    (c.tfs ?? []).forEach((t, j) => {
      if (cs.planetary.tfs[t]?.side !== side)
        out.push(err('NOT_YOUR_TF', 'L2204', 'name your own ground TFs', [i, 'tfs', j]));
    });
  });
  return out;
}

const zoneOfUnit = (cs: CampaignGameState, side: Side, unit: string): number | null => {
  for (const [z, box] of Object.entries(cs.zones))
    if (box.gs.some((e) => e.unit === unit && e.side === side)) return Number(z);
  return null;
};

/** Choices: the side's unused GS units per zone (his record sheet), only `zones` if given. */
export function navalSupportChoices(cs: CampaignGameState, side: Side, zones: number[] | null = null): Json {
  return JSON.parse(
    JSON.stringify(
      Object.entries(unusedGs(cs, side))
        .filter(([zone]) => !zones || zones.includes(Number(zone)))
        .map(([zone, units]) => ({
          zone: Number(zone),
          units: units.map((u) => ({ id: u, type: cs.space.units[u].type })),
        })),
    ),
  ) as Json;
}

const WHAT: Readonly<Record<string, string>> = {
  'counter-orders': 'join a counter-attack by one of `tfs`',
  'movement-plan': 'add their attack to the defence of one of your moving `tfs` when it is counter-attacked',
  'counter-attack': 'join this counter-attack (sealed until the combat)',
  'defender-actions': 'join the counter-attacks of this answer (by one of `tfs`, if given; sealed until the combat)',
  'mover-detect': 'add their attack to the defence of your counter-attacked TF',
};

/** L2204: the prompts whose orders may carry `navalSupport` say so and list the side's GS units (prompts.ts). */
export function withNavalSupportPrompt(cs: CampaignGameState, p: Prompt, inner: string): Prompt {
  const side = p.side as Side;
  const zones = plannedMovementStart(cs)
    ? inner === 'movement-plan' || inner === 'counter-orders'
      ? null
      : undefined
    : livePromptZones(cs, side, inner);
  if (zones === undefined) return p;
  const gs = navalSupportChoices(cs, side, zones);
  const enemy = inner === 'mover-detect' ? shownEnemyCommitment(cs, side) : null;
  if (!(gs as unknown[]).length && !enemy) return p;
  return {
    ...p,
    description: `${p.description} Campaign: \`navalSupport\` [{ units, tfs? }] — your unused GS units that ${WHAT[inner]} in their zone (L2204, L2214, D-76: sealed, revealed when used; each unit once per turn, D-83).`,
    choices: { ...(p.choices as Record<string, Json>), gsUnits: gs, ...(enemy ? { enemyCommitment: enemy } : {}) },
  };
}

/** The side's commitment for this counter-attack (first matching with usable units) and those units. */
export function pick(
  cs: CampaignGameState,
  side: Side,
  own: string[],
  zone: number,
  list: StandingSupport,
  spent: Set<number>,
): { index: number; units: string[] } | null {
  for (let i = 0; i < list.length; i++) {
    if (spent.has(i)) continue;
    const c = list[i];
    if (c.tfs && !c.tfs.some((t) => own.includes(t))) continue;
    const units = c.units.filter((u) => !gsCommitErrors(cs, side, zone, [u]).length);
    if (units.length) return { index: i, units };
  }
  return null;
}

/**
 * The campaign's counter-attack combat: `cs.planetary` follows the Planetary module's working copy
 * `s`, each side's matching commitment is revealed and the combat goes through
 * `resolveSupportedCombat` (plain combat when neither side has one).
 */
type Lists = Partial<Record<Side, { list: StandingSupport; spent: Set<number> }>>;

function counterCombat(cs: CampaignGameState, lists: Lists) {
  return (s: PrefectState, dice: Dice, spec: CombatSpec): GameEvent[] => {
    cs.planetary = s;
    if (!('tf' in spec.target) || !s.tfs[spec.target.tf]) return resolveCombat(s, dice, spec);
    const mover = s.tfs[spec.target.tf];
    const zone = zoneOfHex(mover.hex);
    const counterSide = otherSide(mover.side);
    const support: Partial<Record<Side, string[]>> = {};
    const events: GameEvent[] = [];
    for (const [side, own] of [
      [counterSide, spec.attackers],
      [mover.side, [mover.id]],
    ] as [Side, string[]][]) {
      const l = lists[side];
      const c = l ? pick(cs, side, own, zone, l.list, l.spent) : null;
      if (!c) continue;
      l!.spent.add(c.index);
      support[side] = c.units;
      events.push({
        type: 'gs.revealed',
        visibleTo: 'all',
        data: {
          side,
          counterAttack: spec.target.tf,
          units: c.units.map((u) => cs.space.units[u]?.type ?? '?'),
          rule: 'L2204, D-76',
        },
      });
    }
    if (!events.length) return resolveCombat(s, dice, spec);
    const r = resolveSupportedCombat(cs, dice, spec, support);
    if (!isRuleError(r)) return [...events, ...r];
    return [
      { type: 'gs.support-dropped', visibleTo: 'all', data: { code: r.code, rule: r.rule } },
      ...resolveCombat(s, dice, spec),
    ];
  };
}

/**
 * The ground half's step through the Planetary module, with the campaign field taken off the
 * orders and the commitments joining counter-attacks: standing ones at the planned Movement
 * Phase; in interactive play the answer's own (the mover's) and the counter-attacker's sealed
 * ones (counter-support-live.ts).
 */
export function resolveGroundWithSupport(
  cs: CampaignGameState,
  orders: Record<string, Json>,
  dice: Dice,
): { state: PrefectState; events: GameEvent[] } {
  const sent: Record<string, Json> = {};
  const lists: Lists = {};
  const sealed: GameEvent[] = [];
  for (const [side, raw] of Object.entries(orders)) {
    const { order, navalSupport } = splitNavalSupport(raw);
    sent[side] = order as Json;
    if (navalSupport === undefined) continue;
    const carrier = supportCarrier(cs, side as Side, raw);
    // The order was validated; a bad field (e.g. a defaulted order) simply commits nothing.
    if (!carrier || navalSupportErrors(cs, side as Side, raw, navalSupport).length) continue;
    const list = standingSupportSchema.parse(resolveOrderIds(cs.planetary, side as Side, navalSupport));
    if (carrier.live && carrier.role === 'counter') sealed.push(...sealLive(cs, side as Side, list));
    else lists[side as Side] = { list, spent: new Set() };
  }
  const stored = cs.counterSupport;
  if (stored && !lists[stored.side]) lists[stored.side] = { list: stored.list, spent: new Set() };
  const r = Object.keys(lists).length
    ? withCounterCombat(counterCombat(cs, lists), () => resolveGround(cs.planetary, sent, dice))
    : resolveGround(cs.planetary, sent, dice);
  settleLive(cs, !!r.state.movement?.pendingAttack, stored ? lists[stored.side]?.spent : undefined);
  return { state: r.state, events: [...sealed, ...r.events] };
}
