/**
 * Rearming and reorganising at the start of the Supply Phase (L1915-1967, digest §5.B.19).
 * Rearm (L1937-1947): a TF in a sector with a friendly undisrupted naval base removes fatigue
 * levels at 1 SP per unit per level; SP may come from several sources of the same sector.
 * Sources (D-66): undisrupted bases and transports deployed as bases (L2115) in the sector, and
 * organised transports of another TF in the sector on a Supply mission (L1915); never the TF's
 * own transports (L1929); disorganised bases spend nothing (L1927, L1933). Legion GL bases are
 * no naval supply in the Space Game (L1935); the Campaign (5.C.8) presents the GL2+ bases an order
 * names as stand-in ground bases holding their SP (campaign/module/legion-bases-supply.ts).
 * Reorganise (L1953-1967): a TF's disorganised units in a sector with an undisrupted friendly
 * base, all of them at once (D-65: never in part, never over several turns), at the D-65b cost of
 * each unit. A disrupted base spends only on itself (L1965), 2 SP × class (D-65b); a base
 * assembled this turn waits for the next Supply Phase (L2107).
 */
import { spaceData } from './data/index.js';
import { liveUnitsOf, sectorOf } from './state.js';
import { actsAsBase, holderOf, organised, sectorOfHolder, supplyOf, type Holder } from './supply.js';
import type { NavalTF, RuleError, Side, SpaceState } from './types.js';

export interface Spend {
  /** Base or transport ids and the SP each gives. */
  sources: { from: string; sp: number }[];
}
export interface RearmOrder extends Spend {
  tf: string;
  levels: number;
}
export interface ReorganiseOrder extends Spend {
  tf: string;
}
export interface BaseReorganiseOrder extends Spend {
  base: string;
}

const e = (code: string, rule: string, message: string, tf?: string): RuleError => ({
  code,
  rule,
  message,
  ...(tf ? { tf } : {}),
});

/** D-65b: reorganising a base costs 2 SP per class level. */
export const baseReorganiseCost = (cls: keyof typeof spaceData.baseTypes): number =>
  2 * spaceData.baseTypes[cls].classLevel;

/** L1941, L1955: an undisrupted friendly naval base (or deployed transport, L2115) in the sector. */
export function hasUndisruptedBase(state: SpaceState, side: Side, sector: string): boolean {
  const bases = Object.values(state.bases).some(
    (b) => b.side === side && b.sector === sector && b.status === 'ACTIVE' && !b.offSystemBox && !b.carriedBy,
  );
  const deployed = Object.values(state.units).some(
    (u) => u.side === side && u.status === 'ACTIVE' && u.deployedAsBase?.sector === sector,
  );
  return bases || deployed;
}

/** D-66: may `h` pay for TF `tfId` (or for base `baseId`) in `sector`? Returns the reason it may not. */
function sourceError(
  state: SpaceState,
  h: Holder | undefined,
  side: Side,
  sector: string,
  tfId: string | null,
  baseId: string | null,
  id: string,
): RuleError | null {
  if (!h || h.side !== side) return e('UNKNOWN_SOURCE', 'L1903', `${id} is not one of your bases or transports`);
  if (sectorOfHolder(state, h) !== sector) return e('SOURCE_ELSEWHERE', 'L1947', `${id} is not in the same sector`);
  if (h.kind === 'BASE' && h.id === baseId) return null; // L1965: a disrupted base pays for itself
  if (h.kind === 'TRANSPORT' && h.unit.deployedAsBase && h.unit.id === baseId) return null; // L1965, L2115: so does a transport-as-base
  if (!organised(h)) return e('SOURCE_DISORGANISED', 'L1927, L1933', `${id} is disorganised and may not spend supply`);
  if (h.kind === 'TRANSPORT' && !actsAsBase(h)) {
    if (h.unit.tf === tfId)
      return e('OWN_TRANSPORT', 'L1929', 'transports may not use their cargo to restore their own TF');
    if (state.tfs[h.unit.tf!]?.mission !== 'SUPPLY')
      return e('SOURCE_NOT_SUPPLY', 'L1915, D-66', `${id} is not on a Supply mission`);
  }
  return null;
}

function spendErrors(
  state: SpaceState,
  side: Side,
  sector: string,
  cost: number,
  s: Spend,
  tfId: string | null,
  baseId: string | null,
): RuleError[] {
  const out: RuleError[] = [];
  const per = new Map<string, number>();
  for (const { from, sp } of s.sources) {
    if (!Number.isInteger(sp) || sp <= 0) out.push(e('BAD_AMOUNT', 'L1941', `${from}: spend a whole positive amount`));
    per.set(from, (per.get(from) ?? 0) + sp);
  }
  for (const [from, sp] of per) {
    const h = holderOf(state, from);
    const bad = sourceError(state, h, side, sector, tfId, baseId, from);
    if (bad) out.push(bad);
    else if (supplyOf(h!) < sp)
      out.push(e('NOT_ENOUGH_SUPPLY', 'L1957', `${from} holds ${supplyOf(h!)} SP, not ${sp}`));
  }
  const total = [...per.values()].reduce((a, b) => a + b, 0);
  if (out.length === 0 && total !== cost)
    out.push(e('COST_MISMATCH', 'L1941-1943, D-65b', `this costs ${cost} SP, ${total} offered`));
  return out;
}

