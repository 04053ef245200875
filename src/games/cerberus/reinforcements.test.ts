import { describe, expect, it } from 'vitest';
import type { GameEvent, Json } from '#engine/contract.js';
import { seededDice } from '#engine/dice.js';
import { isVisibleTo } from '#engine/redact.js';
import { scheduledReinforcements, unitFromCounter } from './counters.js';
import cerberus from './index.js';
import { CetianStrategicOrderSchema, HumanStrategicOrderSchema } from './orders.js';
import {
  applyCetianStrategic,
  applyHumanStrategic,
  defaultHumanStrategic,
  fleetCapacity,
  fleetCount,
  humanFleetOverloaded,
  rebuildRate,
  reinforcementSegment,
  validateCetianStrategic,
  validateHumanStrategic,
  type ReinforcementHooks,
} from './reinforcements.js';
import { destroySf } from './special-forces.js';
import { destroyUnit, unitById, type CerberusState, type Unit } from './state.js';
import { sfTeam, stateAt, unit } from './testing.js';

const roomy: ReinforcementHooks = { canStack: () => true };
const full: ReinforcementHooks = { canStack: () => false };
const human = (o: object) => HumanStrategicOrderSchema.parse({ kind: 'strategic-human', ...o });
const cetian = (o: object) => CetianStrategicOrderSchema.parse({ kind: 'strategic-cetian', ...o });

function runTurns(s: CerberusState, from: number, to: number, hooks = roomy): void {
  for (let t = from; t <= to; t++) {
    s.turn = t;
    reinforcementSegment(s, hooks);
  }
}

describe('14.22 Cetian reinforcements', () => {
  function scene(spaceport: Partial<Unit> | null = {}) {
    const units = scheduledReinforcements();
    if (spaceport) units.push(unit('CETIAN', 'SPACEPORT', '1205', { id: 'C:SP', ...spaceport }));
    return stateAt({ turn: 1, segment: 'REINFORCEMENT' }, units);
  }
  it('14.22: the schedule brings the units to Tau Ceti and the SF to the Fleet on turns 2-8', () => {
    const s = scene();
    const arrivals: Record<number, string[]> = {};
    for (let t = 1; t <= 8; t++) {
      s.turn = t;
      arrivals[t] = reinforcementSegment(s, roomy)
        .filter((e) => e.type === 'reinforcement.arrived')
        .map((e) => (e.data as { unitId: string }).unitId);
    }
    expect(arrivals).toEqual({
      1: ['C:1/P'],
      2: ['C:SF2'],
      3: ['C:2/4', 'C:2/8'],
      4: ['C:SF3'],
      5: ['C:2/16', 'C:3/16', 'C:4/16', 'C:T/16'],
      6: ['C:SF4'],
      7: ['C:1/G'],
      8: ['C:3/G', 'C:H/G'],
    });
    expect(unitById(s, 'C:2/16')!.box).toBe('TAU_CETI');
    expect(unitById(s, 'C:SF4')).toMatchObject({ box: 'FLEET_SF', sfStatus: 'READY' });
    expect(s.units.filter((u) => u.box === 'TURN_TRACK')).toEqual([]);
  });
  it('14.22 turn 1: the 1st Provisional appears at the Cerberus Spaceport', () => {
    const s = scene();
    reinforcementSegment(s, roomy);
    expect(unitById(s, 'C:1/P')).toMatchObject({
      box: 'MAP',
      hex: '1205',
      cls: 'INFANTRY',
      sub: 'PROVISIONAL',
      attack: 1,
      defense: 4,
    });
  });
  it('14.22: while the Spaceport is disrupted the Provisional does not appear; it comes once undisrupted', () => {
    const s = scene({ disrupted: { by: 'HUMAN', turn: 1 } });
    const ev = reinforcementSegment(s, roomy);
    expect(ev.find((e) => (e.data as { unitId: string }).unitId === 'C:1/P')!.type).toBe('reinforcement.delayed');
    expect(unitById(s, 'C:1/P')).toMatchObject({ box: 'TURN_TRACK', due: 2 });
    unitById(s, 'C:SP')!.disrupted = null;
    runTurns(s, 2, 2);
    expect(unitById(s, 'C:1/P')!.hex).toBe('1205');
  });
  it('14.22: if the Spaceport is destroyed before the unit is placed, the unit is destroyed', () => {
    const s = scene({ disrupted: { by: 'HUMAN', turn: 1 } });
    reinforcementSegment(s, roomy);
    destroyUnit(unitById(s, 'C:SP')!, 1, 'combat');
    runTurns(s, 2, 2);
    expect(unitById(s, 'C:1/P')).toMatchObject({ box: 'DESTROYED', destroyed: { turn: 2, cause: 'spaceport-lost' } });
  });
  it('14.22, 6.8: a full Spaceport hex does not delay the Provisional; the hex is marked for relief by the next Movement Segment', () => {
    const s = scene();
    const ev = reinforcementSegment(s, full);
    expect(unitById(s, 'C:1/P')).toMatchObject({ box: 'MAP', hex: unitById(s, 'C:SP')!.hex });
    expect(s.reliefDue).toEqual([{ side: 'CETIAN', hex: unitById(s, 'C:SP')!.hex }]);
    expect(ev.find((e) => e.type === 'stacking.relief-due')).toMatchObject({
      visibleTo: ['CETIAN'],
      data: { rule: '6.8' },
    });
    const t = scene();
    reinforcementSegment(t, roomy);
    expect(t.reliefDue).toBeUndefined();
  });
  it('G6 (option provisionalAtReducedSpaceport): a Spaceport reduced to a Base still receives it; off, the unit is lost', () => {
    const s = scene({ reduced: true });
    reinforcementSegment(s, roomy);
    expect(unitById(s, 'C:1/P')!.box).toBe('MAP');
    const t = scene({ reduced: true });
    t.options = { provisionalAtReducedSpaceport: false };
    reinforcementSegment(t, roomy);
    expect(unitById(t, 'C:1/P')!.box).toBe('DESTROYED');
  });
  it('14.21: the only Human reinforcements are returning SF', () => {
    expect(scheduledReinforcements().every((u) => u.side === 'CETIAN')).toBe(true);
  });
});

