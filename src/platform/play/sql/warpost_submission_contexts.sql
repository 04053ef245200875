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
