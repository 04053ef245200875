/**
 * 14.23 the Cetian special insertion: in the Transportation Segment of his first turn the Cetian
 * rolls one die and may land that many units from his Fleet box (at most the four there) at no STP
 * cost, in any land hex not occupied by an enemy unit or in its unsuppressed ZOC (digest §5.9,
 * 8.2 item 21). The player lists units and hexes in order of preference; the first that-many that
 * can legally land do, the others stay in the Fleet. It happens once, before the other actions.
 */
import type { Dice } from '#engine/dice.js';
import type { z } from 'zod';
import { own, ownUnit, pub } from './logistics.js';
import type { SpecialInsertionSchema } from './orders.js';
import { placementContext, placementProblem, scratchOf } from './transport-cost.js';
import { place, report, type TransportRun } from './transport-run.js';

type Insertion = z.output<typeof SpecialInsertionSchema>;
const RULE = '14.23';

export function insertion(run: TransportRun, plan: Insertion, dice?: Dice): void {
  const { state, side } = run;
  const problem = (code: string, message: string) => ({ code, message, rule: RULE, dynamic: false });
  if (side !== 'CETIAN' || state.turn !== 1) {
    return report(
      run,
      ['insertion'],
      problem(
        'transport.insertion-turn',
        'The special insertion is made only in the Cetian Transportation Segment of turn 1.',
      ),
    );
  }
  const scratch = scratchOf(state, side);
  if (scratch.insertionRoll !== null)
    return report(
      run,
      ['insertion'],
      problem('transport.insertion-once', 'The special insertion has already been made.'),
    );
  const roll = run.mode === 'apply' && dice ? dice.d6('Cetian special insertion') : plan.priority.length;
  if (run.mode === 'apply') scratch.insertionRoll = roll;
  const landed: { unitId: string; typeId: string; hex: string }[] = [];
  plan.priority.forEach((e, j) => {
    if (landed.length >= roll) return;
    const at = ['insertion', 'priority', j];
    const u = ownUnit(state, side, e.unitId);
    if (!u || u.box !== 'FLEET') {
      return report(
        run,
        [...at, 'unitId'],
        problem('transport.insertion-not-fleet', `${e.unitId} is not one of the units in your Fleet box.`),
      );
    }
    const p = placementProblem(state, side, u, e.hex, 'INSERTION', placementContext(state, side, run.hooks));
    if (p && (!p.dynamic || run.final)) return report(run, [...at, 'hex'], p);
    place(run, u, e.hex, true);
    landed.push({ unitId: u.id, typeId: u.typeId, hex: e.hex });
  });
  if (run.mode === 'apply') {
    const rolls = dice?.drain() ?? [];
    run.events.push({
      ...pub('transport.insertion', { side, roll, landed, rule: RULE }),
      ...(rolls.length ? { rolls } : {}),
    });
    run.events.push(
      own(side, 'transport.insertion-left', {
        inFleet: state.units.filter((u) => u.side === side && u.box === 'FLEET').map((u) => u.id),
        rule: RULE,
      }),
    );
  }
}
