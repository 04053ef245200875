/**
 * One combat (L539-661): totals with fatigue and terrain DF (L567-571, L519, D-34), the ratio
 * rounded toward the defender (L573), the detection shift chosen by the undetected side
 * (L587-593, D-26, D-27), the CRT (data), saving throws (saves.ts), BT/CA (L605-607), retreats
 * (retreat.ts, D-31), advance (L611, D-32), capture (capture.ts), fatigue +1 per combat (D-33),
 * the tempo credit (D-37). Support-only defenders are destroyed outright (L567); a hex of
 * disorganised units only is attacked automatically (L721-729, disorganised.ts).
 */
import type { GameEvent, Json } from '#engine/contract.js';
import type { Dice, RollRecord } from '#engine/dice.js';
import { oddsColumn, shiftColumn } from '#engine/tables.js';
import type { CrtCell, PrefectState, Side, TaskForce } from './types.js';
import { otherSide } from './types.js';
import {
  attackTotal,
  combatUnits,
  defenceTotal,
  destroy,
  disorganise,
  disorganisedAt,
  removeTfIfEmpty,
  unitsIn,
} from './composition.js';
import { terrainFor } from './detection.js';
import { attackDisorganisedHex, hexMatesOfSevereResult } from './disorganised.js';
import { enterHex } from './capture.js';
import { retreatGroup } from './retreat.js';
import { engineerBonus, rollSave, saveTarget, unitsThatSave, type SaveOutcome, type SaveRecord } from './saves.js';
import { isFullWater, rulesData } from './rules-data.js';
import { disorganisedEvent } from './reveal.js';

export type ShiftChoice = 'LEFT' | 'RIGHT' | 'NONE' | 'FAVOURABLE';
export interface CombatSpec {
  attackers: string[];
  target: { tf: string } | { hex: string };
  /** 'COUNTER_ACTION' is accepted as a synonym of 'COUNTER_ATTACK'. */
  context: 'COMBAT_PHASE' | 'COUNTER_ATTACK' | 'COUNTER_ACTION';
  shiftPolicy: Record<Side, ShiftChoice>;
  engineers?: { engineer: string; unit: string }[];
  /** D-32: the attacking TF that advances after a DR/BT/support-only defeat, or none. */
  advance?: string | null;
  /** D-32, L635: the defender's advance after AR/CA: 'none' (default), 'auto', a vacated hex, or ranked hexes. */
  defenderAdvance?: 'none' | 'auto' | string | { hexes: string[] };
  /** D-31: owners' retreat hexes keyed by the retreating TF id; the default ranking otherwise. */
  retreats?: Record<string, string>;
  /** Campaign L2218-2220: naval ground support adds its attack value to either total. */
  extraAttack?: number;
  extraDefence?: number;
  /** Campaign: told the CRT cell, for the supporting naval units' saves (L2224-2232). */
  onCell?: (cell: CrtCell) => void;
  /**
   * D-87 (external/): an agreed Centurion result — its converted cell replaces the CRT roll and
   * `outcomes` the saves of the represented units (L2784-2798); the others roll (L2786).
   */
  external?: { cell: CrtCell; outcomes: Record<string, SaveOutcome>; record: Json };
}

const bump = (tf: TaskForce | undefined): void => {
  if (tf) tf.fatigue = Math.min(3, tf.fatigue + 1) as TaskForce['fatigue'];
};

/** L573: highest column the ratio reaches (toward the defender); 0 attack → first, 0 defence → last. */
export function ratioColumn(attack: number, defence: number): number {
  const cols = rulesData().crt.columns;
  if (attack <= 0) return 0;
  if (defence <= 0) return cols.length - 1;
  return oddsColumn(attack, defence, cols).index;
}

/** L587-593, D-26: the undetected side may shift one column; D-27 clamps at the edges. */
export function detectionShift(
  aDetected: boolean,
  dDetected: boolean,
  aSide: Side,
  policy: Record<Side, ShiftChoice>,
): { by: Side | null; shift: number } {
  if (aDetected === dDetected) return { by: null, shift: 0 };
  const by = aDetected ? otherSide(aSide) : aSide;
  const choice = policy[by] ?? 'NONE';
  const favourable = by === aSide ? 1 : -1;
  const shift = choice === 'LEFT' ? -1 : choice === 'RIGHT' ? 1 : choice === 'FAVOURABLE' ? favourable : 0;
  return { by, shift };
}

