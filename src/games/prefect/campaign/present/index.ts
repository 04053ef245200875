/**
 * The Campaign's presentation for clients that carry no rules: both maps (the GS and OD boxes of
 * the ten zones on the Ku Crassus board, H39), the pieces of both views, the sentences of the
 * Campaign's own events before those of the Planetary and Space events it passes on, and the
 * orders schema of each Campaign prompt kind.
 */
import type { BoardGeometry, Json, PromptKindInfo } from '#engine/contract.js';
import { planetBoard } from '../../planetary/index.js';
import { PLANETARY_EVENTS } from '../../planetary/index.js';
import { eventDescriber, promptDescriber } from '../../common/present/text.js';
import { spaceBoard } from '../../space/index.js';
import { SPACE_EVENTS } from '../../space/index.js';
import { campaignData } from '../data/index.js';
import { CAMPAIGN_EVENTS, CAMPAIGN_PROMPTS } from './events.js';
import { campaignPromptSchema } from './orders-schema.js';
import { campaignPieces, gsBox, odBox } from './pieces.js';
import { campaignSituation } from './situation.js';

/** Zones 1-10 of Ku Crassus, each with its GS and OD box (L2141-2145, H39). */
const ZONES = Array.from({ length: 10 }, (_, i) => i + 1);

export function campaignBoards(scenarioId: string): BoardGeometry[] {
  const sc = campaignData.scenarios[scenarioId];
  if (!sc) throw new RangeError(`Prefect Campaign has no scenario '${scenarioId}'`);
  const boxes = ZONES.flatMap((z) => [
    { id: gsBox(z), title: `Ground Support box, zone ${z} (orbital segment ${z})` },
    { id: odBox(z), title: `Orbital Drop box, zone ${z} (orbital segment ${z})` },
  ]);
  return [planetBoard(sc.turns, boxes), spaceBoard(sc.turns)];
}

export const withCampaignSchemas = (kinds: PromptKindInfo[]): PromptKindInfo[] =>
  kinds.map((k) => ({ ...k, ordersSchema: campaignPromptSchema(k.kind) as Json }));

export const describeCampaignEvent = eventDescriber([
  { prefix: 'prefect-campaign', table: CAMPAIGN_EVENTS },
  { prefix: 'prefect', table: PLANETARY_EVENTS },
  { prefix: 'prefect-space', table: SPACE_EVENTS },
]);
export const describeCampaignPrompt = promptDescriber('prefect-campaign', CAMPAIGN_PROMPTS);

export const campaignPresentation = {
  boards: campaignBoards,
  pieces: campaignPieces,
  situation: campaignSituation,
  describeEvent: (event: { type: string; data: Json }) => describeCampaignEvent(event),
  describePrompt: describeCampaignPrompt,
};
