/**
 * Issue 19, "play a full turn against each other by clicking": in Chromium, two browser contexts
 * register, create and join a game from the lobby, and play by clicking the map and the forms
 * built from the orders schemas, each page following the other's moves live.
 * - Cerberus: both set-ups (14.1) and game turn 1 (3.1: the phase plans of both sides, the Cetian
 *   moving a unit clicked on the globe, then the Human and the Cetian strategic segments), until
 *   turn 2 opens; then the replay slider, and a pause and a resume voted by both players.
 * - Prefect (planetary): the sealed task-force assignment by commit–reveal, the alternating
 *   placements clicked on Ku Crassus, and planetary turn 1 (movement and counter-orders, supply,
 *   adjustment, one of them again by commit–reveal), until turn 2 opens.
 * No console errors; no serious accessibility violation on the game pages.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import cerberus from '#games/cerberus/index.js';
import prefect from '#games/prefect/planetary/module/index.js';
import { gql } from '../helpers/gql.js';
import { ROOT } from '../helpers/stack.js';
import { seriousA11yViolations } from './browser.js';
import { useBrowserStack } from './page-stack.js';
import {
  clickHex,
  commitFromForm,
  map,
  prompt,
  send,
  sessionOf,
  startGame,
  STEP_TIMEOUT,
  stepOf,
  waitStep,
} from './turns.js';

/** WARPOST_SCREENSHOTS=1 refreshes the README's Cerberus screenshot (docs/screenshots/). */
const SHOTS = process.env.WARPOST_SCREENSHOTS === '1' ? join(ROOT, 'docs/screenshots') : undefined;

