/**
 * The phase machine's own rules (digest §4.4, D-53): sealed Mission Assignment (H17), T-space
 * exits with their sectors in one order and the detector's reaction window before undetected
 * TFs appear (L1387-1401, H19-H20), TFs formed off-system going to space 0 (L1887), both halves
 * of the turn in order, and the end after the scenario's turns (D-01).
 */
import { describe, expect, it } from 'vitest';
import type { Json } from '#engine/contract.js';
import { seededDice } from '#engine/dice.js';
import prefectSpace from './index.js';
import { newGame, playBots } from './testing.js';
import type { SpaceGameState } from './types.js';
import { tfAlias } from './view.js';

const defaults = (s: SpaceGameState): Record<string, Json> =>
  Object.fromEntries(prefectSpace.prompts(s).map((p) => [p.side, p.defaultOrders]));

function find(pred: (s: SpaceGameState) => boolean, seeds = ['q1', 'q2', 'q3', 'q4', 'q5', 'q6']): SpaceGameState {
  for (const seed of seeds) {
    let hit: SpaceGameState | undefined;
    playBots(seed, ({ state }) => {
      if (!hit && pred(state)) hit = structuredClone(state);
    });
    if (hit) return hit;
  }
  throw new Error('no such state');
}

describe('prefect-space sequence', () => {
  it('Mission Assignment is one sealed step for both sides (H17, L1212); missions are told only to their owner', () => {
    const s = newGame('m1');
    const ps = prefectSpace.prompts(s);
    expect(ps.map((p) => [p.side, p.kind, p.secret])).toEqual([
      ['TOG', 'missions', true],
      ['CW', 'missions', true],
    ]);
    const r = prefectSpace.resolve(s, defaults(s), seededDice('m1', 1));
    const told = r.events.filter((e) => e.type === 'missions.assigned');
    expect(told.map((e) => e.visibleTo)).toEqual([['TOG'], ['CW']]);
    expect(Object.values(r.state.tfs).every((t) => t.mission)).toBe(true);
    expect(r.state.sealedMissions).toEqual({});
  });

  it('turn 1: TOG (first Attacker) moves first, the T-space prompt lists the off-system TFs (L1358, D-53)', () => {
    const s = newGame('m2');
    const r = prefectSpace.resolve(s, defaults(s), seededDice('m2', 1));
    const p = prefectSpace.prompts(r.state);
    expect(p.map((x) => [x.side, x.kind])).toEqual([['TOG', 'tspace']]);
    expect([...(p[0].choices as { enter: string[] }).enter].sort()).toEqual(
      ['tog-tf1', 'tog-tf2', 'tog-tf3'].map((id) => tfAlias(r.state, id)).sort(),
    );
  });

  it('T-space: D-54 enter and exit in one phase; detected TFs placed at once; the rest wait for the reaction (L1387-1401)', () => {
    const s = find((x) => x.step === 'REACTION' && !!x.pendingArrivals?.length);
    const detector = prefectSpace.prompts(s)[0];
    const view = prefectSpace.view(s, detector.side) as { map: { tfs: { tf: string }[] } };
    const pending = s.pendingArrivals!;
    expect(pending.length).toBeGreaterThan(0);
    // undetected arrivals are not on the detector's map yet, and their sectors do not change his view
    for (const a of pending) expect(view.map.tfs.map((t) => t.tf)).not.toContain(tfAlias(s, a.tf));
    expect(detector).toMatchObject({ kind: 'reaction', deadlineSeconds: 600, secret: false });
    const moved = structuredClone(s);
    moved.pendingArrivals = pending.map((a) => ({ ...a, sector: a.sector === 's1-1' ? 's1-2' : 's1-1' }));
    expect(JSON.stringify(prefectSpace.view(moved, detector.side))).toBe(
      JSON.stringify(prefectSpace.view(s, detector.side)),
    );
    const r = prefectSpace.resolve(s, defaults(s), seededDice('r', 1));
    expect(r.state.pendingArrivals).toBeUndefined();
    // L1401: after the transfers the owner places the undetected arrivals, where he likes now.
    expect(r.state).toMatchObject({ step: 'PLACE', placing: { detected: false } });
    expect(r.state.placing!.tfs.map((x) => x.tf)).toEqual(pending.map((a) => a.tf));
    for (const a of pending) expect(r.state.tfs[a.tf].place.kind).not.toBe('SECTOR');
    const owner = prefectSpace.prompts(r.state)[0];
    expect(owner).toMatchObject({ side: s.tfs[pending[0].tf].side, kind: 'place' });
    const other = structuredClone(r.state);
    other.placing!.tfs = other.placing!.tfs.map((x) => ({ ...x, sector: 's7-1' }));
    expect(JSON.stringify(prefectSpace.view(other, detector.side))).toBe(
      JSON.stringify(prefectSpace.view(r.state, detector.side)),
    ); // H16: still hidden
    const places = pending.map((a) => ({ tf: tfAlias(r.state, a.tf), sector: a.sector === 's1-1' ? 's1-2' : 's1-1' }));
    expect(prefectSpace.validate(r.state, owner.side, { kind: 'place', places })).toEqual([]);
    const placed = prefectSpace.resolve(r.state, { [owner.side]: { kind: 'place', places } }, seededDice('p', 1));
    pending.forEach((a, i) =>
      expect(placed.state.tfs[a.tf].place).toEqual({ kind: 'SECTOR', sector: places[i].sector }),
    );
    expect(placed.state.placing).toBeUndefined();
  }, 60_000);

  it('L1387: detected arrivals are placed by their owner once the rolls are known; every one, once, in a sector', () => {
    const s = find((x) => x.step === 'PLACE' && !!x.placing?.detected);
    const p = prefectSpace.prompts(s)[0];
    const tfs = s.placing!.tfs.map((x) => x.tf);
    expect(p).toMatchObject({ kind: 'place', side: s.tfs[tfs[0]].side, choices: { detected: true } });
    for (const tf of tfs) expect(s.tfs[tf].place.kind).not.toBe('SECTOR');
    const code = (o: unknown) => prefectSpace.validate(s, p.side, o).map((e) => e.code);
    const places = tfs.map((tf) => ({ tf: tfAlias(s, tf), sector: 's2-1' }));
    expect(code({ kind: 'place', places: places.slice(1) })).toEqual(['NOT_PLACED']);
    expect(code({ kind: 'place', places: [...places, places[0]] })).toEqual(['DUPLICATE_TF']);
    expect(code({ kind: 'place', places: places.map((x) => ({ ...x, sector: 'nowhere' })) })).toEqual([
      'NO_SUCH_SECTOR',
    ]);
    expect(code({ kind: 'place', places: [{ ...places[0], turns: 1 }, ...places.slice(1)] })).toEqual(['MALFORMED']);
    const r = prefectSpace.resolve(s, { [p.side]: { kind: 'place', places } }, seededDice('d', 1));
    for (const tf of tfs) expect(r.state.tfs[tf].place).toEqual({ kind: 'SECTOR', sector: 's2-1' });
    expect(r.events.filter((e) => e.type === 'tspace.placed')).toHaveLength(tfs.length);
    expect(r.events.find((e) => e.type === 'tspace.placed')).toMatchObject({
      visibleTo: 'all',
      data: { detected: true, sector: 's2-1' },
    });
  }, 60_000);

  it('arrivalPlacement with-exit (option): sectors named with the exits, no placement prompt', () => {
    const s = find((x) => x.step === 'TSPACE');
    s.options.arrivalPlacement = 'with-exit';
    const p = prefectSpace.prompts(s)[0];
    const track = (p.choices as { track: { tf: string }[] }).track;
    if (track.length) {
      expect(
        prefectSpace
          .validate(s, p.side, {
            kind: 'tspace',
            enter: (p.defaultOrders as { enter: string[] }).enter,
            exits: [{ tf: track[0].tf }],
          })
          .map((e) => e.code),
      ).toEqual(['SECTOR_NEEDED']);
    }
    let placePrompts = 0;
    playBots(
      'q1',
      ({ prompts }) => {
        placePrompts += prompts.filter((x) => x.kind === 'place').length;
      },
      800,
      undefined,
      { arrivalPlacement: 'with-exit' },
    );
    expect(placePrompts).toBe(0);
  }, 120_000);

  it('L1887: a TF formed off-system must go to space 0 at its next T-space phase', () => {
    const s = find(
      (x) =>
        x.step === 'TSPACE' &&
        Object.values(x.tfs).some(
          (t) =>
            t.formedOffSystemTurn !== undefined &&
            t.formedOffSystemTurn < x.turn &&
            t.place.kind === 'OFFSYSTEM' &&
            t.mission,
        ),
    );
    const p = prefectSpace.prompts(s)[0];
    const must = (p.choices as { mustEnter: string[] }).mustEnter;
    expect(must.length).toBeGreaterThan(0);
    expect((p.defaultOrders as { enter: string[] }).enter).toEqual(expect.arrayContaining(must));
    const e = prefectSpace.validate(s, p.side, { kind: 'tspace', enter: [], exits: [] });
    expect(e[0]).toMatchObject({ code: 'MUST_ENTER_TSPACE', rule: 'L1887' });
  }, 60_000);

  it('each turn runs the Attacker half then the Defender half, then adjustment, supply and tempo (D-53)', () => {
    const order: string[] = [];
    playBots('m5', ({ prev }) => {
      const tag = ['MISSIONS', 'ADJUST', 'SUPPLY'].includes(prev.step) ? prev.step : `${prev.step}${prev.half}`;
      if (prev.turn === 1 && order[order.length - 1] !== tag) order.push(tag);
    });
    const idx = (t: string) => order.indexOf(t);
    expect(idx('MISSIONS')).toBe(0);
    expect(
      order
        .filter((t) => t.endsWith('1'))
        .every((t) => idx(t) < Math.min(...order.filter((x) => x.endsWith('2')).map(idx))),
    ).toBe(true);
    expect(order.slice(-2)).toEqual(['ADJUST', 'SUPPLY']);
  }, 60_000);

  it('the detector\u2019s reaction moves units between his SD TFs, told to him alone (L1397, D-57, H20)', () => {
    const s = find((x) => x.step === 'REACTION');
    const p = prefectSpace.prompts(s)[0];
    const sd = (p.choices as { sdTfs: { tf: string; segments: number; units: { id: string; kind: string }[] }[] })
      .sdTfs;
    expect(sd.length).toBeGreaterThanOrEqual(2);
    const [to, from] = sd;
    const ship = from.units.find((u) => u.kind !== 'FIGHTER')!;
    const order = { kind: 'reaction', moves: [{ units: [ship.id], from: from.tf, to: to.tf, segment: to.segments }] };
    expect(prefectSpace.validate(s, p.side, order)).toEqual([]);
    const r = prefectSpace.resolve(s, { [p.side]: order }, seededDice('react', 1));
    const real = (alias: string) => Object.keys(s.tfs).find((id) => tfAlias(s, id) === alias)!;
    expect(r.state.units[ship.id].tf).toBe(real(to.tf));
    expect(r.state.tfs[real(to.tf)].sdAllocation?.[to.segments]).toContain(ship.id);
    expect(r.events.find((e) => e.type === 'tspace.reaction')?.visibleTo).toEqual([p.side]);
  }, 60_000);

  it('a transport deployed as a base is announced to all, sector only (L2111-2113, H33)', () => {
    const s = find(
      (x) =>
        x.step === 'ADJUST' &&
        Object.values(x.tfs).some((t) => t.side === 'CW' && t.place.kind === 'SECTOR' && t.units.includes('cw-TRL-1')),
    );
    const base = prefectSpace.prompts(s).find((x) => x.side === 'CW')!.defaultOrders as Record<string, Json>;
    const orders = Object.fromEntries(prefectSpace.prompts(s).map((x) => [x.side, x.defaultOrders]));
    orders.CW = { ...base, deploy: [{ unit: 'cw-TRL-1', segment: 1 }] };
    expect(prefectSpace.validate(s, 'CW', orders.CW)).toEqual([]);
    const r = prefectSpace.resolve(s, orders, seededDice('deploy', 1));
    expect(r.events.find((e) => e.type === 'base.announced')).toMatchObject({
      visibleTo: 'all',
      data: { side: 'CW', base: 'cw-TRL-1' },
    });
    const tog = prefectSpace.view(r.state, 'TOG') as { map: { announced: Record<string, unknown>[] } };
    expect(tog.map.announced).toEqual([expect.objectContaining({ id: 'cw-TRL-1', side: 'CW' })]);
    expect(tog.map.announced[0]).not.toHaveProperty('segment');
  }, 60_000);

  it('D-68: a TF withdrawing off-system makes no move, stays through the Combat Phase, then leaves for the Functional box', () => {
    const s = find(
      (x) =>
        x.step === 'MOVE' &&
        Object.values(x.tfs).some(
          (t) =>
            t.mission === 'WITHDRAWAL' &&
            t.missionParams?.destination === 'OFFSYSTEM' &&
            t.place.kind === 'SECTOR' &&
            t.side === prefectSpace.prompts(x)[0]?.side,
        ),
    );
    const side = prefectSpace.prompts(s)[0].side as 'TOG' | 'CW';
    const tf = Object.values(s.tfs).find(
      (t) =>
        t.side === side &&
        t.mission === 'WITHDRAWAL' &&
        t.missionParams?.destination === 'OFFSYSTEM' &&
        t.place.kind === 'SECTOR',
    )!;
    expect(
      prefectSpace.validate(s, side, { kind: 'move', moves: [{ tf: tfAlias(s, tf.id), to: 'OFFSYSTEM' }] })[0],
    ).toMatchObject({ code: 'WITHDRAWS_AFTER_COMBAT', rule: 'D-68, L1421' });
    const r = prefectSpace.resolve(s, { [side]: { kind: 'move', moves: [] } }, seededDice('w', 1));
    // after the phasing side's Combat Phase the TF is gone and its organised units are in the Functional box
    let st = r.state;
    for (let i = 0; i < 5 && st.tfs[tf.id] && st.step === 'COMBAT'; i++)
      st = prefectSpace.resolve(st, defaults(st), seededDice('w', 2 + i)).state;
    expect(st.tfs[tf.id]).toBeUndefined();
    expect(tf.units.some((id) => st.units[id].offSystemBox === 'FUNCTIONAL')).toBe(true);
  }, 60_000);
});
