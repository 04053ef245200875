/**
 * Validation of the two sealed submissions of the Space Combat Phase. Both accept raw JSON: zod
 * checks the shape, then each rule is checked against the state; every error names its rule
 * and nothing is applied. Checks use only what the submitting player may know: an id that is
 * an enemy's or does not exist gets the same answer, and enemy bases named as Marine or GS
 * targets are checked only at resolution, when the segment has been placed (H16-H18, H25).
 */
import { z } from 'zod';
import { commitErrors } from '../nspace.js';
import { isSegment } from '../ofat.js';
import { sdTfIn, sectorById, sectorOf, stats } from '../state.js';
import type { RuleError, Side, SpaceState } from '../types.js';
import { resolvableTfs } from './defaults.js';
import type { CombatPhasePlan, CombatReactions, TfPlan } from './types.js';

const id = z.string().min(1).max(100);
const unitPolicy = z.union([z.enum(['ALL', 'NONE', 'STRONGEST']), z.object({ units: z.array(id).max(200) }).strict()]);
const protectedPolicy = z.union([
  z.enum(['ALL', 'NONE', 'UNITS_ONLY']),
  z.object({ units: z.array(id).max(200), bases: z.array(id).max(100) }).strict(),
]);
const bySector = <T extends z.ZodTypeAny>(p: T) =>
  z.object({ default: p, bySector: z.record(id, p).optional() }).strict();

const tfPlanSchema = z
  .object({
    tf: id,
    interrupt: z.boolean().optional(),
    commit: z.array(id).max(200).optional(),
    segment: z.number().int().optional(),
    shiftIfUndetected: z.boolean().optional(),
    reconSegment: z
      .union([z.enum(['HIGHEST_SIG', 'LOWEST_NONZERO_SIG']), z.object({ segment: z.number().int() }).strict()])
      .optional(),
    marines: z
      .array(z.object({ transport: id, base: id }).strict())
      .max(50)
      .optional(),
    gsTarget: id.optional(),
    transfers: z
      .array(
        z.object({ from: id, to: id, amount: z.number().int().positive(), marines: z.boolean().optional() }).strict(),
      )
      .max(100)
      .optional(),
    unloadBases: z.array(id).max(20).optional(),
  })
  .strict();
export const combatPlanSchema = z
  .object({ tfs: z.array(tfPlanSchema).max(200), leaveOpposingSegments: z.boolean().optional() })
  .strict();
export const reactionsSchema = z
  .object({
    intercept: bySector(unitPolicy),
    shiftIfUndetected: z.boolean().optional(),
    protectedAttack: bySector(protectedPolicy),
    withdrawalIntercept: bySector(unitPolicy),
    leaveOpposingSegments: z.boolean().optional(),
  })
  .strict();

function shapeErrors(r: z.SafeParseReturnType<unknown, unknown>, rule: string): RuleError[] {
  if (r.success) return [];
  return r.error.issues
    .slice(0, 10)
    .map((i) => ({ code: 'BAD_SHAPE', rule, message: `${i.path.join('.') || '(root)'}: ${i.message}` }));
}

