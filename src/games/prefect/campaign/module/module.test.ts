/**
 * The Campaign as one Warpost game (issue 10): bot-v-bot campaigns to the end with invariants
 * after every step (both maps, boxes, cargo, stage ↔ sub-machine steps), legal deadline
 * defaults, declared prompt kinds, the D-01 outcome at the end (L2175), and the GS hand-off
 * (L2182, L2198-2202).
 */
import { describe, expect, it } from 'vitest';
import { seededDice } from '#engine/dice.js';
import { campaignData } from '../data/index.js';
import { invasionResult } from '../victory.js';
import prefectCampaign from './index.js';
import { DEFAULT_SECONDS } from './prompts.js';
import { playBots } from './testing.js';
import type { CampaignGameState } from './types.js';

const SPACE_STEPS = ['MISSIONS', 'TSPACE', 'PLACE', 'REACTION', 'MOVE', 'COMBAT'];
const GROUND_STEPS = ['MOVEMENT', 'COMBAT_DECLARE', 'COMBAT_DETECT'];

export function invariants(cs: CampaignGameState): string[] {
  const bad: string[] = [];
  const ps = cs.planetary;
  const over = cs.stage === 'GAME_OVER';
  if (cs.stage === 'SPACE' && !SPACE_STEPS.includes(cs.space.step))
    bad.push(`SPACE stage at space step ${cs.space.step}`);
  if (cs.stage === 'END_OF_COMBAT' && ps.step !== 'SUPPLY') bad.push(`item 10 with planetary step ${ps.step}`);
  if (cs.stage !== 'END_OF_COMBAT' && cs.heldDropAttacks) bad.push('drop attacks held outside item 10');
  if (cs.stage === 'GROUND' && !GROUND_STEPS.includes(ps.step)) bad.push(`GROUND stage at planetary step ${ps.step}`);
  if (['GROUND', 'END_OF_COMBAT', 'ADJUST', 'SUPPLY', 'WITHDRAWAL'].includes(cs.stage) && cs.space.step !== 'ADJUST')
    bad.push(`${cs.stage} with space step ${cs.space.step} (items 1-7 are over)`);
  if (!over && (ps.turn !== cs.turn || cs.space.turn !== cs.turn))
    bad.push(`turns out of step: campaign ${cs.turn}, ground ${ps.turn}, space ${cs.space.turn}`);
  if (!over && (ps.attacker !== cs.attacker || cs.space.attacker !== cs.attacker))
    bad.push('the turn Attacker differs between the maps (L2171, D-39)');
  if (ps.result && !over) bad.push('the planetary victory check ended the campaign (D-01 only)');
  // Every ground unit is in exactly one place: a TF, on the map disorganised, aboard, or gone.
  for (const u of Object.values(ps.units)) {
    const aboard = !!cs.cargo[u.id];
    if (aboard && (u.tf || u.hex)) bad.push(`${u.id} aboard and on the map (L2307)`);
    if (aboard && u.status === 'DESTROYED') bad.push(`${u.id} destroyed but still aboard (L2316)`);
    if (u.tf && !ps.tfs[u.tf]) bad.push(`${u.id} in missing TF ${u.tf}`);
  }
  for (const [unit, c] of Object.entries(cs.cargo)) {
    const side = ps.units[unit]?.side;
    if (!side) bad.push(`cargo ${unit} is no ground unit`);
    for (const t of c.transports) {
      const n = cs.space.units[t];
      if (!n || n.side !== side) bad.push(`${unit} aboard ${t}, not a transport of ${side}`);
      else if (n.status === 'DESTROYED') bad.push(`${unit} aboard destroyed ${t} (L2316)`);
    }
  }
  for (const [z, box] of Object.entries(cs.zones)) {
    for (const e of box.gs) {
      const n = cs.space.units[e.unit];
      if (!n || n.side !== e.side) bad.push(`zone ${z}: GS entry ${e.unit} is not a naval unit of ${e.side}`);
      if (cs.space.tfs[e.tf]?.mission !== 'GROUND_SUPPORT')
        bad.push(`zone ${z}: ${e.unit}'s TF has no GS mission (L2198)`);
    }
  }
  for (const [z, box] of Object.entries(cs.zones)) {
    for (const e of box.od) {
      for (const u of e.units) {
        const g = ps.units[u];
        if (!g || g.side !== e.side) bad.push(`zone ${z}: OD entry ${u} is not a ground unit of ${e.side}`);
        else if (g.tf || g.hex || cs.cargo[u]) bad.push(`zone ${z}: dropped ${u} is also on the map or aboard (L2378)`);
      }
    }
  }
  for (const g of cs.dropGroups) {
    for (const u of g.units)
      if (!cs.zones[g.zone].od.some((e) => e.side === g.side && e.units.includes(u)))
        bad.push(`group ${g.id}: ${u} is not in the OD box of zone ${g.zone} (L2388)`);
  }
  if (cs.stage === 'SPACE' && cs.space.step === 'MISSIONS' && Object.values(cs.zones).some((z) => z.gs.length))
    bad.push('GS boxes not emptied at the end of the turn (D-83)');
  return bad;
}

