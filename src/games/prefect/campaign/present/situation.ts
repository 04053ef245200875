/**
 * Where a Campaign stands (contract `situation`), from the viewer's view: the Campaign alternates
 * a space mission on the Africannus system map and a planetary one on Ku Crassus (L2177-2192,
 * D-75), so the situation names the current mission, its phase, and the map it is played on.
 */
import type { Json, Situation } from '#engine/contract.js';
import { obj, phaseOf, situationText, word } from '../../common/present/situation.js';
import { GROUND_PHASES, PLANET_BOARD } from '../../planetary/index.js';
import { SPACE_BOARD, spaceSituation } from '../../space/index.js';

/** Campaign stages (L2177-2192, D-75). */
const CAMPAIGN_STAGES: Record<string, { mission: string; board?: string }> = {
  SPACE: { mission: 'space mission', board: SPACE_BOARD },
  GROUND: { mission: 'planetary mission', board: PLANET_BOARD },
  END_OF_COMBAT: { mission: 'end of combat, independent attacks (L2254-2276)', board: PLANET_BOARD },
  ADJUST: { mission: 'Task Force Adjustment, both maps (D-75)' },
  SUPPLY: { mission: 'Supply, both maps (L2278-2299)' },
  WITHDRAWAL: { mission: 'Withdrawal (L848-864)', board: PLANET_BOARD },
  GAME_OVER: { mission: 'game over' },
};

export function campaignSituation(view: Json): Situation {
  const v = obj(view);
  const stage = CAMPAIGN_STAGES[word(v.stage)] ?? { mission: word(v.stage).toLowerCase() };
  const sub =
    v.stage === 'SPACE'
      ? ` — ${spaceSituation(v.space ?? null).text.text}`
      : v.stage === 'GROUND'
        ? ` — ${phaseOf(GROUND_PHASES, obj(v.ground).step)}.`
        : '.';
  return {
    ...(stage.board ? { board: stage.board } : {}),
    text: situationText(
      'situation.prefect-campaign',
      { turn: word(v.turn), maxTurns: word(v.maxTurns), stage: word(v.stage), mission: stage.mission },
      `Campaign turn ${word(v.turn)} of ${word(v.maxTurns)}, ${stage.mission}${sub}`,
    ),
  };
}
