// Playlists: search; a playlist made of media items found and added, a dynamic selection with its
// estimate, a station ID and a breakpoint; reordered by dragging and with the keyboard; deleting
// one in use refused, naming where it is used; OpenBroadcaster's voicetrack and custom items and
// the live-assist type, with the server's voicetrack rules said under the item.
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
  // Each row's name (its first line; a refusal under it is not part of it).
  const order = () => editor().getByTestId('playlist-item').locator('td:nth-child(2) > p:first-child').allTextContents();
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

  it('makes a voicetrack over the next item with its ducking, a custom item and a live-assist playlist; the server\'s rules said under the voicetrack', async () => {
    await page.getByRole('button', { name: 'New playlist' }).click();
    await editor().getByLabel('Name').fill('Voiced');
    await editor().getByText('Live assist', { exact: true }).click();
    await editor().getByRole('textbox', { name: 'Add a voicetrack' }).or(editor().getByRole('combobox', { name: 'Add a voicetrack' })).fill('Jingle Two');
    await page.getByRole('option', { name: 'Jingle Two' }).click();
    await expect.poll(order).toEqual(['Voicetrack: Jingle Two']);
    // Last in the playlist: OB's rule, the server's 400, under the voicetrack.
    await editor().getByRole('button', { name: 'Save playlist' }).click();
    await editor().getByRole('alert').filter({ hasText: 'Voicetracks cannot be the last item in a playlist.' }).first().waitFor();
    await addMedia('News Intro');
    const voiced = 'Voicetrack: Jingle Two';
    await editor().getByRole('textbox', { name: `Into the next item (s), ${voiced}` }).fill('0.5');
    await editor().getByRole('textbox', { name: `Music fades down (s), ${voiced}` }).fill('0.5');
    await editor().getByRole('textbox', { name: `Music under the voice (%), ${voiced}` }).fill('20');
    // The voice (1 s) with its offset and fades does not fit in the 4 s after it: said, not saved.
    await editor().getByRole('textbox', { name: `Music fades back (s), ${voiced}` }).fill('3');
    await editor().getByRole('button', { name: 'Save playlist' }).click();
    await editor().getByRole('alert').filter({ hasText: /does not fit|longer than/ }).first().waitFor();
    await editor().getByRole('textbox', { name: `Music fades back (s), ${voiced}` }).fill('1');
    await editor().getByRole('button', { name: 'Add a custom item' }).click();
    await editor().getByRole('textbox', { name: 'Custom item type, item 3' }).fill('traffic');
    expect(await order()).toEqual([voiced, 'News Intro', 'Custom item: traffic']);
    // the voice airs over News Intro: the playlist lasts News Intro's 4 s
    await expect(editor().getByTestId('playlist-total').textContent()).resolves.toBe('3 item(s), 0:04 in all');
    expect(await axeViolations(page)).toEqual([]);
    await editor().getByRole('button', { name: 'Save playlist' }).click();
    await page.getByText('Voiced was saved.').waitFor();

    const { client } = await adminApi(run);
    const id = (await client.playlists.playlistSearch({ q: 'Voiced' })).playlists[0]!.id;
    const saved = await client.playlists.playlistGet({ id });
    expect(saved.type).toBe('live_assist');
    expect(saved.items).toEqual([
      expect.objectContaining({ type: 'voicetrack', title: 'Jingle Two', voicetrack_offset: 0.5, voicetrack_fadeout_before: 0.5, voicetrack_volume: 0.2, voicetrack_fadein_after: 1 }),
      expect.objectContaining({ type: 'media', title: 'News Intro' }),
      expect.objectContaining({ type: 'custom', name: 'traffic' }),
    ]);
    await page.getByRole('button', { name: 'Edit Voiced' }).click();
    await expect.poll(order).toEqual([voiced, 'News Intro', 'Custom item: traffic']);
    expect(await editor().getByRole('textbox', { name: `Music under the voice (%), ${voiced}` }).inputValue()).toBe('20');
    await editor().getByRole('button', { name: 'Cancel' }).click();
  });
});