const SEEDS = ['c1', 'c2', 'c3'];

describe('prefect-campaign: bot-v-bot campaigns to the end (D-75 sequence, both maps)', () => {
  it.each(SEEDS)('seed %s: invariants after every step, legal defaults, declared kinds, D-01 outcome', (seed) => {
    const problems: string[] = [];
    const kinds = new Set<string>();
    const declared = new Set((prefectCampaign.promptKinds ?? []).map((k) => k.kind));
    let steps = 0;
    let defaulted = 0;
    const end = playBots(seed, ({ step, state, prompts, events }) => {
      steps = step;
      for (const p of prompts) {
        kinds.add(p.kind);
        if (!declared.has(p.kind)) problems.push(`step ${step}: undeclared prompt kind ${p.kind}`);
      }
      defaulted += events.filter((e) => e.type === 'orders.defaulted').length;
      problems.push(...invariants(state).map((x) => `step ${step}: ${x}`));
      // Deadline defaults are always legal (the platform applies them unchecked).
      for (const p of prefectCampaign.prompts(state)) {
        const errs = prefectCampaign.validate(state, p.side, p.defaultOrders);
        if (errs.length)
          problems.push(`step ${step}: default ${p.kind} for ${p.side} illegal: ${errs[0].code} ${errs[0].message}`);
      }
    });
    expect(problems).toEqual([]);
    expect(defaulted).toBe(0); // the bots' orders are legal
    expect(end.stage).toBe('GAME_OVER');
    expect(end.turn).toBe(campaignData.scenarios.invasion.turns); // L2175: the scenario's length
    expect(prefectCampaign.prompts(end)).toEqual([]);
    const out = prefectCampaign.outcome(end)!;
    expect(out.winner).toBe(invasionResult(end, campaignData.scenarios.invasion).winner);
    for (const k of [
      'mission-assignment',
      'space-movement',
      'space-combat',
      'ground-movement',
      'independent-attacks',
      'tf-adjustment',
      'supply',
    ])
      expect(kinds).toContain(k);
    expect(steps).toBeGreaterThan(12 * 5);
  });

  it('the invasion lands (seed c1): OD box in the space combat → grouped at TF Adjustment → landed at the end of Supply (L2368-2390)', () => {
    const seen: string[] = [];
    let landedTf: string | null = null;
    const end = playBots('c1', ({ prev, events }) => {
      for (const e of events) {
        if (['od.entered', 'od.grouped', 'od.landed', 'gs.entered'].includes(e.type))
          seen.push(`${prev.stage}:${e.type}`);
        if (e.type === 'od.landed') landedTf = (e.data as { tf: string }).tf;
      }
    });
    expect(seen.indexOf('SPACE:od.entered')).toBeGreaterThanOrEqual(0);
    expect(seen.indexOf('ADJUST:od.grouped')).toBeGreaterThan(seen.indexOf('SPACE:od.entered'));
    expect(seen.indexOf('SUPPLY:od.landed')).toBeGreaterThan(seen.indexOf('ADJUST:od.grouped'));
    expect(seen).toContain('SPACE:gs.entered'); // L2198: GS survivors wait in the zone's box
    expect(landedTf).toMatch(/^tf_[0-9a-f]{16}$/); // the landing counter is public (H32), under its alias
    expect(Object.values(end.planetary.tfs).some((t) => t.side === 'TOG')).toBe(true);
    // Everything droppable left the transports (L2372): what is still aboard is not gravitic and no Marine.
    expect(Object.keys(end.cargo).length).toBe(0);
  });

  it.each([
    [{ interleave: 'interactive' }],
    [{ boxVisibility: 'OWNER', gsCommitMode: 'ATTACKER_FIRST' }],
    [{ revealMode: 'STRICT', gl4Manufacturing: true, phaseOrder: 'PLANETARY' }],
  ])('options %j: plays to the end, invariants after every step, no order defaulted', (options) => {
    const problems: string[] = [];
    let defaulted = 0;
    const end = playBots(
      'o1',
      ({ step, state, events }) => {
        problems.push(...invariants(state).map((x) => `step ${step}: ${x}`));
        defaulted += events.filter((e) => e.type === 'orders.defaulted').length;
      },
      options as Record<string, string | boolean>,
      1500,
    );
    expect(problems).toEqual([]);
    expect(defaulted).toBe(0);
    expect(end.stage).toBe('GAME_OVER');
  });

  it('unknown or ill-typed options are refused at set-up (H39, D-75, D-76)', () => {
    expect(() => prefectCampaign.setup('invasion', { boxVisibility: 'SOMETIMES' }, seededDice('x', 0))).toThrow(
      /boxVisibility/,
    );
    expect(() => prefectCampaign.setup('invasion', { noSuchOption: true }, seededDice('x', 0))).toThrow(/noSuchOption/);
    expect(() => prefectCampaign.setup('no-such-scenario', {}, seededDice('x', 0))).toThrow(RangeError);
  });

  it('every declared prompt kind has a documented default step length (TimeControl.perKind)', () => {
    for (const k of prefectCampaign.promptKinds ?? []) expect(DEFAULT_SECONDS[k.kind], k.kind).toBeGreaterThan(0);
    expect(DEFAULT_SECONDS['mission-assignment']).toBe(48 * 3600);
    expect(DEFAULT_SECONDS['space-reaction']).toBeLessThan(DEFAULT_SECONDS['space-movement']);
  });

  it('phaseOrder PLANETARY (D-75 option) plays to the end too: Supply before TF Adjustment', () => {
    const order: string[] = [];
    const end = playBots(
      'p1',
      ({ prev }) => {
        if (prev.turn === 1 && (prev.stage === 'ADJUST' || prev.stage === 'SUPPLY')) order.push(prev.stage);
      },
      { phaseOrder: 'PLANETARY' },
    );
    expect(end.stage).toBe('GAME_OVER');
    expect(order).toEqual(['SUPPLY', 'ADJUST']);
  });

  it('D-75 default: TF Adjustment before Supply, both after the ground half', () => {
    const order: string[] = [];
    // Item 10 and Withdrawal come up only when some side owes them (bot play decides), so only these four are followed.
    playBots('p2', ({ prev }) => {
      if (
        prev.turn === 1 &&
        !order.includes(prev.stage) &&
        ['SPACE', 'GROUND', 'ADJUST', 'SUPPLY'].includes(prev.stage)
      )
        order.push(prev.stage);
    });
    expect(order).toEqual(['SPACE', 'GROUND', 'ADJUST', 'SUPPLY']);
  });
});
