// The console on a phone (390 px wide) and on a laptop (1366 px), issue 35 point 6: the page never
// wider than the screen, Log out in the menu, and the calendar readable with a day and a list view.
import { DateTime } from 'luxon';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, browserAvailable, screenshot, seedMedia, startConsole, type ConsoleRun } from './support';

describe.skipIf(!browserAvailable)('console: phones and laptops (issue 35, point 6)', () => {
  let run: ConsoleRun;
  const today = DateTime.now().setZone('Europe/London');
  beforeAll(async () => {
    run = await startConsole();
    const media = await seedMedia(run, 'A title long enough to make a table wide on a small screen', 2, { artist: 'An artist with a long name', album: 'An album with a long name too', genre: 'Ambient', year: 2020 });
    const { client } = await adminApi(run);
    await client.playlists.playlistCreate({ name: 'Phone list', status: 'visible', type: 'standard', items: [{ type: 'media', media_id: media }, { type: 'media', media_id: media }] } as never);
    const player = await client.scheduling.playerCreate({ name: 'Studio P', timezone: 'Europe/London' });
    await client.scheduling.showCreate({ player_id: player.id, mode: 'once', start: `${today.toISODate()} 10:00:00`, duration: 3600, item_type: 'live' });
  });
  afterAll(() => run?.stop());

  /** How much wider than the screen the page is (0 when it fits). */
  const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

  for (const width of [390, 1366]) {
    it(`fits the media and schedule pages in ${width} px`, async () => {
      const { page } = await run.open('admin', undefined, width);
      await page.goto('/media');
      await page.getByRole('table', { name: 'Media items' }).getByText(/A title long enough/).waitFor();
      expect(await overflow(page)).toBe(0);
      await page.goto('/schedule');
      await page.getByLabel('Line-In, 10:00 - 11:00').waitFor();
      expect(await overflow(page)).toBe(0);
    });
  }

  it("keeps a playlist's order buttons on a phone's screen (issue 43, N11)", async () => {
    const { page } = await run.open('admin', undefined, 390);
    await page.goto('/playlists');
    await page.getByRole('button', { name: 'Edit Phone list' }).click();
    const dialog = page.getByRole('dialog');
    const down = dialog.getByRole('button', { name: /^Move down: 1\. / });
    await down.waitFor();
    for (const button of [down, dialog.getByRole('button', { name: /^Move up: 2\. / }), dialog.getByRole('button', { name: /^Remove: 2\. / })]) {
      const box = await button.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    }
    await down.click();
    await dialog.getByText('moved to position 2 of 2').waitFor({ state: 'attached' });
  });

  it('offers Log out in the menu on a phone', async () => {
    const { page } = await run.open('admin', undefined, 390);
    await page.getByRole('button', { name: 'Show the pages' }).click();
    const logOut = page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Log out' });
    await logOut.waitFor();
    // Once the menu has slid in, Log out is on the screen.
    const onScreen = () =>
      logOut.evaluate((button) => {
        const r = button.getBoundingClientRect();
        return r.left >= 0 && r.right <= window.innerWidth && r.top >= 0 && r.bottom <= window.innerHeight;
      });
    await expect.poll(onScreen).toBe(true);
    await screenshot(page, 'phone-menu');
    await logOut.click();
    await page.getByRole('button', { name: 'Log in' }).waitFor();
  });

  it('shows a phone one day, readable, then the week as a list', async () => {
    const { page } = await run.open('admin', undefined, 390);
    await page.goto('/schedule');
    const show = page.getByLabel('Line-In, 10:00 - 11:00');
    await show.waitFor();
    // One day, its header whole.
    const headers = page.locator('.fc-col-header-cell');
    await expect.poll(() => headers.count()).toBe(1);
    const header = headers.first();
    expect(await header.evaluate((h) => h.scrollWidth <= h.clientWidth)).toBe(true);
    await expect(header.textContent()).resolves.toContain(today.toFormat('d'));
    await screenshot(page, 'phone-schedule-day', { notices: false });
    await page.getByRole('button', { name: 'List', exact: true }).click();
    await page.getByRole('button', { name: 'List', exact: true }).and(page.locator('[aria-pressed="true"]')).waitFor();
    const row = page.getByLabel(/^Line-In, 10:00/);
    await row.waitFor();
    expect(await overflow(page)).toBe(0);
    // An entry of the list opens as in the week.
    await row.click();
    await page.getByRole('dialog', { name: /^Edit show on Studio P$/ }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Week', exact: true }).click();
    await expect.poll(() => headers.count()).toBe(7);
  });
});
