-- Prompts computed once per step (bench/RESULTS.md, issue 22): the resolution stores the module's
-- prompts for the state it wrote, bound to the game row's version (xmin and ctid), and the
-- submission and resolution contexts return them while that version is current.
-- CreateTable
CREATE TABLE "GamePrompts" (
    "gameId" TEXT NOT NULL,
    "version" TEXT NOT NULL,
    "prompts" JSON NOT NULL,

    CONSTRAINT "GamePrompts_pkey" PRIMARY KEY ("gameId")
);

-- AddForeignKey
ALTER TABLE "GamePrompts" ADD CONSTRAINT "GamePrompts_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE CASCADE ON UPDATE CASCADE;

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

-- The step resolution's reads in one round trip (bench/RESULTS.md, issue 8): lock the game row,
-- then read its seats, the step's submissions and commitments, and the last event sequence.
-- PL/pgSQL and VOLATILE for the same reason as warpost_submission_context: each statement in it
-- takes a fresh snapshot, so the reads after the lock see everything the previous lock holder
-- (a submission, another worker) committed. NULL when there is no such game.
CREATE OR REPLACE FUNCTION warpost_resolution_context(p_game TEXT) RETURNS json
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  g RECORD;
BEGIN
  SELECT id, module, scenario, status::text AS status, step, state, seed, "timeControl", "stepDeadline",
           xmin::text || ':' || ctid::text AS version
    INTO g FROM "Game" WHERE id = p_game FOR UPDATE;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  RETURN json_build_object(
    'game', json_build_object('id', g.id, 'module', g.module, 'scenario', g.scenario, 'status', g.status, 'step', g.step,
                              'state', g.state, 'seed', g.seed, 'timeControl', g."timeControl",
                              'stepDeadline', to_char(g."stepDeadline", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                              -- The stored prompts (stored-prompts.ts), only if written for this row version.
                              'prompts', (SELECT p.prompts FROM "GamePrompts" p WHERE p."gameId" = g.id AND p.version = g.version)),
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
