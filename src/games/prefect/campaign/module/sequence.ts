/**
 * One campaign turn as a step machine over both maps (L2177-2192, D-75; ../sequence.ts holds the
 * sequence as data). The space half (items 1-7) is the Space module's machine on `cs.space`, the
 * ground half (items 8-9) the Planetary module's on `cs.planetary`; the campaign adds the
 * hand-offs between them (GS boxes L2198-2202, GS strikes wait for the ground combat L2182, lost
 * cargo L2316), the end-of-turn phases in the D-75 order (or the PLANETARY option) and the
 * Campaign Tempo (L2171, D-39) with the invasion victory at the end (L2175, D-01).
 */
import { withLegionBases } from './legion-bases.js';
import { bridgeMarines, marinesAfterCombat } from './marines-link.js';
import type { GameEvent, Json } from '#engine/contract.js';
import type { Dice } from '#engine/dice.js';
import { newMovement } from '../../planetary/index.js';
import { applyAdjustment } from '../../planetary/index.js';
import { otherSide, type Side } from '../../common/types.js';
import type { AdjustmentOrder, CombatDetectOrder } from '../../planetary/index.js';
import { resolveOrderIds } from '../../planetary/index.js';
import { checkOrder as groundCheck } from '../../planetary/index.js';
import { applyAdjust } from '../../space/index.js';
import { defaultFor } from '../../space/index.js';
import { phasingOf } from '../../space/index.js';
import { checkOrder as spaceCheck } from '../../space/index.js';
import { resolveAliases } from '../../space/index.js';
import type { AdjustOrder as NavalAdjust } from '../../space/index.js';
import { campaignData } from '../data/index.js';
import { enterGsBox } from '../map-link.js';
import {
  applyGroups,
  applyLandings,
  hasDrops,
  odHandOff,
  readOdLoads,
  segmentReached,
  splitPlan,
  type OdLoad,
} from './drops-link.js';
import { isRuleError } from '../state.js';
import { campaignTempo } from '../tempo.js';
import { destroyLostCargo } from '../transport.js';
import { finishIndependentAttacks } from '../independent.js';
import { resolveGroundWithSupport } from './counter-support.js';
import { noteNSpace } from './nspace-record.js';
import { commitOwed, commitSchema, emptyCommit, openSupport, sealSupport } from './support-link.js';
import {
  emptyIndependent,
  hasGsLeft,
  independentOwed,
  independentSchema,
  realIds,
  runDropAttacks,
  runIndependent,
} from './end-of-combat.js';
import { groundAt, groundPrompts, resolveGround, resolveSpace, spaceAt, spacePrompts } from './halves.js';
import { applySupplyLink } from './supply-link.js';
import { applySupplySteps } from './supply-steps.js';
import { committing, groundPaused, putHold, settleCenturion, spacePaused, takeHold } from './external-link.js';
import { disruptCargoOfLosses } from './leviathan-cargo.js';
import { placeDroppedBases } from '../build-bases.js';
import { applyAssignments } from './base-orders.js';
import type {
  CampaignAdjustOrder,
  CampaignGameState,
  CampaignOwed,
  CampaignStage,
  CampaignSupplyOrder,
} from './types.js';

/** L1767, L1867: Legion bases join the space combat at Ku Crassus unless the game leaves them out. */
const withLegionBasesIf = <R extends (Parameters<typeof withLegionBases>[1] extends () => infer X ? X : never)>(
  cs: CampaignGameState,
  run: () => R,
  earlier: GameEvent[] = [],
): R => (cs.options.legionBasesInSpace === false ? run() : withLegionBases(cs, run, earlier));

export const SIDES: readonly Side[] = ['TOG', 'CW'];

/** Sub-module prompt kind → campaign prompt kind (../sequence.ts CAMPAIGN_PROMPT_KINDS, TimeControl.perKind). */
export const KIND_OF: Readonly<Record<string, string>> = {
  missions: 'mission-assignment',
  tspace: 'space-movement',
  place: 'space-movement', // L1387, L1401: arrivals placed after the detection rolls
  move: 'space-movement',
  reaction: 'space-reaction',
  'combat-plan': 'space-combat',
  'combat-reactions': 'space-combat',
  'combat-decision': 'space-reaction', // D-91: interactive Space Combat Phase, a decision point (interception, segment, fire)
  'movement-plan': 'ground-movement',
  'counter-orders': 'ground-movement',
  interrupt: 'ground-reaction',
  'mover-detect': 'ground-reaction',
  'counter-attack': 'ground-reaction',
  'defender-actions': 'ground-reaction',
  'combat-declare': 'combat-declare',
  'combat-detect': 'combat-declare',
  withdrawal: 'withdrawal',
  'external-result': 'external-result', // D-87: a Leviathan battle's sealed result (external-link.ts)
};
/** The interactive attacker move shares the space movement prompt kind name, so it is renamed. */
const groundKind = (k: string): string => (k === 'move' ? 'ground-movement' : (KIND_OF[k] ?? k));

