/**
 * A ground combat with naval support, end to end (L2212-2252), as a wrapper around the planetary
 * `resolveCombat`, through its campaign hooks: `extraAttack`/`extraDefence` added to the totals
 * and `onCell` called with the CRT cell (for the naval saves).
 *
 * 5.C.4 Supported attacks against bases (L2240-2252, D-77): with an active enemy base in the
 * defender's hex the attacker's ships save normally and his fighters face the base's Value as
 * ASD; afterwards the base saves (defence + the defender's CRT number): a failure disrupts it,
 * or destroys it and all its supply if it was already disrupted.
 */
import type { GameEvent } from '#engine/contract.js';
import type { Dice } from '#engine/dice.js';
import { resolveCombat, type CombatSpec } from '../planetary/index.js';
import { rollUnder } from '../planetary/index.js';
import type { CrtCell } from '../common/types.js';
import type { PrefectState } from '../planetary/index.js';
import { otherSide, type Side } from '../common/types.js';
import { campaignData } from './data/index.js';
import { airDefenceFacing, applyNavalSupportSaves, gsCommitErrors, gsSupportValue } from './ground-support.js';
import { returnFromGsBox, zoneOfHex } from './map-link.js';
import { revealed } from './reveal.js';
import { ruleError } from './state.js';
import type { CampaignState, RuleError } from './types.js';

/** Active Legion base of `side` in `hex`, if any. */
const activeOrDisruptedBase = (ps: PrefectState, hex: string, side: Side) =>
  Object.values(ps.bases).find((b) => b.hex === hex && b.side === side);

/** L2250-2252: the attacked base saves; failure disrupts it, or destroys it (and its SP) if disrupted already. */
export function supportedBaseSave(cs: CampaignState, dice: Dice, baseId: string, crtMod: number): GameEvent[] {
  const b = cs.planetary.bases[baseId];
  if (!b) return [];
  const defence = campaignData.rules.legionBaseCombat[b.type]?.defence ?? 0;
  const target = defence + crtMod;
  const roll = dice.roll(10, `base save ${b.type}`);
  const ok = rollUnder(roll, target);
  let outcome: 'UNHARMED' | 'DISRUPTED' | 'DESTROYED' = 'UNHARMED';
  if (!ok && b.status === 'DISRUPTED') {
    outcome = 'DESTROYED';
    delete cs.planetary.bases[baseId]; // "and of all the supply it contains" (L2252)
  } else if (!ok) {
    outcome = 'DISRUPTED';
    b.status = 'DISRUPTED';
  }
  // D-19 like every campaign combat event: under STRICT the target (it carries the CRT number) and the roll go to the base's owner.
  return revealed(
    cs,
    'base.save',
    { base: baseId, hex: b.hex, target, roll, outcome, rule: 'L2250-2252' },
    [{ label: `base save ${b.type}`, sides: 10, value: roll }],
    {
      public: { base: baseId, hex: b.hex, outcome, rule: 'L2250-2252' },
      details: [{ side: b.side, data: { base: baseId, target, roll }, rolls: true }],
    },
  );
}

/**
 * One declared ground combat with the revealed naval commitments `support` (D-76). Validates the
 * commitments (zone of the defender's hex, D-83), resolves the planetary combat with the naval
 * attack added (L2218-2220), then the naval saves (L2226-2236) and the supported-base save (L2250).
 */
export function resolveSupportedCombat(
  cs: CampaignState,
  dice: Dice,
  spec: CombatSpec,
  support: Partial<Record<Side, string[]>>,
): GameEvent[] | RuleError {
  const ps = cs.planetary;
  if (!('tf' in spec.target)) return resolveCombat(ps, dice, spec);
  const def = ps.tfs[spec.target.tf];
  if (!def) return ruleError('NO_TARGET', 'L547', 'no such defending TF');
  const dSide = def.side;
  const aSide = otherSide(dSide);
  const zone = zoneOfHex(def.hex);
  for (const side of [aSide, dSide]) {
    const errs = gsCommitErrors(cs, side, zone, support[side] ?? []);
    if (errs.length) return errs[0];
  }
  const aUnits = support[aSide] ?? [];
  const dUnits = support[dSide] ?? [];
  if (aUnits.length + dUnits.length === 0) return resolveCombat(ps, dice, spec);
  // Air defence is counted before the combat changes the TFs (L2226-2228).
  const attackerHexes = spec.attackers.map((id) => ps.tfs[id]?.hex).filter((h): h is string => !!h);
  const adVsAttacker = airDefenceFacing(cs, [def.id], def.hex, dSide);
  const adVsDefender =
    spec.attackers.reduce((a, id) => a + airDefenceFacing(cs, [id], '', aSide), 0) +
    attackerHexes.reduce((a, h) => a + airDefenceFacing(cs, [], h, aSide), 0);
  const base = activeOrDisruptedBase(ps, def.hex, dSide);
  const vsActiveBase = !!base && base.status === 'ACTIVE' && aUnits.length > 0;
  let cell: CrtCell | undefined;
  const hooked: CombatSpec = {
    ...spec,
    extraAttack: gsSupportValue(cs, aUnits),
    extraDefence: gsSupportValue(cs, dUnits),
    onCell: (c) => {
      cell = c;
    },
  };
  const events = resolveCombat(ps, dice, hooked);
  if (cs.pendingGs) delete cs.pendingGs;
  if (!cell) {
    // No roll (a support-only defender, L567): the committed units took part and go back (L2236, D-83).
    returnFromGsBox(cs, [...aUnits, ...dUnits]);
    return events;
  }
  const c: CrtCell = cell;
  if (aUnits.length)
    events.push(
      ...applyNavalSupportSaves(cs, dice, {
        side: aSide,
        units: aUnits,
        crtMod: c.a,
        severe: c.aFlag === 'CA',
        airDefence: adVsAttacker,
        vsActiveBase,
      }).events,
    );
  if (dUnits.length)
    events.push(
      ...applyNavalSupportSaves(cs, dice, {
        side: dSide,
        units: dUnits,
        crtMod: c.d,
        severe: c.dFlag === 'BT',
        airDefence: adVsDefender,
      }).events,
    );
  // D-87, L2796: after an agreed Centurion result the base's installations were on the map; the entry decided its fate (external/installations.ts).
  if (base && aUnits.length > 0 && ps.bases[base.id]?.side === dSide && !spec.external)
    events.push(...supportedBaseSave(cs, dice, base.id, c.d));
  return events;
}
