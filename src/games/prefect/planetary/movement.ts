/**
 * Movement allowances and path checks of the Movement Phase (L269-331, L415-433, L459-475,
 * L914-928). Paths are checked with the engine's validatePath / cheapestPaths over the map's
 * logical-hex graph (D-05), so the bot, the prompt choices and validation use the same rules.
 */
import type { OrderError } from '#engine/contract.js';
import { cheapestPaths, validatePath, type MoveRules, type PathFailure } from '#engine/hexpaths.js';
import { combatUnits, enemyActiveZocHexes, hasHq, isAllGravitic, unitsIn, unitType } from './rules.js';
import { rulesData } from './rules-data.js';
import type { Mode, MoveOrder, PrefectState, Side, TaskForce } from './types.js';

/** L303-331, D-12: Combat max(1, min(10, 10 − C + H)); LAF max(1, min(20, 20 − C + H)); non-gravitic 1 (L924). */
export function movementAllowance(state: PrefectState, tfId: string, mode: Mode): number {
  if (!isAllGravitic(state, tfId)) return 1;
  const c = combatUnits(state, tfId).length;
  const h = hasHq(state, tfId) ? 1 : 0;
  const cap = mode === 'LAF' ? 20 : 10;
  return Math.max(1, Math.min(cap, cap - c + h));
}

/** L415-423, D-88: 1–2 combat units (or none) 3 hexes, 3+ 2 hexes; CW Manus Primus HQ (ID 2) with ≤4 combat units 3; non-gravitic 1. */
export function defenderAllowance(state: PrefectState, tfId: string): number {
  if (!isAllGravitic(state, tfId)) return 1;
  const c = combatUnits(state, tfId).length;
  if (c <= 2) return 3;
  const tf = state.tfs[tfId];
  const manusPrimus =
    tf.side === 'CW' && unitsIn(state, tfId).some((u) => unitType(u).hq === 'MANUS' && u.counterId === 2);
  return manusPrimus && c <= 4 ? 3 : 2;
}

export const enemyTfAt = (state: PrefectState, side: Side, hex: string): boolean =>
  Object.values(state.tfs).some((t) => t.side !== side && t.hex === hex);
export const otherTfAt = (state: PrefectState, tfId: string, hex: string): boolean =>
  Object.values(state.tfs).some((t) => t.id !== tfId && t.hex === hex);
export const enemyDisorganisedAt = (state: PrefectState, side: Side, hex: string): number =>
  Object.values(state.units).filter((u) => u.status === 'DISORGANISED' && u.side !== side && u.hex === hex).length;

/** May `tf` end a move in `hex` (L359-369, L473): no other TF, no enemy unit left there. */
export function mayEndIn(state: PrefectState, tf: TaskForce, hex: string, destroyedHere = 0): boolean {
  return !otherTfAt(state, tf.id, hex) && enemyDisorganisedAt(state, tf.side, hex) <= destroyedHere;
}

/** Step rules for an attacker move (L359-367, L924-928): no enemy TF hex; non-gravitic TFs stay out of full water. */
export function attackerRules(state: PrefectState, tf: TaskForce, budget: number): MoveRules {
  const grav = isAllGravitic(state, tf.id);
  return {
    budget,
    cost: (_from, to) => (enemyTfAt(state, tf.side, to) || (!grav && rulesData().hex(to).water === 'FULL') ? null : 1),
  };
}

/**
 * Step rules for a defender counter-move (L425-433, D-16, D-17): never into an enemy active ZOC or
 * enemy TF hex. `destroy` (L475): its MP come off the allowance, and the TF may end where it destroys every enemy unit.
 */
