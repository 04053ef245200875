/**
 * L2592-2598 in a Leviathan result (D-87): a transport squadron named disorganised because some of
 * its ships were destroyed loses supply in proportion — "Supply points are considered to be divided
 * equally among the ships of the squadron … Each transport loss must result in the loss of at least
 * one supply point" (L2596) — and the Marine cohorts it carries are disrupted (L2598). A counter
 * does not carry its number of ships: both players enter it from their Leviathan set-up, with the
 * ships lost, as part of the agreed entry (`transportLosses`).
 *
 * Rounding (reconstructed, the text gives none): the lost ships' share SP × lost / ships is rounded
 * up (an SP cannot be split, and part of it was aboard a lost ship), at least one SP per ship lost
 * (L2596), never more than the squadron carries.
 */
import type { OrderError } from '#engine/contract.js';
import { emit, type PhaseContext } from '../resolution/context.js';
import { stats } from '../state.js';
import type { SpaceState } from '../types.js';
import type { BattleInfo, SpaceExternalResultOrder, TransportLoss } from './types.js';

export const LOSS_RULE = 'L2592-2598';

/** L2596: the SP lost by a squadron of `ships` ships carrying `sp` SP when `shipsLost` of them are destroyed. */
export function supplyLost(sp: number, shipsLost: number, ships: number): number {
  if (sp <= 0 || shipsLost <= 0) return 0;
  return Math.min(sp, Math.max(shipsLost, Math.ceil((sp * shipsLost) / ships)));
}

/** The entry's transport losses, sorted by unit (omitted = none). */
export const lossesOf = (o: SpaceExternalResultOrder): TransportLoss[] =>
  [...(o.transportLosses ?? [])]
    .map((l) => ({ unit: l.unit, shipsLost: l.shipsLost, ships: l.ships }))
    .sort((a, b) => (a.unit < b.unit ? -1 : a.unit > b.unit ? 1 : 0));

/**
 * Bad transport losses. Only what both players see is read (the battle, the units' types on the
 * Leviathan map, the entry itself), never the SP carried, so an error reveals nothing hidden.
 */
export function lossErrors(s: SpaceState, b: BattleInfo, o: SpaceExternalResultOrder): OrderError[] {
  const errors: OrderError[] = [];
  const inBattle = new Set([...b.units.TOG, ...b.units.CW]);
  const named = new Set(o.disorganised.filter((id) => !o.destroyed.includes(id)));
  const seen = new Set<string>();
  (o.transportLosses ?? []).forEach((l, i) => {
    const at = (field?: string) => ['transportLosses', i, ...(field ? [field] : [])];
    const u = inBattle.has(l.unit) ? s.units[l.unit] : undefined;
    if (!u || stats(u).kind !== 'TRANSPORT') {
      errors.push({
        code: 'EXTERNAL_NOT_TRANSPORT',
        path: at('unit'),
        message: 'Supply is lost only by a transport squadron on the Leviathan map of this battle.',
        rule: 'L2596',
      });
    } else if (!named.has(l.unit)) {
      errors.push({
        code: 'EXTERNAL_LOSS_NOT_DISORGANISED',
        path: at('unit'),
        message:
          'Ships lost are entered only for a transport squadron named disorganised (a destroyed squadron loses everything it carries).',
        rule: 'L2592-2598',
      });
    } else if (seen.has(l.unit)) {
      errors.push({
        code: 'EXTERNAL_TWICE',
        path: at('unit'),
        message: 'A transport squadron\u2019s losses are entered once.',
        rule: 'L2596',
      });
    }
    seen.add(l.unit);
    if (l.ships < 1)
      errors.push({
        code: 'EXTERNAL_SHIPS',
        path: at('ships'),
        message: 'A squadron has at least one ship.',
        rule: 'L2596',
      });
    else if (l.shipsLost < 1)
      errors.push({
        code: 'EXTERNAL_SHIPS_LOST',
        path: at('shipsLost'),
        message:
          'Enter a squadron only if at least one of its ships was destroyed (internal damage alone loses no supply).',
        rule: 'L2596-2598',
      });
    else if (2 * l.shipsLost >= l.ships)
      errors.push({
        code: 'EXTERNAL_SQUADRON_DESTROYED',
        path: at('shipsLost'),
        message: 'A squadron with half of its ships or more destroyed is not disorganised: name it destroyed.',
        rule: 'L2592-2594',
      });
  });
  return errors;
}

/**
 * L2596-2598 applied to the agreed entry's disorganised transports: the SP lost and the Marine
 * cohorts aboard disrupted (in the Space Game cohorts have no status of their own: they cannot
 * land while their transport is disorganised, L2065, and recover with it). Owner only: the SP and
 * cohorts carried are on his record sheet (H1, H16); the ship counts are in the public result.
 */
export function applyLosses(ctx: PhaseContext, o: SpaceExternalResultOrder): void {
  for (const l of lossesOf(o)) {
    const u = ctx.state.units[l.unit];
    if (!u || u.status !== 'DISORGANISED') continue;
    const lost = supplyLost(u.supply ?? 0, l.shipsLost, l.ships);
    if (lost) u.supply = (u.supply ?? 0) - lost;
    emit(ctx, 'TRANSPORT_LOSSES', [u.side], {
      unit: u.id,
      shipsLost: l.shipsLost,
      ships: l.ships,
      supplyLost: lost,
      supply: u.supply ?? 0,
      marinesDisrupted: u.marines ?? 0,
      rule: LOSS_RULE,
    });
  }
}
