/**
 * New bases through the module (D-51, L952-956): the TF Adjustment's `assignBases`, the lag before
 * the Supply order's `build`, the prompts' `newBases`, and the bot's base logistics
 * (bot-logistics.ts) in a bot-v-bot campaign. Errors name their rule and leave the state as it was.
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent, Json } from '#engine/contract.js';
import { seededDice } from '#engine/dice.js';
import { unitType } from '../../planetary/index.js';
import prefectCampaign from './index.js';
import { newGame, playBots, SEARCH_SEEDS } from './testing.js';
import type { CampaignGameState } from './types.js';

function playTo(seed: string, turn: number, stage: string): CampaignGameState {
  let s = newGame(seed);
  for (let step = 0; !(s.turn === turn && s.stage === stage); step++) {
    const orders: Record<string, Json> = {};
    for (const p of prefectCampaign.prompts(s)) orders[p.side] = prefectCampaign.bot(s, p.side, seededDice('b', step));
    s = prefectCampaign.resolve(s, orders, seededDice('r', step)).state;
  }
  return s;
}
const adjust = playTo('h4', 3, 'ADJUST');
const ceTf = Object.values(adjust.planetary.tfs).find(
  (t) =>
    t.side === 'CW' &&
    Object.values(adjust.planetary.units).some(
      (u) => u.tf === t.id && unitType(u).flags.includes('CONSTRUCTION_ENGINEER'),
    ),
)!.id;
const cwDefault = (s: CampaignGameState): Record<string, Json> =>
  prefectCampaign.prompts(s).find((p) => p.side === 'CW')!.defaultOrders as Record<string, Json>;
const withAssign = (s: CampaignGameState, assignBases: unknown): Json => ({ ...cwDefault(s), assignBases }) as Json;

describe('TF Adjustment: assignBases (D-51, L952-954)', () => {
  it("the prompt lists the side's own available bases only", () => {
    const [cw, tog] = ['CW', 'TOG'].map(
      (side) =>
        (prefectCampaign.prompts(adjust).find((p) => p.side === side)!.choices as { newBases: { available: string[] } })
          .newBases,
    );
    expect(cw.available).toEqual(['GL1']); // the invasion pack: CW's GL1 from turn 3
    expect(tog.available).toEqual(['GL1']); // TOG's GL1 from turn 2 (GL2 from turn 5)
    expect(prefectCampaign.prompts(adjust).find((p) => p.side === 'CW')!.description).toContain('assignBases');
  });

  it('refused with the rule and path: a base not available, a malformed part; the state untouched', () => {
    const before = JSON.stringify(adjust);
    expect(prefectCampaign.validate(adjust, 'CW', withAssign(adjust, [{ tf: ceTf, type: 'GL2' }]))[0]).toMatchObject({
      code: 'NO_BASE_AVAILABLE',
      rule: 'L952, D-51',
      path: ['assignBases', 0],
    });
    expect(prefectCampaign.validate(adjust, 'CW', withAssign(adjust, [{ tf: ceTf }]))[0]).toMatchObject({
      code: 'MALFORMED',
      path: ['assignBases', 0, 'type'],
    });
    expect(
      prefectCampaign.validate(
        adjust,
        'CW',
        withAssign(adjust, [
          { tf: ceTf, type: 'GL1' },
          { tf: ceTf, type: 'GL1' },
        ]),
      )[0].path,
    ).toEqual(['assignBases', 1]);
    expect(JSON.stringify(adjust)).toBe(before);
  });

  it("applied privately; the same turn's Supply may not build it yet (L956), the next turn's may", () => {
    const o = withAssign(adjust, [{ tf: ceTf, type: 'GL1' }]);
    expect(prefectCampaign.validate(adjust, 'CW', o)).toEqual([]);
    const tog = prefectCampaign.bot(adjust, 'TOG', seededDice('t', 1));
    const r = prefectCampaign.resolve(adjust, { TOG: tog, CW: o }, seededDice('x', 1));
    const ev = r.events.find((e) => e.type === 'base.assigned' && (e.visibleTo as string[]).includes('CW'))!;
    expect(ev.visibleTo).toEqual(['CW']);
    const s = r.state as CampaignGameState;
    expect(s.basePool?.assigned[ceTf]).toMatchObject({ type: 'GL1', turn: 3 });
    expect(s.stage).toBe('SUPPLY');
    const build = {
      ...cwDefault(s),
      build: [{ tf: ceTf, type: 'GL1', sources: [{ id: 'cw-gl3', amount: 5 }] }],
    } as Json;
    expect(prefectCampaign.validate(s, 'CW', build)[0]).toMatchObject({
      code: 'TOO_EARLY',
      rule: 'L956, D-51',
      path: ['build', 0],
    });
    const later = structuredClone(s);
    later.turn = 4; // the Supply Phase of the following turn
    expect(prefectCampaign.validate(later, 'CW', build).map((e) => e.code)).not.toContain('TOO_EARLY');
  });
});

describe("the bot's base logistics (bot-logistics.ts)", () => {
  it('bot-v-bot: bases are assigned, then built on a later turn by the assigned TF, never the same turn (D-51, L956)', () => {
    // Seeds in order until one game builds a base (where it happens moves with the bots' policies); every game played is checked.
    let builds = 0;
    const played: string[] = [];
    for (const seed of ['h4', ...SEARCH_SEEDS]) {
      if (builds > 0) break;
      const assigned = new Map<string, number>();
      const built: { side: string; turn: number; tf: string }[] = [];
      playBots(seed, ({ prev, events }: { prev: CampaignGameState; events: GameEvent[] }) => {
        for (const e of events) {
          const d = e.data as { tf?: string; how?: string };
          const side = (e.visibleTo as string[])[0];
          if (e.type === 'base.assigned') assigned.set(`${side}:${d.tf}`, prev.turn);
          if (e.type === 'base.deployed.detail' && d.how === 'BUILT') built.push({ side, turn: prev.turn, tf: d.tf! });
        }
      });
      played.push(seed);
      builds += built.length;
      for (const b of built) expect(assigned.get(`${b.side}:${b.tf}`)).toBeLessThan(b.turn);
    }
    expect(builds, `no base built by the bots on seeds ${played.join(', ')}`).toBeGreaterThan(0);
  }, 300_000);
});
