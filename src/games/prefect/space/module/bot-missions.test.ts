/**
 * The Space bot's Mission Assignment (bot-missions.ts, bot-targets.ts): every mission it gives
 * is one the rules let succeed. An Attack fights only the opponent's orbital bases and sector-
 * defence units placed in the chosen segment (L1701, L1705, L1771); with nothing there it fights
 * nothing and still tires (L1713, L1833). Only one TF of a sector may defend it (L1250).
 */
import { describe, expect, it } from 'vitest';
import type { Json } from '#engine/contract.js';
import { seededDice } from '#engine/dice.js';
import { basesIn, sdTfIn } from '../state.js';
import { formTf } from '../tf-adjust.js';
import { enemyHeldSectors } from './bot-targets.js';
import prefectSpace from './index.js';
import { phasingOf } from './sequence.js';
import { newGame, playBots } from './testing.js';
import type { SpaceGameState } from './types.js';
import { resolveAliases, tfAlias } from './view.js';

type M = { tf: string; mission: string; sdAllocation?: Record<string, string[]> };
const KU = 's3-4';
const SIZZLE = 's5-2';

/** Turn 1 with Ku Crassus held by two CW TFs: cw-tf1 keeps `keep` (a destroyer carrying a light squadron), the rest form a new, stronger TF (L1873). */
function twoTfsAtKu(seed: string, keep = ['cw-D-1', 'cw-FL1-4']): { s: SpaceGameState; strong: string } {
  const s = newGame(seed);
  const rest = s.tfs['cw-tf1'].units.filter((id) => !keep.includes(id));
  const strong = formTf(s, 'CW', { units: rest, at: KU });
  if (typeof strong !== 'string') throw new Error(JSON.stringify(strong));
  return { s, strong };
}

/** The CW bot's mission order with real TF ids, after checking it is legal. */
function cwMissions(s: SpaceGameState): Record<string, M> {
  const o = prefectSpace.bot(s, 'CW', seededDice('bm', 1)) as Json;
  expect(prefectSpace.validate(s, 'CW', o)).toEqual([]);
  const real = resolveAliases(s, o) as { missions: M[] };
  return Object.fromEntries(real.missions.map((m) => [m.tf, m]));
}

/** Both bots play until `stop` holds (at most 40 steps); returns the state and the last step's events. */
function playUntil(s: SpaceGameState, stop: (x: SpaceGameState) => boolean): SpaceGameState {
  for (let step = 1; step <= 40 && !stop(s); step++) {
    const orders: Record<string, Json> = {};
    for (const p of prefectSpace.prompts(s))
      orders[p.side] = prefectSpace.bot(s, p.side, seededDice('pu', step)) as Json;
    s = prefectSpace.resolve(s, orders, seededDice('pu-r', step)).state;
  }
  return s;
}

/** Sizzle Stone's ON2 captured by TOG (L2079), sighted as CW's before the capture (H25). */
function sizzleCaptured(s: SpaceGameState): void {
  s.bases['cw-on2-ss'].side = 'TOG';
  s.sightings.push({ sector: SIZZLE, segment: 1, turn: 1, bases: [{ id: 'cw-on2-ss', side: 'CW', ground: false }] });
}

