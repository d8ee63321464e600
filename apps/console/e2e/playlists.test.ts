// Playlists: search; a playlist made of media items found and added, a dynamic selection with its
// estimate, a station ID and a breakpoint; reordered by dragging and with the keyboard; deleting
// one in use refused, naming where it is used.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, axeViolations, browserAvailable, screenshot, seedMedia, startConsole, type ConsoleRun } from './support';

describe.skipIf(!browserAvailable)('console: playlists', () => {
  let run: ConsoleRun;
  let page: Page;
  beforeAll(async () => {
    run = await startConsole();
    for (const [title, seconds] of [['Morning Jingle', 2], ['Jingle Two', 1], ['Weather Bed', 3], ['News Intro', 4]] as const) await seedMedia(run, title, seconds);
    ({ page } = await run.open());
    await page.getByRole('link', { name: 'Playlists' }).click();
  });
  afterAll(() => run?.stop());

  const editor = () => page.getByRole('dialog', { name: /playlist/i });
  const order = () => editor().getByTestId('playlist-item').locator('td:nth-child(2) > p').allTextContents();
  /** Adds an item as a user does: finds it, picks it, and sees it in the list before the next one. */
  async function addMedia(title: string) {
    const before = (await order()).length;
    await editor().getByRole('textbox', { name: 'Add a media item' }).or(editor().getByRole('combobox', { name: 'Add a media item' })).fill(title);
    await page.getByRole('option', { name: title }).click();
    await expect.poll(async () => (await order()).slice(before)).toEqual([title]);
  }

  it('makes a playlist: media found and added, a dynamic selection with its estimate, a station ID and a breakpoint, reordered', async () => {
    await page.getByRole('button', { name: 'New playlist' }).click();
    await editor().getByLabel('Name').fill('Breakfast');
    await editor().getByLabel('Description').fill('Weekday mornings');
    // A station's playlists are shared unless made private (N8): a new one is visible to everyone.
    expect(await editor().getByRole('textbox', { name: 'Who sees it' }).or(editor().getByRole('combobox', { name: 'Who sees it' })).inputValue()).toBe('Visible (everyone sees it)');
    for (const title of ['Morning Jingle', 'Weather Bed', 'News Intro']) await addMedia(title);
    await editor().getByRole('button', { name: 'Add a dynamic selection' }).click();
    await editor().getByLabel('Search words').fill('Jingle');
    await editor().getByLabel('How many').fill('2');
    await expect.poll(() => editor().getByTestId('dynamic-estimate').textContent()).toBe('Finds 2 now: airs 2, 0:03');
    await editor().getByRole('button', { name: 'Add a station ID' }).click();
    await editor().getByRole('button', { name: 'Add a breakpoint' }).click();
    expect(await order()).toEqual(['Morning Jingle', 'Weather Bed', 'News Intro', 'Dynamic: Jingle', 'Station ID', 'Breakpoint']);
    await expect(editor().getByTestId('playlist-total').textContent()).resolves.toBe('6 item(s), 0:12 in all');

    // Dragged: News Intro to the top.
    const rows = editor().getByTestId('playlist-item');
    await rows.nth(2).dragTo(rows.nth(0));
    expect(await order()).toEqual(['News Intro', 'Morning Jingle', 'Weather Bed', 'Dynamic: Jingle', 'Station ID', 'Breakpoint']);
    // With the keyboard: the breakpoint up one, announced.
    await editor().getByRole('button', { name: 'Move up: 6. Breakpoint' }).focus();
    await page.keyboard.press('Enter');
    await editor().getByText('Breakpoint moved to position 5 of 6.').waitFor();
    expect(await order()).toEqual(['News Intro', 'Morning Jingle', 'Weather Bed', 'Dynamic: Jingle', 'Breakpoint', 'Station ID']);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'playlist-editor', { notices: false });
    await editor().getByRole('button', { name: 'Save playlist' }).click();
    await page.getByText('Breakfast was saved.').waitFor();

    await page.getByRole('button', { name: 'Edit Breakfast' }).click();
    await expect.poll(order).toEqual(['News Intro', 'Morning Jingle', 'Weather Bed', 'Dynamic: Jingle', 'Breakpoint', 'Station ID']);
    await expect.poll(() => editor().getByTestId('dynamic-estimate').textContent()).toBe('Finds 2 now: airs 2, 0:03');
    await editor().getByRole('button', { name: 'Remove: 3. Weather Bed' }).click();
    await editor().getByRole('button', { name: 'Save playlist' }).click();
    await page.getByText('Breakfast was saved.').last().waitFor();
    const { client } = await adminApi(run);
    const saved = await client.playlists.playlistSearch({ q: 'Breakfast' });
    const full = await client.playlists.playlistGet({ id: saved.playlists[0]!.id });
    expect(full.items.map((i) => i.type)).toEqual(['media', 'media', 'dynamic', 'breakpoint', 'station_id']);
  });

  it('searches playlists by their words', async () => {
    await page.getByRole('button', { name: 'New playlist' }).click();
    await editor().getByLabel('Name').fill('Evening');
    await editor().getByRole('button', { name: 'Save playlist' }).click();
    await page.getByText('Evening was saved.').waitFor();
    await page.getByRole('textbox', { name: 'Search playlists' }).fill('mornings');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText('1 playlist(s)').waitFor();
    await expect(page.getByRole('table', { name: 'Playlists' }).textContent()).resolves.toContain('Breakfast');
    await page.getByRole('textbox', { name: 'Search playlists' }).fill('');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText('2 playlist(s)').waitFor();
    await screenshot(page, 'playlists', { notices: false });
  });

  it('refuses to delete a playlist in use, saying where it is used, and deletes one that is not', async () => {
    const { client } = await adminApi(run);
    const breakfast = (await client.playlists.playlistSearch({ q: 'Breakfast' })).playlists[0]!;
    await client.scheduling.playerCreate({ name: 'Studio B', timezone: 'Europe/London', default_playlist_id: breakfast.id });
    await page.getByRole('button', { name: 'Delete Breakfast' }).click();
    await page.getByRole('dialog', { name: 'Delete Breakfast?' }).getByRole('button', { name: 'Delete playlist' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'is in use' });
    await alert.getByRole('list', { name: 'Where it is used' }).getByText('The default playlist of Studio B').waitFor();
    await page.getByRole('button', { name: 'Delete Evening' }).click();
    await page.getByRole('dialog', { name: 'Delete Evening?' }).getByRole('button', { name: 'Delete playlist' }).click();
    await page.getByText('Evening was deleted.').waitFor();
    await page.getByText('1 playlist(s)').waitFor();
  });
});
