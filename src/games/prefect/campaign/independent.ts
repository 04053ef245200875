/**
 * 5.C.5 Independent attacks (L2254-2276, D-78, D-80, D-83): at the end of the Ground Combat
 * Phase, unused GS units attack enemy TFs or ground bases of their zone; the turn Attacker
 * resolves all of his first (L2258), then the Defender.
 * - Against a TF: if it was not detected this turn the naval force must detect it with the
 *   planetary procedure, its ESM = fighters' ESM + spacecraft ESM −2 each (L2266); failure = no
 *   attack, the units go back. Then the naval attack vs the TF's defence + terrain DF (L2262),
 *   both sides detected (no shift, L2270); the TF saves as in a ground combat; the naval units
 *   save as in 5.C.3 (D-78).
 * - Against a ground base: Space combat rules (L2270-2276): the base is always detected, a
 *   force undetected in N-space may shift; ASD Centuries at the base give every attacking unit
 *   −1 (fighters do not add the base's Value); the base ignores AR/DR/CA/BT but saves with the
 *   number; only the base is attacked; a destroyed base disorganises its TFs there (L2276).
 */
import type { GameEvent } from '#engine/contract.js';
import type { Dice } from '#engine/dice.js';
import {
  defenceTotal,
  destroy,
  disorganise,
  disorganisedAt,
  removeTfIfEmpty,
  tfsAt,
  unitsIn,
} from '../planetary/index.js';
import { rulesData } from '../planetary/index.js';
import { crtCell, ratioColumn } from '../planetary/index.js';
import { detectionTarget, rollUnder, terrainFor } from '../planetary/index.js';
import { hexMatesOfSevereResult } from '../planetary/index.js';
import { retreatGroup } from '../planetary/index.js';
import { rollSave, saveTarget, unitsThatSave } from '../planetary/index.js';
import type { TaskForce } from '../planetary/index.js';
import type { Side } from '../common/types.js';
import { resolveSpaceCombat } from '../space/index.js';
import { spaceData } from '../space/index.js';
import { baseSaveRule, navalSaveOutcome } from '../space/index.js';
import { stats } from '../space/index.js';
import { fatiguedDefence } from '../space/index.js';
import { campaignData } from './data/index.js';
import { applyNavalSupportSaves, gsCommitErrors, gsSupportValue } from './ground-support.js';
import { asdCenturies, baseAsdAt, returnFromGsBox, zoneOfHex, zoneOfSegment } from './map-link.js';
import { revealed } from './reveal.js';
import { ruleError } from './state.js';
import type { CampaignState, RuleError } from './types.js';

/** L2258: the turn Attacker resolves his independent attacks first; each side finishes once. */
export function independentTurnError(cs: CampaignState, side: Side): RuleError | null {
  const done = cs.endOfCombat.independentDone;
  if (done.includes(side)) return ruleError('INDEPENDENT_DONE', 'L2258', 'you have finished your independent attacks');
  if (side !== cs.attacker && !done.includes(cs.attacker))
    return ruleError('ATTACKER_FIRST', 'L2258', 'the turn Attacker resolves his independent attacks first');
  return null;
}

export function finishIndependentAttacks(cs: CampaignState, side: Side): RuleError | null {
  const e = independentTurnError(cs, side);
  if (e) return e;
  cs.endOfCombat.independentDone.push(side);
  return null;
}

/** L2266: fighters' ESM as printed, every spacecraft's ESM −2 (floored at 0 per ship: reconstructed, a sensor has no negative range). */
export function navalDetectionEsm(cs: CampaignState, units: string[]): number {
  const pen = campaignData.rules.spacecraftEsmPenalty.value;
  return units.reduce((a, id) => {
    const s = stats(cs.space.units[id]);
    return a + (s.kind === 'FIGHTER' ? s.esm : Math.max(0, s.esm - pen));
  }, 0);
}

const bump = (tf: TaskForce | undefined): void => {
  if (tf) tf.fatigue = Math.min(3, tf.fatigue + 1) as TaskForce['fatigue'];
};

