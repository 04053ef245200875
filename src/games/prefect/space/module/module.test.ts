/**
 * The Space Game module through the kernel contract (issue 10): bot-v-bot games to the end with
 * invariants after every step, deadline defaults always legal, the sealed Mission Assignment
 * (H17), the reaction window's own deadline (H20), and the game's end with D-01 victory points.
 */
import { describe, expect, it } from 'vitest';
import { shippedModules } from '#games/index.js';
import { spaceData } from '../data/index.js';
import { evenlyFilled, orbitalCounts } from '../ofat.js';
import { sectorById } from '../state.js';
import { supplyLedger } from '../supply.js';
import { victoryPoints } from '../victory.js';
import prefectSpace from './index.js';
import { playBots } from './testing.js';
import type { SpaceGameState } from './types.js';
import { SIDES } from './types.js';

function invariants(s: SpaceGameState): string[] {
  const bad: string[] = [];
  const holder = new Map<string, string>();
  for (const t of Object.values(s.tfs)) {
    if (t.units.length > 20) bad.push(`${t.id}: ${t.units.length} counters (L1068)`);
    if (t.counterNo < 1 || t.counterNo > 20) bad.push(`${t.id}: counter ${t.counterNo} (L1068)`);
    for (const id of t.units) {
      if (holder.has(id)) bad.push(`${id} in ${holder.get(id)} and ${t.id}`);
      holder.set(id, t.id);
      if (s.units[id]?.tf !== t.id) bad.push(`${id} listed by ${t.id} but says ${s.units[id]?.tf}`);
    }
  }
  for (const side of SIDES) {
    const nos = Object.values(s.tfs)
      .filter((t) => t.side === side)
      .map((t) => t.counterNo);
    if (new Set(nos).size !== nos.length) bad.push(`${side}: a TF counter used twice (L1068)`);
    for (const l of supplyLedger(s, side))
      if (l.supply < 0 || l.supply > l.max) bad.push(`${l.id}: ${l.supply} SP of ${l.max} (L1903)`);
  }
  for (const u of Object.values(s.units)) {
    if (u.tf && !s.tfs[u.tf]) bad.push(`${u.id} in missing TF ${u.tf}`);
    if (u.tf && u.offSystemBox) bad.push(`${u.id} both in ${u.tf} and the ${u.offSystemBox} box`);
    if (u.tf && u.deployedAsBase) bad.push(`${u.id} both in a TF and deployed as a base`);
  }
  const bySector = new Map<string, number[]>();
  for (const b of Object.values(s.bases)) {
    if (b.status === 'DESTROYED' || b.offSystemBox || b.carriedBy || !spaceData.baseTypes[b.type].orbital) continue;
    bySector.set(b.sector, [...(bySector.get(b.sector) ?? []), b.segment]);
  }
  for (const [sector, segs] of bySector)
    if (!evenlyFilled(orbitalCounts(sectorById(sector)!, segs)))
      bad.push(`${sector}: orbital bases not evenly filled (L1164, L1437)`);
  return bad;
}

const SEEDS = ['s1', 's2', 's3', 's4'];

describe('prefect-space: bot-v-bot games to the end (D-53 phase machine)', () => {
  it('is registered among the shipped modules', () => {
    expect(shippedModules.map((m) => m.id)).toContain('prefect-space');
  });

  it.each(SEEDS)(
    'seed %s: invariants after every step, legal defaults, VP never lost, outcome = D-01 tally',
    (seed) => {
      const kinds = new Set<string>();
      const problems: string[] = [];
      let lastVp = { TOG: 0, CW: 0 };
      const sc = spaceData.scenarios['hold-the-line'];
      const end = playBots(seed, ({ step, prev, state, prompts, events }) => {
        for (const p of prompts) {
          kinds.add(p.kind);
          // the deadline default is always legal (it replaces a missing order)
          const errs = prefectSpace.validate(prev, p.side, p.defaultOrders);
          if (errs.length)
            problems.push(`step ${step} ${p.side} ${p.kind}: default refused ${JSON.stringify(errs[0])}`);
          if (p.kind === 'missions' && !p.secret) problems.push('mission assignment must be sealed (H17)');
          if (p.kind === 'reaction' && p.deadlineSeconds !== 600)
            problems.push('the reaction window has its own deadline (H20)');
        }
        if (events.some((e) => e.type === 'orders.defaulted')) problems.push(`step ${step}: a bot order was refused`);
        problems.push(...invariants(state).map((x) => `step ${step}: ${x}`));
        const vp = victoryPoints(state, sc);
        if (vp.TOG < lastVp.TOG || vp.CW < lastVp.CW) problems.push(`step ${step}: VP went down`);
        lastVp = vp;
      });
      expect(problems).toEqual([]);
      expect(end.step).toBe('GAME_OVER');
      expect(end.turn).toBe(sc.turns);
      const out = prefectSpace.outcome(end)!;
      expect(out.score).toEqual(victoryPoints(end, sc));
      const bonus = sc.victory.bonus ?? {}; // the scenario's bonus decides the winner, the score stays raw (victory.ts)
      expect(out.winner).toBe(out.score!.TOG + (bonus.TOG ?? 0) > out.score!.CW + (bonus.CW ?? 0) ? 'TOG' : 'CW'); // ties go to CW (D-01, designed)
      expect([...kinds]).toEqual(
        expect.arrayContaining(['missions', 'tspace', 'move', 'combat-plan', 'combat-reactions', 'adjust', 'supply']),
      );
      expect(prefectSpace.prompts(end)).toEqual([]);
    },
    60_000,
  );

  it('the same seed replays the same game (deterministic rules and bots)', () => {
    expect(JSON.stringify(playBots('replay'))).toBe(JSON.stringify(playBots('replay')));
  }, 60_000);
});