export function owedAt(cs: CampaignGameState): CampaignOwed[] {
  switch (cs.stage) {
    case 'SPACE':
      return spacePrompts(cs.space).map((p) => ({
        side: p.side as Side,
        kind: KIND_OF[p.kind] ?? p.kind,
        inner: p.kind,
        secret: p.secret,
      }));
    case 'GROUND':
      if (committing(cs))
        return commitOwed(cs).map((side) => ({
          side,
          kind: 'gs-commitment',
          inner: 'gs-commitment',
          secret: cs.options.gsCommitMode === 'SIMUL',
        }));
    // falls through
    case 'WITHDRAWAL':
      return groundPrompts(cs.planetary).map((p) => ({
        side: p.side as Side,
        kind: groundKind(p.kind),
        inner: p.kind,
        secret: p.secret,
      }));
    case 'END_OF_COMBAT': {
      const side = independentOwed(cs);
      return side ? [{ side, kind: 'independent-attacks', inner: 'independent-attacks', secret: false }] : [];
    }
    case 'ADJUST':
      return SIDES.map((side) => ({ side, kind: 'tf-adjustment', inner: 'tf-adjustment', secret: true }));
    case 'SUPPLY':
      return SIDES.map((side) => ({ side, kind: 'supply', inner: 'campaign-supply', secret: true }));
    case 'GAME_OVER':
      return [];
  }
}

/** D-75 (default): TF Adjustment → Supply → Withdrawal → Tempo; PLANETARY: Supply → Withdrawal → TF Adjustment → Tempo. */
function endOfTurnOrder(cs: CampaignGameState): CampaignStage[] {
  return cs.options.phaseOrder === 'PLANETARY'
    ? ['SUPPLY', 'WITHDRAWAL', 'ADJUST']
    : ['ADJUST', 'SUPPLY', 'WITHDRAWAL'];
}

/** Moves to the end-of-turn stage after `from` (or the first), skipping a Withdrawal nobody owes; Tempo when done. */
function nextEndStage(cs: CampaignGameState, from: CampaignStage | null, dice: Dice): GameEvent[] {
  const order = endOfTurnOrder(cs);
  let i = from === null ? 0 : order.indexOf(from) + 1;
  for (; i < order.length; i++) {
    const st = order[i];
    if (st === 'SUPPLY') {
      cs.planetary.step = 'SUPPLY';
      cs.stage = 'SUPPLY';
      return [];
    }
    if (st === 'ADJUST') {
      cs.stage = 'ADJUST';
      return [];
    }
    // Withdrawal (L848-864): only sides with disorganised units on the map owe it.
    cs.planetary.step = 'WITHDRAWAL';
    if (groundPrompts(cs.planetary).length) {
      cs.stage = 'WITHDRAWAL';
      return [];
    }
  }
  return tempo(cs, dice);
}

/** Item 14 (L2171, D-39) and the turn's restart; D-01 at the end (L2175). */
function tempo(cs: CampaignGameState, dice: Dice): GameEvent[] {
  const sc = campaignData.scenarios[cs.scenario];
  const events = campaignTempo(cs, sc);
  if (cs.result) {
    cs.stage = 'GAME_OVER';
    cs.planetary.step = 'GAME_OVER';
    cs.space.step = 'GAME_OVER';
    return events;
  }
  // Both halves restart at their first step of the new turn (planned movement: no movement record yet).
  cs.planetary.step = 'MOVEMENT';
  delete cs.planetary.movement;
  delete cs.planetary.combat;
  cs.space.step = 'MISSIONS';
  cs.space.half = 1;
  cs.space.arrivals = [];
  cs.stage = 'SPACE';
  return [...events, ...spaceIdle(cs, dice)];
}

/** A space step nobody owes (no TF needs a mission) runs on at once, as in the Space module. */
function spaceIdle(cs: CampaignGameState, dice: Dice): GameEvent[] {
  if (cs.stage !== 'SPACE') return [];
  if (spacePrompts(cs.space).length === 0 && cs.space.step !== 'ADJUST') {
    const r = withLegionBasesIf(cs, () => resolveSpace(cs.space, {}, dice));
    cs.space = r.state;
    noteNSpace(cs, r.events); // L2272: N-space detection of the TFs at the planet
    return [...r.events, ...afterSpace(cs)];
  }
  return afterSpace(cs);
}

