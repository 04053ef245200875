import { describe, expect, it } from 'vitest';
import { revealSetupUnits, validateCore } from './handlers.js';
import { PhasePlanOrderSchema } from './orders.js';
import { enter } from './sequence.js';
import { unitById } from './state.js';
import { sfTeam, stateAt, unit } from './testing.js';

describe('14.12 face-down set-up', () => {
  it('T35 14.12: face-down Cetian map units are turned face up at the end of turn 3 at the latest', () => {
    const units = [
      unit('CETIAN', 'MOBILE', '1009', { id: 'C:1/3', faceDown: true }),
      unit('CETIAN', 'BASE', '1109', { id: 'C:B1', faceDown: true }),
      unit('CETIAN', 'MOBILE', null, { id: 'C:2/G', box: 'SYSTEM', faceDown: true }),
    ];
    const s = stateAt({ turn: 2, segment: 'END_OF_TURN' }, units);
    expect(revealSetupUnits(s)).toEqual([]);
    s.turn = 3;
    const ev = revealSetupUnits(s);
    expect(ev.map((e) => (e.data as { unitId: string }).unitId)).toEqual(['C:1/3', 'C:B1']);
    expect(ev[0]).toMatchObject({ visibleTo: 'all', data: { rule: '14.12' } });
    expect(unitById(s, 'C:2/G')!.faceDown).toBe(true); // 2.6 off-map boxes stay hidden
  });
});

describe('validateCore', () => {
  it('checks that the order is owed, then the SF side of a phase plan, with paths into the plan', () => {
    const s = stateAt({ turn: 5, segment: 'SETUP_CETIAN' }, [
      unit('CETIAN', 'BASE', '1109', { id: 'C:B1' }),
      ...sfTeam('HUMAN', 4),
    ]);
    enter(s, { turn: 5, segment: 'SPECIAL_FORCES', phasing: 'HUMAN' });
    const plan = PhasePlanOrderSchema.parse({
      kind: 'phase-plan',
      specialForces: { disrupt: [{ targetId: 'C:B1', sfIds: ['H:SF1', 'H:SF9'] }] },
    });
    expect(validateCore(s, 'CETIAN', plan)[0].code).toBe('not-owed');
    expect(validateCore(s, 'HUMAN', plan)).toMatchObject([
      { code: 'sf.not-available', path: ['specialForces', 'disrupt', 0, 'sfIds', 1], rule: '10.1' },
    ]);
  });
  it('10.411: entering a Player Phase readies the phasing player’s SF and lifts his old disruptions before plans are checked', () => {
    const team = sfTeam('HUMAN', 2).map((u) => ({ ...u, sfStatus: 'SPENT' as const }));
    const base = unit('CETIAN', 'BASE', '1109', { id: 'C:B1', disrupted: { by: 'HUMAN', turn: 4 } });
    const s = stateAt({ turn: 5, segment: 'WEATHER' }, [base, ...team]);
    const ev = enter(s, { turn: 5, segment: 'SPECIAL_FORCES', phasing: 'HUMAN' });
    expect(ev.map((e) => e.type)).toEqual(['sf.disruption-lifted']);
    expect(s.units.filter((u) => u.cls === 'SF').every((u) => u.sfStatus === 'READY')).toBe(true);
    expect(s.phaseScratch).toMatchObject({ side: 'HUMAN', sfPairs: [] });
  });
});
