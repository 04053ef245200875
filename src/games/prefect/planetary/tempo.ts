/**
 * Tempo Phase (L265, L880-896, D-37): the turn Attacker keeps the role iff his score (BTs he
 * made as combat attacker) exceeds the Defender's (CAs he made as combat defender); a tie
 * swaps (L896). Then the tracks and per-turn flags reset (L267), victory is checked (D-01),
 * and the turn advances; extra bases due next turn become available (L952).
 */
import type { GameEvent } from '#engine/contract.js';
import type { PrefectState } from './types.js';
import { otherSide } from './types.js';
import { checkVictory } from './victory.js';
import { scenarioDef } from './rules-data.js';

/** D-37: who attacks next turn. */
export function nextAttacker(state: PrefectState): PrefectState['attacker'] {
  const a = state.attacker;
  return state.tempo[a] > state.tempo[otherSide(a)] ? a : otherSide(a);
}

export function tempoPhase(state: PrefectState): GameEvent[] {
  const prev = state.attacker;
  const score = { ...state.tempo };
  const next = nextAttacker(state);
  state.attacker = next;
  state.tempo = { TOG: 0, CW: 0 };
  for (const tf of Object.values(state.tfs)) {
    tf.movedThisTurn = false;
    tf.movedLafThisTurn = false;
    tf.attackedThisTurn = false;
    tf.detected = false; // D-15: detection lasts the turn
    delete tf.defenderAction;
    delete tf.noDetect;
    delete tf.detectedDuringMovement;
  }
  for (const b of Object.values(state.bases)) {
    b.deliveredThisTurn = 0;
    b.rebuildsThisTurn = 0;
  }
  state.detections = [];
  delete state.movement;
  delete state.combat;
  const events: GameEvent[] = [
    {
      type: 'tempo',
      visibleTo: 'all',
      data: {
        turn: state.turn,
        score,
        attacker: prev,
        nextAttacker: next,
        kept: next === prev,
        rule: 'L894-896, D-37',
      },
    },
  ];
  const last = state.turn >= state.maxTurns;
  const result = checkVictory(state, last ? 'end' : 'tempo');
  if (result) {
    state.result = result;
    state.step = 'GAME_OVER';
    events.push({ type: 'game.over', visibleTo: 'all', data: { ...result } });
    return events;
  }
  state.turn++;
  state.step = 'MOVEMENT';
  const scenario = scenarioDef(state.scenario);
  for (const x of scenario?.extraBases ?? []) {
    if (x.turn === state.turn) {
      state.availableBases.push({ side: x.side, type: x.type });
      events.push({ type: 'base.available', visibleTo: [x.side], data: { type: x.type, rule: 'L952' } });
    }
  }
  events.push({ type: 'turn', visibleTo: 'all', data: { turn: state.turn, attacker: next } });
  return events;
}
