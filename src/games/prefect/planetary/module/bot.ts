/**
 * The Prefect bot: legal orders at every prompt in both interleave modes, trying to win. It sees
 * only what its side may see (own TFs, public counters, public detections), never enemy contents.
 * As attacker it closes on the nearest enemy TFs and enemy-held urban areas, ends next to enemies in
 * Combat mode (so it may detect, L485), and attacks at good odds on what it can estimate; as
 * defender it interrupts to detect (L381), counter-attacks detected movers when strong enough, and
 * never gives away held actions cheaply. Every order is checked by the module's validation and
 * replaced by the deadline default if it is not legal.
 */
import type { Dice } from '#engine/dice.js';
import { allowanceLeft, counterAttackEligible, currentPoint } from '../counteractions.js';
import { standingEsm } from '../deciders.js';
import { mayAttack } from '../combat-phase.js';
import { botSupply, botWithdrawal } from './bot-logistics.js';
import { botAdjustment, independentMoves } from './bot-independents.js';
import { attackerDestroyMove, bestDefenderDestroy, disorganisedTargets, retreatChoices } from './bot-tactics.js';
import { attackerReach } from '../movement.js';
import { suggestedEntry } from '../external/agreement.js';
import { defaultFor } from './prompts.js';
import { attackTotal, combatUnits, maxEsm } from '../rules.js';
import { rulesData, scenarioDef } from '../rules-data.js';
import { owedAt } from './sequence.js';
import { redactFor } from './view.js';
import type { CombatDeclareOrder, CombatDetectOrder, MoveOrder, PrefectOrder, PrefectState, Side } from '../types.js';

type Validate = (s: PrefectState, side: string, o: unknown) => { length: number };

/** Distances from a set of hexes (multi-source breadth-first search over the map graph). */
function distanceField(sources: string[]): Map<string, number> {
  const g = rulesData().graph;
  const dist = new Map<string, number>(sources.map((h) => [h, 0]));
  let frontier = [...sources];
  while (frontier.length) {
    const next: string[] = [];
    for (const h of frontier)
      for (const n of g.neighbors(h))
        if (!dist.has(n)) {
          dist.set(n, dist.get(h)! + 1);
          next.push(n);
        }
    frontier = next;
  }
  return dist;
}

const enemyTfs = (s: PrefectState, side: Side) => Object.values(s.tfs).filter((t) => t.side !== side && t.hex);
const myTfs = (s: PrefectState, side: Side) =>
  Object.values(s.tfs)
    .filter((t) => t.side === side && t.hex)
    .sort((a, b) => a.id.localeCompare(b.id));
const terrainDf = (hex: string) =>
  Math.max(
    0,
    ...rulesData()
      .hex(hex)
      .terrain.map((t) => rulesData().terrain[t]?.defenceFactor ?? 0),
  );

/**
 * The average defence of an enemy TF, from public knowledge only: the scenario's order of battle
 * (printed), the enemy combat units destroyed so far (public) and the enemy TF counters on the map.
 */
function enemyAverageDefence(s: PrefectState, side: Side): number {
  const sc = scenarioDef(s.scenario);
  const types = rulesData().unitTypes;
  const enemy = [...sc.units, ...sc.reinforcements.flatMap((r) => r.units)].filter(
    (u) => u.side !== side && types[u.type]?.category === 'COMBAT' && types[u.type].gravitic,
  );
  const total = enemy.reduce((a, u) => a + types[u.type].defence, 0);
  const per = enemy.length ? total / enemy.length : 4;
  const alive = Math.max(0, enemy.length - s.destroyedCombat[side]);
  const counters = Math.max(1, enemyTfs(s, side).filter((t) => !t.independent).length);
  return Math.max(per, (alive * per) / counters);
}

/** The printed defence of the unit on an enemy independent counter, public by H35 (its fatigue is not: ignored). */
function independentDefence(s: PrefectState, tfId: string): number {
  return (
    Object.values(s.units)
      .filter((u) => u.tf === tfId && u.status === 'ACTIVE')
      .reduce((a, u) => a + (rulesData().unitTypes[u.type]?.defence ?? 3), 0) || 3
  );
}

/**
 * Victory objectives (D-01 victory data): hexes of urban areas and bases the side does not hold.
 * TOG's decisive result needs every CW base as well as the cities, so bases are always targets.
 */
export function objectiveHexes(s: PrefectState, side: Side): string[] {
  const urban = rulesData()
    .map.urbanAreas.filter((a) => s.urban[a.id] !== side)
    .flatMap((a) => a.hexes);
  const bases = Object.values(s.bases)
    .filter((b) => b.side !== side)
    .map((b) => b.hex);
  return [...new Set([...bases, ...urban])];
}

