/**
 * Press in Chromium, two browser contexts against the real server: a public message appears live
 * on the other player's page (the pressMessages subscription, no reload); a message to one side
 * opens a channel whose unread count shows until it is read. In a game of three sides a player
 * opens a named channel of all three from the press panel (problems beside their fields, the
 * API's refusal of a name beside the name); a public-only game offers no side channel. A game
 * without press, and one whose press closes for the reveal while its reveal is open, offer no
 * sending (docs/press.md).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import threeWay from '../fixtures/three-way.js';
import { gql } from '../helpers/gql.js';
import { as, register, type Player } from '../helpers/play.js';
import { commitmentOf } from '#platform/trust/canonical.js';
import { randomUUID } from 'node:crypto';
import { COMMIT, newSalt } from '../helpers/trust.js';
import { seriousA11yViolations } from './browser.js';
import { useBrowserStack } from './page-stack.js';
import { createPrivateSealedBid } from './turns.js';

const tokenOf = async (page: Page) =>
  (await page.evaluate(`JSON.parse(localStorage.getItem('warpost:session')).accessToken`)) as string;

describe('browser client: press', () => {
  const web = useBrowserStack([threeWay]);

  it('two players exchange a public message live, and a side message shows as unread', async () => {
    const suffix = Math.random().toString(36).slice(2, 7);
    const alice = await web.player(`pra_${suffix}`);
    const bob = await web.player(`prb_${suffix}`);

    const gameUrl = await createPrivateSealedBid(alice);
    await alice.getByRole('region', { name: 'Invitations' }).getByLabel('User name').fill(`prb_${suffix}`);
    await alice.getByRole('button', { name: 'Invite', exact: true }).click();
    await alice.getByText(`prb_${suffix} is invited.`).waitFor();
    await bob.getByRole('button', { name: 'Refresh' }).click();
    await bob
      .getByRole('region', { name: 'Invitations' })
      .getByRole('button', { name: /join as south$/ })
      .click();
    await bob.waitForURL(gameUrl);

    const alicePress = alice.getByRole('region', { name: 'Press' });
    const bobPress = bob.getByRole('region', { name: 'Press' });
    await bobPress.getByRole('button', { name: 'Everyone' }).waitFor();
    await alicePress.getByRole('button', { name: 'Everyone' }).waitFor();

    await alicePress.getByRole('textbox', { name: 'Message' }).fill(`Greetings from the north ${suffix}`);
    await alicePress.getByRole('button', { name: 'Send' }).click();
    await alicePress
      .getByRole('list', { name: 'Messages: Everyone' })
      .getByText(`Greetings from the north ${suffix}`)
      .waitFor();
    // Live on bob's page, without a reload.
    await bobPress
      .getByRole('list', { name: 'Messages: Everyone' })
      .getByText(`Greetings from the north ${suffix}`)
      .waitFor();
    expect(
      await bobPress
        .getByRole('listitem')
        .filter({ hasText: `pra_${suffix} (north)` })
        .count(),
    ).toBe(1);

    // Bob writes to north alone: a new channel, unread on alice's page until she opens it.
    await bobPress.getByRole('button', { name: 'north (new)' }).click();
    await bobPress.getByRole('textbox', { name: 'Message' }).fill('Just between us');
    await bobPress.getByRole('button', { name: 'Send' }).click();
    await bobPress.getByText('Just between us').waitFor();
    const sideChannel = alicePress.getByRole('button', { name: /^north & south/ });
    await expect.poll(() => sideChannel.innerText()).toContain('1 unread');
    expect(await alicePress.getByText('Just between us').count()).toBe(0);
    await sideChannel.click();
    await alicePress.getByText('Just between us').waitFor();
    await alicePress.getByRole('button', { name: 'Everyone' }).click();
    await expect.poll(() => sideChannel.innerText()).not.toContain('unread');
    expect(await seriousA11yViolations(alice), 'game page with press').toEqual([]);
    expect(web.errors).toEqual([]);
  }, 120_000);

  it('opens a named channel of three sides from the press panel; a public-only game offers none', async () => {
    const suffix = Math.random().toString(36).slice(2, 7);
    const alice = await web.player(`pna_${suffix}`);
    const bob = await web.player(`pnb_${suffix}`);
    const carol = await register(web.stack.base, `pnc_${suffix}`);
    const base = web.stack.base;
    const ok = async <T>(r: Promise<{ data?: T; errors?: unknown }>) => {
      const x = await r;
      expect(x.errors, JSON.stringify(x.errors)).toBeUndefined();
      return x.data as T;
    };
    const CREATE = 'mutation($i:CreateGameInput!){createGame(input:$i){id}}';
    const JOIN = 'mutation($g:ID!,$s:String){joinGame(gameId:$g,side:$s){id}}';
    const start = async (press: Record<string, unknown>) => {
      const { createGame } = await ok<{ createGame: { id: string } }>(
        gql(
          base,
          CREATE,
          { i: { module: 'three-way', scenario: 'standard', side: 'north', press } },
          await tokenOf(alice),
        ),
      );
      await ok(gql(base, JOIN, { g: createGame.id, s: 'east' }, await tokenOf(bob)));
      await ok(gql(base, JOIN, { g: createGame.id, s: 'west' }, carol.token));
      return createGame.id;
    };
    const full = await start({ mode: 'FULL' });
    const publicOnly = await start({ mode: 'PUBLIC_ONLY' });

    // Public press only: the everyone channel, no side channel to open.
    await alice.goto(`${base}/games/${publicOnly}`);
    const onlyPublic = alice.getByRole('region', { name: 'Press' });
    await onlyPublic.getByRole('button', { name: 'Everyone' }).waitFor();
    await onlyPublic.getByRole('button', { name: 'Send' }).waitFor();
    expect(await onlyPublic.getByText('New channel of several sides').count()).toBe(0);
    expect(await onlyPublic.getByRole('button', { name: /\(new\)$/ }).count()).toBe(0);

    await alice.goto(`${base}/games/${full}`);
    await bob.goto(`${base}/games/${full}`);
    const press = alice.getByRole('region', { name: 'Press' });
    await press.getByText('New channel of several sides').click();
    const open = press.getByRole('button', { name: 'Open channel' });
    await open.click();
    const sidesGroup = press.getByRole('group', { name: 'Sides (yours is added)' });
    await sidesGroup.getByRole('alert').filter({ hasText: 'Pick at least two other sides' }).waitFor();
    expect(await sidesGroup.getAttribute('aria-invalid')).toBe('true');
    const name = press.getByLabel('Channel name');
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    expect(await sidesGroup.getByRole('checkbox').count()).toBe(2); // east and west; north is the writer

    await sidesGroup.getByLabel('east').check();
    await sidesGroup.getByLabel('west').check();
    // A bidirectional override in the name: the page lets it through, the API refuses it beside the name.
    await name.fill('Council \u202e of three');
    await open.click();
    await press.getByRole('button', { name: 'Council \u202e of three (new)' }).waitFor();
    await press.getByRole('textbox', { name: 'Message' }).fill(`Shall we? ${suffix}`);
    await press.getByRole('button', { name: 'Send' }).click();
    const nameError = press.locator('#f-group-name-error');
    await nameError.filter({ hasText: 'A channel name has 1 to 60 characters of plain text.' }).waitFor();
    expect(await name.getAttribute('aria-describedby')).toBe('f-group-name-error');

    await name.fill('Council of three');
    await open.click();
    await press.getByRole('button', { name: 'Council of three (new)' }).waitFor();
    expect(await nameError.count()).toBe(0);
    await press.getByRole('textbox', { name: 'Message' }).fill(`Shall we? ${suffix}`);
    await press.getByRole('button', { name: 'Send' }).click();
    await press.getByRole('list', { name: 'Messages: Council of three' }).getByText(`Shall we? ${suffix}`).waitFor();
    expect(await press.getByRole('button', { name: /^Council of three/ }).getAttribute('aria-pressed')).toBe('true');
    expect(await seriousA11yViolations(alice), 'press panel with a new channel').toEqual([]);

    // Bob (east) has it unread, live; carol (west) reads it through the API with its name and sides.
    const bobChannel = bob.getByRole('region', { name: 'Press' }).getByRole('button', { name: /^Council of three/ });
    await expect.poll(() => bobChannel.innerText(), { timeout: 20_000 }).toContain('1 unread');
    await bobChannel.click();
    await bob.getByRole('list', { name: 'Messages: Council of three' }).getByText(`Shall we? ${suffix}`).waitFor();
    const read = await ok<{ pressMessages: { messages: { channelName: string; sides: string[]; text: string }[] } }>(
      gql(base, 'query($g:ID!){pressMessages(gameId:$g){messages{channelName sides text}}}', { g: full }, carol.token),
    );
    expect(read.pressMessages.messages).toEqual([
      { channelName: 'Council of three', sides: ['east', 'north', 'west'], text: `Shall we? ${suffix}` },
    ]);
    expect(web.errors).toEqual([]);
  }, 120_000);

  it('offers no sending in a game without press, nor while a reveal closes it', async () => {
    const suffix = Math.random().toString(36).slice(2, 7);
    const alice = await web.player(`pxa_${suffix}`);
    const bob = await register(web.stack.base, `pxb_${suffix}`);
    const base = web.stack.base;
    // Alice through the API with her page's own token.
    const me: Player = { name: `pxa_${suffix}`, id: '', refreshToken: '', token: await tokenOf(alice), seen: [] };
    const start = async (press: Record<string, unknown>) => {
      const created = await as(base, me, 'mutation($i:CreateGameInput!){createGame(input:$i){id}}', {
        i: { module: 'sealed-bid', scenario: 'standard', side: 'north', press },
      });
      expect(created.errors).toBeUndefined();
      const id = created.data.createGame.id as string;
      expect((await as(base, bob, 'mutation($g:ID!){joinGame(gameId:$g){id}}', { g: id })).errors).toBeUndefined();
      return id;
    };
    const panel = alice.getByRole('region', { name: 'Press' });

    await alice.goto(`${base}/games/${await start({ mode: 'NONE' })}`);
    await panel.getByText('This game is played without press.').waitFor();
    expect(await panel.getByRole('button', { name: 'Send' }).count()).toBe(0);
    expect(await panel.getByRole('textbox', { name: 'Message' }).count()).toBe(0);

    // Press open, closed while the sides reveal: both commit through the API (alice's page holds
    // no salt, so it cannot reveal for her and the reveal stays open).
    const sealed = await start({ mode: 'FULL', duringReveal: false });
    await alice.goto(`${base}/games/${sealed}`);
    await panel.getByRole('button', { name: 'Send' }).waitFor();
    for (const p of [me, bob]) {
      const orders = { bid: 1 };
      const r = await as(base, p, COMMIT, { g: sealed, s: 1, c: commitmentOf(orders, newSalt()), k: randomUUID() });
      expect(r.errors).toBeUndefined();
    }
    await panel.getByText('Press is closed while the sides reveal their orders.').waitFor({ timeout: 20_000 });
    expect(await panel.getByRole('button', { name: 'Send' }).count()).toBe(0);
    expect(await seriousA11yViolations(alice), 'press panel closed for the reveal').toEqual([]);
    expect(web.errors).toEqual([]);
  }, 120_000);
});
