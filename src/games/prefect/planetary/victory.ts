/**
 * Victory (D-01): the scenario's conditions are data (VictoryCondition with predicates), checked
 * at every Tempo Phase ('anyTime' conditions) and after the last turn (all conditions). A
 * condition with an empty predicate list always holds, so "otherwise the defender wins" is
 * written as a last 'atEnd' condition; with nothing holding at the end the game is a draw.
 */
import type { PrefectState, VictoryCondition, VictoryPredicate } from './types.js';
import { scenarioDef } from './rules-data.js';

export function predicateHolds(state: PrefectState, p: VictoryPredicate): boolean {
  switch (p.kind) {
    case 'controlUrbanFraction': {
      const areas = Object.keys(state.urban);
      if (areas.length === 0) return false;
      const held = areas.filter((a) => state.urban[a] === p.side).length;
      return held / areas.length >= p.atLeast - 1e-9;
    }
    case 'controlAllBasesOf': {
      const theirs = Object.values(state.bases).filter((b) => b.originalSide === p.enemy);
      return theirs.every((b) => b.side === p.side);
    }
    case 'destroyedCombatUnits':
      return (state.destroyedCombat[p.side] ?? 0) >= p.atLeast;
    case 'noActiveTaskForce':
      return !Object.values(state.tfs).some((t) => t.side === p.side);
  }
}

export const conditionHolds = (state: PrefectState, c: VictoryCondition): boolean =>
  c.all.every((p) => predicateHolds(state, p));

export function checkVictory(state: PrefectState, when: 'tempo' | 'end'): PrefectState['result'] | undefined {
  const scenario = scenarioDef(state.scenario);
  const conditions = scenario?.victory ?? [];
  for (const c of conditions) {
    if (c.when === 'atEnd' && when !== 'end') continue;
    if (conditionHolds(state, c)) {
      return { winner: c.side, level: c.level, summary: `${c.side} ${c.level}: ${describe(c)}` };
    }
  }
  if (when === 'end')
    return { winner: null, level: 'draw', summary: 'The last turn ended with no victory condition met.' };
  return undefined;
}

function describe(c: VictoryCondition): string {
  if (c.all.length === 0) return 'no other condition was met by the end of the game';
  return c.all
    .map((p) => {
      switch (p.kind) {
        case 'controlUrbanFraction':
          return `${p.side} controls at least ${Math.round(p.atLeast * 100)}% of the urban areas`;
        case 'controlAllBasesOf':
          return `${p.side} controls every base ${p.enemy} started with`;
        case 'destroyedCombatUnits':
          return `${p.side} destroyed at least ${p.atLeast} enemy combat units`;
        case 'noActiveTaskForce':
          return `${p.side} has no Task Force left`;
      }
    })
    .join('; ');
}
