/**
 * The set-up every browser-test file shares: the client built, the API in process with `modules`
 * registered and a resolution worker in its own process, and Chromium; all closed after the file.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { AnyModule } from '#engine/contract.js';
import { startStack, type Stack } from '../helpers/stack.js';
import { buildClient, launch, signUp } from './browser.js';

type Viewport = { width: number; height: number };

export interface BrowserStack {
  readonly stack: Stack;
  readonly browser: Browser;
  /** Console errors and uncaught exceptions of every page a player opened. */
  readonly errors: string[];
  /** Every browser context a player opened. */
  readonly contexts: BrowserContext[];
  /** A new player signed up through the page, in a context of its own. */
  player(name: string, viewport?: Viewport): Promise<Page>;
}

export function useBrowserStack(
  modules: AnyModule[],
  o: { env?: Record<string, string>; viewport?: Viewport } = {},
): BrowserStack {
  let stack: Stack | undefined;
  let browser: Browser | undefined;
  const errors: string[] = [];
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    await buildClient();
    stack = await startStack('services', o.env);
    for (const m of modules) stack.booted.platform.modules.register(m); // the worker process loads the shipped modules itself
    await stack.spawnWorker();
    browser = await launch();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });
  return {
    get stack() {
      return stack!;
    },
    get browser() {
      return browser!;
    },
    errors,
    contexts,
    player: (name, viewport = o.viewport) => signUp(browser!, stack!.base, name, { errors, viewport, contexts }),
  };
}
