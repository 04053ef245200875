/**
 * The reference browser client end to end, in Chromium against the real server: two players
 * register, one creates a Sealed Bid game from the lobby form and the other joins, both draft and
 * send their sealed bids through the order forms, and the next prompt and the event log follow
 * live. No console errors; no serious or critical accessibility violations on the lobby or the
 * game page. Short access tokens (6 s) make the client refresh them during the test.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, startStack, type Stack } from '../helpers/stack.js';
import { buildClient, launch, seriousA11yViolations, watchErrors } from './browser.js';

const PASSWORD = 'correct horse battery';
/** WARPOST_SCREENSHOTS=1 refreshes the README's screenshots (docs/screenshots/). */
const SHOTS = process.env.WARPOST_SCREENSHOTS === '1' ? join(ROOT, 'docs/screenshots') : undefined;

describe('browser client', () => {
  let stack: Stack;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const errors: string[] = [];

  beforeAll(async () => {
    await buildClient();
    stack = await startStack('services', { ACCESS_TOKEN_TTL_SECONDS: '6' });
    await stack.spawnWorker();
    browser = await launch();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  async function player(name: string, viewport = { width: 1280, height: 900 }): Promise<Page> {
    // bypassCSP lets axe-core's script be injected; the app itself runs under the page's CSP in other tests.
    const ctx = await browser.newContext({ viewport, bypassCSP: true });
    contexts.push(ctx);
    const page = await ctx.newPage();
    watchErrors(page, errors);
    await page.goto(`${stack.base}/`);
    await page.getByRole('button', { name: 'Create one' }).click();
    await page.getByLabel('User name').fill(name);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'My games' }).waitFor();
    return page;
  }

  async function orders(page: Page, side: string, json: string) {
    const form = page.getByRole('region', { name: `${side}: bid (sealed)` });
    await form.getByLabel('Orders (JSON)').fill(json);
    return form;
  }

  it('two players create, join and play a sealed step through the forms', async () => {
    const suffix = Math.random().toString(36).slice(2, 7);
    const alice = await player(`alice_${suffix}`);
    const bob = await player(`bob_${suffix}`);

    // Lobby: the new-game form is built from the module's scenarios and options.
    await alice.getByLabel('Game', { exact: true }).selectOption({ label: 'Sealed Bid (test fixture)' });
    await alice.getByLabel('Scenario').selectOption({ label: 'One round' });
    await expect.poll(() => alice.getByLabel('Starting budget of each side.').inputValue()).toBe('10');
    await alice.getByLabel('Your side').selectOption('north');
    expect(await seriousA11yViolations(alice), 'lobby').toEqual([]);
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
    await alice.getByRole('button', { name: 'Create game' }).click();
    await alice.waitForURL(/\/games\/[^/]+$/);
    const gameUrl = alice.url();

    await bob.getByRole('button', { name: 'Refresh' }).click();
    await bob.getByRole('button', { name: /as south$/ }).first().waitFor();
    if (SHOTS) await bob.screenshot({ path: join(SHOTS, 'lobby.png'), fullPage: true });
    await bob.getByRole('button', { name: /as south$/ }).first().click();
    await bob.waitForURL(gameUrl);

    // The game started when bob sat down: alice's page follows live, then both owe a sealed bid.
    const northForm = await orders(alice, 'north', '{"bid": 99, "note": "all in"}');
    // Dry-run validation as one drafts: the module's own sentence comes back.
    await northForm.getByText('You have 10 to bid.').waitFor();
    await orders(alice, 'north', '{"bid": 4, "note": "steady"}');
    await northForm.getByText('These orders are legal.').waitFor();
    // The draft survives a reload (localStorage).
    await alice.reload();
    expect(await alice.getByLabel('Orders (JSON)').inputValue()).toContain('"steady"');
    await alice.getByRole('button', { name: 'Submit orders' }).click();
    await alice.getByText('Orders sent and sealed.').waitFor();

    const southForm = await orders(bob, 'south', '{"bid": 1}');
    await southForm.getByText('These orders are legal.').waitFor();
    expect(await seriousA11yViolations(bob), 'game page').toEqual([]);
    await bob.getByRole('button', { name: 'Submit orders' }).click();

    // North bid more: the next prompt is north's open claim, shown without a reload.
    await alice.getByRole('region', { name: 'north: claim' }).waitFor({ timeout: 30_000 });
    await bob.getByRole('heading', { name: 'Event log' }).waitFor();
    await expect.poll(() => bob.locator('.log li').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await bob.locator('.log').innerText()).not.toContain('steady'); // north's note is north's alone
    if (SHOTS) await alice.screenshot({ path: join(SHOTS, 'game.png'), fullPage: true });

    // Registered over 6 s ago with 6 s access tokens: a live expiry means the client refreshed them.
    const stored = await alice.evaluate(`JSON.parse(localStorage.getItem('warpost:session') ?? 'null')`) as { expiresAt: number };
    expect(stored.expiresAt).toBeGreaterThan(Date.now());
    await alice.goto(`${stack.base}/`);
    await alice.getByText('Your turn (north)').waitFor();

    expect(errors).toEqual([]);
  }, 120_000);

  it('fits a phone: one column under 700 px, and the page is served under its own CSP', async () => {
    const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
    contexts.push(ctx);
    const page = await ctx.newPage();
    const own: string[] = [];
    watchErrors(page, own);
    const res = await page.goto(`${stack.base}/login`);
    expect(res?.headers()['content-security-policy']).toContain("default-src 'self'");
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    const overflow = await page.evaluate('document.documentElement.scrollWidth - window.innerWidth') as number;
    expect(overflow).toBeLessThanOrEqual(0);
    expect(own).toEqual([]);
  });

  it('leaves the API routes alone', async () => {
    const api = await fetch(`${stack.base}/api/v1/nope`);
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toContain('application/json');
    const gq = await fetch(`${stack.base}/graphql?query=${encodeURIComponent('{__typename}')}`);
    expect(await gq.json()).toEqual({ data: { __typename: 'Query' } });
    expect((await fetch(`${stack.base}/games/x/y`)).status).toBe(404);
  });
});
