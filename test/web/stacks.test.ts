/**
 * Issue 19, deep stacks: the map draws a stack's top three counters, and its badge lists every
 * counter of the stack on the map itself (a dialog beside it), by keyboard or by mouse, each with
 * its face and its full name; picking one fills a piece field as a click on a counter does.
 * - Cerberus: the Cetian set-up's default placements leave four counters on one hex; the Human
 *   opens its list from the keyboard (Tab to the badge, Enter), reads the fourth, and closes it with Escape.
 * - Prefect Space: a sector holds a deep stack of Task Forces; the list opened with a click names
 *   the TF a missions field wants, and picking it fills the field.
 * - Prefect (planetary): after the commit–reveal assignment, the first default placement stacks a
 *   whole task force on one hex; a press outside its list closes it.
 * No console errors; no serious accessibility violation with a list open.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import cerberus from '#games/cerberus/index.js';
import prefect from '#games/prefect/planetary/module/index.js';
import prefectSpace from '#games/prefect/space/module/index.js';
import { seriousA11yViolations } from './browser.js';
import { useBrowserStack } from './page-stack.js';
import { commitFromForm, legal, map, prompt, send, startGame, waitStep } from './turns.js';

/** The stacks of more than three counters the map shows, with their sizes. */
async function deepStacks(page: Page): Promise<Map<string, number>> {
  const labels = await map(page)
    .locator('g.stack-badge')
    .evaluateAll((els) => els.map((e) => [e.getAttribute('data-stack') ?? '', e.getAttribute('aria-label') ?? '']));
  const out = new Map<string, number>();
  for (const [at, label] of labels) {
    const n = Number(/stack of (\d+) counters/.exec(label)?.[1]);
    if (n > 3) out.set(at, n);
  }
  return out;
}

/** The counters a stack draws on the map, by id. */
const drawn = (page: Page, at: string) =>
  map(page)
    .locator(`g.counter[data-at="${at}"]`)
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-piece') ?? ''));

/** The open list's counters, by id, once it has `n`. */
async function listed(list: Locator, n: number) {
  await expect.poll(() => list.locator('button[data-piece]').count()).toBe(n);
  return list.locator('button[data-piece]').evaluateAll((els) => els.map((e) => e.getAttribute('data-piece') ?? ''));
}

