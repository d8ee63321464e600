// axe-core (the engine of most accessibility checkers) on every page, in the light and the dark
// theme, at 1366 px and at 390 px: no serious or critical violation (labels, names, contrast, ARIA,
// landmarks).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { adminApi, axeViolations as violations, browserAvailable, choose, seedMedia, startConsole, type ConsoleRun } from './support';

const pages = ['/on-air', '/media', '/schedule', '/rundown', '/as-run', '/reports', '/players', '/playlists', '/clocks', '/clocks?tab=categories', '/clocks?tab=formats', '/alerts', '/dayparting', '/modules', '/users', '/app-keys', '/webhooks', '/audit', '/settings'];

describe.skipIf(!browserAvailable)('console: accessibility', () => {
  let run: ConsoleRun;
  beforeAll(async () => {
    run = await startConsole();
    // The players, playlists, alerts and rundown pages with something in them: a player with a
    // child, a playlist, an alert, a show today and a clock hour.
    const item = await seedMedia(run, 'Top of the hour', 2);
    const { client } = await adminApi(run);
    const playlist = await client.playlists.playlistCreate({ name: 'Hour', description: 'Every hour', items: [{ type: 'media', media_id: item }, { type: 'dynamic', query: { mode: 'simple', string: 'hour' }, num_items: 2 }, { type: 'station_id' }] });
    const player = await client.scheduling.playerCreate({ name: 'Studio A', timezone: 'Europe/London', description: 'The main studio' });
    await client.scheduling.playerCreate({ name: 'Studio A Relay', timezone: 'Europe/London', parent_player_id: player.id, use_parent_schedule: true });
    const today = DateTime.now().setZone('Europe/London').toISODate()!;
    await client.scheduling.showCreate({ player_id: player.id, mode: 'once', start: `${today} 10:00:00`, duration: 3600, item_type: 'playlist', item_id: playlist.id });
    await client.scheduling.alertCreate({ name: 'Weather', player_id: player.id, item_id: item, frequency: 600, start: `${today} 08:00:00`, stop: `${today} 20:00:00` });
    // The clocks page's three tabs with something in them, and a clock hour in today's rundown (14:00).
    const songs = await client.scheduling.clockCategorySave({ id: 0, name: 'Hour songs', source: { kind: 'search', query: { mode: 'simple', string: 'hour' } } });
    const clock = await client.scheduling.clockSave({ id: 0, name: 'Top hour', slots: [{ kind: 'category', category_id: songs.id, count: 2 }, { kind: 'station_id' }] });
    await client.scheduling.formatSave({ id: player.id, grid: [{ weekday: DateTime.now().setZone('Europe/London').weekday, hour: 14, clock_id: clock.id }] });
  });
  afterAll(() => run?.stop());

  it('has no serious violation on the login page, on a phone too', async () => {
    const { page: phone } = await run.open(null, undefined, 390);
    await phone.getByRole('button', { name: 'Log in' }).waitFor();
    expect(await violations(phone)).toEqual([]);
    const { page } = await run.open(null, undefined, 1366);
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    expect(await violations(page)).toEqual([]);
    // The check itself finds what it should: an input without a label.
    await page.evaluate(() => document.querySelector('form')!.append(document.createElement('input')));
    expect((await violations(page)).join()).toMatch(/^label:/);
  });

  it("has no serious violation on a phone's day without shows (N9: the empty day's scroller)", async () => {
    const { page } = await run.open('admin', undefined, 390);
    await page.goto('/schedule');
    await page.locator('.fc-timegrid').waitFor();
    // Two days on: nothing is scheduled there, so the day's scroller holds nothing focusable.
    await page.locator('.fc-next-button').click();
    await page.locator('.fc-next-button').click();
    await page.waitForTimeout(300);
    expect(await page.locator('.fc-timegrid-event').count()).toBe(0);
    expect(await violations(page)).toEqual([]);
  });

  // Each theme on a laptop (1366 px) and a phone (390 px); the theme is the account's, set each time.
  for (const [width, theme] of [[1366, 'light'], [1366, 'dark'], [390, 'light'], [390, 'dark']] as const) {
    it(`has no serious violation on any page in the ${theme} theme at ${width} px`, async () => {
      const { page } = await run.open('admin', undefined, width);
      await page.goto('/settings');
      await choose(page, 'Theme', theme === 'dark' ? 'Dark' : 'Light');
      await page.getByRole('button', { name: 'Save settings' }).click();
      await page.getByText('Settings saved.').waitFor();
      const found: Record<string, string[]> = {};
      for (const path of pages) {
        await page.goto(path);
        await page.getByRole('heading', { level: 2 }).first().waitFor();
        await page.waitForTimeout(300);
        const list = await violations(page);
        if (list.length) found[path] = list;
      }
      expect(found).toEqual({});
    });
  }
});
