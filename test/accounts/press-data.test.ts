/**
 * Accounts meet press (docs/accounts.md, docs/press.md "Accounts"), end to end over HTTP on
 * PostgreSQL and Redis with a worker. "Export my data" carries the messages the player wrote (a
 * hidden one too), their read marks and the reports they filed, and nothing anybody else wrote.
 * Deleting the account keeps the player's messages in the game's log under "deleted player <id>",
 * removes their read marks and blocks both ways, and keeps the reports they filed, detached from them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withPg } from '../helpers/db.js';
import { as, createGame, join, register, type Player } from '../helpers/play.js';
import { rest } from '../helpers/rest.js';
import { startStack, type Stack } from '../helpers/stack.js';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack('services');
  await stack.spawnWorker();
}, 120_000);
afterAll(async () => stack?.close());

const uid = () => Math.random().toString(36).slice(2, 8);
const rows = (sql: string, args: unknown[]) => withPg(async (c) => (await c.query(sql, args)).rows);
const SEND = `mutation($g:ID!,$to:PressTo!,$t:String!){sendPress(gameId:$g,to:$to,text:$t){id seq channel}}`;
const LIST = `query($g:ID!){pressMessages(gameId:$g){messages{id seq from{id username} text hidden}}}`;
const READ = `mutation($g:ID!,$c:String!,$s:Int!){markPressRead(gameId:$g,channel:$c,seq:$s){key unread}}`;
const REPORT = `mutation($m:ID!,$r:String!){reportPress(messageId:$m,reason:$r)}`;
const HIDE = `mutation($m:ID!,$r:String){hidePress(messageId:$m,reason:$r){id hidden}}`;
const REPORTS = `query($g:ID!){pressReports(gameId:$g){message{id} reports{reporter{id username} reason}}}`;
const BLOCK = 'mutation($u:String!){blockUser(username:$u)}';

async function send(
  p: Player,
  gameId: string,
  to: Record<string, unknown>,
  text: string,
): Promise<{ id: string; seq: number; channel: string }> {
  const r = await as(stack.base, p, SEND, { g: gameId, to, t: text });
  if (r.errors) throw new Error(JSON.stringify(r.errors));
  return r.data.sendPress;
}
async function ok(p: Player, query: string, vars: Record<string, unknown>) {
  const r = await as(stack.base, p, query, vars);
  expect(r.errors).toBeUndefined();
  return r.data;
}

/** North (alice, the creator) and south (bob) talk; carol watches and chats with spectators. */
async function talkedGame(prefix: string) {
  const t = uid();
  const [alice, bob, carol] = [
    await register(stack.base, `${prefix}a_${t}`),
    await register(stack.base, `${prefix}b_${t}`),
    await register(stack.base, `${prefix}c_${t}`),
  ];
  const g = await createGame(stack.base, alice, {
    module: 'sealed-bid',
    scenario: 'standard',
    side: 'north',
    press: { mode: 'FULL', duringReveal: true },
  });
  await join(stack.base, bob, g.id, 'south');
  const text = {
    aPub: `alice public ${t}`,
    aSide: `alice to south ${t}`,
    aHid: `alice hidden ${t}`,
    bPub: `bob public ${t}`,
    bSide: `bob to north ${t}`,
    cSpec: `carol spectators ${t}`,
    aReason: `alice reports ${t}`,
    bReason: `bob reports ${t}`,
  };
  const m = {
    aPub: await send(alice, g.id, { everyone: true }, text.aPub),
    aSide: await send(alice, g.id, { sides: ['south'], name: 'Pact' }, text.aSide),
    bSide: await send(bob, g.id, { sides: ['north'] }, text.bSide),
    bPub: await send(bob, g.id, { everyone: true }, text.bPub),
    cSpec: await send(carol, g.id, { spectators: true }, text.cSpec),
    aHid: await send(alice, g.id, { everyone: true }, text.aHid),
  };
  await ok(alice, HIDE, { m: m.aHid.id, r: 'said too much' });
  await ok(alice, REPORT, { m: m.bSide.id, r: text.aReason });
  await ok(bob, REPORT, { m: m.aSide.id, r: text.bReason });
  return { alice, bob, carol, gameId: g.id, m, text };
}