export function crtCell(column: number, roll: number): CrtCell {
  const crt = rulesData().crt;
  const cell = crt.rows[roll - 1]?.[column];
  if (!cell) throw new Error(`planetary CRT has no cell for roll ${roll}, column ${crt.columns[column]}`);
  return cell;
}

export function resolveCombat(state: PrefectState, dice: Dice, c: CombatSpec): GameEvent[] {
  const atk = c.attackers.filter((id) => state.tfs[id] && unitsIn(state, id).length > 0);
  if (atk.length === 0) return [];
  const aSide = state.tfs[atk[0]].side;
  const dSide = otherSide(aSide);
  const context = c.context === 'COMBAT_PHASE' ? 'COMBAT_PHASE' : 'COUNTER_ATTACK';
  for (const id of atk) state.tfs[id].attackedThisTurn = true;
  if ('hex' in c.target) return attackDisorganisedHex(state, dice, atk, c.target.hex);

  const def = state.tfs[c.target.tf];
  if (!def) return [];
  const hex = def.hex;
  const events: GameEvent[] = [];

  // L567: a support-only defender is destroyed outright; not a BT (D-36); +1 fatigue (D-33).
  if (combatUnits(state, def.id).length === 0) {
    const lost = unitsIn(state, def.id);
    for (const u of lost) destroy(state, u);
    const loose = disorganisedAt(state, hex, dSide); // cannot stay under the advance (L473, L733)
    for (const u of loose) destroy(state, u);
    removeTfIfEmpty(state, def.id);
    for (const id of atk) bump(state.tfs[id]);
    events.push({
      type: 'combat.support-only',
      visibleTo: 'all',
      data: { context, attackers: atk, target: def.id, hex, rule: 'L567' },
    });
    events.push({
      type: 'combat.losses',
      visibleTo: [dSide],
      data: { destroyed: [...lost, ...loose].map((u) => u.id) },
    });
    events.push(...advanceInto(state, c.advance, atk, hex, 'MOVE', dSide)); // L908: supply captured
    return events;
  }

  // Ratio (L567-573) with the terrain DF of the defender's chosen terrain (L519, D-20).
  const terrain = terrainFor(state, def.id, hex, 'defence');
  const attack = attackTotal(state, atk) + (c.extraAttack ?? 0);
  const defence = defenceTotal(state, def.id) + (terrain?.defenceFactor ?? 0) + (c.extraDefence ?? 0);
  const cols = rulesData().crt.columns;
  const base = ratioColumn(attack, defence);
  const aDetected = atk.some((id) => state.tfs[id].detected); // L587
  const sh = detectionShift(aDetected, def.detected, aSide, c.shiftPolicy);
  const col = shiftColumn(cols, base, sh.shift);
  const label = `combat ${atk.join('+')}>${def.id}`;
  const roll = c.external ? null : dice.roll(10, label); // D-87: no CRT roll for an agreed external result
  const cell = c.external ? c.external.cell : crtCell(col.index, roll!);
  c.onCell?.(cell);
  const aSevere = cell.aFlag === 'CA';
  const dSevere = cell.dFlag === 'BT';

  // Saves (L637-661): attackers then defender, units listed in state order.
  const atkHex: Record<string, string> = Object.fromEntries(atk.map((id) => [id, state.tfs[id].hex]));
  const loose = (h: string, s: Side) => disorganisedAt(state, h, s);
  const preDef = dSevere ? loose(hex, dSide) : [];
  const preAtk: Record<string, ReturnType<typeof loose>> = {};
  if (aSevere) for (const id of atk) preAtk[id] = loose(atkHex[id], aSide);
  const saves: SaveRecord[] = [];
  const sideSaves = (tf: TaskForce, severe: boolean, mod: number, isAttacker: boolean) => {
    const given = c.external?.outcomes ?? {};
    const rolling = c.external
      ? [
          ...unitsIn(state, tf.id).filter((u) => given[u.id]),
          ...unitsThatSave(state, tf.id, severe).filter((u) => !given[u.id]),
        ]
      : unitsThatSave(state, tf.id, severe);
    const eng = engineerBonus(state, tf.id, rolling, c.engineers);
    for (const u of rolling) {
      if (given[u.id]) {
        // D-87, L2790-2794: the agreed outcome, no roll
        saves.push({ unit: u.id, type: u.type, side: u.side, tf: tf.id, target: 0, roll: 0, outcome: given[u.id] });
        continue;
      }
      const target = saveTarget(state, u, tf, mod, isAttacker, eng.get(u.id) ?? 0);
      saves.push(rollSave(dice, u, tf, target, severe));
    }
  };
  for (const id of atk) sideSaves(state.tfs[id], aSevere, cell.a, true);
  sideSaves(def, dSevere, cell.d, false);
  for (const s of saves) {
    const u = state.units[s.unit];
    if (s.outcome === 'DESTROYED') destroy(state, u);
    else if (s.outcome === 'DISORGANISED') disorganise(u, state.tfs[s.tf].hex);
  }
  const mates = [
    ...hexMatesOfSevereResult(state, dice, dSide, hex, preDef, cell.d),
    ...atk.flatMap((id) => (aSevere ? hexMatesOfSevereResult(state, dice, aSide, atkHex[id], preAtk[id], cell.a) : [])),
  ];

  // D-37 tempo credit: BT to the combat attacker, CA to the combat defender (L605-607).
  if (dSevere) state.tempo[aSide]++;
  if (aSevere) state.tempo[dSide]++;
  // D-33: +1 fatigue to every participating TF that still exists (before merges, so L613 takes the max).
  for (const id of [...atk, def.id]) if (unitsIn(state, id).length > 0) bump(state.tfs[id]);
  const defGone = removeTfIfEmpty(state, def.id) || dSevere;
  if (dSevere) for (const u of unitsIn(state, def.id)) disorganise(u, hex);
  if (dSevere) removeTfIfEmpty(state, def.id);
  for (const id of atk) removeTfIfEmpty(state, id);

  // Retreats: the defender first (DR/BT), then the attackers (AR/CA) away from each other's hexes.
  const retreatEvents: GameEvent[] = [];
  const vacated: string[] = [];
  const defenderRetreats = cell.dFlag === 'DR' || dSevere;
  const attackerRetreats = cell.aFlag === 'AR' || aSevere;
  if (defenderRetreats) {
    const r = retreatGroup(state, dSide, state.tfs[def.id] ? def.id : null, hex, new Set(), c.retreats?.[def.id]);
    retreatEvents.push(...r.events);
    vacated.push(hex);
  }
  if (attackerRetreats) {
    for (const id of atk) {
      const others = new Set(atk.filter((o) => o !== id).map((o) => atkHex[o])); // L633
      const r = retreatGroup(state, aSide, state.tfs[id] ? id : null, atkHex[id], others, c.retreats?.[id]);
      retreatEvents.push(...r.events);
      vacated.push(atkHex[id]);
    }
  }

  // D-32 advance by the side that did not retreat.
  const advanceEvents: GameEvent[] = [];
  if (defenderRetreats && !attackerRetreats) {
    advanceEvents.push(...advanceInto(state, c.advance, atk, hex, dSevere ? 'ADVANCE_BT' : 'ADVANCE_DR', dSide));
  } else if (attackerRetreats && !defenderRetreats && state.tfs[def.id]) {
    const choice = c.defenderAdvance ?? 'none';
    if (choice !== 'none') {
      const open = vacated.filter((h) => hexIsFreeFor(state, h, dSide, def.id));
      // L635: "into one of the hexes now vacant" — the defender's pick, the first of his ranking still open.
      const to =
        choice === 'auto'
          ? open[0]
          : typeof choice === 'string'
            ? open.find((h) => h === choice)
            : choice.hexes.find((h) => open.includes(h));
      if (to) advanceEvents.push(...advanceInto(state, def.id, [def.id], to, 'MOVE', aSide));
    }
  }

  // Events per D-19: TABLETOP everything public; STRICT outcomes public, details to owners.
  const rolls: RollRecord[] = roll === null ? [] : [{ label, sides: 10, value: roll }];
  const saveRolls = (side?: Side): RollRecord[] =>
    saves
      .filter((s) => (!side || s.side === side) && !c.external?.outcomes[s.unit])
      .map((s) => ({ label: `save ${s.type}`, sides: 10, value: s.roll }));
  const placed = saves
    .filter((s) => s.outcome === 'DISORGANISED')
    .map((s) => ({ unit: s.unit, type: s.type, hex: atkHex[s.tf] ?? hex }));
  const summary: Record<string, Json> = {
    context,
    attackers: atk,
    target: def.id,
    hex,
    result: { aFlag: cell.aFlag ?? null, dFlag: cell.dFlag ?? null },
    defenderRemoved: defGone,
    ...(c.external ? { external: c.external.record } : {}),
  };
  if (state.options.revealMode === 'TABLETOP') {
    events.push({
      type: 'combat',
      visibleTo: 'all',
      data: {
        ...summary,
        terrain: terrain?.id ?? null,
        attack,
        defence,
        ratioColumn: cols[base],
        shiftBy: sh.by,
        shift: col.applied,
        column: col.column,
        roll,
        cell: { a: cell.a, aFlag: cell.aFlag ?? null, d: cell.d, dFlag: cell.dFlag ?? null },
        saves: saves.map((s) => ({
          side: s.side,
          tf: s.tf,
          type: s.type,
          target: s.target,
          roll: s.roll,
          outcome: s.outcome,
        })),
      },
      rolls: [...rolls, ...saveRolls()],
    });
  } else {
    events.push({ type: 'combat', visibleTo: 'all', data: summary });
    for (const side of [aSide, dSide]) {
      const own: Record<string, Json> = side === aSide ? { attack } : { defence };
      events.push({
        type: 'combat.detail',
        visibleTo: [side],
        data: {
          ...own,
          saves: saves
            .filter((s) => s.side === side)
            .map((s) => ({ unit: s.unit, type: s.type, target: s.target, roll: s.roll, outcome: s.outcome })),
        },
        rolls: side === aSide ? [...rolls, ...saveRolls(side)] : saveRolls(side),
      });
    }
  }
  // Unit identities of losses go to their owner only (H1); disorganised units are public (H36).
  for (const side of [aSide, dSide]) {
    const mine = saves
      .filter((s) => s.side === side && s.outcome !== 'UNHARMED')
      .map((s) => ({ unit: s.unit, outcome: s.outcome }));
    const hexLoss = mates.filter((m) => state.units[m.unit]?.side === side);
    if (mine.length || hexLoss.length)
      events.push({ type: 'combat.losses', visibleTo: [side], data: { units: mine, disorganisedInHex: hexLoss } });
  }
  if (placed.length) events.push(...disorganisedEvent(state, 'units.disorganised', { rule: 'L655' }, 'units', placed)); // H36, D-19
  if (dSevere || aSevere)
    events.push({
      type: 'tempo.credit',
      visibleTo: 'all',
      data: { BT: dSevere ? aSide : null, CA: aSevere ? dSide : null, rule: 'D-37' },
    });
  events.push(...retreatEvents, ...advanceEvents);
  return events;
}