export function defenderRules(state: PrefectState, tf: TaskForce, destroy: MoveOrder['destroy'] = []): MoveRules {
  const grav = isAllGravitic(state, tf.id);
  const zoc = enemyActiveZocHexes(state, tf.side);
  const spent = (destroy ?? []).reduce((a, d) => a + d.count, 0);
  const here = (hex: string) => (destroy ?? []).filter((d) => d.hex === hex).reduce((a, d) => a + d.count, 0);
  return {
    budget: defenderAllowance(state, tf.id) - spent,
    cost: (_from, to) =>
      enemyTfAt(state, tf.side, to) || zoc.has(to) || (!grav && rulesData().hex(to).water === 'FULL') ? null : 1,
    mayEndIn: (hex) => mayEndIn(state, tf, hex, here(hex)),
  };
}

const PATH_RULE: Record<PathFailure, string> = {
  'empty-path': 'L269',
  'unknown-hex': 'D-05',
  'not-adjacent': 'D-05',
  impassable: 'L359-367',
  'over-budget': 'L303-331',
  'continues-after-stop': 'L303-331',
  'cannot-end-here': 'L359-369',
};

function pathError(failure: PathFailure, index: number, at: (string | number)[], what: string): OrderError {
  const msg: Record<PathFailure, string> = {
    'empty-path': 'The path is empty.',
    'unknown-hex': `Hex ${index} of the path is not on the map.`,
    'not-adjacent': `Hex ${index} of the path is not adjacent to the one before.`,
    impassable: `Hex ${index} of the path cannot be entered (an enemy Task Force, an enemy active zone of control, or water for non-gravitic units).`,
    'over-budget': `The path goes beyond the ${what} at hex ${index}.`,
    'continues-after-stop': `The path continues after its movement has to end (hex ${index}).`,
    'cannot-end-here': 'The path ends in a hex holding another Task Force or an enemy unit.',
  };
  return { code: `move.${failure}`, path: [...at, 'path', index], message: msg[failure], rule: PATH_RULE[failure] };
}

/**
 * Checks one attacker activation against the state as it is (D-14 one activation per TF; L303-331
 * allowance incl. 1 MP per disorganised unit destroyed, L459-475). The end-hex rule is checked by
 * the caller (it depends on the other moves of a plan).
 */
export function validateAttackerMove(
  state: PrefectState,
  side: Side,
  m: MoveOrder,
  at: (string | number)[],
): OrderError[] {
  const tf = state.tfs[m.tf];
  if (!tf || tf.side !== side)
    return [{ code: 'tf.unknown', path: [...at, 'tf'], message: 'No Task Force of yours by that id.', rule: 'L171' }];
  if (tf.movedThisTurn)
    return [
      {
        code: 'move.twice',
        path: [...at, 'tf'],
        message: 'This Task Force has already moved this phase.',
        rule: 'D-14',
      },
    ];
  if (m.path[0] !== tf.hex)
    return [
      {
        code: 'move.start',
        path: [...at, 'path', 0],
        message: 'A path starts at the Task Force\u2019s hex.',
        rule: 'L269',
      },
    ];
  const allowance = movementAllowance(state, tf.id, m.mode);
  const spent = (m.destroy ?? []).reduce((a, d) => a + d.count, 0);
  const errors = validateDestroy(state, tf, m.path, m.destroy, at);
  const check = validatePath(rulesData().graph, m.path, attackerRules(state, tf, allowance - spent));
  if (!check.ok)
    errors.push(
      pathError(
        check.reason,
        check.index,
        at,
        `movement allowance of ${allowance} (${m.mode}, L303-331)${spent ? ` less ${spent} MP spent on disorganised units` : ''}`,
      ),
    );
  return errors;
}

