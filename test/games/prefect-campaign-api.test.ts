/**
 * Issue 10, "a full campaign through the API with secret mission assignment as a simultaneous
 * commitment": the Prefect Campaign (`invasion`, 12 turns, both maps) played to its end over
 * GraphQL over HTTP against PostgreSQL + Redis with the resolution worker in its own process.
 * Each client sends the module bot's orders for its side. Mission Assignment (H17, sealed and
 * simultaneous, L2179) goes through commit–reveal: every owing side commits a hash, then reveals.
 * The game runs under a time control made of the module's per-kind step lengths (DEFAULT_SECONDS
 * as TimeControl.perKind). Afterwards: FINISHED with the module's outcome, no step defaulted, each
 * step resolved once, every deadline followed its kinds' length, and nothing a side received
 * (view, prompts, events) named what is hidden from it (derived from the views with the
 * campaign's test kit, test/secrets/derive.ts).
 */
import { describe, expect, it } from 'vitest';
import type { Json, Prompt } from '#engine/contract.js';
import { SeededDice } from '#engine/dice.js';
import { campaignData } from '#games/prefect/campaign/data/index.js';
import prefectCampaign from '#games/prefect/campaign/module/index.js';
import { DEFAULT_SECONDS } from '#games/prefect/campaign/module/prompts.js';
import type { CampaignGameState } from '#games/prefect/campaign/module/types.js';
import { storedState as stored, waitPastStep, withPg } from '../helpers/db.js';
import { as, createGame, join, register, submit, view, type Player } from '../helpers/play.js';
import { useModuleStack } from '../helpers/stack.js';
import { commit, newSalt, reveal, UNLIMITED } from '../helpers/trust.js';
import campaignKit from '#games/prefect/campaign/module/kit.js';
import { findToken, Ledger } from '../secrets/derive.js';

const getStack = useModuleStack(prefectCampaign, UNLIMITED);

const SIDES = ['TOG', 'CW'] as const;
/** What a side receives at a step: its view, prompts, deadline and the events since `after`. */
const LOOK = `query($id:ID!,$after:Int!){game(id:$id){view game{step status deadline}
  myPrompts{side kind secret choices defaultOrders} events(afterSeq:$after,limit:1000){seq step type data rolls}}}`;

/** A real TF id anywhere in a text (labels too): space `cw-tf1`, `tog-tf4-t4`, `tog-dis-…`; ground `tf-<org>-<n>[-<seq>]`. */
const REAL_TF_ID = /(?<![a-z0-9-])(?:(?:tog|cw)-(?:tf\d|dis-)[a-z0-9-]*|tf-[a-z][a-z0-9-]*?-\d+(?:-\d+)?)(?![a-z0-9-])/;

const storedState = (gameId: string) => stored<CampaignGameState>(gameId);

/** The step length the platform owes this step: the longest per-kind length, cut short by a prompt's own window. */
function expectedSeconds(prompts: Prompt[]): number {
  const byKind = Math.max(...prompts.map((p) => DEFAULT_SECONDS[p.kind]!));
  const windows = prompts.map((p) => p.deadlineSeconds).filter((s): s is number => typeof s === 'number' && s > 0);
  return Math.min(byKind, ...windows);
}

