-- Group commit for order submissions (bench/RESULTS.md, issue 8): the submissions that arrive
-- together are read, checked and written in one transaction. This reads a whole batch in one
-- round trip: it locks every game of the batch in id order first (so two batches, or a batch
-- and a one-game lock holder, never wait on each other in a cycle), then reads each item's
-- context with warpost_submission_context (which re-locks a row it already holds, at no wait).
-- The RETURN statement starts after every lock is held, so its reads see what earlier lock
-- holders committed. Items come back in input order. A batch holds one item per game at most
-- (the caller's rule): two sides of one game are read and written one after the other.
CREATE FUNCTION warpost_submission_contexts(p_games TEXT[], p_users TEXT[], p_keys TEXT[]) RETURNS json
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM 1 FROM "Game" WHERE id = ANY(p_games) ORDER BY id FOR UPDATE;
  RETURN (SELECT json_agg(warpost_submission_context(t.g, t.u, t.k) ORDER BY t.i)
            FROM unnest(p_games, p_users, p_keys) WITH ORDINALITY AS t(g, u, k, i));
END
$$;
