/**
 * Issue 10, "a full game through the API": the Prefect Space Game played to its end over GraphQL
 * over HTTP against PostgreSQL + Redis with the resolution worker in its own process. Each client
 * sends the module bot's orders for its side (the bot reads only its side's view). Mission
 * Assignment, the sealed simultaneous commitment of the Space Game (H17), goes through commit–
 * reveal: both sides commit hashes first, then reveal. Afterwards: the game is FINISHED with the
 * module's outcome, no step fell back to defaults, no view a side received showed a real TF id or
 * an enemy mission, and a committed side's orders were not in the other side's view before the reveal.
 */
import { describe, expect, it } from 'vitest';
import type { Json } from '#engine/contract.js';
import { SeededDice } from '#engine/dice.js';
import { spaceData } from '#games/prefect/space/data/index.js';
import prefectSpace from '#games/prefect/space/module/index.js';
import type { SpaceGameState } from '#games/prefect/space/module/types.js';
import { defaultedCount, storedState as stored, waitPastStep } from '../helpers/db.js';
import { createGame, join, register, submit, view, type Player } from '../helpers/play.js';
import { useModuleStack } from '../helpers/stack.js';
import { commit, newSalt, reveal, UNLIMITED } from '../helpers/trust.js';

const getStack = useModuleStack(prefectSpace, UNLIMITED);

const storedState = (gameId: string) => stored<SpaceGameState>(gameId);

describe('Prefect Space Game played through the API (services, worker in its own process)', () => {
  // D-91: also with the interactive Space Combat Phase (its mid-phase combat-decision prompts).
  it.each([['standing'], ['interactive']])(
    'hold-the-line, spaceCombatPlay %s: a full game to its outcome; missions by commit–reveal; no defaults, no leaks',
    async (spaceCombatPlay) => {
      const base = getStack().base;
      const suffix = Math.random().toString(36).slice(2, 8);
      const players: Record<string, Player> = {
        TOG: await register(base, `stog_${suffix}`),
        CW: await register(base, `scw_${suffix}`),
      };
      const game = await createGame(base, players.TOG, {
        module: 'prefect-space',
        scenario: 'hold-the-line',
        side: 'TOG',
        options: { spaceCombatPlay },
      });
      await join(base, players.CW, game.id, 'CW');
      const leaks: string[] = [];
      const kinds = new Set<string>();
      let sealedRounds = 0;
      let steps = 0;
      for (;;) {
        const g = await storedState(game.id);
        if (g.status !== 'ACTIVE') break;
        if (++steps > 1500) throw new Error('game did not end');
        const prompts = prefectSpace.prompts(g.state);
        const orders: Record<string, Json> = {};
        for (const p of prompts) {
          kinds.add(p.kind);
          const pv = await view(base, players[p.side], game.id);
          expect(pv.game.step).toBe(g.step);
          expect(pv.myPrompts.map((x: { kind: string }) => x.kind)).toContain(p.kind);
          const text = JSON.stringify(pv.view);
          if (/"(?:tog|cw)-(?:tf\d|dis-)/.test(text)) leaks.push(`${p.side}@${g.step}: real TF id`);
          const enemy = (pv.view.map.tfs as { side: string }[]).filter((t) => t.side !== p.side);
          if (enemy.some((t) => 'mission' in t || 'units' in t)) leaks.push(`${p.side}@${g.step}: enemy TF details`);
          orders[p.side] = prefectSpace.bot(
            g.state,
            p.side,
            new SeededDice({ seed: 'client', gameId: game.id, step: g.step }),
          ) as Json;
        }
        if (prompts.some((p) => p.kind === 'missions')) {
          // H17: both commit, then both reveal; before the reveal nobody's view holds the other's missions.
          sealedRounds++;
          const salts: Record<string, string> = {};
          for (const p of prompts) {
            salts[p.side] = newSalt();
            const r = await commit(base, players[p.side], game.id, g.step, orders[p.side], salts[p.side]);
            expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
          }
          for (const p of prompts) {
            const other = prompts.find((x) => x.side !== p.side);
            if (other) {
              // the other side's sealed orders are nowhere in this side's view while the commitments stand
              const seen = JSON.stringify((await view(base, players[p.side], game.id)).view);
              if (seen.includes(JSON.stringify(orders[other.side])))
                leaks.push(`${p.side}@${g.step}: saw sealed missions`);
            }
          }
          for (const p of prompts) {
            const r = await reveal(base, players[p.side], game.id, g.step, orders[p.side], salts[p.side]);
            expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
          }
        } else {
          for (const p of prompts) {
            const r = await submit(base, players[p.side], game.id, g.step, orders[p.side]);
            expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
          }
        }
        await waitPastStep(game.id, g.step);
      }
      const final = await storedState(game.id);
      const defaulted = await defaultedCount(game.id);
      const out = await view(base, players.CW, game.id);
      expect([...kinds]).toEqual(
        expect.arrayContaining([
          'missions',
          'tspace',
          'move',
          'combat-plan',
          'combat-reactions',
          'adjust',
          'supply',
          ...(spaceCombatPlay === 'interactive' ? ['combat-decision'] : []),
        ]),
      );
      expect(final.status).toBe('FINISHED');
      expect(final.state.step).toBe('GAME_OVER');
      expect(out.outcome?.summary).toBe(prefectSpace.outcome(final.state)!.summary);
      expect(sealedRounds).toBe(spaceData.scenarios['hold-the-line'].turns); // one Mission Assignment per turn (L1210)
      expect(defaulted).toBe(0);
      expect(leaks).toEqual([]);
    },
    900_000,
  );
});
