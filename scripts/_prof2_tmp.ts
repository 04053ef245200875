import { seededDice } from '../src/engine/dice.js';
import cerberus from '../src/games/cerberus/index.js';
import { owedAt } from '../src/games/cerberus/sequence.js';
import { legalLandings } from '../src/games/cerberus/transport-cost.js';
import { movementChoices } from '../src/games/cerberus/movement.js';
import { legalAttacks } from '../src/games/cerberus/combat.js';
import { autoSupply } from '../src/games/cerberus/supply.js';
const seed = 's1';
let state = cerberus.setup('campaign', {}, seededDice(seed, 0));
let step = 0;
while (!cerberus.outcome(state) && state.turn < 5) {
  step++;
  const orders: Record<string, any> = {};
  for (const o of owedAt(state)) orders[o.side] = cerberus.bot(state, o.side, seededDice(seed + o.side, step));
  state = cerberus.resolve(state, orders, seededDice(seed, step)).state;
}
for (const side of ['HUMAN', 'CETIAN'] as const) {
  for (const [k, f] of Object.entries({ land: () => legalLandings(state, side), move: () => movementChoices(state, side), atk: () => legalAttacks(state, side), sup: () => autoSupply(state, side) })) {
    const t = performance.now(); f(); console.log(side, k, Math.round(performance.now() - t));
  }
}
