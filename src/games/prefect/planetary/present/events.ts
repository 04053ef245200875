/**
 * English sentences of every event the Planetary module emits (and the Campaign passes on), by
 * event type. Parameters come from the event's data only (text.ts); a STRICT-mode public event
 * carries counts where the TABLETOP one carries the units, and the sentence says what it has.
 */
import { count, type Params, type TextTable } from '../../common/present/text.js';

const units = (p: Params, key = 'units'): string =>
  p[key] !== undefined ? String(p[key]) : count(p[`${key}Count`], 'unit');
const ok = (p: Params, key = 'success'): string => (p[key] === 'yes' ? 'succeeded' : 'failed');

export const PLANETARY_EVENTS: TextTable = {
  turn: 'Turn {turn} begins; {attacker} is the Attacker.',
  tempo: (p) =>
    `Tempo Phase of turn ${p.turn}: BT/CA score TOG ${p['score.TOG']}, CW ${p['score.CW']}; ${p.nextAttacker} is the next Attacker${p.kept === 'yes' ? ' (kept)' : ''}.`,
  'tempo.credit': (p) =>
    `Tempo credit: ${p.BT !== 'none' ? `a Breakthrough for ${p.BT}` : 'no Breakthrough'}, ${p.CA !== 'none' ? `a Counter-Attack for ${p.CA}` : 'no Counter-Attack'}.`,
  'game.over': (p) =>
    `Game over: ${p.winner === 'none' ? 'a draw' : `${p.winner} wins`}${p.level ? ` (${p.level})` : ''}. ${p.summary ?? ''}`.trim(),
  'orders.defaulted': (p) =>
    `Your orders were not used (${count(p.errorsCount, 'error')}); the default orders were applied.`,
  'orders.rejected': (p) => `Part of your orders was refused (${count(p.errorsCount, 'error')}) and left out.`,
  'setup.initiative': 'Set-up initiative: {first} places first.',
  'setup.placed': '{side} placed Task Force {tf} in hex {hex}.',
  'tf.created': '{side} formed a new Task Force {tf} in hex {hex}.',
  'tf.created.detail': 'Your new Task Force {tf} is counter {counter} of {org}.',
  'tf.removed': 'Task Force {tf} was removed from the map (empty).',
  'adjust.transfer': 'You moved {units} from {from} to {to}.',
  reinforcement: (p) =>
    `Reinforcement ${p.unit} joined Task Force ${p.tf}${p.auto === 'yes' ? ' (placed automatically)' : ''}.`,
  'move.begin': 'Task Force {tf} starts move {move} in {mode} mode from hex {from}.',
  'move.hex': 'Task Force {tf} enters hex {hex}.',
  'move.end': 'Task Force {tf} ends its move in hex {hex}.',
  'move.back': 'Task Force {tf} goes back to hex {hex}.',
  'move.blocked': 'Task Force {tf} is stopped before hex {hex}.',
  'move.mp-left': 'Task Force {tf} has {mpLeft} MP left.',
  'movement.ended': 'The Movement Phase ends: {attackerMoves} Attacker moves, {defenderActions} Defender actions.',
  'counter.move': (p) => `Task Force ${p.tf} counter-moves to hex ${String(p.path).split(', ').pop()}.`,
  'counter.attack': 'Task Forces {attackers} counter-attack Task Force {target}.',
  'counter.skipped': (p) =>
    `Your counter-action ${p.action} was skipped (${p.reason === 'allowance' ? 'no allowance left' : 'not legal any more'}).`,
  detection: (p) =>
    `Task Force ${p.detector} tried to detect Task Force ${p.target} in hex ${p.hex} (ESM ${p.esm}): ${ok(p)}${p.roll !== undefined ? ` (rolled ${p.roll} against ${p.targetNumber})` : ''}.`,
  'detection.detail': 'Detection of {target} by {detector}: rolled {roll} against {targetNumber}.',
  'combat.declared': (p) => `${count(p.attacksCount, 'attack')} declared.`,
  combat: (p) =>
    `Combat in hex ${p.hex}: Task Forces ${p.attackers} against ${p.target}${p.attack !== undefined ? `, ${p.attack} to ${p.defence} on column ${p.column}, rolled ${p.roll}` : ''}${p['cell.a'] !== undefined ? `: attacker ${p['cell.a']}, defender ${p['cell.d']}` : ''}.`,
  'combat.detail': (p) =>
    `Your side of the combat: ${p.attack !== undefined ? `attack ${p.attack}` : `defence ${p.defence}`}, ${count(p.savesCount, 'save')} rolled.`,
  'combat.losses': (p) => `Your losses: ${p.units ?? p.destroyed}.`,
  'combat.cancelled': 'Attack {attack} is cancelled ({reason}).',
  'combat.support-only': 'Task Forces {attackers} attacking {target} in hex {hex} hold only support units: no combat.',
  // L613: with no hex to retreat to, the retreating units are destroyed (to: none, destroyed: yes).
  retreat: (p) =>
    `${p.tf === 'none' ? 'Disorganised units' : `Task Force ${p.tf}`} ${p.destroyed === 'yes' ? `cannot retreat from hex ${p.from} and ${p.tf === 'none' ? 'are' : 'is'} destroyed` : `retreat from hex ${p.from} to ${p.to}`}${p.mergedInto !== undefined && p.mergedInto !== 'none' ? `, joining ${p.mergedInto}` : ''}.`,
  'retreat.water-losses': (p) =>
    `Your Task Force ${p.tf} retreats into water in hex ${p.hex} and loses its non-gravitic units: ${units(p, 'destroyed')} (${p.rule}).`,
  advance: 'Task Force {tf} advances from hex {from} to {to}.',
  'units.disorganised': (p) => `Disorganised and left on the map: ${units(p)}.`,
  'units.disorganised.detail': 'Your units disorganised: {units}.',
  'disorganised.attacked': (p) => `Task Forces ${p.attackers} attack disorganised units in hex ${p.hex}: ${units(p)}.`,
  'disorganised.attacked.detail': 'Your disorganised units attacked in hex {hex}: {units}.',
  'disorganised.destroyed': (p) => `Disorganised units destroyed in hex ${p.hex}: ${units(p)}.`,
  'disorganised.destroyed.detail': 'Your disorganised units destroyed in hex {hex}: {units}.',
  'disorganised.save': (p) =>
    `A disorganised ${p.unitType} before Task Force ${p.tf} ${p.success === 'yes' ? 'saves' : 'fails its save'} (rolled ${p.roll}, needs ${p.target} or less).`,
  'urban.captured': '{side} captures {area} (hex {hex}) from {from}.',
  'base.captured': '{side} captures base {base} in hex {hex} from {from}.',
  'base.captured.supply': 'Base {base} captured with {supply} SP: {captured} taken, {destroyed} destroyed.',
  'base.available': 'A new base {type} is available to build.',
  'base.assigned': 'Your Task Force {tf} is assigned to build a {type} base.', // L954, D-51
  'base.active': 'Base {base} becomes active.',
  'base.built': '{side} builds base {base} ({type}) in hex {hex}.',
  'supply.delivered': (p) =>
    `Supply delivered to your bases: ${p.deliveries} (${count(p.deliveriesCount, 'delivery', 'deliveries')}).`,
  'supply.transfer': 'You transferred {amount} SP from {from} to {to} ({lost} lost).',
  'supply.rest': 'Task Force {tf} rests {levels} fatigue level(s) for {cost} SP; fatigue now {fatigue}.',
  'supply.reorganised': (p) =>
    `Unit ${p.unit} reorganised from ${p.source} for ${p.cost} SP${p.into !== undefined && p.into !== 'none' ? ` into ${p.into}` : ''}.`,
  'supply.rebuilt': (p) =>
    `Unit ${p.unit} rebuilt at base ${p.base} for ${p.cost} SP${p.into !== undefined && p.into !== 'none' ? ` into ${p.into}` : ''}.`,
  'withdrawal.move': (p) => `Disorganised units withdraw along ${p.path}: ${units(p)}.`,
  'withdrawal.move.detail': 'Your disorganised units withdraw along {path}: {units}.',
  'withdrawal.under': (p) => `Disorganised units reach ${p.under} and go under it: ${units(p)}.`,
  'withdrawal.under.detail': 'Your disorganised units under {under}: {units}.',
  'withdrawal.destroyed': (p) => `Disorganised units destroyed in hex ${p.hex} (no path to safety): ${units(p)}.`,
  'withdrawal.destroyed.detail': 'Your disorganised units destroyed in hex {hex}: {units}.',
  'external.open': (p) =>
    `${p.attack !== undefined ? `Combat ${p.attack}` : `Battle ${p.id ?? p.battle}`} is to be played with the external game (round ${p.round}); both players enter its result.`,
  'external.agreed': (p) =>
    `Both entries agree: the external result of ${p.attack ?? p.battle ?? 'the combat'} is applied.`,
  'external.differ': (p) => `The entries for ${p.attack ?? p.battle ?? 'the combat'} differ: enter them again.`,
  'external.fallback': (p) => `${p.attack ?? p.battle ?? 'The combat'} is resolved by Prefect instead (${p.reason}).`,
};

