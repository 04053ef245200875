/**
 * L2204, L2214, D-76, D-83: naval support of **interactive** counter-attacks (counter-support-live.ts)
 * through the module: the counter-attacker's `counter-attack` answer carries `navalSupport`, sealed
 * in the state until the combat; the mover's owner's `mover-detect` answer carries his own for the
 * mover's defence; both revealed and added at the combat, each unit once.
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent, Json } from '#engine/contract.js';
import { seededDice } from '#engine/dice.js';
import { attackTotal, defenceTotal } from '../../planetary/index.js';
import { terrainFor } from '../../planetary/index.js';
import { stats } from '../../space/index.js';
import { otherSide } from '../../common/types.js';
import { gsSupportValue } from '../ground-support.js';
import { zoneOfHex } from '../map-link.js';
import prefectCampaign from './index.js';
import { playBots, SEARCH_SEEDS } from './testing.js';
import type { CampaignGameState, Side } from './types.js';

const of = (ev: GameEvent[], type: string) => ev.filter((e) => e.type === type);
const fighters = (s: CampaignGameState, side: Side) =>
  Object.values(s.space.units).filter(
    (u) => u.side === side && u.status === 'ACTIVE' && u.tf && stats(u).kind === 'FIGHTER',
  );

/** The first interactive `kind` window in bot play where both sides have fighters in naval TFs (GS boxes emptied). */
function findWindow(
  options: Record<string, Json>,
  kind = 'counter-attack',
  more: (s: CampaignGameState) => boolean = () => true,
): CampaignGameState {
  for (const seed of SEARCH_SEEDS) {
    let found: CampaignGameState | null = null;
    try {
      playBots(
        seed,
        ({ state }) => {
          const w = state.planetary.movement?.window;
          if (
            state.stage === 'GROUND' &&
            w?.kind === kind &&
            fighters(state, 'TOG').length >= 2 &&
            fighters(state, 'CW').length >= 2 &&
            more(state)
          ) {
            found = state;
            throw new Error('found');
          }
        },
        { interleave: 'interactive', ...options },
      );
    } catch (e) {
      if ((e as Error).message !== 'found') throw e;
    }
    if (found) {
      const s = structuredClone(found as CampaignGameState);
      for (const z of Object.values(s.zones)) z.gs = [];
      s.gsUsed = [];
      return s;
    }
  }
  throw new Error(`no interactive ${kind} window on seeds ${SEARCH_SEEDS.join(', ')}`);
}

function box(s: CampaignGameState, side: Side, count: number, zone: number): string[] {
  const units = fighters(s, side)
    .filter((u) => !Object.values(s.zones).some((z) => z.gs.some((e) => e.unit === u.id)))
    .slice(0, count);
  for (const u of units) {
    s.space.tfs[u.tf!].mission = 'GROUND_SUPPORT';
    s.zones[zone].gs.push({ unit: u.id, tf: u.tf!, side });
  }
  expect(units.length).toBe(count);
  return units.map((u) => u.id);
}

const windowOf = (s: CampaignGameState) =>
  s.planetary.movement!.window as { kind: 'counter-attack'; side: Side; mover: string; eligible: string[] };

