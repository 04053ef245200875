/**
 * Item 10 (L2256-2258, L2380, D-80): at the end of the Ground Combat Phase each side's unused GS
 * units may attack enemy ground TFs or bases of their zone (independent attacks, L2254-2276) —
 * the turn Attacker resolves all of his first, then the Defender — and afterwards unused GS
 * fighters may attack the enemy's dropped forces in their zone's OD box (L2380-2386). One prompt
 * per side in that order; a side with nothing in any GS box is skipped. The attacker's drop
 * attacks wait (sealed, his own record) until the Defender's independent attacks are done (D-80).
 */
import type { GameEvent, Json, OrderError } from '#engine/contract.js';
import type { Dice } from '#engine/dice.js';
import { z } from 'zod';
import { otherSide, type Side } from '../../common/types.js';
import { resolveOrderIds } from '../../planetary/index.js';
import { stats } from '../../space/index.js';
import { dropAttack } from '../drops.js';
import { finishIndependentAttacks, independentAttackOnBase, independentAttackOnTf } from '../independent.js';
import { zoneOfHex } from '../map-link.js';
import { isRuleError } from '../state.js';
import { undetectedInNSpace } from './nspace-record.js';
import type { CampaignState, RuleError } from '../types.js';

const target = z.union([
  z.object({ tf: z.string() }).strict(),
  z.object({ legion: z.string() }).strict(),
  z.object({ naval: z.string() }).strict(),
]);
export const independentSchema = z
  .object({
    kind: z.literal('independent-attacks'),
    attacks: z.array(
      z
        .object({ units: z.array(z.string()), target, esm: z.number().int().optional(), shift: z.boolean().optional() })
        .strict(),
    ),
    dropAttacks: z.array(z.object({ zone: z.number().int(), fighters: z.array(z.string()) }).strict()),
  })
  .strict();
export type IndependentOrder = z.infer<typeof independentSchema>;

export const emptyIndependent = (): IndependentOrder => ({ kind: 'independent-attacks', attacks: [], dropAttacks: [] });

/** Unused GS units of `side`, by zone (D-83: a unit is committed at most once a turn). */
export function unusedGs(cs: CampaignState, side: Side): Record<number, string[]> {
  const out: Record<number, string[]> = {};
  for (const [zone, box] of Object.entries(cs.zones)) {
    const units = box.gs
      .filter((e) => e.side === side && !cs.gsUsed.includes(e.unit) && cs.space.units[e.unit]?.status === 'ACTIVE')
      .map((e) => e.unit);
    if (units.length) out[Number(zone)] = units;
  }
  return out;
}

/** Who owes the item-10 prompt now: the Attacker until he is done, then the Defender; none if nobody has GS units left. */
export function independentOwed(cs: CampaignState): Side | null {
  for (const side of [cs.attacker, otherSide(cs.attacker)]) {
    if (cs.endOfCombat.independentDone.includes(side)) continue;
    return side;
  }
  return null;
}

export const hasGsLeft = (cs: CampaignState, side: Side): boolean => Object.keys(unusedGs(cs, side)).length > 0;

/**
 * One independent attack (L2260-2276). On a base (L2272) the column shift is open when the units'
 * naval TFs were undetected in N-space this turn (nspace-record.ts, from the space phase's
 * events); `shift` absent = shift when allowed (favourable), false = none, true = demanded.
 */
function attackOnce(
  cs: CampaignState,
  dice: Dice,
  side: Side,
  a: IndependentOrder['attacks'][number],
): GameEvent[] | RuleError {
  if ('tf' in a.target)
    return independentAttackOnTf(cs, dice, {
      side,
      units: a.units,
      target: a.target.tf,
      ...(a.esm !== undefined ? { esm: a.esm } : {}),
    });
  const undetected = undetectedInNSpace(cs, a.units);
  return independentAttackOnBase(cs, dice, {
    side,
    units: a.units,
    base: a.target,
    shiftRight: a.shift ?? undetected,
    undetectedInNSpace: undetected,
  });
}

/** The side's independent attacks in order, then it has finished (L2258). Refused attacks are skipped, the sender is told. */
export function runIndependent(cs: CampaignState, dice: Dice, side: Side, o: IndependentOrder): GameEvent[] {
  const events: GameEvent[] = [];
  o.attacks.forEach((a, i) => {
    const r = attackOnce(cs, dice, side, a);
    if (isRuleError(r))
      events.push({
        type: 'independent.refused',
        visibleTo: [side],
        data: { index: i, code: r.code, rule: r.rule, message: r.message },
      });
    else events.push(...r);
  });
  finishIndependentAttacks(cs, side);
  return events;
}

