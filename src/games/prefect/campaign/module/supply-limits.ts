/**
 * 5.C.8 base limits on the Campaign Supply order (L2293-2299, L2334-2350): what each Legion or
 * naval ground base may pay for on the naval and ground orders (paths under `naval` / `ground`).
 */
import type { OrderError } from '#engine/contract.js';
import { unitType, unitsIn } from '../../planetary/index.js';
import { stats } from '../../space/index.js';
import { resolveAliases } from '../../space/index.js';
import { resolveOrderIds } from '../../planetary/index.js';
import { ruleError } from '../state.js';
import { baseSupportError, type Beneficiary, type SupportUse } from '../supply.js';
import type { RuleError } from '../types.js';
import { legionSupplyErrors } from './legion-bases-supply.js';
import type { CampaignGameState, Side } from './types.js';

type NavalSpend = { tf?: string; sources?: { from?: string }[] };

/**
 * 5.C.8 on the naval Supply order: a Legion base named as a source never removes the fatigue of
 * ships (L2346) and serves fighters by rank (GL2 fatigue L2342, GL3/GL4 reorganisation L2344);
 * a disorganised one spends nothing (L2295-2297). The Space module pays from a Legion source
 * through a stand-in (legion-bases-supply.ts `withLegionSources`), whose own refusals end the list.
 */
export function navalBaseLimitErrors(cs: CampaignGameState, side: Side, rawNaval: unknown): OrderError[] {
  const o = resolveAliases(cs.space, rawNaval) as { rearm?: NavalSpend[]; reorganise?: NavalSpend[] } | null;
  if (!o || typeof o !== 'object') return [];
  const out: OrderError[] = [];
  const scan = (list: NavalSpend[] | undefined, use: SupportUse, part: string): void => {
    (Array.isArray(list) ? list : []).forEach((r, i) => {
      const units = Object.values(cs.space.units).filter(
        (u) => u.tf === r?.tf && u.side === side && u.status !== 'DESTROYED',
      );
      const who: Beneficiary = units.some((u) => stats(u).kind !== 'FIGHTER') ? 'SHIP' : 'FIGHTER';
      (Array.isArray(r?.sources) ? r.sources : []).forEach((src, j) => {
        const b = typeof src?.from === 'string' ? cs.planetary.bases[src.from] : undefined;
        if (!b || b.side !== side) return;
        const e = baseSupportError(b.type, b.status === 'ACTIVE' ? 'ACTIVE' : 'DISRUPTED', use, who);
        if (e)
          out.push({ code: e.code, rule: e.rule, message: e.message, path: ['naval', part, i, 'sources', j, 'from'] });
      });
    });
  };
  scan(o.rearm, 'FATIGUE', 'rearm');
  scan(o.reorganise, 'REORGANISE', 'reorganise');
  return [...out, ...legionSupplyErrors(cs, side, rawNaval)];
}

type GroundSupply = {
  transfers?: { from?: string }[];
  fatigue?: { tf?: string; sources?: { id?: string }[] }[];
  reorganise?: { unit?: string; source?: string }[];
  rebuild?: { unit?: string; base?: string }[];
};

/**
 * 5.C.8 (L2293-2299, L2334-2350) on the ground Supply order: a disorganised base transfers,
 * rearms, reorganises and rebuilds nothing; a naval ground base serves ground units only when
 * they are Marines; Legion bases serve ground units (fighters and ships are on the naval order).
 */
export function baseLimitErrors(cs: CampaignGameState, side: Side, rawGround: unknown): OrderError[] {
  const g = resolveOrderIds(cs.planetary, side, rawGround) as GroundSupply | null;
  if (!g || typeof g !== 'object') return [];
  const ps = cs.planetary;
  const out: OrderError[] = [];
  const who = (unitIds: string[]): Beneficiary =>
    unitIds.length && unitIds.every((id) => ps.units[id] && unitType(ps.units[id]).flags.includes('MARINE'))
      ? 'MARINE'
      : 'GROUND';
  const check = (
    id: string | undefined,
    use: SupportUse | 'TRANSFER',
    units: string[],
    path: (string | number)[],
  ): void => {
    if (typeof id !== 'string') return;
    const legion = ps.bases[id];
    const naval = cs.space.bases[id];
    let e: RuleError | null = null;
    if (legion?.side === side) {
      if (use === 'TRANSFER')
        e =
          legion.status === 'ACTIVE'
            ? null
            : ruleError('DISRUPTED_BASE', 'L2295-2297', 'a disorganised base may receive SP but not transfer them');
      else e = baseSupportError(legion.type, legion.status === 'ACTIVE' ? 'ACTIVE' : 'DISRUPTED', use, who(units));
    } else if (naval?.side === side && cs.navalBaseHexes[id] && use !== 'TRANSFER') {
      e = baseSupportError('NAVAL', naval.status === 'ACTIVE' ? 'ACTIVE' : 'DISRUPTED', use, who(units));
    }
    if (e) out.push({ code: e.code, rule: e.rule, message: e.message, path: ['ground', ...path] });
  };
  const arr = <T>(x: T[] | undefined): T[] => (Array.isArray(x) ? x : []);
  arr(g.transfers).forEach((t, i) => check(t?.from, 'TRANSFER', [], ['transfers', i, 'from']));
  arr(g.fatigue).forEach((f, i) => {
    const units = f?.tf ? unitsIn(ps, f.tf).map((u) => u.id) : [];
    arr(f?.sources).forEach((s, j) => check(s?.id, 'FATIGUE', units, ['fatigue', i, 'sources', j, 'id']));
  });
  arr(g.reorganise).forEach((r, i) =>
    check(r?.source, 'REORGANISE', r?.unit ? [r.unit] : [], ['reorganise', i, 'source']),
  );
  arr(g.rebuild).forEach((r, i) => check(r?.base, 'REBUILD', r?.unit ? [r.unit] : [], ['rebuild', i, 'base']));
  return out;
}
