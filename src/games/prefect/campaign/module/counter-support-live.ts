/**
 * Naval ground support of **interactive** counter-attacks (L2204, L2214, D-76, D-83): the same
 * `navalSupport` [{ units, tfs? }] field as the planned orders (counter-support.ts), carried by
 * the answer that makes or meets the counter-attack:
 * - the counter-attacker's `counter-attack` answer, or his `defender-actions` with an attack
 *   action: GS units that join the counter-attack (by one of `tfs`, if given);
 * - the mover's owner's `mover-detect` (or `pass`) answer: GS units that add their attack to the
 *   mover's defence.
 * The units must wait in the GS box of the zone of the combat (L2214: the mover's hex; for
 * defender-actions the zone of one of the attacked TFs). The counter-attacker answers first and
 * the combat runs on the mover's answer, so his commitment is kept sealed in the state
 * (`counterSupport`, never shown) until the combat: in SIMUL the mover commits without seeing it;
 * with the D-76 option ATTACKER_FIRST (the combat's attacker first — here the counter-attacker)
 * the mover's prompt shows its unit types. Used commitments are revealed at the combat
 * (`gs.revealed`), unused ones never; they lapse when no counter-attack of that answer is left.
 */
import type { GameEvent, Json } from '#engine/contract.js';
import { currentPoint } from '../../planetary/index.js';
import { resolveOrderIds } from '../../planetary/index.js';
import { zoneOfHex } from '../map-link.js';
import type { CampaignGameState, Side } from './types.js';

/** Who carries the commitment: the counter-attacker ('counter') or the mover's owner ('mover'); zones: null = any (planned). */
export interface Carrier {
  role: 'counter' | 'mover';
  zones: number[] | null;
  live: boolean;
}
export type SupportList = { units: string[]; tfs?: string[] }[];

const zoneOfTf = (cs: CampaignGameState, tf: string): number | null => {
  const hex = cs.planetary.tfs[tf]?.hex;
  return hex ? zoneOfHex(hex) : null;
};

/** The reaction window owed by `side` now in an interactive Movement Phase (null: none). */
function liveWindow(cs: CampaignGameState, side: Side) {
  if (cs.stage !== 'GROUND' || cs.pendingSupport || cs.planetary.step !== 'MOVEMENT' || !cs.planetary.movement)
    return null;
  const w = currentPoint(cs.planetary);
  return w && w.kind !== 'attacker-move' && w.side === side ? w : null;
}

/** L2204: may this interactive answer carry naval support, and for which combat zones? */
export function liveCarrier(cs: CampaignGameState, side: Side, raw: unknown): Carrier | null {
  const w = liveWindow(cs, side);
  if (!w) return null;
  const o = resolveOrderIds(cs.planetary, side, raw) as {
    kind?: unknown;
    actions?: { type?: unknown; target?: unknown }[];
  } | null;
  const kind = o?.kind;
  const zones = (tfs: unknown[]): number[] => [
    ...new Set(tfs.map((t) => (typeof t === 'string' ? zoneOfTf(cs, t) : null)).filter((z): z is number => z !== null)),
  ];
  if (w.kind === 'counter-attack' && kind === 'counter-attack')
    return { role: 'counter', zones: zones([w.mover]), live: true };
  if (w.kind === 'mover-detect' && (kind === 'mover-detect' || kind === 'pass'))
    return { role: 'mover', zones: zones([w.mover]), live: true };
  if (w.kind === 'defender-actions' && kind === 'defender-actions' && Array.isArray(o?.actions)) {
    const targets = o!.actions.filter((a) => a?.type === 'attack').map((a) => a.target);
    return targets.length ? { role: 'counter', zones: zones(targets), live: true } : null;
  }
  return null;
}

/** The prompt kinds of interactive play that may carry naval support for `side` now, with the zones offered. */
export function livePromptZones(cs: CampaignGameState, side: Side, inner: string): number[] | null | undefined {
  const w = liveWindow(cs, side);
  if (!w || w.kind !== inner) return undefined;
  if (w.kind === 'counter-attack' || w.kind === 'mover-detect') {
    const z = zoneOfTf(cs, w.mover);
    return z === null ? undefined : [z];
  }
  return w.kind === 'defender-actions' ? null : undefined;
}

/** D-76: the counter-attacker's commitment is sealed in the state until the combat; told to him (SIMUL) or to all (ATTACKER_FIRST). */
export function sealLive(cs: CampaignGameState, side: Side, list: SupportList): GameEvent[] {
  cs.counterSupport = { side, list };
  const open = cs.options.gsCommitMode === 'ATTACKER_FIRST';
  const types = list.map((c) => c.units.map((u) => cs.space.units[u]?.type ?? '?'));
  return [
    {
      type: 'gs.committed',
      visibleTo: open ? 'all' : [side],
      data: {
        side,
        counterAttack: true,
        ...(open ? { units: types } : { commitments: list }),
        rule: 'L2204, D-76',
      } as unknown as Json,
    },
  ];
}

/** ATTACKER_FIRST: the mover's owner sees the counter-attacker's committed unit types in his mover-detect prompt. */
export function shownEnemyCommitment(cs: CampaignGameState, side: Side): string[][] | null {
  const c = cs.counterSupport;
  if (!c || c.side === side || cs.options.gsCommitMode !== 'ATTACKER_FIRST') return null;
  return c.list.map((x) => x.units.map((u) => cs.space.units[u]?.type ?? '?'));
}

/** After a step: used commitments leave the stored list; the rest lapse once no counter-attack of the answer is waiting. */
export function settleLive(cs: CampaignGameState, pendingAttack: boolean, spent: Set<number> | undefined): void {
  const c = cs.counterSupport;
  if (!c) return;
  if (!pendingAttack) {
    delete cs.counterSupport;
    return;
  }
  if (spent?.size) c.list = c.list.filter((_, i) => !spent.has(i));
}
