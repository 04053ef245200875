/**
 * Prompts computed once per step (bench/RESULTS.md, issue 22). The resolution computes the next
 * step's prompts anyway (for its turn notices); it stores them in "GamePrompts" in the same
 * statement that writes the game row, with that row's new version. The submission and
 * resolution contexts and the hot read take them instead of running the module again, but only
 * while the version is the row's current one: any other write of the row (a later step, an
 * admin or lobby action, a write by any path) gives it a new version, and the prompts are then
 * computed from the state as before. Never stale, at worst unused.
 *
 * The version is the row version's identity, `xmin` (the writing transaction) and `ctid` (where
 * that version lies): every UPDATE makes a new version with a new `ctid`, even in the writing
 * transaction. The table holds every side's prompts, so it is read only by the server and only
 * next to the game row; callers keep handing each side its own prompts (views.ts,
 * subscriptions.ts). Each copy names the rules code that computed it (rules-build.ts), and a
 * process running other code ignores it. It is not part of the game row: `to_jsonb(g)`, exports and Prisma's default
 * selection of a game do not include it.
 */
import type { Prompt } from '#engine/contract.js';
import type { SqlTx } from '../db/sql.js';
import { RULES_BUILD } from './rules-build.js';

/** The SQL expression of a "Game" row's version, for the row (or alias) `row`. */
export const rowVersion = (row: string) => `${row}.xmin::text || ':' || ${row}.ctid::text`;

/**
 * The upsert of the stored prompts, as a CTE over `versions` (a CTE of the game's UPDATE that
 * returns its new `version`): `gameId` and `prompts` are parameter references.
 */
export const storePromptsSql = (versions: string, gameId: string, prompts: string) =>
  `INSERT INTO "GamePrompts" ("gameId", version, prompts)
   SELECT ${gameId}, version, ${prompts}::json FROM ${versions}
   ON CONFLICT ("gameId") DO UPDATE SET version = EXCLUDED.version, prompts = EXCLUDED.prompts`;

/** What a context read gives for the stored prompts: the list, or null when they are not current. */
export type StoredPrompts = Prompt[] | null;

/** The stored form: the prompts and the rules code that computed them (rules-build.ts). */
interface Stored {
  build: string;
  prompts: Prompt[];
}

/** The JSON parameter that stores `prompts` as computed by this process's rules code. */
export const storedPromptsParam = (prompts: Prompt[]) =>
  JSON.stringify({ build: RULES_BUILD, prompts } satisfies Stored);

/** `prompts` as stored by this process's rules code, for a reader that has them parsed already. */
export const storedForm = (prompts: Prompt[]): unknown => ({ build: RULES_BUILD, prompts }) satisfies Stored;

/**
 * The prompts of a row a context read returned (null when not current for the row version), kept
 * only if the same rules code stored them: after a deploy they are computed again.
 */
export function currentPrompts(stored: unknown): StoredPrompts {
  const s = stored as Stored | null | undefined;
  return s && s.build === RULES_BUILD ? s.prompts : null;
}

/**
 * Stores `prompts` for the game row's version as this transaction sees it, after the write of the
 * state they were computed from (the game's start). A later write of the row in the same
 * transaction leaves them unused, never wrong.
 */
export async function storePrompts(sql: SqlTx, gameId: string, prompts: Prompt[]): Promise<void> {
  await sql.query(
    `WITH v AS (SELECT ${rowVersion('"Game"')} AS version FROM "Game" WHERE id = $1)
     ${storePromptsSql('v', '$1', '$2')}`,
    [gameId, storedPromptsParam(prompts)],
  );
}
