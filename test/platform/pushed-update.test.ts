/**
 * The gameEvents update carries what a client needs to act (issue 22): the step, its side's
 * prompts, who is owed and whether it owes, and the events its side may see. Checked against
 * the read (`game(id)`, which stays correct) and for secrets: a pushed update to one side never
 * contains the other side's hidden events or prompts, and a spectator's carries no prompts.
 * The fixture game (Sealed Bid): each bid's note is recorded in an event only its side sees.
 */
import { describe, expect, it } from 'vitest';
import { useBootedPlatform } from '../helpers/stack.js';
import { collect, wsClient } from '../helpers/gql.js';
import { as, createGame, join, register, submit, type Player } from '../helpers/play.js';

const UPDATES = `subscription($g:ID!){gameEvents(gameId:$g,afterSeq:0){gameId step status events{seq step type data rolls}
  myPrompts{side kind secret description choices defaultOrders} owed{side ready} owes}}`;
const READ = `query($id:ID!){game(id:$id){game{step status} myPrompts{side kind secret description choices defaultOrders} owed{side ready}
  mySubmission{step ready} events{seq step type data rolls}}}`;

const web = useBootedPlatform('pushed-update-key', { listen: true, worker: true });

type Update = {
  gameEvents: {
    step: number;
    status: string;
    events: { seq: number; type: string; data: any }[];
    myPrompts: { side: string }[];
    owed: { side: string; ready: boolean }[];
    owes: boolean;
  };
};

describe('pushed game updates', () => {
  it('carry each side its own prompts, owed state and visible events, and nothing of the other side', async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const north = await register(web.base, `pn_${tag}`);
    const south = await register(web.base, `ps_${tag}`);
    const watcher = await register(web.base, `pw_${tag}`);
    const game = await createGame(web.base, north, { module: 'sealed-bid', scenario: 'standard', side: 'north' });
    await join(web.base, south, game.id, 'south');
    const sockets = [north, south, watcher].map((p) => wsClient(web.base, p.token));
    const [n, s, w] = sockets.map((ws) => collect<Update>(ws, UPDATES, { g: game.id }));
    const at = (c: typeof n, step: number) =>
      c
        .until((items) => items.some((i) => i.gameEvents.step >= step))
        .then(() => c.items.find((i) => i.gameEvents.step >= step)!.gameEvents);
    const read = async (p: Player) => (await as(web.base, p, READ, { id: game.id })).data.game;

    // Step 1 (Rule: both sides bid at once): each side is told its own bid prompt and that it owes.
    const [n1, s1, w1] = await Promise.all([at(n, 1), at(s, 1), at(w, 1)]);
    expect(n1.myPrompts.map((p) => [p.side, (p as any).kind])).toEqual([['north', 'bid']]);
    expect(s1.myPrompts.map((p) => [p.side, (p as any).kind])).toEqual([['south', 'bid']]);
    expect([n1.owes, s1.owes, w1.owes]).toEqual([true, true, false]);
    expect(w1.myPrompts).toEqual([]);
    expect(n1.owed).toEqual([
      { side: 'north', ready: false },
      { side: 'south', ready: false },
    ]);
    // The read agrees with what was pushed.
    expect((await read(north)).myPrompts).toEqual(n1.myPrompts);
    expect((await read(south)).myPrompts).toEqual(s1.myPrompts);

    const northNote = `north-secret-${tag}`;
    const southNote = `south-secret-${tag}`;
    expect((await submit(web.base, north, game.id, 1, { bid: 6, note: northNote })).errors).toBeUndefined();
    expect((await submit(web.base, south, game.id, 1, { bid: 2, note: southNote })).errors).toBeUndefined();

    // Step 2: only the winner (north, the higher bid) claims; south owes nothing.
    const [n2, s2, w2] = await Promise.all([at(n, 2), at(s, 2), at(w, 2)]);
    expect(n2.myPrompts.map((p) => (p as any).kind)).toEqual(['claim']);
    expect([n2.owes, s2.owes, w2.owes]).toEqual([true, false, false]);
    expect(s2.myPrompts).toEqual([]);
    expect(n2.owed).toEqual([{ side: 'north', ready: false }]);
    // Each side hears its own note and the public reveal; never the other side's note.
    expect(n2.events.map((e) => e.type)).toEqual(['note-recorded', 'bids-revealed', 'step-resolved']);
    expect(s2.events.map((e) => e.type)).toEqual(['note-recorded', 'bids-revealed', 'step-resolved']);
    expect(w2.events.map((e) => e.type)).toEqual(['bids-revealed', 'step-resolved']);
    expect(JSON.stringify(n.raws)).toContain(northNote); // the probe names a real string
    expect(JSON.stringify(s.raws)).toContain(southNote);
    for (const raw of s.raws) expect(raw).not.toContain(northNote);
    for (const raw of n.raws) expect(raw).not.toContain(southNote);
    for (const raw of w.raws) expect(raw).not.toMatch(/north-secret|south-secret/);
    // No prompt of the other side ever pushed to a side, none to the spectator.
    for (const u of s.items) expect(u.gameEvents.myPrompts.every((p) => p.side === 'south')).toBe(true);
    for (const u of n.items) expect(u.gameEvents.myPrompts.every((p) => p.side === 'north')).toBe(true);
    for (const u of w.items) expect(u.gameEvents.myPrompts).toEqual([]);
    // Every event pushed to south is one south may see (by the stored visibility).
    const stored = await web.booted.platform.prisma.gameEvent.findMany({ where: { gameId: game.id } });
    for (const u of s.items)
      for (const e of u.gameEvents.events)
        expect(stored.find((x) => x.seq === e.seq)!.visibleTo.some((v) => v === '*' || v === 'south')).toBe(true);
    // The read gives each side the same events and prompts as the pushes did.
    const rn = await read(north);
    const rs = await read(south);
    expect(rn.events.map((e: any) => e.seq)).toEqual(n.items.flatMap((u) => u.gameEvents.events.map((e) => e.seq)));
    expect(rs.events.map((e: any) => e.seq)).toEqual(s.items.flatMap((u) => u.gameEvents.events.map((e) => e.seq)));
    expect(rn.myPrompts).toEqual(n2.myPrompts);
    expect(rs.myPrompts).toEqual([]);

    // After the claim the loser answers the counter (step 3): the owed state follows.
    expect((await submit(web.base, north, game.id, 2, { prize: 'crown' })).errors).toBeUndefined();
    const [n3, s3] = await Promise.all([at(n, 3), at(s, 3)]);
    expect([n3.owes, s3.owes]).toEqual([false, true]);
    expect(s3.myPrompts.map((p) => (p as any).kind)).toEqual(['counter']);
    expect([n.errors, s.errors, w.errors]).toEqual([[], [], []]);
    await Promise.all(sockets.map((ws) => ws.dispose()));
  }, 60_000);
});
