import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, axeViolations, browserAvailable, choose, screenshot, seedMedia, startConsole, type ConsoleRun } from './support';

describe.skipIf(!browserAvailable)('console: schedule', () => {
  let run: ConsoleRun;
  let page: Page;
  beforeAll(async () => {
    run = await startConsole();
    ({ page } = await run.open());
    await page.getByRole('link', { name: 'Schedule' }).click();
  });
  afterAll(() => run?.stop());

  const dialog = () => page.getByRole('dialog', { name: /on Studio A$/ });
  const playerDialog = () => page.getByRole('dialog', { name: 'New player' });
  async function goToWeek(date: string) {
    await page.getByLabel('Go to the week of').fill(date);
    await page.getByRole('button', { name: 'Go', exact: true }).click();
  }
  async function newLiveShow(date: string, time: string, mode: string) {
    await page.getByRole('button', { name: 'New show or timeslot' }).click();
    await dialog().getByLabel('Date').fill(date);
    await dialog().getByRole('textbox', { name: /^Time \(/ }).fill(time);
    await choose(page, 'Repeat', mode);
    await choose(page, 'What airs', 'Live (line-in)');
  }

  it('creates a player in London and a weekly show across the spring DST change, at 08:00 on both sides', async () => {
    await page.getByRole('button', { name: 'New player' }).click();
    await playerDialog().getByLabel('Name').fill('Studio A');
    await playerDialog().getByRole('combobox', { name: 'Time zone' }).fill('Europe/London');
    await page.getByRole('option', { name: 'Europe/London', exact: true }).click();
    await playerDialog().getByRole('button', { name: 'Create player' }).click();
    await page.getByText('Times are London time (Europe/London).').waitFor();

    await newLiveShow('2026-03-22', '08:00', 'Every week');
    await dialog().getByLabel('Last day (optional)').fill('2026-04-12');
    await expect(page.getByTestId('entry-summary').textContent()).resolves.toBe('This show airs every week on Sunday at 08:00 London time until 12 Apr 2026, for 1 hour, from 22 Mar 2026.');
    await dialog().getByRole('button', { name: 'Save show' }).click();
    await page.getByText('The show was saved.').waitFor();

    await goToWeek('2026-03-22');
    await page.getByLabel('Line-In, 08:00 - 09:00').waitFor();
    await goToWeek('2026-03-29');
    // The Sunday of the change has 23 hours, and the show is still at 08:00 local.
    await page.getByText('(23-hour day)').waitFor();
    await page.getByLabel('Line-In, 08:00 - 09:00').waitFor();
    await screenshot(page, 'schedule');
  });

  it('refuses a show that collides, naming what it overlaps, and keeps the dialog as typed', async () => {
    await newLiveShow('2026-03-29', '08:30', 'Once');
    await dialog().getByRole('button', { name: 'Save show' }).click();
    await dialog().getByRole('alert').filter({ hasText: /overlaps show \d+ at 29 Mar 2026, 08:00/ }).waitFor();
    await expect(dialog().getByRole('textbox', { name: /^Time \(/ }).inputValue()).resolves.toBe('08:30');
    await screenshot(page, 'schedule-collision');
    await dialog().getByRole('button', { name: 'Cancel' }).click();
  });

  it('makes a playlist show with its own name and colour; the calendar draws it so, with how much its playlist fills', async () => {
    const { client } = await adminApi(run);
    const songs = [await seedMedia(run, 'Drive Song One', 20), await seedMedia(run, 'Drive Song Two', 40)];
    await client.playlists.playlistCreate({ name: 'Evening Mix', status: 'public', items: songs.map((media_id) => ({ type: 'media', media_id })) } as never);

    // A week with a show in it (axe asks an empty calendar's scroller to take the focus).
    await goToWeek('2026-04-08');
    await page.getByRole('button', { name: 'New show or timeslot' }).click();
    await dialog().getByLabel('Date').fill('2026-04-08');
    await dialog().getByRole('textbox', { name: /^Time \(/ }).fill('18:00');
    await dialog().getByRole('textbox', { name: 'Length (minutes)' }).fill('30');
    await choose(page, 'What airs', 'A playlist');
    const playlistField = () => dialog().getByRole('combobox', { name: 'Playlist' }).or(dialog().getByRole('textbox', { name: 'Playlist' }));
    const colourField = () => dialog().getByRole('textbox', { name: 'Colour (optional)' }).or(dialog().getByRole('combobox', { name: 'Colour (optional)' }));
    await playlistField().fill('Evening');
    await page.getByRole('option', { name: 'Evening Mix', exact: true }).click();
    await dialog().getByLabel('Show name (optional)').fill('Drive Time');
    await colourField().fill('#c92a2a');
    await dialog().getByLabel('Description (optional)').fill('Home by six');
    await dialog().getByRole('heading').click(); // the colour's list of swatches closes
    await expect(axeViolations(page)).resolves.toEqual([]);
    await dialog().getByRole('button', { name: 'Save show' }).click();
    // (the first test's notice may still be shown beside this one)
    await page.getByText('The show was saved.').last().waitFor();

    const entry = page.getByLabel('Drive Time, 18:00 - 18:30');
    await entry.waitFor();
    // A half-hour entry's title is whole (N7): inside its box, not pushed out by its times.
    await expect(entry.getAttribute('class')).resolves.toContain('fc-timegrid-event-short');
    const outside = await entry.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const title = el.querySelector('.fc-event-title')!.getBoundingClientRect();
      return Math.max(title.bottom - box.bottom, title.right - box.right, box.left - title.left, 0);
    });
    expect(outside).toBeLessThanOrEqual(1);
    // A minute of songs in half an hour; the tooltip (its accessible description) says so.
    await expect(entry.getAttribute('title')).resolves.toBe('fills 1:00 of 30:00');
    const look = await entry.evaluate((el) => ({
      background: getComputedStyle(el).backgroundColor,
      text: getComputedStyle(el.querySelector('.fc-event-main')!).color,
      fill: Number(el.style.getPropertyValue('--entry-fill')),
    }));
    expect(look).toEqual({ background: 'rgb(201, 42, 42)', text: 'rgb(255, 255, 255)', fill: 60 / 1800 });

    // Opened again, the dialog has the show as saved: its playlist by name, its name and colour.
    await entry.click();
    await expect.poll(() => playlistField().inputValue()).toBe('Evening Mix');
    await expect(dialog().getByLabel('Show name (optional)').inputValue()).resolves.toBe('Drive Time');
    await expect(colourField().inputValue()).resolves.toBe('#c92a2a');
    await expect(dialog().getByLabel('Description (optional)').inputValue()).resolves.toBe('Home by six');
    await dialog().getByRole('button', { name: 'Cancel' }).click();

    // One occurrence of the weekly live show airs the playlist instead, and is named and filled by it.
    await goToWeek('2026-04-05');
    await page.getByLabel('Line-In, 08:00 - 09:00').click();
    await page.getByRole('dialog').getByText('This occurrence only', { exact: true }).click();
    await choose(page, 'What airs this time', 'A playlist');
    await page.getByRole('dialog').getByRole('combobox', { name: 'Playlist' }).or(page.getByRole('dialog').getByRole('textbox', { name: 'Playlist' })).fill('Evening');
    await page.getByRole('option', { name: 'Evening Mix', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Save this occurrence' }).click();
    await page.getByText('This occurrence was changed.').last().waitFor();
    const changed = page.getByLabel('Evening Mix, 08:00 - 09:00 (changed in this occurrence only)');
    await expect(changed.getAttribute('title')).resolves.toBe('fills 0:01:00 of 1:00:00; changed in this occurrence only');
  });
});