/**
 * The attacker's moves: each TF with combat units heads for an enemy (TF or objective hex), ending
 * free and in Combat mode, or on enemy disorganised units it destroys; then the independents.
 */
export function planMoves(s: PrefectState, side: Side): MoveOrder[] {
  const targets = [...enemyTfs(s, side).map((t) => t.hex), ...objectiveHexes(s, side)];
  if (!targets.length) return [];
  const dist = distanceField(targets);
  const enemyHexes = new Set(enemyTfs(s, side).map((t) => t.hex));
  const claimed = new Set<string>();
  const moves: MoveOrder[] = [];
  // Independent non-gravitic units (1 hex a turn, L924) work the objectives instead (bot-independents.ts).
  const movers = myTfs(s, side)
    .filter((t) => !t.independent && !t.movedThisTurn && combatUnits(s, t.id).length > 0 && t.fatigue < 3)
    .sort((a, b) => attackTotal(s, [b.id]) - attackTotal(s, [a.id]) || a.id.localeCompare(b.id));
  for (const tf of movers) {
    const here = dist.get(tf.hex) ?? 999;
    if (
      here <= 1 &&
      enemyHexes.size &&
      rulesData()
        .graph.neighbors(tf.hex)
        .some((h) => enemyHexes.has(h))
    )
      continue; // already engaged
    // L459-473: end on enemy disorganised units and destroy them all, if that does not lose ground.
    const kill = attackerDestroyMove(s, side, tf.id, (h) => !claimed.has(h) && (dist.get(h) ?? 999) <= here);
    if (kill) {
      claimed.add(kill.path[kill.path.length - 1]);
      moves.push(kill);
      continue;
    }
    const reach = attackerReach(s, tf.id, 'COMBAT');
    let best: { hex: string; path: string[]; score: number } | null = null;
    for (const [hex, path] of reach) {
      if (claimed.has(hex)) continue;
      const score = (dist.get(hex) ?? 999) * 10 + path.length;
      if (!best || score < best.score || (score === best.score && hex < best.hex)) best = { hex, path, score };
    }
    if (!best || (dist.get(best.hex) ?? 999) >= here) continue;
    claimed.add(best.hex);
    moves.push({ tf: tf.id, mode: 'COMBAT', path: best.path });
  }
  return [...moves, ...independentMoves(s, side, claimed)];
}

function declare(s: PrefectState, side: Side): CombatDeclareOrder {
  const g = rulesData().graph;
  const attacks: CombatDeclareOrder['attacks'] = [];
  const used = new Set<string>();
  const enemies = enemyTfs(s, side).sort((a, b) => a.id.localeCompare(b.id));
  for (const e of enemies) {
    const atk = myTfs(s, side)
      .filter((t) => !used.has(t.id) && mayAttack(s, t.id) && g.neighbors(t.hex).includes(e.hex))
      .map((t) => t.id);
    if (!atk.length) continue;
    // Unknown contents (H1): estimate its defence from the public order of battle, and attack at 3:2 or better.
    // An independent's unit type is public (H35, L920): its printed defence.
    const estimate = (e.independent ? independentDefence(s, e.id) : enemyAverageDefence(s, side)) + terrainDf(e.hex);
    if (attackTotal(s, atk) * 2 < estimate * 3) continue;
    atk.forEach((t) => used.add(t));
    attacks.push({ target: { tf: e.id }, attackers: atk, advance: atk[0] });
  }
  // L721-729: an attack on a hex of enemy disorganised units alone always succeeds; one free TF each.
  for (const t of disorganisedTargets(s, side)) {
    const atk = myTfs(s, side).find(
      (x) =>
        !used.has(x.id) && mayAttack(s, x.id) && combatUnits(s, x.id).length > 0 && g.neighbors(x.hex).includes(t.hex),
    );
    if (!atk) continue;
    used.add(atk.id);
    attacks.push({ target: { hex: t.hex }, attackers: [atk.id], advance: null });
  }
  const detections = myTfs(s, side)
    .filter((t) => !t.movedLafThisTurn && maxEsm(s, t.id) >= 1)
    .flatMap((t) => {
      const target = attacks.find(
        (a) => 'tf' in a.target && g.neighbors(t.hex).includes(s.tfs[(a.target as { tf: string }).tf].hex),
      );
      const tgt = target
        ? (target.target as { tf: string }).tf
        : enemies.find((e) => g.neighbors(t.hex).includes(e.hex))?.id;
      return tgt ? [{ detector: t.id, target: tgt, esm: maxEsm(s, t.id) }] : [];
    });
  return { kind: 'combat-declare', retreat: retreatChoices(s, side), attacks, detections, shift: 'FAVOURABLE' };
}

