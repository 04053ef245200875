/**
 * The state as one side may know it (14.12, 2.6, 3.2 A.3, §8.1): the input of that side's prompts
 * (legal choices, default orders) and of its bot, so neither can depend on what the side may not
 * see. It hides exactly what the view (view.ts) hides:
 * - an enemy unit whose identity is hidden (face-down on the map, in a hidden box) keeps its id,
 *   side, box, hex, face-down flag and arrival turn; everything else becomes one fixed stand-in
 *   (a 3-4-2 battalion with no supplies, cargo or markers), so rules helpers still run on it;
 * - the other side's stored plan keeps only its side and reach, its pending decisions lose their
 *   payload, its standing orders are empty, its private phase bookkeeping is reset, and its never-
 *   used conditional Major Effort choice is sealed.
 * Ids are kept (orders name units by them and validation resolves them); the view still shows a
 * hidden unit only by an opaque id, and the hidden units are listed by box, hex and opaque id so
 * their order does not follow their real ids.
 */
import { newPhaseScratch, enemyOf, type CerberusState, type Side, type Unit } from './state.js';
import { identityVisible, opaqueFor } from './view.js';

/** What a hidden enemy unit looks like to the side that cannot see it (rules helpers need factors). */
const STAND_IN: Pick<Unit, 'typeId' | 'cls' | 'sub' | 'designation' | 'attack' | 'defense' | 'movement'> = {
  typeId: 'HIDDEN',
  cls: 'INFANTRY',
  sub: 'REGULAR',
  designation: '?',
  attack: 3,
  defense: 4,
  movement: 2,
};

function masked(u: Unit): Unit {
  if (u.cls === 'SF') return u; // SF counters are all alike and have a box of their own (10.1)
  return {
    ...u,
    ...STAND_IN,
    outOfSupply: false,
    ferrying: false,
    reduced: false,
    supplies: 0,
    cargo: null,
    disrupted: null,
    landedOnTurn: null,
    sfStatus: null,
    arrivesAt: null,
    destroyed: null,
  };
}

/** A copy of `state` with what `side` may not see replaced by neutral stand-ins (the input never changes). */
export function knownState(state: CerberusState, side: Side): CerberusState {
  const s = structuredClone(state);
  const other = enemyOf(side);
  const shown: Unit[] = [];
  const hidden: { u: Unit; key: string }[] = [];
  for (const u of s.units) {
    if (identityVisible(state, side, u)) shown.push(u);
    else hidden.push({ u: masked(u), key: `${u.box}|${u.hex ?? ''}|${opaqueFor(state, side, u.id)}` });
  }
  hidden.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  // Shown units keep their order; hidden ones follow, in an order that says nothing of their ids.
  s.units = [...shown, ...hidden.map((h) => h.u)];
  if (s.plan && s.plan.side === other)
    s.plan = { ...s.plan, order: { kind: 'phase-plan', through: s.plan.through } as typeof s.plan.order };
  s.pending = s.pending.map((d) => (d.side === side ? d : { ...d, payload: null }));
  s.players[other].standing = {};
  if (s.phaseScratch && s.phaseScratch.side === other) {
    const fresh = newPhaseScratch(other);
    const sc = s.phaseScratch;
    s.phaseScratch = {
      ...fresh,
      sfPairs: sc.sfPairs,
      sfPairsPlaced: sc.sfPairsPlaced,
      moved: sc.moved,
      enteredEnemyHex: sc.enteredEnemyHex,
      attackedHexes: sc.attackedHexes,
      attackers: sc.attackers,
      adzSuppression: sc.adzSuppression,
      fleetFireUsed: sc.fleetFireUsed,
      subOrbitalUsed: sc.subOrbitalUsed,
      insertionRoll: sc.insertionRoll,
    };
  }
  for (const rec of [s.space.current, ...s.space.history]) {
    if (rec && rec.caller !== other) rec.cancelIfSole[other] = false;
  }
  return s;
}
