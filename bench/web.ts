/**
 * Time to interactive of a game page (issue 19): the built client served by a real API process,
 * Chromium through playwright-core. Each load is a cold one (a fresh browser context, the HTTP
 * cache cleared after logging in); it is timed from the navigation to the game page until the
 * map is drawn (every hex of the first board) and the first prompt's controls are there and
 * enabled (its first field and its Submit button). Run with no CPU throttle and with CDP
 * `Emulation.setCPUThrottlingRate` (4: a mid-range phone). Figures, not assertions.
 * Loads alternate between the page as served and the same page with its chunk preloads taken out
 * (both go through the same request interception), so the preloads' gain is read within one run
 * whatever the machine's load.
 * `BENCH_WEB_PROFILE=DIR` adds one untimed load per throttle with a V8 CPU profile of the page
 * (`DIR/web-<n>x.cpuprofile`, for bench/profile-summary.ts) and prints that load's requests.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { buildClient, launch, PASSWORD } from '../test/web/browser.js';
import { startProcess, stop, summarise } from './common.js';
import { driver, makeGames, processEnv, type BenchEnv, type GameKind } from './setup.js';

const round = (ms: number) => Math.round(ms);

/** Installed before the page's own scripts: records when the page is first interactive. */
const watch = (hexes: number) => `(() => {
  const ready = () => {
    const hexes = document.querySelectorAll('svg.map g.hex').length;
    const form = document.querySelector('section.prompt form');
    const field = form && form.querySelector('input:not([disabled]), select:not([disabled])');
    const submit = form && form.querySelector('button[type=submit]:not([disabled])');
    return hexes === ${hexes} && !!field && !!submit;
  };
  const obs = new MutationObserver(() => { if (ready()) { window.__tti = performance.now(); obs.disconnect(); } });
  obs.observe(document, { childList: true, subtree: true, attributes: true });
})();`;

async function loadOnce(
  browser: Browser,
  url: string,
  gamePath: string,
  user: string,
  hexes: number,
  throttle: number,
  opts: { profile?: string; withoutPreloads?: boolean } = {},
) {
  const { profile } = opts;
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${url}/login`);
    await page.getByLabel('User name').fill(user);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: 'My games' }).waitFor();
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    await page.addInitScript(watch(hexes));
    await page.route(`${url}${gamePath}`, async (route) => {
      const response = await route.fetch();
      const html = await response.text();
      const body = opts.withoutPreloads ? html.replace(/<link rel="modulepreload"[^>]*>/g, '') : html;
      await route.fulfill({ response, body });
    });
    if (profile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    await page.goto(`${url}${gamePath}`);
    // Function predicates, not strings: the page's CSP forbids eval.
    await page.waitForFunction(() => (globalThis as { __tti?: number }).__tti !== undefined, undefined, {
      timeout: 60_000,
      polling: 100,
    });
    if (errors.length) throw new Error(`the page failed: ${errors.join('; ')}`);
    const tti = await page.evaluate(() => (globalThis as unknown as { __tti: number }).__tti);
    if (profile) {
      const { profile: cpu } = await cdp.send('Profiler.stop');
      writeFileSync(profile, JSON.stringify(cpu));
      const requests = await page.evaluate(() =>
        (
          globalThis as unknown as {
            performance: { getEntriesByType(t: string): { name: string; startTime: number; responseEnd: number }[] };
          }
        ).performance
          .getEntriesByType('resource')
          .map((e) => `${Math.round(e.startTime)}–${Math.round(e.responseEnd)} ms ${new URL(e.name).pathname}`),
      );
      console.log(`${throttle}x profiled load, interactive at ${Math.round(tti)} ms:\n  ${requests.join('\n  ')}`);
    }
    // Where the time went: when the scripts, the boards and the last GraphQL answer before the page was interactive had arrived (ms after navigation).
    // No named helper inside the page function: tsx would wrap it in __name, which the page lacks.
    const arrived = (re: string) =>
      page.evaluate(
        ([pattern, before]) =>
          Math.max(
            0,
            ...(
              globalThis as unknown as {
                performance: { getEntriesByType(t: string): { name: string; responseEnd: number }[] };
              }
            ).performance
              .getEntriesByType('resource')
              .filter((e) => new RegExp(pattern).test(e.name) && e.responseEnd <= before)
              .map((e) => e.responseEnd),
          ),
        [re, tti] as const,
      );
    return {
      tti,
      scripts: await arrived(String.raw`/assets/.*\.js$`),
      boards: await arrived(String.raw`/boards$`),
      graphql: await arrived(String.raw`/graphql$`),
    };
  } finally {
    await ctx.close();
  }
}

/**
 * `loads` cold loads of one game page per throttle, viewed by the side that owes the first
 * prompt (`kind.sides[owner]`); `hexes`: how many the first board has.
 */
export async function benchPageInteractive(
  env: BenchEnv,
  kind: GameKind,
  opts: { owner: 0 | 1; hexes: number; loads?: number; throttles?: number[] },
) {
  const loads = opts.loads ?? 7;
  await buildClient();
  const port = '3897';
  const url = `http://127.0.0.1:${port}`;
  const api = await startProcess(
    'src/main.ts',
    processEnv(env, { PORT: port, LOG_LEVEL: 'info', LOG_REQUESTS: 'false', WARPOST_INLINE_WORKER: 'true' }),
    'Warpost listening',
  );
  const d = await driver(env);
  let browser: Browser | undefined;
  try {
    // The browser tests' password, so the page's own form logs in.
    const [pair] = await makeGames(d, 1, { kind, pairs: 1, password: PASSWORD });
    const user = [pair.north, pair.south][opts.owner].principal.username;
    browser = await launch();
    type Runs = Awaited<ReturnType<typeof loadOnce>>[];
    const stats = (runs: Runs) => {
      const times = runs.map((r) => r.tti);
      const s = summarise(times);
      const median = (k: 'scripts' | 'boards' | 'graphql') => round(summarise(runs.map((r) => r[k])).p50);
      return {
        loads: runs.length,
        medianMs: round(s.p50),
        minMs: round(Math.min(...times)),
        maxMs: round(s.max),
        medianArrivedMs: { scripts: median('scripts'), boards: median('boards'), graphql: median('graphql') },
      };
    };
    const out: Record<string, ReturnType<typeof stats> & { withoutPreloads: ReturnType<typeof stats> }> = {};
    for (const throttle of opts.throttles ?? [1, 4]) {
      const runs: Runs = [];
      const bare: Runs = [];
      await loadOnce(browser, url, `/games/${pair.gameId}`, user, opts.hexes, throttle); // warm the server's caches, not timed
      for (let i = 0; i < loads; i++) {
        runs.push(await loadOnce(browser, url, `/games/${pair.gameId}`, user, opts.hexes, throttle));
        bare.push(
          await loadOnce(browser, url, `/games/${pair.gameId}`, user, opts.hexes, throttle, { withoutPreloads: true }),
        );
      }
      // One more load, profiled and untimed (the profiler slows the page down).
      const profileDir = process.env.BENCH_WEB_PROFILE;
      if (profileDir)
        await loadOnce(browser, url, `/games/${pair.gameId}`, user, opts.hexes, throttle, {
          profile: join(profileDir, `web-${throttle}x.cpuprofile`),
        });
      out[`cpuThrottle${throttle}x`] = { ...stats(runs), withoutPreloads: stats(bare) };
    }
    return out;
  } finally {
    await browser?.close();
    await d.shutdown();
    await stop(api);
  }
}
