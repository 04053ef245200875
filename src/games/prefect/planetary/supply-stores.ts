/**
 * SP stores of the Supply Phase: Legion bases and HQs (L774-776: "supplies carried by a Legion
 * or Auxilia are considered to be stored at the headquarters"), with storage caps (L774, D-41)
 * and the rule that SP delivered this turn may not be transferred (L770).
 */
import type { PrefectState, Side } from './types.js';
import { unitType } from './composition.js';
import { rulesData } from './rules-data.js';

export interface Store {
  id: string;
  kind: 'base' | 'hq';
  hex: string;
  /** Non-gravitic HQ: LOCs to it may not cross water (L764, L930). */
  nonGravitic: boolean;
  sp(): number;
  /** SP that may leave by transfer (L770: not this turn's delivery). */
  transferable(): number;
  cap(): number;
  take(n: number): void;
  /** Adds up to the cap; returns the SP lost over it (L774). */
  give(n: number): number;
}

/** A friendly, usable store: an ACTIVE own base, or an own ACTIVE HQ unit in a TF on the map. */
export function storeOf(state: PrefectState, side: Side, id: string): Store | null {
  const b = state.bases[id];
  if (b) {
    if (b.side !== side || b.status !== 'ACTIVE') return null;
    const cap = rulesData().baseTypes[b.type]?.supplyMax ?? Infinity;
    return {
      id,
      kind: 'base',
      hex: b.hex,
      nonGravitic: false,
      sp: () => b.supply,
      transferable: () => Math.max(0, b.supply - b.deliveredThisTurn),
      cap: () => cap,
      take: (n) => {
        b.supply -= n;
        b.deliveredThisTurn = Math.min(b.deliveredThisTurn, b.supply);
      },
      give: (n) => {
        const room = Math.max(0, cap - b.supply);
        const added = Math.min(room, n);
        b.supply += added;
        return n - added;
      },
    };
  }
  const u = state.units[id];
  if (!u || u.side !== side || u.status !== 'ACTIVE' || !u.tf || !state.tfs[u.tf]) return null;
  const t = unitType(u);
  if (!t.hq) return null;
  const cap = t.supplyMax ?? Infinity;
  return {
    id,
    kind: 'hq',
    hex: state.tfs[u.tf].hex,
    nonGravitic: !t.gravitic,
    sp: () => state.hqSupply[id] ?? 0,
    transferable: () => state.hqSupply[id] ?? 0,
    cap: () => cap,
    take: (n) => {
      state.hqSupply[id] = (state.hqSupply[id] ?? 0) - n;
    },
    give: (n) => {
      const have = state.hqSupply[id] ?? 0;
      const added = Math.min(Math.max(0, cap - have), n);
      state.hqSupply[id] = have + added;
      return n - added;
    },
  };
}

/** Hexes of the side's Legion bases and of its TFs holding a Legion or Auxilia HQ (L782, L852). */
export function supplyAnchors(state: PrefectState, side: Side, opts: { anyHq?: boolean } = {}): string[] {
  const hexes = new Set<string>();
  for (const b of Object.values(state.bases)) if (b.side === side) hexes.add(b.hex);
  for (const u of Object.values(state.units)) {
    if (u.side !== side || u.status !== 'ACTIVE' || !u.tf || !state.tfs[u.tf]) continue;
    const hq = unitType(u).hq;
    if (hq && (opts.anyHq || hq === 'LEGION' || hq === 'AUXILIA')) hexes.add(state.tfs[u.tf].hex);
  }
  return [...hexes];
}
