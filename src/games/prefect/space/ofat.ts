/**
 * Orbital Force Allocation Tables (L1044-1062) and orbital segments: a planet has 10, a
 * planetoid or asteroid-belt sector 4, a sector with no body 1 (L1002, D-71). Orbital bases
 * follow the even-fill rule (L1162-1164, L1437): every segment must hold a base before any
 * holds two. Ground bases go where the scenario says (L1164) and are not bound by it (L1441).
 */
import type { RuleError, Sector } from './types.js';
import { SEGMENTS } from './types.js';

export const segmentsOf = (s: Sector): number => SEGMENTS[s.body?.kind ?? 'NONE'];
export const isSegment = (s: Sector, seg: number): boolean => Number.isInteger(seg) && seg >= 1 && seg <= segmentsOf(s);

/** Orbital bases per segment of `sector`, index 0 = segment 1. */
export function orbitalCounts(sector: Sector, segmentsOfOrbitalBases: number[]): number[] {
  const counts = Array.from({ length: segmentsOf(sector) }, () => 0);
  for (const seg of segmentsOfOrbitalBases) if (isSegment(sector, seg)) counts[seg - 1]++;
  return counts;
}

/** L1164: counts may differ by at most one, and only upward from a fully filled level. */
export const evenlyFilled = (counts: number[]): boolean => Math.max(...counts) - Math.min(...counts) <= 1;

/** L1437: may a new orbital base go into `segment`, given the bases already there? */
export function canPlaceOrbitalBase(sector: Sector, existing: number[], segment: number): RuleError | null {
  if (!isSegment(sector, segment)) {
    return {
      code: 'NO_SUCH_SEGMENT',
      rule: 'L1002',
      message: `${sector.id} has segments 1-${segmentsOf(sector)}, not ${segment}`,
    };
  }
  const counts = orbitalCounts(sector, existing);
  if (counts[segment - 1] > Math.min(...counts)) {
    return {
      code: 'EVEN_FILL',
      rule: 'L1164, L1437',
      message: `segment ${segment} already holds ${counts[segment - 1]} orbital bases while another holds ${Math.min(...counts)}: every segment must hold a base before one holds another`,
    };
  }
  return null;
}
