/**
 * Invitations in Chromium, two browser contexts against the real server: the creator of a private
 * open game invites a player by name from the game page, the player finds it under Invitations in
 * the lobby; a withdrawn invitation takes it away again, a renewed one brings it back and the
 * player joins. An unknown name shows the API's refusal beside the field. The page lists every
 * invitation of the game (the `invitations` query), those made through the API too.
 */
import { describe, expect, it } from 'vitest';
import { gql } from '../helpers/gql.js';
import { register } from '../helpers/play.js';
import { seriousA11yViolations } from './browser.js';
import { useBrowserStack } from './page-stack.js';
import { createPrivateSealedBid, sessionOf } from './turns.js';

describe('browser client: invitations', () => {
  const web = useBrowserStack([]);

  it('the creator invites and withdraws by name; the invited player sees it in the lobby and joins', async () => {
    const suffix = Math.random().toString(36).slice(2, 7);
    const alice = await web.player(`inva_${suffix}`);
    const bob = await web.player(`invb_${suffix}`);

    const gameUrl = await createPrivateSealedBid(alice);

    const panel = alice.getByRole('region', { name: 'Invitations' });
    await panel.getByText('Nobody is invited yet.').waitFor();
    // An invitation made elsewhere (through the API) is listed once the page loads.
    const carol = await register(web.stack.base, `invc_${suffix}`);
    const { token, gameId } = await sessionOf(alice);
    const viaApi = await gql(
      web.stack.base,
      'mutation($g:ID!,$u:String!){invite(gameId:$g,username:$u)}',
      { g: gameId, u: carol.name },
      token,
    );
    expect(viaApi.errors).toBeUndefined();
    await alice.reload();
    const listed = panel.getByRole('list', { name: 'Invited users' });
    await listed.getByText(`invc_${suffix}`).waitFor();
    await panel.getByLabel('User name').fill(`nobody_${suffix}`);
    await panel.getByRole('button', { name: 'Invite', exact: true }).click();
    await panel
      .getByRole('alert')
      .filter({ hasText: `No user "nobody_${suffix}".` })
      .waitFor();

    await panel.getByLabel('User name').fill(`invb_${suffix}`);
    await panel.getByRole('button', { name: 'Invite', exact: true }).click();
    await panel
      .getByRole('status')
      .filter({ hasText: `invb_${suffix} is invited.` })
      .waitFor();
    expect(await panel.getByRole('alert').count()).toBe(0);
    await expect
      .poll(async () => (await listed.getByRole('listitem').allInnerTexts()).map((t) => t.split(' ')[0]))
      .toEqual([`invc_${suffix}`, `invb_${suffix}`]);
    expect(await seriousA11yViolations(alice), 'game page with invitations').toEqual([]);

    const invitations = bob.getByRole('region', { name: 'Invitations' });
    const game = invitations.getByRole('listitem').filter({ hasText: `north (inva_${suffix})` });
    await bob.getByRole('button', { name: 'Refresh' }).click();
    await game.waitFor();
    expect(await seriousA11yViolations(bob), 'lobby with an invitation').toEqual([]);

    // Withdrawn: the private game is no longer listed to bob at all.
    await panel.getByRole('button', { name: `Withdraw the invitation of invb_${suffix}` }).click();
    await panel
      .getByRole('status')
      .filter({ hasText: `The invitation of invb_${suffix} is withdrawn.` })
      .waitFor();
    await expect.poll(() => listed.getByRole('listitem').count()).toBe(1);
    await bob.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(() => game.count()).toBe(0);
    expect(
      await bob
        .getByRole('listitem')
        .filter({ hasText: `north (inva_${suffix})` })
        .count(),
    ).toBe(0);

    await panel.getByLabel('User name').fill(`invb_${suffix}`);
    await panel.getByRole('button', { name: 'Invite', exact: true }).click();
    await panel
      .getByRole('status')
      .filter({ hasText: `invb_${suffix} is invited.` })
      .waitFor();
    await bob.getByRole('button', { name: 'Refresh' }).click();
    await game.getByRole('button', { name: /join as south$/ }).click();
    await bob.waitForURL(gameUrl);
    expect(web.errors).toEqual([]);
  }, 120_000);
});
