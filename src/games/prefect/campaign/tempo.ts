/**
 * Campaign Tempo (L2171, D-39): each player's ground and space BT/CA scores are added, then the
 * D-37 rule applies (the turn Attacker keeps the role iff his total is higher). The planetary
 * and space tempo phases then reset their per-turn state; the GS boxes empty (GS use is per
 * turn, D-83). After the last turn the invasion victory decides (L2175, D-01) — the planetary
 * module's own victory check does not apply to the campaign and its 'game.over' is dropped.
 */
import type { GameEvent } from '#engine/contract.js';
import { tempoPhase } from '../planetary/index.js';
import { otherSide, type Side } from '../common/types.js';
import { spaceTempoPhase } from '../space/index.js';
import { clearGsBoxes } from './map-link.js';
import type { CampaignScenario, CampaignState } from './types.js';
import { invasionResult } from './victory.js';

export function campaignScores(cs: CampaignState): Record<Side, number> {
  return { TOG: cs.planetary.tempo.TOG + cs.space.tempo.TOG, CW: cs.planetary.tempo.CW + cs.space.tempo.CW };
}

export function campaignTempo(cs: CampaignState, s: CampaignScenario): GameEvent[] {
  const score = campaignScores(cs);
  const prev = cs.attacker;
  const next = score[prev] > score[otherSide(prev)] ? prev : otherSide(prev);
  cs.planetary.tempo = { ...score }; // the planetary phase then picks the same attacker (D-37)
  const ground = tempoPhase(cs.planetary).filter((e) => e.type !== 'game.over' && e.type !== 'tempo');
  delete cs.planetary.result;
  spaceTempoPhase(cs.space);
  cs.space.attacker = next;
  cs.planetary.attacker = next;
  clearGsBoxes(cs);
  cs.supplyStep = 0;
  const events: GameEvent[] = [
    {
      type: 'campaign.tempo',
      visibleTo: 'all',
      data: { turn: cs.turn, score, attacker: prev, nextAttacker: next, rule: 'L2171, D-39' },
    },
  ];
  if (cs.turn >= cs.maxTurns) {
    const r = invasionResult(cs, s);
    cs.result = { winner: r.winner, summary: r.summary };
    events.push({
      type: 'game.over',
      visibleTo: 'all',
      data: { winner: r.winner, summary: r.summary, rule: 'L2175, D-01' },
    });
    return events;
  }
  cs.turn++;
  cs.attacker = next;
  cs.planetary.turn = cs.turn;
  return [
    ...events,
    ...ground.filter((e) => e.type !== 'turn'),
    { type: 'turn', visibleTo: 'all', data: { turn: cs.turn, attacker: next } },
  ];
}