/** Checks of one TF's entry that depend on its mission (all about the player's own forces). */
function tfPlanErrors(state: SpaceState, side: Side, p: TfPlan): RuleError[] {
  const tf = state.tfs[p.tf];
  const mission = tf.mission!;
  const sector = sectorOf(tf)!;
  const e = (code: string, rule: string, message: string, unit?: string): RuleError => ({
    code,
    rule,
    message,
    tf: tf.id,
    ...(unit ? { unit } : {}),
  });
  const out: RuleError[] = [];
  if (p.commit) out.push(...commitErrors(state, tf.id, p.commit));
  if (p.segment !== undefined && !isSegment(sectorById(sector)!, p.segment))
    out.push(e('NO_SUCH_SEGMENT', 'L1681', `${sector} has no orbital segment ${p.segment}`));
  if (p.reconSegment !== undefined) {
    if (mission !== 'RECON') out.push(e('NOT_RECON', 'L1731', `${tf.id} is not on a reconnaissance mission`));
    else if (typeof p.reconSegment === 'object' && !isSegment(sectorById(sector)!, p.reconSegment.segment)) {
      out.push(e('NO_SUCH_SEGMENT', 'L1681, L1731', `${sector} has no orbital segment ${p.reconSegment.segment}`));
    }
  }
  if (p.marines?.length) {
    if (mission === 'HS_ATTACK') out.push(e('HS_NO_MARINES', 'L2063', 'Marines may not land from a high-speed attack'));
    else if (mission !== 'ATTACK')
      out.push(e('NOT_ATTACK', 'L2063', 'Marines land only from a TF on an Attack mission'));
    for (const m of p.marines) {
      const t = state.units[m.transport];
      if (!t || t.tf !== tf.id || stats(t).kind !== 'TRANSPORT')
        out.push(e('NOT_A_TRANSPORT', 'L2049, L2063', `${m.transport} is not a transport of ${tf.id}`, m.transport));
      else if (!t.marines) out.push(e('NO_MARINES', 'L2057', `${m.transport} carries no Marine cohort`, m.transport));
      else if (p.commit && !p.commit.includes(m.transport))
        out.push(e('NOT_COMMITTED', 'L1477, L2065', `${m.transport} is not committed to the mission`, m.transport));
      if (state.bases[m.base]?.side === side) out.push(e('OWN_BASE', 'L2035', `${m.base} is your own base`));
      else if (state.units[m.base]?.deployedAsBase && state.units[m.base].side === side)
        out.push(e('OWN_BASE', 'L2035, L2115', `${m.base} is your own transport-as-base`));
    }
  }
  if (p.gsTarget !== undefined) {
    if (mission !== 'GROUND_SUPPORT') out.push(e('NOT_GS', 'L1803', `${tf.id} is not on a ground support mission`));
    if (state.bases[p.gsTarget]?.side === side) out.push(e('OWN_BASE', 'L1803', `${p.gsTarget} is your own base`));
  }
  if (p.transfers?.length) {
    if (mission !== 'SUPPLY') out.push(e('NOT_SUPPLY', 'L1749', `${tf.id} is not on a supply mission`));
    for (const t of p.transfers) {
      if (state.units[t.from]?.tf !== tf.id)
        out.push(e('NOT_IN_TF', 'L1749', `${t.from} is not a unit of ${tf.id}`, t.from));
      const to = state.bases[t.to];
      if (!to || to.side !== side) out.push(e('NOT_FRIENDLY_BASE', 'L1749', `${t.to} is not one of your bases`));
    }
  }
  if (p.unloadBases?.length) {
    if (mission !== 'SUPPLY') out.push(e('NOT_SUPPLY', 'L2103', `${tf.id} is not on a supply mission`));
    for (const b of p.unloadBases)
      if (state.bases[b]?.carriedBy !== tf.id || state.bases[b]?.side !== side)
        out.push(e('NOT_CARRIED', 'L2095', `${b} is not a base carried by ${tf.id}`));
  }
  return out;
}

