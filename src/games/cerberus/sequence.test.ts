import { describe, expect, it } from 'vitest';
import { seededDice, type Dice } from '#engine/dice.js';
import { coreHandlers } from './handlers.js';
import { parseOrder, type CerberusOrder } from './orders.js';
import { majorEffortEligibility } from './space.js';
import { advance, checkOwed, defaultOrder, owedAt, start, type Owed, type SegmentHandlers } from './sequence.js';
import { SIDES, type CerberusState, type Side } from './state.js';
import { sfTeam, stateAt, unit } from './testing.js';
import { minimumGarrisonCheck, type VictoryMap } from './victory.js';

const toyMap: VictoryMap = { continentOf: () => null, isResource: () => false };
const core = coreHandlers({ canStack: () => true, victoryMap: toyMap });

function game(options = {}, extra: SegmentHandlers = {}): { s: CerberusState; h: SegmentHandlers } {
  const units = [
    ...garrisonOf('HUMAN'),
    ...garrisonOf('CETIAN'),
    ...sfTeam('HUMAN', 4),
    ...sfTeam('CETIAN', 1),
    unit('HUMAN', 'INFANTRY', null, { id: 'H:E1', box: 'EARTH' }),
    unit('CETIAN', 'MOBILE', null, { id: 'C:T1', box: 'TAU_CETI' }),
  ];
  const s = stateAt({ turn: 1, segment: 'SETUP_CETIAN', options }, units);
  s.phase = 'SETUP';
  return { s, h: { ...core, ...extra } };
}
function garrisonOf(side: Side) {
  return Array.from({ length: 8 }, (_, i) =>
    unit(side, 'INFANTRY', side === 'HUMAN' ? '0101' : '1010', { id: `${side[0]}:G${i}` }),
  );
}

const setupCetian: CerberusOrder = { kind: 'setup-cetian', placements: [], supplies: [] };
const setupHuman: CerberusOrder = { kind: 'setup-human', fleet: [] };
const wholePlan: CerberusOrder = { kind: 'phase-plan', through: 'TRANSPORTATION' };

/** Answers every owed decision with its default (setup orders for set-up). */
function answerAll(
  s: CerberusState,
  h: SegmentHandlers,
  dice: Dice,
  pick?: (side: Side, kind: string, owed: Owed) => CerberusOrder | null,
): void {
  const owed = owedAt(s);
  const orders: Partial<Record<Side, CerberusOrder>> = {};
  for (const o of owed) {
    orders[o.side] =
      pick?.(o.side, o.kind, o) ??
      (o.kind === 'setup-cetian' ? setupCetian : o.kind === 'setup-human' ? setupHuman : defaultOrder(s, o)!);
    expect(checkOwed(s, o.side, orders[o.side]!)).toEqual([]);
  }
  advance(s, orders, dice, h);
}

describe('3.1 sequence of play', () => {
  it('14.12-14.13 H6: set-up is Cetian first, then Human', () => {
    const { s, h } = game();
    expect(owedAt(s)).toMatchObject([{ side: 'CETIAN', kind: 'setup-cetian' }]);
    advance(s, { CETIAN: setupCetian }, seededDice('x'), h);
    expect(owedAt(s)).toMatchObject([{ side: 'HUMAN', kind: 'setup-human' }]);
  });
  it('C8 13.41: turn 1 has no Space Superiority Phase; the Human Player Phase starts at Human +6', () => {
    const { s, h } = game();
    answerAll(s, h, seededDice('x'));
    answerAll(s, h, seededDice('x'));
    expect(s).toMatchObject({ turn: 1, segment: 'SPECIAL_FORCES', phasing: 'HUMAN', phase: 'HUMAN' });
    expect(s.space).toMatchObject({ state: 6, current: { mode: 'skipped' } });
    expect(owedAt(s)).toEqual([
      { side: 'HUMAN', kind: 'phase-plan', secret: false, segment: 'SPECIAL_FORCES', from: 'SPECIAL_FORCES' },
    ]);
  });
  it('option turnOneSpacePhase = play: turn 1 deteriorates +6 to +3 and rolls', () => {
    const { s, h } = game({ turnOneSpacePhase: 'play' });
    answerAll(s, h, seededDice('x'));
    answerAll(s, h, seededDice('x'));
    expect(s.space.current).toMatchObject({ mode: 'none', afterDeterioration: 3 });
    expect(s.space.current!.roll).not.toBeNull();
  });
  it('3.2 B-D: one whole-phase plan per player, then the strategic segments, then turn 2', () => {
    const { s, h } = game();
    const d = seededDice('turn');
    answerAll(s, h, d);
    answerAll(s, h, d);
    advance(s, { HUMAN: wholePlan }, d, h);
    expect(owedAt(s)).toMatchObject([{ side: 'CETIAN', kind: 'phase-plan', from: 'SPECIAL_FORCES' }]);
    advance(s, { CETIAN: wholePlan }, d, h);
    expect(owedAt(s)).toMatchObject([{ side: 'HUMAN', kind: 'strategic-human', segment: 'HUMAN_STRATEGIC' }]);
    answerAll(s, h, d);
    expect(owedAt(s)).toMatchObject([{ side: 'CETIAN', kind: 'strategic-cetian' }]);
    answerAll(s, h, d);
    // Turn 2: deterioration, nobody eligible for a Major Effort, the roll, then the Human phase.
    expect(s).toMatchObject({ turn: 2, segment: 'SPECIAL_FORCES', phasing: 'HUMAN' });
    expect(s.space.current).toMatchObject({ turn: 2, mode: 'none', afterDeterioration: 3 });
  });
  it('3.2: a plan may stop early (`through`); the player is asked again for the rest', () => {
    const { s, h } = game();
    const d = seededDice('through');
    answerAll(s, h, d);
    answerAll(s, h, d);
    advance(s, { HUMAN: { kind: 'phase-plan', through: 'SUPPLY' } }, d, h);
    expect(owedAt(s)).toMatchObject([{ side: 'HUMAN', kind: 'phase-plan', segment: 'MOVEMENT', from: 'MOVEMENT' }]);
    const early = parseOrder({ kind: 'phase-plan', through: 'COMBAT', specialForces: {} });
    expect(early.ok && checkOwed(s, 'HUMAN', early.order).map((e) => e.code)).toEqual(['plan.segment-out-of-range']);
    const late = parseOrder({ kind: 'phase-plan', through: 'MOVEMENT', combat: {} });
    expect(late.ok && checkOwed(s, 'HUMAN', late.order).map((e) => e.code)).toEqual(['plan.segment-out-of-range']);
    advance(s, { HUMAN: { kind: 'phase-plan', through: 'COMBAT' } }, d, h);
    expect(owedAt(s)).toMatchObject([{ side: 'HUMAN', from: 'TRANSPORTATION' }]);
  });
  it('3.1: orders from a side that owes nothing, or of the wrong kind, are refused', () => {
    const { s, h } = game();
    answerAll(s, h, seededDice('x'));
    expect(checkOwed(s, 'CETIAN', setupCetian)[0].code).toBe('not-owed');
    expect(checkOwed(s, 'HUMAN', wholePlan)[0].code).toBe('wrong-kind');
  });
});

