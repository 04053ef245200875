/**
 * Where a Space game stands (contract `situation`), from the viewer's view: the turn, the half
 * and its phasing side, and the step of the sequence of play, on the Africannus system map.
 */
import type { Json, Situation } from '#engine/contract.js';
import { obj, phaseOf, situationText, word, type Obj } from '../../common/present/situation.js';
import { SPACE_BOARD } from './boards.js';

/** Space sequence of play (digest §4.4, D-53). */
const SPACE_PHASES: Record<string, string> = {
  MISSIONS: 'Mission Assignment (L1210-1296)',
  TSPACE: 'T-space movement (L1356-1401)',
  PLACE: 'placement of arrivals (L1387, L1401)',
  REACTION: 'reaction to detected arrivals (L1395-1399)',
  MOVE: 'intra-system movement (L1405-1421)',
  COMBAT: 'Space Combat Phase (L1443-1829)',
  ADJUST: 'Task Force Adjustment (L1869-1889)',
  SUPPLY: 'Supply (L1891-1967)',
  GAME_OVER: 'game over',
};
/** The side whose half of the space turn is played (D-53): the attacker in half 1. */
function spacePhasing(v: Obj): string {
  const attacker = word(v.attacker);
  return v.half === 2 ? (attacker === 'TOG' ? 'CW' : 'TOG') : attacker;
}

export function spaceSituation(view: Json): Situation {
  const v = obj(view);
  const phase = phaseOf(SPACE_PHASES, v.step);
  const phasing = spacePhasing(v);
  return {
    board: SPACE_BOARD,
    text: situationText(
      'situation.prefect-space',
      { turn: word(v.turn), half: word(v.half), phasing, step: word(v.step), phase },
      `Turn ${word(v.turn)}, half ${word(v.half)} (${phasing} phasing): ${phase}.`,
    ),
  };
}
