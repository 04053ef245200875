/**
 * Space Tempo Phase (L1983-1991, digest §5.B.20). The text contradicts itself (L1987-1991);
 * D-38: each player scores the BTs he made as combat attacker (L1603) and the CAs he made as
 * combat defender (L1615); the turn Attacker keeps the role iff his score is higher, otherwise
 * the roles swap; the track is then reset (L1208).
 */
import { otherSide } from '../common/types.js';
import type { Side, SpaceState } from './types.js';
import { tempoCredit } from './combat.js';
import type { CrtCell } from '../common/types.js';

/** Records a combat's BT/CA on the track: `combatAttacker` is the side that rolled. */
export function recordTempo(state: SpaceState, cell: CrtCell, combatAttacker: Side): Side | null {
  const credit = tempoCredit(cell);
  if (!credit) return null;
  const side = credit === 'ATTACKER' ? combatAttacker : otherSide(combatAttacker);
  state.tempo[side] += 1;
  return side;
}

/** D-38: who attacks next turn. */
export function nextSpaceAttacker(attacker: Side, tempo: Readonly<Record<Side, number>>): Side {
  return tempo[attacker] > tempo[otherSide(attacker)] ? attacker : otherSide(attacker);
}

/** The tempo phase proper: next attacker, track reset, turn advanced. */
export function spaceTempoPhase(state: SpaceState): { previous: Side; next: Side; score: Record<Side, number> } {
  const score = { ...state.tempo };
  const previous = state.attacker;
  const next = nextSpaceAttacker(previous, score);
  state.attacker = next;
  state.tempo = { TOG: 0, CW: 0 };
  state.turn += 1;
  for (const tf of Object.values(state.tfs)) {
    tf.arrivedThisTurn = false;
    tf.beganTurnInSystem = tf.place.kind === 'SECTOR';
  }
  return { previous, next, score };
}
