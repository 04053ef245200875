/**
 * Set-up (L226-242): the sealed assignment of every unit to a TF (H2), TF limits (D-07), then the
 * alternating placement in the operational zones (L238-242) after the initiative roll (D-11).
 */
import { describe, expect, it } from 'vitest';
import type { Json } from '#engine/contract.js';
import { ScriptedDice, seededDice } from '#engine/dice.js';
import prefect from './index.js';
import { rulesData } from '../rules-data.js';
import { owedAt } from './sequence.js';
import { initiative, planSetupAssign, setupUnits } from './setup.js';
import type { PrefectState, SetupAssignOrder } from '../types.js';

const fresh = (options: Record<string, Json> = {}) =>
  prefect.setup('liberation', options, seededDice('setup', 0)) as PrefectState;
const codes = (s: PrefectState, side: 'TOG' | 'CW', o: unknown) => prefect.validate(s, side, o).map((e) => e.code);

describe('SETUP_ASSIGN (L228-236, H2)', () => {
  it('both sides owe a sealed assignment; the planned one is legal and assigns every unit once', () => {
    const s = fresh();
    expect(owedAt(s).map((o) => [o.side, o.kind, o.secret])).toEqual([
      ['TOG', 'setup-assign', true],
      ['CW', 'setup-assign', true],
    ]);
    for (const side of ['TOG', 'CW'] as const) {
      const o = planSetupAssign(s, side);
      expect(prefect.validate(s, side, o)).toEqual([]);
      const assigned = [...o.taskForces.flatMap((t) => t.units), ...(o.independents ?? [])].sort();
      expect(assigned).toEqual(
        setupUnits(s, side)
          .map((u) => u.id)
          .sort(),
      );
    }
  });

  it('refuses a missing unit, a unit twice, a foreign organisation, a counter beyond the limit, a gravitic independent', () => {
    const s = fresh();
    const good = planSetupAssign(s, 'TOG');
    const first = good.taskForces[0];
    const drop: SetupAssignOrder = {
      ...good,
      taskForces: [{ ...first, units: first.units.slice(1) }, ...good.taskForces.slice(1)],
    };
    expect(codes(s, 'TOG', drop)).toContain('unit.unassigned');
    const twice: SetupAssignOrder = {
      ...good,
      taskForces: [...good.taskForces, { counter: 17, org: first.org, units: [first.units[0]] }],
    };
    expect(codes(s, 'TOG', twice)).toContain('unit.twice');
    const over: SetupAssignOrder = { ...good, taskForces: [{ ...first, counter: 19 }, ...good.taskForces.slice(1)] };
    expect(codes(s, 'TOG', over)).toContain('tf.counter'); // D-07 default 18
    expect(codes(fresh({ legionTfLimit: 20 }), 'TOG', over)).not.toContain('tf.counter');
    const cwOrg = Object.values(s.orgs).find((o) => o.side === 'CW')!.id;
    expect(codes(s, 'TOG', { ...good, taskForces: [{ ...first, org: cwOrg }, ...good.taskForces.slice(1)] })).toContain(
      'org.unknown',
    );
    const gravitic = first.units.find((id) => rulesData().unitTypes[s.units[id].type].gravitic)!;
    const indep: SetupAssignOrder = {
      ...good,
      taskForces: [{ ...first, units: first.units.filter((u) => u !== gravitic) }, ...good.taskForces.slice(1)],
      independents: [...(good.independents ?? []), gravitic],
    };
    expect(codes(s, 'TOG', indep)).toContain('independent.gravitic');
    expect(
      codes(s, 'TOG', {
        ...good,
        taskForces: [
          ...good.taskForces,
          {
            counter: 18,
            org: first.org,
            units: [s.units[Object.keys(s.units).find((id) => s.units[id].side === 'CW')!].id],
          },
        ],
      }),
    ).toContain('unit.unknown');
  });
});

describe('SETUP_PLACE (L238-242, D-11)', () => {
  it('the initiative is re-rolled on ties and the higher roller places first', () => {
    expect(initiative(new ScriptedDice([4, 4, 7, 2])).first).toBe('TOG');
    expect(initiative(new ScriptedDice([3, 9])).first).toBe('CW');
  });

  it('players alternate, one counter at a time, in their own zone, one TF per hex', () => {
    let s = fresh();
    s = prefect.resolve(
      s,
      { TOG: planSetupAssign(s, 'TOG') as unknown as Json, CW: planSetupAssign(s, 'CW') as unknown as Json },
      seededDice('a', 1),
    ).state as PrefectState;
    expect(s.step).toBe('SETUP_PLACE');
    const first = s.placement!.next;
    const other = first === 'TOG' ? 'CW' : 'TOG';
    const zone = rulesData().scenarios[s.scenario].setupZones;
    const tf = Object.values(s.tfs).find((t) => t.side === first && !t.hex)!;
    expect(codes(s, first, { kind: 'setup-place', placements: [{ tf: tf.id, hex: zone[other][0] }] })).toEqual([
      'place.zone',
    ]);
    expect(codes(s, other, { kind: 'setup-place', placements: [] })).toEqual(['not-owed']);
    const tf2 = Object.values(s.tfs).find((t) => t.side === first && !t.hex && t.id !== tf.id);
    if (tf2)
      expect(
        codes(s, first, {
          kind: 'setup-place',
          placements: [
            { tf: tf.id, hex: zone[first][0] },
            { tf: tf2.id, hex: zone[first][1] },
          ],
        }),
      ).toEqual(['place.one']);
    s = prefect.resolve(
      s,
      { [first]: { kind: 'setup-place', placements: [{ tf: tf.id, hex: zone[first][0] }] } },
      seededDice('a', 2),
    ).state as PrefectState;
    expect(s.placement!.next).toBe(other);
    expect(s.tfs[tf.id].hex).toBe(zone[first][0]);
  });

  it('sealed placement: set-up ends at once and the scenario\u2019s first attacker moves (L252)', () => {
    let s = fresh({ setupPlacement: 'sealed' });
    s = prefect.resolve(
      s,
      { TOG: planSetupAssign(s, 'TOG') as unknown as Json, CW: planSetupAssign(s, 'CW') as unknown as Json },
      seededDice('b', 1),
    ).state as PrefectState;
    expect(s.step).toBe('MOVEMENT');
    expect(s.attacker).toBe(rulesData().scenarios.liberation.firstAttacker ?? s.attacker);
    expect(Object.values(s.tfs).every((t) => t.hex)).toBe(true);
  });
});
