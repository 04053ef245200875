/**
 * Builds crt.json and liberation.json (the designed parts of the data pack that are easier to
 * reason about as code than as literals). Deterministic: `npx tsx src/games/prefect/data/build-data.ts`
 * rewrites both files; data.test.ts checks the files match what this script generates.
 * Balance tuning (README.md) edits the constants here and re-runs the script.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

type Prov = { source: 'rulebook'; rule: string } | { source: 'reconstructed'; reason: string };
const rb = (rule: string): Prov => ({ source: 'rulebook', rule });
const rc = (reason: string): Prov => ({ source: 'reconstructed', reason });
type Side = 'TOG' | 'CW';

// ------------------------------------------------------------------ Planetary CRT (D-02)
export const CRT_COLUMNS = ['1:2', '2:3', '1:1', '3:2', '2:1', '3:1', '4:1', '5:1'];

interface Cell { a: number; aFlag?: 'AR' | 'CA'; d: number; dFlag?: 'DR' | 'BT' }
/**
 * The table is graded by one score, s = roll + column index (0 for 1:2 … 7 for 5:1): a higher
 * roll and higher odds both favour the attacker (the three fixtures agree: 2:3/3 is bad for the
 * attacker, 2:3/8 and 1:1/8 good). Indexed by s = 1 … 17.
 */
const BY_SCORE: Cell[] = [
  { a: -3, aFlag: 'CA', d: 3 }, // 1: 1:2 roll 1
  { a: -3, aFlag: 'CA', d: 2 }, // 2
  { a: -2, aFlag: 'AR', d: 2 }, // 3
  { a: -2, aFlag: 'AR', d: 2 }, // 4  ← 2:3 roll 3 (L629)
  { a: -1, aFlag: 'AR', d: 1 }, // 5
  { a: -1, d: 1 }, // 6
  { a: 0, d: 1 }, // 7
  { a: 0, d: 0 }, // 8
  { a: 1, d: -1 }, // 9  ← 2:3 roll 8 (L2222)
  { a: 1, d: -1, dFlag: 'DR' }, // 10 ← 1:1 roll 8 (L661)
  { a: 1, d: -2, dFlag: 'DR' }, // 11
  { a: 2, d: -2, dFlag: 'DR' }, // 12
  { a: 2, d: -2, dFlag: 'BT' }, // 13
  { a: 2, d: -3, dFlag: 'BT' }, // 14
  { a: 3, d: -3, dFlag: 'BT' }, // 15
  { a: 3, d: -4, dFlag: 'BT' }, // 16
  { a: 3, d: -4, dFlag: 'BT' }, // 17: 5:1 roll 10
];

export function buildCrt(): Record<string, unknown> {
  const rows: Cell[][] = [];
  for (let roll = 1; roll <= 10; roll++) rows.push(CRT_COLUMNS.map((_, i) => ({ ...BY_SCORE[roll + i - 1] })));
  return {
    columns: CRT_COLUMNS,
    rows,
    fixtures: [
      { column: '2:3', roll: 3, rule: 'L629 (T-P09: −2 AR / +2)' },
      { column: '1:1', roll: 8, rule: 'L661, D-84 (T-P10: +1 / −1 DR)' },
      { column: '2:3', roll: 8, rule: 'L2222 (T-C02: +1 / −1)' },
    ],
    provenance: rc(
      'Planetary CRT not in the source (L599, D-02): designed on one score roll + column index; columns 1:2 … 5:1 clamped at the edges (D-27); the fixture cells come from the examples',
    ),
  };
}

// ------------------------------------------------------------------ scenario "Liberation"
interface MapJson { hexes: { id: string; zone: number; water: string; parts: { row: number; col: number }[] }[] }
const map = (): MapJson => JSON.parse(readFileSync(new URL('./map.json', import.meta.url), 'utf8')) as MapJson;

/** Hexes of the drawn columns [c0, c1] and rows [r0, r1], full water excluded (non-gravitic units set up too). */
function band(m: MapJson, c0: number, c1: number, r0: number, r1: number): string[] {
  return m.hexes
    .filter((h) => h.water !== 'FULL')
    .filter((h) => { const p = h.parts[0]; return p.col >= c0 && p.col <= c1 && p.row >= r0 && p.row <= r1; })
    .map((h) => h.id);
}

let counter = 0;
const u = (side: Side, org: string, type: string, n: number, counterId?: number): { id: string; type: string; side: Side; org: string; counterId?: number }[] =>
  Array.from({ length: n }, () => {
    counter++;
    const id = `${side.toLowerCase()}-${type.replace(/-(cohort|century|regiment|legion)$/, '')}-${counter}`;
    return counterId === undefined ? { id, type, side, org } : { id, type, side, org, counterId };
  });

