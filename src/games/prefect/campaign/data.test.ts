import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildAll } from './data/build-campaign.js';
import { campaignData, campaignRulesSchema, campaignScenarioProblems, campaignScenarioSchema } from './data/index.js';
import { newCampaignState } from './state.js';
import { roomUsed } from './transport.js';
import type { CampaignScenario } from './types.js';

const rules = campaignData.rules;
const invasion = campaignData.scenarios.invasion;
const clone = (): CampaignScenario => JSON.parse(JSON.stringify(invasion));

describe('campaign data pack', () => {
  it('the JSON files are what the build script writes (not stale)', () => {
    for (const [file, text] of Object.entries(buildAll())) {
      expect(readFileSync(new URL(`./data/${file}`, import.meta.url), 'utf8'), file).toBe(text);
    }
  });

  it('every rules value carries provenance; the printed ones are tagged with their lines', () => {
    expect(rules.transportSp.provenance).toEqual({ source: 'rulebook', rule: 'L2305-2314' });
    expect(rules.transportSp.byType).toMatchObject({
      'legion-hq': 15,
      'tog-heavy-cohort': 30,
      'militia-regiment': 20,
      'garrison-legion': 40,
    });
    expect(rules.transportSp.default).toBe(10);
    expect([rules.asd.saveModifierPerCentury, rules.asd.provenance.source]).toEqual([-1, 'rulebook']);
    expect(rules.asd.fieldProvenance?.reorgCost?.source).toBe('reconstructed');
    expect([
      rules.manufacturingBonus.fraction,
      rules.shipAirDefenceFailRoll.roll,
      rules.spacecraftEsmPenalty.value,
    ]).toEqual([0.25, 10, 2]);
    for (const b of Object.values(rules.legionBaseCombat)) {
      expect(b.provenance.source).toBe('reconstructed');
      expect(b.provenance.source === 'reconstructed' && b.provenance.reason.length > 20).toBe(true);
    }
  });

  it('the scenario tags every schedule and decision; designed values say why', () => {
    const all = [
      invasion.provenance,
      invasion.victory.provenance,
      invasion.urbanProduction.provenance,
      ...invasion.offSystemSupply.map((x) => x.provenance),
      ...Object.values(invasion.fieldProvenance ?? {}),
    ];
    for (const p of all) expect(p && (p.source === 'rulebook' ? p.rule : p.reason)).toBeTruthy();
    expect(invasion.victory).toMatchObject({ invader: 'TOG', baseClasses: ['GL3', 'GL4'], urbanFraction: 0.5 });
  });

  it('the invasion scenario resolves against the planetary and space packs', () => {
    expect(campaignScenarioProblems(invasion, rules)).toEqual([]);
  });

  it.each([
    [
      'over capacity',
      (s: CampaignScenario) => {
        s.ground.cargo.push({ unit: 'x', transports: ['tog-TRM-1'] });
        s.ground.units.push({ id: 'x', type: 'tog-heavy-cohort', side: 'TOG', org: 'tog-legion' });
      },
      /capacity/,
    ],
    [
      'unit placed twice',
      (s: CampaignScenario) => {
        s.ground.tfs[0].units.push(s.ground.cargo[0].unit);
      },
      /exactly once/,
    ],
    [
      'unknown unit type',
      (s: CampaignScenario) => {
        s.ground.units[0].type = 'tog-walker';
      },
      /unknown ground unit type/,
    ],
    [
      'a side-specific type on the wrong side',
      (s: CampaignScenario) => {
        s.ground.units.find((u) => u.side === 'CW')!.type = 'tog-light-cohort';
      },
      /belongs to TOG/,
    ],
    [
      'split transports',
      (s: CampaignScenario) => {
        s.ground.cargo[0].transports = ['tog-TRM-1', 'tog-P-1'];
      },
      /not a transport|same TF/,
    ],
    [
      'two bases in a hex',
      (s: CampaignScenario) => {
        s.ground.bases[1].hex = s.ground.bases[0].hex;
      },
      /one base per hex/,
    ],
    [
      'a naval problem',
      (s: CampaignScenario) => {
        s.naval.tfs[0].units.push('ghost');
      },
      /naval: .*ghost/,
    ],
  ])('a broken scenario is reported: %s', (_name, breakIt, pattern) => {
    const s = clone();
    breakIt(s);
    expect(campaignScenarioProblems(s, rules).join('\n')).toMatch(pattern);
  });

  it('the schemas refuse malformed files', () => {
    expect(campaignRulesSchema.safeParse({ ...rules, zoneToSegment: { 1: 1 } }).success).toBe(false);
    expect(campaignScenarioSchema.safeParse({ ...invasion, turns: 0 }).success).toBe(false);
    expect(
      campaignScenarioSchema.safeParse({ ...invasion, victory: { ...invasion.victory, baseClasses: ['GN3'] } }).success,
    ).toBe(false);
  });
});

describe('campaign set-up (L2159-2169)', () => {
  const cs = newCampaignState('invasion');
  it("the invader's Legion is aboard its transports; the defenders are on the map", () => {
    const tog = Object.values(cs.planetary.units).filter((u) => u.side === 'TOG');
    expect(tog.every((u) => !u.tf && !u.hex && cs.cargo[u.id])).toBe(true);
    expect(Object.values(cs.planetary.tfs).every((t) => t.side === 'CW')).toBe(true);
    expect(roomUsed(cs, 'tog-TRM-1')).toBe(95);
  });
  it('both maps and empty boxes for the 10 zones; first attacker from the scenario', () => {
    expect(Object.keys(cs.zones)).toHaveLength(10);
    expect(Object.values(cs.zones).every((z) => z.gs.length === 0 && z.od.length === 0)).toBe(true);
    expect(cs.space.tfs['tog-tf1'].place).toEqual({ kind: 'OFFSYSTEM' });
    expect(cs.space.bases['cw-gn2']).toMatchObject({ sector: 's3-4', segment: 3 });
    expect([cs.attacker, cs.maxTurns]).toEqual(['TOG', 12]);
  });
  it('unknown scenario fails loudly', () => {
    expect(() => newCampaignState('nope')).toThrow(/unknown campaign scenario/);
  });
});
