/**
 * The Planetary module's presentation for clients that carry no rules (contract `boards`,
 * `pieces`, `describeEvent`, `describePrompt`, `PromptKindInfo.ordersSchema`).
 */
import type { BoardGeometry, Json, PromptKindInfo } from '#engine/contract.js';
import { rulesData } from '../rules-data.js';
import { planetBoard, scenarioFeatures } from './boards.js';
import { PLANETARY_EVENTS, PLANETARY_PROMPTS } from './events.js';
import { planetaryPromptSchema } from './orders-schema.js';
import { planetaryPieces } from './pieces.js';
import { eventDescriber, promptDescriber } from '../../common/present/text.js';
import { planetarySituation } from './situation.js';

export function planetaryBoards(scenarioId: string): BoardGeometry[] {
  const sc = rulesData().scenarios[scenarioId];
  if (!sc) throw new RangeError(`Prefect has no scenario '${scenarioId}'`);
  return [planetBoard(sc.turns, [], scenarioFeatures(sc))];
}

/** Prompt kinds with the JSON Schema of their orders. */
export const withPlanetarySchemas = (kinds: PromptKindInfo[]): PromptKindInfo[] =>
  kinds.map((k) => ({ ...k, ordersSchema: planetaryPromptSchema(k.kind) as Json }));

export const describePlanetaryEvent = eventDescriber([{ prefix: 'prefect', table: PLANETARY_EVENTS }]);
export const describePlanetaryPrompt = promptDescriber('prefect', PLANETARY_PROMPTS);

export const planetaryPresentation = {
  boards: planetaryBoards,
  pieces: planetaryPieces,
  situation: planetarySituation,
  describeEvent: (event: { type: string; data: Json }) => describePlanetaryEvent(event),
  describePrompt: describePlanetaryPrompt,
};
