/**
 * Stacking (rule 6, digest §5.4). Limits are per player per hex; the enemy's presence is
 * irrelevant (6.0) and SF never count (6.4). The limits come from the data pack
 * (tables.json `stacking`):
 * - at most 3 "regular" units (6.0), of which at most 1 Spaceport (6.1) and at most 2 combat
 *   battalions or Heavy Weapons (6.2);
 * - over and above those, 1 Heavy Weapons company and 2 Transport companies (6.3);
 * - never more than 3 units with attack factors in all (6.3).
 * Taking the first HW and the first two Transports as the "extra" ones is always the best
 * choice (it lowers every count), so a stack is legal iff that assignment is.
 *
 * The limits apply only at the end of each Movement Segment and each Transportation Segment
 * (6.8), and to every landing and advance after combat (6.8, 7.9, 11.19): callers decide when
 * to check; this file only counts.
 */
import { tablesData, unitsData } from './data/index.js';
import type { CerberusState, HexId, Side, Unit, UnitClass } from './state.js';

const LIMITS = {
  regular: tablesData.stacking.regularSlots.value,
  spaceports: tablesData.stacking.maxSpaceports.value,
  combatInRegular: tablesData.stacking.maxCombatInRegularSlots.value,
  extraHw: tablesData.stacking.extraHeavyWeapons.value,
  extraTransports: tablesData.stacking.extraTransports.value,
  withAttack: tablesData.stacking.maxUnitsWithAttackFactors.value,
};

export interface StackCount {
  spaceports: number;
  /** Bases and E-Fields (E-Fields take a regular slot, digest G25). */
  installations: number;
  /** Infantry- and Mobile-class battalions of every sub-type (6.2 "of any type"). */
  battalions: number;
  heavyWeapons: number;
  transports: number;
}

/** 6.0–6.4 counts one player's units of a hex by stacking category (SF ignored, 6.4). */
export function countStack(units: readonly Pick<Unit, 'cls'>[]): StackCount {
  const c: StackCount = { spaceports: 0, installations: 0, battalions: 0, heavyWeapons: 0, transports: 0 };
  for (const u of units) {
    if (u.cls === 'SPACEPORT') c.spaceports++;
    else {
      const cat = unitsData.classes[u.cls as UnitClass]!.stacking;
      if (cat === 'INSTALLATION') c.installations++;
      else if (cat === 'COMBAT') c.battalions++;
      else if (cat === 'HEAVY_WEAPONS') c.heavyWeapons++;
      else if (cat === 'TRANSPORT') c.transports++;
    }
  }
  return c;
}

export interface StackingProblem {
  code: string;
  rule: string;
  message: string;
}

/** Every stacking limit a single player's stack breaks (empty = legal). */
export function stackProblems(units: readonly Pick<Unit, 'cls'>[]): StackingProblem[] {
  const c = countStack(units);
  const hwExtra = Math.min(c.heavyWeapons, LIMITS.extraHw);
  const tExtra = Math.min(c.transports, LIMITS.extraTransports);
  const combatRegular = c.battalions + c.heavyWeapons - hwExtra;
  const regular = c.spaceports + c.installations + combatRegular + c.transports - tExtra;
  const out: StackingProblem[] = [];
  if (c.spaceports > LIMITS.spaceports) {
    out.push({
      code: 'stacking.spaceports',
      rule: '6.1',
      message: `A stack may never include more than ${LIMITS.spaceports} Spaceport.`,
    });
  }
  if (combatRegular > LIMITS.combatInRegular) {
    out.push({
      code: 'stacking.combat',
      rule: '6.2',
      message: `The three units of a stack may include at most ${LIMITS.combatInRegular} combat battalions or Heavy Weapons units (one more Heavy Weapons company may be added, 6.3).`,
    });
  }
  if (regular > LIMITS.regular) {
    out.push({
      code: 'stacking.units',
      rule: '6.0, 6.3',
      message: `A player may have ${LIMITS.regular} units in a hex, plus ${LIMITS.extraHw} Heavy Weapons and ${LIMITS.extraTransports} Transport companies.`,
    });
  }
  if (c.battalions + c.heavyWeapons > LIMITS.withAttack) {
    out.push({
      code: 'stacking.attack-units',
      rule: '6.3',
      message: `No more than ${LIMITS.withAttack} units with attack factors may be stacked together.`,
    });
  }
  return out;
}

/** 6.0–6.4 is this one-player stack legal? */
export function isStackingLegal(units: readonly Pick<Unit, 'cls'>[]): boolean {
  return stackProblems(units).length === 0;
}

/** `side`'s map units in `hex` (SF excluded: they are never on the map as units, 6.4). */
export function stackAt(state: CerberusState, side: Side, hex: HexId): Unit[] {
  return state.units.filter((u) => u.side === side && u.box === 'MAP' && u.hex === hex && u.cls !== 'SF');
}

export interface StackingViolation extends StackingProblem {
  side: Side;
  hex: HexId;
  unitIds: string[];
}

/** 6.8 `side`'s overstacked hexes (all of them, or just `hex`), in hex order. */
export function stackingViolations(state: CerberusState, side: Side, hex?: HexId): StackingViolation[] {
  const byHex = new Map<HexId, Unit[]>();
  for (const u of state.units) {
    if (u.side !== side || u.box !== 'MAP' || u.hex === null || u.cls === 'SF') continue;
    if (hex !== undefined && u.hex !== hex) continue;
    const list = byHex.get(u.hex) ?? [];
    list.push(u);
    byHex.set(u.hex, list);
  }
  const out: StackingViolation[] = [];
  for (const h of [...byHex.keys()].sort()) {
    const units = byHex.get(h)!;
    for (const p of stackProblems(units)) out.push({ ...p, side, hex: h, unitIds: units.map((u) => u.id) });
  }
  return out;
}

/** 6.8, 7.9, 11.19 would `side`'s stack in `hex` stay legal with `adding` placed there too? */
export function canAddToStack(
  state: CerberusState,
  side: Side,
  hex: HexId,
  adding: readonly Pick<Unit, 'id' | 'cls'>[],
): boolean {
  const ids = new Set(adding.map((u) => u.id));
  const present = stackAt(state, side, hex).filter((u) => !ids.has(u.id));
  return isStackingLegal([...present, ...adding]);
}
