/**
 * Naval ground support in the Ground Combat Phase (L2194-2252, D-76, D-83). When the Defender's
 * detections are in (planetary COMBAT_DETECT) and a declared combat lies in a zone where a side
 * has unused GS units, each such side commits units per combat: sealed and revealed together
 * (gsCommitMode SIMUL), or the turn Attacker first and then the Defender seeing his commitments
 * (ATTACKER_FIRST). The Combat Phase then runs as the planetary one (combat-phase.ts: the declared
 * order, shift policies, engineers, advances) with each combat through `resolveSupportedCombat`
 * (naval attack added to attack or defence, naval saves, supported-base save).
 */
import type { GameEvent, Json, OrderError } from '#engine/contract.js';
import type { Dice } from '#engine/dice.js';
import { z } from 'zod';
import { runDefenderDetections } from '../../planetary/index.js';
import { resolveCombat } from '../../planetary/index.js';
import { openExternal, wantsExternal, type ExternalDecision } from '../../planetary/index.js';
import { unitsIn } from '../../planetary/index.js';
import { storeRetreatPrefs } from '../../planetary/index.js';
import { otherSide, type Side } from '../../common/types.js';
import type { CombatDetectOrder } from '../../planetary/index.js';
import { resolveOrderIds } from '../../planetary/index.js';
import { stats } from '../../space/index.js';
import { gsCommitErrors } from '../ground-support.js';
import { zoneOfHex } from '../map-link.js';
import { isRuleError } from '../state.js';
import { resolveSupportedCombat as supportedCombat } from '../supported-combat.js';
import type { CampaignGameState } from './types.js';
import { unusedGs } from './end-of-combat.js';
import { commitPlan } from './bot-support.js';
import { navalBasesAt } from './centurion-setup.js';

export const commitSchema = z
  .object({
    kind: z.literal('gs-commitment'),
    commitments: z.array(z.object({ attack: z.string(), units: z.array(z.string()) }).strict()),
  })
  .strict();
export type CommitOrder = z.infer<typeof commitSchema>;
export const emptyCommit = (): CommitOrder => ({ kind: 'gs-commitment', commitments: [] });

/** Declared combats against a TF, with the zone of the defender's hex (L2214). */
export function supportableCombats(
  cs: CampaignGameState,
): { attack: string; zone: number; target: string; attackers: string[] }[] {
  const c = cs.planetary.combat;
  if (!c) return [];
  return c.attacks
    .filter((a) => 'tf' in a.target && cs.planetary.tfs[a.target.tf]?.hex)
    .map((a) => ({
      attack: a.id,
      zone: zoneOfHex(cs.planetary.tfs[(a.target as { tf: string }).tf].hex),
      target: (a.target as { tf: string }).tf,
      attackers: a.attackers,
    }));
}

/** Sides that may commit: unused GS units in the zone of some declared combat. */
export function committers(cs: CampaignGameState): Side[] {
  const zones = new Set(supportableCombats(cs).map((x) => x.zone));
  return (['TOG', 'CW'] as Side[]).filter((side) => Object.keys(unusedGs(cs, side)).some((z) => zones.has(Number(z))));
}

/** Who owes a commitment now (D-76): both at once (SIMUL) or the turn Attacker first. */
export function commitOwed(cs: CampaignGameState): Side[] {
  const p = cs.pendingSupport;
  if (!p) return [];
  const left = p.sides.filter((s) => !(s in p.sealed));
  if (cs.options.gsCommitMode === 'SIMUL') return left;
  return left.slice(0, 1);
}

