import { seededDice } from '../src/engine/dice.js';
import cerberus from '../src/games/cerberus/index.js';
const seed = process.argv[2] ?? 's1';
let state = cerberus.setup('campaign', {}, seededDice(seed, 0));
let step = 0;
const t0 = Date.now();
while (!cerberus.outcome(state)) {
  step++;
  const prompts = cerberus.prompts(state);
  if (!prompts.length) throw new Error('no prompts');
  const orders: Record<string, any> = {};
  for (const p of prompts) {
    const o = cerberus.bot(state, p.side, seededDice(seed + ':bot:' + p.side, step));
    const errs = cerberus.validate(state, p.side, o);
    if (errs.length) { console.log('BOT ILLEGAL', p.kind, JSON.stringify(errs).slice(0,500)); }
    orders[p.side] = o;
  }
  const r = cerberus.resolve(state, orders, seededDice(seed, step));
  state = r.state;
  const types = r.events.map(e=>e.type);
  console.log(step, state.turn, state.segment, prompts.map(p=>p.side+':'+p.kind).join(','), r.events.length, [...new Set(types)].slice(0,12).join(' '));
  if (step > 400) throw new Error('too long');
}
console.log(JSON.stringify(cerberus.outcome(state)), 'steps', step, 'ms', Date.now()-t0);