describe('10.3 returning SF', () => {
  it('T23 10.3: two SF destroyed on turn 5 reappear in the Fleet SF box on turns 7 and 8', () => {
    const s = stateAt({ turn: 5 }, sfTeam('HUMAN', 4));
    destroySf(s, unitById(s, 'H:SF1')!);
    destroySf(s, unitById(s, 'H:SF2')!);
    runTurns(s, 6, 6);
    expect(s.units.filter((u) => u.box === 'FLEET_SF')).toHaveLength(2);
    runTurns(s, 7, 7);
    expect(unitById(s, 'H:SF1')).toMatchObject({ box: 'FLEET_SF', sfStatus: 'READY', destroyed: null });
    expect(unitById(s, 'H:SF2')!.box).toBe('TURN_TRACK');
    runTurns(s, 8, 8);
    expect(unitById(s, 'H:SF2')!.box).toBe('FLEET_SF');
  });
  it('10.3: no more than one SF per side is taken as a reinforcement on one turn, even if more are due', () => {
    const track = sfTeam('HUMAN', 3).map((u) => ({
      ...u,
      box: 'TURN_TRACK' as const,
      due: 4,
      arrivesAt: 'FLEET_SF' as const,
    }));
    const s = stateAt({ turn: 4 }, track);
    const ev = reinforcementSegment(s, roomy);
    expect(ev.map((e) => e.type)).toEqual(['reinforcement.arrived', 'reinforcement.delayed', 'reinforcement.delayed']);
    runTurns(s, 5, 6);
    expect(s.units.filter((u) => u.box === 'FLEET_SF')).toHaveLength(3);
  });
});

