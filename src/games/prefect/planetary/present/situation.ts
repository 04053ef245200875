/**
 * Where a Prefect game stands (contract `situation`), read from the viewer's view only: the turn,
 * the phase of the sequence of play and the map it is played on. The Space module and the
 * Campaign build theirs the same way (common/present/situation.ts).
 */
import type { Json, Situation } from '#engine/contract.js';
import { obj, phaseOf, situationText, word } from '../../common/present/situation.js';
import { PLANET_BOARD } from './boards.js';

/** Planetary sequence of play (L269-878). */
export const GROUND_PHASES: Record<string, string> = {
  SETUP_ASSIGN: 'set-up, Task Force assignment (L228-236)',
  SETUP_PLACE: 'set-up, placement (L238-240)',
  MOVEMENT: 'Movement Phase (L269-457)',
  COMBAT_DECLARE: 'Combat Phase, declarations (L547-561)',
  COMBAT_DETECT: 'Combat Phase, detection (L483-491)',
  SUPPLY: 'Supply Phase (L737-846)',
  WITHDRAWAL: 'Withdrawal Phase (L848-864)',
  ADJUSTMENT: 'Task Force Adjustment Phase (L866-878)',
  GAME_OVER: 'game over',
};

export function planetarySituation(view: Json): Situation {
  const v = obj(view);
  const phase = phaseOf(GROUND_PHASES, v.step);
  return {
    board: PLANET_BOARD,
    text: situationText(
      'situation.prefect',
      { turn: word(v.turn), step: word(v.step), phase },
      `Turn ${word(v.turn)}: ${phase}.`,
    ),
  };
}
