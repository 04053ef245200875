/**
 * Cerberus events and prompts in sentences. Each sentence is built from the event's own data
 * (already the version the viewer may see), never from the state, so it can name nothing the
 * event does not: a face-down unit stays "a face-down unit", an opaque id is not decoded.
 */
import type { Json, Prompt, Text, Viewer } from '#engine/contract.js';
import { isOpaqueId } from '#engine/redact.js';

/** An event's data, read field by field as each event type defines it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each event type has its own shape
type D = Record<string, any>;
type Params = Record<string, string | number>;

const SIDE: Record<string, string> = { HUMAN: 'the Human', CETIAN: 'the Cetian' };
const side = (s: unknown) => (typeof s === 'string' ? (SIDE[s] ?? s) : 'a side');
const Side = (s: unknown) => {
  const t = side(s);
  return t.charAt(0).toUpperCase() + t.slice(1);
};

/** A unit as the event names it: its printed designation, or "a face-down unit" for an opaque id. */
export function unitName(id: unknown): string {
  if (typeof id !== 'string') return 'a unit';
  if (isOpaqueId(id)) return 'a face-down unit';
  return id.replace(/^[HC]:/, '');
}
const units = (ids: unknown): string => {
  const list = Array.isArray(ids)
    ? ids.map((x) => unitName(typeof x === 'object' && x ? ((x as D).unitId ?? (x as D).id) : x))
    : [];
  if (list.length === 0) return 'none';
  return list.length > 8 ? `${list.slice(0, 8).join(', ')} and ${list.length - 8} more` : list.join(', ');
};
const count = (v: unknown) => (Array.isArray(v) ? v.length : 0);
const rule = (d: D) => (typeof d.rule === 'string' ? ` (${d.rule})` : '');

type Template = (d: D) => [string, Params?];