export function commitErrors(cs: CampaignGameState, side: Side, raw: unknown): OrderError[] {
  const p = commitSchema.safeParse(resolveOrderIds(cs.planetary, side, raw));
  if (!p.success)
    return p.error.issues
      .slice(0, 5)
      .map((i) => ({ code: 'MALFORMED', path: i.path, message: `malformed order: ${i.message}`, rule: 'D-76' }));
  const combats = new Map(supportableCombats(cs).map((x) => [x.attack, x]));
  const out: OrderError[] = [];
  const seen = new Set<string>();
  p.data.commitments.forEach((c, i) => {
    const k = combats.get(c.attack);
    if (!k) {
      out.push({
        code: 'NO_COMBAT',
        path: ['commitments', i, 'attack'],
        message: 'no declared combat against a TF by that id',
        rule: 'L2204, D-76',
      });
      return;
    }
    for (const e of gsCommitErrors(cs, side, k.zone, c.units))
      out.push({ code: e.code, path: ['commitments', i, 'units'], message: e.message, rule: e.rule });
    if (c.units.some((u) => seen.has(u)))
      out.push({
        code: 'TWICE',
        path: ['commitments', i, 'units'],
        message: 'a GS unit supports one combat per turn',
        rule: 'D-83',
      });
    for (const u of c.units) seen.add(u);
  });
  return out;
}

export function commitChoices(cs: CampaignGameState, side: Side): Json {
  const gs = unusedGs(cs, side);
  const p = cs.pendingSupport;
  const enemy = otherSide(side);
  // ATTACKER_FIRST: the Defender sees the Attacker's revealed commitments (D-76).
  const shown = cs.options.gsCommitMode === 'ATTACKER_FIRST' && p && enemy in p.sealed ? p.sealed[enemy]! : null;
  return JSON.parse(
    JSON.stringify({
      combats: supportableCombats(cs)
        .filter((x) => gs[x.zone])
        .map((x) => ({
          attack: x.attack,
          zone: x.zone,
          target: x.target,
          attackers: x.attackers,
          units: gs[x.zone].map((u) => ({
            id: u,
            type: cs.space.units[u].type,
            fighter: stats(cs.space.units[u]).kind === 'FIGHTER',
          })),
        })),
      enemyCommitments: shown
        ? shown.map((c) => ({ attack: c.attack, units: c.units.map((u) => cs.space.units[u]?.type ?? '?') }))
        : null,
    }),
  ) as Json;
}

/** Bot (bot-support.ts): per declared combat the fewest GS units that tip its column, key-base defence first. */
export function commitBot(cs: CampaignGameState, side: Side): CommitOrder {
  return { kind: 'gs-commitment', commitments: commitPlan(cs, side, supportableCombats(cs)) };
}

/**
 * The Defender's combat-detect order arrives: his detections run (L539), then either the
 * commitment step opens (D-76) or the Combat Phase resolves at once. Returns the events.
 */
export function openSupport(cs: CampaignGameState, dice: Dice, detect: CombatDetectOrder): GameEvent[] {
  const ps = cs.planetary;
  storeRetreatPrefs(ps, otherSide(ps.attacker), detect.retreat);
  const events = runDefenderDetections(ps, dice, detect);
  const sides = committers(cs);
  cs.pendingSupport = {
    detect,
    sides: [cs.attacker, otherSide(cs.attacker)].filter((s) => sides.includes(s)),
    sealed: {},
  };
  if (!sides.length) return [...events, ...resolveSupportedPhase(cs, dice)];
  return events;
}

/** A side's commitments sealed (or, ATTACKER_FIRST, revealed); when all are in, the phase resolves. */
export function sealSupport(cs: CampaignGameState, dice: Dice, side: Side, o: CommitOrder): GameEvent[] {
  const p = cs.pendingSupport!;
  p.sealed[side] = o.commitments.filter((c) => c.units.length);
  const events: GameEvent[] = [
    {
      type: 'gs.committed',
      visibleTo: cs.options.gsCommitMode === 'ATTACKER_FIRST' ? 'all' : [side],
      data: { side, combats: p.sealed[side]!.length, rule: 'D-76' },
    },
  ];
  if (commitOwed(cs).length) return events;
  return [...events, ...resolveSupportedPhase(cs, dice)];
}