/** Every rule the phasing player's plan breaks; [] = legal. */
export function combatPlanErrors(state: SpaceState, side: Side, plan: unknown): RuleError[] {
  const parsed = combatPlanSchema.safeParse(plan);
  if (!parsed.success) return shapeErrors(parsed, 'L1455-1459');
  const p = parsed.data as CombatPhasePlan;
  const out: RuleError[] = [];
  const resolvable = new Set(resolvableTfs(state, side).map((t) => t.id));
  const seen = new Set<string>();
  const finished = new Set<string>();
  let current: string | undefined;
  for (const entry of p.tfs) {
    const tf = state.tfs[entry.tf];
    // The same answer for an enemy TF and a missing one (H16).
    if (!tf || tf.side !== side) {
      out.push({ code: 'UNKNOWN_TF', rule: 'L1068', message: `you have no TF ${entry.tf}`, tf: entry.tf });
      continue;
    }
    if (seen.has(tf.id)) {
      out.push({ code: 'DUPLICATE_TF', rule: 'L1459', message: `${tf.id} is listed twice`, tf: tf.id });
      continue;
    }
    seen.add(tf.id);
    if (!resolvable.has(tf.id)) {
      out.push({
        code: 'NOT_RESOLVABLE',
        rule: 'L1451',
        message: `${tf.id} has no mission to resolve in this phase (none, sector defence, withdrawal, already resolved, or not on the system map)`,
        tf: tf.id,
      });
      continue;
    }
    const sector = sectorOf(tf)!;
    if (sector !== current) {
      if (finished.has(sector))
        out.push({
          code: 'SECTOR_ORDER',
          rule: 'L1455-1459',
          message: `${tf.id}: the missions of ${sector} must be resolved together, before the next sector`,
          tf: tf.id,
        });
      if (current) finished.add(current);
      current = sector;
    }
    out.push(...tfPlanErrors(state, side, entry));
  }
  return out;
}

/** Every rule the opponent's standing reactions break; [] = legal. Only his own units and bases are checked. */
export function reactionErrors(state: SpaceState, side: Side, reactions: unknown): RuleError[] {
  const parsed = reactionsSchema.safeParse(reactions);
  if (!parsed.success) return shapeErrors(parsed, 'L1511, L1743, L1777');
  const r = parsed.data as CombatReactions;
  const out: RuleError[] = [];
  const ownSd = (unit: string, sector?: string): boolean => {
    const u = state.units[unit];
    if (!u || u.side !== side || !u.tf) return false;
    const tf = state.tfs[u.tf];
    return tf?.mission === 'SECTOR_DEFENCE' && (!sector || sdTfIn(state, side, sector)?.id === tf.id);
  };
  const checkSectors = (what: string, m?: Record<string, unknown>) => {
    for (const s of Object.keys(m ?? {}))
      if (!sectorById(s)) out.push({ code: 'NO_SUCH_SECTOR', rule: 'L984', message: `${what}: no sector ${s}` });
  };
  const checkUnits = (what: string, rule: string, units: string[], sector?: string) => {
    for (const u of units)
      if (!ownSd(u, sector))
        out.push({
          code: 'NOT_SD_UNIT',
          rule,
          message: `${what}: ${u} is not a unit of your sector-defence TF${sector ? ` in ${sector}` : ''}`,
          unit: u,
        });
  };
  for (const [key, rule] of [
    ['intercept', 'L1511-1515'],
    ['withdrawalIntercept', 'L1783'],
  ] as const) {
    const p = r[key];
    checkSectors(key, p.bySector);
    if (typeof p.default === 'object') checkUnits(key, rule, p.default.units);
    for (const [s, v] of Object.entries(p.bySector ?? {}))
      if (typeof v === 'object' && sectorById(s)) checkUnits(key, rule, v.units, s);
  }
  checkSectors('protectedAttack', r.protectedAttack.bySector);
  const checkProtected = (v: CombatReactions['protectedAttack']['default'], sector?: string) => {
    if (typeof v !== 'object') return;
    checkUnits('protectedAttack', 'L1743', v.units, sector);
    for (const b of v.bases) {
      const base =
        state.bases[b] ??
        (state.units[b]?.deployedAsBase
          ? { side: state.units[b].side, sector: state.units[b].deployedAsBase!.sector }
          : undefined); // L2115
      if (!base || base.side !== side || (sector && base.sector !== sector))
        out.push({
          code: 'NOT_YOUR_BASE',
          rule: 'L1743, L1767',
          message: `protectedAttack: ${b} is not one of your bases${sector ? ` in ${sector}` : ''}`,
        });
    }
  };
  checkProtected(r.protectedAttack.default);
  for (const [s, v] of Object.entries(r.protectedAttack.bySector ?? {})) if (sectorById(s)) checkProtected(v, s);
  return out;
}
