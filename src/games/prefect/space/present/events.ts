/**
 * English sentences of every event the Space module emits (and the Campaign passes on), by event
 * type, with parameters from the event's data only (../../present/text.ts).
 */
import { count, MISSING, type Params, type TextTable } from '../../common/present/text.js';

const where = (p: Params): string =>
  p.sector === undefined
    ? 'the system'
    : `sector ${p.sector}${p.segment !== undefined ? `, segment ${p.segment}` : ''}`;
const detected = (p: Params): string => (p.detected === 'yes' ? 'detected' : 'not detected');

export const SPACE_EVENTS: TextTable = {
  phase: 'Turn {turn}, half {half}: {phasing} is the phasing player.',
  tempo: (p) => `Tempo: BT/CA score TOG ${p['score.TOG']}, CW ${p['score.CW']}; ${p.next} attacks next.`,
  'game.over': (p) =>
    `Game over: ${p.winner === 'none' ? 'a draw' : `${p.winner} wins`} (TOG ${p['vp.TOG'] ?? MISSING} VP, CW ${p['vp.CW'] ?? MISSING} VP). ${p.summary ?? ''}`.trim(),
  'orders.defaulted': (p) =>
    `Your orders were not used (${count(p.errorsCount, 'error')}); the default orders were applied.`,
  'missions.assigned': (p) => `Your missions: ${count(p.itemsCount, 'Task Force')} assigned.`,
  'tspace.arrival': (p) =>
    `A ${p.side} Task Force ${p.tf} arrives from T-space${p.sector !== undefined ? ` in sector ${p.sector}` : ''} (signal ${p.total}, modifier ${p.modifier}, rolled ${p.roll}): ${detected(p)}.`,
  'tspace.placed': (p) =>
    `${p.side} Task Force ${p.tf} is placed in sector ${p.sector}${p.detected === 'yes' ? ' (detected)' : ''}.`,
  'tspace.reaction': (p) => `Your sector-defence reaction: ${count(p.itemsCount, 'reassignment')}.`,
  move: '{side} Task Force {tf} moves to {to}.',
  'adjust.formed': '{side} forms Task Force {tf} at {at}.',
  'adjust.rebuilt': (p) => `You rebuilt ${p.items}.`,
  'supply.done': (p) =>
    `Your supply: ${count(p.rearmCount, 'rearm')}, ${count(p.reorganiseCount, 'reorganisation')}, ${count(p.transfersCount, 'transfer')}.`,
  'supply.marines-loaded': (p) => `You loaded Marine cohorts: ${p.loads}; ${p.offSystemLeft} left off-system.`,
  'base.announced': (p) =>
    `${p.side} announces a new base${p.type !== undefined ? ` (${p.type})` : ''} in sector ${p.sector}.`,
  COMBAT_PHASE_START: 'The Space Combat Phase of turn {turn} begins; {phasing} is phasing.',
  COMBAT_PHASE_END: 'The Space Combat Phase of turn {turn} ends.',
  COMMITTED: 'Task Force {tf} commits to sector {sector} (signal {sig}).',
  COMMITTED_DETAIL: 'Your Task Force {tf} commits {units} in sector {sector}.',
  NSPACE_NO_DETECTION: 'No N-space detection of Task Force {tf} in sector {sector} (no sector-defence Task Force).',
  NSPACE_DETECTION: (p) =>
    `N-space detection of Task Force ${p.tf} in sector ${p.sector} (ESM ${p.esm}, Sig ${p.sig}, rolled ${p.roll} against ${p.target}): ${detected(p)}.`,
  NO_INTERCEPTION: 'Task Force {tf} is not intercepted in sector {sector}.',
  DSI_INTERCEPTORS: (p) =>
    `Deep-space interception of Task Force ${p.tf} in sector ${p.sector} by ${p.interceptors} (rolled ${p.roll} against ${p.target}): ${detected(p)}.`,
  SEGMENT_CHOSEN: 'Task Force {tf} goes to segment {segment} of sector {sector} with {units}.',
  SEGMENT_PLACED: (p) =>
    `Defenders placed in ${where(p)}: ${count(p.unitsCount, 'unit')}, ${count(p.basesCount, 'base')}.`,
  EMPTY_SEGMENT: 'Task Force {tf} finds segment {segment} of sector {sector} empty.',
  NOT_ATTACKED: 'Task Force {tf} is not attacked in segment {segment} of sector {sector}.',
  COMBAT: (p) =>
    `Space combat in ${where(p)}: ${p.attacker} attacks, ${p.attack} to ${p.defence} on column ${p.column}, rolled ${p.roll}: attacker ${p['cell.a']}, defender ${p['cell.d']}.`,
  NO_COMBAT: (p) => `No combat in ${where(p)} (${p.code}).`,
  RETREAT: (p) => `${p.side} retreats ${count(p.unitsCount, 'unit')} from ${where(p)}.`,
  MARINE_ASSAULT: (p) =>
    `Marine assault by Task Force ${p.tf} on base ${p.base} in ${where(p)}: ${p.captured === 'yes' ? 'captured' : 'repulsed'}.`,
  MARINE_ASSAULT_CANCELLED: 'Your Marine assault by {tf} on {base} is cancelled: {message}',
  UNLOAD_REFUSED: 'Your base {base} could not be unloaded by {tf}: {message}',
  BASE_UNLOADED: (p) => `${p.side} unloads and assembles base ${p.base} (${p.type}) in ${where(p)}.`,
  CARRIED_BASE_DAMAGED: 'Your carried base {base}: {outcome}.',
  GS_NO_TARGET: 'Your ground support by {tf} found no target: {message}',
  WITHDRAWAL_DETECTION: (p) =>
    `Withdrawal interception of Task Force ${p.tf} in sector ${p.sector} (rolled ${p.roll} against ${p.target}): ${detected(p)}.`,
  WITHDRAWN_OFFSYSTEM: 'Task Force {tf} withdraws off-system from {from}.',
  RECON_DISCLOSURE: 'Recon by Task Force {tf} in sector {sector}: segment signals {segmentSig}.',
  RECON_DETECTION: (p) =>
    `Recon detection by Task Force ${p.tf} of segment ${p.segment} in sector ${p.sector} (rolled ${p.roll} against ${p.target}): ${detected(p)}.`,
  MISSION_SKIPPED: 'Your Task Force {tf} skips its mission: {reason}.',
  MISSION_INTERRUPTED: 'Task Force {tf} is interrupted in sector {sector}.',
  MISSION_INTERRUPTED_DETAIL: 'Your Task Force {tf} was interrupted on its {mission} mission.',
  MISSION_RESULT: (p) =>
    `Task Force ${p.tf} in sector ${p.sector}: ${p.mission !== undefined ? `${p.mission} mission ` : 'mission '}${String(p.status).toLowerCase()}.`,
  SPACE_FATIGUE: 'Your Task Force {tf} tires: fatigue {before} to {after}.',
  OPPOSING_SD_DECLARED: '{side} declares opposing sector defence with {tfs} in {sectors}.',
  OPPOSING_SD_PLACED: (p) =>
    `Opposing sector defence in ${where(p)}: ${count(p.unitsCount, 'unit')}, ${count(p.basesCount, 'base')}.`,
  OPPOSING_SD_LEFT: (p) => `${p.side} leaves ${where(p)} with ${count(p.unitsCount, 'unit')}.`,
  LEVIATHAN_RESULT: (p) =>
    `Leviathan result of battle ${p.battle} in ${where(p)}: ${count(p.destroyedCount, 'unit')} destroyed, ${p.disorganisedCount ?? 0} disorganised.`,
  TRANSPORT_LOSSES: 'Your transport {unit} lost {shipsLost} of {ships} ships and {supplyLost} SP.',
};

export const SPACE_PROMPTS: TextTable = {
  missions: '{side}: assign a mission to each of your Task Forces (sealed).',
  tspace: '{side}: T-space movement — Task Forces entering and exiting.',
  place: (p) => `${p.side}: place your arriving Task Forces (${count(p.tfsCount, 'Task Force')}) in their sectors.`,
  reaction: '{side}: enemy arrivals detected — reassign your sector-defence units.',
  move: '{side}: move your Task Forces within the system.',
  'combat-plan': '{side}: plan your Space Combat missions (sealed).',
  'combat-reactions': '{side}: give your standing reactions to the enemy missions (sealed).',
  adjust: '{side}: adjust your Task Forces and rebuild (sealed).',
  supply: '{side}: rearm, reorganise, load, transfer and unload (sealed).',
  'external-result': '{side}: enter the agreed result of the battle played with Leviathan (sealed).',
  'combat-decision':
    '{side}: decide now — interceptors, a column shift, the segment your force moves to, which of your forces fire on the enemy Task Force, whether and with what to intercept a withdrawal, or which units leave an opposing-defence segment.',
};
