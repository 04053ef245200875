/**
 * The bot's sealed logistics orders: Supply (remove fatigue from TFs that need it, reorganise
 * disorganised units at an HQ or base, L778-826; rebuild destroyed units and build assigned bases,
 * bot-bases.ts) and Withdrawal (disorganised units toward the
 * nearest friendly base or HQ TF, L854-860). Each item is kept only if the whole order still
 * validates with the RULES engineer's checks, so the result is always legal.
 */
import type { OrderError } from '#engine/contract.js';
import { enemyActiveZocHexes, unitsIn, validateSupply, validateWithdrawal } from '../rules.js';
import { rulesData } from '../rules-data.js';
import { buildBases, rebuildUnits } from './bot-bases.js';
import type { PrefectState, Side, SupplyOrder, WithdrawalOrder } from '../types.js';

/** Own SP stores: active bases and HQ units in TFs on the map, with what they hold. */
function stores(s: PrefectState, side: Side): { id: string; hex: string; sp: number }[] {
  const out = Object.values(s.bases)
    .filter((b) => b.side === side && b.status === 'ACTIVE')
    .map((b) => ({ id: b.id, hex: b.hex, sp: b.supply }));
  for (const [id, sp] of Object.entries(s.hqSupply)) {
    const u = s.units[id];
    if (u?.side === side && u.status === 'ACTIVE' && u.tf && s.tfs[u.tf]?.hex)
      out.push({ id, hex: s.tfs[u.tf].hex, sp });
  }
  return out.sort((a, b) => b.sp - a.sp || a.id.localeCompare(b.id));
}

function keepIfLegal<T>(list: T[], item: T, check: () => OrderError[]): void {
  list.push(item);
  if (check().length) list.pop();
}

export function botSupply(s: PrefectState, side: Side): SupplyOrder {
  const o: SupplyOrder = { kind: 'supply', transfers: [], fatigue: [], reorganise: [], rebuild: [], build: [] };
  const check = () => validateSupply(s, side, o);
  const left = new Map(stores(s, side).map((x) => [x.id, x.sp]));
  // Reorganise first what sits with an HQ or at a base (L796-826): units back in the line.
  const dis = Object.values(s.units)
    .filter((u) => u.side === side && u.status === 'DISORGANISED')
    .sort((a, b) => a.id.localeCompare(b.id));
  for (const u of dis.slice(0, 12)) {
    const here = u.under
      ? [
          u.under,
          ...Object.values(s.units)
            .filter((h) => h.tf === u.under)
            .map((h) => h.id),
        ]
      : [];
    const hex = u.hex ?? (u.under ? (s.bases[u.under]?.hex ?? s.tfs[u.under]?.hex) : undefined);
    const near = stores(s, side)
      .filter((x) => x.hex === hex || here.includes(x.id))
      .map((x) => x.id);
    for (const source of near) {
      const before = o.reorganise.length;
      keepIfLegal(o.reorganise, { unit: u.id, source }, check);
      if (o.reorganise.length > before) break;
    }
  }
  // Rest tired TFs (L778-794): 1 SP per unit per level, from one store holding enough.
  const tired = Object.values(s.tfs)
    .filter((t) => t.side === side && t.fatigue > 0 && t.hex)
    .sort((a, b) => b.fatigue - a.fatigue || a.id.localeCompare(b.id));
  for (const t of tired.slice(0, 10)) {
    const n = unitsIn(s, t.id).length;
    for (let levels = t.fatigue; levels >= 1; levels--) {
      const cost = levels * n;
      const src = [...left].find(([, sp]) => sp >= cost);
      if (!src) continue;
      const before = o.fatigue.length;
      keepIfLegal(o.fatigue, { tf: t.id, levels, sources: [{ id: src[0], amount: cost }] }, check);
      if (o.fatigue.length > before) {
        left.set(src[0], src[1] - cost);
        break;
      }
    }
  }
  rebuildUnits(s, side, o); // L828-846, then L952-964 (bot-bases.ts)
  buildBases(s, side, o);
  return o;
}

/** Breadth-first path from `from` to the nearest goal hex, avoiding blocked hexes, within `range`. */
function pathTo(from: string, goals: Set<string>, blocked: (h: string) => boolean, range: number): string[] | null {
  const g = rulesData().graph;
  const prev = new Map<string, string | null>([[from, null]]);
  let frontier = [from];
  for (let d = 0; d < range && frontier.length; d++) {
    const next: string[] = [];
    for (const h of frontier)
      for (const n of g.neighbors(h)) {
        if (prev.has(n) || blocked(n)) continue;
        prev.set(n, h);
        if (goals.has(n)) {
          const path = [n];
          for (let x = prev.get(n); x; x = prev.get(x)) path.unshift(x);
          return path;
        }
        next.push(n);
      }
    frontier = next;
  }
  return null;
}

export function botWithdrawal(s: PrefectState, side: Side): WithdrawalOrder {
  const o: WithdrawalOrder = { kind: 'withdrawal', moves: [] };
  const zoc = enemyActiveZocHexes(s, side);
  const enemyHexes = new Set([
    ...Object.values(s.tfs)
      .filter((t) => t.side !== side)
      .map((t) => t.hex),
    ...Object.values(s.bases)
      .filter((b) => b.side !== side)
      .map((b) => b.hex),
  ]);
  const hqTfs = Object.values(s.tfs).filter(
    (t) => t.side === side && unitsIn(s, t.id).some((u) => rulesData().unitTypes[u.type]?.hq),
  );
  const goals = new Set([
    ...Object.values(s.bases)
      .filter((b) => b.side === side)
      .map((b) => b.hex),
    ...hqTfs.map((t) => t.hex),
  ]);
  const units = Object.values(s.units)
    .filter((u) => u.side === side && u.status === 'DISORGANISED' && u.hex && !u.under)
    .sort((a, b) => a.id.localeCompare(b.id));
  for (const u of units) {
    if (goals.has(u.hex!)) continue;
    const grav = rulesData().unitTypes[u.type]?.gravitic !== false;
    const path = pathTo(
      u.hex!,
      goals,
      (h) => enemyHexes.has(h) || zoc.has(h) || (!grav && rulesData().hex(h).water === 'FULL'),
      grav ? 9 : 1,
    );
    if (path) keepIfLegal(o.moves, { unit: u.id, path }, () => validateWithdrawal(s, side, o));
  }
  return o;
}