describe('browser client: every counter of a deep stack from the map', () => {
  const web = useBrowserStack([cerberus, prefect, prefectSpace], { viewport: { width: 1400, height: 1000 } });
  const { errors, player } = web;
  const stackList = (page: Page) => page.getByRole('dialog', { name: /counters?$/ });

  it('Cerberus: a hex of four counters lists all four from the keyboard', async () => {
    const suffix = Math.random().toString(36).slice(2, 7);
    const cetian = await player(`skcet_${suffix}`);
    const human = await player(`skhum_${suffix}`);
    await startGame(cetian, `skcet_${suffix}`, human, 'cerberus', 'CETIAN', 'HUMAN');
    await send(await prompt(cetian, 'CETIAN: setup-cetian'));
    await prompt(human, 'HUMAN: setup-human');

    const deep = await deepStacks(human);
    expect(deep.size).toBeGreaterThan(0);
    const [at, n] = [...deep][0];
    const onMap = await drawn(human, at);
    expect(onMap).toHaveLength(3);

    // The badge is a button in the tab order; Enter on it opens its list, focused on the first counter.
    const badge = map(human).locator(`g.stack-badge[data-stack="${at}"]`);
    expect(await badge.getAttribute('tabindex')).toBe('0');
    await badge.focus();
    expect(await badge.getAttribute('aria-expanded')).toBe('false');
    await human.keyboard.press('Enter');
    const list = stackList(human);
    await list.waitFor();
    expect(await badge.getAttribute('aria-expanded')).toBe('true');
    expect(await list.getByRole('heading').count()).toBe(0);
    const place = /^(.*): stack of/.exec((await badge.getAttribute('aria-label')) ?? '')![1];
    expect(place).toMatch(/^Hex /);
    expect(await list.innerText()).toContain(`${place}: ${n} counters`);
    const all = await listed(list, n);
    // Every drawn counter is listed, and so is each the map could not draw; the enemy's are named by their opaque ids.
    expect(all).toEqual(expect.arrayContaining(onMap));
    const hiddenOnes = all.filter((id) => !onMap.includes(id));
    expect(hiddenOnes.length).toBe(n - 3);
    for (const id of hiddenOnes)
      expect(await list.locator(`button[data-piece="${id}"] span`).innerText()).toMatch(new RegExp(`^Hidden .*${id}`));
    expect(await human.evaluate(`document.activeElement.getAttribute('data-piece')`)).toBe(all[0]);
    expect(await list.locator('svg.stack-face').count()).toBe(n);
    expect(await seriousA11yViolations(human), 'Cerberus page with a stack listed').toEqual([]);

    await human.keyboard.press('Escape');
    await expect.poll(() => list.count()).toBe(0);
    expect(await human.evaluate(`document.activeElement.getAttribute('data-stack')`)).toBe(at);
    expect(errors).toEqual([]);
  }, 240_000);

  it('Prefect Space: a TF picked from its sector’s list fills the missions field', async () => {
    const suffix = Math.random().toString(36).slice(2, 7);
    const tog = await player(`sktog_${suffix}`);
    const cw = await player(`skcw_${suffix}`);
    await startGame(tog, `sktog_${suffix}`, cw, 'prefect-space', 'TOG', 'CW');
    const form = await prompt(cw, 'CW: missions (sealed)');
    await legal(form);

    // A TF a missions field names, in a sector stack the map cannot draw whole (one of those it could not draw, if any).
    const deep = await deepStacks(cw);
    expect(deep.size).toBeGreaterThan(0);
    const fields = form.locator('input[id$="-tf"]');
    const values = await fields.evaluateAll((els) => els.map((e) => (e as unknown as { value: string }).value));
    const list = stackList(cw);
    const badge = (at: string) => map(cw).locator(`g.stack-badge[data-stack="${at}"]`);
    let pick: { at: string; tf: string } | undefined;
    for (const [at, n] of deep) {
      await badge(at).click({ force: true });
      const all = await listed(list, n);
      const onMap = await drawn(cw, at);
      const tf = all.find((id) => values.includes(id) && !onMap.includes(id)) ?? all.find((id) => values.includes(id));
      await cw.keyboard.press('Escape');
      await expect.poll(() => list.count()).toBe(0);
      if (tf) pick = { at, tf };
      if (pick) break;
    }
    expect(pick).toBeDefined();
    const { at, tf } = pick!;
    const field = fields.nth(values.indexOf(tf));
    await field.fill('');
    await form.locator('.field-error').first().waitFor(); // an empty TF is refused as one drafts
    await field.focus();
    await badge(at).click({ force: true });
    await list.locator(`button[data-piece="${tf}"]`).click();
    expect(await field.inputValue()).toBe(tf);
    await expect.poll(() => list.count()).toBe(0);
    expect(errors).toEqual([]);
  }, 240_000);

  it('Prefect: a placed task force’s hex lists its whole stack; a press outside closes it', async () => {
    const suffix = Math.random().toString(36).slice(2, 7);
    const tog = await player(`skptog_${suffix}`);
    const cw = await player(`skpcw_${suffix}`);
    await startGame(tog, `skptog_${suffix}`, cw, 'prefect', 'TOG', 'CW');
    for (const [page, side] of [
      [tog, 'TOG'],
      [cw, 'CW'],
    ] as const) {
      await commitFromForm(await prompt(page, `${side}: setup-assign (sealed)`));
    }
    // The first placement, by whichever side places first, with its default orders: a whole task force on one hex.
    await waitStep(tog, 2);
    await waitStep(cw, 2);
    const page = (await tog.getByRole('region', { name: 'TOG: setup-place', exact: true }).count()) ? tog : cw;
    await send(await prompt(page, `${page === tog ? 'TOG' : 'CW'}: setup-place`));
    await waitStep(page, 3);

    await expect.poll(async () => (await deepStacks(page)).size).toBeGreaterThan(0);
    const [[at, n]] = [...(await deepStacks(page))];
    await map(page).locator(`g.stack-badge[data-stack="${at}"]`).click({ force: true });
    const list = stackList(page);
    const all = await listed(list, n);
    expect(all).toEqual(expect.arrayContaining(await drawn(page, at)));
    expect(new Set(all).size).toBe(n);
    expect(await seriousA11yViolations(page), 'Prefect page with a stack listed').toEqual([]);
    await page.getByRole('heading', { name: 'Event log' }).click();
    await expect.poll(() => list.count()).toBe(0);
    expect(errors).toEqual([]);
  }, 240_000);
});