describe('3.2 D.2 Human Strategic Transportation and the turn-1 Fleet (2.6, 14.13)', () => {
  function humanBoxes(fleet: number, earth: number): CerberusState {
    const units = [
      ...Array.from({ length: fleet }, (_, i) => unit('HUMAN', 'MOBILE', null, { id: `H:F${i}`, box: 'FLEET' })),
      ...Array.from({ length: earth }, (_, i) => unit('HUMAN', 'INFANTRY', null, { id: `H:E${i}`, box: 'EARTH' })),
    ];
    return stateAt({ turn: 1, segment: 'HUMAN_STRATEGIC' }, units);
  }
  it('2.6: on turn 1 the Human Fleet carries two units per slot (12), afterwards six; the Cetian five', () => {
    const s = humanBoxes(12, 0);
    s.phase = 'HUMAN';
    expect(fleetCapacity(s, 'HUMAN')).toBe(12);
    expect(fleetCapacity(s, 'CETIAN')).toBe(5);
    s.phase = 'STRATEGIC';
    expect(fleetCapacity(s, 'HUMAN')).toBe(6);
    s.turn = 2;
    s.phase = 'HUMAN';
    expect(fleetCapacity(s, 'HUMAN')).toBe(6);
  });
  it('T36 14.13: a Human Fleet still holding 7+ units at the end of turn 1 is illegal; units must go back to Earth', () => {
    const s = humanBoxes(8, 0);
    expect(humanFleetOverloaded(s)).toBe(true);
    const errs = validateHumanStrategic(s, human({ fleetToEarth: ['H:F0'] }));
    expect(errs).toMatchObject([{ code: 'strategic.fleet-full', rule: '14.13' }]);
    const dflt = defaultHumanStrategic(s);
    expect(dflt.fleetToEarth).toHaveLength(2);
    expect(validateHumanStrategic(s, dflt)).toEqual([]);
    applyHumanStrategic(s, dflt);
    expect(fleetCount(s, 'HUMAN')).toBe(6);
    expect(humanFleetOverloaded(s)).toBe(false);
  });
  it('3.2 D.2: up to four units from Earth to the Fleet, within its six slots; any number back to Earth', () => {
    const s = humanBoxes(2, 6);
    s.turn = 3;
    expect(validateHumanStrategic(s, human({ earthToFleet: ['H:E0', 'H:E1', 'H:E2', 'H:E3'] }))).toEqual([]);
    expect(() => human({ earthToFleet: ['H:E0', 'H:E1', 'H:E2', 'H:E3', 'H:E4'] })).toThrow();
    const t = humanBoxes(4, 6);
    t.turn = 3;
    expect(validateHumanStrategic(t, human({ earthToFleet: ['H:E0', 'H:E1', 'H:E2'] }))[0].code).toBe(
      'strategic.fleet-full',
    );
    expect(
      validateHumanStrategic(t, human({ earthToFleet: ['H:E0', 'H:E1', 'H:E2'], fleetToEarth: ['H:F0'] })),
    ).toEqual([]);
    expect(validateHumanStrategic(t, human({ earthToFleet: ['H:F1'] }))[0].code).toBe('strategic.not-on-earth');
  });
  it('2.6: the opponent learns only counts of Earth, and the Fleet’s content only while the Fleet is public', () => {
    const s = humanBoxes(2, 2);
    s.turn = 3;
    const ev = applyHumanStrategic(s, human({ earthToFleet: ['H:E0'] }));
    expect(ev[0]).toMatchObject({ visibleTo: ['HUMAN'] });
    expect(ev[1]).toMatchObject({ visibleTo: 'all', data: { toFleet: ['H:E0'] } });
    const t = humanBoxes(2, 2);
    t.options = { fleetBoxPublic: false };
    expect(applyHumanStrategic(t, human({ earthToFleet: ['H:E0'] }))[1].data).toMatchObject({ toFleet: 1 });
  });
});

describe('3.2 D.3 Cetian Strategic Transportation', () => {
  function cetianBoxes(): CerberusState {
    const u = (id: string, box: Unit['box']) => unitFromCounter(id, box);
    return stateAt({ turn: 3, segment: 'CETIAN_STRATEGIC' }, [
      u('C:3/A', 'FLEET'),
      u('C:5/A', 'FLEET'),
      u('C:2/S', 'FLEET'),
      u('C:1/M', 'FLEET'),
      u('C:2/G', 'SYSTEM'),
      u('C:4/G', 'SYSTEM'),
      u('C:T/G', 'SYSTEM'),
      u('C:2/5', 'TAU_CETI'),
      u('C:1/4', 'TAU_CETI'),
      u('C:2/17', 'TAU_CETI'),
    ]);
  }
  it('3.2 D.3: System and Fleet exchange units (Fleet at most five), THEN two units come from Tau Ceti to the System', () => {
    const s = cetianBoxes();
    const o = cetian({ systemToFleet: ['C:2/G'], fleetToSystem: [], tauToSystem: ['C:2/5', 'C:1/4'] });
    expect(validateCetianStrategic(s, o)).toEqual([]);
    applyCetianStrategic(s, o);
    expect(fleetCount(s, 'CETIAN')).toBe(5);
    expect(unitById(s, 'C:2/5')!.box).toBe('SYSTEM');
    expect(validateCetianStrategic(s, cetian({ systemToFleet: ['C:4/G'] }))[0].code).toBe('strategic.fleet-full');
  });
  it('3.2 D.3: never directly from Tau Ceti to the Fleet, nor via the System in the same segment; at most two from Tau Ceti', () => {
    const s = cetianBoxes();
    expect(validateCetianStrategic(s, cetian({ systemToFleet: ['C:2/5'] }))[0].code).toBe('strategic.not-in-system');
    expect(
      validateCetianStrategic(s, cetian({ tauToSystem: ['C:2/5'], systemToFleet: ['C:2/5'] })).map((e) => e.code),
    ).toContain('strategic.twice');
    expect(() => cetian({ tauToSystem: ['C:2/5', 'C:1/4', 'C:2/17'] })).toThrow();
  });
  it('3.2 D.3: any number may always go from the System to Tau Ceti', () => {
    const s = cetianBoxes();
    const o = cetian({ fleetToSystem: ['C:3/A'], systemToTau: ['C:3/A', 'C:2/G', 'C:4/G', 'C:T/G'] });
    expect(validateCetianStrategic(s, o)).toEqual([]);
    applyCetianStrategic(s, o);
    expect(s.units.filter((u) => u.box === 'TAU_CETI')).toHaveLength(7);
  });
});

