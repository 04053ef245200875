/**
 * The reference browser client end to end, in Chromium against the real server: two players
 * register, one creates a Sealed Bid game from the lobby form and the other joins, both draft and
 * send their sealed bids through the order forms, and the next prompt and the event log follow
 * live. No console errors; no serious or critical accessibility violations on the lobby or the
 * game page. Short access tokens (6 s) make the client refresh them during the test.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import prefect from '#games/prefect/planetary/module/index.js';
import { gql } from '../helpers/gql.js';
import { register } from '../helpers/play.js';
import { ROOT } from '../helpers/stack.js';
import { PASSWORD, seriousA11yViolations, watchErrors } from './browser.js';
import { useBrowserStack } from './page-stack.js';

/** WARPOST_SCREENSHOTS=1 refreshes the README's screenshots (docs/screenshots/). */
const SHOTS = process.env.WARPOST_SCREENSHOTS === '1' ? join(ROOT, 'docs/screenshots') : undefined;

describe('browser client', () => {
  const web = useBrowserStack([prefect], { env: { ACCESS_TOKEN_TTL_SECONDS: '6' } });
  const { contexts, errors, player } = web;

  /** Fills the bid form (built from the fixture's orders schema). */
  async function orders(page: Page, side: string, bid: number, note?: string) {
    const form = page.getByRole('region', { name: `${side}: bid (sealed)` });
    await form.getByLabel('Bid', { exact: true }).fill(String(bid));
    if (note !== undefined) {
      await form.getByLabel('Include note').check();
      await form.getByLabel('Note', { exact: true }).fill(note);
    }
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
    await alice.getByLabel('Time control').selectOption('fast');
    expect(await seriousA11yViolations(alice), 'lobby').toEqual([]);
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
    await alice.getByRole('button', { name: 'Create game' }).click();
    await alice.waitForURL(/\/games\/[^/]+$/);
    const gameUrl = alice.url();

    await bob.getByRole('button', { name: 'Refresh' }).click();
    // Other test files open sealed-bid games in the same database: join alice's, found by her seat.
    const aliceGame = bob.getByRole('listitem').filter({ hasText: `north (alice_${suffix})` });
    await aliceGame.getByRole('button', { name: /as south$/ }).waitFor();
    if (SHOTS) await bob.screenshot({ path: join(SHOTS, 'lobby.png'), fullPage: true });
    await aliceGame.getByRole('button', { name: /as south$/ }).click();
    await bob.waitForURL(gameUrl);

    // The game started when bob sat down: alice's page follows live, then both owe a sealed bid.
    const northForm = await orders(alice, 'north', 99, 'all in');
    // Dry-run validation as one drafts: the module's own sentence comes back.
    await northForm.getByText('You have 10 to bid.').first().waitFor();
    await orders(alice, 'north', 4);
    await northForm.getByLabel('Note', { exact: true }).fill('steady');
    await northForm.getByText('These orders are legal.').waitFor();
    // The draft survives a reload (localStorage).
    await alice.reload();
    expect(await alice.getByLabel('Note', { exact: true }).inputValue()).toBe('steady');
    expect(await alice.getByLabel('Bid', { exact: true }).inputValue()).toBe('4');
    await alice.getByRole('button', { name: 'Submit orders' }).click();
    await alice.getByText('Orders sent and sealed.').waitFor();
    // The one-hour deadline in local time, with a countdown.
    const deadline = alice.locator('.game-head .deadline');
    await expect.poll(() => deadline.innerText()).toMatch(/Deadline .+\(59 min \d+ s left\)|\(1 h 0 min left\)/);

    const southForm = await orders(bob, 'south', 1);
    await southForm.getByText('These orders are legal.').waitFor();
    expect(await seriousA11yViolations(bob), 'game page').toEqual([]);
    await bob.getByRole('button', { name: 'Submit orders' }).click();

    // North bid more: the next prompt is north's open claim, shown without a reload.
    await alice.getByRole('region', { name: 'north: claim' }).waitFor({ timeout: 30_000 });
    await bob.getByRole('heading', { name: 'Event log' }).waitFor();
    await expect.poll(() => bob.locator('.log li').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await bob.locator('.log').innerText()).not.toContain('steady'); // north's note is north's alone

    // Registered over 6 s ago with 6 s access tokens: a live expiry means the client refreshed them.
    const stored = (await alice.evaluate(`JSON.parse(localStorage.getItem('warpost:session') ?? 'null')`)) as {
      expiresAt: number;
    };
    expect(stored.expiresAt).toBeGreaterThan(Date.now());
    await alice.goto(`${web.stack.base}/`);
    await alice.getByText('Your turn (north)').waitFor();

    expect(errors).toEqual([]);
  }, 120_000);

  it('draws a Prefect board with its counters, and a board click fills a piece field of the schema-built form', async () => {
    const suffix = Math.random().toString(36).slice(2, 7);
    const tog = await register(web.stack.base, `tog_${suffix}`);
    const cw = await register(web.stack.base, `cw_${suffix}`);
    const created = await gql(
      web.stack.base,
      `mutation($i:CreateGameInput!){createGame(input:$i){id}}`,
      { i: { module: 'prefect', scenario: 'liberation', side: 'TOG' } },
      tog.token,
    );
    const id = created.data.createGame.id as string;
    await gql(web.stack.base, `mutation($g:ID!){joinGame(gameId:$g,side:"CW"){status}}`, { g: id }, cw.token);
    const boards = (await (
      await fetch(`${web.stack.base}/api/v1/modules/prefect/boards?scenario=liberation`)
    ).json()) as {
      boards: { hexes: unknown[] }[];
    };
    const hexes = boards.boards[0].hexes.length;

    const ctx = await web.browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    contexts.push(ctx);
    const page = await ctx.newPage();
    watchErrors(page, errors);
    // Log in through the form, as a player would.
    await page.goto(`${web.stack.base}/login`);
    await page.getByLabel('User name').fill(tog.name);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page
      .getByRole('link', { name: /Prefect/ })
      .first()
      .click();
    await page.waitForURL(`${web.stack.base}/games/${id}`);

    const map = page.getByRole('application', { name: /map/ });
    await map.waitFor();
    expect(await map.locator('g.hex').count()).toBe(hexes);
    await expect.poll(() => map.locator('g.counter').count()).toBeGreaterThan(0);
    // Zoom and pan change the view box (buttons and keys).
    const before = await map.getAttribute('viewBox');
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await map.focus();
    await page.keyboard.press('ArrowRight');
    expect(await map.getAttribute('viewBox')).not.toBe(before);

    const form = page.getByRole('region', { name: 'TOG: setup-assign (sealed)' });
    const pieceField = form.locator('input[data-ref="piece"]').first();
    await pieceField.fill('');
    await pieceField.focus();
    const counter = map.locator('g.counter').first();
    await counter.dispatchEvent('click');
    const picked = await pieceField.inputValue();
    // The access tokens made at registration have expired (6 s): ask as the page's refreshed session.
    const token = (await page.evaluate(`JSON.parse(localStorage.getItem('warpost:session')).accessToken`)) as string;
    const shown = await gql(web.stack.base, `query($g:ID!){game(id:$g){pieces{id}}}`, { g: id }, token);
    const pieces = shown.data.game.pieces.map((p: { id: string }) => p.id);
    expect(pieces).toContain(picked);
    await page.getByRole('button', { name: 'Fit' }).click();
    expect(await seriousA11yViolations(page), 'Prefect game page').toEqual([]);
    if (SHOTS) {
      for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Zoom in' }).click();
      await page.screenshot({ path: join(SHOTS, 'game.png') });
    }
    expect(errors).toEqual([]);
  }, 120_000);

  it('fits a phone: one column under 700 px, and the page is served under its own CSP', async () => {
    const phone = await player(`phone_${Math.random().toString(36).slice(2, 7)}`, { width: 390, height: 844 });
    await phone.getByLabel('Game', { exact: true }).selectOption({ label: 'Sealed Bid (test fixture)' });
    await phone.getByRole('button', { name: 'Create game' }).click();
    await phone.waitForURL(/\/games\/[^/]+$/);
    await phone.getByRole('heading', { name: 'Event log' }).waitFor();
    const board = (await phone.locator('.board-area').boundingBox())!;
    const panel = (await phone.locator('.side-panel').boundingBox())!;
    expect(panel.y).toBeGreaterThanOrEqual(board.y + board.height); // stacked, not side by side
    expect(await phone.evaluate('document.documentElement.scrollWidth - window.innerWidth')).toBeLessThanOrEqual(0);

    const ctx = await web.browser.newContext({ viewport: { width: 390, height: 844 } });
    contexts.push(ctx);
    const page = await ctx.newPage();
    const own: string[] = [];
    watchErrors(page, own);
    const res = await page.goto(`${web.stack.base}/login`);
    expect(res?.headers()['content-security-policy']).toContain("default-src 'self'");
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    const overflow = (await page.evaluate('document.documentElement.scrollWidth - window.innerWidth')) as number;
    expect(overflow).toBeLessThanOrEqual(0);
    expect(own).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('leaves the API routes alone', async () => {
    const api = await fetch(`${web.stack.base}/api/v1/nope`);
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toContain('application/json');
    const gq = await fetch(`${web.stack.base}/graphql?query=${encodeURIComponent('{__typename}')}`);
    expect(await gq.json()).toEqual({ data: { __typename: 'Query' } });
    expect((await fetch(`${web.stack.base}/games/x/y`)).status).toBe(404);
  });
});
