/**
 * 5.C.2-5.C.3 Naval support of ground combats (L2194-2238, D-76, D-83).
 * - Who: units in the GS box of the combat's zone, of the supported side, each once per turn (D-83).
 * - When: "Once combat has been declared" (L2214), in the Movement Phase counter-actions too
 *   (L2204, L2186); commitments are sealed and revealed together (D-76, option `gsCommitMode`).
 * - What: only the naval **attack** value is added, to the attack or the defence total (L2218-2220);
 *   detection is unchanged (L2222).
 * - Saves (L2226-2234): fighters save with their side's CRT number −1 per enemy ASD Century (an
 *   active base in the enemy hex counts as its Value, L2228); spacecraft roll only if the enemy
 *   has air defence and then fail only on a 10. Then they return to their TF (L2236).
 */
import type { GameEvent } from '#engine/contract.js';
import type { Dice } from '#engine/dice.js';
import type { CrtCell } from '../common/types.js';
import { otherSide, type Side } from '../common/types.js';
import { attackTotal, defenceTotal } from '../planetary/index.js';
import { terrainFor } from '../planetary/index.js';
import { crtCell, ratioColumn } from '../planetary/index.js';
import { rulesData } from '../planetary/index.js';
import { rollUnder, stats } from '../space/index.js';
import { navalSaveOutcome } from '../space/index.js';
import { fatiguedAttack, fatiguedDefence } from '../space/index.js';
import { campaignData } from './data/index.js';
import { asdCenturies, baseAsdAt, returnFromGsBox, zoneOfHex } from './map-link.js';
import { revealed } from './reveal.js';
import { ruleError } from './state.js';
import type { CampaignState, RuleError } from './types.js';

/** D-83, L2214: may `side` commit these naval units to a combat in `zone`? */
export function gsCommitErrors(cs: CampaignState, side: Side, zone: number, units: string[]): RuleError[] {
  const out: RuleError[] = [];
  const box = cs.zones[zone]?.gs ?? [];
  const seen = new Set<string>();
  for (const u of units) {
    if (seen.has(u)) out.push(ruleError('TWICE', 'D-83', `unit ${u} listed twice`, { unit: u }));
    seen.add(u);
    const e = box.find((x) => x.unit === u);
    // Only the player's own units are told apart: an enemy id gets the made-up id's answer (H16, H39 OWNER).
    if (cs.gsUsed.includes(u) && cs.space.units[u]?.side === side)
      out.push(ruleError('GS_USED', 'D-83', 'each GS unit is committed at most once per turn', { unit: u }));
    else if (!e || e.side !== side)
      out.push(
        ruleError('NOT_IN_GS_BOX', 'L2214', `unit ${u} is not one of your units in the GS box of zone ${zone}`, {
          unit: u,
        }),
      );
    else if (cs.space.units[u]?.status !== 'ACTIVE')
      out.push(ruleError('NOT_ACTIVE', 'L2214', `unit ${u} is not organised`, { unit: u }));
  }
  return out;
}

/**
 * D-76 sealed commitment of one side to the declared combat `combat` in `zone`. SIMUL: hidden
 * until both sides have sealed, then revealed together. ATTACKER_FIRST: the combat attacker
 * commits (revealed at once), then the defender. Returns the events (the seal itself is private).
 */
export function sealGsCommitment(
  cs: CampaignState,
  combat: string,
  zone: number,
  side: Side,
  combatAttacker: Side,
  units: string[],
): GameEvent[] | RuleError {
  const errs = gsCommitErrors(cs, side, zone, units);
  if (errs.length) return errs[0];
  const p = cs.pendingGs && cs.pendingGs.combat === combat ? cs.pendingGs : { combat, zone, sealed: {} };
  if (p.zone !== zone) return ruleError('WRONG_ZONE', 'L2214', 'the combat is in another zone');
  if (p.sealed[side]) return ruleError('ALREADY_SEALED', 'D-76', 'you have already committed to this combat');
  const other = otherSide(side);
  if (cs.options.gsCommitMode === 'ATTACKER_FIRST' && side !== combatAttacker && !p.sealed[combatAttacker]) {
    return ruleError('ATTACKER_FIRST', 'D-76', 'the combat attacker commits first');
  }
  const taken = new Set(p.sealed[other] ?? []);
  if (units.some((u) => taken.has(u))) return ruleError('NOT_IN_GS_BOX', 'L2214', 'unit committed by the enemy');
  p.sealed[side] = [...units];
  cs.pendingGs = p;
  const events: GameEvent[] = [{ type: 'gs.sealed', visibleTo: [side], data: { combat, units, rule: 'D-76' } }];
  if (cs.options.gsCommitMode === 'ATTACKER_FIRST' && side === combatAttacker && !p.sealed[other]) {
    events.push({ type: 'gs.committed', visibleTo: 'all', data: { combat, side, units, rule: 'D-76 option' } });
  } else if (p.sealed.TOG && p.sealed.CW) {
    events.push({
      type: 'gs.committed',
      visibleTo: 'all',
      data: { combat, TOG: p.sealed.TOG, CW: p.sealed.CW, rule: 'D-76' },
    });
  } else {
    events.push({ type: 'gs.waiting', visibleTo: 'all', data: { combat, sealed: side, rule: 'D-76' } });
  }
  return events;
}

