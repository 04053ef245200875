/**
 * Builds the naval counter types and base classes (naval.json). The counter sheet is lost
 * (digest §3.4, M7): values fixed by an example carry a rulebook fieldProvenance, the rest are
 * designed and say why. Side-specific where the examples differ (D-10).
 */
import { reconstructed, rulebook, type Provenance } from '#engine/tables.js';
import type { FieldProvenance } from '../../common/types.js';
import type { FighterClass, NavalBaseClass, NavalBaseType, NavalUnitType, ShipClass } from '../types.js';

type Stats = [attack: number, defence: number, sig: number, esm: number, thrust: number, carry: number];
type Known = Partial<Record<'attack' | 'defence' | 'sig' | 'esm' | 'thrust' | 'carry', string>>;

const NAMES: Record<ShipClass | FighterClass, string> = {
  BB: 'Battleship', CA: 'Cruiser', FG: 'Frigate', P: 'Pursuit Squadron', D: 'Defence Squadron', FGV: 'Carrier Frigate',
  DDV: 'Carrier Destroyer', TRL: 'Light Transport Squadron', TRM: 'Medium Transport Squadron', FL1: 'Light Fighter type 1',
  FL2: 'Light Fighter type 2', FM1: 'Medium Fighter type 1', FM2: 'Medium Fighter type 2', FH1: 'Heavy Fighter type 1', FH2: 'Heavy Fighter type 2',
};

/**
 * Designed defaults (both sides): capital ships strong and slow, squadrons middling, fighters
 * fast and quiet (fighters Sig 0, ESM 1 as every example, L1497-1525); carry = fighter squadrons,
 * transports = SP (D-41: TRL 10, TRM 100).
 */
const DESIGN: Record<ShipClass | FighterClass, Stats> = {
  BB: [10, 12, 4, 4, 2, 6], CA: [6, 8, 3, 5, 3, 2], FG: [3, 4, 1, 2, 5, 0], P: [5, 5, 1, 2, 5, 4], D: [3, 5, 2, 2, 4, 4],
  FGV: [2, 4, 2, 2, 4, 15], DDV: [2, 3, 2, 2, 4, 8], TRL: [0, 3, 2, 1, 3, 10], TRM: [0, 5, 3, 1, 2, 100],
  FL1: [2, 3, 0, 1, 10, 0], FL2: [2, 4, 0, 1, 10, 0], FM1: [3, 6, 0, 1, 7, 0], FM2: [3, 7, 0, 1, 7, 0], FH1: [4, 7, 0, 1, 6, 0], FH2: [5, 7, 0, 1, 6, 0],
};

/** Per-side values the examples fix (digest §3.4). */
const KNOWN: Partial<Record<string, { stats: Partial<Record<keyof Known, number>>; rules: Known }>> = {
  'tog-D': { stats: { attack: 3, defence: 5, sig: 2, carry: 4 }, rules: { sig: 'L1393', carry: 'L1322', attack: 'L2025 (D Sqn + FH: attack 7, FH 4)', defence: 'L2025 (D Sqn + FH: defence 12, FH 7)' } },
  'tog-P': { stats: { sig: 1, carry: 4 }, rules: { sig: 'L1393', carry: 'L1338 (L1322 says 5: a per-counter value, D-10)' } },
  'tog-FGV': { stats: { carry: 15 }, rules: { carry: 'L1324' } },
  'tog-BB': { stats: { carry: 6 }, rules: { carry: 'L1338' } },
  'cw-CA': { stats: { defence: 8, esm: 5, thrust: 3 }, rules: { defence: 'L1725', esm: 'L1499', thrust: 'L1521' } },
  'cw-P': { stats: { attack: 7 }, rules: { attack: 'L2222' } },
  'tog-FM1': { stats: { attack: 3, defence: 6, sig: 0, esm: 1, thrust: 7 }, rules: { attack: 'L1725', defence: 'L1567', sig: 'L1497', esm: 'L1525', thrust: 'L1521' } },
  'tog-FH1': { stats: { attack: 4, defence: 7, sig: 0, esm: 1, thrust: 6 }, rules: { attack: 'L1725', defence: 'L1567', sig: 'L1497', esm: 'L1525', thrust: 'L1521' } },
  'tog-FL1': { stats: { attack: 2 }, rules: { attack: 'L2222' } },
  'cw-FL1': { stats: { attack: 2, defence: 3, sig: 0, esm: 1, thrust: 10 }, rules: { attack: 'L1567', defence: 'L1655', sig: 'L1497', esm: 'L1499', thrust: 'L1521' } },
  'cw-FM1': { stats: { attack: 3, defence: 7, sig: 0, esm: 1, thrust: 6 }, rules: { attack: 'L1567', defence: 'L1655', sig: 'L1497', esm: 'L1499', thrust: 'L1521' } },
  'cw-FH1': { stats: { attack: 4 }, rules: { attack: 'L2025' } },
};

