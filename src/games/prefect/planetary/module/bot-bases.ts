/**
 * The Planetary bot's base logistics, added to its TF Adjustment and Supply orders:
 * - TF Adjustment: each base the scenario made available (L952) is assigned to the own TF with the
 *   Construction Engineers its rank needs (L958), tracing a LOC to a friendly base or HQ (L954),
 *   most engineers first, then by id;
 * - Supply, a later turn (L956): the assigned TF builds where it stands when no base is there
 *   (L2416), no own base is within 2 hexes (a base there adds no reach) and no enemy TF is within
 *   2 hexes (a new base starts disrupted, D-51, and would be taken at once); its SP (L960-964)
 *   come from own stores with a LOC to the TF, fullest first;
 * - Supply: destroyed own gravitic units are rebuilt at own active bases (L828-846), combat units
 *   first, then the cheapest, while the base keeps a reserve for the reorganising and resting of
 *   the next turn. Not the non-gravitic ones: a militia regiment costs 1 SP (L830-834), and
 *   rebuilding every lost one each turn swung the interactive Liberation games from 26 to 7 TOG
 *   wins of 60 (bal-*; ../data/README.md "Balance").
 * It reads only its own side's units, bases and SP and the public enemy counters. Every addition
 * is kept only if the whole order still validates, so the bot stays legal.
 */
import { hasLoc, hasLocToAny } from '../loc.js';
import { storeOf, supplyAnchors } from '../supply-stores.js';
import { unitsIn, unitType, validateAdjustment, validateSupply } from '../rules.js';
import { baseValue, rulesData } from '../rules-data.js';
import { distanceTo } from './bot-tactics.js';
import type { AdjustmentOrder, PrefectState, Side, SupplyOrder } from '../types.js';

/** SP a base keeps after rebuilding: a turn's resting and reorganising of the TFs it serves. */
const REBUILD_RESERVE = 6;

const engineers = (s: PrefectState, tf: string): number =>
  unitsIn(s, tf).filter((u) => unitType(u).flags.includes('CONSTRUCTION_ENGINEER')).length;

/** Pushes `item` onto `list` and keeps it only if `legal()` still holds. */
function keepIf<T>(list: T[], item: T, legal: () => boolean): boolean {
  list.push(item);
  if (legal()) return true;
  list.pop();
  return false;
}

/** L952-954, D-51: available bases assigned to TFs able to build them (added to `o`). */
export function assignBases(s: PrefectState, side: Side, o: AdjustmentOrder): void {
  const anchors = supplyAnchors(s, side, { anyHq: true });
  const types = s.availableBases.filter((b) => b.side === side).map((b) => b.type);
  for (const type of types) {
    const need = rulesData().baseTypes[type]?.build?.engineers;
    if (need === undefined) continue;
    const tf = Object.values(s.tfs)
      .filter((t) => t.side === side && t.hex && !t.independent && !t.buildAssignment)
      .filter((t) => !o.assignBases.some((a) => a.tf === t.id) && engineers(s, t.id) >= need)
      .filter((t) => hasLocToAny(s, side, t.hex, anchors))
      .sort((a, b) => engineers(s, b.id) - engineers(s, a.id) || a.id.localeCompare(b.id))[0];
    if (tf) keepIf(o.assignBases, { type, tf: tf.id }, () => !validateAdjustment(s, side, o).length);
  }
}

/** Is `hex` a good place for a new base of `side` now (see the file comment)? */
function goodSite(s: PrefectState, side: Side, hex: string): boolean {
  if (Object.values(s.bases).some((b) => b.hex === hex)) return false;
  const own = new Set(
    Object.values(s.bases)
      .filter((b) => b.side === side)
      .map((b) => b.hex),
  );
  const enemy = new Set(
    Object.values(s.tfs)
      .filter((t) => t.side !== side && t.hex)
      .map((t) => t.hex),
  );
  return distanceTo(hex, own) > 2 && distanceTo(hex, enemy) > 2;
}

