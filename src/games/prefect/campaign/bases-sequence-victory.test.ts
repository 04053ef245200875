import { describe, expect, it } from 'vitest';
import { mayReorganiseNewBase, placeDroppedBases, placeGroundBase } from './build-bases.js';
import { campaignData } from './data/index.js';
import {
  CAMPAIGN_PROMPT_KINDS,
  CAMPAIGN_SEQUENCE_D75,
  campaignSequence,
  DEFAULT_PER_KIND,
  TIME_CONTROLS,
} from './sequence.js';
import { campaignTempo } from './tempo.js';
import { CAMPAIGN_OPTION_SPECS, campaignOptions } from './options.js';
import { DEFAULT_CAMPAIGN_OPTIONS } from './types.js';
import { makeCampaign, ok } from './testing.js';
import type { RuleError } from './types.js';
import { invasionResult } from './victory.js';

describe('5.C.10 building ground bases (L2412-2426)', () => {
  const withCe = (n: number) =>
    makeCampaign({
      ground: {
        tfs: [
          {
            id: 'ce',
            side: 'TOG',
            hex: '0615',
            units: ['tog-medium-cohort', ...Array(n).fill('construction-engineer-century')],
          },
        ],
      },
    });

  it('rank 1-3 only (L2414)', () => {
    expect((placeGroundBase(withCe(9), 'TOG', 'ce', 'GL4' as never, 'BUILT') as RuleError).rule).toBe('L2414');
  });

  it('needs the Construction Engineers of the planetary table (GN n as GL n, D-51)', () => {
    expect((placeGroundBase(withCe(1), 'TOG', 'ce', 'GL2', 'BUILT') as RuleError).code).toBe('ENGINEERS');
    ok(placeGroundBase(withCe(2), 'TOG', 'ce', 'GL2', 'BUILT'));
    expect((placeGroundBase(withCe(0), 'TOG', 'ce', 'GN1', 'DELIVERED') as RuleError).code).toBe('ENGINEERS');
  });

  it('placed disrupted, reorganised no sooner than the next Supply Phase, location public, TF private (L2424-2426, H15)', () => {
    const cs = withCe(1);
    const ev = ok(placeGroundBase(cs, 'TOG', 'ce', 'GL1', 'BUILT'));
    const base = Object.values(cs.planetary.bases)[0];
    expect(base).toMatchObject({ hex: '0615', status: 'DISRUPTED', side: 'TOG' });
    expect(mayReorganiseNewBase(cs, base.id)).toBe(false);
    cs.turn++;
    expect(mayReorganiseNewBase(cs, base.id)).toBe(true);
    const pub = ev.find((e) => e.visibleTo === 'all')!;
    expect(pub.data).toMatchObject({ hex: '0615', type: 'GL1' });
    expect(JSON.stringify(pub.data)).not.toContain('"ce"');
  });

  it("a naval ground base goes into the zone's segment of the planet and onto the map hex (L2141, L2414)", () => {
    const cs = withCe(1);
    ok(placeGroundBase(cs, 'TOG', 'ce', 'GN1', 'BUILT'));
    const [id, hex] = Object.entries(cs.navalBaseHexes)[0];
    expect(hex).toBe('0615');
    expect(cs.space.bases[id]).toMatchObject({ sector: 's3-4', segment: 3, status: 'DISRUPTED' });
  });

  it('one base per hex (L2416), refused without change', () => {
    const cs = withCe(2);
    ok(placeGroundBase(cs, 'TOG', 'ce', 'GN1', 'BUILT'));
    const before = JSON.stringify(cs);
    expect((placeGroundBase(cs, 'TOG', 'ce', 'GL1', 'BUILT') as RuleError).rule).toBe('L2416');
    expect(JSON.stringify(cs)).toBe(before);
  });

  it('a dismantled base dropped to a TF with a Construction Engineer is placed at the end of Supply (L2408, L2422)', () => {
    const cs = withCe(1);
    cs.zones[3].od.push({ side: 'TOG', transport: 't', tf: 'x', units: [], base: { type: 'GL2', toTf: 'ce' } });
    const ev = placeDroppedBases(cs, 'TOG');
    expect(ev.some((e) => e.type === 'base.deployed')).toBe(true);
    expect(cs.zones[3].od).toEqual([]);
  });
});

