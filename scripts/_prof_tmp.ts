import { seededDice } from '../src/engine/dice.js';
import cerberus from '../src/games/cerberus/index.js';
import { owedAt } from '../src/games/cerberus/sequence.js';
const seed = process.argv[2] ?? 's1';
let state = cerberus.setup('campaign', {}, seededDice(seed, 0));
const T: Record<string, number> = {};
const time = <R>(k: string, f: () => R): R => { const t = performance.now(); const r = f(); T[k] = (T[k] ?? 0) + performance.now() - t; return r; };
let step = 0;
while (!cerberus.outcome(state)) {
  step++;
  const owed = owedAt(state);
  const orders: Record<string, any> = {};
  for (const o of owed) {
    const bo = time('bot:' + o.kind + (o.from ? ':' + o.from : ''), () => cerberus.bot(state, o.side, seededDice(seed + ':bot:' + o.side, step)));
    time('validate', () => cerberus.validate(state, o.side, bo));
    orders[o.side] = bo;
  }
  if (step % 10 === 0) time('prompts', () => cerberus.prompts(state));
  const r = time('resolve', () => cerberus.resolve(state, orders, seededDice(seed, step)));
  state = r.state;
}
console.log(step, Object.entries(T).map(([k, v]) => `${k}=${Math.round(v)}`).join('\n'));
