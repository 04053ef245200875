/**
 * Views and secrets (H16-H20, H33, H38, D-19): two states that differ only in what a side may not
 * know give it byte-identical views and prompts; no view, prompt or visible event shows a real TF
 * id, an enemy mission or allocation, or an enemy unit never shown in public.
 */
import { describe, expect, it } from 'vitest';
import { filterEvents } from '#engine/redact.js';
import { sectorById } from '../state.js';
import { segmentsOf } from '../ofat.js';
import prefectSpace from './index.js';
import { newGame, playBots } from './testing.js';
import type { Side, SpaceGameState } from './types.js';
import { SIDES } from './types.js';

const REAL_TF = /"(?:tog|cw)-(?:tf\d|dis-)/;
const see = (s: SpaceGameState, side: Side | null) => JSON.stringify(prefectSpace.view(s, side));
const prompts = (s: SpaceGameState, side: Side) =>
  JSON.stringify(prefectSpace.prompts(s).filter((p) => p.side === side));

/** The first state of a bot game (seed) where `pred` holds. */
function find(seed: string, pred: (s: SpaceGameState) => boolean): SpaceGameState {
  let hit: SpaceGameState | undefined;
  playBots(seed, ({ state }) => {
    if (!hit && pred(state)) hit = structuredClone(state);
  });
  if (!hit) throw new Error('no such state');
  return hit;
}

describe('prefect-space views: hidden differences are invisible (H16-H18)', () => {
  it('CW missions and SD allocations changed: TOG and spectators see byte-identical views and prompts', () => {
    const a = find(
      'v1',
      (s) =>
        s.step === 'MOVE' &&
        s.attacker === 'TOG' &&
        s.half === 1 &&
        Object.values(s.tfs).some((t) => t.side === 'CW' && t.mission === 'SECTOR_DEFENCE'),
    );
    const b = structuredClone(a);
    let changed = 0;
    for (const t of Object.values(b.tfs).filter((x) => x.side === 'CW')) {
      if (t.mission === 'SECTOR_DEFENCE' && t.sdAllocation) {
        const n = segmentsOf(sectorById((t.place as { sector: string }).sector)!);
        t.sdAllocation = { [n]: Object.values(t.sdAllocation).flat() };
        changed++;
      } else if (t.mission) {
        t.mission = t.mission === 'ATTACK' ? 'SUPPLY' : 'ATTACK';
        changed++;
      }
    }
    expect(changed).toBeGreaterThan(0);
    expect(see(b, 'CW')).not.toBe(see(a, 'CW')); // the owner sees the difference
    expect(see(b, 'TOG')).toBe(see(a, 'TOG'));
    expect(see(b, null)).toBe(see(a, null));
    expect(prompts(b, 'TOG')).toBe(prompts(a, 'TOG'));
  }, 30_000);

  it('TOG off-system composition changed (H16: record sheets, off-system zone): CW view identical', () => {
    const a = newGame('v2');
    const b = structuredClone(a);
    const [t1, t2] = ['tog-tf1', 'tog-tf2'].map((id) => b.tfs[id]);
    const moved = t1.units.splice(t1.units.indexOf('tog-FM1-1i'), 1);
    t2.units.push(...moved);
    b.units['tog-FM1-1i'].tf = 'tog-tf2';
    expect(see(b, 'TOG')).not.toBe(see(a, 'TOG'));
    expect(see(b, 'CW')).toBe(see(a, 'CW'));
    expect(prompts(b, 'CW')).toBe(prompts(a, 'CW'));
  });

  it('the T-space track is hidden (H16): a TOG TF one more turn in T-space changes no CW view', () => {
    const a = find(
      'v3',
      (s) => s.step === 'MISSIONS' && Object.values(s.tfs).some((t) => t.side === 'TOG' && t.place.kind === 'TSPACE'),
    );
    const b = structuredClone(a);
    const t = Object.values(b.tfs).find((x) => x.side === 'TOG' && x.place.kind === 'TSPACE')!;
    t.place = { kind: 'TSPACE', turns: (t.place as { turns: number }).turns + 3 };
    expect(see(b, 'CW')).toBe(see(a, 'CW'));
    expect(see(b, 'TOG')).not.toBe(see(a, 'TOG'));
  }, 30_000);
});

describe('prefect-space secrets over whole games', () => {
  it.each(['w1', 'w2'])(
    'seed %s: no real TF id, enemy mission or unseen enemy unit in any view, prompt or visible event',
    (seed) => {
      const shown: Record<Side, Set<string>> = { TOG: new Set(), CW: new Set() };
      const leaks: string[] = [];
      const unitIds = (s: SpaceGameState, side: Side) => Object.keys(s.units).filter((id) => s.units[id].side !== side);
      playBots(seed, ({ step, state, events }) => {
        for (const side of SIDES) {
          const seen = JSON.stringify(filterEvents(events, side, SIDES));
          if (REAL_TF.test(seen)) leaks.push(`${side}@${step}: real TF id in an event`);
          for (const id of unitIds(state, side)) if (seen.includes(`"${id}"`)) shown[side].add(id);
          const v = see(state, side) + prompts(state, side);
          if (REAL_TF.test(v)) leaks.push(`${side}@${step}: real TF id in the view`);
          for (const id of unitIds(state, side))
            if (v.includes(`"${id}"`) && !shown[side].has(id))
              leaks.push(`${side}@${step}: enemy unit ${id} never shown`);
          const enemyOnMap = (
            prefectSpace.view(state, side) as { map: { tfs: Record<string, unknown>[] } }
          ).map.tfs.filter((t) => t.side !== side);
          for (const t of enemyOnMap)
            if ('mission' in t || 'units' in t || 'sdAllocation' in t) leaks.push(`${side}@${step}: enemy TF details`);
          for (const e of filterEvents(events, side, SIDES))
            if (e.type === 'missions.assigned' && e.visibleTo !== 'all' && !e.visibleTo.includes(side))
              leaks.push('missions shown');
        }
        const spectator = see(state, null);
        if (REAL_TF.test(spectator) || /"own":\{/.test(spectator)) leaks.push(`spectator@${step}: private part`);
      });
      expect(leaks).toEqual([]);
    },
    60_000,
  );
});

describe('list order tells nothing hidden (H16)', () => {
  it('the map lists TF counters by alias, not by counter number or creation turn', () => {
    const s = newGame('order');
    for (const viewer of ['TOG', 'CW', null] as const) {
      const tfs = (prefectSpace.view(s, viewer) as { map: { tfs: { tf: string }[] } }).map.tfs.map((t) => t.tf);
      expect(tfs.length).toBeGreaterThan(2);
      expect(tfs).toEqual([...tfs].sort());
    }
  });
});
