-- The order submission's reads in one round trip (bench/RESULTS.md, issue 8): lock the game row,
-- then read its seats, the step's commitments and ready sides, and the caller's idempotency
-- record. PL/pgSQL and VOLATILE on purpose: each statement in it takes a fresh snapshot, so the
-- reads after the lock see everything the previous lock holder committed (a single statement
-- would read the other tables as of before it waited for the lock). Times are UTC text, as
-- Prisma stores DateTime as UTC timestamp(3).
CREATE OR REPLACE FUNCTION warpost_submission_context(p_game TEXT, p_user TEXT, p_key TEXT) RETURNS json
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  g RECORD;
  has_game boolean;
  prior json;
BEGIN
  SELECT id, module, status::text AS status, step, state, "seedHash", "timeControl", "stepDeadline",
           xmin::text || ':' || ctid::text AS version
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
                              -- The stored prompts (stored-prompts.ts), only if written for this row version.
                              'prompts', (SELECT p.prompts FROM "GamePrompts" p WHERE p."gameId" = g.id AND p.version = g.version)),
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
