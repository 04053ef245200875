/**
 * Hand-built positions for the module tests (imported only by tests): the invasion set-up
 * (`newGame`) moved by explicit edits and explicit orders to the situation a test needs, so no
 * test depends on where the bots' play happens to lead. TOG ground units are landed from their
 * transports next to CW TFs, naval units are put in a zone's GS box (as `enterGsBox` would after
 * their segment) and TOG transports drop into an OD box through the rules' own `enterOdBox`.
 */
import type { GameEvent, Json } from '#engine/contract.js';
import { seededDice } from '#engine/dice.js';
import { freeCounter, newTaskForce, unitType } from '../../planetary/index.js';
import { newMovement } from '../../planetary/index.js';
import { rulesData } from '../../planetary/index.js';
import { stats } from '../../space/index.js';
import type { Side } from '../../common/types.js';
import { campaignData } from '../data/index.js';
import { enterOdBox } from '../drops.js';
import { zoneOfHex } from '../map-link.js';
import { isRuleError } from '../state.js';
import prefectCampaign from './index.js';
import { newGame } from './testing.js';
import type { CampaignGameState } from './types.js';

/** One TOG TF landed next to a CW TF: its id, the CW TF's id and the zone of the CW TF's hex (L2214). */
export interface Contact {
  tog: string;
  cw: string;
  zone: number;
}

const clearHex = (hex: string): boolean => {
  const t = rulesData().hex(hex).terrain;
  return t.length > 0 && t.every((x) => x === 'clear');
};

/** TOG combat units still aboard their transports, strongest attack first (ids sorted within a type). */
function aboardCombat(cs: CampaignGameState): string[] {
  const ps = cs.planetary;
  const att = (id: string) => unitType(ps.units[id]).attack;
  return Object.keys(cs.cargo)
    .filter((id) => ps.units[id]?.side === 'TOG' && unitType(ps.units[id]).category === 'COMBAT')
    .sort((a, b) => att(b) - att(a) || a.localeCompare(b));
}

/**
 * Lands `units` (taken off their transports) as a new TF of their side in `hex` (D-07: a free counter of
 * their organisation). Returns the TF id.
 */
export function landTf(cs: CampaignGameState, hex: string, units: string[]): string {
  const ps = cs.planetary;
  const org = ps.units[units[0]].org;
  const n = freeCounter(ps, org);
  if (n === null) throw new Error(`test position: no free TF counter in ${org}`);
  const tf = newTaskForce(ps, ps.units[units[0]].side, org, hex, n);
  for (const id of units) {
    delete cs.cargo[id];
    ps.units[id].tf = tf.id;
    ps.units[id].status = 'ACTIVE';
  }
  return tf.id;
}

/**
 * Turn 1 of the invasion at the start of the ground half (D-75 item 8, TOG attacking), with `n`
 * TOG TFs of `perTf` cohorts landed each next to one CW TF: CW TFs in id order, each in a zone of
 * its own, the TOG TF in a clear empty hex next to that CW TF and next to no other CW TF (so each
 * contact is one attack). The space half has reached its Adjustment step (items 1-7 over); the
 * Movement Phase opens as the campaign opens it (interactive play: an empty movement record).
 */
export function groundPosition(
  n: number,
  options: Record<string, Json> = {},
  perTf = 2,
  seed = 'positions',
): { s: CampaignGameState; contacts: Contact[] } {
  const s = newGame(seed, options);
  const ps = s.planetary;
  const g = rulesData().graph;
  const cwTfs = Object.values(ps.tfs)
    .filter((t) => t.side === 'CW' && t.hex)
    .sort((a, b) => a.id.localeCompare(b.id));
  const occupied = new Set(Object.values(ps.tfs).map((t) => t.hex));
  const nextToCw = (hex: string) => cwTfs.filter((t) => g.neighbors(hex).includes(t.hex)).length;
  const free = aboardCombat(s);
  const contacts: Contact[] = [];
  for (const cw of cwTfs) {
    if (contacts.length === n) break;
    const zone = zoneOfHex(cw.hex);
    if (contacts.some((c) => c.zone === zone)) continue;
    const hex = g
      .neighbors(cw.hex)
      .filter((h) => !occupied.has(h) && clearHex(h) && nextToCw(h) === 1)
      .sort()[0];
    if (!hex) continue;
    if (free.length < perTf) throw new Error('test position: not enough TOG cohorts aboard');
    const tog = landTf(s, hex, free.splice(0, perTf));
    occupied.add(hex);
    contacts.push({ tog, cw: cw.id, zone });
  }
  if (contacts.length < n)
    throw new Error(`test position: only ${contacts.length} of ${n} contacts with CW TFs in distinct zones`);
  s.space.step = 'ADJUST';
  s.stage = 'GROUND';
  ps.step = 'MOVEMENT';
  if (ps.options.interleave === 'interactive') ps.movement = newMovement();
  else delete ps.movement;
  return { s, contacts };
}

/**
 * A mover for interactive movement: `units` landed as a TOG TF two clear hexes from the CW TF `cw`
 * (next to no CW TF), and the one-hex path that ends next to it. Returns the TF and the path.
 */