describe('L2204, D-76: naval support of interactive counter-attacks', () => {
  const start = findWindow({});
  const w = windowOf(start);
  const D = w.side;
  const A = otherSide(D);
  const zone = zoneOfHex(start.planetary.tfs[w.mover].hex);
  const counter = (navalSupport?: Json): Json => ({
    kind: 'counter-attack',
    tfs: [w.eligible[0]],
    ...(navalSupport ? { navalSupport } : {}),
  });

  it("the counter-attack prompt offers the GS units of the mover's zone only", () => {
    const s = structuredClone(start);
    const [here] = box(s, D, 1, zone);
    const [away] = box(s, D, 1, zone === 1 ? 2 : 1);
    const p = prefectCampaign.prompts(s).find((x) => x.side === D)!;
    expect(p.description).toContain('navalSupport');
    const offered = JSON.stringify((p.choices as { gsUnits: Json }).gsUnits);
    expect(offered).toContain(here);
    expect(offered).not.toContain(away);
    expect(prefectCampaign.validate(s, D, counter([{ units: [away] }]))[0]).toMatchObject({
      code: 'NOT_IN_ZONE',
      rule: 'L2214',
      path: ['navalSupport', 0, 'units'],
    });
    expect(prefectCampaign.validate(s, D, counter([{ units: [here] }]))).toEqual([]);
  });

  it("SIMUL: the commitment is sealed until the combat, then both sides' support is revealed and added (L2218)", () => {
    const s = structuredClone(start);
    const [dfl] = box(s, D, 1, zone);
    const [afl] = box(s, A, 1, zone);
    const r1 = prefectCampaign.resolve(s, { [D]: counter([{ units: [dfl] }]) }, seededDice('live-1', 1));
    expect(of(r1.events, 'orders.defaulted')).toEqual([]);
    expect(of(r1.events, 'gs.committed').map((e) => e.visibleTo)).toEqual([[D]]);
    expect(of(r1.events, 'gs.revealed')).toEqual([]);
    expect(r1.state.counterSupport).toEqual({ side: D, list: [{ units: [dfl] }] });
    // The mover's owner sees nothing of it: same prompts and views as without the commitment.
    const plain = prefectCampaign.resolve(s, { [D]: counter() }, seededDice('live-1', 1)).state;
    expect(prefectCampaign.prompts(r1.state).filter((p) => p.side === A)).toEqual(
      prefectCampaign.prompts(plain).filter((p) => p.side === A),
    );
    expect(prefectCampaign.view(r1.state, A)).toEqual(prefectCampaign.view(plain, A));
    expect(prefectCampaign.view(r1.state, null)).toEqual(prefectCampaign.view(plain, null));
    const md = prefectCampaign.prompts(r1.state).find((p) => p.side === A)!;
    expect(md.kind).toBe('ground-reaction');
    expect(JSON.stringify((md.choices as { gsUnits: Json }).gsUnits)).toContain(afl);
    // The mover's owner commits to its defence on his mover-detect answer; the combat runs.
    const moverDetect = { ...(md.defaultOrders as Record<string, Json>), navalSupport: [{ units: [afl] }] } as Json;
    expect(prefectCampaign.validate(r1.state, A, moverDetect)).toEqual([]);
    const before = r1.state;
    const r2 = prefectCampaign.resolve(before, { [A]: moverDetect }, seededDice('live-2', 1));
    expect(
      of(r2.events, 'gs.revealed')
        .map((e) => (e.data as { side: string }).side)
        .sort(),
    ).toEqual([A, D].sort());
    const combat = of(r2.events, 'combat')[0].data as { context: string; attack: number; defence: number };
    expect(combat.context).toBe('COUNTER_ATTACK');
    const ps = before.planetary;
    expect(combat.attack).toBe(attackTotal(ps, [w.eligible[0]]) + gsSupportValue(before, [dfl]));
    expect(combat.defence).toBe(
      defenceTotal(ps, w.mover) +
        (terrainFor(ps, w.mover, ps.tfs[w.mover].hex, 'defence')?.defenceFactor ?? 0) +
        gsSupportValue(before, [afl]),
    );
    expect(r2.state.gsUsed.sort()).toEqual([afl, dfl].sort()); // D-83
    expect(r2.state.counterSupport).toBeUndefined();
  });

  it('a commitment naming another TF is never used nor revealed, and lapses after the counter-attack', () => {
    const s = structuredClone(start);
    const [dfl] = box(s, D, 1, zone);
    const other = Object.values(s.planetary.tfs).find((t) => t.side === D && t.id !== w.eligible[0])!.id;
    const r1 = prefectCampaign.resolve(s, { [D]: counter([{ units: [dfl], tfs: [other] }]) }, seededDice('live-3', 1));
    expect(r1.state.counterSupport?.side).toBe(D);
    const md = prefectCampaign.prompts(r1.state).find((p) => p.side === A)!;
    const r2 = prefectCampaign.resolve(r1.state, { [A]: md.defaultOrders }, seededDice('live-4', 1));
    expect(of(r2.events, 'gs.revealed')).toEqual([]);
    expect(
      JSON.stringify(r2.events.filter((e) => e.visibleTo === 'all' || (e.visibleTo as string[]).includes(A))),
    ).not.toContain(dfl);
    expect(r2.state.gsUsed).toEqual([]);
    expect(r2.state.counterSupport).toBeUndefined();
    expect(r2.state.zones[zone].gs.map((e) => e.unit)).toEqual([dfl]);
  });

  it('bad interactive navalSupport: refused with the rule, resolved as the default, state untouched', () => {
    const s = structuredClone(start);
    const [dfl] = box(s, D, 1, zone);
    const enemy = fighters(s, A)[0].id;
    expect(prefectCampaign.validate(s, D, counter([{ units: [dfl, dfl] }]))[0]).toMatchObject({
      code: 'TWICE',
      rule: 'D-83',
    });
    expect(prefectCampaign.validate(s, D, counter([{ units: [enemy] }]))[0]).toMatchObject({
      code: 'NOT_IN_GS_BOX',
      rule: 'L2214',
    });
    expect(prefectCampaign.validate(s, D, { kind: 'pass', navalSupport: [{ units: [dfl] }] })[0]).toMatchObject({
      code: 'NOT_HERE',
      rule: 'L2204',
    });
    const copy = structuredClone(s);
    const r = prefectCampaign.resolve(s, { [D]: counter([{ units: [enemy] }]) }, seededDice('live-5', 1));
    expect(of(r.events, 'orders.defaulted').map((e) => e.visibleTo)).toEqual([[D]]);
    expect(r.state.counterSupport).toBeUndefined();
    expect(s).toEqual(copy);
  });

  it("D-76 ATTACKER_FIRST: the counter-attacker commits first and the mover's owner sees the unit types", () => {
    const s = structuredClone(start);
    s.options.gsCommitMode = 'ATTACKER_FIRST';
    const [dfl] = box(s, D, 1, zone);
    box(s, A, 1, zone);
    const r1 = prefectCampaign.resolve(s, { [D]: counter([{ units: [dfl] }]) }, seededDice('live-6', 1));
    expect(of(r1.events, 'gs.committed')).toMatchObject([
      { visibleTo: 'all', data: { side: D, units: [[s.space.units[dfl].type]] } },
    ]);
    const md = prefectCampaign.prompts(r1.state).find((p) => p.side === A)!;
    expect((md.choices as { enemyCommitment: Json }).enemyCommitment).toEqual([[s.space.units[dfl].type]]);
  });

  it('defender-actions: navalSupport rides only with an attack action, for the zone of an attacked TF (L2214)', () => {
    const s = findWindow({}, 'defender-actions');
    const side = (s.planetary.movement!.window as { side: Side }).side;
    const enemyTf = Object.values(s.planetary.tfs).find((t) => t.side !== side && t.hex)!;
    const [u] = box(s, side, 1, zoneOfHex(enemyTf.hex));
    expect(
      prefectCampaign.validate(s, side, { kind: 'defender-actions', actions: [], navalSupport: [{ units: [u] }] })[0],
    ).toMatchObject({ code: 'NOT_HERE', rule: 'L2204' });
    const p = prefectCampaign.prompts(s).find((x) => x.side === side)!;
    expect(JSON.stringify((p.choices as { gsUnits: Json }).gsUnits)).toContain(u);
  });
});
