/**
 * Where a Prefect game stands (contract `situation`), read from the viewer's view only: the turn,
 * the phase of the sequence of play and the map it is played on. The Space module and the
 * Campaign build theirs from these helpers (space/present, campaign/present).
 */
import type { Json, Situation, Text } from '#engine/contract.js';
import { PLANET_BOARD } from './boards.js';

export type Obj = Record<string, Json>;
export const obj = (v: Json | undefined): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? v : {});
export const word = (v: Json | undefined): string => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

/** Planetary sequence of play (L269-878). */
export const GROUND_PHASES: Record<string, string> = {
  SETUP_ASSIGN: 'set-up, Task Force assignment (L228-236)', SETUP_PLACE: 'set-up, placement (L238-240)', MOVEMENT: 'Movement Phase (L269-457)',
  COMBAT_DECLARE: 'Combat Phase, declarations (L547-561)', COMBAT_DETECT: 'Combat Phase, detection (L483-491)', SUPPLY: 'Supply Phase (L737-846)',
  WITHDRAWAL: 'Withdrawal Phase (L848-864)', ADJUSTMENT: 'Task Force Adjustment Phase (L866-878)', GAME_OVER: 'game over',
};
/** A step's phase in words (an unknown step as itself). */
export const phaseOf = (table: Record<string, string>, step: Json | undefined): string => table[word(step)] ?? word(step).toLowerCase();
export const situationText = (key: string, params: Record<string, string | number>, sentence: string): Text => ({ key, params, text: sentence });

export function planetarySituation(view: Json): Situation {
  const v = obj(view);
  const phase = phaseOf(GROUND_PHASES, v.step);
  return { board: PLANET_BOARD, text: situationText('situation.prefect', { turn: word(v.turn), step: word(v.step), phase }, `Turn ${word(v.turn)}: ${phase}.`) };
}

