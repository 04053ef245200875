/**
 * Which TFs the phasing player resolves (L1451: all his missions except sector defence and
 * withdrawal, on the system map), the default order (sector by sector, L1455-1459, then TF id)
 * and the always-legal defaults for both submissions.
 */
import { isActive, sectorOf } from '../state.js';
import type { NavalTF, Side, SpaceState } from '../types.js';
import type { CombatPhasePlan, CombatReactions, TfPlan } from './types.js';

const byPlace = (a: NavalTF, b: NavalTF): number => {
  const sa = sectorOf(a)!;
  const sb = sectorOf(b)!;
  return sa !== sb ? (sa < sb ? -1 : 1) : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
};

/** L1451: the side's TFs in a system sector with an assigned mission other than SD or Withdrawal. */
export function resolvableTfs(state: SpaceState, side: Side): NavalTF[] {
  return Object.values(state.tfs)
    .filter((t) => t.side === side && t.place.kind === 'SECTOR' && isActive(state, t))
    .filter(
      (t) =>
        !!t.mission &&
        t.mission !== 'SECTOR_DEFENCE' &&
        t.mission !== 'WITHDRAWAL' &&
        (t.missionStatus ?? 'ASSIGNED') === 'ASSIGNED',
    )
    .sort(byPlace);
}

/** Every TF resolved in default order, with default choices: commit all, segment 1, shift if undetected. */
export function defaultCombatPlan(state: SpaceState, side: Side): CombatPhasePlan {
  return { tfs: resolvableTfs(state, side).map((t) => ({ tf: t.id })) };
}

/**
 * The opponent's defaults: every eligible unit intercepts (the SD TF's purpose, L1511), every
 * unit and base of the segment fires on Supply/GS/OD TFs (L1743), withdrawals are intercepted
 * with every eligible unit (L1777), an undetected interceptor shifts (L1543).
 */
export function defaultReactions(_state: SpaceState, _side: Side): CombatReactions {
  return {
    intercept: { default: 'ALL' },
    shiftIfUndetected: true,
    protectedAttack: { default: 'ALL' },
    withdrawalIntercept: { default: 'ALL' },
    leaveOpposingSegments: false,
  };
}

/**
 * The plan's TFs (those still resolvable) followed by the resolvable TFs it left out, in the
 * default order, grouped into runs of one sector each (the plan was checked to keep sectors
 * contiguous; appended TFs join their sector's run if it exists).
 */
export function sectorRuns(state: SpaceState, side: Side, plan: CombatPhasePlan): { sector: string; tfs: TfPlan[] }[] {
  const resolvable = resolvableTfs(state, side);
  const ids = new Set(resolvable.map((t) => t.id));
  const listed = plan.tfs.filter((p) => ids.has(p.tf));
  const seen = new Set(listed.map((p) => p.tf));
  const runs: { sector: string; tfs: TfPlan[] }[] = [];
  const runOf = (sector: string) =>
    runs.find((r) => r.sector === sector) ?? (runs.push({ sector, tfs: [] }), runs[runs.length - 1]);
  for (const p of listed) runOf(sectorOf(state.tfs[p.tf])!).tfs.push(p);
  for (const t of resolvable) if (!seen.has(t.id)) runOf(sectorOf(t)!).tfs.push({ tf: t.id });
  return runs;
}