/** L459-475: MP spent on enemy disorganised units, per hex entered on `path` (attacker and defender moves alike, L475). */
export function validateDestroy(
  state: PrefectState,
  tf: TaskForce,
  path: string[],
  destroy: MoveOrder['destroy'],
  at: (string | number)[],
): OrderError[] {
  const errors: OrderError[] = [];
  if (!destroy?.length) return errors;
  if (!combatUnits(state, tf.id).length || tf.fatigue >= 3) {
    errors.push({
      code: 'destroy.not-allowed',
      path: [...at, 'destroy'],
      message: 'Destroying disorganised units needs a combat unit and fatigue below 3.',
      rule: 'L469, L705',
    });
  }
  destroy.forEach((d, i) => {
    if (!path.slice(1).includes(d.hex))
      errors.push({
        code: 'destroy.off-path',
        path: [...at, 'destroy', i, 'hex'],
        message: 'Units can be destroyed only in a hex entered on the path.',
        rule: 'L463',
      });
    else if (d.count < 1 || d.count > enemyDisorganisedAt(state, tf.side, d.hex))
      errors.push({
        code: 'destroy.count',
        path: [...at, 'destroy', i, 'count'],
        message: 'There are not that many enemy disorganised units in that hex.',
        rule: 'L463',
      });
  });
  return errors;
}

/** A defender counter-move (L415-433): allowance less MP spent destroying (L475), no enemy active ZOC, end hex free. */
export function validateDefenderMove(
  state: PrefectState,
  side: Side,
  tfId: string,
  path: string[],
  at: (string | number)[],
  destroy: MoveOrder['destroy'] = [],
): OrderError[] {
  const tf = state.tfs[tfId];
  if (!tf || tf.side !== side)
    return [{ code: 'tf.unknown', path: [...at, 'tf'], message: 'No Task Force of yours by that id.', rule: 'L171' }];
  if (tf.defenderAction)
    return [
      {
        code: 'defender.acted',
        path: [...at, 'tf'],
        message: 'This Task Force has already moved or attacked this turn.',
        rule: 'L399',
      },
    ];
  if (tf.independent && path.length > 2)
    return [
      { code: 'move.over-budget', path: [...at, 'path'], message: 'A non-gravitic unit moves 1 hex.', rule: 'L924' },
    ];
  if (path[0] !== tf.hex || path.length < 2)
    return [
      {
        code: 'move.start',
        path: [...at, 'path', 0],
        message: 'A counter-move starts at the Task Force\u2019s hex and enters at least one hex.',
        rule: 'L415',
      },
    ];
  const errors = validateDestroy(state, tf, path, destroy, at);
  if (errors.length) return errors;
  const spent = (destroy ?? []).reduce((a, d) => a + d.count, 0);
  const check = validatePath(rulesData().graph, path, defenderRules(state, tf, destroy));
  return check.ok
    ? []
    : [
        pathError(
          check.reason,
          check.index,
          at,
          `counter-move allowance of ${defenderAllowance(state, tfId)} (L415-423)${spent ? ` less ${spent} MP spent on disorganised units (L475)` : ''}`,
        ),
      ];
}

/** Hexes an attacker TF can reach this move and end in (for prompts and the bot). */
export function attackerReach(state: PrefectState, tfId: string, mode: Mode): Map<string, string[]> {
  const tf = state.tfs[tfId];
  const reach = cheapestPaths(rulesData().graph, tf.hex, {
    ...attackerRules(state, tf, movementAllowance(state, tfId, mode)),
    mayEndIn: (h) => mayEndIn(state, tf, h),
  });
  const out = new Map<string, string[]>();
  for (const [hex, e] of reach.reached) if (e.mayEnd && hex !== tf.hex) out.set(hex, reach.pathTo(hex)!);
  return out;
}

/** Hexes a defender TF can counter-move to. */
export function defenderReach(state: PrefectState, tfId: string): Map<string, string[]> {
  const tf = state.tfs[tfId];
  const reach = cheapestPaths(rulesData().graph, tf.hex, defenderRules(state, tf));
  const out = new Map<string, string[]>();
  for (const [hex, e] of reach.reached) if (e.mayEnd && hex !== tf.hex) out.set(hex, reach.pathTo(hex)!);
  return out;
}