function detect(s: PrefectState, side: Side): CombatDetectOrder {
  const g = rulesData().graph;
  const engaged = new Set((s.combat?.attacks ?? []).flatMap((a) => a.attackers));
  const detections = myTfs(s, side)
    .filter((t) => !t.movedLafThisTurn && !t.detectedDuringMovement && maxEsm(s, t.id) >= 1)
    .flatMap((t) => {
      const tgt = [...engaged].sort().find((id) => s.tfs[id] && g.neighbors(t.hex).includes(s.tfs[id].hex));
      return tgt ? [{ detector: t.id, target: tgt, esm: maxEsm(s, t.id) }] : [];
    });
  return { kind: 'combat-detect', retreat: retreatChoices(s, side), detections, shift: 'FAVOURABLE' };
}

/** Counter-attack only with a real punch: the mover's contents are unknown (H1). */
const STRONG = 8;

function choose(s: PrefectState, side: Side, kind: string): PrefectOrder | null {
  switch (kind) {
    case 'movement-plan':
      return {
        kind: 'movement-plan',
        retreat: retreatChoices(s, side),
        moves: planMoves(s, side),
        moverDetectEsm: 'max',
      };
    case 'counter-orders': {
      const tfs = myTfs(s, side)
        .filter((t) => combatUnits(s, t.id).length > 0)
        .map((t) => t.id);
      // L475: a held counter-move after the first attacker move (allowance 1) that destroys enemy disorganised units.
      const kill = bestDefenderDestroy(s, side);
      const moves = kill ? [{ ...kill, afterAttackerMove: 1 }] : [];
      return {
        kind: 'counter-orders',
        retreat: retreatChoices(s, side),
        interrupt: { default: { detect: true, esm: 'max' } },
        counterAttacks: tfs.length ? [{ tfs, minOwnAttack: STRONG }] : [],
        moves,
        moverDetectEsm: 'max',
      };
    }
    case 'move': {
      const m = planMoves(s, side)[0];
      return m ? { kind: 'move', move: m } : { kind: 'end-movement' };
    }
    case 'interrupt': {
      const w = currentPoint(s);
      if (w?.kind !== 'interrupt') return null;
      return { kind: 'interrupt', detections: w.eligible.map((tf) => ({ tf, esm: standingEsm(s, tf, 'max') })) };
    }
    case 'counter-attack': {
      const w = currentPoint(s);
      if (w?.kind !== 'counter-attack') return null;
      const tfs = counterAttackEligible(s, w.mover).slice(0, allowanceLeft(s));
      return tfs.length && attackTotal(s, tfs) >= STRONG ? { kind: 'counter-attack', tfs } : { kind: 'pass' };
    }
    case 'mover-detect': {
      const w = currentPoint(s);
      if (w?.kind !== 'mover-detect') return null;
      return { kind: 'mover-detect', target: w.counterAttackers[0] ?? null, esm: standingEsm(s, w.mover, 'max') };
    }
    case 'defender-actions': {
      // L475: spend one counter-action destroying enemy disorganised units when a TF can reach them all.
      const kill = allowanceLeft(s) > 0 ? bestDefenderDestroy(s, side) : null;
      return kill ? { kind: 'defender-actions', actions: [{ type: 'move', ...kill }] } : { kind: 'pass' };
    }
    case 'combat-declare':
      return declare(s, side);
    case 'supply':
      return botSupply(s, side);
    case 'withdrawal':
      return botWithdrawal(s, side);
    case 'combat-detect':
      return detect(s, side);
    // D-87: both bots enter the server's public suggestion (external/agreement.ts), so they agree; enemy ids as the bot was shown them.
    case 'external-result': {
      const e = suggestedEntry(s);
      return e ? (redactFor(s, side, e) as unknown as PrefectOrder) : null;
    }
    case 'adjustment':
      return botAdjustment(s, side);
    default:
      return null;
  }
}

/** Legal orders for `side` now (validated; the deadline default otherwise). */
export function botOrders(s: PrefectState, side: Side, _dice: Dice, validate: Validate): PrefectOrder {
  const owed = owedAt(s).find((o) => o.side === side);
  if (!owed) return { kind: 'pass' };
  const pick = choose(s, side, owed.kind);
  if (pick && validate(s, side, pick).length === 0) return pick;
  // A stale standing retreat choice must not cost the whole order.
  if (pick && 'retreat' in pick) {
    const bare = { ...pick, retreat: undefined };
    delete bare.retreat;
    if (validate(s, side, bare).length === 0) return bare;
  }
  return defaultFor(s, owed);
}
