/**
 * Issue 19, the Prefect Space and Campaign pages: in Chromium, two browser contexts create and
 * join a game from the lobby and play by clicking the Africannus system map and the forms built
 * from the orders schemas.
 * - Space: the sealed Mission Assignment of both sides (each names a Task Force by clicking its
 *   counter: the CW's on its sector, the TOG's in the off-system box), then the TOG's T-space
 *   movement (a TF clicked into `enter`); the event log tells both steps in words.
 * - Space, interactive combat (`spaceCombatPlay: 'interactive'`, D-91): after the missions and the
 *   CW's move (the bots' orders, through the API), the later prompts of the half are answered on
 *   the pages: TOG T-space movement, the CW's combat plan and the TOG's standing reactions, the
 *   CW's combat decision (the target segment, L1675, changed in its form), both adjustments and
 *   both supply steps, until the next Mission Assignment opens.
 * - Campaign: the same Mission Assignment on the system map while the page says the campaign is
 *   in its space mission; then, the space half played through the API with default orders, the
 *   page switches by itself to the Ku Crassus hexes for the planetary mission (L2177-2192, D-75).
 * No console errors; no serious accessibility violation on either page.
 */
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import prefectCampaign from '#games/prefect/campaign/module/index.js';
import prefectSpace from '#games/prefect/space/module/index.js';
import { gql } from '../helpers/gql.js';
import { ROOT } from '../helpers/stack.js';
import { seededDice } from '#engine/dice.js';
import { seriousA11yViolations } from './browser.js';
import { useBrowserStack } from './page-stack.js';
import { clickHex, legal, map, prompt, send, sessionOf, startGame, STEP_TIMEOUT, stepOf, waitStep } from './turns.js';

/** WARPOST_SCREENSHOTS=1 refreshes the README's Space and Campaign screenshots (docs/screenshots/). */
const SHOTS = process.env.WARPOST_SCREENSHOTS === '1' ? join(ROOT, 'docs/screenshots') : undefined;