describe('Campaign sequence of play (L2177-2192, D-75)', () => {
  it('14 items; 1-10 from the rulebook, 11-14 reconstructed, in the D-75 order', () => {
    expect(CAMPAIGN_SEQUENCE_D75).toHaveLength(14);
    expect(CAMPAIGN_SEQUENCE_D75.filter((p) => p.reconstructed).map((p) => p.id)).toEqual([
      'CAMPAIGN_TF_ADJUSTMENT',
      'CAMPAIGN_SUPPLY',
      'GROUND_WITHDRAWAL',
      'CAMPAIGN_TEMPO',
    ]);
    expect(CAMPAIGN_SEQUENCE_D75[0]).toMatchObject({ id: 'MISSION_ASSIGNMENT', who: 'BOTH_SIMUL' });
  });
  it('the PLANETARY option puts Supply → Withdrawal → TF Adjustment', () => {
    const ids = campaignSequence({ phaseOrder: 'PLANETARY' })
      .slice(10)
      .map((p) => p.id);
    expect(ids).toEqual(['CAMPAIGN_SUPPLY', 'GROUND_WITHDRAWAL', 'CAMPAIGN_TF_ADJUSTMENT', 'CAMPAIGN_TEMPO']);
  });
  it('time controls: sealed orders 48 h, reaction windows short', () => {
    expect(TIME_CONTROLS.SEALED_ORDERS.seconds).toBe(48 * 3600);
    expect(TIME_CONTROLS.REACTION.seconds).toBeLessThan(TIME_CONTROLS.SEALED_ORDERS.seconds / 4);
    expect(DEFAULT_PER_KIND['mission-assignment']).toBe(48 * 3600);
    expect(DEFAULT_PER_KIND['gs-commitment']).toBeLessThanOrEqual(4 * 3600);
  });
  it('every prompt kind is a legal TimeControl.perKind key and names a phase of the sequence', () => {
    for (const k of CAMPAIGN_PROMPT_KINDS) {
      expect(k.kind).toMatch(/^[A-Za-z][A-Za-z0-9._-]{0,39}$/);
      expect(CAMPAIGN_SEQUENCE_D75.some((p) => p.id === k.phase)).toBe(true);
    }
  });
});

describe('invasion victory (D-01)', () => {
  const s = campaignData.scenarios.invasion;
  const urban = (tog: number) =>
    Object.fromEntries(
      ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'].map((k, i) => [k, i < tog ? 'TOG' : 'CW'] as const),
    );
  const state = (tog: number, gl3Side: 'TOG' | 'CW') =>
    makeCampaign({
      ground: {
        urban: urban(tog),
        bases: [
          { id: 'g4', side: 'TOG', type: 'GL4', hex: '0716' },
          { id: 'g3', side: gl3Side, type: 'GL3', hex: '1121' },
          { id: 'g1', side: 'CW', type: 'GL1', hex: '1317' },
        ],
      },
    });
  it('the invader wins with every G3/G4 base and half the urban areas (5 of 9)', () => {
    expect(invasionResult(state(5, 'TOG'), s)).toMatchObject({
      winner: 'TOG',
      invaderUrban: { held: 5, of: 9 },
      invaderBases: { held: 2, of: 2 },
    });
  });
  it('otherwise the defender wins: 4 of 9 urban areas, or one G3 base still Renegade (a GL1 does not matter)', () => {
    expect(invasionResult(state(4, 'TOG'), s).winner).toBe('CW');
    expect(invasionResult(state(9, 'CW'), s).winner).toBe('CW');
  });
});

describe('Campaign Tempo (L2171, D-39)', () => {
  const s = campaignData.scenarios.invasion;
  it('ground and space BT/CA are added: TOG 1 + 1 beats CW 0 + 1, so TOG keeps the attack; boxes emptied', () => {
    const cs = makeCampaign();
    cs.planetary.tempo = { TOG: 1, CW: 0 };
    cs.space.tempo = { TOG: 1, CW: 1 };
    cs.gsUsed = ['x'];
    const ev = campaignTempo(cs, s);
    expect(ev[0].data).toMatchObject({ score: { TOG: 2, CW: 1 }, nextAttacker: 'TOG' });
    expect([cs.attacker, cs.turn, cs.space.attacker, cs.planetary.attacker, cs.gsUsed]).toEqual([
      'TOG',
      2,
      'TOG',
      'TOG',
      [],
    ]);
    expect([cs.planetary.tempo, cs.space.tempo]).toEqual([
      { TOG: 0, CW: 0 },
      { TOG: 0, CW: 0 },
    ]);
  });
  it('a tie passes the attack to the other player (D-37); after the last turn the invasion victory decides (L2175)', () => {
    const cs = makeCampaign();
    cs.space.tempo = { TOG: 1, CW: 1 };
    campaignTempo(cs, s);
    expect(cs.attacker).toBe('CW');
    cs.turn = cs.maxTurns;
    const ev = campaignTempo(cs, s);
    expect(ev.find((e) => e.type === 'game.over')?.data).toMatchObject({ winner: 'CW' });
    expect(cs.result?.winner).toBe('CW');
  });
});

describe('campaign options', () => {
  it('defaults are the digest suggestions (H39 PUBLIC, D-76 SIMUL, D-75, manufacturing off) and match the specs', () => {
    expect(campaignOptions({})).toEqual(DEFAULT_CAMPAIGN_OPTIONS);
    for (const spec of CAMPAIGN_OPTION_SPECS)
      expect(DEFAULT_CAMPAIGN_OPTIONS[spec.id as keyof typeof DEFAULT_CAMPAIGN_OPTIONS]).toBe(spec.default);
    expect(campaignOptions({ gl4Manufacturing: true }).gl4Manufacturing).toBe(true);
  });
  it('unknown options and bad values are refused', () => {
    expect(() => campaignOptions({ nope: 1 })).toThrow(/does not exist/);
    expect(() => campaignOptions({ boxVisibility: 'HIDDEN' })).toThrow(/H39/);
  });
});