/** Prompt sentences for the owing side, by prompt kind. */
export const PLANETARY_PROMPTS: TextTable = {
  'setup-assign': '{side}: assign your units to Task Forces (sealed).',
  'setup-place': '{side}: place a Task Force counter in your set-up zone.',
  'movement-plan': '{side}: plan your whole Movement Phase (sealed).',
  'counter-orders': '{side}: give your standing counter-orders for the enemy Movement Phase (sealed).',
  move: '{side}: move one Task Force or end your Movement Phase.',
  interrupt: '{side}: an enemy Task Force entered your zone of control — interrupt it to detect, or pass.',
  'counter-attack': '{side}: a detected enemy Task Force is in your zone of control — counter-attack, or pass.',
  'mover-detect': '{side}: your moving Task Force is counter-attacked — try to detect a counter-attacker, or pass.',
  'defender-actions': '{side}: move or attack with Task Forces, or hold them.',
  'combat-declare': '{side}: declare your attacks and detection attempts.',
  'combat-detect': '{side}: try to detect the attacking Task Forces.',
  'external-result': '{side}: enter the agreed result of the combat played with the external game (sealed).',
  supply: '{side}: Supply Phase — transfers, rest, reorganisation, rebuilding, building (sealed).',
  withdrawal: '{side}: move your disorganised units toward safety (sealed).',
  adjustment: '{side}: adjust your Task Forces and place reinforcements (sealed).',
};
