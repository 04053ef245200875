/**
 * D-87 in the Campaign (external-link.ts): option externalCombat 'LEVIATHAN' pauses the space
 * half's Combat Phases at each Leviathan battle (L2432-2600); both players owe a sealed
 * `external-result`, identical entries are applied (L2572-2600), differing ones asked again; the
 * Legion-base stand-ins (L2141, L2155) and the campaign's hand-offs wait for the end of the phase.
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent, Json } from '#engine/contract.js';
import { seededDice } from '#engine/dice.js';
import prefectCampaign from './index.js';
import { zoneOfSegment } from '../map-link.js';
import { segmentReached } from './drops-link.js';
import { LEGION_PREFIX } from './legion-bases.js';
import { DEFAULT_SECONDS } from './prompts.js';
import { firstInBotPlay, newGame, playBots } from './testing.js';
import type { CampaignGameState, Side } from './types.js';

const LEV = { externalCombat: 'LEVIATHAN' } as Record<string, Json>;
const paused = (cs: CampaignGameState) => cs.space.external?.pending?.battle;
const entry = (
  cs: CampaignGameState,
  o: { destroyed?: string[]; disorganised?: string[]; brokeOff?: string[]; prefect?: boolean } = {},
): Json => ({ kind: 'external-result', battle: paused(cs)!.id, destroyed: [], disorganised: [], brokeOff: [], ...o });
const botOrders = (cs: CampaignGameState, step: number): Record<string, Json> =>
  Object.fromEntries(
    prefectCampaign.prompts(cs).map((p) => [p.side, prefectCampaign.bot(cs, p.side, seededDice('bot', step))]),
  );
const other = (s: Side): Side => (s === 'TOG' ? 'CW' : 'TOG');
const standInsOf = (bases: Record<string, unknown>) => Object.keys(bases).filter((id) => id.startsWith(LEGION_PREFIX));

describe('option externalCombat (D-87)', () => {
  it('D-87: OFF by default; LEVIATHAN → space half, CENTURION → ground half, BOTH → both; bad values refused; external-result declared with a default step', () => {
    const spec = prefectCampaign.options.filter((o) => o.id === 'externalCombat');
    expect(spec).toHaveLength(1);
    expect(spec[0]).toMatchObject({ default: 'OFF', values: ['OFF', 'LEVIATHAN', 'CENTURION', 'BOTH'] });
    const halves = (o: Record<string, Json>) => {
      const cs = newGame('o', o);
      return [cs.space.options.externalCombat, cs.planetary.options.externalCombat];
    };
    expect(halves({})).toEqual(['OFF', 'OFF']);
    expect(halves(LEV)).toEqual(['LEVIATHAN', 'OFF']);
    expect(halves({ externalCombat: 'CENTURION' })).toEqual(['OFF', 'CENTURION']);
    expect(halves({ externalCombat: 'BOTH' })).toEqual(['LEVIATHAN', 'CENTURION']);
    const on = newGame('o', { externalCombat: 'BOTH', externalResultSeconds: 3600 });
    expect([on.space.options.externalResultSeconds, on.planetary.options.externalResultSeconds]).toEqual([3600, 3600]);
    for (const v of ['YES', 'centurion', 1, true])
      expect(() => newGame('o', { externalCombat: v })).toThrow(/externalCombat/);
    expect(() => newGame('o', { ...LEV, externalResultSeconds: 5 })).toThrow(/externalResultSeconds/);
    expect(prefectCampaign.promptKinds!.map((k) => k.kind)).toContain('external-result');
    expect(DEFAULT_SECONDS['external-result']).toBe(24 * 3600);
  });
});

describe('a Leviathan pause in the campaign (L2432-2600, D-87)', () => {
  it('L2432-2600: a bot campaign with LEVIATHAN plays to the end — every battle agreed, every order legal, none defaulted; entries sealed with the option\u2019s deadline', () => {
    let opened = 0,
      agreed = 0,
      results = 0,
      checked = 0;
    const end = playBots(
      'c1',
      ({ prev, prompts, orders, events }) => {
        for (const [side, o] of Object.entries(orders))
          expect(prefectCampaign.validate(prev, side, o), `${prev.stage} ${side}`).toEqual([]);
        expect(events.filter((e) => e.type === 'orders.defaulted')).toEqual([]);
        if (paused(prev)) {
          checked++;
          expect(prompts.map((p) => [p.side, p.kind, p.secret, p.deadlineSeconds]).sort()).toEqual([
            ['CW', 'external-result', true, 7200],
            ['TOG', 'external-result', true, 7200],
          ]);
        }
        opened += events.filter((e) => e.type === 'external.open').length;
        agreed += events.filter((e) => e.type === 'external.agreed').length;
        results += events.filter((e) => e.type === 'LEVIATHAN_RESULT').length;
      },
      { ...LEV, externalResultSeconds: 7200 },
      1500,
    );
    expect(end.stage).toBe('GAME_OVER');
    expect(end.result).toBeTruthy();
    expect(opened).toBeGreaterThan(3);
    expect(agreed).toBe(opened);
    expect(results).toBe(opened);
    expect(checked).toBe(opened);
  }, 300_000);

  it('L2141, L2155, L2588, L2252: at a battle with a Legion base the stand-in lives in the pause snapshot only; destroyed by an agreed entry, the planetary base is gone once the phase is over', () => {
    const start = firstInBotPlay(
      'a Leviathan battle against a Legion base',
      ({ state }) => {
        const b = paused(state);
        return b && standInsOf(Object.fromEntries(b.bases[other(b.phasing)].map((id) => [id, 1]))).length
          ? state
          : null;
      },
      LEV,
    );
    const b = paused(start)!;
    const standIn = b.bases[other(b.phasing)].find((id) => id.startsWith(LEGION_PREFIX))!;
    const legionId = standIn.slice(LEGION_PREFIX.length);
    // During the pause: never in the visible naval state, kept in the snapshot the phase is replayed from.
    expect(standInsOf(start.space.bases)).toEqual([]);
    expect(standInsOf((start.space.external!.snapshot as { bases: Record<string, unknown> }).bases)).toContain(standIn);
    expect(start.planetary.bases[legionId]).toBeTruthy();
    expect(JSON.stringify(prefectCampaign.view(start, 'TOG'))).not.toContain('externalHold');
    const e = entry(start, { destroyed: [standIn] });
    let r = prefectCampaign.resolve(start, { TOG: e, CW: e }, seededDice('lb', 1));
    expect(r.events.map((x) => x.type)).toContain('external.agreed');
    expect(r.events.find((x) => x.type === 'LEVIATHAN_RESULT')!.data).toMatchObject({
      destroyed: expect.arrayContaining([standIn]),
    });
    let cs = r.state;
    for (let step = 2; paused(cs) && step < 40; step++) {
      expect(cs.planetary.bases[legionId]).toBeTruthy(); // carried back only when the phase is over
      r = prefectCampaign.resolve(cs, botOrders(cs, step), seededDice('lb', step));
      cs = r.state;
    }
    expect(paused(cs)).toBeUndefined();
    expect(cs.planetary.bases[legionId]).toBeUndefined();
    expect(standInsOf(cs.space.bases)).toEqual([]);
    expect((cs as { externalHold?: unknown }).externalHold).toBeUndefined();
  }, 300_000);

  it('D-87 secrecy: differing entries give the same events, state, views and prompts whatever they were — one side\u2019s entry never reaches the other', () => {
    const s = firstInBotPlay(
      'a Leviathan battle',
      ({ state }) =>
        paused(state) && paused(state)!.units.TOG.length && paused(state)!.units.CW.length ? state : null,
      LEV,
    );
    const b = paused(s)!;
    const [x, y] = [b.units.TOG[0], b.units.CW[0]];
    const seen = (r: { state: CampaignGameState; events: GameEvent[] }) =>
      JSON.stringify([
        r.events,
        r.state,
        prefectCampaign.view(r.state, 'TOG'),
        prefectCampaign.view(r.state, 'CW'),
        prefectCampaign.view(r.state, null),
        prefectCampaign.prompts(r.state),
      ]);
    const r1 = prefectCampaign.resolve(
      s,
      { TOG: entry(s, { destroyed: [y] }), CW: entry(s, { destroyed: [x] }) },
      seededDice('sec', 1),
    );
    const r2 = prefectCampaign.resolve(
      s,
      { TOG: entry(s, { disorganised: [x, y] }), CW: entry(s) },
      seededDice('sec', 1),
    );
    expect(r1.events.map((e) => e.type)).toEqual(['external.differ', 'external.open']);
    expect(seen(r2)).toBe(seen(r1));
    expect(r1.state.space.external!.pending!.round).toBe(2);
    // A bad entry is refused naming the rule, on the campaign state unchanged.
    const before = JSON.stringify(s);
    expect(prefectCampaign.validate(s, 'TOG', entry(s, { destroyed: ['no-such-unit'] })).map((e) => e.rule)).toEqual([
      'L2478-2526, L2582',
    ]);
    expect(prefectCampaign.validate(s, 'CW', { ...(entry(s) as object), battle: 'other' }).map((e) => e.code)).toEqual([
      'EXTERNAL_BATTLE',
    ]);
    expect(JSON.stringify(s)).toBe(before);
  }, 300_000);

  it('L2198-2202: the hand-offs of a paused phase run once, at its end, with the phase events of every step (a GS TF that reached its segment before the pause enters that zone\u2019s GS box)', () => {
    const found = firstInBotPlay(
      'a GS box entry needing events sent before a pause',
      ({ prev, state, events }) => {
        const hold = (prev as { externalHold?: { events: GameEvent[] } }).externalHold;
        if (!paused(prev) || !hold) return null;
        const entered = events.find((e) => e.type === 'gs.entered.detail');
        if (!entered) return null;
        const { tf, zone } = entered.data as { tf: string; zone: number };
        // The step's own space events do not say where the TF went; the held ones do.
        return segmentReached(state, tf, events) === null
          ? { tf, zone, seg: segmentReached(state, tf, hold.events), state }
          : null;
      },
      LEV,
    );
    expect(found.seg).not.toBeNull();
    expect(found.zone).toBe(zoneOfSegment(found.seg!));
    expect((found.state as { externalHold?: unknown }).externalHold).toBeUndefined();
  }, 300_000);
});

describe('a Centurion pause in the campaign ground combat (L2602-2798, L2204-2216, D-87)', () => {
  const CEN = { externalCombat: 'CENTURION' } as Record<string, Json>;
  /** A Centurion pause at an attack that a side supports with committed GS units (D-76). */
  const supportedPause = () =>
    firstInBotPlay(
      'a Centurion pause at a supported attack',
      ({ state }) => {
        const x = state.planetary.combat?.external;
        return x && Object.values(state.pendingSupport?.sealed ?? {}).some((l) => l?.some((k) => k.attack === x.attack))
          ? state
          : null;
      },
      CEN,
    );
  const botEntries = (cs: CampaignGameState) => botOrders(cs, 1);

  it('L2214, L2749-2798: committed GS support adds nothing to the converted result (same ratio and effect without it); the GS units then save against the converted cell (L2226-2236) and are used (D-83)', () => {
    const s = supportedPause();
    const attack = s.planetary.combat!.external!.attack;
    const committed = Object.values(s.pendingSupport!.sealed).flatMap((l) =>
      (l ?? []).filter((k) => k.attack === attack).flatMap((k) => k.units),
    );
    expect(committed.length).toBeGreaterThan(0);
    expect(
      prefectCampaign
        .prompts(s)
        .map((p) => [p.side, p.kind, p.secret, p.deadlineSeconds])
        .sort(),
    ).toEqual([
      ['CW', 'external-result', true, 86400],
      ['TOG', 'external-result', true, 86400],
    ]);
    // L2670-2679: both prompts show the (revealed) support and its Centurion counterpart.
    const shown = prefectCampaign.prompts(s).map(
      (p) =>
        (
          p.choices as {
            navalSupport: Record<string, { units: { type: string; fighters?: number; laserMissions?: number }[] }>;
          }
        ).navalSupport,
    );
    expect(shown[0]).toEqual(shown[1]);
    const supporter = Object.keys(s.pendingSupport!.sealed).find((k) =>
      s.pendingSupport!.sealed[k as Side]!.some((c) => c.attack === attack),
    )!;
    expect(shown[0][supporter].units.map((u) => u.type)).toEqual(committed.map((u) => s.space.units[u].type));
    for (const u of shown[0][supporter].units)
      expect(u.type.match(/-F[LMH]\d$/) ? u.fighters : u.laserMissions).toBe(
        u.type.match(/-F[LMH]\d$/) ? 2 : /-(BB|CA)$/.test(u.type) ? 2 : u.laserMissions,
      );
    const orders = botEntries(s);
    const r = prefectCampaign.resolve(s, orders, seededDice('cen', 1));
    const agreed = r.events.find((e) => e.type === 'external.agreed')!;
    expect(agreed).toBeTruthy();
    expect(r.events.filter((e) => e.type === 'gs.revealed')).toEqual([]); // revealed once, before the first combat
    const combat = r.events.find((e) => e.type === 'combat')!.data as { roll: unknown; cell: Record<string, unknown> };
    expect(combat.roll).toBeNull(); // no CRT roll: the converted cell
    expect(combat.cell).toMatchObject({ a: 0, d: 0 });
    expect(r.events.some((e) => e.type === 'gs.saves')).toBe(true);
    for (const u of committed) expect(r.state.gsUsed).toContain(u);
    // The same entries with the support withdrawn: the same converted result (L2749: naval GS is not counted).
    const bare = structuredClone(s);
    bare.pendingSupport!.sealed = {};
    const r0 = prefectCampaign.resolve(bare, orders, seededDice('cen', 1));
    expect(r0.events.find((e) => e.type === 'external.agreed')!.data).toEqual(agreed.data);
    expect(r0.events.some((e) => e.type === 'gs.saves')).toBe(false);
  }, 300_000);

  it('D-87 secrecy and validation: differing Centurion entries give the same events, state, views and prompts whatever they were; a bad entry is refused naming the rule, nothing changes', () => {
    const s = supportedPause();
    const forces = (side: Side) =>
      (prefectCampaign.prompts(s).find((p) => p.side === side)!.choices as { forces: Record<Side, { unit: string }[]> })
        .forces;
    const e = (side: Side, o: { destroyed?: string[]; leftMap?: string[] } = {}): Json => ({
      kind: 'external-result',
      attack: s.planetary.combat!.external!.attack,
      destroyed: [],
      leftMap: [],
      ...o,
    });
    const seen = (r: { state: CampaignGameState; events: GameEvent[] }) =>
      JSON.stringify([
        r.events,
        r.state,
        prefectCampaign.view(r.state, 'TOG'),
        prefectCampaign.view(r.state, 'CW'),
        prefectCampaign.view(r.state, null),
        prefectCampaign.prompts(r.state),
      ]);
    const r1 = prefectCampaign.resolve(
      s,
      {
        TOG: e('TOG', { destroyed: [forces('TOG').CW[0].unit] }),
        CW: e('CW', { destroyed: [forces('CW').TOG[0].unit] }),
      },
      seededDice('sec', 1),
    );
    const r2 = prefectCampaign.resolve(
      s,
      { TOG: e('TOG', { leftMap: [forces('TOG').TOG[0].unit] }), CW: e('CW') },
      seededDice('sec', 1),
    );
    expect(r1.events.map((x) => x.type)).toEqual(['external.differ', 'external.open']);
    expect(seen(r2)).toBe(seen(r1));
    expect(r1.state.planetary.combat!.external!.round).toBe(2);
    expect(r1.state.pendingSupport).toBeTruthy(); // the commitments wait with the paused phase
    const before = JSON.stringify(s);
    expect(prefectCampaign.validate(s, 'TOG', e('TOG', { destroyed: ['no-such-unit'] })).map((x) => x.rule)).toEqual([
      'L2628',
    ]);
    expect(prefectCampaign.validate(s, 'CW', { ...(e('CW') as object), attack: 'zz' }).map((x) => x.code)).toEqual([
      'external.attack',
    ]);
    expect(prefectCampaign.validate(s, 'CW', { kind: 'gs-commitment', commitments: [] }).length).toBeGreaterThan(0);
    expect(JSON.stringify(s)).toBe(before);
  }, 300_000);

  it('L2432-2798: a bot campaign with BOTH plays to the end — Leviathan and Centurion battles agreed, every order legal, none defaulted, no enemy real TF id in a pause\u2019s views or prompts (H16)', () => {
    let lev = 0,
      cen = 0,
      agreed = 0,
      probed = 0;
    const end = playBots(
      'c2',
      ({ prev, state, orders, events }) => {
        if (paused(state) || state.planetary.combat?.external) {
          for (const side of ['TOG', 'CW'] as Side[]) {
            const shown = JSON.stringify([
              prefectCampaign.view(state, side),
              prefectCampaign.prompts(state).filter((p) => p.side === side),
            ]);
            const enemy = [
              ...Object.values(state.space.tfs),
              ...Object.values(state.planetary.tfs).filter((t) => !t.independent),
            ].filter((t) => t.side !== side);
            for (const t of enemy) expect(shown.includes(JSON.stringify(t.id)), t.id).toBe(false);
            probed++;
          }
        }
        for (const [side, o] of Object.entries(orders))
          expect(prefectCampaign.validate(prev, side, o), `${prev.stage} ${side}`).toEqual([]);
        expect(events.filter((e) => e.type === 'orders.defaulted')).toEqual([]);
        for (const e of events.filter((x) => x.type === 'external.open'))
          if ((e.data as { system?: string }).system === 'LEVIATHAN') lev++;
          else cen++;
        agreed += events.filter((e) => e.type === 'external.agreed').length;
      },
      { externalCombat: 'BOTH' },
      1500,
    );
    expect(end.stage).toBe('GAME_OVER');
    expect(lev).toBeGreaterThan(0);
    expect(cen).toBeGreaterThan(0);
    expect(agreed).toBe(lev + cen);
    expect(probed).toBeGreaterThan(2 * (lev + cen) - 1);
  }, 300_000);
});