/**
 * The planetary Combat Phase loop (combat-phase.ts resolveCombatPhase) with the revealed commitments per combat.
 * D-87 (externalCombat CENTURION/BOTH, external-link.ts): it pauses at an attack played with Centurion
 * (`ps.combat.external`, the Planetary module's agreement.ts) and resumes with `decided`.
 */
export function resolveSupportedPhase(cs: CampaignGameState, dice: Dice, decided?: ExternalDecision): GameEvent[] {
  const ps = cs.planetary;
  const c = ps.combat!;
  const p = cs.pendingSupport! as NonNullable<CampaignGameState['pendingSupport']> & { revealed?: boolean };
  const detect = p.detect as CombatDetectOrder;
  const defender = otherSide(ps.attacker);
  const events: GameEvent[] = [];
  // D-76: the commitments are revealed together before the first combat (once, even if the phase pauses).
  for (const side of p.revealed ? [] : (Object.keys(p.sealed) as Side[])) {
    for (const k of p.sealed[side]!)
      events.push({
        type: 'gs.revealed',
        visibleTo: 'all',
        data: {
          side,
          attack: k.attack,
          units: k.units.map((u) => cs.space.units[u]?.type ?? '?'),
          rule: 'L2204-2214, D-76',
        },
      });
  }
  p.revealed = true;
  for (const id of c.order) {
    if (c.resolved.includes(id)) continue;
    const a = c.attacks.find((x) => x.id === id)!;
    if (decided?.attack !== id && wantsExternal(ps, a))
      return [...events, ...openExternal(ps, a, 1, 'tf' in a.target ? navalBasesAt(cs, a.target.tf) : [])]; // D-87: paused for its Centurion result (L2630: naval ground bases' installations too)
    c.resolved.push(id);
    const attackers = a.attackers.filter((t) => ps.tfs[t] && unitsIn(ps, t).length);
    if (!attackers.length) continue;
    if ('tf' in a.target && !ps.tfs[a.target.tf]) {
      events.push({
        type: 'combat.cancelled',
        visibleTo: 'all',
        data: { attack: id, reason: 'target gone', rule: 'L679' },
      });
      continue;
    }
    const spec = {
      attackers,
      target: a.target,
      context: 'COMBAT_PHASE',
      shiftPolicy: { [ps.attacker]: c.attackerShift ?? 'FAVOURABLE', [defender]: detect.shift ?? 'FAVOURABLE' },
      engineers: [...(c.attackerEngineers ?? []), ...(detect.engineers ?? [])],
      advance: a.advance ?? null,
      ...(detect.advance ? { defenderAdvance: detect.advance } : {}),
      // D-87, L2749-2798: the agreed Centurion result's converted cell; committed GS units then save against it (external-link.ts).
      ...(decided?.attack === id && decided.external ? { external: decided.external } : {}),
    } as Parameters<typeof resolveCombat>[2];
    const support: Partial<Record<Side, string[]>> = {};
    for (const side of Object.keys(p.sealed) as Side[]) {
      const units = (p.sealed[side] ?? []).filter((k) => k.attack === id).flatMap((k) => k.units);
      if (units.length) support[side] = units;
    }
    const r = resolveSupportedCombatSafe(cs, dice, spec, support);
    events.push(...r);
  }
  delete cs.pendingSupport;
  ps.step = 'SUPPLY';
  return events;
}

/** A commitment that became illegal (its units destroyed or moved by an earlier combat) leaves the combat unsupported. */
function resolveSupportedCombatSafe(
  cs: CampaignGameState,
  dice: Dice,
  spec: Parameters<typeof resolveCombat>[2],
  support: Partial<Record<Side, string[]>>,
): GameEvent[] {
  const r = supportedCombat(cs, dice, spec, support);
  if (!isRuleError(r)) return r;
  return [
    { type: 'gs.support-dropped', visibleTo: 'all', data: { code: r.code, rule: r.rule } },
    ...resolveCombat(cs.planetary, dice, spec),
  ];
}
