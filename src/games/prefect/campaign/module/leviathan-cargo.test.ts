/**
 * L2598 in the Campaign (D-87): a transport squadron disorganised by the destruction of some of its
 * ships in an agreed Leviathan result disrupts the ground units it carries — the exception to
 * L2318 / D-85, where a disrupted transport keeps its cargo organised.
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent, Json } from '#engine/contract.js';
import { seededDice } from '#engine/dice.js';
import { stats } from '../../space/index.js';
import { capacityOf, loadUnit, roomOf, roomUsed } from '../transport.js';
import prefectCampaign from './index.js';
import { disruptCargoOfLosses } from './leviathan-cargo.js';
import { firstInBotPlay, newGame } from './testing.js';
import type { CampaignGameState } from './types.js';

const LEV = { externalCombat: 'LEVIATHAN' } as Record<string, Json>;
const loss = (unit: string, shipsLost: number, ships = 4): GameEvent => ({
  type: 'TRANSPORT_LOSSES',
  visibleTo: ['TOG'],
  data: { unit, shipsLost, ships, supplyLost: shipsLost, supply: 0, marinesDisrupted: 0, rule: 'L2592-2598' },
});

/** The invasion set-up with TOG's first transport carrying ground units (sorted ids) disorganised, as an agreed Leviathan result leaves it. */
function position(options: Record<string, Json> = LEV): { cs: CampaignGameState; transport: string; aboard: string[] } {
  const cs = newGame('leviathan-cargo', options);
  const transport = Object.values(cs.cargo)
    .flatMap((c) => c.transports)
    .sort()[0];
  const aboard = Object.entries(cs.cargo)
    .filter(([, c]) => c.transports.includes(transport))
    .map(([u]) => u)
    .sort();
  cs.space.units[transport].status = 'DISORGANISED';
  return { cs, transport, aboard };
}