/** Both sealed (or the combat may go ahead): the commitments, or null while one side is still hidden. */
export function revealedCommitments(cs: CampaignState, combat: string): Record<Side, string[]> | null {
  const p = cs.pendingGs;
  if (!p || p.combat !== combat || !p.sealed.TOG || !p.sealed.CW) return null;
  return { TOG: p.sealed.TOG, CW: p.sealed.CW };
}

/** L2218-2220: Σ naval attack (after its TF's fatigue, L1561) of the supporting units. */
export function gsSupportValue(cs: CampaignState, units: string[]): number {
  return units.reduce((a, id) => {
    const u = cs.space.units[id];
    const fatigue = u?.tf ? (cs.space.tfs[u.tf]?.fatigue ?? 0) : 0;
    return a + (u ? fatiguedAttack(stats(u), fatigue) : 0);
  }, 0);
}

/**
 * The totals and CRT column of a supported ground combat (L2218-2220, L567-573): the planetary
 * attack total + the attacker's naval attack, the defence total + terrain DF + the defender's
 * naval attack (not its defence, L2220).
 */
export function supportedTotals(
  cs: CampaignState,
  attackers: string[],
  defenderTf: string,
  support: Partial<Record<Side, string[]>>,
): { attack: number; defence: number; column: string; columnIndex: number; navalAttack: number; navalDefence: number } {
  const ps = cs.planetary;
  const def = ps.tfs[defenderTf];
  const aSide = otherSide(def.side);
  const navalAttack = gsSupportValue(cs, support[aSide] ?? []);
  const navalDefence = gsSupportValue(cs, support[def.side] ?? []);
  const dfTerrain = terrainFor(ps, def.id, def.hex, 'defence')?.defenceFactor ?? 0;
  const attack = attackTotal(ps, attackers) + navalAttack;
  const defence = defenceTotal(ps, def.id) + dfTerrain + navalDefence;
  const columnIndex = ratioColumn(attack, defence);
  return { attack, defence, column: rulesData().crt.columns[columnIndex], columnIndex, navalAttack, navalDefence };
}

/** The planetary CRT cell for a supported combat's column and roll (L595-607). */
export const supportedCell = (columnIndex: number, roll: number): CrtCell => crtCell(columnIndex, roll);

export interface NavalSaveLine {
  unit: string;
  kind: 'FIGHTER' | 'SHIP';
  rolled: boolean;
  target: number | null;
  roll: number | null;
  outcome: 'UNHARMED' | 'DISORGANISED' | 'DESTROYED';
  reason: string;
}

/**
 * The air defence a supporting side faces (L2226-2234): ASD Centuries of the enemy TF(s) in the
 * combat plus the Value of each non-disorganised enemy base in the enemy's hex (L2228; D-77 the
 * same count for a supported attack on a base). Announced when it changes a save (H30).
 */
export function airDefenceFacing(cs: CampaignState, enemyTfs: string[], enemyHex: string, enemySide: Side): number {
  return enemyTfs.reduce((a, t) => a + asdCenturies(cs, t), 0) + baseAsdAt(cs, enemyHex, enemySide);
}

/**
 * Saves of one side's supporting naval units after a ground combat (L2226-2236, D-83), applied
 * to the space state; the units then leave the GS box (used for the turn). `crtMod` is the
 * side's number in the CRT cell, `severe` a BT/CA against the side. Ships facing an active base
 * in a supported attack on it save normally (L2246 "targets that remain unchanged", D-77).
 */
