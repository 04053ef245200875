import { describe, expect, it } from 'vitest';
import { SeededDice } from '#engine/dice.js';
import { KU, NM, TOG_F, newMandella, reactions, visibleTo } from './fixtures.js';
import { resolveCombatPhase } from './index.js';

/**
 * The New Mandella HS attack plus: a TOG Attack TF that interrupts (its mission stays secret), a
 * TOG SD TF at Ku Crassus (its allocation stays secret), and a CW frigate allocated to segment 9,
 * too slow to intercept fighters and never placed (its presence stays secret).
 */
function secretState() {
  const s = newMandella();
  s.tfs.int = {
    id: 'int',
    side: 'TOG',
    counterNo: 5,
    place: { kind: 'SECTOR', sector: NM },
    units: ['int-FG'],
    fatigue: 0,
    mission: 'ATTACK',
  };
  s.units['int-FG'] = { id: 'int-FG', type: 'tog-FG', side: 'TOG', status: 'ACTIVE', tf: 'int' };
  s.tfs.tsd = {
    id: 'tsd',
    side: 'TOG',
    counterNo: 6,
    place: { kind: 'SECTOR', sector: KU },
    units: ['tsd-FL'],
    fatigue: 0,
    mission: 'SECTOR_DEFENCE',
    sdAllocation: { 7: ['tsd-FL'] },
  };
  s.units['tsd-FL'] = { id: 'tsd-FL', type: 'tog-FL1', side: 'TOG', status: 'ACTIVE', tf: 'tsd' };
  s.units['cw-FG'] = { id: 'cw-FG', type: 'cw-FG', side: 'CW', status: 'ACTIVE', tf: 'cw' };
  s.tfs.cw.units.push('cw-FG');
  s.tfs.cw.sdAllocation![9] = ['cw-FG'];
  return s;
}

describe('secrets in the events (H16-H28, D-19)', () => {
  for (let seed = 1; seed <= 25; seed++) {
    it(`seed ${seed}: each side's view holds no unrevealed unit, allocation or mission of the other`, () => {
      const s = secretState();
      const ev = resolveCombatPhase(
        s,
        'TOG',
        {
          tfs: [
            { tf: 'int', interrupt: true },
            { tf: 'tog', commit: TOG_F, segment: 3 },
          ],
        },
        reactions(),
        new SeededDice({ seed: `s${seed}`, gameId: 'leak', step: 4 }),
      );
      const cwView = JSON.stringify(visibleTo(ev, 'CW'));
      for (const hidden of ['tog-tog-P-1', 'tog-tog-D-1', 'int-FG', 'tsd', 'tsd-FL', 'sdAllocation'])
        expect(cwView).not.toContain(hidden);
      for (const e of visibleTo(ev, 'CW')) {
        const d = e.data as Record<string, unknown>;
        if (d.tf === 'int') expect(d).not.toHaveProperty('mission');
        if (e.type === 'SPACE_FATIGUE') expect(d.tf).toBe('cw');
      }
      const togView = JSON.stringify(visibleTo(ev, 'TOG'));
      for (const hidden of ['cw-FG', 'sdAllocation']) expect(togView).not.toContain(hidden);
      for (const e of visibleTo(ev, 'TOG'))
        if (e.type === 'SPACE_FATIGUE') expect((e.data as { tf: string }).tf).not.toBe('cw');
      // the owner does learn his own hidden facts
      expect(JSON.stringify(visibleTo(ev, 'TOG'))).toContain('MISSION_INTERRUPTED_DETAIL');
    });
  }
});

describe('an undetected force keeps its committed units (L1475-1495)', () => {
  for (let seed = 1; seed <= 25; seed++) {
    it(`seed ${seed}: the opponent learns the committed Sig, not the units, until combat shows them`, () => {
      const ev = resolveCombatPhase(
        newMandella(),
        'TOG',
        { tfs: [{ tf: 'tog', commit: TOG_F, segment: 3 }] },
        reactions(),
        new SeededDice({ seed: `s${seed}`, gameId: 'leak', step: 4 }),
      );
      const cw = visibleTo(ev, 'CW');
      const committed = cw.find((e) => e.type === 'COMMITTED')!;
      expect(committed.data).toHaveProperty('sig');
      expect(committed.data).not.toHaveProperty('units');
      const detected = (cw.find((e) => e.type === 'NSPACE_DETECTION')!.data as { detected: boolean }).detected;
      // Undetected, nothing the opponent sees before the force reaches its segment names a unit.
      const upTo = detected ? cw.length : cw.findIndex((e) => e.type === 'SEGMENT_CHOSEN');
      if (!detected) for (const u of TOG_F) expect(JSON.stringify(cw.slice(0, upTo))).not.toContain(u);
      expect(visibleTo(ev, 'TOG').find((e) => e.type === 'COMMITTED_DETAIL')?.data).toMatchObject({
        tf: 'tog',
        units: TOG_F,
      });
    });
  }
});
