/**
 * Campaign victory, "invasion" (D-01; the Scenario Book is lost, §1.4): "the invader wins if at
 * game end he controls every G3/G4 base and half the urban areas of Ku Crassus; otherwise the
 * defender wins". Checked at game end (after the last turn's Tempo Phase, L2175).
 * Reading (reconstructed): "every G3/G4 base" = every Legion base of those classes still on the
 * map (a destroyed base can be controlled by nobody, so it drops out); with none left the base
 * condition holds only if the invader holds at least one such base — otherwise destroying them
 * all would hand him the win. "Half" = at least ⌈n/2⌉ of the n urban areas (≥ 50%).
 */
import { otherSide, type Side } from '../common/types.js';
import type { CampaignScenario, CampaignState } from './types.js';

export interface CampaignResult {
  winner: Side;
  invaderBases: { held: number; of: number };
  invaderUrban: { held: number; of: number };
  summary: string;
}

export function invasionResult(cs: CampaignState, s: CampaignScenario): CampaignResult {
  const v = s.victory;
  const ps = cs.planetary;
  const key = Object.values(ps.bases).filter((b) => v.baseClasses.includes(b.type));
  const held = key.filter((b) => b.side === v.invader).length;
  const basesOk = key.length > 0 && held === key.length;
  const areas = Object.keys(ps.urban);
  const urbanHeld = areas.filter((a) => ps.urban[a] === v.invader).length;
  const urbanOk = areas.length > 0 && urbanHeld >= Math.ceil(areas.length * v.urbanFraction - 1e-9);
  const winner = basesOk && urbanOk ? v.invader : otherSide(v.invader);
  const summary =
    winner === v.invader
      ? `${v.invader} takes Ku Crassus: ${held}/${key.length} ${v.baseClasses.join('/')} bases and ${urbanHeld}/${areas.length} urban areas (D-01)`
      : `${winner} holds Ku Crassus: the invader has ${held}/${key.length} ${v.baseClasses.join('/')} bases and ${urbanHeld}/${areas.length} urban areas (D-01)`;
  return {
    winner,
    invaderBases: { held, of: key.length },
    invaderUrban: { held: urbanHeld, of: areas.length },
    summary,
  };
}

/** L2175: the game ends after the scenario's last turn (no sudden-death condition in D-01's invasion default). */
export const campaignOver = (cs: CampaignState): boolean => !!cs.result || cs.turn > cs.maxTurns;
