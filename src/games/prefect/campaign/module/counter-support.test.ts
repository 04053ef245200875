/**
 * T-C01 (L2204-2210, D-76, D-83) end to end through the module: the Renegade (CW, Defender) with
 * two FL and one P Sqn in a zone's GS box — FL#1 supports a counter-action against a TOG TF
 * crossing a ZOC (standing `navalSupport` on the counter-orders), FL#2 adds its attack to the
 * defence of an attacked TF in the Combat Phase, the P Sqn makes an independent attack at the end
 * of the Combat Phase; each once.
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent, Json } from '#engine/contract.js';
import { seededDice } from '#engine/dice.js';
import { attackTotal, defenceTotal } from '../../planetary/index.js';
import { rulesData } from '../../planetary/index.js';
import { hasActiveZoc } from '../../planetary/index.js';
import { terrainFor } from '../../planetary/index.js';
import { gsSupportValue } from '../ground-support.js';
import { stats } from '../../space/index.js';
import { zoneOfHex } from '../map-link.js';
import prefectCampaign from './index.js';
import { playBots } from './testing.js';
import type { CampaignGameState, Side } from './types.js';

interface Position {
  s: CampaignGameState;
  M: string;
  D: string;
  path: [string, string];
  zone: number;
}

const of = (ev: GameEvent[], type: string) => ev.filter((e) => e.type === type);
const counterOrders = (D: string, navalSupport?: Json): Json => ({
  kind: 'counter-orders',
  interrupt: { default: { detect: true, esm: 'max' } },
  counterAttacks: [{ tfs: [D] }],
  moves: [],
  ...(navalSupport ? { navalSupport } : {}),
});

/** The first seed whose interrupt detection succeeds, so that D counter-attacks M (null: none in 40). */
function tryCounterAttack(s: CampaignGameState, orders: Record<string, Json>) {
  for (let i = 0; i < 40; i++) {
    const r = prefectCampaign.resolve(s, orders, seededDice(`h12-${i}`, 1));
    if (of(r.events, 'counter.attack').length) return r;
  }
  return null;
}

/**
 * A planned Movement Phase with TOG as Attacker where a TOG TF M can step (LAF, so ZOC applies
 * whatever the terrain, L379) next to a CW TF D with an active ZOC (D-16) and be counter-attacked.
 * Searched in bot play (not hard-coded, so bot changes do not break it); GS boxes emptied so only
 * the units the tests place take part.
 */
function findPosition(): Position {
  const g = rulesData().graph;
  for (const seed of ['c1', 'c2', 'c3']) {
    const starts: CampaignGameState[] = [];
    playBots(seed, ({ prev }) => {
      if (
        prev.attacker === 'TOG' &&
        prev.stage === 'GROUND' &&
        prev.planetary.step === 'MOVEMENT' &&
        !prev.planetary.movement
      )
        starts.push(prev);
    });
    for (const s0 of starts) {
      if (!navalAvailable(s0)) continue;
      const s = structuredClone(s0);
      for (const z of Object.values(s.zones)) z.gs = [];
      const ps = s.planetary;
      const occupied = new Set(
        Object.values(ps.tfs)
          .map((t) => t.hex)
          .filter(Boolean),
      );
      for (const m of Object.values(ps.tfs).filter((t) => t.side === 'TOG' && t.hex)) {
        for (const b of g.neighbors(m.hex!)) {
          if (occupied.has(b)) continue;
          for (const d of Object.values(ps.tfs).filter(
            (t) => t.side === 'CW' && t.hex && hasActiveZoc(ps, t) && g.neighbors(t.hex).includes(b),
          )) {
            const pos: Position = { s, M: m.id, D: d.id, path: [m.hex!, b], zone: zoneOfHex(b) };
            if (prefectCampaign.validate(s, 'TOG', planOf(pos)).length) continue;
            const r = tryCounterAttack(s, { TOG: planOf(pos), CW: counterOrders(d.id) });
            // T-C01 goes on to a Combat-Phase attack on a CW TF of the zone and an independent attack on a TOG TF there.
            if (
              r &&
              contactIn(r.state, pos.zone) &&
              Object.values(r.state.planetary.tfs).some(
                (t) => t.side === 'TOG' && t.hex && zoneOfHex(t.hex) === pos.zone,
              )
            )
              return pos;
          }
        }
      }
    }
  }
  throw new Error('no TOG TF can be counter-attacked in bot play on seeds c1-c3');
}

