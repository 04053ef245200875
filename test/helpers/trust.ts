/** Trust helpers: commit–reveal through the API, playing the fixture to a given step, the verifier CLI. */
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { commitmentOf } from '#platform/trust/canonical.js';
import { waitFor } from './gql.js';
import { as, view, type Player } from './play.js';
import { FIXTURE, ROOT } from './stack.js';

const RECEIPT = `receipt{version kind gameId step side hash seedHash issuedAt keyId signature signed}`;
export const COMMIT = `mutation($g:ID!,$s:Int!,$c:String!,$k:String!,$side:String){commitOrders(gameId:$g,step:$s,commitment:$c,idempotencyKey:$k,side:$side){step side commitment revealOpen replayed ${RECEIPT}}}`;
export const REVEAL = `mutation($g:ID!,$s:Int!,$o:JSON!,$salt:String!,$k:String!,$side:String){revealOrders(gameId:$g,step:$s,orders:$o,salt:$salt,idempotencyKey:$k,side:$side){step side ordersHash stepComplete replayed ${RECEIPT}}}`;
export const SUBMIT_R = `mutation($g:ID!,$s:Int!,$o:JSON!,$k:String!){submitOrders(gameId:$g,step:$s,orders:$o,idempotencyKey:$k){step side ordersHash stepComplete ${RECEIPT}}}`;
export const LIVE = `query($id:ID!,$side:String){game(id:$id,side:$side){viewer view myPrompts{side kind secret description choices defaultOrders} game{step status seed seedHash} commitments{side committed revealed} revealOpen events{seq step type data rolls}}}`;
export const REPLAY = `query($g:ID!,$s:Int!,$side:String){replay(gameId:$g,step:$s,side:$side){step viewer view myPrompts{side kind secret description choices defaultOrders} events{seq step type data rolls}}}`;
export const EXPORT = `query($g:ID!,$side:String){gameExport(gameId:$g,side:$side)}`;

export const newSalt = () => randomBytes(16).toString('hex');

/** These tests play whole games and poll: the API's rate limits are not what they test. */
export const UNLIMITED = { RATE_LIMIT_PER_IP: '0', RATE_LIMIT_PER_TOKEN: '0' };

export async function commit(base: string, p: Player, gameId: string, step: number, orders: unknown, salt: string) {
  return as(base, p, COMMIT, { g: gameId, s: step, c: commitmentOf(orders, salt), k: randomUUID() });
}

export async function reveal(base: string, p: Player, gameId: string, step: number, orders: unknown, salt: string) {
  return as(base, p, REVEAL, { g: gameId, s: step, o: orders, salt, k: randomUUID() });
}

/** The fixture's orders: equal bids (so ties roll dice), the last prize, always challenge. */
export function ordersFor(prompt: { kind: string; choices: any }, note: string) {
  if (prompt.kind === 'bid') return { bid: Math.min(1, prompt.choices.max), note };
  if (prompt.kind === 'claim') return { prize: prompt.choices[prompt.choices.length - 1] };
  return { accept: false };
}

export interface Played {
  /** What each side saw when each step opened: the raw JSON of `view` and `myPrompts`. */
  seen: Record<number, Record<string, { view: string; myPrompts: string }>>;
  receipts: any[];
  notes: Record<string, string[]>;
}

/**
 * Plays until the game ends (or reaches `untilStep`): secret prompts by commit–reveal when
 * `commitReveal(step)` says so, plain sealed orders otherwise.
 */
export async function play(
  base: string,
  players: Record<string, Player>,
  gameId: string,
  opts: { commitReveal: (step: number) => boolean; untilStep?: number },
): Promise<Played> {
  const out: Played = { seen: {}, receipts: [], notes: Object.fromEntries(Object.keys(players).map((s) => [s, []])) };
  const first = Object.values(players)[0];
  for (let guard = 0; guard < 40; guard++) {
    const now = await view(base, first, gameId);
    if (now.game.status !== 'ACTIVE' || (opts.untilStep && now.game.step >= opts.untilStep)) return out;
    const step = now.game.step;
    const pending: { p: Player; orders: unknown; salt: string }[] = [];
    // Every side's view is read before anyone submits: a submission that completes the step would
    // otherwise race the next side's read (its step and its view could straddle the resolution).
    const lives: Record<string, any> = {};
    for (const [side, p] of Object.entries(players)) {
      const live = (await as(base, p, LIVE, { id: gameId, side })).data.game;
      expect(live.game.step).toBe(step); // nobody has submitted yet: the step cannot have moved
      out.seen[step] ??= {};
      out.seen[step][side] = { view: JSON.stringify(live.view), myPrompts: JSON.stringify(live.myPrompts) };
      lives[side] = live;
    }
    for (const [side, p] of Object.entries(players)) {
      const live = lives[side];
      const prompt = live.myPrompts[0];
      if (!prompt) continue;
      const note = `SECRET-${side}-${step}-${randomBytes(3).toString('hex')}`;
      const orders = ordersFor(prompt, note);
      if (prompt.kind === 'bid') out.notes[side].push(note);
      if (prompt.secret && opts.commitReveal(step)) {
        const salt = newSalt();
        const r = await commit(base, p, gameId, step, orders, salt);
        expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
        out.receipts.push(r.data.commitOrders.receipt);
        pending.push({ p, orders, salt });
      } else {
        const r = await as(base, p, SUBMIT_R, { g: gameId, s: step, o: orders, k: randomUUID() });
        expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
        out.receipts.push(r.data.submitOrders.receipt);
      }
    }
    for (const x of pending) {
      const r = await reveal(base, x.p, gameId, step, x.orders, x.salt);
      expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
      out.receipts.push(r.data.revealOrders.receipt);
    }
    await waitFor(async () => (await view(base, first, gameId)).game.step > step);
  }
  throw new Error('the game did not end');
}

/** Runs `npm run verify -- <file> [...]` as a child process (with --json unless `human`). */
export function runVerifier(
  file: string,
  extra: string[] = [],
  human = false,
): Promise<{ code: number; report: any; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '-s', 'verify', '--', file, ...(human ? [] : ['--json']), ...extra], {
      cwd: ROOT,
      env: { ...process.env, WARPOST_EXTRA_MODULES: FIXTURE },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('exit', (code) => {
      let report: any = null;
      try {
        report = JSON.parse(stdout);
      } catch {
        /* left null: the test shows stdout */
      }
      resolve({ code: code ?? -1, report, stdout, stderr });
    });
  });
}
