/**
 * Helpers the three Prefect modules' `situation` (where a game stands, contract `situation`) share:
 * reading a view's JSON loosely, and a phase named in words.
 */
import type { Json, Text } from '#engine/contract.js';

export type Obj = Record<string, Json>;
export const obj = (v: Json | undefined): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? v : {});
export const word = (v: Json | undefined): string => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
/** A step's phase in words (an unknown step as itself). */
export const phaseOf = (table: Record<string, string>, step: Json | undefined): string =>
  table[word(step)] ?? word(step).toLowerCase();
export const situationText = (key: string, params: Record<string, string | number>, sentence: string): Text => ({
  key,
  params,
  text: sentence,
});