export function applyNavalSupportSaves(
  cs: CampaignState,
  dice: Dice,
  a: { side: Side; units: string[]; crtMod: number; severe: boolean; airDefence: number; vsActiveBase?: boolean },
): { lines: NavalSaveLine[]; events: GameEvent[] } {
  const rules = campaignData.rules;
  const lines: NavalSaveLine[] = [];
  for (const id of a.units) {
    const u = cs.space.units[id];
    if (!u) continue;
    const s = stats(u);
    const fatigue = u.tf ? (cs.space.tfs[u.tf]?.fatigue ?? 0) : 0;
    if (s.kind === 'FIGHTER') {
      // L2226-2230: defence + CRT number, −1 per ASD Century faced (D-77: a base's Value).
      const target = fatiguedDefence(s, fatigue) + a.crtMod + rules.asd.saveModifierPerCentury * a.airDefence;
      const roll = dice.roll(10, `gs save ${u.type}`);
      const outcome = navalSaveOutcome(rollUnder(roll, target), u.status, a.severe); // D-83
      lines.push({ unit: id, kind: 'FIGHTER', rolled: true, target, roll, outcome, reason: 'L2226-2230' });
    } else if (a.vsActiveBase) {
      const target = fatiguedDefence(s, fatigue) + a.crtMod;
      const roll = dice.roll(10, `gs save ${u.type}`);
      lines.push({
        unit: id,
        kind: 'SHIP',
        rolled: true,
        target,
        roll,
        outcome: navalSaveOutcome(rollUnder(roll, target), u.status, a.severe),
        reason: 'L2246, D-77',
      });
    } else if (a.airDefence > 0) {
      // L2230-2232: only against air defence, and only a 10 fails, whatever the result.
      const roll = dice.roll(10, `gs save ${u.type}`);
      const failed = roll === rules.shipAirDefenceFailRoll.roll;
      lines.push({
        unit: id,
        kind: 'SHIP',
        rolled: true,
        target: null,
        roll,
        outcome: navalSaveOutcome(!failed, u.status, false),
        reason: 'L2230-2232',
      });
    } else {
      lines.push({
        unit: id,
        kind: 'SHIP',
        rolled: false,
        target: null,
        roll: null,
        outcome: 'UNHARMED',
        reason: 'L2230: no air defence, no save',
      });
    }
  }
  for (const l of lines) {
    const u = cs.space.units[l.unit];
    if (l.outcome === 'DISORGANISED') u.status = 'DISORGANISED';
    if (l.outcome === 'DESTROYED') u.status = 'DESTROYED';
  }
  returnFromGsBox(cs, a.units); // L2236
  const typeOf = (id: string) => cs.space.units[id]?.type ?? '?';
  const rolls = lines
    .filter((l) => l.roll !== null)
    .map((l) => ({ label: `gs save ${typeOf(l.unit)}`, sides: 10, value: l.roll as number }));
  const full = {
    side: a.side,
    airDefence: a.airDefence,
    saves: lines.map((l) => ({
      type: typeOf(l.unit),
      rolled: l.rolled,
      target: l.target,
      roll: l.roll,
      outcome: l.outcome,
      rule: l.reason,
    })),
  };
  const events = revealed(cs, 'gs.saves', full, rolls, {
    public: { side: a.side, saves: lines.map((l) => ({ type: typeOf(l.unit), outcome: l.outcome })) },
    details: [{ side: a.side, data: full, rolls: true }],
  });
  // H30: the enemy's ASD is announced when it changes a save.
  if (a.airDefence > 0)
    events.unshift({
      type: 'gs.air-defence-announced',
      visibleTo: 'all',
      data: { against: a.side, centuries: a.airDefence, rule: 'L2234, H30' },
    });
  return { lines, events };
}

/** Zone of a ground combat: the defender's hex (L2214 "the zone of the map where the combat takes place"). */
export const combatZone = (cs: CampaignState, defenderTf: string): number =>
  zoneOfHex(cs.planetary.tfs[defenderTf].hex);

/** A player's view of the pending D-76 commitment: his own units, and only whether the enemy has sealed (H29). */
export function gsCommitmentView(
  cs: CampaignState,
  viewer: Side,
): { combat: string; mine: string[] | null; enemySealed: boolean; enemy?: string[] } | null {
  const p = cs.pendingGs;
  if (!p) return null;
  const enemy = otherSide(viewer);
  const attackerFirstPublic = cs.options.gsCommitMode === 'ATTACKER_FIRST';
  return {
    combat: p.combat,
    mine: p.sealed[viewer] ?? null,
    enemySealed: !!p.sealed[enemy],
    ...(attackerFirstPublic && p.sealed[enemy] ? { enemy: p.sealed[enemy] } : {}),
  };
}
