/**
 * Two users play the fixture game end to end through GraphQL over HTTP and graphql-ws, with the
 * worker in a separate process on PostgreSQL + Redis, and again on the embedded defaults.
 * Secret notes of one side must never reach the other side by any channel.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, waitFor, wsClient } from '../helpers/gql.js';
import { createGame, join, register, submit, view, type Player } from '../helpers/play.js';
import { startStack, type Stack } from '../helpers/stack.js';

const GAME_EVENTS = `subscription($g:ID!){gameEvents(gameId:$g){gameId step status events{seq type data}}}`;
const MY_TURN = `subscription{myTurn{gameId step sides deadline}}`;

for (const mode of ['services', 'embedded'] as const) {
  describe(`fixture game end to end (${mode})`, () => {
    let stack: Stack;
    beforeAll(async () => {
      stack = await startStack(mode);
      if (mode === 'services') await stack.spawnWorker();
    });
    afterAll(async () => stack?.close());

    it('plays a full game with sealed orders, live updates and no leaks', async () => {
      const base = stack.base;
      const suffix = Math.random().toString(36).slice(2, 8);
      const alice = await register(base, `alice_${suffix}`);
      const bob = await register(base, `bob_${suffix}`);
      const game = await createGame(base, alice, { module: 'sealed-bid', scenario: 'standard', side: 'north' });
      expect(game.status).toBe('OPEN');
      expect(game.seedHash).toMatch(/^[0-9a-f]{64}$/);

      const aliceWs = wsClient(base, alice.token);
      const bobWs = wsClient(base, bob.token);
      const bobTurns = collect(bobWs, MY_TURN);
      const aliceTurns = collect(aliceWs, MY_TURN);
      await new Promise((r) => setTimeout(r, 300)); // let the subscriptions register

      const joined = await join(base, bob, game.id); // random side: the only free one
      expect(joined.status).toBe('ACTIVE');
      expect(joined.seats.map((s: any) => s.side).sort()).toEqual(['north', 'south']);
      await bobTurns.until((items) => items.some((i: any) => i.myTurn.gameId === game.id && i.myTurn.step === 1));
      await aliceTurns.until((items) => items.some((i: any) => i.myTurn.step === 1));

      const aliceEvents = collect(aliceWs, GAME_EVENTS, { g: game.id });
      const bobEvents = collect(bobWs, GAME_EVENTS, { g: game.id });
      await new Promise((r) => setTimeout(r, 300));

      const secrets: Record<string, string[]> = { [alice.name]: [], [bob.name]: [] };
      const players: Player[] = [alice, bob];
      let guard = 0;
      for (;;) {
        const v = await view(base, alice, game.id);
        if (v.game.status !== 'ACTIVE') break;
        if (++guard > 40) throw new Error('game did not end');
        const step = v.game.step;
        for (const p of players) {
          const pv = await view(base, p, game.id);
          const prompt = pv.myPrompts[0];
          if (!prompt || pv.game.step !== step) continue;
          let orders: Record<string, unknown>;
          if (prompt.kind === 'bid') {
            const note = `SECRET-${p.name}-step${step}`;
            secrets[p.name].push(note);
            orders = { bid: Math.min(2, prompt.choices.max), note };
          } else if (prompt.kind === 'claim') orders = { prize: prompt.choices[prompt.choices.length - 1] };
          else orders = { accept: false };
          const r = await submit(base, p, game.id, step, orders);
          expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
          // While the step is open the other side sees only readiness, never the orders.
          if (prompt.secret) {
            const other = players.find((x) => x !== p)!;
            const ov = await view(base, other, game.id);
            if (ov.game.step === step) {
              expect(ov.owed.find((o: any) => o.side === pv.viewer).ready).toBe(true);
              expect(JSON.stringify(ov)).not.toContain(secrets[p.name].at(-1));
            }
          }
        }
        await waitFor(async () => (await view(base, alice, game.id)).game.step > step);
      }

      const final = await view(base, alice, game.id);
      expect(final.game.status).toBe('FINISHED');
      expect(final.outcome.summary).toMatch(/north \d+, south \d+/);
      // The seed is published at the end and matches the hash published at creation.
      expect(createHash('sha256').update(final.game.seed).digest('hex')).toBe(game.seedHash);
      // 3 rounds x (bid, claim, counter)
      expect(final.game.step).toBe(10);

      await aliceEvents.until((items) => items.some((i: any) => i.gameEvents.status === 'FINISHED'));
      await bobEvents.until((items) => items.some((i: any) => i.gameEvents.status === 'FINISHED'));
      const aliceTypes = aliceEvents.items.flatMap((i: any) => i.gameEvents.events.map((e: any) => e.type));
      expect(aliceTypes.filter((t: string) => t === 'bids-revealed')).toHaveLength(3);
      expect(aliceTypes.filter((t: string) => t === 'note-recorded')).toHaveLength(3);
      expect(aliceTypes).toContain('game-finished');
      // Each event arrives once per subscriber.
      const seqs = aliceEvents.items.flatMap((i: any) => i.gameEvents.events.map((e: any) => e.seq));
      expect(new Set(seqs).size).toBe(seqs.length);

      // Own notes are visible to their owner, never to the other side: HTTP, events, subscriptions.
      expect(JSON.stringify(final.view.myNotes)).toContain(secrets[alice.name][0]);
      const bobSaw = [...bob.seen, ...bobEvents.raws, ...bobTurns.raws].join('\n');
      const aliceSaw = [...alice.seen, ...aliceEvents.raws, ...aliceTurns.raws].join('\n');
      for (const s of secrets[alice.name]) expect(bobSaw).not.toContain(s);
      for (const s of secrets[bob.name]) expect(aliceSaw).not.toContain(s);
      for (const s of secrets[bob.name]) expect(bobSaw).toContain(s);

      // A spectator sees only public events.
      const carol = await register(base, `carol_${suffix}`);
      const spectator = await view(base, carol, game.id);
      expect(spectator.viewer).toBeNull();
      expect(spectator.events.some((e: any) => e.type === 'note-recorded')).toBe(false);
      expect(spectator.events.some((e: any) => e.type === 'bids-revealed')).toBe(true);

      await aliceWs.dispose();
      await bobWs.dispose();
    });
  });
}
