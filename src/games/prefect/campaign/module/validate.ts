/**
 * Campaign validation: in the space and ground halves the sub-module's own validation (its
 * structured errors name the rule; hidden ids and TF ids stay aliased); the campaign adds the
 * hand-off rule that a GS TF at the planet strikes only in the ground combat (L2182), and checks
 * the joint TF Adjustment / Supply orders part by part (paths prefixed 'ground' / 'naval').
 */
import type { OrderError } from '#engine/contract.js';
import { resolveAliases } from '../../space/index.js';
import { campaignData } from '../data/index.js';
import { groundAt, groundErrors, spaceAt, spaceErrors } from './halves.js';
import { owedAt } from './sequence.js';
import { z } from 'zod';
import { seededDice } from '#engine/dice.js';
import { independentErrors } from './end-of-combat.js';
import { commitErrors } from './support-link.js';
import { committing, groundPaused } from './external-link.js';
import { navalSupportErrors, splitNavalSupport } from './counter-support.js';
import { isRuleError } from '../state.js';
import { offSystemSupply } from '../supply.js';
import { applyGroups, applyLandings, odLoadErrors, splitPlan } from './drops-link.js';
import { baseLimitErrors, navalBaseLimitErrors, supplyLinkErrors } from './supply-link.js';
import { assignErrors } from './base-orders.js';
import { legionBasesPresent } from './legion-bases.js';
import { withLegionSources } from './legion-bases-supply.js';
import { withCargoMarines } from './marines-link.js';
import { supplyStepErrors } from './supply-steps.js';
import type { CampaignGameState, Side } from './types.js';

const err = (code: string, rule: string, message: string, path: (string | number)[] = []): OrderError[] => [
  { code, path, message, rule },
];
const under = (prefix: string, errors: OrderError[]): OrderError[] =>
  errors.map((e) => ({ ...e, path: [prefix, ...e.path] }));

/** L2182: in the campaign a GS TF at the planet waits for the ground combat; no strike from space. */
function gsStrikeErrors(cs: CampaignGameState, raw: unknown): OrderError[] {
  const o = resolveAliases(cs.space, raw) as { kind?: string; plan?: { tfs?: { tf?: string; gsTarget?: string }[] } };
  if (o?.kind !== 'combat-plan' || !Array.isArray(o.plan?.tfs)) return [];
  const out: OrderError[] = [];
  o.plan!.tfs!.forEach((t, i) => {
    const tf = t?.tf ? cs.space.tfs[t.tf] : undefined;
    if (
      t?.gsTarget &&
      tf?.mission === 'GROUND_SUPPORT' &&
      tf.place.kind === 'SECTOR' &&
      tf.place.sector === campaignData.rules.planetSector
    ) {
      out.push({
        code: 'GS_WAITS_FOR_GROUND_COMBAT',
        path: ['plan', 'tfs', i, 'gsTarget'],
        rule: 'L2182, L2198',
        message:
          "In the Campaign a ground support TF at the planet enters the zone's GS box and supports the ground combat; it makes no strike in the space combat.",
      });
    }
  });
  return out;
}

export const group = z.object({ zone: z.number().int(), units: z.array(z.string()) }).strict();
export const landing = z.object({ group: z.number().int(), hex: z.string() }).strict();

/** L2388 / L2390: explicit groups and landing hexes are tried on a copy (the library's rules decide). */
function dropErrors(cs: CampaignGameState, side: Side, o: { drops?: unknown; landings?: unknown }): OrderError[] {
  if (cs.stage === 'ADJUST' && o.drops !== undefined) {
    const p = z.array(group).safeParse(o.drops);
    if (!p.success) return err('MALFORMED', 'L2388', 'drops: a list of { zone, units }', ['drops']);
    const r = applyGroups(structuredClone(cs), side, p.data);
    if (isRuleError(r)) return err(r.code, r.rule, r.message, ['drops']);
  }
  if (cs.stage === 'SUPPLY' && o.landings !== undefined) {
    const p = z.array(landing).safeParse(o.landings);
    if (!p.success) return err('MALFORMED', 'L2390', 'landings: a list of { group, hex }', ['landings']);
    const r = applyLandings(structuredClone(cs), side, p.data);
    if (isRuleError(r)) return err(r.code, r.rule, r.message, ['landings']);
  }
  return [];
}

/**
 * L2282-2284: in the Campaign the off-system zone receives only the scenario's SP each turn
 * (the Space game's loading is unlimited, L1909). Reading (module): the turn's SP are loaded that
 * turn or lost — the text keeps no off-system stockpile.
 */
