/** The typed client example (examples/client.ts) plays a whole game against a real server, as the README documents. */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql } from '../helpers/gql.js';
import { ROOT, startStack, type Stack } from '../helpers/stack.js';

const PASSWORD = 'correct horse battery';

/** Runs `npx tsx examples/client.ts --demo …` (tsx through node, as npx would) with a bounded time. */
async function runDemo(stack: Stack, timeout: number) {
  const user = `demo_${randomUUID().slice(0, 6)}`;
  const started = Date.now();
  const { stdout, stderr } = await promisify(execFile)(
    process.execPath,
    [
      '--import',
      'tsx',
      join(ROOT, 'examples/client.ts'),
      '--demo',
      '--url',
      stack.base,
      '--module',
      'sealed-bid',
      '--scenario',
      'short',
      '--user',
      user,
      '--password',
      PASSWORD,
    ],
    { cwd: ROOT, timeout },
  );
  const gameId = stdout.match(/^game (\S+)/m)?.[1];
  expect(gameId, stdout).toBeTruthy();
  const login = await gql(stack.base, `mutation($u:String!,$p:String!){login(username:$u,password:$p){accessToken}}`, {
    u: `${user}_a`,
    p: PASSWORD,
  });
  const game = await gql(
    stack.base,
    `query($g:ID!){game(id:$g){game{status} outcome{winner summary}}}`,
    { g: gameId },
    login.data.login.accessToken,
  );
  expect(game.errors, JSON.stringify(game.errors)).toBeUndefined();
  return { stdout, stderr, ms: Date.now() - started, game: game.data.game };
}

describe('the documented demo', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack('services');
    await stack.spawnWorker();
  });
  afterAll(async () => stack?.close());

  it('logs in, joins, submits orders and follows events until the game reaches its outcome', async () => {
    const { stdout, game } = await runDemo(stack, 40_000);
    expect(stdout).toMatch(/sent bid orders/);
    expect(stdout).toMatch(/game-finished/);
    expect(stdout.match(/the game is over/g)).toHaveLength(2);
    expect(game.game.status).toBe('FINISHED');
    expect(game.outcome).not.toBeNull();
  }, 60_000);
});

describe('a game longer than the access token lives', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack('services', { ACCESS_TOKEN_TTL_SECONDS: '3' });
    await stack.spawnWorker({ WARPOST_FAULT_RESOLVE_DELAY_MS: '2500' }); // every step takes longer than a token lives
  });
  afterAll(async () => stack?.close());

  it('refreshes its 3-second access token and still plays to the end', async () => {
    const { stdout, stderr, ms, game } = await runDemo(stack, 45_000);
    expect(ms).toBeGreaterThan(3_000 * 2); // the game outlived two tokens
    expect(stdout).toMatch(/game-finished/);
    expect(stdout.match(/the game is over/g)).toHaveLength(2);
    expect(stderr).not.toMatch(/TOKEN_EXPIRED|UNAUTHENTICATED/);
    expect(game.game.status).toBe('FINISHED');
  }, 70_000);
});