describe('prefect-space bot: missions the rules let succeed', () => {
  it('L1250, L1713: the strongest TF of a base sector defends it; the other gets Supply, not an Attack on a sector where TOG holds nothing', () => {
    const { s, strong } = twoTfsAtKu('bm1');
    // the weak remnant comes first in the prompt (the defence must still go to the strong TF, not to the first listed)
    expect(prefectSpace.prompts(s).find((p) => p.side === 'CW')!.choices).toMatchObject({
      tfs: [{ tf: tfAlias(s, 'cw-tf1') }, {}, {}, {}],
    });
    const m = cwMissions(s);
    expect(m[strong].mission).toBe('SECTOR_DEFENCE');
    expect(Object.values(m[strong].sdAllocation!).flat().sort()).toEqual([...s.tfs[strong].units].sort());
    expect(m['cw-tf1'].mission).toBe('SUPPLY'); // L1753: moves ships and fighters without another mission; no fatigue (L1833)
    expect(Object.values(m).filter((x) => x.mission === 'ATTACK')).toEqual([]);
  });

  it('L1701, L1409: with a sector TOG holds, the spare TF is given an Attack, moves there and fights its base (no empty segment)', () => {
    const { s: s0 } = twoTfsAtKu('bm2');
    sizzleCaptured(s0);
    const m = cwMissions(s0);
    expect(m['cw-tf1'].mission).toBe('ATTACK');
    // play to the CW Intra-System Movement (the Defender's half, D-53) and through its Combat Phase
    const atMove = playUntil(s0, (x) => x.step === 'MOVE' && phasingOf(x) === 'CW');
    expect(atMove.tfs['cw-tf1'].mission).toBe('ATTACK');
    const mv = resolveAliases(atMove, prefectSpace.bot(atMove, 'CW', seededDice('mv', 1))) as {
      moves: { tf: string; to: string }[];
    };
    expect(mv.moves).toContainEqual({ tf: 'cw-tf1', to: SIZZLE });
    const atCombat = playUntil(atMove, (x) => x.step === 'COMBAT' && phasingOf(x) === 'CW');
    expect(atCombat.tfs['cw-tf1'].place).toEqual({ kind: 'SECTOR', sector: SIZZLE });
    const orders: Record<string, Json> = {};
    for (const p of prefectSpace.prompts(atCombat))
      orders[p.side] = prefectSpace.bot(atCombat, p.side, seededDice('c', 1)) as Json;
    const ev = prefectSpace.resolve(atCombat, orders, seededDice('c-r', 1)).events;
    const mine = (e: { data: unknown }) => (e.data as { tf?: string }).tf === tfAlias(atCombat, 'cw-tf1');
    expect(
      ev.filter((e) => e.type === 'SEGMENT_CHOSEN' && mine(e)).map((e) => (e.data as { segment: number }).segment),
    ).toEqual([1]);
    expect(ev.filter((e) => e.type === 'EMPTY_SEGMENT' && mine(e))).toEqual([]);
    expect(
      ev.some((e) => e.type === 'SEGMENT_PLACED' && (e.data as { bases: string[] }).bases.includes('cw-on2-ss')),
    ).toBe(true);
  });

  it('L1841: a TF at fatigue 3 is given no Attack even where TOG holds a base (one more level disorganises it)', () => {
    const { s } = twoTfsAtKu('bm3');
    sizzleCaptured(s);
    s.tfs['cw-tf1'].fatigue = 3;
    expect(cwMissions(s)['cw-tf1'].mission).toBe('SUPPLY');
  });

  it('L1326: a lone fighter squadron, which may not leave its sector, is given no Attack on a sector TOG holds elsewhere', () => {
    const { s } = twoTfsAtKu('bm4', ['cw-FL1-4']);
    sizzleCaptured(s);
    expect(cwMissions(s)['cw-tf1'].mission).toBe('SUPPLY');
  });

  it('enemy-held sectors: public and announced enemy bases, sighted enemy orbital bases and own captured bases; not ground bases or own bases', () => {
    const view = {
      scenario: 'hold-the-line',
      own: { bases: [{ id: 'cw-on3-ku' }, { id: 'cw-on1-nm' }] },
      map: {
        bases: [
          { id: 'tog-x', side: 'TOG', sector: 's6-7', type: 'ON1', status: 'ACTIVE' },
          { id: 'tog-gone', side: 'TOG', sector: 's2-1', type: 'ON1', status: 'DESTROYED' },
        ],
        announced: [{ id: 'tog-y', side: 'TOG', sector: 's7-3' }],
        sightings: [
          { sector: KU, segment: 1, turn: 2, bases: [{ id: 'cw-on3-ku', side: 'CW', ground: false }] }, // ours, still ours
          { sector: KU, segment: 4, turn: 2, bases: [{ id: 'tog-gn', side: 'TOG', ground: true }] }, // ground: no Attack target (L1771)
          { sector: SIZZLE, segment: 1, turn: 2, bases: [{ id: 'cw-on2-ss', side: 'CW', ground: false }] }, // ours once, gone: captured
          { sector: 's4-9', segment: 2, turn: 3, bases: [{ id: 'tog-z', side: 'TOG', ground: false }] },
        ],
      },
    };
    // the scenario's named places first (New Mandella, Sizzle Stone), then by id
    expect(enemyHeldSectors(view, 'CW')).toEqual(['s4-9', SIZZLE, 's6-7', 's7-3']);
    expect(
      enemyHeldSectors(
        { ...view, map: { ...view.map, bases: [], announced: [], sightings: view.map.sightings.slice(0, 2) } },
        'CW',
      ),
    ).toEqual([]);
  });

  it.each(['bm-a', 'bm-b', 'bm-c', 'bm-d'])(
    'seed %s: no CW Attack without a TOG base or SD TF in its sector, no empty-segment Attack, no order refused',
    (seed) => {
      const bad: string[] = [];
      let supply = 0;
      playBots(seed, ({ step, prev, state, events }) => {
        if (events.some((e) => e.type === 'orders.defaulted')) bad.push(`step ${step}: an order was refused`);
        if (prev.step === 'MISSIONS' && state.step !== 'MISSIONS') {
          const togHolds = Object.values(state.bases).some((b) => b.side === 'TOG' && b.status !== 'DESTROYED');
          for (const t of Object.values(state.tfs)) {
            if (t.side !== 'CW' || t.place.kind === 'TSPACE') continue;
            if (t.mission === 'SUPPLY') supply++;
            if (t.mission === 'ATTACK' && !togHolds)
              bad.push(`turn ${state.turn}: ${t.id} given an Attack while TOG holds no base`);
          }
        }
        if (prev.step === 'COMBAT' && phasingOf(prev) === 'CW') {
          for (const t of Object.values(prev.tfs)) {
            if (t.side !== 'CW' || t.mission !== 'ATTACK' || t.place.kind !== 'SECTOR') continue;
            if (!basesIn(prev, 'TOG', t.place.sector).length && !sdTfIn(prev, 'TOG', t.place.sector))
              bad.push(`turn ${prev.turn}: ${t.id} attacks ${t.place.sector}, nothing to fight`);
          }
        }
        if (prev.step === 'COMBAT' && phasingOf(prev) === 'CW' && events.some((e) => e.type === 'EMPTY_SEGMENT'))
          bad.push(`turn ${prev.turn}: CW Attack on an empty segment (L1713)`);
      });
      expect(bad).toEqual([]);
      expect(supply).toBeGreaterThan(0);
    },
    60_000,
  );
});
