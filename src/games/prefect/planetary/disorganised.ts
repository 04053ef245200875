/**
 * Destroying enemy disorganised units (L459-475, L721-735, D-35, D-36).
 * - On entry during movement: 1 MP per unit, chosen at random (L463); then ONE save by the TF's
 *   lowest-defence combat unit per hex (L467, D-36), failure = +1 fatigue. Needs a combat unit
 *   and fatigue < 3 (L469, L705): callers validate with `canDestroyDisorganised`.
 * - Combat-Phase attack on a hex holding only disorganised units: automatic, all destroyed,
 *   lowest-defence attacking combat unit saves, failure = +1 fatigue (L725-727); as a combat it
 *   also gives every attacking TF +1 fatigue (D-33, D-36) and is not a BT.
 * - Disorganised units in the hex of a TF whose support units must save (BT/CA): destroyed,
 *   or in a friendly base hex each saves and is destroyed on a failure (L731-733, L864, D-35).
 */
import type { GameEvent } from '#engine/contract.js';
import type { Dice } from '#engine/dice.js';
import type { GroundUnit, PrefectState, TaskForce } from './types.js';
import { combatUnits, destroy, disorganisedAt, unitDefence, unitType } from './composition.js';
import { rollUnder } from './detection.js';
import { disorganisedEvent } from './reveal.js';

const bump = (tf: TaskForce): void => {
  tf.fatigue = Math.min(3, tf.fatigue + 1) as TaskForce['fatigue'];
};

/** L469, L705: a TF may destroy disorganised units only with a combat unit and fatigue < 3. */
export function canDestroyDisorganised(state: PrefectState, tfId: string): boolean {
  const tf = state.tfs[tfId];
  return !!tf && tf.fatigue < 3 && combatUnits(state, tfId).length > 0;
}

/** The lowest-defence combat unit of the TFs (ties: first listed) and its TF. */
function weakest(state: PrefectState, tfIds: string[]): { u: GroundUnit; tf: TaskForce } | null {
  let best: { u: GroundUnit; tf: TaskForce; d: number } | null = null;
  for (const id of tfIds) {
    const tf = state.tfs[id];
    if (!tf) continue;
    for (const u of combatUnits(state, id)) {
      const d = unitDefence(u, tf.fatigue);
      if (!best || d < best.d) best = { u, tf, d };
    }
  }
  return best;
}

function weakestSave(state: PrefectState, dice: Dice, tfIds: string[], rule: string): GameEvent[] {
  const w = weakest(state, tfIds);
  if (!w) return [];
  const target = unitDefence(w.u, w.tf.fatigue);
  const label = `save ${w.u.type}`; // by type: unit ids are hidden (H1)
  const roll = dice.roll(10, label);
  const success = rollUnder(roll, target);
  if (!success) bump(w.tf);
  // Fatigue and the unit are hidden (H1): TABLETOP shows the roll to all (D-19), STRICT to the owner.
  const visibleTo = state.options.revealMode === 'TABLETOP' ? 'all' : [w.tf.side];
  return [
    {
      type: 'disorganised.save',
      visibleTo,
      data: { tf: w.tf.id, unitType: w.u.type, target, roll, success, rule },
      rolls: [{ label, sides: 10, value: roll }],
    },
  ];
}

/** L459-467: the mover spends `count` MP destroying enemy disorganised units in `hex` (random picks). */
export function destroyOnEntry(state: PrefectState, dice: Dice, tfId: string, hex: string, count: number): GameEvent[] {
  const tf = state.tfs[tfId];
  if (!tf || count <= 0) return [];
  const pool = disorganisedAt(state, hex)
    .filter((u) => u.side !== tf.side)
    .sort((a, b) => a.id.localeCompare(b.id));
  const gone: { unit: string; type: string }[] = [];
  const rolls = [];
  for (let i = 0; i < count && pool.length > 0; i++) {
    let pick = 0;
    if (pool.length > 1) {
      const label = `random disorganised unit in ${hex}`;
      pick = dice.roll(pool.length, label) - 1; // L463 "at random"
      rolls.push({ label, sides: pool.length, value: pick + 1 });
    }
    const [u] = pool.splice(pick, 1);
    destroy(state, u);
    gone.push({ unit: u.id, type: u.type });
  }
  if (gone.length === 0) return [];
  // H36, D-19: which units (ids, types) only at TABLETOP; the random picks' rolls are public either way.
  const events: GameEvent[] = disorganisedEvent(
    state,
    'disorganised.destroyed',
    { tf: tfId, hex, remaining: pool.length, rule: 'L459-465' },
    'units',
    gone,
  );
  events[0].rolls = rolls;
  events.push(...weakestSave(state, dice, [tfId], 'L467'));
  return events;
}

/** L721-729, D-36: a Combat-Phase attack on a hex with only enemy disorganised units. */
export function attackDisorganisedHex(state: PrefectState, dice: Dice, attackers: string[], hex: string): GameEvent[] {
  const side = state.tfs[attackers[0]]?.side;
  if (!side) return [];
  const victims = disorganisedAt(state, hex).filter((u) => u.side !== side);
  for (const u of victims) destroy(state, u);
  const events: GameEvent[] = disorganisedEvent(
    state,
    'disorganised.attacked',
    { attackers, hex, rule: 'L725' },
    'units',
    victims.map((u) => ({ unit: u.id, type: u.type })),
  );
  events.push(...weakestSave(state, dice, attackers, 'L727'));
  for (const id of attackers) {
    const tf = state.tfs[id];
    if (!tf) continue;
    tf.attackedThisTurn = true;
    bump(tf); // D-33/D-36: a combat
  }
  return events;
}

/**
 * L731-733, L864, D-35: the `side`'s disorganised units already in `hex` when its TF there
 * suffers a BT/CA. `crtMod` is that side's CRT modifier. Returns the save records.
 */
export function hexMatesOfSevereResult(
  state: PrefectState,
  dice: Dice,
  side: TaskForce['side'],
  hex: string,
  units: GroundUnit[],
  crtMod: number,
): { unit: string; type: string; target: number | null; roll: number | null; destroyed: boolean }[] {
  const inBase = Object.values(state.bases).some((b) => b.hex === hex && b.side === side);
  const out = [];
  for (const u of units) {
    if (u.status !== 'DISORGANISED' || u.hex !== hex) continue;
    if (!inBase) {
      destroy(state, u);
      out.push({ unit: u.id, type: u.type, target: null, roll: null, destroyed: true });
      continue;
    }
    const target = unitType(u).defence + crtMod; // fatigue 0 (L717), as a support unit (L862)
    const roll = dice.roll(10, `save ${u.type}`); // label by type: unit ids inside TFs are hidden (H1)
    const ok = rollUnder(roll, target);
    if (!ok) destroy(state, u);
    out.push({ unit: u.id, type: u.type, target, roll, destroyed: !ok });
  }
  return out;
}
