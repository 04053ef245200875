/**
 * The naval SP ledger and transfers of the Supply Phase (L1901-1935, digest §5.B.19). Every base
 * and transport squadron holds SP up to its maximum (L1903-1907): a base's `supplyMax` (D-41), a
 * transport's carrying value less 10 SP per Marine cohort (L2051) and any base components it
 * carries (L2097). The off-system zone is unlimited (L1909): transports there load to capacity.
 * Transfers (L1919-1927) come after rearming and reorganising (rearm.ts); the phase machine
 * sequences the steps. Validation returns RuleErrors and changes nothing.
 */
import { spaceData } from './data/index.js';
import { sectorOf, stats } from './state.js';
import type { NavalBase, NavalUnit, RuleError, Side, SpaceState } from './types.js';

export type Holder =
  | { kind: 'BASE'; id: string; side: Side; base: NavalBase }
  | { kind: 'TRANSPORT'; id: string; side: Side; unit: NavalUnit };

/** SP of room one Marine cohort takes on a transport (L2051). */
export const SP_PER_MARINE = 10;
/** L2053: Marine cohorts a transport may carry. */
export const MARINE_LIMIT: Readonly<Record<string, number>> = { TRL: 1, TRM: 10 };

export function holderOf(state: SpaceState, id: string): Holder | undefined {
  const b = state.bases[id];
  if (b && b.status !== 'DESTROYED') return { kind: 'BASE', id, side: b.side, base: b };
  const u = state.units[id];
  if (u && u.status !== 'DESTROYED' && stats(u).kind === 'TRANSPORT')
    return { kind: 'TRANSPORT', id, side: u.side, unit: u };
  return undefined;
}

/** L1907: the most SP the holder may hold. */
export function capacityOf(h: Holder): number {
  if (h.kind === 'BASE') return spaceData.baseTypes[h.base.type].supplyMax;
  return Math.max(0, stats(h.unit).carry - SP_PER_MARINE * (h.unit.marines ?? 0) - (h.unit.baseLoad?.sp ?? 0));
}
export const supplyOf = (h: Holder): number => (h.kind === 'BASE' ? h.base.supply : (h.unit.supply ?? 0));
const setSupply = (h: Holder, sp: number): void => {
  if (h.kind === 'BASE') h.base.supply = sp;
  else h.unit.supply = sp;
};

/** A transport deployed as a base works as a naval base (L2115). */
export const actsAsBase = (h: Holder): boolean => h.kind === 'BASE' || !!h.unit.deployedAsBase;
/** Organised: an ACTIVE base or transport (disrupted ones may not give SP, L1925-1927, L1933). */
export const organised = (h: Holder): boolean =>
  h.kind === 'BASE' ? h.base.status === 'ACTIVE' : h.unit.status === 'ACTIVE';

/**
 * Where the holder sits on the map, or undefined: a placed base; a deployed transport; a
 * transport of a Supply-mission TF that entered a segment this turn (L1921).
 */
export function locationOf(state: SpaceState, h: Holder): { sector: string; segment: number } | undefined {
  if (h.kind === 'BASE')
    return h.base.offSystemBox || h.base.carriedBy ? undefined : { sector: h.base.sector, segment: h.base.segment };
  if (h.unit.deployedAsBase) return { sector: h.unit.deployedAsBase.sector, segment: h.unit.deployedAsBase.segment };
  const tf = h.unit.tf ? state.tfs[h.unit.tf] : undefined;
  const sector = tf && sectorOf(tf);
  if (!tf || !sector || tf.mission !== 'SUPPLY' || tf.suppliedSegment?.turn !== state.turn) return undefined;
  return { sector, segment: tf.suppliedSegment.segment };
}

/** The sector a holder can supply TFs in (rearm.ts, D-66): placed bases, deployed transports, transports of a TF in a sector. */
export function sectorOfHolder(state: SpaceState, h: Holder): string | undefined {
  if (h.kind === 'BASE' || h.unit.deployedAsBase) return locationOf(state, h)?.sector;
  const tf = h.unit.tf ? state.tfs[h.unit.tf] : undefined;
  return tf ? sectorOf(tf) : undefined;
}

export interface LedgerLine {
  id: string;
  kind: Holder['kind'];
  supply: number;
  max: number;
  marines: number;
}

/** The side's supply track (L1903-1905): every base and transport with its SP and maximum. */
export function supplyLedger(state: SpaceState, side: Side): LedgerLine[] {
  const ids = [...Object.keys(state.bases), ...Object.keys(state.units)];
  const out: LedgerLine[] = [];
  for (const id of ids) {
    const h = holderOf(state, id);
    if (!h || h.side !== side) continue;
    out.push({
      id,
      kind: h.kind,
      supply: supplyOf(h),
      max: capacityOf(h),
      marines: (h.kind === 'BASE' ? h.base.marines : h.unit.marines) ?? 0,
    });
  }
  return out;
}

const e = (code: string, rule: string, message: string, unit?: string): RuleError => ({
  code,
  rule,
  message,
  ...(unit ? { unit } : {}),
});

export interface Transfer {
  from: string;
  to: string;
  /** SP, or Marine cohorts when `marines` is set (L2055: loaded like SP). */
  amount: number;
  marines?: boolean;
}

