/** Small builders for the tests of this folder (not used by rules code). */
import type { Json } from '#engine/contract.js';
import { makeUnit, newState, type CerberusState, type Segment, type Side, type Unit } from './state.js';

let serial = 0;

/** A state in the given turn/segment with these units. */
export function stateAt(
  fields: {
    turn?: number;
    segment?: Segment;
    phasing?: Side | null;
    space?: number;
    options?: Record<string, Json>;
  } = {},
  units: Unit[] = [],
): CerberusState {
  const s = newState('campaign', fields.options ?? {}, units);
  s.turn = fields.turn ?? 1;
  s.segment = fields.segment ?? 'DETERIORATION';
  s.phasing = fields.phasing ?? null;
  s.phase = s.phasing ?? (s.segment.startsWith('SETUP') ? 'SETUP' : 'SPACE');
  s.space.state = fields.space ?? 6;
  return s;
}

type Cls = Unit['cls'];
/** A unit of `side` and class `cls` on the map at `hex` (or in `box` when hex is null). */
export function unit(side: Side, cls: Cls, hex: string | null, extra: Partial<Unit> = {}): Unit {
  serial++;
  return makeUnit({
    id: extra.id ?? `${side[0]}-${cls}-${serial}`,
    side,
    cls,
    box: hex ? 'MAP' : 'FLEET',
    hex,
    ...(cls === 'BASE' ? { defense: side === 'HUMAN' ? 5 : 4, supplies: 8 } : {}),
    ...(cls === 'SPACEPORT' ? { defense: side === 'HUMAN' ? 12 : 10, supplies: 20 } : {}),
    ...(cls === 'INFANTRY' ? { attack: 3, defense: side === 'HUMAN' ? 5 : 4, movement: side === 'HUMAN' ? 1 : 2 } : {}),
    ...(cls === 'MOBILE'
      ? { attack: side === 'HUMAN' ? 2 : 3, defense: side === 'HUMAN' ? 4 : 3, movement: side === 'HUMAN' ? 8 : 6 }
      : {}),
    ...extra,
  });
}

/** `n` SF of `side` in the Fleet SF box. */
export function sfTeam(side: Side, n: number): Unit[] {
  return Array.from({ length: n }, (_, i) =>
    makeUnit({ id: `${side[0]}:SF${i + 1}`, side, cls: 'SF', box: 'FLEET_SF' }),
  );
}