/** Independent naval attack on an enemy ground TF (L2260-2268). `esm`: announced ESM (D-18), default the maximum. */
export function independentAttackOnTf(
  cs: CampaignState,
  dice: Dice,
  o: { side: Side; units: string[]; target: string; esm?: number },
): GameEvent[] | RuleError {
  const ps = cs.planetary;
  const order = independentTurnError(cs, o.side);
  if (order) return order;
  const tf = ps.tfs[o.target];
  if (!tf || tf.side === o.side) return ruleError('BAD_TARGET', 'L2256', 'the target must be an enemy TF');
  if (o.units.length === 0) return ruleError('NO_UNITS', 'L2256', 'name the GS units that attack');
  const errs = gsCommitErrors(cs, o.side, zoneOfHex(tf.hex), o.units);
  if (errs.length) return errs[0];
  const events: GameEvent[] = [];
  if (!tf.detected) {
    const max = navalDetectionEsm(cs, o.units);
    const esm = o.esm ?? max;
    const inRange = max >= 1 ? Number.isInteger(esm) && esm >= 1 && esm <= max : esm === max; // D-18
    if (!inRange) return ruleError('BAD_ESM', 'D-18', `announce an ESM from 1 to ${max}`);
    const targetNumber = detectionTarget(ps, esm, tf.id);
    const roll = dice.roll(10, `naval detection ${tf.id}`);
    const success = rollUnder(roll, targetNumber);
    const rolls = [{ label: `naval detection ${tf.id}`, sides: 10, value: roll }];
    const pub = { side: o.side, target: tf.id, esm, success, rule: 'L2264-2268' };
    // D-19: TABLETOP shows the target number and roll to all; STRICT only to the target's owner.
    if (ps.options.revealMode === 'TABLETOP')
      events.push({ type: 'independent.detection', visibleTo: 'all', data: { ...pub, targetNumber, roll }, rolls });
    else
      events.push(
        { type: 'independent.detection', visibleTo: 'all', data: pub },
        { type: 'independent.detection.detail', visibleTo: [tf.side], data: { targetNumber, roll }, rolls },
      );
    if (!success) {
      returnFromGsBox(cs, o.units); // L2268: back to their box; committed for the turn (D-83)
      return events;
    }
    tf.detected = true; // L505
  }
  // L2262: naval attack vs defence + terrain; both detected → no shift (L2270).
  const attack = gsSupportValue(cs, o.units);
  const defence = defenceTotal(ps, tf.id) + (terrainFor(ps, tf.id, tf.hex, 'defence')?.defenceFactor ?? 0);
  const col = ratioColumn(attack, defence);
  const roll = dice.roll(10, `independent ${tf.id}`);
  const cell = crtCell(col, roll);
  const severe = cell.dFlag === 'BT';
  const airDefence = asdCenturies(cs, tf.id) + baseAsdAt(cs, tf.hex, tf.side);
  const vsActiveBase = Object.values(ps.bases).some(
    (b) => b.hex === tf.hex && b.side === tf.side && b.status === 'ACTIVE',
  );
  const hex = tf.hex;
  const loose = severe ? disorganisedAt(ps, hex, tf.side) : [];
  const saves = unitsThatSave(ps, tf.id, severe).map((u) =>
    rollSave(dice, u, tf, saveTarget(ps, u, tf, cell.d, false), severe),
  );
  for (const s of saves) {
    if (s.outcome === 'DESTROYED') destroy(ps, ps.units[s.unit]);
    else if (s.outcome === 'DISORGANISED') disorganise(ps.units[s.unit], hex);
  }
  const mates = severe ? hexMatesOfSevereResult(ps, dice, tf.side, hex, loose, cell.d) : [];
  if (severe) for (const u of unitsIn(ps, tf.id)) disorganise(u, hex);
  if (severe) ps.tempo[o.side]++; // D-37: BT for the combat attacker
  if (cell.aFlag === 'CA') ps.tempo[tf.side]++;
  if (!removeTfIfEmpty(ps, tf.id)) bump(ps.tfs[tf.id]); // D-33
  const result = { aFlag: cell.aFlag ?? null, dFlag: cell.dFlag ?? null };
  const ownSaves = saves.map((s) => ({ type: s.type, target: s.target, roll: s.roll, outcome: s.outcome }));
  // Every roll travels in an event (the hex mates' saves of L655/L733 too), labelled by type, not unit id (H1).
  const mateRolls = mates
    .filter((m) => m.roll !== null)
    .map((m) => ({ label: `save ${m.type}`, sides: 10, value: m.roll as number }));
  events.push(
    ...revealed(
      cs,
      'independent.combat',
      {
        side: o.side,
        target: tf.id,
        hex,
        attack,
        defence,
        column: rulesData().crt.columns[col],
        roll,
        cell: { a: cell.a, aFlag: cell.aFlag ?? null, d: cell.d, dFlag: cell.dFlag ?? null },
        saves: ownSaves,
        hexMates: mates.length,
        rule: 'L2260-2262',
      },
      [
        { label: `independent ${tf.id}`, sides: 10, value: roll },
        ...saves.map((s) => ({ label: `save ${s.type}`, sides: 10, value: s.roll })),
        ...mateRolls,
      ],
      {
        public: { side: o.side, target: tf.id, hex, result, rule: 'L2260-2262' },
        details: [
          { side: o.side, data: { attack, roll } },
          { side: tf.side, data: { defence, saves: ownSaves, hexMates: mates.length }, rolls: true },
        ],
      },
    ),
  );
  if ((cell.dFlag === 'DR' || severe) && ps.tfs[tf.id])
    events.push(...retreatGroup(ps, tf.side, tf.id, hex, new Set()).events);
  else if (severe) events.push(...retreatGroup(ps, tf.side, null, hex, new Set()).events);
  events.push(
    ...applyNavalSupportSaves(cs, dice, {
      side: o.side,
      units: o.units,
      crtMod: cell.a,
      severe: cell.aFlag === 'CA',
      airDefence,
      vsActiveBase,
    }).events,
  );
  return events;
}

