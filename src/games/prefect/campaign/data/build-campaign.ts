/**
 * Writes the Campaign data pack: `rules.json` (campaign constants, L2131-2426) and
 * `invasion.json` (the invasion scenario, L2165; its Scenario Book is lost, so forces, length,
 * supply and set-up are designed and tagged). Run: npx tsx src/games/prefect/campaign/data/build-campaign.ts
 * `data.test.ts` fails when a file is stale.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { reconstructed, rulebook } from '#engine/tables.js';
import type { CampaignRules, CampaignScenario, GroundBaseCombat } from '../types.js';

const HERE = new URL('./', import.meta.url);

// GL n values: L2336 calls Legion and naval bases "virtually identical", so a GL n fights as the
// space pack's GN n (A ⌈n/2⌉, D 2n+2, ESM ⌈n/2⌉).
const glCombat = (n: number): GroundBaseCombat => ({
  id: `GL${n}`, attack: Math.ceil(n / 2), defence: 2 * n + 2, esm: Math.ceil(n / 2),
  provenance: reconstructed('L2153-2157: the values exist but are not printed; L2336 "virtually identical" to naval bases, so GL n = GN n of the space pack'),
});

export function buildRules(): CampaignRules {
  const zoneToSegment: Record<string, number> = {};
  for (let z = 1; z <= 10; z++) zoneToSegment[String(z)] = z;
  return {
    planetSector: 's3-4',
    zoneToSegment,
    zoneProvenance: rulebook('L2131, L2139-2145 (10 OFAT segments = 10 zones; numbering n ↔ n reconstructed, the figure is lost)'),
    asd: {
      unitType: 'asd-century', saveModifierPerCentury: -1, reorgCost: 2,
      provenance: rulebook('L2133-2137, L2149-2151'),
      fieldProvenance: { reorgCost: reconstructed('D-09: reorganisation cost not printed; same as an Air Defense Century') },
    },
    transportSp: {
      byType: { 'legion-hq': 15, 'tog-heavy-cohort': 30, 'cw-heavy-cohort': 30, 'militia-regiment': 20, 'garrison-legion': 40 },
      default: 10,
      provenance: rulebook('L2305-2314'),
    },
    legionBaseCombat: Object.fromEntries([1, 2, 3, 4].map((n) => [`GL${n}`, glCombat(n)])),
    manufacturingBonus: { fraction: 0.25, provenance: rulebook('L2358') },
    shipAirDefenceFailRoll: { roll: 10, provenance: rulebook('L2230-2232') },
    spacecraftEsmPenalty: { value: 2, provenance: rulebook('L2266') },
  };
}

const designed = (why: string) => reconstructed(`Scenario Book lost (§1.4, M1): ${why}`);

export function buildInvasion(): CampaignScenario {
  const ground: CampaignScenario['ground']['units'] = [];
  const add = (side: 'TOG' | 'CW', org: string, type: string, n = 1): string[] => {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const id = `${side.toLowerCase()}-${type}-${ground.filter((u) => u.type === type && u.side === side).length + 1}`;
      ground.push({ id, type, side, org });
      ids.push(id);
    }
    return ids;
  };
  // --- TOG invasion Legion, all aboard transports (L2163, L2301-2332).
  const tHq = add('TOG', 'tog-legion', 'legion-hq');
  const tHeavy = add('TOG', 'tog-legion', 'tog-heavy-cohort', 2);
  const tMed = add('TOG', 'tog-legion', 'tog-medium-cohort', 4);
  const tLight = add('TOG', 'tog-legion', 'tog-light-cohort', 3);
  const tArt = add('TOG', 'tog-legion', 'artillery-cohort');
  const tSup = [
    ...add('TOG', 'tog-legion', 'signals-century'), ...add('TOG', 'tog-legion', 'combat-engineer-century'),
    ...add('TOG', 'tog-legion', 'construction-engineer-century'), ...add('TOG', 'tog-legion', 'asd-century'),
  ];
  const tManus = add('TOG', 'tog-legion', 'manus-hq', 2);
  const tMarines = add('TOG', 'tog-legion', 'marine-cohort', 2);
  // TRM capacity 100 (naval pack). TRM1: 30+30+15+10+10 = 95; TRM2: 20+30+10+10 = 70; TRM3: 40 + 20 Marines.
  const cargo = [
    ...[...tHeavy, ...tHq, tMed[0], tMed[1]].map((u) => ({ unit: u, transports: ['tog-TRM-1'] })),
    ...[tMed[2], tMed[3], ...tLight, ...tArt].map((u) => ({ unit: u, transports: ['tog-TRM-2'] })),
    ...[...tSup, ...tManus, ...tMarines].map((u) => ({ unit: u, transports: ['tog-TRM-3'] })),
  ];

  // --- Renegade defenders of Ku Crassus, on the map.
  const cHq = add('CW', 'cw-legion', 'legion-hq');
  const cHeavy = add('CW', 'cw-legion', 'cw-heavy-cohort');
  const cMed = add('CW', 'cw-legion', 'cw-medium-cohort', 3);
  // No Renegade light cohorts (balance, see fieldProvenance['ground.units']): the pair (TF 5
  // at Port Meridian) retook every city the invader passed through.
  const cInf = add('CW', 'cw-legion', 'infantry-cohort', 2);
  const cAsd = add('CW', 'cw-legion', 'asd-century', 2);
  const cSig = add('CW', 'cw-legion', 'signals-century');
  const cCe = add('CW', 'cw-legion', 'construction-engineer-century');
  const aHq = add('CW', 'cw-auxilia', 'auxilia-hq');
  const aMil = add('CW', 'cw-auxilia', 'militia-regiment', 3);
  const aGar = add('CW', 'cw-auxilia', 'garrison-legion');
  const tfs: CampaignScenario['ground']['tfs'] = [
    { side: 'CW', org: 'cw-legion', counter: 1, hex: '0716', units: [...cHq, ...cHeavy, cAsd[0], ...cSig] },
    { side: 'CW', org: 'cw-legion', counter: 2, hex: '0715', units: [cMed[0], cInf[0]] },
    { side: 'CW', org: 'cw-legion', counter: 3, hex: '1121', units: [cMed[1], cAsd[1]] },
    { side: 'CW', org: 'cw-legion', counter: 4, hex: '0420', units: [cMed[2], cInf[1], ...cCe] },
    { side: 'CW', org: 'cw-auxilia', counter: 1, hex: '1317', units: [...aHq, aMil[0], ...aGar] },
    { side: 'CW', org: 'cw-auxilia', counter: 2, hex: '1013', units: [aMil[1]] },
    { side: 'CW', org: 'cw-auxilia', counter: 3, hex: '0825', units: [aMil[2]] },
  ];

  // --- Naval forces (space pack counters).
  const naval: CampaignScenario['naval']['units'] = [];
  const nav = (side: 'TOG' | 'CW', code: string, n: number, extra: { supply?: number } = {}): string[] => {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const id = `${side.toLowerCase()}-${code}-${naval.filter((u) => u.type === `${side.toLowerCase()}-${code}`).length + 1}`;
      naval.push({ id, type: `${side.toLowerCase()}-${code}`, side, ...extra });
      ids.push(id);
    }
    return ids;
  };
  const togBattle = [...nav('TOG', 'BB', 1), ...nav('TOG', 'CA', 2), ...nav('TOG', 'FGV', 1), ...nav('TOG', 'FM1', 6), ...nav('TOG', 'FH1', 4)];
  const togTrans = [...nav('TOG', 'TRM', 3), ...nav('TOG', 'TRM', 1, { supply: 100 })];
  const togEscort = [...nav('TOG', 'P', 2), ...nav('TOG', 'D', 2), ...nav('TOG', 'DDV', 1), ...nav('TOG', 'FL1', 6)];
  const cwSd = [...nav('CW', 'P', 2), ...nav('CW', 'CA', 1), ...nav('CW', 'FGV', 1), ...nav('CW', 'FL1', 6), ...nav('CW', 'FM1', 4)];
  const cwSupply = [...nav('CW', 'D', 1), ...nav('CW', 'TRM', 1, { supply: 60 })];

  return {
    id: 'invasion',
    title: 'Invasion of Ku Crassus',
    description: 'Campaign Game (L2165). A TOG Legion and its fleet jump in to take Ku Crassus from the Renegade Legion and its Auxilia.',
    turns: 12,
    firstAttacker: 'TOG',
    invader: 'TOG',
    ground: {
      orgs: [
        { id: 'tog-legion', side: 'TOG', kind: 'LEGION', name: 'Legio XIV Ferrata' },
        { id: 'cw-legion', side: 'CW', kind: 'LEGION', name: '3rd Renegade Legion' },
        { id: 'cw-auxilia', side: 'CW', kind: 'AUXILIA', name: 'Ku Crassus Auxilia' },
      ],
      units: ground,
      tfs,
      cargo,
      bases: [
        { id: 'cw-gl4', side: 'CW', type: 'GL4', hex: '0716', supply: 60 },
        { id: 'cw-gl3', side: 'CW', type: 'GL3', hex: '1121', supply: 30 },
        { id: 'cw-gl2', side: 'CW', type: 'GL2', hex: '0420', supply: 15 },
        { id: 'cw-gl1', side: 'CW', type: 'GL1', hex: '1317', supply: 5 },
      ],
      urbanControl: {
        'crassus-landing': 'CW', 'port-meridian': 'CW', 'kessel-falls': 'CW', 'ku-crassus-prime': 'CW', 'new-verdun': 'CW',
        tarsis: 'CW', 'ochre-gate': 'CW', 'sable-downs': 'CW', 'varros-reach': 'CW',
      },
      hqSupply: { [tHq[0]]: 10, [tManus[0]]: 3, [tManus[1]]: 3, [cHq[0]]: 15, [aHq[0]]: 5 },
    },
    naval: {
      units: naval,
      tfs: [
        { id: 'tog-tf1', side: 'TOG', counterNo: 1, place: 'OFFSYSTEM', units: togBattle },
        { id: 'tog-tf2', side: 'TOG', counterNo: 2, place: 'OFFSYSTEM', units: togTrans },
        { id: 'tog-tf3', side: 'TOG', counterNo: 3, place: 'OFFSYSTEM', units: togEscort },
        { id: 'cw-tf1', side: 'CW', counterNo: 1, place: 's3-4', units: cwSd },
        { id: 'cw-tf2', side: 'CW', counterNo: 2, place: 'OFFSYSTEM', units: cwSupply },
      ],
      bases: [{ id: 'cw-gn2', side: 'CW', type: 'GN2', sector: 's3-4', segment: 3, supply: 40 }],
    },
    offSystemSupply: [
      { side: 'TOG', turn: 'each', sp: 40, provenance: designed('the invader is supplied only from off-system (L2282); 40 SP a turn fills a TRM in under 3 turns') },
      { side: 'CW', turn: 'each', sp: 15, provenance: designed('the blockaded defender gets a trickle from off-system (L2282)') },
    ],
    urbanProduction: { sp: 1, provenance: designed('L2284 "a limited amount": 1 SP per controlled urban area a turn, delivered to a friendly base in its zone') },
    rebuildLimit: 3,
    extraBases: [{ turn: 2, side: 'TOG', type: 'GL1' }, { turn: 5, side: 'TOG', type: 'GL2' }, { turn: 3, side: 'CW', type: 'GL1' }],
    victory: {
      kind: 'invasion', invader: 'TOG', baseClasses: ['GL3', 'GL4'], urbanFraction: 0.5,
      provenance: reconstructed('D-01 default: the invader wins if at game end he controls every G3/G4 base and half the urban areas of Ku Crassus; otherwise the defender'),
    },
    provenance: designed('forces, set-up and length designed: a TOG Legion (carried in 3 TRM, L2301-2314) with a battle and an escort TF off-system against the Liberation defenders of Ku Crassus, a Renegade SD TF and a GN2'),
    fieldProvenance: {
      turns: designed('12 turns = 6 days (L91)'),
      firstAttacker: designed('the invader attacks first (L2173)'),
      rebuildLimit: rulebook('L1977 (default 3, D-67)'),
      extraBases: designed('D-51, L952: new bases made available: TOG a GL1 on turn 2 (its one Construction Engineer Century can build it) and a GL2 on turn 5 (needs 2 Centuries, so it comes dismantled by transport, L2418); CW a GL1 on turn 3. No GL3: a new GL3 would change the D-01 base condition'),
      'ground.units': designed('Balance (issue 10): the Renegade Legion has no light cohorts (was 2, in TF 5 at 0609). Measured over 20 bot-v-bot seeds with the invader bot of bot-invader.ts (first version, 2026-11-30): with them TOG won 4/20 (mean 3.05/9 urban areas, 1.55/2 G3/G4 bases); without them 6/20 (3.25 urban, 1.35 bases; seeds b1-b20). Before that bot: 0/20 (0.05 urban, 0 bases) either way'),
    },
  };
}

const json = (d: unknown): string => `${JSON.stringify(d, null, 1)}\n`;

export function buildAll(): Record<string, string> {
  return { 'rules.json': json(buildRules()), 'invasion.json': json(buildInvasion()) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const [file, text] of Object.entries(buildAll())) writeFileSync(new URL(file, HERE), text);
}