describe('3.2 A Major Effort decision points (13.4, H1-H3)', () => {
  function atTurn(
    turn: number,
    calls: Partial<Record<Side, boolean>> = {},
  ): { s: CerberusState; h: SegmentHandlers; d: Dice } {
    const { s, h } = game();
    const d = seededDice(`me-${turn}`);
    const pick = (side: Side, kind: string): CerberusOrder | null =>
      kind === 'major-effort'
        ? { kind: 'major-effort', call: calls[side] ?? false, cancelRollIfSoleCaller: false }
        : null;
    while (!(s.turn === turn && s.phase === 'SPACE') && s.segment !== 'GAME_OVER') answerAll(s, h, d, pick);
    return { s, h, d };
  }
  it('3.2 A.2: turn 3 only the Cetian is eligible: he announces openly in the Planning Segment', () => {
    const { s } = atTurn(3);
    expect(owedAt(s)).toEqual([{ side: 'CETIAN', kind: 'major-effort', secret: false, segment: 'ME_PLANNING' }]);
  });
  it('3.2 A.3 H1: turn 4 both are eligible: a sealed, simultaneous declaration', () => {
    const { s } = atTurn(4);
    expect(owedAt(s)).toEqual([
      { side: 'HUMAN', kind: 'major-effort', secret: true, segment: 'ME_DECLARATION' },
      { side: 'CETIAN', kind: 'major-effort', secret: true, segment: 'ME_DECLARATION' },
    ]);
  });
  it('3.2 A.3-A.4: a sole caller in the declaration shifts the marker; the roll may be cancelled (13.43)', () => {
    const { s, h, d } = atTurn(4);
    const before = s.space.state;
    advance(
      s,
      {
        HUMAN: { kind: 'major-effort', call: true, cancelRollIfSoleCaller: true },
        CETIAN: { kind: 'major-effort', call: false, cancelRollIfSoleCaller: false },
      },
      d,
      h,
    );
    expect(s.space.current).toMatchObject({
      caller: 'HUMAN',
      rollCancelled: true,
      roll: null,
      after: Math.min(6, before + 3),
    });
    expect(s.segment).toBe('SPECIAL_FORCES');
  });
  it('13.41: having called on turn 3, the Cetian is not asked on turns 4 and 5; the Human alone is asked on turn 4', () => {
    const { s } = atTurn(4, { CETIAN: true });
    expect(s.players.CETIAN.majorEfforts).toEqual({ used: 1, lastTurn: 3 });
    expect(owedAt(s)).toMatchObject([{ side: 'HUMAN', secret: false, segment: 'ME_PLANNING' }]);
  });
});