/** L1919-1927, L2051-2055: one transfer of SP or Marine cohorts between holders of one orbital segment. */
export function transferErrors(state: SpaceState, side: Side, t: Transfer): RuleError[] {
  const from = holderOf(state, t.from);
  const to = holderOf(state, t.to);
  if (!from || from.side !== side)
    return [e('UNKNOWN_HOLDER', 'L1903', `${t.from} is not one of your bases or transports`, t.from)];
  if (!to || to.side !== side)
    return [e('UNKNOWN_HOLDER', 'L1903', `${t.to} is not one of your bases or transports`, t.to)];
  if (t.from === t.to) return [e('SAME_HOLDER', 'L1919', 'a transfer needs two different holders')];
  if (!Number.isInteger(t.amount) || t.amount <= 0)
    return [e('BAD_AMOUNT', 'L1919', 'transfer a whole positive amount')];
  if (!actsAsBase(from) && !actsAsBase(to))
    return [e('NO_BASE', 'L1919', 'supply moves between bases and transports, not transport to transport')];
  const lf = locationOf(state, from);
  const lt = locationOf(state, to);
  for (const [h, l] of [
    [from, lf],
    [to, lt],
  ] as const) {
    if (!l && h.kind === 'BASE')
      return [e('BASE_NOT_ON_MAP', 'L2093, L2105', `${h.id} is not placed on the map`, h.id)];
    if (!l)
      return [
        e(
          'TRANSPORT_NOT_IN_SEGMENT',
          'L1921',
          `${h.id} must be on a Supply mission that entered this orbital segment this turn`,
          h.id,
        ),
      ];
  }
  if (lf!.sector !== lt!.sector || lf!.segment !== lt!.segment) {
    return [
      e(
        'DIFFERENT_SEGMENT',
        'L1919, L1923',
        'transfers happen only within one orbital segment (other segments need a Supply-mission TF)',
      ),
    ];
  }
  if (!organised(from)) {
    return [
      from.kind === 'BASE'
        ? e(
            'DISRUPTED_BASE_GIVES',
            'L1927',
            `${from.id} is disorganised: it may receive supply but not transfer it`,
            from.id,
          )
        : e('DISRUPTED_TRANSPORT', 'L1925', `${from.id} is disrupted: no transfer until reorganised`, from.id),
    ];
  }
  if (to.kind === 'TRANSPORT' && !organised(to))
    return [e('DISRUPTED_TRANSPORT', 'L1925', `${to.id} is disrupted: no transfer until reorganised`, to.id)];
  if (t.marines) {
    const have = (from.kind === 'BASE' ? from.base.marines : from.unit.marines) ?? 0;
    if (have < t.amount) return [e('NOT_ENOUGH_MARINES', 'L2055', `${from.id} holds ${have} Marine cohorts`, from.id)];
    if (to.kind === 'TRANSPORT') {
      const limit = MARINE_LIMIT[spaceData.unitTypes[to.unit.type].code] ?? 0;
      if ((to.unit.marines ?? 0) + t.amount > limit)
        return [e('MARINE_LIMIT', 'L2053', `${to.id} carries at most ${limit} Marine cohorts`, to.id)];
      if (supplyOf(to) + SP_PER_MARINE * t.amount > capacityOf(to))
        return [e('OVER_CAPACITY', 'L2051', `each cohort takes ${SP_PER_MARINE} SP of room on ${to.id}`, to.id)];
    }
    return [];
  }
  if (supplyOf(from) < t.amount)
    return [e('NOT_ENOUGH_SUPPLY', 'L1905', `${from.id} holds ${supplyOf(from)} SP`, from.id)];
  if (supplyOf(to) + t.amount > capacityOf(to))
    return [e('OVER_CAPACITY', 'L1907', `${to.id} holds at most ${capacityOf(to)} SP`, to.id)];
  return [];
}

export function applyTransfer(state: SpaceState, side: Side, t: Transfer): RuleError[] {
  const errors = transferErrors(state, side, t);
  if (errors.length) return errors;
  const from = holderOf(state, t.from)!;
  const to = holderOf(state, t.to)!;
  if (t.marines) {
    const take = (h: Holder, n: number) =>
      h.kind === 'BASE' ? (h.base.marines = (h.base.marines ?? 0) + n) : (h.unit.marines = (h.unit.marines ?? 0) + n);
    take(from, -t.amount);
    take(to, t.amount);
  } else {
    setSupply(from, supplyOf(from) - t.amount);
    setSupply(to, supplyOf(to) + t.amount);
  }
  return [];
}

/** L1909: a transport in an off-system TF (or the Functional box) fills from unlimited supply, up to its room. */
export function loadOffSystemErrors(state: SpaceState, side: Side, unitId: string, sp: number): RuleError[] {
  const h = holderOf(state, unitId);
  if (!h || h.side !== side || h.kind !== 'TRANSPORT')
    return [e('UNKNOWN_HOLDER', 'L1903', `${unitId} is not one of your transports`, unitId)];
  const tf = h.unit.tf ? state.tfs[h.unit.tf] : undefined;
  const offSystem = tf ? tf.place.kind === 'OFFSYSTEM' : h.unit.offSystemBox === 'FUNCTIONAL';
  if (!offSystem) return [e('NOT_OFFSYSTEM', 'L1909', `${unitId} is not in the off-system zone`, unitId)];
  if (!Number.isInteger(sp) || sp <= 0) return [e('BAD_AMOUNT', 'L1909', 'load a whole positive amount')];
  if (supplyOf(h) + sp > capacityOf(h))
    return [e('OVER_CAPACITY', 'L1907', `${unitId} holds at most ${capacityOf(h)} SP`, unitId)];
  return [];
}

export function loadOffSystem(state: SpaceState, side: Side, unitId: string, sp: number): RuleError[] {
  const errors = loadOffSystemErrors(state, side, unitId, sp);
  if (errors.length === 0) {
    const h = holderOf(state, unitId)!;
    setSupply(h, supplyOf(h) + sp);
  }
  return errors;
}
