/**
 * What the play-by-clicking tests share: a game created from the lobby form and joined from the
 * open games list, waiting for a step or a prompt to open live, and sending a legal draft.
 */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

export const STEP_TIMEOUT = 60_000;

/**
 * One player creates from the lobby form, the other joins from the open games list. Other test
 * files open games in the same database: the game is found by its creator's seat (a unique name).
 * `options`: module options chosen in the form's lists (by option id).
 */
export async function startGame(
  creator: Page,
  creatorName: string,
  joiner: Page,
  module: string,
  side: string,
  other: string,
  options: Record<string, string> = {},
) {
  await creator.getByLabel('Game', { exact: true }).selectOption(module);
  await creator.getByLabel('Your side').selectOption(side);
  for (const [id, value] of Object.entries(options)) await creator.locator(`#f-option-${id}`).selectOption(value);
  await creator.getByRole('button', { name: 'Create game' }).click();
  await creator.waitForURL(/\/games\/[^/]+$/);
  await joiner.getByRole('button', { name: 'Refresh' }).click();
  const game = joiner.getByRole('listitem').filter({ hasText: `${side} (${creatorName})` });
  await game.getByRole('button', { name: new RegExp(`as ${other}$`) }).click();
  await joiner.waitForURL(creator.url());
}

/** A private one-round Sealed Bid game created from the lobby's form, the creator as north; its page's URL. */
export async function createPrivateSealedBid(creator: Page): Promise<string> {
  await creator.getByLabel('Game', { exact: true }).selectOption({ label: 'Sealed Bid (test fixture)' });
  await creator.getByLabel('Scenario').selectOption({ label: 'One round' });
  await creator.getByLabel('Your side').selectOption('north');
  await creator.getByLabel('Listed publicly').uncheck();
  await creator.getByRole('button', { name: 'Create game' }).click();
  await creator.waitForURL(/\/games\/[^/]+$/);
  return creator.url();
}

export const stepOf = async (page: Page) =>
  Number(/step (\d+)/.exec(await page.locator('.game-head').innerText())?.[1] ?? NaN);
export const waitStep = (page: Page, step: number) =>
  expect.poll(() => stepOf(page), { timeout: STEP_TIMEOUT }).toBe(step);
export const map = (page: Page) => page.getByRole('application', { name: /map/ }).first();

/** The form of a prompt, once its step has opened on this page (live, without a reload). */
export async function prompt(page: Page, name: string): Promise<Locator> {
  const form = page.getByRole('region', { name, exact: true });
  await form.waitFor({ timeout: STEP_TIMEOUT });
  return form;
}

export async function legal(form: Locator) {
  await form.getByText('These orders are legal.').waitFor({ timeout: 20_000 });
}

/** Commits a sealed prompt's drafted orders from its form (hash only; the page keeps orders and salt). */
export async function commitFromForm(form: Locator) {
  await legal(form);
  await form.getByRole('button', { name: 'Commit (hash only)' }).click();
  await form
    .getByText(/^Committed/)
    .first()
    .waitFor();
}

/**
 * Sends a prompt's orders from its form. Sent is "Orders sent" in the form, or the page at a later
 * step: a step only this side owed may resolve at once, and the next prompt of the same name (a
 * side placing twice running) takes the form's place before the text is seen.
 */
export async function send(form: Locator) {
  await legal(form);
  const page = form.page();
  const before = await stepOf(page);
  await form.getByRole('button', { name: 'Submit orders' }).click();
  await expect
    .poll(async () => (await stepOf(page)) > before || (await form.getByText(/^Orders sent/).count()) > 0, {
      timeout: STEP_TIMEOUT,
    })
    .toBe(true);
}

/** Clicks a hex of the map, as a player does (a counter on it takes the click just the same). */
export async function clickHex(page: Page, hex: string) {
  await map(page).locator(`g.hex[data-hex="${hex}"] polygon`).click({ force: true });
}

/** The page's access token and game id, for what a test reads or fast-forwards through the API. */
export async function sessionOf(page: Page): Promise<{ token: string; gameId: string }> {
  const token = (await page.evaluate(`JSON.parse(localStorage.getItem('warpost:session')).accessToken`)) as string;
  return { token, gameId: page.url().split('/').pop()! };
}
