// Music scheduling (issue 45) through the console: categories from search words and from filters,
// with the songs they find; a clock made slot by slot, its hour on the wheel's list, the warnings
// its save answers, then mended; a player's grid painted (a whole hour of the week, a drag, a key)
// and its rotation rules; the rundown's clock hour with its warnings, why each song, and a song
// replaced by one the rules allow. What the API stored is read back each time.
import type { Locator, Page } from 'playwright-core';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, axeViolations, browserAvailable, choose, go, screenshot, seedMedia, startConsole, type ConsoleRun } from './support';

describe.skipIf(!browserAvailable)('console: clocks', () => {
  let run: ConsoleRun;
  let page: Page;
  let playerId: number;
  const songs: Record<string, number> = {};
  beforeAll(async () => {
    run = await startConsole();
    for (const letter of ['A', 'B', 'C', 'D', 'E']) songs[`Hit ${letter}`] = await seedMedia(run, `Hit ${letter}`, 150, { artist: `Artist ${letter}` });
    await seedMedia(run, 'News', 30, { artist: 'Newsroom' });
    const { client } = await adminApi(run);
    playerId = (await client.scheduling.playerCreate({ name: 'Clock FM', timezone: 'UTC' })).id;
    ({ page } = await run.open());
    await go(page, 'Clocks');
  });
  afterAll(() => run?.stop());

  const api = async () => (await adminApi(run)).client;

  async function newCategory(name: string, fill: (dialog: Locator) => Promise<void>, found: string) {
    await page.getByRole('button', { name: 'New category' }).click();
    const dialog = page.getByRole('dialog', { name: 'New category' });
    await dialog.getByLabel('Name').fill(name);
    await fill(dialog);
    await dialog.getByRole('button', { name: 'Save category' }).click();
    await dialog.getByRole('status').getByText(found).waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('table', { name: 'Categories' }).getByText(name, { exact: true }).waitFor();
  }

  it('makes categories from search words and from filters, each saying how many songs it finds', async () => {
    await page.getByRole('tab', { name: 'Categories' }).click();
    await page.getByText('No categories yet.').waitFor();
    await newCategory('Hits', (d) => d.getByRole('textbox', { name: 'Search words' }).fill('Hit'), 'It finds 5 song(s) that may air now.');
    await newCategory('Polka', (d) => d.getByRole('textbox', { name: 'Search words' }).fill('polka'), 'It finds no song that may air now: a clock drawing on it will say so.');
    await newCategory(
      'Artist A only',
      async (d) => {
        await d.getByRole('radio', { name: 'Search filters' }).check();
        await choose(page, 'Filter 1 field', 'Artist');
        await d.getByRole('textbox', { name: 'Filter 1 value' }).fill('Artist A');
      },
      'It finds 1 song(s) that may air now.',
    );
    const rows = await page.getByRole('table', { name: 'Categories' }).locator('tbody tr').allTextContents();
    expect(rows).toEqual([expect.stringMatching(/^Hits.*search: Hit/), expect.stringMatching(/^Polka.*search: polka/), expect.stringMatching(/^Artist A only.*Artist is Artist A/)]);
    const stored = await (await api()).scheduling.clockCategories({});
    expect(stored.map((c) => [c.name, c.source])).toEqual([
      ['Hits', { kind: 'search', query: { mode: 'simple', string: 'Hit' } }],
      ['Polka', { kind: 'search', query: { mode: 'simple', string: 'polka' } }],
      ['Artist A only', { kind: 'search', query: { mode: 'advanced', filters: [{ filter: 'artist', op: 'eq', val: 'Artist A' }] } }],
    ]);
    // The tab is in the address: a reload opens it again.
    await page.reload();
    await page.getByRole('table', { name: 'Categories' }).getByText('Polka', { exact: true }).waitFor();
  });

  it('makes a clock slot by slot, shows its hour, and says what the hour cannot do', async () => {
    await page.getByRole('tab', { name: 'Clocks' }).click();
    await page.getByRole('button', { name: 'New clock' }).click();
    const dialog = page.getByRole('dialog', { name: 'New clock' });
    const hour = () => dialog.getByTestId('clock-hour').locator('li').allTextContents();
    await dialog.getByLabel('Name').fill('Morning');
    await dialog.getByRole('button', { name: 'Add songs from a category' }).click();
    await choose(page, 'Slot 1: category', 'Hits');
    await dialog.getByLabel('Slot 1: songs').fill('2');
    await dialog.getByRole('button', { name: 'Add a station ID' }).click();
    await dialog.getByRole('button', { name: 'Add songs from a category' }).click();
    await choose(page, 'Slot 3: category', 'Polka');
    await expect.poll(hour).toEqual(['00:00–07:00 Hits: 2 song(s)', '07:00–07:10 Station ID', '07:10–10:40 Polka: 1 song(s)', '10:40–60:00 Nothing airs (no fill category)']);
    // A fixed event at :30: the wheel places it there, for its item's own length (30 s).
    await dialog.getByRole('button', { name: 'Add a fixed event' }).click();
    const fixed = dialog.getByTestId('clock-slot').nth(3);
    await fixed.getByRole('textbox', { name: 'Media item' }).or(fixed.getByRole('combobox', { name: 'Media item' })).fill('News');
    await page.getByRole('option', { name: 'News' }).click();
    await expect.poll(hour).toEqual(['00:00–07:00 Hits: 2 song(s)', '07:00–07:10 Station ID', '07:10–10:40 Polka: 1 song(s)', '10:40–30:00 Nothing airs (no fill category)', '30:00–30:30 Fixed event: News', '30:30–60:00 Nothing airs (no fill category)']);
    await dialog.getByRole('button', { name: 'Remove: 4. Fixed event at :30' }).click();
    // Reordered with the buttons, and back.
    await dialog.getByRole('button', { name: 'Move up: 2. Station ID' }).click();
    await expect.poll(hour).toEqual(['00:00–00:10 Station ID', '00:10–07:10 Hits: 2 song(s)', '07:10–10:40 Polka: 1 song(s)', '10:40–60:00 Nothing airs (no fill category)']);
    await dialog.getByRole('button', { name: 'Move down: 1. Station ID' }).click();

    await dialog.getByRole('button', { name: 'Save clock' }).click();
    const result = dialog.getByRole('status');
    await result.getByText('Saved. An hour of it cannot do everything:').waitFor();
    await result.getByText('slot 3: the category “Polka” has no song that may air').waitFor();
    await result.getByText(/^the hour runs \d+ s short of 3600 s$/).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // The whole dialog in the picture: the wheel, the slots and the warnings.
    await page.setViewportSize({ width: 1280, height: 1500 });
    await screenshot(page, 'clock-editor', { notices: false });
    await page.setViewportSize({ width: 1280, height: 800 });

    // Mended: the polka slot removed, the hour filled from Hits.
    await dialog.getByRole('button', { name: 'Remove: 3. Polka' }).click();
    await choose(page, 'Fill category', 'Hits');
    await expect.poll(hour).toEqual(['00:00–07:00 Hits: 2 song(s)', '07:00–07:10 Station ID', '07:10–60:00 Fill: Hits']);
    await dialog.getByRole('button', { name: 'Save clock' }).click();
    await result.getByText('Saved. The hour fills.').waitFor();
    const [clock] = await (await api()).scheduling.clockSearch({});
    expect(clock).toMatchObject({ name: 'Morning', target_seconds: 3600, overrun: 'fade_last', slots: [{ kind: 'category', count: 2, seconds: null }, { kind: 'station_id' }] });
    // For the rundown below: a short hour again (two songs and the station ID), without the fill.
    await choose(page, 'Fill category', 'None');
    await dialog.getByRole('button', { name: 'Save clock' }).click();
    await result.getByText(/^the hour runs \d+ s short of 3600 s$/).waitFor();
    expect((await (await api()).scheduling.clockGet({ id: clock!.id })).fill_category_id).toBeNull();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('table', { name: 'Clocks' }).getByText('Morning').waitFor();
  });

  it("paints a player's grid and sets its rotation rules", async () => {
    await page.getByRole('tab', { name: 'Player formats' }).click();
    const grid = page.getByRole('table', { name: 'Clock grid' });
    await grid.waitFor();
    await choose(page, 'Clock to place', 'Morning');
    await grid.getByRole('button', { name: 'Place Morning at 10:00 every day' }).click();
    await grid.getByRole('button', { name: 'Sunday 10:00: Morning' }).waitFor();
    // A drag down Monday from 14:00 to 16:00 paints the three hours.
    const box = async (name: string) => (await grid.getByRole('button', { name }).boundingBox())!;
    const centre = (name: string) => grid.getByRole('button', { name }).evaluate((cell) => cell.scrollIntoView({ block: 'center' }));
    await centre('Monday 15:00: no clock');
    const [from, to] = [await box('Monday 14:00: no clock'), await box('Monday 16:00: no clock')];
    await page.mouse.move(from.x + 5, from.y + 5);
    await page.mouse.down();
    await page.mouse.move(to.x + 5, to.y + 5, { steps: 8 });
    await page.mouse.up();
    await grid.getByRole('button', { name: 'Monday 15:00: Morning' }).waitFor();
    await page.getByRole('button', { name: 'Save the grid' }).click();
    await page.getByText('The grid of Clock FM was saved.').waitFor();
    const cells = async () => (await (await api()).scheduling.formatGet({ id: playerId })).grid.map((c) => `${c.weekday}:${c.hour}`).sort();
    expect(await cells()).toEqual(['1:10', '1:14', '1:15', '1:16', '2:10', '3:10', '4:10', '5:10', '6:10', '7:10']);
    // Taken off again: one hour with the keyboard, the others by a drag.
    await choose(page, 'Clock to place', 'No clock (remove)');
    await grid.getByRole('button', { name: 'Monday 14:00: Morning' }).press('Enter');
    await grid.getByRole('button', { name: 'Monday 14:00: no clock' }).waitFor();
    await centre('Monday 15:00: Morning');
    const [again, last] = [await box('Monday 15:00: Morning'), await box('Monday 16:00: Morning')];
    await page.mouse.move(again.x + 5, again.y + 5);
    await page.mouse.down();
    await page.mouse.move(last.x + 5, last.y + 5, { steps: 5 });
    await page.mouse.up();
    await page.getByRole('button', { name: 'Save the grid' }).click();
    await expect.poll(cells).toEqual(['1:10', '2:10', '3:10', '4:10', '5:10', '6:10', '7:10']);

    await page.getByLabel('Artist separation (minutes)').fill('90');
    await page.getByLabel('Plays of a song per day, at most').fill('3');
    await page.getByRole('checkbox', { name: 'artist separation', exact: true }).check();
    await page.getByRole('button', { name: 'Give up later: album separation' }).click();
    await page.getByRole('button', { name: 'Save the rules' }).click();
    await page.getByText('The rules of Clock FM were saved.').waitFor();
    const { rules } = await (await api()).scheduling.formatGet({ id: playerId });
    expect({ ...rules, hard: [...rules.hard].sort() }).toEqual({ artist_minutes: 90, title_minutes: 180, album_minutes: 0, plays_per_day: 3, category_in_row: false, hard: ['artist', 'title'], relax_order: ['category_in_row', 'album', 'plays_per_day'] });
    expect(await axeViolations(page)).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'clock-grid', { notices: false });
  });

  it('shows a clock hour in the rundown: its warnings, why each song, and a song replaced', async () => {
    const tomorrow = DateTime.utc().plus({ days: 1 }).toISODate()!;
    await go(page, 'Rundown');
    await page.getByLabel('Day', { exact: true }).fill(tomorrow);
    // The clock's part of the hour: its two songs (the rest of it is short, and no default playlist fills it).
    const block = page.getByRole('region', { name: /^10:00:00 – 10:05:00 Morning/ });
    await page.getByText(/^Clock FM on .*, in UTC time: 0 show\(s\) and 1 clock hour\(s\)\.$/).waitFor();
    await block.getByText('(clock)').waitFor();
    await block.getByText('slot 2: the player has no station ID').waitFor();
    const rows = block.getByRole('table').locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(2);
    const why = async (row: number) => rows.nth(row).locator('td').last().textContent();
    expect(await why(0)).toBe('Slot 1, from Hits.Keeps every rule.Replace');
    expect(await why(1)).toBe('Slot 1, from Hits.Keeps every rule.Replace');
    const planned = [await rows.nth(0).locator('td').nth(3).textContent(), await rows.nth(1).locator('td').nth(3).textContent()];

    await rows.nth(0).getByRole('button', { name: /^Replace / }).click();
    const dialog = page.getByRole('dialog', { name: `Replace ${planned[0]}` });
    const offered = dialog.getByRole('table', { name: 'Songs that may air here' }).locator('tbody tr');
    // The five hits but the two the hour plays (the other is within the title and artist separations).
    await expect.poll(() => offered.count()).toBe(3);
    const titles = (await offered.locator('td:first-child').allTextContents()).map((text) => text.replace(/^Artist . - /, ''));
    expect(titles.some((title) => planned.some((p) => p?.endsWith(title)))).toBe(false);
    await screenshot(page, 'rundown-clock-replace', { notices: false });
    await dialog.getByRole('button', { name: `Air ${titles[0]} here` }).click();
    await page.getByText(`${titles[0]} airs there now.`).waitFor();
    await expect.poll(() => rows.nth(0).locator('td').nth(3).textContent()).toMatch(new RegExp(`${titles[0]}$`));
    expect(await why(0)).toBe('Put here by hand, in place of a song from Hits.Keeps every rule.Replace');

    const answer = await (await api()).scheduling.playerRundown({ id: playerId, start: `${tomorrow} 10:00:00`, end: `${tomorrow} 11:00:00` });
    const hourBlock = answer.find((b) => b.kind === 'clock')!;
    expect(hourBlock.items[0]).toMatchObject({ media_id: songs[titles[0]!], rotation: { slot: 1, replaced: true } });
    await screenshot(page, 'rundown-clock', { notices: false });
  });

  it('lets a user without manage_players read the clocks, the grid and the rules, and change nothing', async () => {
    const client = await api();
    const group = await client.users.groupCreate({ name: 'Listeners', permissions: [] });
    await client.users.create({ username: 'reader', password: 'reader-password', group_ids: [group.id] });
    const { page: theirs } = await run.open('reader', 'reader-password');
    await go(theirs, 'Clocks');
    await theirs.getByRole('button', { name: 'Open Morning' }).click();
    const dialog = theirs.getByRole('dialog', { name: 'Edit clock Morning' });
    await expect.poll(() => dialog.getByTestId('clock-hour').locator('li').allTextContents()).toEqual(['00:00–07:00 Hits: 2 song(s)', '07:00–07:10 Station ID', '07:10–60:00 Nothing airs (no fill category)']);
    expect(await dialog.getByRole('button', { name: 'Save clock' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Done' }).click();
    expect(await theirs.getByRole('button', { name: 'New clock' }).count()).toBe(0);
    await theirs.getByRole('tab', { name: 'Categories' }).click();
    await theirs.getByRole('table', { name: 'Categories' }).getByText('Hits').waitFor();
    expect(await theirs.getByRole('button', { name: /^(New category|Edit Hits)$/ }).count()).toBe(0);
    await theirs.getByRole('tab', { name: 'Player formats' }).click();
    const grid = theirs.getByRole('table', { name: 'Clock grid' });
    await grid.getByText('Morning').first().waitFor();
    expect(await grid.getByRole('button').count()).toBe(0);
    expect(await theirs.getByRole('button', { name: /^Save the (grid|rules)$/ }).count()).toBe(0);
    expect(await theirs.getByLabel('Artist separation (minutes)').inputValue()).toBe('90');
    // And the server refuses what is not offered.
    const { createClient } = await import('@airwave/client');
    const reader = createClient({ baseUrl: run.url });
    await reader.login('reader', 'reader-password');
    await expect(reader.scheduling.formatSave({ id: playerId, grid: [] })).rejects.toMatchObject({ status: 403 });
  });
});