export function offSystemErrors(cs: CampaignGameState, side: Side, naval: unknown): OrderError[] {
  if (cs.stage !== 'SUPPLY') return [];
  const load = (naval as { load?: { sp?: unknown }[] } | null)?.load;
  if (!Array.isArray(load)) return [];
  const total = load.reduce((a, x) => a + (typeof x?.sp === 'number' ? x.sp : 0), 0);
  const allowed = offSystemSupply(campaignData.scenarios[cs.scenario], side, cs.turn);
  return total > allowed
    ? err(
        'OFF_SYSTEM_LIMIT',
        'L2282-2284',
        `only ${allowed} SP reach your off-system zone this turn (${total} loaded)`,
        ['naval', 'load'],
      )
    : [];
}

export function validateOrders(cs: CampaignGameState, side: string, raw: unknown): OrderError[] {
  if (side !== 'TOG' && side !== 'CW') return err('UNKNOWN_SIDE', 'L124-126', `Prefect has no side '${side}'.`);
  const owed = owedAt(cs).find((o) => o.side === side);
  if (!owed) return err('NOT_OWED', 'L2177-2192, D-75', `${side} owes no orders at this point of the campaign turn.`);
  switch (cs.stage) {
    case 'SPACE': {
      const { plan, odLoads } = splitPlan(raw);
      const e = legionBasesPresent(cs, () =>
        withCargoMarines(cs, side as Side, plan, () => spaceErrors(cs.space, side, plan)),
      ); // L1749, L2063: Legion stand-ins may be named; L2049: cargo Marines count
      if (e.length) return e;
      const gs = gsStrikeErrors(cs, plan);
      if (gs.length || odLoads === undefined) return gs;
      const r = odLoadErrors(cs, side as Side, plan, odLoads);
      return r ? err(r.code, r.rule, r.message, ['odLoads']) : [];
    }
    case 'GROUND':
      if (committing(cs)) return commitErrors(cs, side as Side, raw);
      {
        if (groundPaused(cs)) return groundErrors(cs.planetary, side, raw); // D-87: a Centurion entry (../../external/agreement.ts)
        // L2204: standing naval support of counter-attacks rides on the planned ground orders (`navalSupport`).
        const { order, navalSupport } = splitNavalSupport(raw);
        const e = groundErrors(cs.planetary, side, order);
        return e.length ? e : navalSupportErrors(cs, side as Side, raw, navalSupport);
      }
    case 'WITHDRAWAL':
      return groundErrors(cs.planetary, side, raw);
    case 'END_OF_COMBAT':
      return independentErrors(cs, side, raw, seededDice('campaign-trial', 0));
    case 'ADJUST':
    case 'SUPPLY': {
      const kind = cs.stage === 'ADJUST' ? 'tf-adjustment' : 'campaign-supply';
      const o = raw as { kind?: unknown; ground?: unknown; naval?: unknown } | null;
      if (!o || typeof o !== 'object' || o.kind !== kind)
        return err('WRONG_KIND', 'L2171, D-75', `orders of kind '${kind}' ({ kind, ground, naval }) are owed now`, [
          'kind',
        ]);
      const g = cs.stage === 'ADJUST' ? groundAt(cs.planetary, 'ADJUSTMENT') : cs.planetary;
      const n = spaceAt(cs.space, cs.stage === 'ADJUST' ? 'ADJUST' : 'SUPPLY');
      // L2286-2291: in Supply each step of both maps is judged against the state the earlier steps leave (supply-steps.ts).
      const errors =
        cs.stage === 'SUPPLY'
          ? [...supplyStepErrors(cs, side as Side, o), ...offSystemErrors(cs, side as Side, o.naval)]
          : [
              ...under('ground', groundErrors(g, side, o.ground)),
              ...under(
                'naval',
                withLegionSources(cs, side as Side, o.naval, (nv) => spaceErrors(n, side, nv)),
              ),
              ...offSystemErrors(cs, side as Side, o.naval),
            ];
      // 5.C.8 base limits and the step-3 links between the maps (supply-link.ts).
      if (cs.stage === 'SUPPLY')
        errors.unshift(
          ...baseLimitErrors(cs, side as Side, o.ground),
          ...navalBaseLimitErrors(cs, side as Side, o.naval),
        );
      if (cs.stage === 'SUPPLY' && !errors.length) errors.push(...supplyLinkErrors(cs, side as Side, raw));
      if (cs.stage === 'ADJUST' && !errors.length) errors.push(...assignErrors(cs, side as Side, raw)); // D-51, L952-954
      return errors.length ? errors : dropErrors(cs, side as Side, raw as { drops?: unknown; landings?: unknown });
    }
    case 'GAME_OVER':
      return err('NOT_OWED', 'L2175', 'The campaign is over.');
  }
}
