/**
 * Campaign secrets (§4.6 H16-H28, H39, L2307): a side's view is the same whatever the enemy's
 * hidden facts are — which transport carries which unit, its sealed missions, its HQ stores, the
 * contents of its boxes under boxVisibility OWNER — and no event or error hands them over.
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '#engine/contract.js';
import prefectCampaign from './index.js';
import { firstInBotPlay, newGame, playBots } from './testing.js';
import { dropIntoOdBox, groundPosition } from './test-positions.js';
import type { CampaignGameState } from './types.js';

/** States of one bot campaign (seed c1), with every event. */
function record(seed: string, options = {}): { states: CampaignGameState[]; events: GameEvent[][] } {
  const states: CampaignGameState[] = [];
  const events: GameEvent[][] = [];
  playBots(
    seed,
    ({ prev, events: ev }) => {
      states.push(prev);
      events.push(ev);
    },
    options,
  );
  return { states, events };
}

const views = (s: CampaignGameState) => ({
  CW: prefectCampaign.view(s, 'CW'),
  spectator: prefectCampaign.view(s, null),
  TOG: prefectCampaign.view(s, 'TOG'),
});

describe('prefect-campaign: views under hidden differences', () => {
  it("L2307: which TOG transport carries which unit is not in CW's or a spectator's view", () => {
    const a = newGame('v1');
    const b = structuredClone(a);
    const [u1, u2] = Object.keys(b.cargo)
      .filter((u) => b.cargo[u].transports[0] !== b.cargo[Object.keys(b.cargo)[0]].transports[0])
      .slice(0, 1)
      .concat(Object.keys(b.cargo)[0]);
    [b.cargo[u1], b.cargo[u2]] = [b.cargo[u2], b.cargo[u1]];
    expect(b.cargo[u1]).not.toEqual(a.cargo[u1]);
    expect(views(b).CW).toEqual(views(a).CW);
    expect(views(b).spectator).toEqual(views(a).spectator);
    expect(views(b).TOG).not.toEqual(views(a).TOG); // the owner's record sheet shows it
  });

  it("H16/H17: TOG's sealed missions and HQ stores do not show to CW", () => {
    const s = firstInBotPlay(
      'space step after MISSIONS with a TOG Orbital Drop TF and a TOG HQ store',
      ({ prev: x }) =>
        x.stage === 'SPACE' &&
        x.space.step !== 'MISSIONS' &&
        Object.values(x.space.tfs).some((t) => t.side === 'TOG' && t.mission === 'ORBITAL_DROP') &&
        Object.keys(x.planetary.hqSupply).some((id) => x.planetary.units[id]?.side === 'TOG') &&
        x,
    );
    const b = structuredClone(s);
    const od = Object.values(b.space.tfs).find((t) => t.side === 'TOG' && t.mission === 'ORBITAL_DROP')!;
    od.mission = 'SUPPLY';
    const hq = Object.keys(b.planetary.hqSupply).find((id) => b.planetary.units[id]?.side === 'TOG')!;
    b.planetary.hqSupply[hq] += 3;
    expect(views(b).CW).toEqual(views(s).CW);
    expect(views(b).spectator).toEqual(views(s).spectator);
    expect(views(b).TOG).not.toEqual(views(s).TOG);
  }, 300_000);

  it('H39 OWNER: the enemy sees only how many counters are in a box, PUBLIC: their types', () => {
    // Built by hand (test-positions.ts): two TOG cohorts of one transport dropped into an OD box (L2378).
    const {
      s: owner,
      contacts: [c],
    } = groundPosition(1, { boxVisibility: 'OWNER' });
    const transport = owner.cargo[Object.keys(owner.cargo).sort()[0]].transports[0];
    dropIntoOdBox(
      owner,
      c.zone,
      Object.keys(owner.cargo)
        .filter((u) => owner.cargo[u].transports.includes(transport))
        .sort()
        .slice(0, 2),
    );
    const b = structuredClone(owner);
    const entry = Object.values(b.zones)
      .flatMap((z) => z.od)
      .find((e) => e.side === 'TOG')!;
    const other = Object.values(b.planetary.units).find(
      (u) => u.side === 'TOG' && !entry.units.includes(u.id) && u.type !== b.planetary.units[entry.units[0]].type,
    )!;
    b.planetary.units[entry.units[0]].type = other.type; // a different counter in the box
    expect(views(b).CW).toEqual(views(owner).CW);
    const pub = structuredClone(owner);
    pub.options.boxVisibility = 'PUBLIC';
    const pub2 = structuredClone(b);
    pub2.options.boxVisibility = 'PUBLIC';
    expect(views(pub2).CW).not.toEqual(views(pub).CW);
  });

  it('no event visible to CW (or all) names a TOG unit aboard, in a box or a sealed mission', () => {
    const { states, events } = record('c1');
    const hiddenAt = (x: CampaignGameState | undefined) =>
      new Set(
        x
          ? [
              ...Object.keys(x.cargo),
              ...Object.values(x.zones).flatMap((z) => z.od.filter((e) => e.side === 'TOG').flatMap((e) => e.units)),
            ]
          : [],
      );
    const leaks: string[] = [];
    events.forEach((ev, i) => {
      // Units aboard or in the OD box both before and after the step (a landing makes them public, L2390, H32).
      const after = hiddenAt(states[i + 1]);
      const tog = [...hiddenAt(states[i])].filter((u) => after.has(u));
      for (const e of ev) {
        if (e.visibleTo !== 'all' && !e.visibleTo.includes('CW')) continue;
        const text = JSON.stringify(e.data);
        for (const id of tog) if (text.includes(`"${id}"`)) leaks.push(`step ${i + 1} ${e.type}: ${id}`);
        if (e.type === 'missions.assigned')
          leaks.push(`step ${i + 1}: missions shown to ${JSON.stringify(e.visibleTo)}`);
      }
    });
    // TOG's missions are told to TOG only (H17); CW's to CW only.
    expect(leaks.filter((l) => !l.includes('missions shown to ["CW"]'))).toEqual([]);
  });

  it('an order naming a hidden TOG unit is refused without saying where it is (L97)', () => {
    const { s } = groundPosition(1); // built by hand (test-positions.ts): TOG TFs landed, units still aboard, CW's counter-orders owed
    const p = prefectCampaign.prompts(s).find((x) => x.side === 'CW')!;
    const hidden = Object.values(s.planetary.units).find((u) => u.side === 'TOG' && u.status === 'ACTIVE')!.id;
    const a = prefectCampaign.validate(s, 'CW', {
      ...(p.defaultOrders as object),
      counterAttacks: [{ tfs: [hidden], target: hidden }],
    });
    expect(a.length).toBeGreaterThan(0);
    expect(a.every((e) => !!e.rule)).toBe(true);
    const text = JSON.stringify(a);
    expect(text).not.toContain(hidden);
    const tf = s.planetary.units[hidden].tf;
    if (tf) expect(text).not.toContain(s.planetary.tfs[tf].hex);
  });
});
