/**
 * Test helpers for the Space Combat Phase: the worked-example states and small accessors. Not
 * used by rules code.
 */
import { sectorId } from '../data/build-space.js';
import { buildState, sector } from '../testing.js';
import type { NavalBase, SpaceState } from '../types.js';
import { defaultReactions } from './defaults.js';
import type { CombatReactions, SpaceEvent } from './types.js';

export const NM = sectorId(4, 9);
export const KU = sectorId(3, 4);

export const TOG_F = ['tog-tog-FM1-1', 'tog-tog-FM1-2', 'tog-tog-FH1-1', 'tog-tog-FH1-2', 'tog-tog-FH1-3'];
export const CW_F = ['cw-cw-FL1-1', 'cw-cw-FL1-2', 'cw-cw-FL1-3', 'cw-cw-FM1-1', 'cw-cw-FM1-2'];

/**
 * T-S06 to T-S12 (L1497-1725): a TOG HS attack at New Mandella against a Renegade SD TF (CA,
 * 3 FL, 2 FM) and the ONI station (segment 3, with the cruiser). Fighters are allocated to
 * segments 1 and 2 (designed; the text does not say where they wait).
 */
export function newMandella(): SpaceState {
  const oni: NavalBase = { id: 'oni', side: 'CW', type: 'ON1', status: 'ACTIVE', sector: NM, segment: 3, supply: 0 };
  const s = buildState(
    [
      {
        id: 'tog',
        side: 'TOG',
        place: sector(NM),
        mission: 'HS_ATTACK',
        units: [
          ['tog-P', 1],
          ['tog-D', 1],
          ['tog-FM1', 2],
          ['tog-FH1', 3],
        ],
      },
      {
        id: 'cw',
        side: 'CW',
        place: sector(NM),
        mission: 'SECTOR_DEFENCE',
        units: [
          ['cw-CA', 1],
          ['cw-FL1', 3],
          ['cw-FM1', 2],
        ],
      },
    ],
    [oni],
  );
  s.tfs.cw.sdAllocation = { 3: ['cw-cw-CA-1'], 1: CW_F.slice(0, 3), 2: CW_F.slice(3) };
  return s;
}

/** T-S14 (L2025): TOG GS (D Sqn + FH) at Ku Crassus segment 4, Renegade FH and a GN2 there. */
export function kuCrassusGs(): SpaceState {
  const s = buildState(
    [
      {
        id: 'tog',
        side: 'TOG',
        place: sector(KU),
        mission: 'GROUND_SUPPORT',
        units: [
          ['tog-D', 1],
          ['tog-FH1', 1],
        ],
      },
      { id: 'cw', side: 'CW', place: sector(KU), mission: 'SECTOR_DEFENCE', units: [['cw-FH1', 1]] },
    ],
    [{ id: 'gn2', side: 'CW', type: 'GN2', status: 'ACTIVE', sector: KU, segment: 4, supply: 10 }],
  );
  s.tfs.cw.sdAllocation = { 4: ['cw-cw-FH1-1'] };
  return s;
}

export const reactions = (over: Partial<CombatReactions> = {}): CombatReactions => ({
  ...defaultReactions({} as SpaceState, 'CW'),
  ...over,
});

export const ofType = (events: SpaceEvent[], type: string): Record<string, unknown>[] =>
  events.filter((e) => e.type === type).map((e) => e.data as Record<string, unknown>);

export const visibleTo = (events: SpaceEvent[], side: 'TOG' | 'CW'): SpaceEvent[] =>
  events.filter((e) => e.visibleTo === 'all' || e.visibleTo.includes(side));