/** When the space machine reaches its Adjustment step, items 1-7 are over: the ground half begins (item 8). */
function afterSpace(cs: CampaignGameState): GameEvent[] {
  if (cs.space.step !== 'ADJUST') return [];
  cs.stage = 'GROUND';
  cs.planetary.step = 'MOVEMENT';
  // As the Planetary module's startTurn: interactive play opens with a movement record, planned play with none.
  if (cs.planetary.options.interleave === 'interactive') cs.planetary.movement = newMovement();
  else delete cs.planetary.movement;
  return [
    {
      type: 'campaign.phase',
      visibleTo: 'all',
      data: { turn: cs.turn, phase: 'GROUND_MOVEMENT', rule: 'L2186-2187, D-75' },
    },
  ];
}

const planetSector = (): string => campaignData.rules.planetSector;

/**
 * L2182: in the campaign a GS TF at the planet does not strike in the space combat — its
 * survivors wait in the zone's GS box for the ground combat. The phasing side's plan loses every
 * `gsTarget` of such a TF before the space procedure sees it.
 */
function holdGsStrikes(cs: CampaignGameState, plan: Json): Json {
  const p = resolveAliases(cs.space, plan) as { plan?: { tfs?: { tf: string; gsTarget?: string }[] } };
  for (const t of p?.plan?.tfs ?? []) {
    const tf = cs.space.tfs[t.tf];
    if (
      t.gsTarget &&
      tf?.mission === 'GROUND_SUPPORT' &&
      tf.place.kind === 'SECTOR' &&
      tf.place.sector === planetSector()
    )
      delete t.gsTarget;
  }
  return p as Json;
}

/** L2198-2202: after a space combat, the phasing side's GS TFs that came through at the planet enter the GS box of their segment's zone. */
function gsHandOff(cs: CampaignGameState, phasing: Side, events: GameEvent[]): GameEvent[] {
  const out: GameEvent[] = [];
  for (const tf of Object.values(cs.space.tfs)) {
    if (
      tf.side !== phasing ||
      tf.mission !== 'GROUND_SUPPORT' ||
      tf.place.kind !== 'SECTOR' ||
      tf.place.sector !== planetSector()
    )
      continue;
    const seg = segmentReached(cs, tf.id, events);
    if (seg === null) continue;
    const r = enterGsBox(cs, tf.id, seg);
    if (!isRuleError(r)) out.push(...r);
  }
  return out;
}

function advanceSpace(cs: CampaignGameState, orders: Record<string, Json>, dice: Dice): GameEvent[] {
  const wasCombat = cs.space.step === 'COMBAT';
  const phasing = phasingOf(cs.space);
  const sent = { ...orders };
  // D-87: the orders answer a Leviathan pause (external-result entries); the plan's hand-offs were kept (external-link.ts).
  const held = wasCombat && spacePaused(cs) ? takeHold(cs) : null;
  let loads: OdLoad[] = held?.loads ?? [];
  if (wasCombat && !held && sent[phasing] !== undefined) {
    // The campaign's `odLoads` ride on the phasing side's plan; the Space module sees its own order only.
    const { plan, odLoads } = splitPlan(sent[phasing]);
    loads = readOdLoads(cs, phasing, odLoads) ?? [];
    sent[phasing] = holdGsStrikes(cs, plan as Json);
  }
  // L2049-2057: cargo Marines aboard transports named in the plan's `marines` count as their cohorts (marines-link.ts).
  const marines = held ? held.marines : wasCombat ? bridgeMarines(cs, phasing, sent[phasing]) : [];
  const r = withLegionBasesIf(cs, () => resolveSpace(cs.space, sent, dice), held?.events);
  cs.space = r.state;
  noteNSpace(cs, r.events); // L2272: N-space detection of the TFs at the planet
  const events = [...r.events];
  const phase = held ? [...held.events, ...r.events] : r.events;
  if (wasCombat && spacePaused(cs)) {
    // D-87: paused at a Leviathan battle: the hand-offs wait for the end of the phase.
    putHold(cs, { loads, marines, events: phase });
    return events;
  }
  if (wasCombat) {
    events.push(...marinesAfterCombat(cs, phasing, marines, phase)); // L2077-2083: landed or lost
    events.push(...gsHandOff(cs, phasing, phase));
    // L2316: a destroyed transport's cargo is destroyed with it (owner only: the cargo is on his record sheet).
    const lost = destroyLostCargo(cs);
    for (const side of SIDES) {
      const mine = lost.filter((u) => cs.planetary.units[u]?.side === side);
      if (mine.length) events.push({ type: 'cargo.lost', visibleTo: [side], data: { units: mine, rule: 'L2316' } });
    }
    events.push(...disruptCargoOfLosses(cs, phase)); // L2598: cargo of a squadron that lost ships in a Leviathan battle is disrupted (leviathan-cargo.ts)
    // L2368-2378: then the OD transports that came through drop into their zone's OD box.
    events.push(...odHandOff(cs, phasing, phase, loads));
  }
  // Phase 4's combat may have been the last step of the half; run automatic steps on.
  return [...events, ...spaceIdle(cs, dice)];
}

