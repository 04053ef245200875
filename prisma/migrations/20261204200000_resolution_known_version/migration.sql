-- The resolution context skips what the worker already has (bench/RESULTS.md, issue 22): the
-- worker passes the row version of the state it holds (the one it wrote at the previous step),
-- and when that is the row's current version the context sends neither the state nor the stored
-- prompts. A new argument is a new signature, so the function is dropped and created again.
DROP FUNCTION warpost_resolution_context(TEXT);

-- The step resolution's reads in one round trip (bench/RESULTS.md, issue 8): lock the game row,
-- then read its seats, the step's submissions and commitments, and the last event sequence.
-- PL/pgSQL and VOLATILE for the same reason as warpost_submission_context: each statement in it
-- takes a fresh snapshot, so the reads after the lock see everything the previous lock holder
-- (a submission, another worker) committed. NULL when there is no such game.
-- p_known is the row version (stored-prompts.ts) whose state and prompts the worker already holds
-- (read-model.ts: it remembers what it wrote at the previous step), or NULL: when it is the
-- current version, the state and prompts are neither read nor sent (NULL); the version always is.
-- The version and the state come from the one locking statement, so they are of the same row
-- version however the lock was waited for.
CREATE OR REPLACE FUNCTION warpost_resolution_context(p_game TEXT, p_known TEXT DEFAULT NULL) RETURNS json
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  g RECORD;
BEGIN
  SELECT id, module, scenario, status::text AS status, step, seed, "timeControl", "stepDeadline",
         xmin::text || ':' || ctid::text AS version,
         xmin::text || ':' || ctid::text IS NOT DISTINCT FROM p_known AS known,
         CASE WHEN xmin::text || ':' || ctid::text IS NOT DISTINCT FROM p_known THEN NULL ELSE state END AS state,
         CASE WHEN xmin::text || ':' || ctid::text IS NOT DISTINCT FROM p_known THEN NULL ELSE pg_column_size(state) END AS state_bytes
    INTO g FROM "Game" WHERE id = p_game FOR UPDATE;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  RETURN json_build_object(
    'game', json_build_object('id', g.id, 'module', g.module, 'scenario', g.scenario, 'status', g.status, 'step', g.step,
                              'state', g.state, 'seed', g.seed, 'timeControl', g."timeControl",
                              'stepDeadline', to_char(g."stepDeadline", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                              'version', g.version, 'stateBytes', g.state_bytes,
                              -- The stored prompts (stored-prompts.ts), only if written for this row version.
                              'prompts', CASE WHEN g.known THEN NULL
                                         ELSE (SELECT p.prompts FROM "GamePrompts" p WHERE p."gameId" = g.id AND p.version = g.version) END),
    'seats', (SELECT coalesce(json_agg(json_build_object('side', side, 'userId', "userId") ORDER BY side), '[]'::json)
                FROM "Seat" WHERE "gameId" = g.id),
    'submissions', (SELECT coalesce(json_agg(json_build_object('side', side, 'orders', orders, 'origin', origin, 'ready', ready)), '[]'::json)
                      FROM "Submission" WHERE "gameId" = g.id AND step = g.step),
    -- Ordered by side as stepTrust reads them: the salts feed the dice in this order.
    'commitments', (SELECT coalesce(json_agg(json_build_object('side', side, 'commitment', commitment, 'salt', salt,
                                                               'revealed', "revealedAt" IS NOT NULL) ORDER BY side), '[]'::json)
                      FROM "Commitment" WHERE "gameId" = g.id AND step = g.step),
    'lastSeq', (SELECT coalesce(max(seq), 0) FROM "GameEvent" WHERE "gameId" = g.id));
END
$$;