/** The tests box units of both sides: fighters of each side and a CW P Sqn in a naval TF (not in transit). */
function navalAvailable(s: CampaignGameState): boolean {
  const n = (side: Side, ok: (type: string, fighter: boolean) => boolean) =>
    Object.values(s.space.units).filter(
      (u) => u.side === side && u.status === 'ACTIVE' && u.tf && ok(u.type, stats(u).kind === 'FIGHTER'),
    ).length;
  return n('TOG', (_, f) => f) >= 1 && n('CW', (_, f) => f) >= 2 && n('CW', (t) => t === 'cw-P') >= 1;
}

/** A CW TF in `zone` next to a TOG TF (a Combat-Phase attack on it is possible), with that TOG TF. */
function contactIn(cs: CampaignGameState, zone: number): { target: string; attacker: string } | null {
  const g = rulesData().graph;
  const tfs = Object.values(cs.planetary.tfs).filter((t) => t.hex);
  for (const d of tfs.filter((t) => t.side === 'CW' && zoneOfHex(t.hex!) === zone)) {
    const a = tfs.find((t) => t.side === 'TOG' && g.neighbors(d.hex!).includes(t.hex!));
    if (a) return { target: d.id, attacker: a.id };
  }
  return null;
}

const planOf = (p: Position, navalSupport?: Json): Json => ({
  kind: 'movement-plan',
  moves: [{ tf: p.M, mode: 'LAF', path: p.path }],
  ...(navalSupport ? { navalSupport } : {}),
});

/**
 * Puts `count` active naval units of `type` into the GS box of `zone` (as enterGsBox leaves them);
 * if bot play has used them up, other active fighters of the side (same role in the test).
 */
function box(s: CampaignGameState, side: Side, type: string, count: number, zone: number): string[] {
  const free = Object.values(s.space.units).filter(
    (u) =>
      u.side === side &&
      u.status === 'ACTIVE' &&
      u.tf &&
      !Object.values(s.zones).some((z) => z.gs.some((e) => e.unit === u.id)),
  );
  const fighters = free.filter((u) => u.type !== type && stats(u).kind === 'FIGHTER');
  const units = [
    ...free.filter((u) => u.type === type),
    ...(type.includes('FL') || type.includes('FM') ? fighters : []),
  ].slice(0, count);
  for (const u of units) {
    s.space.tfs[u.tf!].mission = 'GROUND_SUPPORT';
    s.zones[zone].gs.push({ unit: u.id, tf: u.tf!, side });
  }
  expect(units.length).toBe(count);
  return units.map((u) => u.id);
}

function counterAttacked(s: CampaignGameState, orders: Record<string, Json>) {
  const r = tryCounterAttack(s, orders);
  if (!r) throw new Error('no counter-attack in 40 seeds');
  return r;
}

