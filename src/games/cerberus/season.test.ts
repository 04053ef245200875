/**
 * 15.9 the season: "Players may select the season of their choice (this would probably be the
 * choice of the Human player)". Option seasonChosenBy 'human' lets the Human pick it in his set-up
 * order (14.13); by default it is the `season` option fixed when the game is created.
 */
import { describe, expect, it } from 'vitest';
import type { Json } from '#engine/contract.js';
import { seededDice } from '#engine/dice.js';
import cerberus from './index.js';
import { stormGenHex } from './map.js';
import { owedAt } from './sequence.js';
import type { CerberusState } from './state.js';
import { seasonAt } from './weather.js';

/** A new game at the Human set-up (the Cetian deployed by the bot). */
function atHumanSetup(options: Record<string, Json>): CerberusState {
  const s = cerberus.setup('campaign', options, seededDice('season', 0)) as CerberusState;
  const r = cerberus.resolve(
    s,
    { CETIAN: cerberus.bot(s, 'CETIAN', seededDice('season|bot', 1)) },
    seededDice('season', 1),
  );
  const state = r.state as CerberusState;
  expect(owedAt(state).map((o) => o.kind)).toEqual(['setup-human']);
  return state;
}

const humanSetup = (s: CerberusState, extra: Record<string, Json> = {}) => ({
  ...(cerberus.bot(s, 'HUMAN', seededDice('season|bot', 2)) as Record<string, Json>),
  ...extra,
});

describe('15.9 the season of the invasion', () => {
  it('15.9 with seasonChosenBy human the set-up prompt offers the four seasons and the chosen one rules both hemispheres', () => {
    const s = atHumanSetup({ weather: true, seasonChosenBy: 'human', season: 'SPRING' });
    const prompt = cerberus.prompts(s).find((p) => p.side === 'HUMAN')!;
    expect((prompt.choices as Record<string, Json>).season).toEqual({
      values: ['SPRING', 'SUMMER', 'FALL', 'WINTER'],
      default: 'SPRING',
      rule: '15.9',
    });
    expect(prompt.description).toMatch(/season/);
    const order = humanSetup(s, { season: 'WINTER' });
    expect(cerberus.validate(s, 'HUMAN', order)).toEqual([]);
    const r = cerberus.resolve(s, { HUMAN: order }, seededDice('season', 2));
    const after = r.state as CerberusState;
    expect(after.season).toBe('WINTER');
    expect(seasonAt(after, stormGenHex(1).hex)).toBe('WINTER');
    expect(seasonAt(after, stormGenHex(6).hex)).toBe('SUMMER'); // the south has the opposite season
    const ev = r.events.find((e) => e.type === 'weather.season')!;
    expect(ev).toMatchObject({ visibleTo: 'all', data: { season: 'WINTER', chosenBy: 'HUMAN' } });
    expect((cerberus.view(after, 'CETIAN') as Record<string, Json>).season).toBe('WINTER');
  });

  it('15.9 a Human who names no season gets the season option (his default)', () => {
    const s = atHumanSetup({ weather: true, seasonChosenBy: 'human', season: 'FALL' });
    const order = humanSetup(s);
    expect(order.season).toBeUndefined();
    const after = cerberus.resolve(s, { HUMAN: order }, seededDice('season', 2)).state as CerberusState;
    expect(after.season).toBe('FALL');
  });

  it('15.9 a season in the set-up order is refused when the players fixed it at creation, or weather is off; nothing applied', () => {
    for (const options of [
      { weather: true, season: 'SUMMER' },
      { weather: false, seasonChosenBy: 'human' },
    ] as Record<string, Json>[]) {
      const s = atHumanSetup(options);
      expect((cerberus.prompts(s)[0].choices as Record<string, Json>).season).toBeUndefined();
      const errors = cerberus.validate(s, 'HUMAN', humanSetup(s, { season: 'WINTER' }));
      expect(errors).toEqual([expect.objectContaining({ code: 'setup.season', path: ['season'], rule: '15.9' })]);
      const after = cerberus.resolve(s, { HUMAN: humanSetup(s, { season: 'WINTER' }) }, seededDice('season', 2));
      expect((after.state as CerberusState).season ?? null).toBeNull();
      expect(after.events.some((e) => e.type === 'orders.defaulted')).toBe(true);
    }
  });
});