export function moverTowards(
  cs: CampaignGameState,
  cw: string,
  units: string[],
): { tf: string; path: [string, string] } {
  const ps = cs.planetary;
  const g = rulesData().graph;
  const enemy = Object.values(ps.tfs)
    .filter((t) => t.side === 'CW' && t.hex)
    .map((t) => t.hex);
  const occupied = new Set(Object.values(ps.tfs).map((t) => t.hex));
  const free = (h: string) => !occupied.has(h) && clearHex(h);
  for (const to of g.neighbors(ps.tfs[cw].hex).filter(free).sort()) {
    const from = g
      .neighbors(to)
      .filter((h) => free(h) && !enemy.some((e) => g.neighbors(h).includes(e)))
      .sort()[0];
    if (from) return { tf: landTf(cs, from, units), path: [from, to] };
  }
  throw new Error(`test position: no clear approach to ${cw}`);
}

/** As `groundPosition`, with the Movement Phase over: the turn Attacker's combat declaration is owed (item 9). */
export function combatDeclarePosition(
  n: number,
  options: Record<string, Json> = {},
  perTf = 2,
  seed = 'positions',
): { s: CampaignGameState; contacts: Contact[] } {
  const r = groundPosition(n, options, perTf, seed);
  r.s.planetary.step = 'COMBAT_DECLARE';
  delete r.s.planetary.movement;
  return r;
}

/** The turn Attacker's declaration (one attack per listed contact, in that order) resolved: the COMBAT_DETECT state. */
export function declareAttacks(
  s0: CampaignGameState,
  contacts: Contact[],
  order?: number[],
): { s: CampaignGameState; events: GameEvent[] } {
  const o = {
    kind: 'combat-declare',
    attacks: contacts.map((c) => ({ target: { tf: c.cw }, attackers: [c.tog] })),
    detections: [],
    ...(order ? { order } : {}),
  } as unknown as Json;
  const errs = prefectCampaign.validate(s0, s0.attacker, o);
  if (errs.length) throw new Error(`test position: declaration refused: ${JSON.stringify(errs)}`);
  const r = prefectCampaign.resolve(s0, { [s0.attacker]: o }, seededDice('positions-declare', 1));
  if (r.state.planetary.step !== 'COMBAT_DETECT')
    throw new Error(`test position: declaration led to ${r.state.planetary.step}`);
  return { s: r.state, events: r.events };
}

/** ACTIVE naval units of `side` in a TF (no transports), only fighters or only ships if `kind` says, in id order. */
export function navalUnits(cs: CampaignGameState, side: Side, kind?: 'FIGHTER' | 'SHIP'): string[] {
  return Object.values(cs.space.units)
    .filter(
      (u) =>
        u.side === side &&
        u.status === 'ACTIVE' &&
        u.tf &&
        (!kind || (kind === 'FIGHTER') === (stats(u).kind === 'FIGHTER')) &&
        stats(u).kind !== 'TRANSPORT',
    )
    .map((u) => u.id)
    .sort();
}

/**
 * Puts naval `units` in the GS box of `zone` (L2198-2202): their TFs on a Ground Support mission
 * at the planet, as after their segment (map-link.ts enterGsBox, which boxes a whole TF).
 */
export function putInGsBox(cs: CampaignGameState, zone: number, units: string[]): void {
  for (const id of units) {
    const u = cs.space.units[id];
    const tf = cs.space.tfs[u.tf!];
    tf.mission = 'GROUND_SUPPORT';
    tf.place = { kind: 'SECTOR', sector: campaignData.rules.planetSector } as typeof tf.place;
    cs.zones[zone].gs.push({ unit: id, tf: tf.id, side: u.side });
  }
}

/** A TOG transport on an Orbital Drop mission at the planet drops `units` it carries into the OD box of `zone` (L2368-2378, the rules' enterOdBox). */
export function dropIntoOdBox(cs: CampaignGameState, zone: number, units: string[]): void {
  const transport = cs.cargo[units[0]].transports[0];
  const tf = cs.space.tfs[cs.space.units[transport].tf!];
  tf.mission = 'ORBITAL_DROP';
  tf.place = { kind: 'SECTOR', sector: campaignData.rules.planetSector } as typeof tf.place;
  const r = enterOdBox(cs, 'TOG', transport, zone, { units });
  if (isRuleError(r)) throw new Error(`test position: drop refused: ${r.rule} ${r.message}`);
}

/**
 * From the declaration on: `attacks` declared (none by default), then every owed order the prompt's
 * default (no detections, no commitments) until the Ground Combat Phase is over (item 10 or later).
 */
export function toEndOfCombat(
  s0: CampaignGameState,
  contacts: Contact[] = [],
): { s: CampaignGameState; events: GameEvent[] } {
  let { s, events } = contacts.length ? declareAttacks(s0, contacts) : { s: s0, events: [] as GameEvent[] };
  for (let i = 0; s.stage === 'GROUND'; i++) {
    if (i > 5) throw new Error(`test position: the Ground Combat Phase did not end (step ${s.planetary.step})`);
    const orders: Record<string, Json> = {};
    for (const p of prefectCampaign.prompts(s))
      orders[p.side] =
        p.kind === 'combat-declare' && p.side === s.attacker
          ? { kind: 'combat-declare', attacks: [], detections: [] }
          : p.defaultOrders;
    const r = prefectCampaign.resolve(s, orders, seededDice('positions-combat', i));
    s = r.state;
    events = [...events, ...r.events];
  }
  return { s, events };
}