describe('browser client: a full turn by clicking', () => {
  const web = useBrowserStack([cerberus, prefect], { viewport: { width: 1400, height: 1000 } });
  const { errors, player } = web;

  it('Cerberus: two players set up and play game turn 1 against each other', async () => {
    const suffix = Math.random().toString(36).slice(2, 7);
    const cetian = await player(`cet_${suffix}`);
    const human = await player(`hum_${suffix}`);
    await startGame(cetian, `cet_${suffix}`, human, 'cerberus', 'CETIAN', 'HUMAN');

    // The globe is drawn with its wrap: a copy either side of the 30 columns.
    const globe = map(cetian);
    await globe.waitFor();
    expect(await globe.locator('use.wrap-copy').count()).toBe(2);

    // Step 1, 14.1 Cetian set-up: a placement's hex is chosen by clicking the map.
    const setup = await prompt(cetian, 'CETIAN: setup-cetian');
    const hexField = setup.locator('input[data-ref="hex"]').first();
    const hex = await hexField.inputValue();
    expect(hex).toMatch(/^\d{4}$/);
    await hexField.fill('');
    await setup.locator('.field-error').first().waitFor(); // the empty hex is refused as one drafts
    await hexField.focus();
    // The prompt's choices name the resource hexes: the map outlines them while the field has focus.
    await expect.poll(() => globe.locator('g.hex.legal').count()).toBeGreaterThan(0);
    await clickHex(cetian, hex);
    expect(await hexField.inputValue()).toBe(hex);
    expect(await seriousA11yViolations(cetian), 'Cerberus game page').toEqual([]);
    await send(setup);

    // Step 2, 14.1 Human set-up, live on the other page: a fleet slot is filled by clicking a counter in the Earth box.
    const fleet = await prompt(human, 'HUMAN: setup-human');
    const slots = fleet.locator('input[data-ref="piece"]');
    const last = slots.nth((await slots.count()) - 1);
    const unit = await last.inputValue();
    await last.fill('');
    await last.focus();
    const earth = human.getByRole('region', { name: 'Human Earth' });
    await earth
      .getByRole('button', { name: new RegExp(`^${unit.replace(/^H:/, '').replace(/[/]/g, '\\/')} `) })
      .first()
      .click();
    expect(await last.inputValue()).toBe(unit);
    await send(fleet);
    // The Cetian's own counters stand on the globe with NATO-style symbols from their unit types.
    expect(await map(cetian).locator('g.counter .nato[data-symbol="infantry"]').count()).toBeGreaterThan(0);
    if (SHOTS) {
      await cetian.getByRole('button', { name: 'Zoom in' }).first().click();
      await cetian.getByRole('button', { name: 'Zoom in' }).first().click();
      await cetian.screenshot({ path: join(SHOTS, 'cerberus.png') });
    }

    // Game turn 1 (3.1): the phase plans, then the strategic segments; each page follows live.
    await send(await prompt(human, 'HUMAN: phase-plan'));
    // The Cetian moves a unit (rule 5): the unit clicked on the globe, then a hex its choices say it reaches for 1 MP.
    const plan = await prompt(cetian, 'CETIAN: phase-plan');
    const { token, gameId } = await sessionOf(cetian);
    const choices = (await gql(web.stack.base, `query($g:ID!){game(id:$g){myPrompts{choices}}}`, { g: gameId }, token))
      .data.game.myPrompts[0].choices;
    const reachable = choices.MOVEMENT.reachable as Record<string, { hex: string; cost: number }[]>;
    let mover = '',
      to = '';
    for (const [id, hexes] of Object.entries(reachable)) {
      const step1 = hexes.find((h) => h.cost === 1);
      if (step1 && (await map(cetian).locator(`g.counter[data-piece="${id}"]`).count())) [mover, to] = [id, step1.hex];
      if (mover) break;
    }
    expect(mover).not.toBe('');
    await plan.getByLabel('Include movement').check();
    await plan.getByLabel('Include moves').first().check();
    await plan.getByRole('button', { name: 'Add moves' }).click();
    const unitField = plan.locator('input[id$="-movement-moves-0-unitId"]');
    await unitField.focus();
    // A click on the stack takes its top counter and opens the hex's list, where the one below is picked.
    await map(cetian).locator(`g.counter[data-piece="${mover}"]`).click({ force: true });
    const designation = mover.replace(/^C:/, '').replace(/[/]/g, '\\/');
    await cetian
      .locator('.hex-detail')
      .getByRole('button', { name: new RegExp(`^${designation} `) })
      .click();
    expect(await unitField.inputValue()).toBe(mover);
    await plan.getByRole('button', { name: 'Add path' }).click();
    const pathField = plan.locator('input[id$="-movement-moves-0-path-0"]');
    await pathField.focus();
    await clickHex(cetian, to);
    expect(await pathField.inputValue()).toBe(to);
    await send(plan);
    // Resolved: the counter stands in its new hex on the Cetian's map.
    await expect
      .poll(() => map(cetian).locator(`g.counter[data-piece="${mover}"]`).getAttribute('data-at'), {
        timeout: STEP_TIMEOUT,
      })
      .toBe(to);
    await send(await prompt(human, 'HUMAN: strategic-human'));
    const logBefore = await human.locator('.log li').count();
    await send(await prompt(cetian, 'CETIAN: strategic-cetian'));
    // Turn 2 opens for the Human: the step resolved, and the other page's event log grew without a reload.
    await prompt(human, 'HUMAN: phase-plan');
    await expect.poll(() => human.locator('.log li').count(), { timeout: 20_000 }).toBeGreaterThan(logBefore);
    await waitStep(cetian, await stepOf(human));

    // Replay: the slider shows the board as the Human saw step 2 open.
    const replay = human.getByRole('region', { name: 'Replay' });
    await replay.getByText('Replay a past step').click();
    await replay.getByLabel(/Step to replay/).fill('2');
    await replay.locator('.replay-body[data-step="2"]').waitFor();
    expect(await replay.locator('g.hex').count()).toBe(await map(human).locator('g.hex').count());
    // Replay.pieces: the Cetian garrison as the Human saw it then, face down.
    expect(await replay.locator('g.counter').count()).toBeGreaterThan(0);
    expect(await replay.locator('g.counter .c-label').allTextContents()).toContain('?');

    // Votes: the Human proposes a pause and the Cetian approves it; then the Cetian's resume passes too.
    await human.getByRole('button', { name: 'Pause the clock' }).click();
    await human.getByText('Proposed: the other players are asked.').waitFor();
    await cetian.reload();
    await cetian.getByRole('button', { name: 'Approve pause' }).click();
    await cetian.getByText(/^Paused: /).waitFor();
    const cetianVotes = cetian.getByRole('region', { name: 'Votes and seat' });
    await cetianVotes.getByRole('button', { name: 'Resume the clock' }).click();
    await expect.poll(() => cetianVotes.getByRole('status').innerText()).toBe('Proposed: the other players are asked.');
    await human.reload();
    const humanVotes = human.getByRole('region', { name: 'Votes and seat' });
    await humanVotes.getByRole('button', { name: 'Approve resume' }).click();
    await expect.poll(() => humanVotes.getByRole('status').innerText()).toBe('You approved.');
    await expect.poll(() => human.getByText(/^Paused: /).count()).toBe(0);
    await prompt(human, 'HUMAN: phase-plan');
    expect(errors).toEqual([]);
  }, 300_000);

  it('a player leaves the seat, a third player takes it from the lobby', async () => {
    const suffix = Math.random().toString(36).slice(2, 7);
    const north = await player(`ln_${suffix}`);
    const south = await player(`ls_${suffix}`);
    await startGame(north, `ln_${suffix}`, south, 'sealed-bid', 'north', 'south');
    await prompt(south, 'south: bid (sealed)');
    await south.getByRole('button', { name: 'Leave my seat…' }).click();
    await south.getByRole('button', { name: 'Yes, leave' }).click();
    await south.getByText('You left the game.').waitFor();

    const dave = await player(`ld_${suffix}`);
    // Other files offer seats in the same database: the game is found by north's seat (a unique name).
    const offers = dave.getByRole('region', { name: 'Seats offered in running games' });
    const game = offers.getByRole('listitem').filter({ hasText: `north (ln_${suffix})` });
    await game.getByRole('button', { name: /: take seat south$/ }).click();
    await dave.waitForURL(north.url());
    await prompt(dave, 'south: bid (sealed)');
    expect(await dave.locator('.game-head').innerText()).toContain('you play south');
    expect(errors).toEqual([]);
  }, 120_000);

  it('a player leaves the seat, a third player takes it from the game page; a vacation starts and ends', async () => {
    const suffix = Math.random().toString(36).slice(2, 7);
    const north = await player(`n_${suffix}`);
    const south = await player(`s_${suffix}`);
    await startGame(north, `n_${suffix}`, south, 'sealed-bid', 'north', 'south');
    await prompt(south, 'south: bid (sealed)');
    await south.getByRole('button', { name: 'Leave my seat…' }).click();
    await south.getByRole('button', { name: 'Yes, leave' }).click();
    await south.getByText('You left the game.').waitFor();

    const carol = await player(`c_${suffix}`);
    await carol.goto(north.url());
    await carol.getByRole('button', { name: 'Take the south seat' }).click();
    await prompt(carol, 'south: bid (sealed)');
    expect(await carol.locator('.game-head').innerText()).toContain('you play south');

    await carol.goto(`${web.stack.base}/`);
    const vacation = carol.getByRole('region', { name: 'Vacation' });
    await vacation.getByLabel('Days away').fill('3');
    await vacation.getByRole('button', { name: 'Start a vacation now' }).click();
    await vacation.getByText('Your vacation has begun.').waitFor();
    await vacation.getByRole('button', { name: 'End it now' }).click();
    await vacation.getByText('Welcome back.').waitFor();
    expect(errors).toEqual([]);
  }, 120_000);

  it('Prefect: commit–reveal of the sealed assignment, placements by clicking, and planetary turn 1', async () => {
    const suffix = Math.random().toString(36).slice(2, 7);
    const tog = await player(`tog_${suffix}`);
    const cw = await player(`cw_${suffix}`);
    await startGame(tog, `tog_${suffix}`, cw, 'prefect', 'TOG', 'CW');

    // Step 1: both assign their task forces under commit–reveal. Only a hash is sent; each browser
    // keeps orders and salt, and reveals on its own once both sides are bound.
    for (const [page, side] of [
      [tog, 'TOG'],
      [cw, 'CW'],
    ] as const) {
      await commitFromForm(await prompt(page, `${side}: setup-assign (sealed)`));
      if (side === 'TOG') {
        const held = await page.evaluate(`Object.keys(localStorage).filter((k) => k.startsWith('warpost:commit:'))`);
        expect(held).toHaveLength(1);
      }
    }
    // Both revealed (the commitment matched), the step resolved, and placement began.
    await waitStep(tog, 2);
    await waitStep(cw, 2);
    expect(await tog.evaluate(`Object.keys(localStorage).filter((k) => k.startsWith('warpost:commit:')).length`)).toBe(
      0,
    );
    expect(await tog.locator('.log').innerText()).toMatch(/reveal|commit/i);

    // Placements alternate until step 12: each clicks a free hex of its set-up zone (the outlined ones).
    for (let step = 2; step <= 12; step++) {
      await waitStep(tog, step);
      await waitStep(cw, step);
      const page = (await tog.getByRole('region', { name: 'TOG: setup-place', exact: true }).count()) ? tog : cw;
      const side = page === tog ? 'TOG' : 'CW';
      const form = await prompt(page, `${side}: setup-place`);
      const hexField = form.locator('input[data-ref="hex"]').first();
      await hexField.focus();
      const m = map(page);
      await expect.poll(() => m.locator('g.hex.legal').count()).toBeGreaterThan(0);
      const occupied = new Set(
        await m.locator('g.counter').evaluateAll((els) => els.map((e) => e.getAttribute('data-at') ?? '')),
      );
      const free = (
        await m.locator('g.hex.legal').evaluateAll((els) => els.map((e) => e.getAttribute('data-hex')!))
      ).filter((h) => !occupied.has(h));
      const target = free[(step * 7) % free.length];
      await clickHex(page, target);
      expect(await hexField.inputValue()).toBe(target);
      if (step === 2) expect(await seriousA11yViolations(page), 'Prefect game page').toEqual([]);
      await send(form);
    }

    // Planetary turn 1: TOG commits its movement plan while the CW sends counter-orders sealed.
    await commitFromForm(await prompt(tog, 'TOG: movement-plan (sealed)'));
    await send(await prompt(cw, 'CW: counter-orders (sealed)'));
    for (const kind of ['supply', 'adjustment']) {
      await send(await prompt(tog, `TOG: ${kind} (sealed)`));
      await send(await prompt(cw, `CW: ${kind} (sealed)`));
    }
    // Turn 2 opens: the CW moves first now.
    await prompt(cw, 'CW: movement-plan (sealed)');
    expect(await cw.locator('.log li').count()).toBeGreaterThan(10);
    expect(errors).toEqual([]);
  }, 420_000);
});
