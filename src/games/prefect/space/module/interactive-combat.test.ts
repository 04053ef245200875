/**
 * D-91, option spaceCombatPlay 'interactive': the Space Combat Phase asks the deciding side at its
 * decision points (interception L1509-1521, target segment L1675, fire on Supply / GS / OD TFs
 * L1741-1745) and runs the same procedure as standing play: answered with the standing choices it
 * gives the same events and the same state. Through the module contract.
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent, Json, Prompt } from '#engine/contract.js';
import { seededDice, type Dice } from '#engine/dice.js';
import { prefectCampaign } from '../../campaign/index.js';
import prefectSpace from './index.js';
import { owedAt, phasingOf } from './sequence.js';
import { playBots as playCampaign } from '../../campaign/module/testing.js';
import { gsEverywhere, playBots, type StepInfo } from './testing.js';
import type { Side, SpaceGameState } from './types.js';
import type { CombatPoint } from '#games/prefect/space/resolution/index.js';

type V = Record<string, unknown>;
const interceptAll = (order: Json, prompt: Prompt): Json =>
  prompt.kind === 'combat-reactions'
    ? ({
        kind: 'combat-reactions',
        reactions: { ...((order as V).reactions as V), intercept: { default: 'ALL' } },
      } as unknown as Json)
    : order;
/** Every planned TF aims at segment 1, where the bases and sector defences mostly are (the bot picks quiet segments). */
const segmentOne = (order: Json, prompt: Prompt): Json => {
  if (prompt.kind !== 'combat-plan') return order;
  const o = order as { plan: { tfs: V[] } };
  return { ...o, plan: { ...o.plan, tfs: o.plan.tfs.map(({ segment: _s, ...t }) => t) } } as unknown as Json;
};
/** Interception with everything, Ground Support at Ku Crassus, segment 1: so that all three points come up. */
const probing = (order: Json, prompt: Prompt, s: SpaceGameState): Json =>
  segmentOne(interceptAll(gsEverywhere(order, prompt, s), prompt), prompt);
/** The ids a point offers its owner (none for a yes/no point). */
const offeredIds = (point: CombatPoint): string[] => {
  switch (point.kind) {
    case 'intercept':
    case 'withdrawal-intercept':
      return point.eligible;
    case 'segment':
      return point.survivors;
    case 'protected-attack':
      return [...point.units, ...point.bases];
    case 'leave-segment':
      return point.units;
    default:
      return [];
  }
};
const strip = (s: SpaceGameState): V => {
  const c = structuredClone(s) as unknown as V;
  delete c.options;
  delete c.external;
  return c;
};

/** The phase of `x` replayed in interactive play, each point answered by `answer` (default: the prompt's standing choice). */
function interactively(
  x: StepInfo,
  dice: Dice,
  answer: (p: Prompt, s: SpaceGameState) => Json = (p) => p.defaultOrders,
) {
  let s = structuredClone(x.prev);
  s.options = { ...s.options, spaceCombatPlay: 'interactive' };
  const events: GameEvent[] = [];
  const asked: Prompt[] = [];
  let r = prefectSpace.resolve(s, x.orders, dice);
  for (let i = 0; ; i++) {
    events.push(...r.events);
    s = r.state;
    if (!s.external?.asking || i > 200) break;
    const [p] = prefectSpace.prompts(s);
    asked.push(p);
    r = prefectSpace.resolve(s, { [p.side]: answer(p, s) }, dice);
  }
  return { state: s, events, asked };
}

