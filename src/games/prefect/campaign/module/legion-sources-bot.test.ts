/**
 * GL2+ Legion bases as naval supply sources (5.C.8, L2334-2346) in the Supply prompt
 * (`legionSources`, owner only) and the bot; the naval and ground orders do not spend one Legion
 * base's SP twice (L1957, L2286-2291).
 */
import { describe, expect, it } from 'vitest';
import type { Json } from '#engine/contract.js';
import { seededDice } from '#engine/dice.js';
import prefectCampaign from './index.js';
import { firstAtStage } from './testing.js';
import type { CampaignGameState } from './types.js';

const base = firstAtStage('supply-sources', 'SUPPLY');
const FTR = 'cw-test-ftr';

/** A fatigued CW TF of two FL1 (or FL1 + P Sqn) at Ku Crassus; CW Legion bases active with `sp`; CW naval bases disrupted. */
function state(o: { ship?: boolean; sp?: number; disorganised?: boolean } = {}): CampaignGameState {
  const s = structuredClone(base);
  const units = ['cw-test-FL1-1', 'cw-test-FL1-2', ...(o.ship ? ['cw-test-P-1'] : [])];
  for (const id of units)
    s.space.units[id] = {
      id,
      type: id.includes('-P-') ? 'cw-P' : 'cw-FL1',
      side: 'CW',
      status: o.disorganised ? 'DISORGANISED' : 'ACTIVE',
      tf: FTR,
    };
  s.space.tfs[FTR] = {
    id: FTR,
    side: 'CW',
    counterNo: 98,
    place: { kind: 'SECTOR', sector: 's3-4' },
    units,
    fatigue: 1,
  };
  for (const b of Object.values(s.planetary.bases))
    if (b.side === 'CW') Object.assign(b, { status: 'ACTIVE', supply: o.sp ?? 20, deliveredThisTurn: 0 });
  for (const b of Object.values(s.space.bases)) if (b.side === 'CW') b.status = 'DISRUPTED';
  return s;
}
const prompt = (s: CampaignGameState, side: string) => prefectCampaign.prompts(s).find((p) => p.side === side)!;
type Src = { base: string; type: string; rearmFighters: boolean; reorganiseFighters: boolean; supply: number };

describe('Legion bases as naval sources in the prompt and the bot (5.C.8)', () => {
  it("L2342-2344: the Supply prompt lists the owner's GL2+ bases with what they may pay; GL1 and enemy bases never; disorganised ones not (L2297)", () => {
    const s = state();
    s.planetary.bases['cw-gl3'].status = 'DISRUPTED';
    const list = (prompt(s, 'CW').choices as { legionSources: Src[] }).legionSources;
    expect(list.map((x) => x.base)).toEqual(['cw-gl2', 'cw-gl4']);
    expect(list.find((x) => x.base === 'cw-gl2')).toMatchObject({
      type: 'GL2',
      rearmFighters: true,
      reorganiseFighters: false,
      supply: 20,
    });
    expect(list.find((x) => x.base === 'cw-gl4')).toMatchObject({ rearmFighters: true, reorganiseFighters: true });
    expect(JSON.stringify((prompt(s, 'TOG').choices as { legionSources: Src[] }).legionSources)).not.toContain('cw-gl');
    expect(prompt(s, 'CW').description).toContain('L2342');
  });

  it('L2342: the bot rearms its fatigued fighters at Ku Crassus from a Legion base; the order validates and the SP come off the base', () => {
    const s = state();
    const o = prefectCampaign.bot(s, 'CW', seededDice('bot', 1)) as {
      naval: { rearm: { tf: string; sources: { from: string; sp: number }[] }[] };
    };
    const mine = o.naval.rearm.find((r) => r.sources.some((x) => s.planetary.bases[x.from]));
    expect(mine).toBeDefined();
    expect(prefectCampaign.validate(s, 'CW', o as unknown as Json)).toEqual([]);
    const from = mine!.sources[0].from;
    const tog = prefectCampaign.bot(s, 'TOG', seededDice('tog', 1));
    const r = prefectCampaign.resolve(s, { TOG: tog, CW: o as unknown as Json }, seededDice('x', 1));
    expect(r.state.space.tfs[FTR].fatigue ?? 0).toBe(0);
    const without = prefectCampaign.resolve(
      s,
      {
        TOG: tog,
        CW: { ...(o as object), naval: { ...o.naval, rearm: o.naval.rearm.filter((x) => x !== mine) } } as Json,
      },
      seededDice('x', 1),
    );
    expect(without.state.planetary.bases[from].supply - r.state.planetary.bases[from].supply).toBe(mine!.sources[0].sp);
  });

  it("L2346: the bot never pays a ship TF's fatigue from a Legion base", () => {
    const s = state({ ship: true });
    const o = prefectCampaign.bot(s, 'CW', seededDice('bot', 1)) as {
      naval: { rearm: { sources: { from: string }[] }[] };
    };
    expect(o.naval.rearm.flatMap((r) => r.sources).some((x) => s.planetary.bases[x.from])).toBe(false);
  });

  it('L2286-2291: a ground order that needs the SP the naval order took from a Legion base is refused; the state is unchanged', () => {
    const s = state({ sp: 2 });
    const naval = {
      kind: 'supply',
      rearm: [{ tf: FTR, levels: 1, sources: [{ from: 'cw-gl2', sp: 2 }] }],
      reorganise: [],
      baseReorganise: [],
      transfers: [],
      load: [],
      unload: [],
    };
    const def = prompt(s, 'CW').defaultOrders as Record<string, Json>;
    // A ground transfer of the same 2 SP from cw-gl2: valid alone; the naval rearm leaves nothing.
    const hq = Object.keys(s.planetary.hqSupply).find((h) => h.startsWith('cw-legion-hq'))!;
    const ground = { kind: 'supply', transfers: [{ from: 'cw-gl2', to: hq, amount: 2 }] };
    const alone = prefectCampaign.validate(s, 'CW', { ...def, ground } as Json);
    const snap = JSON.stringify(s);
    const both = { ...def, ground, naval } as Json;
    const e = prefectCampaign.validate(s, 'CW', both).filter((x) => x.code === 'not-enough-sp');
    expect(alone).toEqual([]); // valid alone
    expect(e[0]).toMatchObject({ code: 'not-enough-sp', path: ['ground', 'transfers', 0, 'amount'] });
    expect(e[0].rule).toContain('L2286-2291'); // judged at its step, after the naval step-1 spending
    expect(prefectCampaign.validate(s, 'CW', { ...def, naval } as Json)).toEqual([]); // the naval part alone is fine
    expect(JSON.stringify(s)).toBe(snap);
  });
});