export type BaseTarget = { legion: string } | { naval: string };

/** Independent naval attack on an enemy ground base (L2270-2276), with the Space combat rules. */
export function independentAttackOnBase(
  cs: CampaignState,
  dice: Dice,
  o: { side: Side; units: string[]; base: BaseTarget; shiftRight?: boolean; undetectedInNSpace: boolean },
): GameEvent[] | RuleError {
  const order = independentTurnError(cs, o.side);
  if (order) return order;
  const ps = cs.planetary;
  let hex: string | undefined;
  let zone: number;
  let defence: number;
  let status: 'ACTIVE' | 'DISRUPTED';
  let baseSide: Side;
  if ('legion' in o.base) {
    const b = ps.bases[o.base.legion];
    if (!b) return ruleError('BAD_TARGET', 'L2256', 'no such base');
    hex = b.hex;
    zone = zoneOfHex(b.hex);
    defence = campaignData.rules.legionBaseCombat[b.type].defence;
    status = b.status;
    baseSide = b.side;
  } else {
    const b = cs.space.bases[o.base.naval];
    if (!b || b.status === 'DESTROYED' || !b.type.startsWith('GN'))
      return ruleError('BAD_TARGET', 'L2256', 'not a naval ground base');
    if (b.sector !== campaignData.rules.planetSector)
      return ruleError('BAD_TARGET', 'L2141', 'the base is not on the planet');
    hex = cs.navalBaseHexes[b.id];
    zone = zoneOfSegment(b.segment);
    defence = spaceData.baseTypes[b.type].defence;
    status = b.status === 'DISRUPTED' ? 'DISRUPTED' : 'ACTIVE';
    baseSide = b.side;
  }
  if (baseSide === o.side) return ruleError('BAD_TARGET', 'L2256', 'the target must be an enemy base');
  if (o.units.length === 0) return ruleError('NO_UNITS', 'L2256', 'name the GS units that attack');
  const errs = gsCommitErrors(cs, o.side, zone, o.units);
  if (errs.length) return errs[0];
  // L2270: the base is always detected; an attacker undetected in N-space may shift (L2272).
  if (o.shiftRight && !o.undetectedInNSpace)
    return ruleError(
      'SHIFT_NOT_ALLOWED',
      'L2272',
      'the attacking naval force was detected in N-space this turn: no column shift',
    );
  const r = resolveSpaceCombat(dice, gsSupportValue(cs, o.units), defence, !!o.shiftRight, o.undetectedInNSpace);
  if ('code' in r) return r;
  const friendly = hex ? tfsAt(ps, hex).filter((t) => t.side === baseSide) : [];
  const asd = friendly.reduce((a, t) => a + asdCenturies(cs, t.id), 0);
  const mod = campaignData.rules.asd.saveModifierPerCentury * asd; // L2272: every attacking unit
  const lines = o.units.map((id) => {
    const u = cs.space.units[id];
    const fatigue = u.tf ? (cs.space.tfs[u.tf]?.fatigue ?? 0) : 0;
    const target = fatiguedDefence(stats(u), fatigue) + r.cell.a + mod;
    const roll = dice.roll(10, `space save ${u.type}`);
    const outcome = navalSaveOutcome(rollUnder(roll, target), u.status, r.cell.aFlag === 'CA');
    if (outcome !== 'UNHARMED') u.status = outcome;
    return { type: u.type, target, roll, outcome };
  });
  returnFromGsBox(cs, o.units);
  // L2274: the base ignores AR/DR/CA/BT, but saves with its number.
  const rule = baseSaveRule(false, 'GS_STRIKES_GROUND_BASE', {
    friendlyNaval: false,
    severe: false,
    disorganised: status === 'DISRUPTED',
  });
  let baseOutcome: 'UNHARMED' | 'DISRUPTED' | 'DESTROYED' = 'UNHARMED';
  let baseRoll: number | null = null;
  const baseTarget = defence + r.cell.d;
  if (rule.rolls) {
    baseRoll = dice.roll(10, 'base save');
    if (!rollUnder(baseRoll, baseTarget)) baseOutcome = rule.onFail === 'DESTROYED' ? 'DESTROYED' : 'DISRUPTED';
  }
  const disorganisedTfs: string[] = [];
  if ('legion' in o.base) {
    if (baseOutcome === 'DISRUPTED') ps.bases[o.base.legion].status = 'DISRUPTED';
    if (baseOutcome === 'DESTROYED') delete ps.bases[o.base.legion];
  } else {
    const b = cs.space.bases[o.base.naval];
    if (baseOutcome === 'DISRUPTED') b.status = 'DISRUPTED';
    if (baseOutcome === 'DESTROYED') {
      b.status = 'DESTROYED';
      b.supply = 0;
    }
  }
  if (baseOutcome === 'DESTROYED' && hex) {
    // L2276: "all units of the Task Force are immediately disorganised".
    for (const t of friendly) {
      for (const u of unitsIn(ps, t.id)) disorganise(u, hex);
      delete ps.tfs[t.id];
      disorganisedTfs.push(t.id);
    }
  }
  const baseId = 'legion' in o.base ? o.base.legion : o.base.naval;
  return revealed(
    cs,
    'independent.base',
    {
      side: o.side,
      base: baseId,
      hex: hex ?? null,
      column: r.column,
      shifted: r.shifted,
      roll: r.roll,
      cell: { a: r.cell.a, aFlag: r.cell.aFlag ?? null, d: r.cell.d, dFlag: r.cell.dFlag ?? null },
      asdAtBase: asd,
      saves: lines,
      baseSave: { target: baseTarget, roll: baseRoll, outcome: baseOutcome },
      disorganisedTfs,
      rule: 'L2270-2276',
    },
    [
      { label: `space combat ${r.column}`, sides: 10, value: r.roll },
      ...lines.map((l) => ({ label: `space save ${l.type}`, sides: 10, value: l.roll })),
      ...(baseRoll === null ? [] : [{ label: 'base save', sides: 10, value: baseRoll }]), // every roll travels in an event
    ],
    {
      // The base's fate and the TFs it takes with it are public; ASD at the base is announced (H30).
      public: {
        side: o.side,
        base: baseId,
        hex: hex ?? null,
        baseOutcome,
        asdAtBase: asd,
        disorganisedTfs,
        rule: 'L2270-2276',
      },
      details: [
        { side: o.side, data: { column: r.column, roll: r.roll, saves: lines }, rolls: true },
        { side: baseSide, data: { baseSave: { target: baseTarget, roll: baseRoll } } },
      ],
    },
  );
}
