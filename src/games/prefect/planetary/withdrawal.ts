/**
 * Withdrawal Phase (L848-864, D-46), simultaneous. First every disorganised unit on the map
 * without a LOC to a friendly HQ or base is destroyed (L852). The others may move up to nine
 * hexes (non-gravitic: one, never into water, L924-928), not entering or crossing enemy TFs,
 * enemy units (L363), enemy bases or enemy active ZOC (L856, D-16), unlimited stacking (L858). A unit ending with a
 * friendly Legion base or a TF with an HQ goes under it (L860). Moves are public (H36).
 */
import type { GameEvent, OrderError } from '#engine/contract.js';
import { validatePath } from '#engine/hexgrid.js';
import type { GroundUnit, PrefectState, Side, WithdrawalOrder } from './types.js';
import { SIDES, otherSide } from './types.js';
import { destroy, hasHq, unitType } from './composition.js';
import { hasLocToAny } from './loc.js';
import { supplyAnchors } from './supply-stores.js';
import { enemyActiveZocHexes } from './zoc.js';
import { isFullWater, rulesData } from './rules-data.js';
import { disorganisedEvent } from './reveal.js';

const onMap = (u: GroundUnit): boolean => u.status === 'DISORGANISED' && !!u.hex;

/** L852: does this disorganised unit keep a LOC to a friendly HQ or base? */
export function withdrawalLoc(state: PrefectState, u: GroundUnit): boolean {
  return hasLocToAny(state, u.side, u.hex!, supplyAnchors(state, u.side, { anyHq: true }), {
    nonGravitic: !unitType(u).gravitic,
  });
}

/** The path without its start hex if the player included it. */
const entered = (u: GroundUnit, path: string[]): string[] => (path[0] === u.hex ? path.slice(1) : path);

function checkMove(
  state: PrefectState,
  side: Side,
  m: { unit: string; path: string[] },
  i: number,
  seen: Set<string>,
): OrderError[] {
  const p = ['moves', i];
  const e = (code: string, path: (string | number)[], message: string, rule: string): OrderError[] => [
    { code, path, message, rule },
  ];
  const u = state.units[m.unit];
  if (!u || u.side !== side) return e('not-own-unit', [...p, 'unit'], `'${m.unit}' is not one of your units`, 'L854');
  if (!onMap(u)) return e('not-disorganised', [...p, 'unit'], 'only disorganised units on the map move now', 'L854');
  if (seen.has(u.id)) return e('unit-twice', [...p, 'unit'], 'one move per unit', 'L854');
  seen.add(u.id);
  if (!withdrawalLoc(state, u))
    return e('no-loc', [...p, 'unit'], 'this unit has no line of communication and is destroyed', 'L852');
  const steps = entered(u, m.path);
  if (steps.length === 0) return [];
  const grav = unitType(u).gravitic;
  const enemy = otherSide(side);
  const zoc = enemyActiveZocHexes(state, side);
  const blocked = new Set<string>([...zoc]);
  for (const t of Object.values(state.tfs)) if (t.side === enemy) blocked.add(t.hex);
  for (const b of Object.values(state.bases)) if (b.side === enemy) blocked.add(b.hex);
  // L363: disorganised units may not enter hexes occupied by enemy units (disorganised ones too).
  for (const x of Object.values(state.units)) if (x.side === enemy && onMap(x)) blocked.add(x.hex!);
  const check = validatePath(rulesData().graph, [u.hex!, ...steps], {
    budget: grav ? 9 : 1, // L854, L924
    cost: (_from, to) => (blocked.has(to) || (!grav && isFullWater(to)) ? null : 1),
  });
  if (!check.ok) {
    const why =
      check.reason === 'over-budget'
        ? `at most ${grav ? 9 : 1} hexes`
        : check.reason === 'impassable'
          ? 'may not enter enemy TFs, units, bases or active ZOC (or water when non-gravitic)'
          : check.reason;
    return e(
      `path-${check.reason}`,
      [...p, 'path', Math.max(0, check.index - (m.path[0] === u.hex ? 0 : 1))],
      why,
      grav ? 'L854-856, D-46' : 'L924-928',
    );
  }
  return [];
}

export function validateWithdrawal(state: PrefectState, side: Side, o: WithdrawalOrder): OrderError[] {
  const seen = new Set<string>();
  return o.moves.flatMap((m, i) => checkMove(state, side, m, i, seen));
}

export function applyWithdrawal(
  state: PrefectState,
  ordersBySide: Partial<Record<Side, WithdrawalOrder>>,
): GameEvent[] {
  const events: GameEvent[] = [];
  // L852 first, on the positions at the start of the phase, for both sides.
  const doomed = Object.values(state.units).filter((u) => onMap(u) && !withdrawalLoc(state, u));
  for (const u of doomed) {
    events.push(
      ...disorganisedEvent(state, 'withdrawal.destroyed', { hex: u.hex!, rule: 'L852' }, 'units', [
        { unit: u.id, type: u.type },
      ]),
    ); // H36, D-19
    destroy(state, u);
  }
  // Moves are checked against the start-of-phase blocking (players do not interact, L856).
  const valid: { u: GroundUnit; to: string; path: string[] }[] = [];
  for (const side of SIDES) {
    const o = ordersBySide[side];
    if (!o) continue;
    const seen = new Set<string>();
    o.moves.forEach((m, i) => {
      if (checkMove(state, side, m, i, seen).length > 0) return;
      const u = state.units[m.unit];
      const steps = entered(u, m.path);
      if (steps.length) valid.push({ u, to: steps[steps.length - 1], path: [u.hex!, ...steps] });
    });
  }
  for (const v of valid) {
    v.u.hex = v.to;
    delete v.u.under;
    events.push(
      ...disorganisedEvent(state, 'withdrawal.move', { path: v.path, rule: 'L854' }, 'units', [
        { unit: v.u.id, type: v.u.type },
      ]),
    );
  }
  // L860: under a friendly Legion base or a TF with an HQ.
  for (const u of Object.values(state.units)) {
    if (!onMap(u)) continue;
    const base = Object.values(state.bases).find((b) => b.hex === u.hex && b.side === u.side);
    const hqTf = Object.values(state.tfs).find((t) => t.hex === u.hex && t.side === u.side && hasHq(state, t.id));
    const under = base?.id ?? hqTf?.id;
    if (!under)
      delete u.under; // the base or HQ it sat under is gone or left
    else if (u.under !== under) {
      const sheltered = u.under !== undefined;
      u.under = under;
      const data = { under, rule: 'L860' };
      // Already under a base or HQ in this hex, the unit is out of the enemy's sight (H1): a new
      // shelter in the same hex (a base built there) is told to its owner only.
      if (sheltered)
        events.push({
          type: 'withdrawal.under.detail',
          visibleTo: [u.side],
          data: { ...data, units: [{ unit: u.id }] },
        });
      else events.push(...disorganisedEvent(state, 'withdrawal.under', data, 'units', [{ unit: u.id }]));
    }
  }
  return events;
}