const T: Record<string, Template> = {
  'setup.cetian-deployed': (d) => [
    `Your garrison is deployed: ${count(d.placements)} units placed, ${count(d.supplies)} supply allocations${rule(d)}.`,
    { units: count(d.placements) },
  ],
  'setup.cetian-positions': (d) => [
    `The Cetian garrison is on Cerberus: ${count(d.units)} counters${rule(d)}.`,
    { counters: count(d.units) },
  ],
  'setup.human-allocated': (d) => [`Your Fleet takes ${units(d.fleet)}${rule(d)}.`, { units: count(d.fleet) }],
  'setup.human-fleet': (d) => [
    Array.isArray(d.fleet)
      ? `The Human Fleet holds ${units(d.fleet)}${rule(d)}.`
      : `The Human Fleet holds ${d.count} units${rule(d)}.`,
  ],
  'weather.season': (d) => [
    `The northern season is ${String(d.season).toLowerCase()}${rule(d)}.`,
    { season: d.season },
  ],
  'orders.defaulted': (d) => [
    `Your orders could not be used (${count(d.errors)} problems); default orders were played.`,
  ],
  'space.phase-skipped': (d) => [
    `No Space Phase on turn ${d.turn}; space superiority stays at ${d.state}${rule(d)}.`,
    { turn: d.turn, state: d.state },
  ],
  'space.deterioration': (d) => [
    `Space superiority deteriorates from ${d.from} to ${d.to}${rule(d)}.`,
    { from: d.from, to: d.to },
  ],
  'space.major-effort.eligibility': (d) => [
    `Major Effort this turn: the Human ${d.eligible?.HUMAN ? 'may' : 'may not'}, the Cetian ${d.eligible?.CETIAN ? 'may' : 'may not'} call one${rule(d)}.`,
  ],
  'space.major-effort.announced': (d) => [
    `Major Effort calls: Human ${callWord(d.calls?.HUMAN)}, Cetian ${callWord(d.calls?.CETIAN)}${rule(d)}.`,
  ],
  'space.major-effort.resolved': (d) => [
    `${Side(d.side)} Major Effort shifts space superiority by ${d.shift}, from ${d.from} to ${d.to}${rule(d)}.`,
    { side: d.side, shift: d.shift, from: d.from, to: d.to },
  ],
  'space.major-effort.cancelled': (d) => [`The Major Efforts cancel out${rule(d)}.`],
  'space.resolution': (d) => [
    `Space resolution: rolled ${d.roll}, shift ${d.shift}; space superiority ${d.from} to ${d.to}${rule(d)}.`,
    { roll: d.roll, from: d.from, to: d.to },
  ],
  'space.resolution.cancelled': (d) => [
    `${Side(d.by)} cancels the space resolution roll; space superiority stays at ${d.state}${rule(d)}.`,
  ],
  'storm.none': (d) => [`No new storm (die ${d.die})${rule(d)}.`, { die: d.die }],
  'storm.created': (d) => [
    `A storm (${d.kind}, intensity ${d.intensity}) forms in hex ${d.hex}${rule(d)}.`,
    { hex: d.hex, intensity: d.intensity },
  ],
  'storm.moved': (d) => [
    `A storm moves from ${d.from} to ${d.to}, intensity ${d.intensityBefore} to ${d.intensity}${rule(d)}.`,
    { from: d.from, to: d.to },
  ],
  'storm.removed': (d) => [`The storm in ${d.hex} dies out (${d.reason})${rule(d)}.`, { hex: d.hex }],
  'storm.merged': (d) => [`Two storms merge${d.hex ? ` in ${d.hex}` : ''}${rule(d)}.`],
  'sf.held': (d) => [`${Side(d.side)} holds Special Forces ${units(d.sfIds)} back${rule(d)}.`],
  'sf.pair-placed': (d) => [
    `A Special Forces pair (${units(d.sfIds)}) is placed in ${d.hex}${rule(d)}.`,
    { hex: d.hex },
  ],
  'sf.pair-returned': (d) => [`A Special Forces pair returns to the Fleet${d.hex ? ` from ${d.hex}` : ''}${rule(d)}.`],
  'sf.pair-skipped': (d) => [`Your Special Forces pair for ${d.hex} was not placed.`, { hex: d.hex }],
  'sf.survival': (d) => [
    `Special Forces survival rolls in ${d.hex}: ${Array.isArray(d.results) ? d.results.map((r: D) => `${unitName(r.id)} ${r.die}${r.eliminated ? ' (lost)' : ''}`).join(', ') : ''}${rule(d)}.`,
    { hex: d.hex },
  ],
  'sf.destroyed': (d) => [
    `${Side(d.side)} Special Forces ${unitName(d.sfId)} is destroyed; it returns on turn ${d.returnsOnTurn}${rule(d)}.`,
  ],
  'sf.disruption': (d) => [
    `Special Forces (${d.sf}) try to disrupt ${unitName(d.targetId)}: die ${d.die}, ${d.disrupted ? 'disrupted' : 'no effect'}${d.sfLost ? `, ${d.sfLost} SF lost` : ''}${rule(d)}.`,
  ],
  'sf.disruption-lifted': (d) => [`${unitName(d.unitId)} is no longer disrupted${rule(d)}.`],
  'sf.raid': (d) => [`Special Forces raid ${unitName(d.targetId)}${d.die != null ? `: die ${d.die}` : ''}${rule(d)}.`],
  'sf.raids-declared': (d) => [`${Side(d.side)} declares Special Forces raids${rule(d)}.`],
  'sf.mission-skipped': (d) => [
    `Your Special Forces ${d.mission ?? ''} mission ${Number(d.index ?? 0) + 1} was skipped.`,
  ],
  'sf.mission-wasted': (d) => [`A Special Forces mission had no effect${rule(d)}.`],
  'supply.result': (d) => [
    `Your supply: ${count(d.supplied)} supplied, ${count(d.unsupplied)} out of supply (${units(d.unsupplied)}), ${count(d.eliminated)} eliminated${rule(d)}.`,
    { supplied: count(d.supplied), unsupplied: count(d.unsupplied) },
  ],
  'supply.status': (d) => [
    `${Side(d.side)} supply: ${count(d.unsupplied)} units out of supply, ${count(d.recovered)} recovered, ${count(d.eliminated)} eliminated${rule(d)}.`,
  ],
  'supply.production': (d) => [
    `Your installations produce ${d.produced} supply factors${rule(d)}.`,
    { produced: d.produced },
  ],
  'supply.drawn': (d) => [`${count(d.draws)} of your units draw supply${rule(d)}.`],
  'supply.delivered': (d) => [
    `Supply from space: ${Array.isArray(d.delivered) ? d.delivered.reduce((n: number, x: D) => n + Number(x.factors ?? 0), 0) : 0} of ${d.available} factors delivered${rule(d)}.`,
  ],
  'transport.landed': (d) => [`${Side(d.side)} lands ${unitName(d.unitId)} in ${d.hex}${rule(d)}.`, { hex: d.hex }],
  'transport.landing-cost': (d) => [
    `Landing ${unitName(d.unitId)} from the ${String(d.from).toLowerCase()} costs ${d.cost} STP; ${d.stpLeft} left${rule(d)}.`,
  ],
  'transport.evacuation-cost': (d) => [
    `Evacuating ${unitName(d.unitId)} costs ${d.cost} STP${d.free ? ' (free)' : ''}; ${d.stpLeft} left${rule(d)}.`,
  ],
  'transport.shuttle-cost': (d) => [
    `Shuttling ${unitName(d.unitId)} costs ${d.cost} STP; ${d.stpLeft} left${rule(d)}.`,
  ],
  'transport.skipped': (d) => [`A transportation order was skipped: ${d.message}${rule(d)}.`],
  'supply.skipped': (d) => [`A supply order was skipped: ${d.message}${rule(d)}.`],
  'supply.cargo-destroyed': (d) => [
    `The supplies carried by ${unitName(d.transportId)} (${d.factors}) are destroyed${rule(d)}.`,
  ],
  'transport.insertion': (d) => [
    `${Side(d.side)} special insertion (roll ${d.roll}): ${count(d.landed)} units land${rule(d)}.`,
  ],
  'transport.insertion-left': (d) => [
    `After the insertion, ${count(d.inFleet)} of your units stay in the Fleet${rule(d)}.`,
  ],
  'transport.evacuated': (d) => [`${unitName(d.unitId)} is evacuated to the Fleet${rule(d)}.`],
  'transport.shuttled': (d) => [`${unitName(d.unitId)} is shuttled to ${d.hex}${rule(d)}.`],
  'transport.sub-orbital': (d) => [
    `A sub-orbital transfer from ${unitName(d.fromId)} to ${unitName(d.toId)}${rule(d)}.`,
  ],
  'transport.moved': (d) => [`${unitName(d.unitId)} moves by transport${rule(d)}.`],
  'transport.supplies-loaded': (d) => [`Supplies are loaded${d.factors != null ? ` (${d.factors})` : ''}${rule(d)}.`],
  'transport.supplies-unloaded': (d) => [
    `Supplies are unloaded${d.factors != null ? ` (${d.factors})` : ''}${rule(d)}.`,
  ],
  'reinforcement.delayed': (d) => [`${Side(d.side)} reinforcements are delayed until turn ${d.until}${rule(d)}.`],
  'reinforcement.arrived': (d) => [
    `${Side(d.side)} reinforcement ${unitName(d.unitId)} arrives at ${String(d.at).toLowerCase().replace('_', ' ')}${rule(d)}.`,
  ],
  'stacking.relief-due': (d) => [
    `Hex ${d.hex} is over the stacking limit: bring it within the limit by the ${d.by}${rule(d)}.`,
    { hex: d.hex },
  ],
  'stacking.relieved': (d) => [
    `${unitName(d.unitId)} leaves ${d.from} for ${d.to} to bring the stack within the limit${rule(d)}.`,
    { from: d.from, to: d.to },
  ],
  'stacking.eliminated': (d) => [
    `${unitName(d.unitId)} in ${d.hex} is eliminated: it could not leave the overstacked hex${rule(d)}.`,
    { hex: d.hex },
  ],
  'reinforcement.lost': (d) => [`${Side(d.side)} reinforcement ${unitName(d.unitId)} is lost${rule(d)}.`],
  'strategic.moved': (d) => [
    `Your strategic transportation: ${units(d.toFleet)} to the Fleet, ${units(d.fromFleet)} from it${rule(d)}.`,
  ],
  'strategic.summary': (d) => [
    `${Side(d.side)} strategic transportation: ${count(d.toFleet)} to the Fleet, ${count(d.fromFleet)} from it; the Fleet holds ${d.fleet}${rule(d)}.`,
  ],
  'unit.moved': (d) => [
    `${Side(d.side)} ${unitName(d.unitId)} moves ${Array.isArray(d.path) ? `${d.path[0]} to ${d.path[d.path.length - 1]}` : ''} (${d.mp} MP).`,
    { unit: unitName(d.unitId) },
  ],
  'unit.revealed': (d) => [`${unitName(d.unitId)} is revealed in ${d.hex} (${d.reason})${rule(d)}.`, { hex: d.hex }],
  'move.skipped': (d) => [
    `Your move ${Number(d.moveIndex) + 1} (${unitName(d.unitId)}) was skipped: ${d.message ?? d.code}`,
  ],
  'move.truncated': (d) => [`Your move of ${unitName(d.unitId)} stopped short${d.at ? ` at ${d.at}` : ''}.`],
  'move.dropped': (d) => [`Your move of ${unitName(d.unitId)} was dropped.`],
  'combat.support': (d) => [
    `Your support for attack ${Number(d.attackIndex) + 1} on ${d.targetHex}: ${count(d.air)} air, ${count(d.missiles)} missiles, fleet ${d.fleet}${rule(d)}.`,
  ],
  'combat.resolved': (d) => [
    `${Side(d.side)} attacks ${d.hex} at ${d.column} (die ${d.die}): attacker loses ${d.result?.attacker ?? 0}, defender ${d.result?.defender ?? 0}${rule(d)}.`,
    { hex: d.hex, column: d.column, die: d.die },
  ],
  'combat.unit-eliminated': (d) => [
    `${Side(d.side)} ${unitName(d.unitId)} is eliminated in ${d.hex}${rule(d)}.`,
    { hex: d.hex },
  ],
  'combat.spaceport-reduced': (d) => [`${Side(d.side)} Spaceport in ${d.hex} is reduced${rule(d)}.`, { hex: d.hex }],
  'combat.advance': (d) => [`${count(d.units)} units advance into ${d.hex}${rule(d)}.`, { hex: d.hex }],
  'combat.advance-refused': (d) => [`Your units ${units(d.unitIds)} may not advance into ${d.hex}${rule(d)}.`],
  'combat.called-off': (d) => [`The attack on ${d.hex ?? 'a hex'} is called off${rule(d)}.`],
  'combat.losses-awaited': (d) => [
    `${Side(d.side)} must choose ${d.count} losses in ${d.hex}${rule(d)}.`,
    { hex: d.hex, count: d.count },
  ],
  'combat.attack-skipped': (d) => [
    `Your attack ${Number(d.attackIndex) + 1} on ${d.targetHex} was skipped (${d.reason}).`,
  ],
  'combat.attack-changed': (d) => [
    `Your attack ${Number(d.attackIndex) + 1} on ${d.targetHex} changed: ${count(d.dropped)} attackers dropped.`,
  ],
  'air.adz-suppressed': (d) => [
    `Air points (${d.points}) suppress the air defence of ${unitName(d.targetId)} in ${d.hex}${rule(d)}.`,
  ],
  'air.suppression-dropped': (d) => [
    `Your air suppression ${Number(d.index) + 1} was dropped (${count(d.problems)} problems).`,
  ],
  'air.suppression-sources': (d) => [
    `Your air suppression of ${unitName(d.targetId)} came from ${count(d.from)} installations.`,
  ],
  'garrison.failed': (d) => [`The Minimum Garrison fails${rule(d)}.`],
  'garrison.suspended': (d) => [
    `The Minimum Garrison check is suspended${d.until != null ? ` until turn ${d.until}` : ''}${rule(d)}.`,
  ],
  'game.victory': (d) => [
    `Victory points: Human ${d.vp?.HUMAN?.total}, Cetian ${d.vp?.CETIAN?.total}; ${d.winner ? `${side(d.winner)} wins` : 'a draw'} (${String(d.level).toLowerCase()})${rule(d)}.`,
  ],
  'game.over': (d) => [
    `The game is over on turn ${d.turn}: ${d.winner ? `${side(d.winner)} wins` : 'a draw'} (${String(d.level ?? '').toLowerCase()}, ${String(d.reason ?? '').toLowerCase()}).`,
  ],
};