describe('browser client: Prefect Space and Campaign by clicking', () => {
  const web = useBrowserStack([prefectSpace, prefectCampaign], { viewport: { width: 1400, height: 1000 } });
  const { errors, player } = web;
  const situation = (page: Page) => page.locator('.game-head .situation');

  /**
   * Clears the first `tf` field of a missions form and fills it again by clicking that TF: on the
   * map, its sector's list of counters (the stack is deep), else its line in the off-system box.
   */
  async function missionTfByClick(page: Page, form: Locator) {
    const field = form.locator('input[id$="-missions-0-tf"]');
    const tf = await field.inputValue();
    expect(tf).toMatch(/^tf_/);
    const { token, gameId } = await sessionOf(page);
    const choices = (await gql(web.stack.base, 'query($g:ID!){game(id:$g){myPrompts{choices}}}', { g: gameId }, token))
      .data.game.myPrompts[0].choices;
    const place = choices.tfs.find((t: { tf: string }) => t.tf === tf).place as { kind: string; sector?: string };
    await field.fill('');
    await form.locator('.field-error').first().waitFor(); // an empty TF is refused as one drafts
    await field.focus();
    if (place.kind === 'SECTOR') {
      await clickHex(page, place.sector!);
      await page.locator(`.hex-detail button[data-piece="${tf}"]`).click();
    } else await page.locator(`.boxes button[data-piece="${tf}"]`).click();
    expect(await field.inputValue()).toBe(tf);
    return place.kind;
  }

  it('Space: both sides assign missions by clicking their Task Forces, then the TOG enters T-space', async () => {
    const suffix = Math.random().toString(36).slice(2, 7);
    const tog = await player(`sptog_${suffix}`);
    const cw = await player(`spcw_${suffix}`);
    await startGame(tog, `sptog_${suffix}`, cw, 'prefect-space', 'TOG', 'CW');

    // The Africannus system: every sector on its zone's orbit, the off-system and T-space boxes beside it.
    const system = map(cw);
    await system.waitFor();
    expect(await system.locator('g.hex').count()).toBe(prefectSpace.boards!('hold-the-line')[0].hexes.length);
    expect(await system.locator('circle.orbit').count()).toBe(7);
    await expect.poll(() => situation(tog).innerText()).toMatch(/^Turn 1, half 1 \(TOG phasing\): Mission Assignment/);

    // The other side's TFs are face down under the opaque ids the view uses; one's own show their alias.
    const hidden = map(tog)
      .locator('g.counter')
      .filter({ has: tog.locator('.c-alias') });
    expect(await hidden.count()).toBeGreaterThan(0);
    expect(await hidden.first().getAttribute('data-piece')).toMatch(/^tf_[0-9a-f]{16}$/);
    expect(
      await tog
        .locator('.boxes')
        .getByRole('button', { name: /^TF 1 task-force / })
        .count(),
    ).toBe(1);

    // Step 1, sealed Mission Assignment (L1210-1296): the CW clicks its TF on its sector, the TOG its TF in the off-system box.
    const cwForm = await prompt(cw, 'CW: missions (sealed)');
    expect(await missionTfByClick(cw, cwForm)).toBe('SECTOR');
    expect(await seriousA11yViolations(cw), 'Prefect Space game page').toEqual([]);
    await send(cwForm);
    const togForm = await prompt(tog, 'TOG: missions (sealed)');
    expect(await missionTfByClick(tog, togForm)).toBe('OFFSYSTEM');
    await send(togForm);

    // Resolved: the TOG owes the T-space movement (L1356), and both logs say what happened in words.
    const tspace = await prompt(tog, 'TOG: tspace');
    await waitStep(cw, 2);
    await expect
      .poll(() => cw.locator('.log').innerText(), { timeout: STEP_TIMEOUT })
      .toMatch(/Your missions: \d+ Task Forces? assigned\./);
    await expect.poll(() => situation(cw).innerText()).toMatch(/T-space movement/);

    // Step 2: a TF clicked in the off-system box enters T-space.
    await tspace.getByRole('button', { name: /^Add enter/ }).click();
    const enter = tspace.locator('input[id$="-enter-0"]');
    await enter.focus();
    const offsystem = tog.getByRole('region', { name: /^Off-system zone/ });
    await offsystem.getByRole('button', { name: /^TF 1 / }).click();
    expect(await enter.inputValue()).toMatch(/^tf_/);
    if (SHOTS)
      await tog.evaluate('window.scrollTo(0, 0)').then(() => tog.screenshot({ path: join(SHOTS, 'space.png') }));
    const logBefore = await tog.locator('.log li').count();
    await send(tspace);
    await expect.poll(() => stepOf(tog), { timeout: STEP_TIMEOUT }).toBeGreaterThan(2);
    await expect.poll(() => tog.locator('.log li').count(), { timeout: STEP_TIMEOUT }).toBeGreaterThan(logBefore);
    // The TF has left the off-system box for the T-space track.
    await expect.poll(() => offsystem.getByRole('button', { name: /^TF 1 / }).count()).toBe(0);
    expect(errors).toEqual([]);
  }, 300_000);

  it("Space, interactive combat: the half's later prompts, the combat decision among them, answered on the pages", async () => {
    const suffix = Math.random().toString(36).slice(2, 7);
    const tog = await player(`ictog_${suffix}`);
    const cw = await player(`iccw_${suffix}`);
    await startGame(tog, `ictog_${suffix}`, cw, 'prefect-space', 'TOG', 'CW', { spaceCombatPlay: 'interactive' });
    const pages = { TOG: tog, CW: cw } as const;
    const players = { TOG: await sessionOf(tog), CW: await sessionOf(cw) };
    const gameId = players.TOG.gameId;
    const VIEW = 'query($g:ID!){game(id:$g){game{step} myPrompts{kind secret}}}';
    const SUBMIT =
      'mutation($g:ID!,$s:Int!,$o:JSON!,$k:String!){submitOrders(gameId:$g,step:$s,orders:$o,idempotencyKey:$k){stepComplete}}';
    /** The bot's orders for a side, sent through the API (the missions and the move that bring on a fight). */
    async function botPlays(side: 'TOG' | 'CW') {
      const row = await web.stack.booted.db.prisma.game.findUnique({ where: { id: gameId }, select: { state: true } });
      const state = row!.state as never;
      const step = (await gql(web.stack.base, VIEW, { g: gameId }, players[side].token)).data.game.game.step;
      const orders = prefectSpace.bot(state, side, seededDice(`ic-${side}`, step));
      const r = await gql(
        web.stack.base,
        SUBMIT,
        { g: gameId, s: step, o: orders, k: `ic-${step}-${side}` },
        players[side].token,
      );
      expect(r.errors).toBeUndefined();
    }
    await prompt(cw, 'CW: missions (sealed)');
    await Promise.all([botPlays('TOG'), botPlays('CW')]);
    await prompt(tog, 'TOG: tspace');
    expect(await seriousA11yViolations(tog), 'T-space movement').toEqual([]);
    await send(await prompt(tog, 'TOG: tspace'));
    await prompt(cw, 'CW: move');
    await botPlays('CW');

    // From here on every prompt is answered on its page, until the next Mission Assignment.
    const answered: string[] = [];
    for (let guard = 0; guard < 12; guard++) {
      await expect
        .poll(
          async () =>
            (await gql(web.stack.base, VIEW, { g: gameId }, players.CW.token)).data.game.myPrompts.length +
            (await gql(web.stack.base, VIEW, { g: gameId }, players.TOG.token)).data.game.myPrompts.length,
          { timeout: STEP_TIMEOUT },
        )
        .toBeGreaterThan(0);
      const owed: ['TOG' | 'CW', string, boolean][] = [];
      for (const side of ['TOG', 'CW'] as const)
        for (const p of (await gql(web.stack.base, VIEW, { g: gameId }, players[side].token)).data.game.myPrompts)
          owed.push([side, p.kind, p.secret]);
      if (owed.some(([, k]) => k === 'missions')) break;
      const step = (await gql(web.stack.base, VIEW, { g: gameId }, players.TOG.token)).data.game.game.step;
      for (const [side, kind, secret] of owed) {
        const page = pages[side];
        await waitStep(page, step);
        const form = await prompt(page, `${side}: ${kind}${secret ? ' (sealed)' : ''}`);
        // Built from the orders schema, not the raw JSON fallback.
        expect(await form.locator('textarea').count(), `${kind} has a form`).toBe(0);
        if (kind === 'combat-decision') {
          // The target segment (L1675): the standing choice is filled in; another of the sector's segments is chosen.
          const segment = form.locator('input[id$="-segment"]');
          await legal(form);
          const standing = Number(await segment.inputValue());
          expect(standing).toBeGreaterThanOrEqual(1);
          await segment.fill(String(standing === 1 ? 2 : 1));
          await expect.poll(() => form.getByText('These orders are legal.').count()).toBe(1);
          expect(await seriousA11yViolations(page), 'combat decision').toEqual([]);
        }
        await send(form);
        answered.push(kind);
      }
      await expect.poll(() => stepOf(tog), { timeout: STEP_TIMEOUT }).toBeGreaterThan(step);
    }
    expect(answered).toEqual(
      expect.arrayContaining(['combat-plan', 'combat-reactions', 'combat-decision', 'adjust', 'supply']),
    );
    // The fight is told in words on both pages.
    await expect.poll(() => cw.locator('.log').innerText(), { timeout: STEP_TIMEOUT }).toMatch(/segment/i);
    expect(errors).toEqual([]);
  }, 420_000);

  it('Campaign: Mission Assignment on the system map, then the page switches to Ku Crassus for the planetary mission', async () => {
    const suffix = Math.random().toString(36).slice(2, 7);
    const tog = await player(`catog_${suffix}`);
    const cw = await player(`cacw_${suffix}`);
    await startGame(tog, `catog_${suffix}`, cw, 'prefect-campaign', 'TOG', 'CW');

    // Two maps, one shown: the system, where the space mission is played.
    const tabs = cw.getByRole('group', { name: 'Maps' });
    await tabs.waitFor();
    await expect
      .poll(() => situation(cw).innerText())
      .toMatch(/^Campaign turn 1 of \d+, space mission — Turn 1, half 1 \(TOG phasing\): Mission Assignment/);
    expect(await tabs.locator('button[aria-pressed="true"]').getAttribute('data-board')).toBe('africannus');
    expect(await map(cw).locator('circle.orbit').count()).toBe(7);

    // Step 1, both sides' sealed Mission Assignment by clicking their TFs.
    const cwForm = await prompt(cw, 'CW: mission-assignment (sealed)');
    await missionTfByClick(cw, cwForm);
    expect(await seriousA11yViolations(cw), 'Prefect Campaign game page').toEqual([]);
    await send(cwForm);
    const togForm = await prompt(tog, 'TOG: mission-assignment (sealed)');
    await missionTfByClick(tog, togForm);
    await send(togForm);
    await prompt(tog, 'TOG: space-movement');
    await waitStep(cw, 2);
    await expect
      .poll(() => cw.locator('.log').innerText(), { timeout: STEP_TIMEOUT })
      .toMatch(/Your missions: \d+ Task Forces? assigned\./);

    // A player may look at the other map meanwhile: Ku Crassus's hexes, then back.
    await tabs.getByRole('button', { name: /Ku Crassus/ }).click();
    expect(await map(cw).locator('circle.orbit').count()).toBe(0);
    expect(await map(cw).locator('g.hex').count()).toBe(prefectCampaign.boards!('invasion')[0].hexes.length);
    await tabs.getByRole('button', { name: /\(current\)$/ }).click();
    expect(await map(cw).locator('circle.orbit').count()).toBe(7);

    // The rest of the space mission through the API with each prompt's default orders, until the ground mission opens.
    const players = [await sessionOf(tog), await sessionOf(cw)];
    const gameId = players[0].gameId;
    const VIEW = 'query($g:ID!){game(id:$g){game{step} situation{board} myPrompts{kind defaultOrders}}}';
    const SUBMIT =
      'mutation($g:ID!,$s:Int!,$o:JSON!,$k:String!){submitOrders(gameId:$g,step:$s,orders:$o,idempotencyKey:$k){stepComplete}}';
    let board = 'africannus';
    for (let guard = 0; board !== 'ku-crassus' && guard < 80; guard++) {
      const views = await Promise.all(players.map((p) => gql(web.stack.base, VIEW, { g: gameId }, p.token)));
      board = views[0].data.game.situation.board;
      if (board === 'ku-crassus') break;
      const step = views[0].data.game.game.step;
      await Promise.all(
        players.map((p, i) =>
          Promise.all(
            views[i].data.game.myPrompts.map((pr: { kind: string; defaultOrders: unknown }) =>
              gql(
                web.stack.base,
                SUBMIT,
                { g: gameId, s: step, o: pr.defaultOrders, k: `ff-${step}-${i}-${pr.kind}` },
                p.token,
              ),
            ),
          ),
        ),
      );
      await expect
        .poll(async () => (await gql(web.stack.base, VIEW, { g: gameId }, players[0].token)).data.game.game.step, {
          timeout: STEP_TIMEOUT,
        })
        .not.toBe(step);
    }
    expect(board).toBe('ku-crassus');

    // Live, without a reload: the page now shows the planetary hexes and says the campaign is on the ground.
    await expect
      .poll(() => tabs.locator('button[aria-pressed="true"]').getAttribute('data-board'), { timeout: STEP_TIMEOUT })
      .toBe('ku-crassus');
    await expect.poll(() => situation(cw).innerText()).toMatch(/planetary mission — /);
    expect(await map(cw).locator('circle.orbit').count()).toBe(0);
    if (SHOTS) await cw.screenshot({ path: join(SHOTS, 'campaign.png') });
    expect(errors).toEqual([]);
  }, 420_000);
});
