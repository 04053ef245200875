-- The order submission's reads in one round trip (bench/RESULTS.md, issue 8): lock the game row,
-- then read its seats, the step's commitments and ready sides, and the caller's idempotency
-- record. PL/pgSQL and VOLATILE on purpose: each statement in it takes a fresh snapshot, so the
-- reads after the lock see everything the previous lock holder committed (a single statement
-- would read the other tables as of before it waited for the lock). Times are UTC text, as
-- Prisma stores DateTime as UTC timestamp(3).
-- p_known is the row version (stored-prompts.ts) whose state and prompts the caller already holds
-- (read-model.ts), or NULL: when it is the current version, the state and prompts are neither
-- read nor sent (NULL). The version and the state come from the one locking statement, so they
-- are of the same row version however the lock was waited for.
CREATE OR REPLACE FUNCTION warpost_submission_context(p_game TEXT, p_user TEXT, p_key TEXT, p_known TEXT DEFAULT NULL) RETURNS json
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  g RECORD;
  has_game boolean;
  prior json;
BEGIN
  SELECT id, module, status::text AS status, step, "seedHash", "timeControl", "stepDeadline",
         xmin::text || ':' || ctid::text AS version,
         xmin::text || ':' || ctid::text IS NOT DISTINCT FROM p_known AS known,
         CASE WHEN xmin::text || ':' || ctid::text IS NOT DISTINCT FROM p_known THEN NULL ELSE state END AS state,
         CASE WHEN xmin::text || ':' || ctid::text IS NOT DISTINCT FROM p_known THEN NULL ELSE pg_column_size(state) END AS state_bytes
    INTO g FROM "Game" WHERE id = p_game FOR UPDATE;
  has_game := FOUND;
  -- No row: prior stays NULL.
  SELECT json_build_object('requestHash', "requestHash", 'response', response)
    INTO prior FROM "IdempotencyRecord" WHERE "userId" = p_user AND key = p_key;
  IF NOT has_game THEN
    RETURN json_build_object('game', NULL, 'prior', prior);
  END IF;
  RETURN json_build_object(
    'game', json_build_object('id', g.id, 'module', g.module, 'status', g.status, 'step', g.step, 'state', g.state,
                              'seedHash', g."seedHash", 'timeControl', g."timeControl",
                              'stepDeadline', to_char(g."stepDeadline", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                              'version', g.version, 'stateBytes', g.state_bytes,
                              -- The stored prompts (stored-prompts.ts), only if written for this row version.
                              'prompts', CASE WHEN g.known THEN NULL
                                         ELSE (SELECT p.prompts FROM "GamePrompts" p WHERE p."gameId" = g.id AND p.version = g.version) END),
    'prior', prior,
    'seats', (SELECT coalesce(json_agg(json_build_object('side', side, 'userId', "userId")), '[]'::json)
                FROM "Seat" WHERE "gameId" = g.id),
    'commitments', (SELECT coalesce(json_agg(json_build_object('side', side, 'userId', "userId", 'commitment', commitment, 'salt', salt,
                                                               'revealedAt', to_char("revealedAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))), '[]'::json)
                      FROM "Commitment" WHERE "gameId" = g.id AND step = g.step),
    'ready', (SELECT coalesce(json_agg(side), '[]'::json)
                FROM "Submission" WHERE "gameId" = g.id AND step = g.step AND ready));
END
$$;