function callWord(v: unknown): string {
  return v === true ? 'calls' : v === false ? 'declines' : 'cannot call';
}

/** The event types with a sentence of their own (tests check every emitted type is here). */
export const DESCRIBED_EVENTS = Object.keys(T);

export function describeEvent(event: { type: string; data: Json }, _viewer: Viewer): Text {
  const d = (event.data && typeof event.data === 'object' && !Array.isArray(event.data) ? event.data : {}) as D;
  const t = T[event.type];
  if (!t) return { key: `event.${event.type}`, params: {}, text: `${event.type.replace(/[.-]+/g, ' ')}.` };
  const [text, params = {}] = t(d);
  return { key: `cerberus.${event.type}`, params: clean(params), text };
}

function clean(params: Params): Params {
  const out: Params = {};
  for (const [k, v] of Object.entries(params)) if (typeof v === 'string' || typeof v === 'number') out[k] = v;
  return out;
}

const PROMPT_STEMS: Record<string, string> = {
  'setup-cetian': 'Deploy the Cetian garrison',
  'setup-human': 'Choose the Human Fleet',
  'major-effort': 'Decide on a Major Effort',
  'strategic-human': 'Plan Human strategic transportation',
  'strategic-cetian': 'Plan Cetian strategic transportation',
  'phase-plan': 'Plan your Player Phase',
  losses: 'Choose your combat losses',
};

/** A prompt in a sentence: the kind's stem and the module's own description (which names the rule). */
export function describePrompt(prompt: Prompt, _viewer: Viewer): Text {
  const stem = PROMPT_STEMS[prompt.kind] ?? prompt.kind;
  const c = (prompt.choices ?? {}) as D;
  const params: Params = { side: prompt.side };
  if (prompt.kind === 'phase-plan' && typeof c.from === 'string') params.from = c.from;
  if (prompt.kind === 'losses' && typeof c.count === 'number') params.count = c.count;
  return { key: `cerberus.prompt.${prompt.kind}`, params, text: `${stem}: ${prompt.description}` };
}