describe('end of the game', () => {
  it('14.3: after turn 12 the game is over and decided on points; nothing more is owed', () => {
    const { s, h } = game();
    const d = seededDice('end');
    let guard = 0;
    while (s.segment !== 'GAME_OVER' && guard++ < 500) answerAll(s, h, d);
    expect(s).toMatchObject({ turn: 12, phase: 'OVER', result: { reason: 'POINTS' } });
    expect(owedAt(s)).toEqual([]);
  });
  it('14.4: a garrison failure ends the game at once, whatever the segment', () => {
    // A combat stub that wipes out the Cetian on turn 6, then runs the continuous check as the combat module does.
    const combat: SegmentHandlers = {
      COMBAT: (st) => {
        if (st.turn === 6 && st.phasing === 'HUMAN')
          for (const u of st.units) if (u.side === 'CETIAN' && u.box === 'MAP') u.box = 'DESTROYED';
        return minimumGarrisonCheck(st, 'continuous');
      },
    };
    const { s, h } = game({}, combat);
    const d = seededDice('kill');
    let guard = 0;
    while (s.segment !== 'GAME_OVER' && guard++ < 500) answerAll(s, h, d);
    expect(s.result).toMatchObject({ winner: 'HUMAN', level: 'MINIMUM_GARRISON', turn: 6 });
    expect(s.phasing).toBeNull();
  });
  it('7.7 option lossChoice = interactive: a pending decision stops the sequence until answered', () => {
    let asked = 0;
    const combat: SegmentHandlers = {
      COMBAT: (st, ctx) => {
        if (st.turn === 1 && st.phasing === 'HUMAN' && asked === 0) {
          asked++;
          st.pending.push({ id: 'loss-1', side: 'CETIAN', kind: 'losses', segment: 'COMBAT', payload: { count: 1 } });
          return [];
        }
        if (ctx.answered?.length) asked++;
        return [];
      },
    };
    const { s, h } = game({ lossChoice: 'interactive' }, combat);
    const d = seededDice('loss');
    answerAll(s, h, d);
    answerAll(s, h, d);
    advance(s, { HUMAN: wholePlan }, d, h);
    expect(owedAt(s)).toEqual([
      { side: 'CETIAN', kind: 'losses', secret: false, segment: 'COMBAT', decisionId: 'loss-1' },
    ]);
    expect(checkOwed(s, 'CETIAN', { kind: 'losses', decisionId: 'other', unitIds: [] })[0].code).toBe('wrong-decision');
    advance(s, { CETIAN: { kind: 'losses', decisionId: 'loss-1', unitIds: ['C:G0'] } }, d, h);
    expect(asked).toBe(2);
    expect(s.segment).toBe('SPECIAL_FORCES');
    expect(s.phasing).toBe('CETIAN');
  });
});

describe('properties of the step machine', () => {
  it('random games reach the end: something is always owed until GAME_OVER; secrets only when both are eligible', () => {
    for (let seed = 0; seed < 60; seed++) {
      const extended = seed % 10 === 9;
      const weatherCalls: number[] = [];
      const { s, h } = game(
        { weather: seed % 3 === 0, extended },
        { WEATHER: (st) => (weatherCalls.push(st.turn), []) },
      );
      const d = seededDice(`game-${seed}`);
      let steps = 0;
      while (s.segment !== 'GAME_OVER' && steps++ < 600 && s.turn <= 20) {
        const owed = owedAt(s);
        expect(owed.length).toBeGreaterThan(0);
        if (owed.some((o) => o.secret)) {
          expect(owed.map((o) => o.side)).toEqual([...SIDES]);
          expect(majorEffortEligibility(s)).toEqual({ HUMAN: true, CETIAN: true });
        }
        const segs = ['SPECIAL_FORCES', 'SUPPLY', 'MOVEMENT', 'COMBAT', 'TRANSPORTATION'] as const;
        const plan = (_side: Side, kind: string, o: Owed): CerberusOrder | null => {
          if (kind === 'major-effort')
            return { kind, call: d.d6('call') <= 2, cancelRollIfSoleCaller: d.d6('cancel') <= 3 };
          if (kind === 'phase-plan') {
            const later = segs.slice(segs.indexOf(o.from!));
            return { kind, through: later[d.roll(Math.max(2, later.length), 'through') % later.length] };
          }
          return null;
        };
        answerAll(s, h, d, plan);
        expect(Math.abs(s.space.state)).toBeLessThanOrEqual(6);
      }
      if (!extended) {
        expect(s.segment).toBe('GAME_OVER');
        expect(s.turn).toBe(12);
      }
      if (seed % 3 === 0) expect(weatherCalls).toEqual(Array.from({ length: weatherCalls.length }, (_, i) => i + 1));
      else expect(weatherCalls).toEqual([]);
      for (const side of SIDES) expect(s.players[side].majorEfforts.used).toBeLessThanOrEqual(3 + (extended ? 2 : 0));
    }
  });
  it('start does nothing at a decision point, and runs on from an automatic segment', () => {
    const { s, h } = game();
    expect(start(s, seededDice('x'), h)).toEqual([]);
    expect(s.segment).toBe('SETUP_CETIAN');
    s.segment = 'DETERIORATION';
    s.turn = 2;
    const ev = start(s, seededDice('x'), h);
    expect(ev.map((e) => e.type)).toEqual([
      'space.deterioration',
      'space.major-effort.eligibility',
      'space.resolution',
    ]);
    expect(s.segment).toBe('SPECIAL_FORCES');
  });
});
