/** Schema primitives of the Prefect data packs: the Planetary, Space and Campaign schemas build on them. */
import { z } from 'zod';
import { provenanceSchema as prov } from '#engine/tables.js';

export const int = z.number().int();
export const nat = int.min(0);
export const side = z.enum(['TOG', 'CW']);
export const fieldProv = z.record(z.string(), prov);
export const custom = (ctx: z.RefinementCtx, message: string, path: (string | number)[] = []): void =>
  ctx.addIssue({ code: z.ZodIssueCode.custom, message, path });