describe('export my data: press', () => {
  it('holds the messages I wrote, my read marks and the reports I filed; nothing anybody else wrote', async () => {
    const { alice, carol, gameId, m, text } = await talkedGame('px');
    await ok(alice, READ, { g: gameId, c: 'public', s: m.bPub.seq });

    const x = (await ok(alice, 'query{exportMyData}', {})).exportMyData;
    expect(x.press.messages).toEqual([
      expect.objectContaining({
        gameId,
        seq: m.aPub.seq,
        channel: 'public',
        channelName: null,
        side: 'north',
        text: text.aPub,
        hidden: false,
        hiddenAt: null,
      }),
      expect.objectContaining({
        gameId,
        seq: m.aSide.seq,
        channel: 'sides:north,south',
        channelName: 'Pact',
        side: 'north',
        text: text.aSide,
        hidden: false,
      }),
      // Hidden by a moderator: shown to nobody in the game, but the writer's export keeps its text.
      expect.objectContaining({
        gameId,
        seq: m.aHid.seq,
        channel: 'public',
        text: text.aHid,
        hidden: true,
        hiddenAt: expect.any(String),
      }),
    ]);
    expect(x.press.messages.every((e: any) => typeof e.sentAt === 'string' && typeof e.step === 'number')).toBe(true);
    expect(x.press.readMarks).toEqual([expect.objectContaining({ gameId, channel: 'public', lastSeq: m.bPub.seq })]);
    expect(x.press.reports).toEqual([
      expect.objectContaining({
        messageId: m.bSide.id,
        gameId,
        channel: 'sides:north,south',
        seq: m.bSide.seq,
        reason: text.aReason,
      }),
    ]);
    // Not bob's messages (though alice reads them), not carol's spectators' chat, and not that bob
    // reported one of alice's messages.
    const raw = JSON.stringify(x);
    for (const other of [text.bPub, text.bSide, text.cSpec, text.bReason]) expect(raw).not.toContain(other);

    // The REST mirror says the same.
    const viaRest = await rest(stack.base, 'GET', '/account/export', { token: alice.token });
    expect(viaRest.status).toBe(200);
    expect(viaRest.body.press).toEqual(x.press);

    // A spectator's export has their chat, and none of the players' press.
    const c = (await ok(carol, 'query{exportMyData}', {})).exportMyData;
    expect(c.press.messages).toEqual([
      expect.objectContaining({ gameId, channel: 'spectators', side: null, text: text.cSpec }),
    ]);
    expect(c.press.reports).toEqual([]);
    for (const other of [text.aPub, text.aSide, text.aHid, text.bPub, text.bSide])
      expect(JSON.stringify(c)).not.toContain(other);
  }, 90_000);
});

describe('delete the account: press', () => {
  it("keeps the player's messages under the deleted name, drops read marks and blocks, detaches filed reports", async () => {
    const { alice, bob, carol, gameId, m, text } = await talkedGame('pd');
    await ok(bob, READ, { g: gameId, c: 'public', s: m.aHid.seq });
    await ok(bob, READ, { g: gameId, c: m.bSide.channel, s: m.aSide.seq });
    await ok(carol, BLOCK, { u: bob.name }); // blocks both ways
    await ok(bob, BLOCK, { u: alice.name });
    expect(await rows(`SELECT 1 FROM "PressReadMark" WHERE "userId" = $1`, [bob.id])).toHaveLength(2);

    expect(
      (await ok(bob, 'mutation($p:String!){deleteAccount(password:$p)}', { p: 'correct horse battery' })).deleteAccount,
    ).toBe(true);
    const deleted = `deleted player ${bob.id}`;

    // Personal press state and blocks are gone.
    expect(await rows(`SELECT 1 FROM "PressReadMark" WHERE "userId" = $1`, [bob.id])).toEqual([]);
    expect(await rows(`SELECT 1 FROM "UserBlock" WHERE "blockerId" = $1 OR "blockedId" = $1`, [bob.id])).toEqual([]);

    // The conversation still reads: bob's messages keep their text, from the deleted name.
    const log = (await ok(alice, LIST, { g: gameId })).pressMessages.messages;
    expect(log.find((e: any) => e.id === m.bSide.id)).toMatchObject({
      from: { id: bob.id, username: deleted },
      text: text.bSide,
      hidden: false,
    });
    expect(log.find((e: any) => e.id === m.bPub.id)).toMatchObject({ from: { username: deleted }, text: text.bPub });
    expect(log.find((e: any) => e.id === m.aSide.id)).toMatchObject({
      from: { username: alice.name },
      text: text.aSide,
    });

    // The report bob filed stays for the moderators, without a reporter; alice's is untouched.
    const reports = (await ok(alice, REPORTS, { g: gameId })).pressReports;
    expect(reports.find((r: any) => r.message.id === m.aSide.id).reports).toEqual([
      { reporter: null, reason: text.bReason },
    ]);
    expect(reports.find((r: any) => r.message.id === m.bSide.id).reports).toEqual([
      { reporter: { id: alice.id, username: alice.name }, reason: text.aReason },
    ]);
    expect(await rows(`SELECT 1 FROM "PressReport" WHERE "reporterId" = $1`, [bob.id])).toEqual([]);
    const viaRest = await rest(stack.base, 'GET', `/games/${gameId}/press/reports`, { token: alice.token });
    expect(viaRest.status).toBe(200);
    expect(viaRest.body.reports.find((r: any) => r.message.id === m.aSide.id).reports).toEqual([
      expect.objectContaining({ reporter: null, reason: text.bReason }),
    ]);
  }, 90_000);
});