/** Own stores with SP and a LOC to `hex`, fullest first, paying `cost`; null when they cannot. */
function sourcesFor(s: PrefectState, side: Side, hex: string, cost: number): { id: string; amount: number }[] | null {
  const ids = [
    ...Object.values(s.bases)
      .filter((b) => b.side === side)
      .map((b) => b.id),
    ...Object.keys(s.hqSupply),
  ];
  const stores = ids
    .map((id) => storeOf(s, side, id))
    .filter((x) => !!x && x.sp() > 0 && hasLoc(s, side, x.hex, hex))
    .sort((x, y) => y!.sp() - x!.sp() || x!.id.localeCompare(y!.id));
  const out: { id: string; amount: number }[] = [];
  let need = cost;
  for (const x of stores) {
    if (need <= 0) break;
    const amount = Math.min(need, x!.sp());
    out.push({ id: x!.id, amount });
    need -= amount;
  }
  return need > 0 ? null : out;
}

/** L956-964: assigned bases built where the TF stands, when the site is good and the SP are there (added to `o`). */
export function buildBases(s: PrefectState, side: Side, o: SupplyOrder): void {
  const assigned = Object.values(s.tfs)
    .filter((t) => t.side === side && t.hex && t.buildAssignment && t.buildAssignment.assignedTurn < s.turn)
    .sort((a, b) => a.id.localeCompare(b.id));
  for (const tf of assigned) {
    const spec = rulesData().baseTypes[tf.buildAssignment!.type]?.build;
    if (!spec || engineers(s, tf.id) < spec.engineers || !goodSite(s, side, tf.hex)) continue;
    const sources = sourcesFor(s, side, tf.hex, spec.sp);
    if (sources) keepIf(o.build, { tf: tf.id, sources }, () => !validateSupply(s, side, o).length);
  }
}

/** L828-846: destroyed units rebuilt at own active bases, within their Value (L832) and a reserve (added to `o`). */
export function rebuildUnits(s: PrefectState, side: Side, o: SupplyOrder): void {
  const lost = Object.values(s.units)
    .filter((u) => u.side === side && u.status === 'DESTROYED' && unitType(u).rebuildCost !== null)
    .filter((u) => unitType(u).gravitic) // non-gravitic ones: see the file comment
    .sort(
      (a, b) =>
        Number(unitType(b).category === 'COMBAT') - Number(unitType(a).category === 'COMBAT') ||
        unitType(a).rebuildCost! - unitType(b).rebuildCost! ||
        a.id.localeCompare(b.id),
    );
  const bases = Object.values(s.bases)
    .filter((b) => b.side === side && b.status === 'ACTIVE')
    .sort((a, b) => b.supply - a.supply || a.id.localeCompare(b.id));
  // What the order's earlier steps already take from each base (L751-756: rebuilding comes after them).
  const spent = new Map<string, number>();
  for (const f of o.fatigue) for (const x of f.sources) spent.set(x.id, (spent.get(x.id) ?? 0) + x.amount);
  for (const r of o.reorganise) {
    const cost = unitType(s.units[r.unit]).reorgCost ?? 0;
    spent.set(r.source, (spent.get(r.source) ?? 0) + cost);
  }
  const used = new Map(bases.map((b) => [b.id, b.rebuildsThisTurn]));
  for (const u of lost) {
    const cost = unitType(u).rebuildCost!;
    const base = bases.find(
      (b) => (used.get(b.id) ?? 0) < baseValue(b.type) && b.supply - (spent.get(b.id) ?? 0) - cost >= REBUILD_RESERVE,
    );
    if (!base) continue;
    if (keepIf(o.rebuild, { unit: u.id, base: base.id }, () => !validateSupply(s, side, o).length)) {
      used.set(base.id, (used.get(base.id) ?? 0) + 1);
      spent.set(base.id, (spent.get(base.id) ?? 0) + cost);
    }
  }
}