function advanceGround(cs: CampaignGameState, orders: Record<string, Json>, dice: Dice): GameEvent[] {
  let events: GameEvent[];
  if (groundPaused(cs)) {
    events = settleCenturion(cs, orders, dice); // D-87: the paused attack settled, the phase goes on (external-link.ts)
  } else if (cs.pendingSupport) {
    // D-76: commitments sealed (SIMUL) or in turn (ATTACKER_FIRST); the phase resolves when all are in.
    events = [];
    for (const side of commitOwed(cs)) {
      const p = commitSchema.safeParse(resolveOrderIds(cs.planetary, side, orders[side]));
      events.push(...sealSupport(cs, dice, side, p.success ? p.data : emptyCommit()));
      if (!cs.pendingSupport) break;
    }
  } else if (cs.planetary.step === 'COMBAT_DETECT') {
    // The Defender's detections, then (L2204) naval support may be offered before any combat resolves.
    const defender = otherSide(cs.planetary.attacker);
    const fallback = groundPrompts(cs.planetary).find((p) => p.side === defender)?.defaultOrders;
    const detect = (groundCheck(cs.planetary, defender, orders[defender]).order ??
      groundCheck(cs.planetary, defender, fallback).order) as CombatDetectOrder;
    events = openSupport(cs, dice, detect);
  } else {
    // L2204: standing naval support of counter-attacks (planned movement) rides on the ground orders.
    const r = resolveGroundWithSupport(cs, orders, dice);
    cs.planetary = r.state;
    events = r.events;
  }
  // The Combat Phase is over when the planetary step reaches Supply: item 10, then the end of turn.
  if (cs.planetary.step !== 'SUPPLY' || cs.pendingSupport) return events;
  return [...events, ...startEndOfCombat(cs, dice)];
}

function startEndOfCombat(cs: CampaignGameState, dice: Dice): GameEvent[] {
  cs.stage = 'END_OF_COMBAT';
  cs.heldDropAttacks = {};
  return skipIdleIndependent(cs, dice);
}

/** Sides with no unused GS unit have nothing to do in item 10 (L2256); when both are done the drop attacks run (D-80). */
function skipIdleIndependent(cs: CampaignGameState, dice: Dice): GameEvent[] {
  for (let side = independentOwed(cs); side && !hasGsLeft(cs, side); side = independentOwed(cs))
    finishIndependentAttacks(cs, side);
  if (independentOwed(cs)) return [];
  const events = runDropAttacks(cs, dice, cs.heldDropAttacks ?? {});
  delete cs.heldDropAttacks;
  return [...events, ...nextEndStage(cs, null, dice)];
}

function advanceIndependent(cs: CampaignGameState, orders: Record<string, Json>, dice: Dice): GameEvent[] {
  const side = independentOwed(cs)!;
  const parsed = independentSchema.safeParse(realIds(cs, side, orders[side]));
  const o = parsed.success ? parsed.data : emptyIndependent();
  const events = runIndependent(cs, dice, side, o);
  (cs.heldDropAttacks ??= {})[side] = o.dropAttacks;
  return [...events, ...skipIdleIndependent(cs, dice)];
}

