/**
 * L2272 through the module: an independent attack on a ground base may shift one column when the
 * attacking naval TF was not detected in N-space — derived from the space phase's NSPACE_DETECTION
 * / NSPACE_NO_DETECTION events (nspace-record.ts), never from the order.
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent, Json } from '#engine/contract.js';
import { seededDice } from '#engine/dice.js';
import { stats } from '../../space/index.js';
import { tfAlias } from '../../space/index.js';
import { campaignData } from '../data/index.js';
import { zoneOfHex } from '../map-link.js';
import prefectCampaign from './index.js';
import { noteNSpace, undetectedInNSpace } from './nspace-record.js';
import { playBots, SEARCH_SEEDS } from './testing.js';
import { combatDeclarePosition, declareAttacks } from './test-positions.js';
import type { CampaignGameState } from './types.js';

const PLANET = campaignData.rules.planetSector;
const ev = (type: string, data: Record<string, Json>): GameEvent => ({ type, visibleTo: 'all', data });

describe('L2272: the N-space detection record', () => {
  // A COMBAT_DETECT state built by hand (test-positions.ts: TOG declared an attack on a CW TF), independent of bot play.
  const pos = combatDeclarePosition(1);
  const detect: CampaignGameState = declareAttacks(pos.s, pos.contacts).s;
  let checked = 0;
  // Bot play (the first 80 steps of each seed until one has an N-space detection at the planet): after every space step the record says what that step's NSPACE_* events said.
  for (const seed of SEARCH_SEEDS) {
    if (checked > 0) break;
    try {
      playBots(
        seed,
        ({ state, events }) => {
          for (const e of events) {
            const d = e.data as { tf: string; sector: string; detected?: boolean };
            if ((e.type !== 'NSPACE_DETECTION' && e.type !== 'NSPACE_NO_DETECTION') || d.sector !== PLANET) continue;
            const id = Object.keys(state.space.tfs).find((t) => tfAlias(state.space, t) === d.tf || t === d.tf);
            if (!id) continue;
            expect(state.nspaceDetected?.turn).toBe(state.turn);
            expect(state.nspaceDetected!.tfs[id]).toBe(e.type === 'NSPACE_DETECTION' && d.detected === true);
            checked++;
          }
        },
        {},
        80,
      );
    } catch (e) {
      if (!/did not end/.test((e as Error).message)) throw e;
    }
  }

  it('bot play: the record follows the events of the space phase (checked at least once)', () => {
    expect(
      checked,
      `no N-space detection at the planet in the first 80 steps on seeds ${SEARCH_SEEDS.join(', ')}`,
    ).toBeGreaterThan(0);
  });

  it('noteNSpace: aliased or real ids, planet sector only, detected / not detected / no attempt (D-59); undetectedInNSpace per unit', () => {
    const s = structuredClone(detect);
    const [t1, t2, t3] = Object.keys(s.space.tfs);
    delete s.nspaceDetected;
    noteNSpace(s, [
      ev('NSPACE_DETECTION', { tf: tfAlias(s.space, t1), sector: PLANET, detected: true }),
      ev('NSPACE_DETECTION', { tf: t2, sector: PLANET, detected: false }),
      ev('NSPACE_NO_DETECTION', { tf: t3, sector: 'elsewhere' }),
    ]);
    expect(s.nspaceDetected).toEqual({ turn: s.turn, tfs: { [t1]: true, [t2]: false } });
    noteNSpace(s, [ev('NSPACE_NO_DETECTION', { tf: t3, sector: PLANET })]);
    expect(s.nspaceDetected!.tfs[t3]).toBe(false);
    const unitOf = (tf: string) => s.space.tfs[tf].units[0];
    expect(undetectedInNSpace(s, [unitOf(t2)])).toBe(true);
    expect(undetectedInNSpace(s, [unitOf(t2), unitOf(t1)])).toBe(false); // the whole force must be undetected
    expect(undetectedInNSpace(s, [])).toBe(false);
    s.turn += 1; // last turn's record says nothing this turn
    expect(undetectedInNSpace(s, [unitOf(t2)])).toBe(false);
  });

  /** The END_OF_COMBAT prompt with two TOG fighters in the GS box of a CW Legion base's zone, their TF (un)detected in N-space. */
  function atBase(detected: boolean) {
    let s = structuredClone(detect);
    s.planetary.options.revealMode = 'TABLETOP';
    for (const z of Object.values(s.zones)) z.gs = [];
    s.gsUsed = [];
    const base = Object.values(s.planetary.bases).find((b) => b.side === 'CW')!;
    const zone = zoneOfHex(base.hex);
    const units = Object.values(s.space.units)
      .filter((u) => u.side === 'TOG' && u.status === 'ACTIVE' && u.tf && stats(u).kind === 'FIGHTER')
      .slice(0, 2);
    expect(units).toHaveLength(2);
    for (const u of units) {
      s.space.tfs[u.tf!].mission = 'GROUND_SUPPORT';
      s.zones[zone].gs.push({ unit: u.id, tf: u.tf!, side: 'TOG' });
    }
    s.nspaceDetected = { turn: s.turn, tfs: Object.fromEntries(units.map((u) => [u.tf!, detected])) };
    for (
      let i = 0;
      i < 6 && !(s.stage === 'END_OF_COMBAT' && prefectCampaign.prompts(s).some((p) => p.side === 'TOG'));
      i++
    ) {
      const orders: Record<string, Json> = {};
      for (const p of prefectCampaign.prompts(s))
        orders[p.side] = p.kind === 'gs-commitment' ? { kind: 'gs-commitment', commitments: [] } : p.defaultOrders;
      s = prefectCampaign.resolve(s, orders, seededDice('nspace-step', i)).state;
    }
    expect(s.stage).toBe('END_OF_COMBAT');
    const attack = (shift?: boolean) =>
      ({
        kind: 'independent-attacks',
        attacks: [
          { units: units.map((u) => u.id), target: { legion: base.id }, ...(shift === undefined ? {} : { shift }) },
        ],
        dropAttacks: [],
      }) as Json;
    return { s, attack };
  }
  const baseEvent = (events: GameEvent[]) =>
    events.find((e) => e.type === 'independent.base')!.data as { shifted: boolean; column: string };

  it('undetected in N-space: the attack shifts one column by default, or not when the order declines (L2272)', () => {
    const { s, attack } = atBase(false);
    const prompt = prefectCampaign.prompts(s).find((p) => p.side === 'TOG')!;
    expect((prompt.choices as { nspaceUndetected: string[] }).nspaceUndetected).toHaveLength(2);
    expect(prefectCampaign.validate(s, 'TOG', attack())).toEqual([]);
    const shifted = baseEvent(prefectCampaign.resolve(s, { TOG: attack() }, seededDice('nspace-a', 1)).events);
    const plain = baseEvent(prefectCampaign.resolve(s, { TOG: attack(false) }, seededDice('nspace-a', 1)).events);
    expect(shifted.shifted).toBe(true);
    expect(plain.shifted).toBe(false);
    expect(shifted.column).not.toBe(plain.column);
  });

  it('detected in N-space: no shift, and an order asking for one is refused with L2272 (the order cannot claim it)', () => {
    const { s, attack } = atBase(true);
    expect(
      (prefectCampaign.prompts(s).find((p) => p.side === 'TOG')!.choices as { nspaceUndetected: string[] })
        .nspaceUndetected,
    ).toEqual([]);
    expect(prefectCampaign.validate(s, 'TOG', attack(true))[0]).toMatchObject({
      code: 'SHIFT_NOT_ALLOWED',
      rule: 'L2272',
      path: ['attacks', 0],
    });
    const r = prefectCampaign.resolve(s, { TOG: attack() }, seededDice('nspace-b', 1));
    expect(baseEvent(r.events).shifted).toBe(false);
  });
});
