/**
 * The module's orbital-drop plan (`odLoads`) names a dismantled Legion base the transport
 * carries (L2408, L2418-2422; library side `enterOdBox(..., { base })`, carried-bases.ts). Bad
 * input is refused with the rule and changes nothing; the base id never reaches the enemy.
 */
import { describe, expect, it } from 'vitest';
import type { Json } from '#engine/contract.js';
import { seededDice } from '#engine/dice.js';
import { prefectData } from '../../planetary/index.js';
import { freeCounter, newTaskForce } from '../../planetary/index.js';
import { tfAlias } from '../../planetary/index.js';
import { stats } from '../../space/index.js';
import { resolveAliases } from '../../space/index.js';
import { zoneOfSegment } from '../map-link.js';
import prefectCampaign from './index.js';
import { firstInBotPlay } from './testing.js';
import type { CampaignGameState } from './types.js';

/** The first TOG combat plan with OD cargo at the planet (seed c1), with a GL1 aboard two of its transports and a TOG TF in the drop zone. */
function setUp(): {
  s: CampaignGameState;
  order: Record<string, Json>;
  base: string;
  carriers: string[];
  tf: string;
  zone: number;
} {
  const s = firstInBotPlay(
    'a Combat Phase plan with TOG cargo aboard',
    ({ prev: x, prompts }) =>
      x.stage === 'SPACE' &&
      x.space.step === 'COMBAT' &&
      prompts.some((p) => p.side === 'TOG' && ((p.choices as { odCargo?: unknown[] }).odCargo ?? []).length > 0) &&
      structuredClone(x),
  );
  const order = prefectCampaign.bot(s, 'TOG', seededDice('od', 1)) as Record<string, Json>;
  const odTf = Object.values(s.space.tfs).find((t) => t.side === 'TOG' && t.mission === 'ORBITAL_DROP')!;
  const planned =
    (order.plan as { tfs: { tf: string; segment?: number }[] }).tfs.find(
      (t) => resolveAliases(s.space, t.tf) === odTf.id,
    )?.segment ?? 1;
  const zone = zoneOfSegment(planned);
  const carriers = odTf.units.filter((u) => stats(s.space.units[u]).kind === 'TRANSPORT').slice(0, 2);
  expect(carriers).toHaveLength(2);
  const base = 'base-tog-gl1-h10';
  (s.carriedBases ??= {})[base] = { side: 'TOG', type: 'GL1' };
  for (const c of carriers) s.space.units[c].baseLoad = { base, sp: 10 };
  // A TOG ground TF (an engineer off the cargo) already on the ground in the drop zone.
  const ce = Object.keys(s.cargo).find(
    (u) => s.planetary.units[u].side === 'TOG' && s.planetary.units[u].type.includes('construction'),
  )!;
  const hex = prefectData.map.hexes
    .filter((h) => h.zone === zone && h.water !== 'FULL')
    .map((h) => h.id)
    .sort()[0];
  const org = s.planetary.units[ce].org;
  const t = newTaskForce(s.planetary, 'TOG', org, hex, freeCounter(s.planetary, org)!);
  s.planetary.units[ce].tf = t.id;
  delete s.cargo[ce];
  return { s, order, base, carriers, tf: tfAlias(s.planetary, t.id), zone };
}

describe('odLoads drop a carried base (L2408, L2418-2422)', () => {
  const { s, order, base, carriers, tf, zone } = setUp();

  it('L2408: the prompt lists the carried base; a base drop validates and lands in the OD box with its carriers emptied', () => {
    const p = prefectCampaign.prompts(s).find((q) => q.side === 'TOG')!;
    const od = (p.choices as { odCargo: { transport: string; carriedBase: string | null }[] }).odCargo;
    expect(
      od
        .filter((x) => x.carriedBase === base)
        .map((x) => x.transport)
        .sort(),
    ).toEqual([...carriers].sort());
    expect(p.description).toContain('base?: { base, toTf }');
    const withBase = { ...order, odLoads: [{ transport: carriers[0], base: { base, toTf: tf } }] };
    expect(prefectCampaign.validate(s, 'TOG', withBase)).toEqual([]);
    const others: Record<string, Json> = {};
    for (const q of prefectCampaign.prompts(s))
      if (q.side !== 'TOG') others[q.side] = prefectCampaign.bot(s, q.side, seededDice('od', 2));
    const r = prefectCampaign.resolve(s, { ...others, TOG: withBase as Json }, seededDice('od', 3));
    const entry = r.state.zones[zone].od.find((e) => e.base?.id === base);
    expect(entry?.base).toMatchObject({ type: 'GL1', id: base });
    expect((entry!.base!.loads ?? []).map((l) => l.transport).sort()).toEqual([...carriers].sort());
    for (const c of carriers) expect(r.state.space.units[c].baseLoad).toBeUndefined();
    expect(r.state.carriedBases?.[base]).toBeUndefined();
    // D-19 / H39: the enemy never learns the base id (public event: a flag only).
    const toCw = r.events.filter(
      (e) => e.visibleTo === 'all' || (Array.isArray(e.visibleTo) && e.visibleTo.includes('CW')),
    );
    expect(JSON.stringify(toCw)).not.toContain(base);
    expect(
      r.events.find((e) => e.type === 'od.entered.detail' && (e.data as { base?: string }).base === base)?.visibleTo,
    ).toEqual(['TOG']);
  });

  it('L2408, L2418: a base the transport does not carry, or a TF outside the zone, is refused; the state is unchanged', () => {
    const snap = JSON.stringify(s);
    const notCarried = { ...order, odLoads: [{ transport: carriers[0], base: { base: 'base-made-up', toTf: tf } }] };
    expect(prefectCampaign.validate(s, 'TOG', notCarried)[0]).toMatchObject({
      code: 'NOT_CARRIED',
      rule: 'L2408, L2418',
      path: ['odLoads'],
    });
    const badTf = { ...order, odLoads: [{ transport: carriers[0], base: { base, toTf: 'no-such-tf' } }] };
    expect(prefectCampaign.validate(s, 'TOG', badTf)[0]).toMatchObject({
      code: 'BAD_TF',
      rule: 'L2408',
      path: ['odLoads'],
    });
    const malformed = { ...order, odLoads: [{ transport: carriers[0], base: base }] };
    expect(prefectCampaign.validate(s, 'TOG', malformed)[0]).toMatchObject({
      code: 'MALFORMED',
      rule: 'L2378',
      path: ['odLoads'],
    });
    expect(JSON.stringify(s)).toBe(snap);
  });
});
