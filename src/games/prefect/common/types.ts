/**
 * The vocabulary the three Prefect games share: the sides, a CRT cell's shape (the Space CRT uses
 * the Planetary one's, L601-607) and per-field provenance of a data pack's records.
 */
import type { Provenance } from '#engine/tables.js';

export type Side = 'TOG' | 'CW';
export const SIDES: readonly Side[] = ['TOG', 'CW'];
export const otherSide = (s: Side): Side => (s === 'TOG' ? 'CW' : 'TOG');

/** Per-field provenance overriding the record's `provenance` (e.g. a rulebook value in a designed counter). */
export type FieldProvenance = Partial<Record<string, Provenance>>;

export type CrtAttackerFlag = 'AR' | 'CA';
export type CrtDefenderFlag = 'DR' | 'BT';
/** One CRT cell "aMod[flag] / dMod[flag]": modifiers to the saving-throw targets of each side (L601-607). */
export interface CrtCell {
  a: number;
  aFlag?: CrtAttackerFlag;
  d: number;
  dFlag?: CrtDefenderFlag;
}