describe('L2598: cargo of a transport squadron that lost ships in a Leviathan battle', () => {
  it('L2598: one ship lost → every ground unit aboard is disorganised, still aboard; an owner-only event names them', () => {
    const { cs, transport, aboard } = position();
    expect(aboard.length).toBeGreaterThan(0);
    expect(aboard.every((u) => cs.planetary.units[u].status === 'ACTIVE')).toBe(true);
    const others = Object.keys(cs.cargo).filter((u) => !aboard.includes(u));
    const events = disruptCargoOfLosses(cs, [loss(transport, 1)]);
    for (const u of aboard) {
      expect(cs.planetary.units[u].status).toBe('DISORGANISED');
      expect(cs.cargo[u].transports).toContain(transport);
    }
    for (const u of others) expect(cs.planetary.units[u].status).toBe('ACTIVE');
    expect(events).toEqual([
      {
        type: 'cargo.disrupted',
        visibleTo: ['TOG'],
        data: { units: aboard, by: aboard.map((unit) => ({ unit, transports: [transport] })), rule: 'L2598, L2318' },
      },
    ]);
  });

  it('L2318, D-85: a squadron disorganised without ships lost (internal damage) leaves its cargo organised', () => {
    const { cs, transport, aboard } = position();
    const before = JSON.stringify(cs);
    expect(disruptCargoOfLosses(cs, [loss(transport, 0)])).toEqual([]);
    expect(
      disruptCargoOfLosses(cs, [{ type: 'LEVIATHAN_RESULT', visibleTo: 'all', data: { disorganised: [transport] } }]),
    ).toEqual([]);
    expect(JSON.stringify(cs)).toBe(before);
    expect(aboard.every((u) => cs.planetary.units[u].status === 'ACTIVE')).toBe(true);
  });

  it('D-87: under externalCombat OFF and CENTURION nothing changes, whatever the events say', () => {
    for (const v of ['OFF', 'CENTURION']) {
      const { cs, transport } = position({ externalCombat: v });
      const before = JSON.stringify(cs);
      expect(disruptCargoOfLosses(cs, [loss(transport, 1)])).toEqual([]);
      expect(JSON.stringify(cs)).toBe(before);
    }
  });

  it('L2598 bad input: an event naming no transport, a non-transport, an organised squadron or a malformed count changes nothing', () => {
    const { cs, transport } = position();
    const warship = Object.values(cs.space.units).find((u) => stats(u).kind !== 'TRANSPORT')!.id;
    const organised = Object.values(cs.cargo)
      .flatMap((c) => c.transports)
      .find((t) => t !== transport && cs.space.units[t].status === 'ACTIVE');
    const before = JSON.stringify(cs);
    const bad: GameEvent[] = [
      loss('no-such-unit', 1),
      loss(warship, 1),
      { ...loss(transport, 1), data: { unit: transport, shipsLost: '1' } },
      { ...loss(transport, 1), data: null as unknown as Json },
    ];
    if (organised) bad.push(loss(organised, 1));
    expect(disruptCargoOfLosses(cs, bad)).toEqual([]);
    expect(JSON.stringify(cs)).toBe(before);
  });

  it('L2598, H1/H16: in a campaign game the agreed losses disrupt the cargo once the phase is over; only the owner hears of it; a bad loss entry is refused naming the rule, nothing changes', () => {
    // Bot play leaves no cargo aboard by the first battles (the invader drops on turn 1): a pause at a
    // battle with a CW transport, and one CW ground unit loaded aboard it by the rules' loadUnit.
    const s = firstInBotPlay(
      'a Leviathan battle with a CW transport',
      ({ state }) => {
        const b = state.space.external?.pending?.battle;
        return b &&
          b.units.CW.some(
            (t) => stats(state.space.units[t]).kind === 'TRANSPORT' && state.space.units[t].status === 'ACTIVE',
          )
          ? state
          : null;
      },
      LEV,
    );
    const b = s.space.external!.pending!.battle;
    const transport = b.units.CW.filter((t) => stats(s.space.units[t]).kind === 'TRANSPORT').sort()[0];
    const unit = Object.values(s.planetary.units)
      .filter((u) => u.side === 'CW' && u.status === 'ACTIVE' && u.tf && roomOf(s, u.id) === 10)
      .map((u) => u.id)
      .sort()[0];
    const dump = Math.max(0, roomUsed(s, transport) + 10 - capacityOf(s, transport));
    expect(Array.isArray(loadUnit(s, 'CW', unit, [transport], { [transport]: dump }))).toBe(true);
    const entry = (shipsLost: number): Json => ({
      kind: 'external-result',
      battle: b.id,
      destroyed: [],
      disorganised: [transport],
      brokeOff: [],
      transportLosses: [{ unit: transport, shipsLost, ships: 3 }],
    });
    const before = JSON.stringify(s);
    expect(prefectCampaign.validate(s, 'TOG', entry(0)).map((e) => e.rule)).toEqual(['L2596-2598']);
    expect(prefectCampaign.validate(s, 'CW', entry(2)).map((e) => e.rule)).toEqual(['L2592-2594']);
    expect(JSON.stringify(s)).toBe(before);
    let r = prefectCampaign.resolve(s, { TOG: entry(1), CW: entry(1) }, seededDice('lc', 1));
    const all = [...r.events];
    for (let step = 2; r.state.space.external?.pending && step < 40; step++) {
      const cs = r.state;
      const orders = Object.fromEntries(
        prefectCampaign.prompts(cs).map((p) => [p.side, prefectCampaign.bot(cs, p.side, seededDice('lc-bot', step))]),
      );
      r = prefectCampaign.resolve(cs, orders, seededDice('lc', step));
      all.push(...r.events);
    }
    expect(r.state.space.external?.pending).toBeUndefined();
    const disrupted = all.filter((e) => e.type === 'cargo.disrupted');
    const lost = new Set(
      all.filter((e) => e.type === 'cargo.lost').flatMap((e) => (e.data as { units: string[] }).units),
    );
    expect(lost.has(unit)).toBe(false);
    expect(disrupted).toHaveLength(1);
    expect(disrupted[0].visibleTo).toEqual(['CW']);
    expect((disrupted[0].data as { units: string[] }).units).toEqual([unit]);
    expect(r.state.planetary.units[unit].status).toBe('DISORGANISED');
    expect(r.state.cargo[unit].transports).toEqual([transport]);
    expect(all.filter((e) => e.type === 'TRANSPORT_LOSSES').map((e) => e.visibleTo)).toEqual([['CW']]);
  }, 300_000);
});