function pay(state: SpaceState, s: Spend): void {
  for (const { from, sp } of s.sources) {
    const h = holderOf(state, from)!;
    if (h.kind === 'BASE') h.base.supply -= sp;
    else h.unit.supply = (h.unit.supply ?? 0) - sp;
  }
}

/** `needBase`: reorganising needs an undisrupted base in the sector (L1955); rearming may draw on a Supply transport alone (L1915, D-66). */
function tfInSector(
  state: SpaceState,
  side: Side,
  tfId: string,
  needBase: boolean,
): { tf: NavalTF; sector: string } | RuleError {
  const tf = state.tfs[tfId];
  if (!tf || tf.side !== side) return e('UNKNOWN_TF', 'L1068', `you have no TF ${tfId}`, tfId);
  const sector = sectorOf(tf);
  if (!sector) return e('NOT_IN_SECTOR', 'L1915', `${tfId} is not in a system sector`, tfId);
  if (needBase && !hasUndisruptedBase(state, side, sector))
    return e('NO_BASE', 'L1955', `no undisrupted friendly naval base in ${sector}`, tfId);
  return { tf, sector };
}

/** L1941-1945: cost = live units × levels (T-S15: 11 units → 11 SP per level). */
export function rearmErrors(state: SpaceState, side: Side, o: RearmOrder): RuleError[] {
  const t = tfInSector(state, side, o.tf, false);
  if ('code' in t) return [t];
  if (!Number.isInteger(o.levels) || o.levels < 1 || o.levels > t.tf.fatigue) {
    return [e('BAD_LEVELS', 'L1941, L1945', `${o.tf} has ${t.tf.fatigue} fatigue levels to remove`, o.tf)];
  }
  return spendErrors(state, side, t.sector, liveUnitsOf(state, o.tf).length * o.levels, o, o.tf, null);
}

export function applyRearm(state: SpaceState, side: Side, o: RearmOrder): RuleError[] {
  const errors = rearmErrors(state, side, o);
  if (errors.length) return errors;
  pay(state, o);
  state.tfs[o.tf].fatigue = (state.tfs[o.tf].fatigue - o.levels) as NavalTF['fatigue'];
  return [];
}

/** D-65, D-65b: every disorganised unit of the TF at once, Σ its type's reorganisation cost. */
export function reorganiseCost(state: SpaceState, tfId: string): number {
  return liveUnitsOf(state, tfId)
    .filter((u) => u.status === 'DISORGANISED')
    .reduce((a, u) => a + spaceData.unitTypes[u.type].reorgCost, 0);
}

export function reorganiseErrors(state: SpaceState, side: Side, o: ReorganiseOrder): RuleError[] {
  const t = tfInSector(state, side, o.tf, true);
  if ('code' in t) return [t];
  const cost = reorganiseCost(state, o.tf);
  if (cost === 0) return [e('NOTHING_TO_REORGANISE', 'L1955', `${o.tf} has no disorganised units`, o.tf)];
  return spendErrors(state, side, t.sector, cost, o, o.tf, null);
}

/** Reorganised units return to action; a grouped TF no longer has to withdraw (reconstructed: L1875 binds only disorganised units). */
export function applyReorganise(state: SpaceState, side: Side, o: ReorganiseOrder): RuleError[] {
  const errors = reorganiseErrors(state, side, o);
  if (errors.length) return errors;
  pay(state, o);
  for (const u of liveUnitsOf(state, o.tf)) u.status = 'ACTIVE';
  delete state.tfs[o.tf].disorganisedGroup;
  return [];
}

export function baseReorganiseErrors(state: SpaceState, side: Side, o: BaseReorganiseOrder): RuleError[] {
  const t = state.units[o.base];
  if (!state.bases[o.base] && t?.deployedAsBase && t.side === side && t.status !== 'DESTROYED') {
    // L2115, L1965: a disrupted transport-as-base reorganises as a base; cost: its own D-65b value (reconstructed)
    if (t.status !== 'DISORGANISED') return [e('NOT_DISRUPTED', 'L1965', `${o.base} is not disrupted`)];
    return spendErrors(state, side, t.deployedAsBase.sector, spaceData.unitTypes[t.type].reorgCost, o, null, o.base);
  }
  const b = state.bases[o.base];
  if (!b || b.side !== side || b.offSystemBox || b.carriedBy)
    return [e('UNKNOWN_BASE', 'L1132', `you have no base ${o.base} on the map`)];
  if (b.status !== 'DISRUPTED') return [e('NOT_DISRUPTED', 'L1965', `${o.base} is not disrupted`)];
  if (b.placedTurn === state.turn)
    return [e('JUST_PLACED', 'L2107', `${o.base} was assembled this turn: reorganise it next Supply Phase`)];
  return spendErrors(state, side, b.sector, baseReorganiseCost(b.type), o, null, o.base);
}

export function applyBaseReorganise(state: SpaceState, side: Side, o: BaseReorganiseOrder): RuleError[] {
  const errors = baseReorganiseErrors(state, side, o);
  if (errors.length) return errors;
  pay(state, o);
  if (state.bases[o.base]) state.bases[o.base].status = 'ACTIVE';
  else state.units[o.base].status = 'ACTIVE'; // L2115
  return [];
}
