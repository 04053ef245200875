-- The submission context skips what the API already has (bench/RESULTS.md, issue 22): the caller
-- passes the row version of the state it holds, and when that is the row's current version the
-- context sends neither the state nor the stored prompts. A new argument is a new signature, so
-- the functions are dropped and created again (the batch first: it calls the single one).
DROP FUNCTION warpost_submission_contexts(TEXT[], TEXT[], TEXT[]);
DROP FUNCTION warpost_submission_context(TEXT, TEXT, TEXT);

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

-- Group commit for order submissions (bench/RESULTS.md, issue 8): the submissions that arrive
-- together are read, checked and written in one transaction. This reads a whole batch in one
-- round trip. It locks the batch's games in id order without waiting (SKIP LOCKED): a game held
-- by someone else (its resolution, a lobby or admin action, another batch) comes back as
-- {"busy": true} and its item gets a transaction of its own, which waits for that game alone,
-- so one busy game never holds up the rest of a batch. Then each locked or missing game's context
-- is read with warpost_submission_context (which re-locks a row it already holds, at no wait).
-- The RETURN statement starts after the locks are held, so its reads see what earlier lock
-- holders committed. Items come back in input order. A batch holds one item per game at most
-- (the caller's rule): two sides of one game are read and written one after the other.
-- p_knowns holds each item's known row version (warpost_submission_context's p_known), or is NULL.
CREATE OR REPLACE FUNCTION warpost_submission_contexts(p_games TEXT[], p_users TEXT[], p_keys TEXT[], p_knowns TEXT[] DEFAULT NULL) RETURNS json
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  locked TEXT[];
BEGIN
  SELECT coalesce(array_agg(l.id), '{}') INTO locked
    FROM (SELECT id FROM "Game" WHERE id = ANY(p_games) ORDER BY id FOR UPDATE SKIP LOCKED) l;
  RETURN (SELECT json_agg(
            CASE WHEN t.g = ANY(locked) OR NOT EXISTS (SELECT 1 FROM "Game" WHERE id = t.g)
                 THEN warpost_submission_context(t.g, t.u, t.k, t.v)
                 ELSE json_build_object('busy', true) END
            ORDER BY t.i)
            FROM unnest(p_games, p_users, p_keys, p_knowns) WITH ORDINALITY AS t(g, u, k, v, i));
END
$$;
