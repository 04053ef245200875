/**
 * L2592-2598 (D-87): the proportional supply loss of a transport squadron named disorganised in a
 * Leviathan result, its Marine cohorts disrupted, the validation of the ship counts, and secrecy.
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent, Json } from '#engine/contract.js';
import { seededDice } from '#engine/dice.js';
import prefectSpace from '../module/index.js';
import type { Side, SpaceGameState } from '../module/types.js';
import { stats } from '../state.js';
import { battleOf, entry, playTo } from './testing.js';
import { supplyLost } from './transport-losses.js';

const errs = (s: SpaceGameState, side: Side, o: Json) =>
  prefectSpace.validate(s, side, o).map((e) => `${e.code}@${e.rule}`);
const transportsIn = (s: SpaceGameState): string[] =>
  [...battleOf(s).units.TOG, ...battleOf(s).units.CW].filter((id) => stats(s.units[id]).kind === 'TRANSPORT');
const withTransport = (s: SpaceGameState) => transportsIn(s).some((id) => (s.units[id].supply ?? 0) > 0);

describe('L2596 arithmetic: SP divided equally among the ships, at least one SP per ship lost', () => {
  it.each([
    [12, 1, 4, 3],
    [12, 1, 3, 4],
    [10, 1, 3, 4],
    [10, 2, 5, 4],
    [2, 1, 10, 1],
    [3, 2, 10, 2],
    [1, 2, 10, 1],
    [0, 1, 4, 0],
    [7, 1, 7, 1],
  ])('%i SP, %i of %i ships lost: %i SP lost', (sp, lost, ships, want) => {
    expect(supplyLost(sp, lost, ships)).toBe(want);
  });
});

describe('a disorganised transport squadron in a Leviathan result (L2592-2598)', () => {
  const s = playTo('tl1', withTransport, { interceptAll: true }); // a deep-space interception of a loaded TOG transport
  const t = transportsIn(s).find((id) => (s.units[id].supply ?? 0) > 0)!;
  const owner = s.units[t].side;
  const opp: Side = owner === 'TOG' ? 'CW' : 'TOG';
  const named = (unit = t) => entry(s, { disorganised: [unit] }) as Record<string, Json>;
  const withLoss = (shipsLost: number, ships: number, unit = t, o: Record<string, Json> = {}): Json => ({
    ...named(unit),
    transportLosses: [{ unit, shipsLost, ships }],
    ...o,
  });

  it('L2596-2598: agreed losses take the proportional SP, disrupt its cohorts (owner only); the ship counts are public', () => {
    const sp = s.units[t].supply!;
    expect(sp).toBe(40);
    const aboard = s.units[t].marines ?? 0; // the cohorts the bots loaded (L2049-2057), all disrupted with it (L2598)
    const r = prefectSpace.resolve(s, { TOG: withLoss(1, 4), CW: withLoss(1, 4) }, seededDice('tl'));
    expect(r.events.find((e) => e.type === 'external.agreed')).toBeDefined();
    const st = r.state as SpaceGameState;
    expect(st.units[t].status).toBe('DISORGANISED');
    expect(st.units[t].supply).toBe(30); // 40 SP over 4 ships: one ship lost takes 10
    const ev = r.events.find((e) => e.type === 'TRANSPORT_LOSSES')!;
    expect(ev).toMatchObject({
      visibleTo: [owner],
      data: {
        unit: t,
        shipsLost: 1,
        ships: 4,
        supplyLost: 10,
        supply: 30,
        marinesDisrupted: aboard,
        rule: 'L2592-2598',
      },
    });
    // 1 of 3 ships: 13 1/3 SP, rounded up to 14; the Marine cohorts aboard are disrupted with the squadron (L2598).
    const m = structuredClone(s);
    for (const x of [m, m.external!.snapshot as unknown as SpaceGameState]) x.units[t].marines = 2;
    const r3 = prefectSpace.resolve(m, { TOG: withLoss(1, 3), CW: withLoss(1, 3) }, seededDice('tl'));
    expect((r3.state as SpaceGameState).units[t]).toMatchObject({ supply: 26, marines: 2, status: 'DISORGANISED' });
    expect(r3.events.find((e) => e.type === 'TRANSPORT_LOSSES')!.data).toMatchObject({
      supplyLost: 14,
      marinesDisrupted: 2,
    });
    expect(r.events.find((e) => e.type === 'LEVIATHAN_RESULT')!.data).toMatchObject({
      transportLosses: [{ unit: t, shipsLost: 1, ships: 4 }],
    });
    // Without transportLosses (the bots' suggestion) the squadron keeps its SP.
    const none = prefectSpace.resolve(s, { TOG: named(), CW: named() }, seededDice('tl'));
    expect((none.state as SpaceGameState).units[t].supply).toBe(sp);
    expect(none.events.filter((e) => e.type === 'TRANSPORT_LOSSES')).toEqual([]);
  }, 60_000);

  it('L2596: entries that differ only in the ship counts differ; an omitted list equals an empty one', () => {
    const r = prefectSpace.resolve(s, { TOG: withLoss(1, 4), CW: withLoss(1, 5) }, seededDice('td'));
    expect(r.events[0].type).toBe('external.differ');
    const same = prefectSpace.resolve(s, { TOG: named(), CW: { ...named(), transportLosses: [] } }, seededDice('td'));
    expect(same.events[0].type).toBe('external.agreed');
  }, 60_000);

  it('L2596: the SP carried stay the owner\u2019s: the opponent\u2019s events and view do not depend on them', () => {
    const t2 = structuredClone(s);
    for (const x of [t2, t2.external!.snapshot as unknown as SpaceGameState])
      x.units[t].supply = (x.units[t].supply ?? 0) + 7;
    const seen = (st: SpaceGameState) => {
      const r = prefectSpace.resolve(st, { TOG: withLoss(1, 3), CW: withLoss(1, 3) }, seededDice('ts'));
      const mine = (e: GameEvent) => e.visibleTo === 'all' || (Array.isArray(e.visibleTo) && e.visibleTo.includes(opp));
      return JSON.stringify([r.events.filter(mine), prefectSpace.view(r.state as SpaceGameState, opp)]);
    };
    expect(seen(t2)).toBe(seen(s));
  }, 60_000);

  it('bad losses are refused naming L2592-2598, nothing changes', () => {
    const before = JSON.stringify(s);
    const b = battleOf(s);
    const ship = [...b.units.TOG, ...b.units.CW].find((id) => stats(s.units[id]).kind !== 'TRANSPORT');
    expect(errs(s, owner, withLoss(2, 4))).toEqual(['EXTERNAL_SQUADRON_DESTROYED@L2592-2594']); // exactly half: not "fewer than half"
    expect(errs(s, owner, withLoss(3, 4))).toEqual(['EXTERNAL_SQUADRON_DESTROYED@L2592-2594']);
    expect(errs(s, opp, withLoss(0, 4))).toEqual(['EXTERNAL_SHIPS_LOST@L2596-2598']);
    expect(errs(s, owner, withLoss(1, 0))).toEqual(['EXTERNAL_SHIPS@L2596']);
    expect(
      errs(s, owner, { ...named(), disorganised: [], transportLosses: [{ unit: t, shipsLost: 1, ships: 4 }] }),
    ).toEqual(['EXTERNAL_LOSS_NOT_DISORGANISED@L2592-2598']);
    expect(
      errs(s, owner, {
        ...named(),
        disorganised: [],
        destroyed: [t],
        transportLosses: [{ unit: t, shipsLost: 1, ships: 4 }],
      }),
    ).toEqual(['EXTERNAL_LOSS_NOT_DISORGANISED@L2592-2598']);
    expect(
      errs(
        s,
        owner,
        withLoss(1, 4, t, {
          transportLosses: [
            { unit: t, shipsLost: 1, ships: 4 },
            { unit: t, shipsLost: 1, ships: 4 },
          ],
        }),
      ),
    ).toEqual(['EXTERNAL_TWICE@L2596']);
    expect(errs(s, owner, withLoss(1, 4, 'made-up'))).toEqual([
      'EXTERNAL_NOT_IN_BATTLE@L2478-2526, L2582',
      'EXTERNAL_NOT_TRANSPORT@L2596',
    ]);
    if (ship) expect(errs(s, owner, withLoss(1, 4, ship))).toEqual(['EXTERNAL_NOT_TRANSPORT@L2596']);
    expect(errs(s, owner, withLoss(1, 4, t, { prefect: true }))).toEqual(['EXTERNAL_PREFECT_WITH_RESULT@D-87']);
    expect(errs(s, owner, withLoss(1.5, 4))[0]).toMatch(/^MALFORMED@/);
    expect(errs(s, owner, withLoss(1, 4))).toEqual([]);
    expect(JSON.stringify(s)).toBe(before);
  }, 60_000);

  it('the owner\u2019s prompt lists his transports in the battle with the SP and cohorts they carry; the opponent\u2019s does not', () => {
    const choices = (side: Side) =>
      prefectSpace.prompts(s).find((p) => p.side === side)!.choices as { transports: { id: string; supply: number }[] };
    expect(choices(owner).transports).toContainEqual({
      id: t,
      supply: s.units[t].supply,
      marines: s.units[t].marines ?? 0,
    });
    expect(choices(opp).transports.map((x) => x.id)).not.toContain(t);
  }, 60_000);
});