describe('spaceCombatPlay (D-91)', () => {
  it("is 'standing' by default, offers 'interactive', refuses other values", () => {
    expect(prefectSpace.options.find((o) => o.id === 'spaceCombatPlay')).toMatchObject({
      default: 'standing',
      values: ['standing', 'interactive'],
    });
    expect(
      (prefectSpace.setup('hold-the-line', {}, seededDice('o', 0)) as SpaceGameState).options.spaceCombatPlay,
    ).toBe('standing');
    expect(() => prefectSpace.setup('hold-the-line', { spaceCombatPlay: 'later' }, seededDice('o', 0))).toThrow(
      /spaceCombatPlay/,
    );
    expect(prefectSpace.promptKinds!.map((k) => k.kind)).toContain('combat-decision');
  });

  it('answered with the standing choices, interactive play gives the same events and state as standing play', () => {
    const kinds = new Set<string>();
    let phases = 0;
    for (const seed of ['ic1', 'ic2', 'ic3', 'ic4']) {
      playBots(
        seed,
        (x) => {
          if (x.prev.step !== 'COMBAT' || x.prev.external) return;
          phases++;
          const i = interactively(x, seededDice(seed, x.step));
          for (const p of i.asked) kinds.add((p.choices as { kind: string }).kind);
          expect(JSON.stringify(i.events)).toBe(JSON.stringify(x.events));
          expect(strip(i.state)).toEqual(strip(x.state));
        },
        800,
        probing,
      );
    }
    expect(phases).toBeGreaterThan(5);
    // The opposing-SD move (L1861) needs a TOG sector defence in a contested sector, which these games do not
    // give: ../resolution/decisions.test.ts replays it both ways.
    expect([...kinds].sort()).toEqual([
      'intercept',
      'protected-attack',
      'segment',
      'shift',
      'withdrawal-attempt',
      'withdrawal-intercept',
    ]);
  }, 240_000);

  it('the point is owed by the deciding side only, names no hidden enemy data, and refuses answers that do not fit', () => {
    let checked = 0;
    const seen = new Set<string>();
    playBots(
      'ic1',
      (x) => {
        if (x.prev.step !== 'COMBAT' || x.prev.external || (checked >= 12 && seen.size === 3)) return;
        interactively(x, seededDice('ic1', x.step), (p, s) => {
          checked++;
          const point = s.external!.asking!;
          const side = p.side as Side;
          expect(owedAt(s)).toEqual([
            { side: point.side, kind: 'combat-decision', secret: point.kind === 'leave-segment' },
          ]);
          if (point.kind !== 'leave-segment')
            expect(side).toBe(
              point.kind === 'segment' ? phasingOf(x.prev) : phasingOf(x.prev) === 'TOG' ? 'CW' : 'TOG',
            ); // the phasing side picks the segment, the other side fires
          const text = JSON.stringify(p);
          if ('tf' in point) expect(text).not.toContain(`"${point.tf}"`); // TF ids under their aliases
          expect(text).not.toContain('"standing"'); // the owner's sealed choice is his default, not a field
          // only the owner's own units and bases are offered
          const offered = offeredIds(point);
          for (const id of offered) expect((s.units[id] ?? s.bases[id])?.side).toBe(side);
          expect(prefectSpace.validate(s, side, p.defaultOrders)).toEqual([]);
          expect(
            prefectSpace.validate(s, side, { kind: 'combat-decision', units: ['no-such-unit'] }).map((e) => e.code),
          ).toContain('BAD_DECISION');
          expect(prefectSpace.validate(s, side, { kind: 'combat-decision', segment: 99 }).map((e) => e.code)).toContain(
            'BAD_DECISION',
          );
          expect(prefectSpace.validate(s, side === 'TOG' ? 'CW' : 'TOG', p.defaultOrders).map((e) => e.code)).toContain(
            'NOT_OWED',
          );
          expect(
            prefectSpace
              .validate(s, side, { ...(p.defaultOrders as V), extra: 1 } as unknown as Json)
              .map((e) => e.code),
          ).toEqual(['MALFORMED']); // unknown keys refused
          const codes = (o: V) =>
            prefectSpace.validate(s, side, { kind: 'combat-decision', ...o } as unknown as Json).map((e) => e.code);
          if (point.kind === 'shift') {
            seen.add(point.kind);
            expect(codes({})).toEqual(['BAD_DECISION']); // yes or no must be said
            expect(codes({ shift: false })).toEqual([]);
            expect(codes({ shift: true, attempt: true })).toEqual(['BAD_DECISION']);
          }
          if (point.kind === 'withdrawal-attempt') {
            seen.add(point.kind);
            expect(codes({ attempt: true })).toEqual(point.possible ? [] : ['BAD_DECISION']); // L1781: only with a sector-defence TF there
            expect(codes({ attempt: false })).toEqual([]);
            expect(codes({ units: [] })).toEqual(['BAD_DECISION', 'BAD_DECISION']); // not its field, and no yes/no
          }
          if (point.kind === 'withdrawal-intercept') {
            seen.add(point.kind);
            expect(codes({ units: point.eligible })).toEqual([]);
            expect(codes({ units: ['no-such-unit'] })).toEqual(['BAD_DECISION']);
            expect(codes({ shift: true })).toEqual(['BAD_DECISION']);
          }
          return p.defaultOrders;
        });
      },
      800,
      interceptAll,
    );
    expect(checked).toBeGreaterThan(3);
    expect([...seen].sort()).toEqual(['shift', 'withdrawal-attempt', 'withdrawal-intercept']);
  }, 240_000);

  it('the answer decides: intercepting with every eligible unit instead of the standing none changes the phase', () => {
    let differed = false;
    playBots(
      'ic1',
      (x) => {
        if (differed || x.prev.step !== 'COMBAT' || x.prev.external) return;
        const all = interactively(x, seededDice('ic1', x.step), (p, s) => {
          const point = s.external!.asking!;
          return point.kind === 'intercept'
            ? ({ kind: 'combat-decision', units: point.eligible } as unknown as Json)
            : p.defaultOrders;
        });
        const none = interactively(x, seededDice('ic1', x.step), (p, s) =>
          s.external!.asking!.kind === 'intercept'
            ? ({ kind: 'combat-decision', units: [] } as unknown as Json)
            : p.defaultOrders,
        );
        if (all.asked.some((p) => (p.choices as { kind: string }).kind === 'intercept')) {
          expect(all.events.some((e) => e.type === 'DSI_INTERCEPTORS')).toBe(true);
          expect(JSON.stringify(all.events)).not.toBe(JSON.stringify(none.events));
          differed = true;
        }
      },
      800,
    ); // the bot's standing reactions intercept with none
    expect(differed).toBe(true);
  }, 240_000);

  it('bots answer the points: a whole interactive bot game ends', () => {
    let asked = 0;
    const end = playBots(
      'ic3',
      (x) => {
        if (x.prompts.some((p) => p.kind === 'combat-decision')) asked++;
      },
      2000,
      interceptAll,
      { spaceCombatPlay: 'interactive' },
    );
    expect(end.step).toBe('GAME_OVER');
    expect(asked).toBeGreaterThan(0);
  }, 240_000);

  it('combines with externalCombat LEVIATHAN: decision points and battle pauses in one phase, the game ends', () => {
    const kinds = new Set<string>();
    const end = playBots(
      'ic-lv',
      (x) => {
        for (const p of x.prompts) kinds.add(p.kind);
      },
      3000,
      interceptAll,
      { spaceCombatPlay: 'interactive', externalCombat: 'LEVIATHAN' },
    );
    expect(end.step).toBe('GAME_OVER');
    expect(kinds).toContain('combat-decision');
    expect(kinds).toContain('external-result');
  }, 240_000);

  it('the Campaign inherits the option for its space half; its bots answer the points and the game goes on', () => {
    expect(prefectCampaign.options.find((o) => o.id === 'spaceCombatPlay')).toMatchObject({ default: 'standing' });
    expect(
      (prefectCampaign.setup('invasion', {}, seededDice('o', 0)) as { space: SpaceGameState }).space.options
        .spaceCombatPlay,
    ).toBe('standing');
    let asked = 0;
    const end = playCampaign(
      'ic-c1',
      (x) => {
        for (const p of x.prompts)
          if ((p.choices as { kind?: string } | null)?.kind && x.prev.space.external?.asking) asked++;
      },
      { spaceCombatPlay: 'interactive' },
      3000,
    );
    expect(asked).toBeGreaterThan(0);
    expect(end.stage).toBe('GAME_OVER');
  }, 240_000);
});