/** May a TF of `side` end in `hex`: no TF there, no enemy unit (L473), water only if gravitic. */
function hexIsFreeFor(state: PrefectState, hex: string, side: Side, tfId: string): boolean {
  if (Object.values(state.tfs).some((t) => t.hex === hex)) return false;
  if (disorganisedAt(state, hex, otherSide(side)).length > 0) return false;
  return !(isFullWater(hex) && unitsIn(state, tfId).some((u) => !rulesData().unitTypes[u.type]?.gravitic));
}

/** D-32: one participating TF moves into the vacated hex; no counter-action, capture applies. */
function advanceInto(
  state: PrefectState,
  tfId: string | null | undefined,
  allowed: string[],
  hex: string,
  how: 'MOVE' | 'ADVANCE_DR' | 'ADVANCE_BT',
  enemy: Side,
): GameEvent[] {
  if (!tfId || !allowed.includes(tfId)) return [];
  const tf = state.tfs[tfId];
  if (!tf || tf.side === enemy || !hexIsFreeFor(state, hex, tf.side, tfId)) return [];
  const from = tf.hex;
  tf.hex = hex;
  return [
    { type: 'advance', visibleTo: 'all', data: { tf: tfId, from, to: hex, rule: 'D-32' } },
    ...enterHex(state, tfId, hex, how),
  ];
}