/** L2380-2386, after both sides' independent attacks (D-80): Attacker's drop attacks first. */
export function runDropAttacks(
  cs: CampaignState,
  dice: Dice,
  held: Partial<Record<Side, IndependentOrder['dropAttacks']>>,
): GameEvent[] {
  const events: GameEvent[] = [];
  for (const side of [cs.attacker, otherSide(cs.attacker)]) {
    for (const [i, d] of (held[side] ?? []).entries()) {
      const r = dropAttack(cs, dice, side, d.zone, d.fighters);
      if (isRuleError(r))
        events.push({
          type: 'od.attack-refused',
          visibleTo: [side],
          data: { index: i, code: r.code, rule: r.rule, message: r.message },
        });
      else events.push(...r);
    }
  }
  cs.endOfCombat.dropAttacksDone = true;
  return events;
}

/** The order with TF aliases / opaque ids turned into real ids (the planetary module's own mapping). */
export const realIds = (cs: CampaignState, side: Side, raw: unknown): unknown =>
  resolveOrderIds(cs.planetary, side, raw);

/** Structured errors of an item-10 order, tried on a copy with the engine's dice replaced by a fixed one (legality does not depend on rolls). */
export function independentErrors(cs: CampaignState, side: Side, raw: unknown, trialDice: Dice): OrderError[] {
  const p = independentSchema.safeParse(realIds(cs, side, raw));
  if (!p.success)
    return p.error.issues
      .slice(0, 5)
      .map((i) => ({ code: 'MALFORMED', path: i.path, message: `malformed order: ${i.message}`, rule: 'L2256-2258' }));
  const out: OrderError[] = [];
  const named = new Set<string>();
  p.data.attacks.forEach((a, i) => {
    // Each attack is judged on the state before any roll (a copy each), so its legality never hangs on dice.
    const r = attackOnce(structuredClone(cs), trialDice, side, a);
    if (isRuleError(r)) out.push({ code: r.code, path: ['attacks', i], message: r.message, rule: r.rule });
    if (a.units.some((u) => named.has(u)))
      out.push({
        code: 'TWICE',
        path: ['attacks', i, 'units'],
        message: 'a GS unit is committed at most once per turn',
        rule: 'D-83',
      });
    for (const u of a.units) named.add(u);
  });
  const fighters = new Set(p.data.attacks.flatMap((a) => a.units));
  p.data.dropAttacks.forEach((d, i) => {
    const mine = unusedGs(cs, side)[d.zone] ?? [];
    const bad = d.fighters.find(
      (f) => !mine.includes(f) || fighters.has(f) || stats(cs.space.units[f]).kind !== 'FIGHTER',
    );
    if (bad !== undefined || !d.fighters.length)
      out.push({
        code: 'NOT_AVAILABLE',
        path: ['dropAttacks', i],
        message: 'drop attacks use your unused GS fighter squadrons of that zone, not committed above (L2380, D-83)',
        rule: 'L2380, D-83',
      });
    if (!cs.zones[d.zone]?.od.some((e) => e.side !== side))
      out.push({
        code: 'NO_TARGET',
        path: ['dropAttacks', i],
        message: 'no enemy forces in this OD box',
        rule: 'L2380',
      });
  });
  return out;
}

/** Choices for the prompt: own unused GS units by zone, and per zone the public enemy targets. */
export function independentChoices(cs: CampaignState, side: Side): Json {
  const gs = unusedGs(cs, side);
  const enemy = otherSide(side);
  const zones = Object.keys(gs)
    .map(Number)
    .map((zone) => ({
      zone,
      units: gs[zone].map((u) => ({
        id: u,
        type: cs.space.units[u].type,
        fighter: stats(cs.space.units[u]).kind === 'FIGHTER',
      })),
      enemyTfs: Object.values(cs.planetary.tfs)
        .filter((t) => t.side === enemy && t.hex && zoneOfHex(t.hex) === zone)
        .map((t) => ({ tf: t.id, hex: t.hex, detected: t.detected })),
      enemyBases: Object.values(cs.planetary.bases)
        .filter((b) => b.side === enemy && zoneOfHex(b.hex) === zone)
        .map((b) => ({ legion: b.id, type: b.type, hex: b.hex })),
      enemyDropped: cs.zones[zone].od.filter((e) => e.side === enemy).length,
    }));
  return JSON.parse(JSON.stringify({ zones })) as Json;
}

/** Bot: drop attacks with every fighter of a zone where enemy forces dropped; the rest of a zone's units attack its first enemy TF. */
export function independentBot(cs: CampaignState, side: Side): IndependentOrder {
  const o = emptyIndependent();
  const enemy = otherSide(side);
  for (const [zs, units] of Object.entries(unusedGs(cs, side))) {
    const zone = Number(zs);
    let rest = units;
    if (cs.zones[zone].od.some((e) => e.side === enemy)) {
      const fighters = units.filter((u) => stats(cs.space.units[u]).kind === 'FIGHTER');
      if (fighters.length) {
        o.dropAttacks.push({ zone, fighters });
        rest = units.filter((u) => !fighters.includes(u));
      }
    }
    const tf = Object.values(cs.planetary.tfs)
      .filter((t) => t.side === enemy && t.hex && zoneOfHex(t.hex) === zone)
      .sort((a, b) => a.id.localeCompare(b.id))[0];
    if (tf && rest.length) o.attacks.push({ units: rest, target: { tf: tf.id } });
  }
  return o;
}