/** Item 11 (L2171, L2388, D-75): ground TF adjustment (the planetary rules) and naval TF adjustment (the space rules), attacker first (D-48). */
function advanceAdjust(
  cs: CampaignGameState,
  orders: Partial<Record<Side, CampaignAdjustOrder>>,
  dice: Dice,
): GameEvent[] {
  const events: GameEvent[] = [];
  const g = groundAt(cs.planetary, 'ADJUSTMENT');
  const ground: Partial<Record<Side, AdjustmentOrder>> = {};
  for (const side of SIDES) {
    const c = groundCheck(g, side, orders[side]?.ground);
    const fallback = () => groundCheck(g, side, groundPrompts(g).find((p) => p.side === side)?.defaultOrders).order;
    ground[side] = (c.order ?? fallback()) as AdjustmentOrder;
  }
  events.push(...applyAssignments(cs, orders)); // D-51, L952-954: new bases assigned to TFs (base-orders.ts)
  const step = cs.planetary.step;
  cs.planetary.step = 'ADJUSTMENT';
  events.push(...applyAdjustment(cs.planetary, ground));
  cs.planetary.step = step;
  const sp = spaceAt(cs.space, 'ADJUST');
  for (const side of [cs.attacker, otherSide(cs.attacker)]) {
    const c = spaceCheck(sp, side, orders[side]?.naval);
    events.push(
      ...applyAdjust(cs.space, side, (c.order ?? defaultFor(sp, { side, kind: 'adjust', secret: true })) as NavalAdjust)
        .events,
    );
  }
  // L2388: dropped units are grouped into TFs (the order's groups, else one per zone and organisation).
  for (const side of [cs.attacker, otherSide(cs.attacker)])
    events.push(...groupOrDefault(cs, side, orders[side]?.drops));
  return [...events, ...nextEndStage(cs, 'ADJUST', dice)];
}

function groupOrDefault(
  cs: CampaignGameState,
  side: Side,
  drops: { zone: number; units: string[] }[] | undefined,
): GameEvent[] {
  let r = applyGroups(cs, side, drops);
  if (isRuleError(r) && drops) r = applyGroups(cs, side, undefined);
  return isRuleError(r)
    ? [{ type: 'od.not-grouped', visibleTo: [side], data: { code: r.code, rule: r.rule, message: r.message } }]
    : r;
}

/** Item 12 (L2286-2291): step 1 (naval and ground rearm/reorganise), step 2 (rebuild), step 3 (transfers of both maps, the links), step 4 (drops). */
function advanceSupply(
  cs: CampaignGameState,
  orders: Partial<Record<Side, CampaignSupplyOrder>>,
  dice: Dice,
): GameEvent[] {
  const events: GameEvent[] = [];
  // Steps 1-3 of both maps in the order given (rearm/reorganise → rebuild → transfers), urban production (supply-steps.ts).
  events.push(...applySupplySteps(cs, orders, dice));
  // Step 3 links between the maps: SP down to Legion bases, troops unloaded/loaded, bases built or placed (supply-link.ts).
  for (const side of [cs.attacker, otherSide(cs.attacker)]) events.push(...applySupplyLink(cs, side, orders[side]));
  // L2291, L2390: step 4 ends the phase: the dropped groups land (PLANETARY order: grouped here first, D-75).
  for (const side of [cs.attacker, otherSide(cs.attacker)]) {
    if (hasDrops(cs, side) && !cs.dropGroups.some((g) => g.side === side))
      events.push(...groupOrDefault(cs, side, undefined));
    let landed = applyLandings(cs, side, orders[side]?.landings);
    if (isRuleError(landed) && orders[side]?.landings) landed = applyLandings(cs, side, undefined);
    if (isRuleError(landed))
      events.push({
        type: 'od.not-landed',
        visibleTo: [side],
        data: { code: landed.code, rule: landed.rule, message: landed.message },
      });
    else events.push(...landed);
    // L2408, L2422: dismantled bases dropped with the OD missions are placed with their TFs.
    events.push(...placeDroppedBases(cs, side));
  }
  return [...events, ...nextEndStage(cs, 'SUPPLY', dice)];
}

function advanceWithdrawal(cs: CampaignGameState, orders: Record<string, Json>, dice: Dice): GameEvent[] {
  const r = resolveGround(cs.planetary, orders, dice);
  cs.planetary = r.state;
  return [...r.events, ...nextEndStage(cs, 'WITHDRAWAL', dice)];
}

/** Applies the (checked) orders of the current stage and runs to the next decision point. */
export function advance(cs: CampaignGameState, orders: Record<string, Json>, dice: Dice): GameEvent[] {
  switch (cs.stage) {
    case 'SPACE':
      return advanceSpace(cs, orders, dice);
    case 'GROUND':
      return advanceGround(cs, orders, dice);
    case 'END_OF_COMBAT':
      return advanceIndependent(cs, orders, dice);
    case 'ADJUST':
      return advanceAdjust(cs, orders as unknown as Partial<Record<Side, CampaignAdjustOrder>>, dice);
    case 'SUPPLY':
      return advanceSupply(cs, orders as unknown as Partial<Record<Side, CampaignSupplyOrder>>, dice);
    case 'WITHDRAWAL':
      return advanceWithdrawal(cs, orders, dice);
    case 'GAME_OVER':
      return [];
  }
}

export { spaceIdle };
