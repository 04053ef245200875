/**
 * English sentences of the Campaign's own events (the hand-offs between the maps: GS and OD
 * boxes, drops, transports, Marines, bases, supply links). The Planetary and Space events the
 * Campaign passes on keep their own sentences (../../present/events.ts, ../../space/present/events.ts).
 */
import { count, MISSING, type Params, type TextTable } from '../../common/present/text.js';

const units = (p: Params, key = 'units'): string =>
  p[key] !== undefined ? String(p[key]) : count(p[`${key}Count`], 'unit');
const refused =
  (what: string) =>
  (p: Params): string =>
    `${what} was refused: ${p.message ?? p.reason ?? p.code ?? 'not legal'}${p.rule !== undefined ? ` (${p.rule})` : ''}.`;

export const CAMPAIGN_EVENTS: TextTable = {
  'campaign.phase': 'Turn {turn}: the {phase} phase begins.',
  'campaign.tempo': (p) =>
    `Tempo of turn ${p.turn}: BT/CA score TOG ${p['score.TOG']}, CW ${p['score.CW']}; ${p.nextAttacker} is the next Attacker.`,
  'game.over': (p) =>
    `The campaign is over: ${p.winner === 'none' ? 'a draw' : `${p.winner} wins`}. ${p.summary ?? ''}`.trim(),
  'gs.entered': (p) => `${p.side ?? 'Your'} ground support enters the GS box of zone ${p.zone}: ${units(p)}.`,
  'gs.entered.detail': 'Your Task Force {tf} puts {units} in the GS box of zone {zone}.',
  'gs.sealed': 'Your ground support for combat {combat} is sealed: {units}.',
  'gs.waiting': 'Ground support for combat {combat}: {sealed} has committed; waiting for the other side.',
  'gs.committed': (p) =>
    `Ground support committed${p.side !== undefined ? ` by ${p.side}` : ''}${p.combats !== undefined ? ` to ${count(p.combats, 'combat')}` : ''}${p.units !== undefined ? `: ${p.units}` : ''}.`,
  'gs.revealed': (p) =>
    `${p.side} ground support revealed for ${p.attack !== undefined ? `attack ${p.attack}` : `the counter-attack on ${p.counterAttack}`}: ${units(p)}.`,
  'gs.support-dropped': 'Ground support was dropped ({code}, {rule}).',
  'gs.air-defence-announced': '{centuries} air-defence centuries fire on {against} ground support.',
  'gs.saves': (p) =>
    `${p.side} ground support saves against ${p.airDefence} air defence: ${count(p.savesCount, 'save')}.`,
  'gs.saves.detail': (p) => `Your ground support saves: ${count(p.savesCount, 'save')}.`,
  'independent.detection': (p) =>
    `${p.side} independent attack tries to detect ${p.target} (ESM ${p.esm}): ${p.success === 'yes' ? 'detected' : 'not detected'}.`,
  'independent.detection.detail': 'Detection rolled {roll} against {targetNumber}.',
  'independent.combat': (p) =>
    `${p.side} independent attack on ${p.target}${p.hex !== undefined ? ` in hex ${p.hex}` : ''}${p.column !== undefined ? `: column ${p.column}, rolled ${p.roll}` : ''}.`,
  'independent.combat.detail': (p) =>
    `Your side of the independent attack: ${p.attack !== undefined ? `attack ${p.attack}, rolled ${p.roll}` : `defence ${p.defence}`}.`,
  'independent.base': (p) =>
    `${p.side} independent attack on base ${p.base}${p.column !== undefined ? `: column ${p.column}, rolled ${p.roll}` : ''}${p.baseOutcome !== undefined ? `; the base is ${String(p.baseOutcome).toLowerCase()}` : ''}.`,
  'independent.base.detail': (p) =>
    `Your side of the attack on a base: ${p.column !== undefined ? `column ${p.column}, rolled ${p.roll}` : `base save rolled ${p['baseSave.roll']} against ${p['baseSave.target']}`}.`,
  'independent.refused': refused('Your independent attack'),
  'base.save': (p) =>
    `Base ${p.base}${p.hex !== undefined ? ` in hex ${p.hex}` : ''} save: ${String(p.outcome ?? MISSING).toLowerCase()}.`,
  'base.save.detail': 'Base {base} save: rolled {roll} against {target}.',
  'base.deployed': '{side} deploys a new base {base} ({type}) in hex {hex}, {status}.',
  'base.deployed.detail': 'Your base {base} was {how} by Task Force {tf}.',
  'base.assigned': 'Your Task Force {tf} is assigned to build a {type} base.',
  'base.assign-refused': refused('Your base assignment'),
  'base.drop-failed': refused('Your base drop'),
  'base.loaded': 'Your base {base} ({type}) is loaded on Task Force {tf}.',
  'base.captured': (p) =>
    `${p.side} captures base ${p.base} in hex ${p.hex} from ${p.from}${p.by !== undefined ? ` (${String(p.by).toLowerCase()})` : ''}.`,
  'od.entered': (p) =>
    `${p.side} orbital drop enters zone ${p.zone}${p.transport !== undefined ? ` by ${p.transport}` : ''}${p.units !== undefined ? `: ${p.units}` : ''}${p.supplyDrop === 'yes' ? ', with supply' : ''}${p.baseDrop === 'yes' ? ', with a base' : ''}.`,
  'od.entered.detail': 'Your drop in zone {zone} by {transport}: {units}; {supply} SP.',
  'od.aborted': 'An orbital drop by {transport} in zone {zone} is aborted.',
  'od.attacked': (p) =>
    `${p.side} attacks the dropped forces in zone ${p.zone}: ${p.disorganised !== undefined ? `${p.disorganised} disorganised, ${p.destroyed} destroyed` : `column ${p.column}, rolled ${p.roll}, ${count(p.savesCount, 'save')}`}.`,
  'od.attacked.detail': (p) =>
    `The attack by ${p.side} on your dropped forces in zone ${p.zone}: column ${p.column}, rolled ${p.roll}, ${count(p.savesCount, 'save')}.`,
  'od.grouped': (p) => `Your dropped units are grouped: ${count(p.groupsCount, 'group')}.`,
  'od.landed': (p) =>
    `${p.side} dropped units land in hex ${p.hex} (zone ${p.zone}) as Task Force ${p.tf}; ${p.disorganised} disorganised.`,
  'od.landed.detail': 'Your group {group} landed: {units}.',
  'od.supply': 'Your dropped supply: {sp} SP to {hq}.',
  'od.load-refused': refused('Your orbital-drop load'),
  'od.not-grouped': refused('Your grouping of dropped units'),
  'od.not-landed': refused('Your landing'),
  'od.attack-refused': refused('Your attack on dropped forces'),
  'transport.loaded': 'Your unit {unit} is loaded on {transports}.',
  'transport.unloaded': 'Your units {units} are unloaded at base {base} into {tf}.',
  'transport.unloaded.public': 'Units are unloaded at base {base} in hex {hex}.',
  'cargo.lost': 'Your cargo is lost: {units}.',
  'cargo.disrupted': 'Your cargo is disrupted: {units}.',
  'marines.landed': 'Your Marines from {transport} land at {base} (hex {hex}): {units}.',
  'marines.lost': 'Your Marines aboard {transport} are lost: {units}.',
  'marines.stay-aboard': 'Your Marines stay aboard {transport}: {units}.',
  'marines.defenders-lost': 'Defenders of base {base} lost: {units}.',
  'supply.urban': (p) => `Your urban supply: ${count(p.deliveriesCount, 'urban area')} counted.`,
  'supply.delivered-down':
    'Your transport {transport} delivers {sp} SP to base {base}: {received} received, {lost} lost.',
  'supply.lifted': 'You lifted {sp} SP from base {base} to {to}.',
  'supply.marines-kept': 'Your Marines ({marines}) stay on base {base} from {transport}.',
  'supply.link-refused': refused('Your supply link'),
  'supply.part-refused': (p) =>
    `Part of your ${p.map} supply (step ${p.step}) was refused: ${count(p.errorsCount, 'error')}.`,
};

export const CAMPAIGN_PROMPTS: TextTable = {
  'mission-assignment': '{side}: assign a mission to each of your naval Task Forces (sealed).',
  'space-movement': '{side}: T-space movement, placement of the arrivals and intra-system movement.',
  'space-reaction': '{side}: react to the enemy naval arrivals.',
  'space-combat': '{side}: your Space Combat plan or standing reactions (sealed).',
  'ground-movement': '{side}: your ground Movement Phase plan or counter-orders (sealed).',
  'ground-reaction': '{side}: answer the ground reaction window, or pass.',
  'combat-declare': '{side}: declare your ground attacks and detections.',
  'gs-commitment': '{side}: commit naval ground support to the declared combats.',
  'independent-attacks': '{side}: independent ground-support attacks and attacks on dropped forces.',
  'tf-adjustment': '{side}: adjust your ground and naval Task Forces and group your dropped units (sealed).',
  supply: '{side}: naval and ground supply, then where your dropped groups land (sealed).',
  withdrawal: '{side}: move your disorganised ground units (sealed).',
  'external-result': '{side}: enter the agreed result of the battle played with the external game (sealed).',
};