describe('T-C01, L2204: naval support of Movement Phase counter-attacks (campaign module)', () => {
  const pos = findPosition();
  const { s: start, M, D, zone: ZONE } = pos;
  const plan = (navalSupport?: Json) => planOf(pos, navalSupport);
  const counter = (navalSupport?: Json) => counterOrders(D, navalSupport);

  it('the test position: TOG attacks, M steps next to D (active ZOC) in the zone of the GS box', () => {
    expect(start.attacker).toBe('TOG');
    expect(start.planetary.tfs[M].hex).toBe(pos.path[0]);
    expect(rulesData().graph.neighbors(start.planetary.tfs[D].hex!)).toContain(pos.path[1]);
    expect(hasActiveZoc(start.planetary, start.planetary.tfs[D])).toBe(true);
    expect(prefectCampaign.validate(start, 'TOG', plan())).toEqual([]);
  });

  it('T-C01: FL#1 a counter-action, FL#2 a defence, the P Sqn an independent attack — each once (D-83)', () => {
    const s = structuredClone(start);
    const [fl1, fl2] = box(s, 'CW', 'cw-FL1', 2, ZONE);
    const [psqn] = box(s, 'CW', 'cw-P', 1, ZONE);
    // The planned counter-orders carry the standing commitment; the prompt offers the GS units.
    const cwPrompt = prefectCampaign.prompts(s).find((p) => p.side === 'CW')!;
    expect(cwPrompt.description).toContain('navalSupport');
    expect(JSON.stringify((cwPrompt.choices as { gsUnits: Json }).gsUnits)).toContain(fl1);
    const orders = { TOG: plan(), CW: counter([{ units: [fl1], tfs: [D] }]) };
    expect(prefectCampaign.validate(s, 'CW', orders.CW)).toEqual([]);

    // Movement: D counter-attacks M with FL#1's naval attack added (L2218).
    const r1 = counterAttacked(s, orders);
    const revealed = of(r1.events, 'gs.revealed');
    expect(revealed).toHaveLength(1);
    expect(revealed[0]).toMatchObject({
      visibleTo: 'all',
      data: { side: 'CW', units: ['cw-FL1'], rule: 'L2204, D-76' },
    });
    const combat = of(r1.events, 'combat')[0].data as { context: string; attack: number; defence: number };
    expect(combat.context).toBe('COUNTER_ATTACK');
    expect(combat.attack).toBe(attackTotal(s.planetary, [D]) + gsSupportValue(s, [fl1]));
    expect(gsSupportValue(s, [fl1])).toBeGreaterThan(0);
    expect(r1.state.gsUsed).toEqual([fl1]);
    expect(r1.state.zones[ZONE].gs.map((e) => e.unit).sort()).toEqual([fl2, psqn].sort()); // L2236: FL#1 back to its TF

    // Combat Phase: TOG attacks a CW TF of the zone; CW is offered FL#2 and the P Sqn, not FL#1 (D-83).
    let st = r1.state;
    for (let i = 0; i < 5 && !(st.stage === 'GROUND' && st.planetary.step === 'COMBAT_DECLARE'); i++) {
      const o: Record<string, Json> = {};
      for (const p of prefectCampaign.prompts(st))
        o[p.side] = prefectCampaign.bot(st, p.side, seededDice('h12-bot', i));
      st = prefectCampaign.resolve(st, o, seededDice('h12-step', i)).state;
    }
    expect(st.planetary.step).toBe('COMBAT_DECLARE');
    const { target, attacker } = contactIn(st, ZONE)!;
    const declare = {
      kind: 'combat-declare',
      attacks: [{ target: { tf: target }, attackers: [attacker] }],
      detections: [],
    } as Json;
    expect(prefectCampaign.validate(st, 'TOG', declare)).toEqual([]);
    st = prefectCampaign.resolve(st, { TOG: declare }, seededDice('h12-declare', 1)).state;
    if (st.planetary.step === 'COMBAT_DETECT') {
      const cw = prefectCampaign.prompts(st).find((p) => p.side === 'CW')!;
      st = prefectCampaign.resolve(st, { CW: cw.defaultOrders }, seededDice('h12-detect', 1)).state;
    }
    const commit = prefectCampaign.prompts(st).find((p) => p.kind === 'gs-commitment' && p.side === 'CW')!;
    expect(commit).toBeDefined();
    const offered = (commit.choices as { combats: { attack: string; units: { id: string }[] }[] }).combats;
    expect(offered[0].units.map((u) => u.id).sort()).toEqual([fl2, psqn].sort());
    expect(
      prefectCampaign.validate(st, 'CW', {
        kind: 'gs-commitment',
        commitments: [{ attack: offered[0].attack, units: [fl1] }],
      })[0].code,
    ).toBe('GS_USED');
    const before = st;
    const r2 = prefectCampaign.resolve(
      st,
      { CW: { kind: 'gs-commitment', commitments: [{ attack: offered[0].attack, units: [fl2] }] } },
      seededDice('h12-commit', 1),
    );
    const c2 = of(r2.events, 'combat')[0].data as { defence: number; context: string };
    expect(c2.context).toBe('COMBAT_PHASE');
    const df = (ps: typeof before.planetary, tf: string) =>
      defenceTotal(ps, tf) + (terrainFor(ps, tf, ps.tfs[tf].hex!, 'defence')?.defenceFactor ?? 0);
    expect(c2.defence).toBe(df(before.planetary, target) + gsSupportValue(before, [fl2])); // L2220: naval attack added to the defence
    expect(r2.state.gsUsed.sort()).toEqual([fl1, fl2].sort());

    // Item 10: only the P Sqn is left for the independent attack (L2256-2266).
    st = r2.state;
    expect(st.stage).toBe('END_OF_COMBAT');
    const ind = prefectCampaign.prompts(st).find((p) => p.side === 'CW')!;
    expect(ind.kind).toBe('independent-attacks');
    const left = JSON.stringify(ind.choices);
    expect(left).toContain(psqn);
    expect(left).not.toContain(fl1);
    expect(left).not.toContain(fl2);
    const victim = Object.values(st.planetary.tfs).find((t) => t.side === 'TOG' && t.hex && zoneOfHex(t.hex) === ZONE)!;
    const order = {
      kind: 'independent-attacks',
      attacks: [{ units: [psqn], target: { tf: victim.id } }],
      dropAttacks: [],
    } as Json;
    expect(prefectCampaign.validate(st, 'CW', order)).toEqual([]);
    const r3 = prefectCampaign.resolve(st, { CW: order }, seededDice('h12-ind', 1));
    expect(r3.state.gsUsed.sort()).toEqual([fl1, fl2, psqn].sort());
    expect(of(r3.events, 'orders.defaulted')).toEqual([]);
  });

  it("the Attacker's movement plan may commit GS units to the defence of his counter-attacked mover", () => {
    const s = structuredClone(start);
    const [tfl] = box(s, 'TOG', 'tog-FL1', 1, ZONE);
    const orders = { TOG: plan([{ units: [tfl], tfs: [M] }]), CW: counter() };
    expect(prefectCampaign.validate(s, 'TOG', orders.TOG)).toEqual([]);
    const r = counterAttacked(s, orders);
    expect(of(r.events, 'gs.revealed').map((e) => e.data)).toEqual([
      { side: 'TOG', counterAttack: expect.any(String), units: [s.space.units[tfl].type], rule: 'L2204, D-76' },
    ]);
    const combat = of(r.events, 'combat')[0].data as { defence: number };
    expect(combat.defence).toBe(
      defenceTotal(s.planetary, M) +
        (terrainFor(s.planetary, M, pos.path[1], 'defence')?.defenceFactor ?? 0) +
        gsSupportValue(s, [tfl]),
    );
    expect(r.state.gsUsed).toEqual([tfl]);
  });

  it('a commitment naming other TFs is not used, and is never revealed (D-76)', () => {
    const s = structuredClone(start);
    const [fl1] = box(s, 'CW', 'cw-FL1', 1, ZONE);
    const other = Object.values(s.planetary.tfs).find((t) => t.side === 'CW' && t.id !== D)!.id;
    const r = counterAttacked(s, { TOG: plan(), CW: counter([{ units: [fl1], tfs: [other] }]) });
    expect(of(r.events, 'gs.revealed')).toEqual([]);
    expect(JSON.stringify(r.events)).not.toContain(fl1);
    expect(r.state.gsUsed).toEqual([]);
    expect(r.state.zones[ZONE].gs.map((e) => e.unit)).toEqual([fl1]);
  });

  it('without navalSupport the counter-attack is the plain planetary one (same events as before the hook)', () => {
    const s = structuredClone(start);
    box(s, 'CW', 'cw-FL1', 1, ZONE);
    const r = counterAttacked(s, { TOG: plan(), CW: counter() });
    const combat = of(r.events, 'combat')[0].data as { attack: number };
    expect(combat.attack).toBe(attackTotal(s.planetary, [D]));
    expect(r.state.gsUsed).toEqual([]);
  });

  it('bad navalSupport is refused with the rule and resolves as the default (state untouched)', () => {
    const s = structuredClone(start);
    const [fl1] = box(s, 'CW', 'cw-FL1', 1, ZONE);
    const enemy = Object.values(s.space.units).find((u) => u.side === 'TOG')!.id;
    const v = (ns: Json) => prefectCampaign.validate(s, 'CW', counter(ns));
    expect(v([{ units: [fl1, fl1] }])[0]).toMatchObject({
      code: 'TWICE',
      rule: 'D-83',
      path: ['navalSupport', 0, 'units'],
    });
    expect(v([{ units: [fl1] }, { units: [fl1] }])[0]).toMatchObject({ code: 'TWICE', rule: 'D-83' });
    expect(v([{ units: [enemy] }])[0]).toMatchObject({ code: 'NOT_IN_GS_BOX', rule: 'L2214' });
    expect(v([{ units: ['no-such'] }])[0].message).toBe(v([{ units: [enemy] }])[0].message.replace(enemy, 'no-such')); // no enemy id told apart
    expect(v([{ units: [fl1], tfs: [M] }])[0]).toMatchObject({ code: 'NOT_YOUR_TF', rule: 'L2204' });
    expect(v([{ units: [] }])[0]).toMatchObject({ code: 'MALFORMED', rule: 'L2204' });
    expect(v([{ units: [fl1] }])).toEqual([]);
    const bad = prefectCampaign.resolve(
      s,
      { TOG: plan(), CW: counter([{ units: [enemy] }]) },
      seededDice('h12-bad', 1),
    );
    expect(of(bad.events, 'orders.defaulted').map((e) => e.visibleTo)).toEqual([['CW']]);
    expect(of(bad.events, 'gs.revealed')).toEqual([]);
    expect(s.zones[ZONE].gs.map((e) => e.unit)).toEqual([fl1]);
  });

  it('an unused sealed commitment leaves no trace: same state and events as without it (D-76)', () => {
    const s = structuredClone(start);
    const [fl1] = box(s, 'CW', 'cw-FL1', 1, ZONE);
    const other = Object.values(s.planetary.tfs).find((t) => t.side === 'CW' && t.id !== D)!.id;
    const withIt = counterAttacked(s, { TOG: plan(), CW: counter([{ units: [fl1], tfs: [other] }]) });
    const without = counterAttacked(s, { TOG: plan(), CW: counter() });
    expect(withIt.state).toEqual(without.state);
    expect(withIt.events).toEqual(without.events);
  });
});