/** D-65b naval reorganisation costs. */
const REORG: Record<ShipClass | FighterClass, number> = {
  BB: 8, CA: 6, FG: 4, P: 4, D: 4, FGV: 4, DDV: 4, TRL: 2, TRM: 2, FL1: 2, FL2: 2, FM1: 2, FM2: 2, FH1: 2, FH2: 2,
};

const FIELDS = ['attack', 'defence', 'sig', 'esm', 'thrust', 'carry'] as const;

function unitType(side: 'TOG' | 'CW', code: ShipClass | FighterClass): NavalUnitType {
  const id = `${side.toLowerCase()}-${code}`;
  const d = DESIGN[code];
  const known = KNOWN[id];
  const fieldProvenance: FieldProvenance = {
    reorgCost: reconstructed('D-65b: the rulebook gives no naval reorganisation cost (M10); designed by class (fighters and transports 2, squadrons and frigates 4, CA 6, BB 8)'),
  };
  const v = Object.fromEntries(FIELDS.map((f, i) => [f, known?.stats[f] ?? d[i]])) as Record<(typeof FIELDS)[number], number>;
  for (const f of FIELDS) {
    const rule = known?.rules[f];
    if (rule && known?.stats[f] !== undefined) fieldProvenance[f] = rulebook(rule);
  }
  const kind = code.startsWith('F') && code !== 'FG' && code !== 'FGV' ? 'FIGHTER' : code === 'TRL' || code === 'TRM' ? 'TRANSPORT' : 'SHIP';
  const provenance: Provenance = reconstructed(
    'Counter sheet lost (digest §3.4, M7): values designed by class (capital ships strong and slow, fighters Sig 0 / ESM 1 like every example); transports carry SP per D-41',
  );
  return { id, name: `${NAMES[code]} (${side})`, code, side, kind, ...v, reorgCost: REORG[code], provenance, fieldProvenance };
}

export function buildUnitTypes(): Record<string, NavalUnitType> {
  const out: Record<string, NavalUnitType> = {};
  for (const side of ['TOG', 'CW'] as const) {
    for (const code of Object.keys(DESIGN) as (ShipClass | FighterClass)[]) {
      const t = unitType(side, code);
      out[t.id] = t;
    }
  }
  return out;
}

/**
 * Base classes O/GN1-6 (L1132). Designed so that ground bases have "higher defence values and
 * supply limits, but lower attack and ESM values" (L2003), and to match the two bases the text
 * values: the "ONI" (ON1) station, ESM 2 (L1499) and defence 3 (L1725); GN2 attack 1 (L2025),
 * defence 6 (L2025). ON: A 2n, D 2n+1, ESM n+1, Sig n; GN: A ceil(n/2), D 2n+2, ESM ceil(n/2),
 * Sig 0 (dug in); storage ON 20n (D-41), GN 30n (higher, L2003).
 */
export function buildBaseTypes(): Record<NavalBaseClass, NavalBaseType> {
  const out = {} as Record<NavalBaseClass, NavalBaseType>;
  const provenance = reconstructed('Base counter values lost (M7): designed formula per class, see build-units.ts; ground bases tougher but weaker (L2003)');
  for (let n = 1; n <= 6; n++) {
    const on: NavalBaseType = {
      id: `ON${n}` as NavalBaseClass, orbital: true, classLevel: n, attack: 2 * n, defence: 2 * n + 1, esm: n + 1, sig: n, supplyMax: 20 * n,
      provenance, fieldProvenance: {
        classLevel: rulebook('L1132'),
        supplyMax: reconstructed('D-41: the rulebook gives no base storage maximum; designed 20 × class (ground bases 30 × class, higher by L2003)'),
      },
    };
    const gn: NavalBaseType = {
      id: `GN${n}` as NavalBaseClass, orbital: false, classLevel: n, attack: Math.ceil(n / 2), defence: 2 * n + 2, esm: Math.ceil(n / 2), sig: 0,
      supplyMax: 30 * n, provenance, fieldProvenance: { classLevel: rulebook('L1132') },
    };
    if (n === 1) Object.assign(on.fieldProvenance ?? {}, { esm: rulebook('L1499 (ONI station ESM 2)'), defence: rulebook('L1725 (ONI base defence 3)') });
    if (n === 2) Object.assign(gn.fieldProvenance ?? {}, { attack: rulebook('L2025 (GN2 attack 1)'), defence: rulebook('L2025 (GN2 defence 6)') });
    out[on.id] = on;
    out[gn.id] = gn;
  }
  return out;
}

/**
 * D-74: the Marine cohort's space attack value is missing from the text (the Marine counters are
 * lost, M11); marines.ts reads it from here.
 */
export function buildMarines(): { cohortAttack: number; provenance: Provenance } {
  return {
    cohortAttack: 3,
    provenance: reconstructed('D-74: Marine cohort attack missing from the text (M11); placeholder 3 (digest D-74), so one cohort against an undefended ON1 (defence = class 1, L2071) attacks at 3:1'),
  };
}
