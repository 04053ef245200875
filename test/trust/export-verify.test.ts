/**
 * Exports and the verifier CLI: a finished game's export verifies; a changed roll or order is
 * reported at the right step; a running game's export for one side holds nothing the other
 * side did not see.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode } from '../helpers/gql.js';
import { as, createGame, join as joinGame, register, type Player } from '../helpers/play.js';
import { startStack, type Stack } from '../helpers/stack.js';
import { EXPORT, play, runVerifier, UNLIMITED } from '../helpers/trust.js';

let stack: Stack;
let alice: Player;
let bob: Player;
let carol: Player;
let dir: string;

beforeAll(async () => {
  stack = await startStack('services', UNLIMITED);
  await stack.spawnWorker();
  const s = Math.random().toString(36).slice(2, 8);
  alice = await register(stack.base, `exa_${s}`);
  bob = await register(stack.base, `exb_${s}`);
  carol = await register(stack.base, `exc_${s}`);
  dir = await mkdtemp(join(tmpdir(), 'warpost-export-'));
});
afterAll(async () => {
  await stack?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function newGame() {
  const g = await createGame(stack.base, alice, { module: 'sealed-bid', scenario: 'standard', side: 'north' });
  await joinGame(stack.base, bob, g.id, 'south');
  return g.id;
}

async function save(name: string, data: unknown) {
  const file = join(dir, name);
  await writeFile(file, JSON.stringify(data, null, 2));
  return file;
}

describe('export and verifier', () => {
  it('a finished game exports in full and verifies; changed rolls and orders are found at their step', async () => {
    const gameId = await newGame();
    // Commit–reveal in rounds 1 and 3, plain sealed orders in round 2.
    await play(stack.base, { north: alice, south: bob }, gameId, { commitReveal: (step) => step !== 4 });
    const exp = (await as(stack.base, carol, EXPORT, { g: gameId })).data.gameExport; // a spectator, after the end
    expect(exp).toMatchObject({ format: 'warpost-game-export', version: 1, scope: 'full', side: null });
    expect(exp.game.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(exp.steps.map((s: any) => s.step)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(exp.steps[1].submissions.map((s: any) => s.mode)).toEqual(['commit-reveal', 'commit-reveal']);
    expect(exp.steps[4].submissions.map((s: any) => s.mode)).toEqual(['sealed', 'sealed']);
    expect(exp.receipts.length).toBe(4 * 2 + 2 + 6); // 2 commitments + 2 reveals in rounds 1, 3; 2 bids; claims and counters

    const ok = await runVerifier(await save('good.json', exp));
    expect(ok.code, ok.stdout + ok.stderr).toBe(0);
    expect(ok.report).toMatchObject({ ok: true, scope: 'full', stepsRerun: 10, receiptsChecked: exp.receipts.length });

    // The human-readable form, with the published key given explicitly.
    const res = await fetch(`${stack.base}/.well-known/warpost-signing-key`);
    const keyFile = await save('key.jwk', await res.json());
    const human = await runVerifier(join(dir, 'good.json'), ['--key', keyFile], true);
    expect(human.code, human.stdout + human.stderr).toBe(0);
    expect(human.stdout).toMatch(/OK: no divergence found/);

    // A changed roll: the first step whose record holds a roll.
    const rolled = exp.steps.find((s: any) => s.step > 0 && s.rolls.length > 0).step;
    const badRoll = structuredClone(exp);
    const roll = badRoll.steps[rolled].rolls[0];
    roll.value = (roll.value % roll.sides) + 1;
    const r1 = await runVerifier(await save('bad-roll.json', badRoll), [], true);
    expect(r1.code).toBe(1);
    expect(r1.stdout).toContain(`FIRST DIVERGENCE at step ${rolled} [rolls]`);

    // A changed order at round 2's plain bid (step 4): its receipt no longer matches, nor the re-run.
    const badOrder = structuredClone(exp);
    badOrder.steps[4].orders.north.bid += 1;
    const r2 = await runVerifier(await save('bad-order.json', badOrder));
    expect(r2.code).toBe(1);
    expect(r2.report.first).toMatchObject({ step: 4, check: 'orders-hash' });
    const rerunChecks = r2.report.findings.filter(
      (f: any) => f.step === 4 && ['rolls', 'events', 'state'].includes(f.check),
    );
    expect(rerunChecks.length, JSON.stringify(r2.report.findings)).toBeGreaterThan(0);
    // And a revealed order at step 7 no longer opens its commitment.
    const badReveal = structuredClone(exp);
    badReveal.steps[7].orders.south.note = 'rewritten';
    const r3 = await runVerifier(await save('bad-reveal.json', badReveal));
    expect(r3.report.first.step).toBe(7);
    expect(r3.report.findings.map((f: any) => f.check)).toEqual(expect.arrayContaining(['orders-hash', 'commitment']));

    // Re-running the record with a fixed module shows where the game would part ways.
    const fixed = await runVerifier(join(dir, 'good.json'), [
      '--module',
      join(import.meta.dirname, '../fixtures/sealed-bid-v2.ts'),
    ]);
    expect(fixed.code).toBe(1);
    expect(fixed.report.first).toMatchObject({ step: 3, check: 'state' });

    // A forged receipt signature is reported too.
    const badSig = structuredClone(exp);
    badSig.receipts[3].hash = '0'.repeat(64);
    const r4 = await runVerifier(await save('bad-sig.json', badSig));
    expect(r4.report.findings.map((f: any) => f.check)).toContain('receipt-signature');
  });

  it('while the game runs, a side exports only what it saw; spectators cannot export', async () => {
    const gameId = await newGame();
    const played = await play(stack.base, { north: alice, south: bob }, gameId, {
      commitReveal: () => true,
      untilStep: 5,
    });
    const north = (await as(stack.base, alice, EXPORT, { g: gameId })).data.gameExport;
    expect(north).toMatchObject({ scope: 'side', side: 'north' });
    expect(north.game.seed).toBeNull();
    const text = JSON.stringify(north);
    for (const note of played.notes.south) expect(text).not.toContain(note);
    for (const note of played.notes.north) expect(text).toContain(note);
    for (const s of north.steps) {
      expect(Object.keys(s.orders).every((side) => side === 'north')).toBe(true);
      expect(Object.keys(s.salts).every((side) => side === 'north')).toBe(true);
      expect(s.rolls).toBeNull();
      expect(s.stateHash).toBeNull();
    }
    expect(north.receipts.every((r: any) => r.side === 'north')).toBe(true);
    expect(north.events.every((e: any) => e.visibleTo.includes('*') || e.visibleTo.includes('north'))).toBe(true);
    expect(errorCode(await as(stack.base, alice, EXPORT, { g: gameId, side: 'south' }))).toBe('NOT_YOUR_SIDE');
    expect(errorCode(await as(stack.base, carol, EXPORT, { g: gameId }))).toBe('EXPORT_NOT_AVAILABLE');

    // The side's export verifies as far as it can: its own receipts and commitments.
    const v = await runVerifier(await save('north.json', north));
    expect(v.code, v.stdout).toBe(0);
    expect(v.report.notes.join(' ')).toMatch(/seed is not published/);
  });
});
