/**
 * D-87, L2670-2688: committed naval ground support in Centurion terms, full and half strength.
 */
import { describe, expect, it } from 'vitest';
import { centurionSupportFor, type SupportCounter } from './naval-support.js';

const c = (code: string): SupportCounter => ({ type: `x-${code}`, code, fighter: /^F[LMH]\d$/.test(code) });

describe('naval ground support on the Centurion map (L2670-2688)', () => {
  it('L2674: two fighters per fighter squadron, one at half strength', () => {
    expect(centurionSupportFor('CW', [c('FL1'), c('FH2'), c('FM1')], false)).toMatchObject({
      fighters: 6,
      laserMissions: 0,
      fireControl: null,
    });
    expect(centurionSupportFor('CW', [c('FL1'), c('FH2'), c('FM1')], true)).toMatchObject({
      fighters: 3,
      halfStrength: true,
    });
  });

  it('L2676-2678: two laser support missions per BB or CA, one at half strength; L2680: no missile barrages', () => {
    expect(centurionSupportFor('CW', [c('BB'), c('CA')], false)).toMatchObject({
      laserMissions: 4,
      missileBarrages: 0,
    });
    expect(centurionSupportFor('CW', [c('BB'), c('CA')], true)).toMatchObject({ laserMissions: 2 });
  });

  it('L2682, L2686: one mission per P / D squadron or FG-type ship; at half strength their number halved, rounding up (L2622)', () => {
    expect(centurionSupportFor('CW', [c('P'), c('D'), c('FG')], false).laserMissions).toBe(3);
    expect(centurionSupportFor('CW', [c('P'), c('D'), c('FG')], true).laserMissions).toBe(2);
    expect(centurionSupportFor('CW', [c('P'), c('D'), c('FGV'), c('DDV')], true).laserMissions).toBe(2);
    expect(centurionSupportFor('CW', [c('TRL')], false).laserMissions).toBe(0);
  });

  it('L2684-2686: TOG with a P/D squadron gets a Cingulum, removed at half strength; never the CW', () => {
    expect(centurionSupportFor('TOG', [c('P')], false).cingulum).toBe(1);
    expect(centurionSupportFor('TOG', [c('P')], true).cingulum).toBe(0);
    expect(centurionSupportFor('TOG', [c('BB')], false).cingulum).toBe(0);
    expect(centurionSupportFor('CW', [c('D')], false).cingulum).toBe(0);
  });

  it('L2688: spacecraft (ships, not fighters) present → one Romulus (TOG) or Spartius (CW), at any strength', () => {
    expect(centurionSupportFor('TOG', [c('CA'), c('FL1')], true).fireControl).toEqual({ vehicle: 'Romulus', count: 1 });
    expect(centurionSupportFor('CW', [c('FG')], false).fireControl).toEqual({ vehicle: 'Spartius', count: 1 });
    expect(centurionSupportFor('TOG', [c('FM2')], false).fireControl).toBeNull();
  });
});
