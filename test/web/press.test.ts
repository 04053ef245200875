/**
 * Press in Chromium, two browser contexts against the real server: a public message appears live
 * on the other player's page (the pressMessages subscription, no reload); a message to one side
 * opens a channel whose unread count shows until it is read.
 */
import { describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './browser.js';
import { useBrowserStack } from './page-stack.js';
import { createPrivateSealedBid } from './turns.js';

describe('browser client: press', () => {
  const web = useBrowserStack([]);

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
});
