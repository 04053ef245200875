/**
 * The stored prompts (src/platform/play/stored-prompts.ts) hold every side's prompts in one row.
 * Each side must still receive only its own: the stored copy of a running game is marked, one
 * token per side, and every channel that carries prompts (the game read over GraphQL and REST,
 * a pushed gameEvents update) is searched: a side gets its own token (so the stored copy is what
 * was served) and never the other side's; a spectator gets neither.
 */
import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { useBootedPlatform } from '../helpers/stack.js';
import type { Prompt } from '#engine/contract.js';
import { clearReadCache } from '#platform/play/read-model.js';
import { storedPromptsParam } from '#platform/play/stored-prompts.js';
import { collect, wsClient } from '../helpers/gql.js';
import { as, createGame, join, register, type Player } from '../helpers/play.js';
import { rest } from '../helpers/rest.js';

const UPDATES = `subscription($g:ID!){gameEvents(gameId:$g,afterSeq:0){step myPrompts{side kind description choices defaultOrders} owes}}`;
const READ = `query($id:ID!){game(id:$id){myPrompts{side kind description choices defaultOrders}}}`;

const web = useBootedPlatform('stored-prompts-secrets-key', { listen: true });

describe('stored prompts and secrets', () => {
  it('each side receives only its own stored prompt, by the read, REST and the pushed update; a spectator none', async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const north = await register(web.base, `spsn_${tag}`);
    const south = await register(web.base, `spss_${tag}`);
    const watcher = await register(web.base, `spsw_${tag}`);
    const game = await createGame(web.base, north, { module: 'sealed-bid', scenario: 'standard', side: 'north' });
    await join(web.base, south, game.id, 'south');
    const db = web.booted.platform.prisma;
    const [row] = await db.$queryRawUnsafe<{ prompts: { prompts: { side: string; description: string }[] } }[]>(
      `SELECT sp.prompts FROM "GamePrompts" sp JOIN "Game" g ON g.id = sp."gameId"
        WHERE sp."gameId" = $1 AND sp.version = g.xmin::text || ':' || g.ctid::text`,
      game.id,
    );
    const stored = row.prompts.prompts;
    expect(stored.map((p) => p.side)).toEqual(['north', 'south']); // the start stored both sides' prompts
    const token: Record<string, string> = {
      north: `north-prompt-${randomUUID()}`,
      south: `south-prompt-${randomUUID()}`,
    };
    await db.$executeRawUnsafe(
      `UPDATE "GamePrompts" SET prompts = $2::json WHERE "gameId" = $1`,
      game.id,
      storedPromptsParam(stored.map((p) => ({ ...p, description: token[p.side] })) as Prompt[]),
    );
    clearReadCache();

    const received = async (p: Player) => {
      const read = JSON.stringify(await as(web.base, p, READ, { id: game.id }));
      const r = await rest(web.base, 'GET', `/games/${game.id}`, { token: p.token });
      expect(r.status).toBe(200);
      const ws = wsClient(web.base, p.token);
      const c = collect(ws, UPDATES, { g: game.id });
      await c.until((items) => items.length > 0);
      await ws.dispose();
      return { read, rest: r.raw, push: c.raws.join('\n') };
    };
    for (const [player, side, other] of [
      [north, 'north', 'south'],
      [south, 'south', 'north'],
    ] as const) {
      const got = await received(player);
      for (const [channel, text] of Object.entries(got)) {
        expect(text, `${side} by ${channel}`).toContain(token[side]);
        expect(text, `${side} by ${channel}`).not.toContain(token[other]);
      }
    }
    const spectator = await received(watcher);
    for (const [channel, text] of Object.entries(spectator))
      expect(text, `spectator by ${channel}`).not.toMatch(/north-prompt|south-prompt/);
  }, 60_000);
});