describe('16.3 rebuilding in the extended game', () => {
  it('16.3: replacement rates by turn (½ = half a credit a turn)', () => {
    expect(rebuildRate(12)).toEqual({ EARTH: 0, SYSTEM: 0, TAU_CETI: 0 });
    expect(rebuildRate(13)).toEqual({ EARTH: 2, SYSTEM: 1, TAU_CETI: 1 });
    expect(rebuildRate(25)).toEqual({ EARTH: 1, SYSTEM: 0, TAU_CETI: 1 });
    expect(rebuildRate(31)).toEqual({ EARTH: 0.5, SYSTEM: 0, TAU_CETI: 0.5 });
  });
  it('16.3: credits accumulate; Spaceports cost three; Guards and Paratroopers are never rebuilt', () => {
    const dead = [unitFromCounter('H:SP1', 'MAP'), unitFromCounter('H:1/X', 'MAP'), unitFromCounter('H:1/2', 'MAP')];
    dead.forEach((u) => destroyUnit(u, 10, 'combat'));
    const s = stateAt({ turn: 13, segment: 'REINFORCEMENT', options: { extended: true } }, dead);
    reinforcementSegment(s, roomy);
    expect(s.players.HUMAN.rebuildCredit.EARTH).toBe(2);
    expect(validateHumanStrategic(s, human({ rebuild: ['H:SP1'] }))[0].code).toBe('rebuild.credit');
    expect(validateHumanStrategic(s, human({ rebuild: ['H:1/X'] }))[0].code).toBe('rebuild.bad-unit');
    expect(validateHumanStrategic(s, human({ rebuild: ['H:1/2'], earthToFleet: ['H:1/2'] }))).toEqual([]);
    s.turn = 14;
    reinforcementSegment(s, roomy);
    applyHumanStrategic(s, human({ rebuild: ['H:SP1'] }));
    expect(unitById(s, 'H:SP1')).toMatchObject({ box: 'EARTH', destroyed: null });
    expect(s.players.HUMAN.rebuildCredit.EARTH).toBe(1);
  });
  it('16.3: no rebuilding in the basic game', () => {
    const dead = unitFromCounter('H:1/2', 'MAP');
    destroyUnit(dead, 3, 'combat');
    const s = stateAt({ turn: 5 }, [dead]);
    expect(validateHumanStrategic(s, human({ rebuild: ['H:1/2'] }))[0].code).toBe('rebuild.not-extended');
  });
});

describe('14.22, 6.8, 14.12 the Provisional with the default set-up', () => {
  it('14.22 default set-up and default orders: it arrives on turn 1 though the Spaceport hex is full; only the Cetian is told of the relief due', () => {
    let s = cerberus.setup('campaign', {}, seededDice('delayed', 0)) as CerberusState;
    const events: GameEvent[] = [];
    for (let step = 1; step < 40 && s.turn === 1 && !cerberus.outcome(s); step++) {
      const orders: Record<string, Json> = {};
      for (const p of cerberus.prompts(s)) orders[p.side] = p.defaultOrders;
      const r = cerberus.resolve(s, orders, seededDice('delayed', step));
      events.push(...r.events);
      s = r.state as CerberusState;
    }
    const seen = (viewer: 'HUMAN' | 'CETIAN' | null) =>
      JSON.stringify(events.filter((e) => isVisibleTo(e.visibleTo, viewer, cerberus.sides)));
    expect(unitById(s, 'C:1/P')).toMatchObject({ box: 'MAP', hex: unitById(s, 'C:SP')!.hex });
    expect(seen('CETIAN')).toContain('stacking.relief-due');
    expect(seen('CETIAN')).not.toContain('reinforcement.delayed');
    for (const viewer of ['HUMAN', null] as const) expect(seen(viewer)).not.toContain('stacking.relief-due');
  });
});
