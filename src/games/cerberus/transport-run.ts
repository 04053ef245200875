/**
 * The working state of one Transportation Segment run (validation on a copy, or resolution), and
 * the steps every kind of placement shares (11.19, 12.21, 14.12).
 */
import type { GameEvent, OrderError } from '#engine/contract.js';
import { SUPPLY, actsAs, mapOf, onMap, own, reveal, type LogisticsHooks } from './logistics.js';
import type { CerberusState, HexId, Side, Unit } from './state.js';
import { scratchOf, type Problem } from './transport-cost.js';

type Path = (string | number)[];

export interface TransportRun {
  state: CerberusState;
  side: Side;
  mode: 'validate' | 'apply';
  /** Checks that depend on positions are made (at the Transportation Segment itself). */
  final: boolean;
  hooks: LogisticsHooks;
  errors: OrderError[];
  events: GameEvent[];
  /** 11.19 units that moved in the preceding Ground Unit Movement Segment. */
  moved: Set<string>;
  stopped: boolean;
}

/** Records a problem: an order error when validating, a skip event (or the end of the segment) when resolving. */
export function report(
  run: TransportRun,
  path: Path,
  p: Problem | Omit<OrderError, 'path'>,
  stopOnIllegal = false,
): void {
  if ('dynamic' in p && p.dynamic && !run.final) return;
  const { code, message, rule } = p;
  if (run.mode === 'validate') run.errors.push({ code, path, message, ...(rule ? { rule } : {}) });
  else {
    run.events.push(own(run.side, 'transport.skipped', { path, code, message, rule: rule ?? null }));
    if (stopOnIllegal) run.stopped = true;
  }
}

export const err = (code: string, message: string, rule: string): Problem => ({ code, message, rule, dynamic: false });

export function spend(run: TransportRun, cost: number): void {
  scratchOf(run.state, run.side).stpUsed += cost;
}

/** 14.12, G17: Human units placed next to (or, Paratroopers, onto) face-down Cetian units turn them face up. */
export function revealAround(run: TransportRun, hex: HexId): void {
  if (run.mode !== 'apply' || run.side !== 'HUMAN') return;
  const near = new Set([hex, ...mapOf(run.state).neighbors(hex)]);
  for (const u of run.state.units) {
    if (u.side === 'CETIAN' && onMap(u) && near.has(u.hex!) && u.faceDown)
      run.events.push(...reveal(u, 'Human unit landed adjacent', '14.12'));
  }
}

/** Puts `u` on the map at `hex` as a unit placed by space transport (11.19, 12.21). */
export function place(run: TransportRun, u: Unit, hex: HexId, fromBox: boolean): void {
  const turn = run.state.turn;
  if (fromBox) {
    const as = actsAs(u); // a Spaceport reduced to a Base lands as a Base (G9)
    u.supplies = as === 'SPACEPORT' ? SUPPLY.spaceportArrival : as === 'BASE' ? SUPPLY.baseArrival : 0;
    u.cargo = null;
    u.faceDown = false;
  }
  u.box = 'MAP';
  u.hex = hex;
  u.landedOnTurn = turn;
  u.outOfSupply = fromBox ? false : u.outOfSupply;
  u.ferrying = false;
  u.due = null;
  u.arrivesAt = null;
}
