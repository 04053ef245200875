/**
 * Browser-test helpers: builds the client once per run, launches Debian's Chromium through
 * playwright-core (no browser download), and runs axe-core in a page.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { build } from 'vite';
import { WEB_BUILD_DIR } from '#api/http/web-client.js';

/** The repository root (not from ../helpers/stack.ts, which needs vitest: the bench builds and launches with these too). */
const ROOT = resolve(import.meta.dirname, '../..');

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Builds web/ into the folder the server serves (the same build `npm start` makes). Under vitest
 * NODE_ENV is `test`, which would give a development build (JSX with source locations, 50 % larger):
 * the build runs as production, as `npm start` runs it.
 */
export async function buildClient() {
  const env = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile: join(ROOT, 'web/vite.config.ts'), logLevel: 'warn' });
  } finally {
    if (env === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = env;
  }
  return WEB_BUILD_DIR;
}

export function builtAssets(): { file: string; bytes: number }[] {
  const dir = join(WEB_BUILD_DIR, 'assets');
  return readdirSync(dir).map((f) => ({ file: join(dir, f), bytes: statSync(join(dir, f)).size }));
}

export async function launch(): Promise<Browser> {
  if (!existsSync(CHROMIUM))
    throw new Error(
      `Chromium is not at ${CHROMIUM}: npm test installs Debian's chromium package (scripts/ensure-services.sh)`,
    );
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
}

/** Collects console errors and uncaught exceptions of a page. */
export function watchErrors(page: Page, into: string[]) {
  page.on('console', (m) => m.type() === 'error' && into.push(`console: ${m.text()}`));
  page.on('pageerror', (e) => into.push(`pageerror: ${e.message}`));
}

/** The password every browser test's accounts use. */
export const PASSWORD = 'correct horse battery';

/**
 * A new player signed up through the page's own form, in a browser context of its own. bypassCSP
 * lets axe-core's script be injected; the app itself runs under the page's CSP in other tests.
 */
export async function signUp(
  browser: Browser,
  base: string,
  name: string,
  opts: { errors: string[]; viewport?: { width: number; height: number }; contexts?: BrowserContext[] },
): Promise<Page> {
  const ctx = await browser.newContext({ viewport: opts.viewport ?? { width: 1280, height: 900 }, bypassCSP: true });
  opts.contexts?.push(ctx);
  const page = await ctx.newPage();
  watchErrors(page, opts.errors);
  await page.goto(`${base}/`);
  await page.getByRole('button', { name: 'Create one' }).click();
  await page.getByLabel('User name').fill(name);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('heading', { name: 'My games' }).waitFor();
  return page;
}

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/** Runs axe-core (WCAG 2 A and AA rules) and returns the serious and critical violations. */
export async function seriousA11yViolations(page: Page): Promise<AxeViolation[]> {
  await page.addScriptTag({ path: AXE });
  const result = await page.evaluate(async () => {
    const axe = (
      globalThis as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    return axe.run((globalThis as unknown as { document: unknown }).document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
  });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }));
}
