/**
 * The Space module's presentation for clients that carry no rules (contract `boards`, `pieces`,
 * `describeEvent`, `describePrompt`, `PromptKindInfo.ordersSchema`). The external-result events
 * and the default-orders notice share the Planetary sentences.
 */
import type { BoardGeometry, Json, PromptKindInfo } from '#engine/contract.js';
import { PLANETARY_EVENTS } from '../../planetary/index.js';
import { eventDescriber, promptDescriber, type TextTable } from '../../common/present/text.js';
import { spaceData } from '../data/index.js';
import { spaceBoard } from './boards.js';
import { SPACE_EVENTS, SPACE_PROMPTS } from './events.js';
import { spaceOrderSchema } from './orders-schema.js';
import { spacePieces } from './pieces.js';
import { spaceSituation } from './situation.js';

const SHARED: TextTable = Object.fromEntries(
  Object.entries(PLANETARY_EVENTS).filter(([k]) => k.startsWith('external.')),
);

export function spaceBoards(scenarioId: string): BoardGeometry[] {
  const sc = spaceData.scenarios[scenarioId];
  if (!sc) throw new RangeError(`Prefect Space has no scenario '${scenarioId}'`);
  return [spaceBoard(sc.turns)];
}

export const withSpaceSchemas = (kinds: PromptKindInfo[]): PromptKindInfo[] =>
  kinds.map((k) => ({ ...k, ordersSchema: spaceOrderSchema(k.kind) as Json }));

export const describeSpaceEvent = eventDescriber([
  { prefix: 'prefect-space', table: SPACE_EVENTS },
  { prefix: 'prefect', table: SHARED },
]);
export const describeSpacePrompt = promptDescriber('prefect-space', SPACE_PROMPTS);

export const spacePresentation = {
  boards: spaceBoards,
  pieces: spacePieces,
  situation: spaceSituation,
  describeEvent: (event: { type: string; data: Json }) => describeSpaceEvent(event),
  describePrompt: describeSpacePrompt,
};