/** The designed knobs of Liberation (balance runs try variants through `buildLiberation(params)`). */
export interface LiberationParams {
  turns: number;
  /** Units as [type, count]. */
  tog: [string, number][];
  togReinforcements: { turn: number; hex: string; units: [string, number][] };
  cwLegion: [string, number][];
  cwAuxilia: [string, number][];
  cwReinforcements: { turn: number; hex: string; units: [string, number][] };
  bases: { id: string; side: Side; type: 'GL1' | 'GL2' | 'GL3' | 'GL4'; hex: string; supply: number }[];
  togUrban: string[];
  togSupplyPerTurn: number;
  cwSupplyPerTurn: number;
  cwSupplyPerUrban: number;
}

export const LIBERATION: LiberationParams = {
  turns: 11,
  tog: [
    ['tog-heavy-cohort', 2], ['tog-medium-cohort', 4], ['tog-light-cohort', 3], ['artillery-cohort', 1],
    ['signals-century', 2], ['combat-engineer-century', 2], ['construction-engineer-century', 2],
  ],
  togReinforcements: { turn: 3, hex: '0702', units: [['tog-medium-cohort', 2], ['infantry-cohort', 1]] },
  cwLegion: [
    ['cw-heavy-cohort', 1], ['cw-medium-cohort', 2], ['cw-light-cohort', 1], ['infantry-cohort', 1],
    ['signals-century', 1], ['combat-engineer-century', 1], ['construction-engineer-century', 1],
    ['militia-regiment', 3], ['garrison-legion', 1],
  ],
  cwAuxilia: [['cw-medium-cohort', 1], ['cw-light-cohort', 1], ['infantry-cohort', 1]],
  cwReinforcements: { turn: 4, hex: '1121', units: [['cw-light-cohort', 1], ['cw-medium-cohort', 1]] },
  // Legion bases stand in cities (Crassus Landing, Ku Crassus Prime, Tarsis, New Verdun), so the
  // D-01 goals — cities and bases — point the same way.
  bases: [
    { id: 'tog-base-1', side: 'TOG', type: 'GL3', hex: '0702', supply: 30 },
    { id: 'tog-base-2', side: 'TOG', type: 'GL2', hex: '0403', supply: 10 },
    { id: 'cw-base-1', side: 'CW', type: 'GL3', hex: '0716', supply: 30 },
    { id: 'cw-base-2', side: 'CW', type: 'GL2', hex: '1121', supply: 15 },
    { id: 'cw-base-3', side: 'CW', type: 'GL1', hex: '0420', supply: 5 },
  ],
  togUrban: ['crassus-landing', 'varros-reach'],
  togSupplyPerTurn: 10,
  cwSupplyPerTurn: 4,
  cwSupplyPerUrban: 1,
};