describe('Prefect Campaign played through the API (services, worker in its own process)', () => {
  it('invasion: a full campaign to its outcome; missions by commit–reveal; perKind deadlines; no defaults, no leaks', async () => {
    const started = Date.now();
    const base = getStack().base;
    const suffix = Math.random().toString(36).slice(2, 8);
    const players: Record<string, Player> = {
      TOG: await register(base, `ctog_${suffix}`),
      CW: await register(base, `ccw_${suffix}`),
    };
    const perKind = { ...DEFAULT_SECONDS };
    const game = await createGame(base, players.TOG, {
      module: 'prefect-campaign',
      scenario: 'invasion',
      side: 'TOG',
      timeControl: { preset: 'none', perKind },
    });
    await join(base, players.CW, game.id, 'CW');

    const leaks: string[] = [];
    const badDeadlines: string[] = [];
    const kinds = new Set<string>();
    const lastSeq: Record<string, number> = { TOG: 0, CW: 0 };
    const missionTurns = new Set<number>();
    let firstMission: { left: number } | null = null;
    let shortKind: { kind: string; left: number; expected: number } | null = null;
    let probed = 0;
    let tfIdsProbed = 0;
    let knownToOwner = 0;
    let sealedRounds = 0;
    // What `side` may not learn, step by step: what the other side's view shows and its own never
    // did (units in enemy TFs, aboard, in OD boxes; SD allocations) and the kit's extra secrets
    // (both maps' real TF ids, the alias keys).
    const ledger = new Ledger(prefectCampaign, campaignKit, [...SIDES], 'invasion');
    const prevHidden: Record<string, string[] | undefined> = {};
    let steps = 0;
    for (;;) {
      const g = await storedState(game.id);
      if (g.status !== 'ACTIVE') break;
      if (++steps > 600) throw new Error('campaign did not end');
      const prompts = prefectCampaign.prompts(g.state);
      // Both sides look, owing or not: the view and prompts against what is hidden now, the new
      // events against what was hidden both before and after the step that made them.
      const received: Record<string, string> = {};
      const hiddenAt: Record<string, string[]> = {};
      ledger.observe(g.state);
      for (const side of SIDES) {
        const hiddenNow = [...ledger.secretsFor(side)];
        const still = new Set(hiddenNow);
        const hiddenEv = prevHidden[side]?.filter((h) => still.has(h)) ?? hiddenNow;
        prevHidden[side] = hiddenNow;
        probed += hiddenNow.length;
        tfIdsProbed += hiddenNow.filter((h) => REAL_TF_ID.test(h)).length;
        const r = await as(base, players[side], LOOK, { id: game.id, after: lastSeq[side] });
        expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
        const look = r.data.game;
        expect(look.game.step).toBe(g.step);
        expect(look.events.length).toBeLessThan(1000);
        const seen = JSON.stringify({ view: look.view, myPrompts: look.myPrompts });
        for (const h of hiddenNow) if (findToken(seen, h) >= 0) leaks.push(`${side}@${g.step} view: ${h}`);
        const evText = JSON.stringify(look.events);
        // In order: a rules reveal (a force reaching its segment, combat; the kit's revealedBy) shows what it names from there on.
        leaks.push(...ledger.checkEvents(`${side}@${g.step} events`, side, look.events, new Set(hiddenEv)));
        // Not even a side's own real TF ids: both maps show aliases only (H1, H16).
        const realTf = REAL_TF_ID.exec(seen + evText);
        if (realTf) leaks.push(`${side}@${g.step}: real TF id ${realTf[0]}`);
        received[side] = seen + evText;
        hiddenAt[side] = hiddenNow;
        if (look.events.length) lastSeq[side] = look.events[look.events.length - 1].seq;
        const mine = prompts.filter((p) => p.side === side).map((p) => p.kind);
        expect(look.myPrompts.map((x: { kind: string }) => x.kind)).toEqual(mine);

        // perKind (TimeControl): the deadline shown is the step's kinds' length from when it opened (just now).
        if (side === prompts[0]!.side) {
          const left = new Date(look.game.deadline).getTime() - Date.now();
          const expected = expectedSeconds(prompts) * 1000;
          if (!(left <= expected + 5_000 && left > expected - 120_000))
            badDeadlines.push(`${g.step} ${mine.join('+')}: ${left} ms left, expected ${expected}`);
          if (!firstMission && mine.includes('mission-assignment')) firstMission = { left };
          const kindSecs = Math.max(...prompts.map((p) => DEFAULT_SECONDS[p.kind]!));
          if (!shortKind && kindSecs <= 24 * 3600)
            shortKind = { kind: prompts.map((p) => p.kind).join('+'), left, expected };
        }
      }

      // The other side does see some of them (its own units aboard, in its TFs): the probe names findable text.
      for (const side of SIDES)
        knownToOwner += hiddenAt[side]!.filter(
          (h) => findToken(received[side === 'TOG' ? 'CW' : 'TOG']!, h) >= 0,
        ).length;

      const orders: Record<string, Json> = {};
      for (const p of prompts) {
        kinds.add(p.kind);
        orders[p.side] = prefectCampaign.bot(
          g.state,
          p.side,
          new SeededDice({ seed: 'client', gameId: game.id, step: g.step }),
        ) as Json;
      }
      if (prompts.some((p) => p.kind === 'mission-assignment')) {
        // H17, L2179: each owing side commits first, then all reveal; before the reveal nobody's view holds another's missions.
        sealedRounds++;
        missionTurns.add(g.state.turn);
        const salts: Record<string, string> = {};
        for (const p of prompts) {
          expect(p.secret).toBe(true);
          salts[p.side] = newSalt();
          const r = await commit(base, players[p.side], game.id, g.step, orders[p.side], salts[p.side]!);
          expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
        }
        for (const p of prompts) {
          const other = prompts.find((x) => x.side !== p.side);
          if (!other) continue;
          const seenNow = JSON.stringify((await view(base, players[p.side], game.id)).view);
          if (seenNow.includes(JSON.stringify(orders[other.side])))
            leaks.push(`${p.side}@${g.step}: saw sealed missions`);
        }
        for (const p of prompts) {
          const r = await reveal(base, players[p.side], game.id, g.step, orders[p.side], salts[p.side]!);
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
    const ev = await withPg(
      async (c) =>
        (
          await c.query(
            `SELECT step, type, data FROM "GameEvent" WHERE "gameId" = $1 AND type IN ('orders.defaulted', 'step-resolved')`,
            [game.id],
          )
        ).rows as { step: number; type: string; data: { defaulted?: string[] } }[],
    );
    const resolvedSteps = ev.filter((e) => e.type === 'step-resolved').map((e) => e.step);
    const out = await view(base, players.CW, game.id);
    const expectedOutcome = prefectCampaign.outcome(final.state)!;
    const seconds = Math.round((Date.now() - started) / 1000);
    console.info(
      `prefect-campaign over the API: ${steps} steps, ${sealedRounds} commit–reveal rounds, ${seconds} s; probed ${probed} (${tfIdsProbed} TF ids, ${knownToOwner} seen by their owner); short kind ${JSON.stringify(shortKind)}`,
    );

    expect([...kinds]).toEqual(
      expect.arrayContaining([
        'mission-assignment',
        'space-movement',
        'space-combat',
        'ground-movement',
        'tf-adjustment',
        'supply',
      ]),
    );
    expect(final.status).toBe('FINISHED');
    expect(final.state.result).toBeTruthy();
    expect(out.outcome?.summary).toBe(expectedOutcome.summary);
    expect(out.outcome?.winner).toBe(expectedOutcome.winner);
    // One Mission Assignment per campaign turn (L2179), each by commit–reveal.
    expect([...missionTurns].sort((a, b) => a - b)).toEqual(
      Array.from({ length: campaignData.scenarios.invasion!.turns }, (_, i) => i + 1),
    );
    expect(sealedRounds).toBe(missionTurns.size);
    // No step fell back to defaults; every step played resolved exactly once.
    expect(ev.filter((e) => e.type === 'orders.defaulted')).toEqual([]);
    expect(ev.flatMap((e) => e.data.defaulted ?? [])).toEqual([]);
    expect(resolvedSteps.length).toBe(steps);
    expect(new Set(resolvedSteps).size).toBe(steps);
    // perKind: the first Mission Assignment got its 48 h, a short kind its own shorter length.
    expect(firstMission!.left).toBeGreaterThan(perKind['mission-assignment']! * 1000 - 120_000);
    expect(firstMission!.left).toBeLessThanOrEqual(perKind['mission-assignment']! * 1000 + 5_000);
    expect(shortKind, 'no step of a short kind was played').not.toBeNull();
    expect(shortKind!.left).toBeLessThanOrEqual(shortKind!.expected + 5_000);
    expect(shortKind!.left).toBeGreaterThan(shortKind!.expected - 120_000);
    expect(shortKind!.expected).toBeLessThan(perKind['mission-assignment']! * 1000);
    expect(badDeadlines).toEqual([]);
    // The probe named real secrets (enemy TF ids among them), so a leak would have shown.
    expect(probed).toBeGreaterThan(0);
    expect(tfIdsProbed).toBeGreaterThan(0);
    expect(knownToOwner).toBeGreaterThan(0);
    expect(leaks).toEqual([]);
  }, 900_000);
});
