/** The typed client example (examples/client.ts) plays a whole game against a real server. */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROOT, startStack, type Stack } from '../helpers/stack.js';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack('services');
  await stack.spawnWorker();
});
afterAll(async () => stack?.close());

it('logs in, joins, submits orders and follows events until the game ends', async () => {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', join(ROOT, 'examples/client.ts'), '--demo', '--url', stack.base, '--module', 'sealed-bid', '--scenario', 'short'], {
    cwd: ROOT,
    timeout: 60_000,
  });
  expect(stdout).toMatch(/sent bid orders/);
  expect(stdout).toMatch(/game-finished/);
  expect(stdout.match(/the game is over/g)).toHaveLength(2);
}, 90_000);