export function buildLiberation(p: LiberationParams = LIBERATION): Record<string, unknown> {
  counter = 0;
  const m = map();
  const TOGL = 'tog-legion';
  const CWL = 'cw-legion';
  const AUX = 'cw-auxilia';
  const many = (side: Side, org: string, list: [string, number][]) => list.flatMap(([t, n]) => u(side, org, t, n));
  const togHq = u('TOG', TOGL, 'legion-hq', 1);
  const togManus = u('TOG', TOGL, 'manus-hq', 5);
  const tog = [...togHq, ...togManus, ...many('TOG', TOGL, p.tog)];
  const cwHq = u('CW', CWL, 'legion-hq', 1);
  const manusPrimus = u('CW', CWL, 'manus-hq', 1, 2);
  const cwManus = u('CW', CWL, 'manus-hq', 2);
  const auxHq = u('CW', AUX, 'auxilia-hq', 1);
  const cw = [...cwHq, ...manusPrimus, ...cwManus, ...many('CW', CWL, p.cwLegion), ...auxHq, ...many('CW', AUX, p.cwAuxilia)];
  const togReinf = many('TOG', TOGL, p.togReinforcements.units);
  const cwReinf = many('CW', AUX, p.cwReinforcements.units);
  const urbanControl: Record<string, Side | null> = Object.fromEntries(
    ['crassus-landing', 'port-meridian', 'kessel-falls', 'ku-crassus-prime', 'new-verdun', 'tarsis', 'ochre-gate', 'sable-downs', 'varros-reach']
      .map((a) => [a, p.togUrban.includes(a) ? 'TOG' : 'CW']),
  );
  const togMain = p.bases.find((b) => b.side === 'TOG')!.id;
  const cwMain = p.bases.find((b) => b.side === 'CW')!.id;
  const togSecond = p.bases.filter((b) => b.side === 'TOG')[1]?.id ?? togMain;
  const designed = rc('Scenario Book lost (digest §3.6): Liberation designed for an 11-turn game');
  return {
    id: 'liberation',
    title: 'Liberation',
    description:
      'Introductory Planetary scenario (L232). A TOG Legion has landed on the western continent of Ku Crassus to "liberate" the planet from the Renegade Commonwealth, which holds the cities of the central and eastern lands with a Legion, an Auxilia and local militia.',
    turns: p.turns,
    firstAttacker: 'TOG',
    setupZones: { TOG: band(m, 0, 5, 2, 13), CW: band(m, 9, 25, 1, 14) },
    orgs: [
      { id: TOGL, side: 'TOG', kind: 'LEGION', name: 'Legio XIV Ferrata' },
      { id: CWL, side: 'CW', kind: 'LEGION', name: '3rd Renegade Legion' },
      { id: AUX, side: 'CW', kind: 'AUXILIA', name: 'Ku Crassus Auxilia' },
    ],
    units: [...tog, ...cw],
    bases: p.bases,
    urbanControl,
    supply: [
      { turn: 'each', side: 'TOG', base: togMain, amount: p.togSupplyPerTurn, provenance: rc('L766-772: TOG is supplied from orbit, a flat amount a turn (designed)') },
      {
        turn: 'each', side: 'CW', base: cwMain, amount: p.cwSupplyPerTurn, perUrbanArea: p.cwSupplyPerUrban,
        provenance: rc('L772: CW supply depends on the allied cities it holds, a base amount + 1 per urban area (designed)'),
      },
      { turn: 5, side: 'TOG', base: togSecond, amount: 15, provenance: rc('L772: a one-off delivery from another planet (designed)') },
    ],
    reinforcements: [
      { turn: p.togReinforcements.turn, side: 'TOG', units: togReinf, hex: p.togReinforcements.hex, provenance: rc('L264: second wave lands at the TOG Legion base (designed)') },
      { turn: p.cwReinforcements.turn, side: 'CW', units: cwReinf, hex: p.cwReinforcements.hex, provenance: rc('L264: the Auxilia reserve arrives at a CW base (designed)') },
    ],
    extraBases: [
      { turn: 2, side: 'TOG', type: 'GL1' },
      { turn: 5, side: 'TOG', type: 'GL2' },
      { turn: 3, side: 'CW', type: 'GL1' },
    ],
    extraBasesProvenance: rc('L952: additional bases made available during the scenario (designed)'),
    hqSupply: {
      [togHq[0].id]: 10, ...Object.fromEntries(togManus.map((x) => [x.id, 3])),
      [cwHq[0].id]: 10, [manusPrimus[0].id]: 5, ...Object.fromEntries(cwManus.map((x) => [x.id, 3])), [auxHq[0].id]: 5,
    },
    victory: [
      {
        side: 'TOG', when: 'atEnd', level: 'Decisive liberation',
        all: [{ kind: 'controlUrbanFraction', side: 'TOG', atLeast: 2 / 3 }, { kind: 'controlAllBasesOf', side: 'TOG', enemy: 'CW' }],
        provenance: rc('D-01 default: the attacker wins by holding ≥ ⅔ of the urban areas and every enemy Legion base at game end'),
      },
      {
        side: 'TOG', when: 'anyTime', level: 'Annihilation', all: [{ kind: 'noActiveTaskForce', side: 'CW' }],
        provenance: rc('D-01: the game ends when a side has no Task Force left (L541-545, victory by destroying the defenders)'),
      },
      {
        side: 'CW', when: 'anyTime', level: 'Invasion crushed', all: [{ kind: 'noActiveTaskForce', side: 'TOG' }],
        provenance: rc('D-01: the game ends when a side has no Task Force left'),
      },
      {
        side: 'CW', when: 'atEnd', level: 'Planet held', all: [],
        provenance: rc('D-01 default: otherwise the defender wins (an empty list always holds, so it is listed last)'),
      },
    ],
    provenance: designed,
    fieldProvenance: {
      turns: rc('L246: the scenario sets the number of turns and the Scenario Book is lost; 11 designed (an odd number balances the alternating roles, data/README "Balance")'),
      firstAttacker: rc('L252: the scenario names the first attacker and the Scenario Book is lost; TOG designed (the invader opens)'),
      manusPrimus: rb('L423 (CW Manus Primus HQ, ID no. 2)'),
      togManus: rb('L423 (TOG forms a fifth Manus HQ)'),
      legionSize: rb('L138 (a Legion has ten combat cohorts)'),
      nonGravitic: rb('L916 (militia and garrison legions are non-gravitic)'),
    },
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(new URL('./crt.json', import.meta.url), `${JSON.stringify(buildCrt(), null, 1)}\n`);
  writeFileSync(new URL('./liberation.json', import.meta.url), `${JSON.stringify(buildLiberation(), null, 1)}\n`);
}
