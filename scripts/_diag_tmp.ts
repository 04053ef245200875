import { seededDice } from '../src/engine/dice.js';
import cerberus from '../src/games/cerberus/index.js';
import { owedAt } from '../src/games/cerberus/sequence.js';
import { victoryPoints, cerberusVictoryMap } from '../src/games/cerberus/victory.js';
import type { CerberusState } from '../src/games/cerberus/state.js';
const seed = process.argv[2] ?? 's1';
let state = cerberus.setup('campaign', {}, seededDice(seed, 0)) as CerberusState;
let step = 0; let lastTurn = 0;
const ev: Record<string, number> = {};
while (!cerberus.outcome(state)) {
  step++;
  const orders: Record<string, any> = {};
  for (const o of owedAt(state)) {
    orders[o.side] = cerberus.bot(state, o.side, seededDice(seed + o.side, step));
    if (o.kind === 'phase-plan' && o.from === 'COMBAT') console.log('  ', o.side, 'attacks', JSON.stringify(orders[o.side].combat?.attacks?.map((a: any) => [a.targetHex, a.attackers.length, a.fleet + a.missiles.length + a.air.reduce((n: number, x: any) => n + x.points, 0)])));
    if (o.kind === 'phase-plan' && o.from === 'TRANSPORTATION') console.log('  ', o.side, 'lands', JSON.stringify(orders[o.side].transportation?.actions?.map((a: any) => a.unitId + '@' + a.hex)));
  }
  const r = cerberus.resolve(state, orders, seededDice(seed, step));
  for (const e of r.events) { ev[e.type] = (ev[e.type] ?? 0) + 1; if (e.type === 'combat.resolved') console.log('    ', JSON.stringify(e.data).slice(0, 200)); if (e.type.includes('eliminat') && e.type.startsWith('supply')) console.log('    SUP', JSON.stringify(e.data).slice(0,200)); if (e.type==='supply.status') { const d:any=e.data; if ((d.eliminated?.length||0)+(d.flipped?.length||0)) console.log('    SUPPLY', JSON.stringify(d).slice(0,300)); } }
  state = r.state as CerberusState;
  if (state.turn !== lastTurn) {
    lastTurn = state.turn;
    const on = (side: string) => state.units.filter((u) => u.side === side && u.box === 'MAP').length;
    const vp = victoryPoints(state, cerberusVictoryMap);
    console.log(`turn ${state.turn} space ${state.space.state} H map ${on('HUMAN')} C map ${on('CETIAN')} VP H ${vp.HUMAN.total} C ${vp.CETIAN.total} held H ${vp.HUMAN.continentsHeld} C ${vp.CETIAN.continentsHeld}`);
  }
}
console.log(JSON.stringify(cerberus.outcome(state)));
console.log(JSON.stringify(ev));
